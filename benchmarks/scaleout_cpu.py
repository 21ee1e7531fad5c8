#!/usr/bin/env python3
"""CPU seconds per mission of ``scout batch``'s job (``run_mission_job``), measured in one
process: a CPU-time figure that a loaded machine does not distort (wall time does).

N missions of the scale-out benchmark's batch pipeline (its query, one paid Tavily
search, a cheap report; 30% of the queries shared) run one after another on this thread,
exactly as a Dask worker runs them (``scout.dist.jobs.run_mission_job``). The capped fake
provider answers from a child process with no latency and a cap far above the calls, and
redis (with ``--backend redis``) is its own process too, so this process's CPU time
(``time.process_time``: every thread of it) is the missions' own. The first
``--warmup`` missions are left out (imports, first-use caches), as on a long-lived worker.

    python benchmarks/scaleout_cpu.py                      # 200 missions, local backend
    python benchmarks/scaleout_cpu.py --backend redis      # the redis quota backend
    python benchmarks/scaleout_cpu.py --profile 25         # + the top 25 of cProfile (CPU)
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")


def _serve(conn: Any, rate: float, burst: int) -> None:
    from benchmarks.scaleout_lib.provider import CappedTavily

    with CappedTavily(rate, burst, latency_s=0.0) as provider:
        conn.send(provider.env())
        conn.recv()  # until the parent is done
        conn.send({"received": provider.received, "paid": sum(provider.paid.values())})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--missions", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--backend", choices=("local", "redis"), default="local")
    ap.add_argument("--profile", type=int, metavar="N", default=0,
                    help="print the top N functions by cumulative CPU time")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)

    import csv

    from benchmarks.scaleout import MISSION_PIPELINE, write_root
    from benchmarks.scaleout_lib.steps import mission_queries

    parent, child = mp.get_context("fork").Pipe()
    proc = mp.get_context("fork").Process(target=_serve, args=(child, 1e6, 10**6),
                                          daemon=True)
    proc.start()
    os.environ.update(parent.recv())
    server = None
    with tempfile.TemporaryDirectory(prefix="scaleout-cpu-") as tmp:
        root = Path(tmp)
        backend = "local"
        if a.backend == "redis":
            from tests.dist.redis_server import RedisServer

            server = RedisServer.start(root / "redis")
            backend = server.url
        try:
            cfg, pipe = write_root(root, {"kind": "local"}, backend, 1000.0, 1000, True, 16)
            pipe.write_text(MISSION_PIPELINE, encoding="utf-8")
            queries = root / "queries.csv"
            n = a.missions + a.warmup
            with queries.open("w", encoding="utf-8", newline="") as fh:
                w = csv.writer(fh)
                w.writerow(["query", "mission_id"])
                w.writerows([q, f"m{i:05d}"] for i, q in enumerate(mission_queries(n)))
            from scout.batch.inputs import missions_from_queries
            from scout.dist.jobs import run_mission_job

            entries = missions_from_queries(pipe, queries, runs_dir=str(root / "runs"),
                                            config=str(cfg), root=root)
            for e in entries[:a.warmup]:
                run_mission_job(e.job)
            prof = None
            if a.profile:
                import cProfile

                prof = cProfile.Profile(time.process_time)
                prof.enable()
            cpu0, wall0 = time.process_time(), time.perf_counter()
            bad = [r for r in (run_mission_job(e.job) for e in entries[a.warmup:])
                   if r.status != "succeeded"]
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
            if prof is not None:
                prof.disable()
        finally:
            if server is not None:
                server.stop()
            parent.send("done")
            counts = parent.recv()
            proc.join(5)
    doc = {"missions": a.missions, "backend": a.backend,
           "cpu_s_per_mission": round(cpu / a.missions, 5),
           "wall_s_per_mission": round(wall / a.missions, 5), "failed": len(bad),
           "provider": counts, "loadavg": round(os.getloadavg()[0], 2)}
    if bad:
        doc["first_failure"] = bad[0].error
    if a.json:
        print(json.dumps(doc))
    else:
        print(f"{a.missions} missions ({a.backend} backend), after {a.warmup} warm-up: "
              f"{doc['cpu_s_per_mission'] * 1000:.1f} ms CPU per mission "
              f"({doc['wall_s_per_mission'] * 1000:.1f} ms wall at load {doc['loadavg']}); "
              f"{len(bad)} failed")
    if prof is not None:
        import pstats

        pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(a.profile)
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
