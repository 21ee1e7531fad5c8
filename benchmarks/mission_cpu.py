"""A mission's own CPU: offline runs of example kinds, this tree against another commit.

Each example kind's test (``tests/kinds``) makes a few offline missions with
``scout.testing`` (a fake world of provider answers on 127.0.0.1), and a lab running
thousands of missions a night pays the same CPU per mission. This script runs the first
``--runs`` requests of each kind's ``RUNS`` table, one after another in one fresh process
(as a test module's fixture does), and reads the process's CPU time (every thread's) per
mission; it does the same with a copy of ``--against`` (``git archive``), alternating the
two processes ``--repeat`` times on the same machine, and prints the medians and their
ratio (against / this tree: above 1 is faster here).

CPU rather than wall time: on a shared machine a mission's wall time is mostly waiting for
a CPU; CPU time is what the mission itself costs. ``first`` is the process's first mission
(imports, catalogs, the first compile of each pattern and template), ``later`` the sum of
the others, ``process`` all of the process's CPU (imports included).

    python benchmarks/mission_cpu.py --against <commit> [--kinds tutors,boats,flats]
                                     [--runs 2] [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _worker(kinds: list[str], runs: int) -> dict[str, Any]:
    """In the tree at the current directory: the kinds' missions, one after another."""
    import datetime as dt
    import importlib
    import io
    import resource
    from contextlib import redirect_stderr, redirect_stdout

    sys.path.insert(0, os.getcwd())
    from tests.kinds import run_kind

    missions = []
    for kind in kinds:
        module = importlib.import_module(f"tests.kinds.test_{kind}")
        today: dt.date | None = getattr(module, "TODAY", None)
        for key, (query, listings) in list(module.RUNS.items())[:runs]:
            with tempfile.TemporaryDirectory() as folder, \
                    redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                cpu, wall = time.process_time(), time.perf_counter()
                run_kind(module.KIND, Path(folder), query, listings, today=today)
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            missions.append({"kind": kind, "key": key, "cpu_s": cpu, "wall_s": wall})
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"missions": missions, "process_cpu_s": usage.ru_utime + usage.ru_stime}


def _side(tree: Path, kinds: list[str], runs: int) -> dict[str, Any]:
    """One fresh process's figures in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker",
                          "--kinds", ",".join(kinds), "--runs", str(runs)],
                         cwd=tree, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"the missions failed in {tree}:\n{out.stderr[-3000:]}")
    doc: dict[str, Any] = json.loads(out.stdout)
    cpus = [m["cpu_s"] for m in doc["missions"]]
    return {"first": cpus[0], "later": sum(cpus[1:]), "missions": sum(cpus),
            "process": doc["process_cpu_s"], "per_mission": doc["missions"]}


def _load() -> float:
    return os.getloadavg()[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", default="HEAD",
                    help="the commit to compare with (default: HEAD, the last commit)")
    ap.add_argument("--kinds", default="tutors,boats,flats",
                    help="example kinds whose tests/kinds/test_<kind>.py has a RUNS table")
    ap.add_argument("--runs", type=int, default=2, help="requests per kind (default 2)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="processes per side, alternated (default 3)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    kinds = [k for k in args.kinds.split(",") if k]
    if args.worker:
        print(json.dumps(_worker(kinds, args.runs)))
        return
    with tempfile.TemporaryDirectory() as base:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against],
                                 capture_output=True, check=False)
        if archive.returncode != 0:
            raise SystemExit(f"git archive {args.against}: {archive.stderr.decode()[-500:]}")
        subprocess.run(["tar", "-x", "-C", base], input=archive.stdout, check=True)
        load = [_load()]
        sides: dict[str, list[dict[str, Any]]] = {"against": [], "this": []}
        for _ in range(args.repeat):
            sides["against"].append(_side(Path(base), kinds, args.runs))
            sides["this"].append(_side(ROOT, kinds, args.runs))
            load.append(_load())
    figures = {}
    for what in ("first", "later", "missions", "process"):
        a = statistics.median(s[what] for s in sides["against"])
        t = statistics.median(s[what] for s in sides["this"])
        figures[what] = {"against_cpu_s": round(a, 3), "this_cpu_s": round(t, 3),
                         "ratio": round(a / t, 3) if t else None}
    doc = {"against": args.against, "kinds": kinds, "runs_per_kind": args.runs,
           "repeat": args.repeat, "load": [round(x, 2) for x in load], "cpu": figures}
    if args.json:
        print(json.dumps(doc, indent=2))
        return
    print(f"{len(kinds)} kinds x {args.runs} offline missions in one process, "
          f"{args.repeat} processes a side, median CPU; load {doc['load']}")
    print(f"{'':10} {args.against[:12]:>12} {'this tree':>12} {'ratio':>7}")
    for what, row in figures.items():
        print(f"{what:10} {row['against_cpu_s']:>11.2f}s {row['this_cpu_s']:>11.2f}s "
              f"{row['ratio']:>6.2f}x")


if __name__ == "__main__":
    main()
