#!/usr/bin/env python3
"""Scale-out: N missions' paid searches against ONE globally capped provider, side by side:
one process (threads), 2 Dask worker processes sharing a redis quota backend, the same with
one worker SIGKILLed mid-run, and the same with the one-payer claims off.

``--variant batch`` (the issue's shape): N real missions of ``scout batch apply`` (one row
of a queries file each; each mission its own run folder, state and phases: its query,
one paid Tavily search, a cheap report), whole missions on the executor. ``--variant
fanout``: each mission is one item of a fan-out of ONE ``scout apply`` (only the paid
calls' scheduling is measured). 30% of the missions ask a query other missions ask too.
The provider (127.0.0.1, ``SCOUTE_TAVILY_BASE_URL``) answers 429 above its cap and counts
what it was paid for per query. The floor is unique paid calls / the cap: ``ratio`` is
wall / floor of the redis scenario. Starts its own redis-server on a free loopback port
(or uses ``--redis URL``) and stops it.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")

import yaml  # noqa: E402

from benchmarks.scaleout_lib.provider import CappedTavily  # noqa: E402
from benchmarks.scaleout_lib.steps import mission_queries  # noqa: E402

STEPS = "python:benchmarks.scaleout_lib.steps"
PIPELINE = f"""apiVersion: scout/v1
kind: Pipeline
name: scaleout
phases:
  M: {{uses: "{STEPS}:missions", with: {{n: N}}, produces: [missions]}}
  S: {{uses: search, needs: [missions], for_each: missions, as: item, chain: web,
      with: {{query: "{{{{ item.q }}}}", limit: 3}}, produces: [found]}}
  R: {{uses: "{STEPS}:report", needs: [found], produces: [report]}}
"""
# the batch variant: one mission per row of the queries file, its own query searched
MISSION_PIPELINE = f"""apiVersion: scout/v1
kind: Pipeline
name: scaleout-mission
phases:
  Q: {{uses: "{STEPS}:asked", produces: [asked]}}
  S: {{uses: search, needs: [asked], for_each: asked, as: item, chain: web,
      with: {{query: "{{{{ item.q }}}}", limit: 3}}, produces: [found]}}
  R: {{uses: "{STEPS}:report", needs: [found], produces: [report]}}
"""


def write_root(root: Path, executor: dict, backend: str, per_s: float, burst: int,
               claims: bool, max_workers: int, headroom: float = 1.0) -> tuple[Path, Path]:
    tavily = {"type": "tavily", "base_url": "https://api.tavily.com",
              "credentials": {"env": "TAVILY_API_KEY"}, "search_depth": "basic",
              "include_usage": True, "rate": {"per_minute": per_s * 60, "burst": burst},
              "retry": {"attempts": 3},
              "tariff": {"per_credit": 0.008, "as_of": "2026", "source": "benchmark"}}
    doc = {"apiVersion": "scout/v1", "kind": "Config", "max_workers": max_workers,
           "executor": executor, "adapters": {"tavily": tavily}, "chains": {"web": ["tavily"]},
           "quota": {"backend": backend, "claims": claims, "headroom": headroom}}
    (root / "config").mkdir(parents=True, exist_ok=True)
    cfg = root / "config" / "adapters.yaml"
    cfg.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return cfg, root / "p.yaml"


def journal_check(runtime: Path, paid: Counter[str]) -> tuple[bool, int, int]:
    """Every call the provider was paid for is in the journal once: answered (``ok``) or
    in doubt (a ``sent`` line whose answer never came: its worker died)."""
    from scout.providers.in_doubt import scan_in_doubt
    from scout.providers.journal import iter_journal
    def q(e: dict) -> str:
        return str((e.get("request") or {}).get("query"))
    ok = Counter(q(e) for e in iter_journal(runtime)
                 if e.get("adapter") == "tavily" and e.get("result") == "ok")
    doubt = scan_in_doubt(runtime)
    doubt_q = Counter(q(line) for line in doubt.lines)
    # a query paid more often than answered + in doubt: paid twice with nothing marked
    silent = sum(max(0, c - 1 - doubt_q[k]) for k, c in paid.items())
    return ok + doubt_q == paid, sum(ok.values()), doubt.calls, silent


def _worker_pids(runtime: Path) -> list[int]:
    from scout.providers.journal import journal_streams
    pids = []
    for stream in journal_streams(runtime):
        if stream and "@" in stream[-1].name:
            tail = stream[-1].name.rsplit("-", 1)[1].split(".")[0]
            if tail.isdigit() and int(tail) != os.getpid():
                pids.append(int(tail))
    return sorted(set(pids))


def run_scenario(name: str, *, n: int, per_s: float, burst: int, provider: CappedTavily,
                 redis_url: str | None, dask: bool, kill: bool, claims: bool,
                 work: Path, headroom: float = 1.0, variant: str = "fanout"
                 ) -> dict[str, Any]:
    from scout import api
    from scout.providers.hook import ProviderOptions
    root = work / name.replace(" ", "_")
    root.mkdir(parents=True)
    provider.reset()
    cluster = client = None
    if dask:
        import dask
        from distributed import Client, LocalCluster
        # no worker profiler, restarted workers included: it deadlocks CPython 3.11
        # (scout/orchestrator/dask_executor.py)
        dask.config.set({"distributed.worker.profile.enabled": False})
        os.environ["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"] = "False"
        cluster = LocalCluster(n_workers=2, threads_per_worker=16, processes=True,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
        executor = {"kind": "dask", "address": cluster.scheduler_address}
    else:
        executor = {"kind": "local"}
    backend = redis_url if redis_url else "local"
    cfg, pipe = write_root(root, executor, backend, per_s, burst, claims, 16, headroom)
    if variant == "batch":
        pipe.write_text(MISSION_PIPELINE, encoding="utf-8")
        queries = root / "queries.csv"
        with queries.open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["query", "mission_id"])
            w.writerows([q, f"m{i:05d}"] for i, q in enumerate(mission_queries(n)))
    else:
        pipe.write_text(PIPELINE.replace("n: N", f"n: {n}"), encoding="utf-8")
    killed: dict[str, Any] = {}

    def killer() -> None:
        # once 40% of the unique calls were paid, SIGKILL one worker that has journaled
        target = 0.4 * len(set(mission_queries(n)))
        while not stop.is_set():
            if sum(1 for _ in provider.paid) >= target:
                pids = _worker_pids(root / "runtime")
                if pids:
                    os.kill(pids[0], signal.SIGKILL)
                    killed["pid"] = pids[0]
                    return
            time.sleep(0.02)

    stop = threading.Event()
    th = threading.Thread(target=killer, daemon=True) if kill else None
    t0 = time.perf_counter()
    if th:
        th.start()
    missions_done: int | None = None
    try:
        if variant == "batch":
            from scout.batch.service import batch_apply
            # 16 missions at once per worker process (threads for the one-process run)
            outcome = batch_apply(pipe, queries=queries, runs_dir=root / "runs", root=root,
                                  config=cfg, parallel=32 if dask else 16,
                                  executor="dask" if dask else "local",
                                  options={"lock_wait": 60})
            totals = outcome.record.totals()
            missions_done = int(totals["done"])
            exit_code = max(outcome.exit_codes or [0]) if outcome.stop is None else 4
            exit_code = 0 if missions_done == n and outcome.stop is None else (exit_code or 1)
        else:
            result = api.apply(pipe, runs_dir=root / "runs", root=root, config=cfg,
                               mission_id="scaleout", query="scale-out benchmark",
                               provider_options=ProviderOptions(env=provider.env()))
            exit_code = result.exit_code
    finally:
        wall = time.perf_counter() - t0
        stop.set()
        if client is not None:
            client.close()
            cluster.close()
    paid = provider.paid.copy()
    unique = len(paid)
    floor = unique / per_s
    matches, answered, in_doubt, silent = journal_check(root / "runtime", paid)
    # missions that took over a killed worker's Redis lease instead of waiting out its ttl
    takeovers = sum(1 for log in (root / "runs").glob("*/mission.log")
                    if "took over the lease" in log.read_text(errors="replace"))
    return {"scenario": name, "wall_s": round(wall, 2), "floor_s": round(floor, 2),
            "ratio": round(wall / floor, 3) if floor else None,
            "exit_code": exit_code, "completed": exit_code == 0,
            "missions_done": missions_done,
            "received": provider.received, "paid": sum(paid.values()), "unique_paid": unique,
            "provider_429": provider.rejected,
            "provider_429_pct": round(100 * provider.rejected / max(1, provider.received), 2),
            # requests by which the answered arrivals beat the stricter token-bucket reading
            "strict_excess": provider.strict_excess(),
            "double_paid": sum(c - 1 for c in paid.values() if c > 1),
            "double_paid_unmarked": silent,
            "journal_answered": answered, "journal_in_doubt": in_doubt,
            "journal_matches_provider": matches, "killed_pid": killed.get("pid"),
            "lease_takeovers": takeovers}


SCENARIOS = ("threads", "redis", "killed", "noclaims")


def progress(key: str, s: dict[str, Any], done: int, total: int, took: float) -> None:
    """One line on stderr as each scenario ends (the JSON or the table comes at the end)."""
    print(f"scaleout [{done}/{total}] {key} ({s['scenario']}): wall {s['wall_s']} s, "
          f"floor {s['floor_s']} s, ratio {s['ratio']}, {s['received']} requests, "
          f"429 {s['provider_429']}, double paid {s['double_paid_unmarked']} unmarked, "
          f"missions done {s['missions_done']}, completed {s['completed']}; "
          f"{took:.1f} s with setup, load {os.getloadavg()[0]:.2f}",
          file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="200 missions instead of 1,000")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--redis", metavar="URL", help="use this redis (else start one)")
    ap.add_argument("--missions", type=int, help="number of missions (overrides --quick)")
    ap.add_argument("--rate", type=float, default=20.0,
                    help="the provider's global cap, requests a second (default 20)")
    ap.add_argument("--burst", type=int, default=4, help="burst of the cap (default 4)")
    ap.add_argument("--headroom", type=float, default=1.0,
                    help="quota.headroom: the fraction of the cap scout uses (default 1.0)")
    ap.add_argument("--variant", choices=("batch", "fanout"), default="batch",
                    help="batch: N missions of scout batch apply (default); fanout: N "
                         "items of one apply")
    ap.add_argument("--scenarios", default="threads,redis,killed,noclaims",
                    help="comma-separated subset of threads,redis,killed,noclaims")
    a = ap.parse_args(argv)
    n = a.missions or (200 if a.quick else 1000)
    wanted = a.scenarios.split(",")
    unknown = sorted(set(wanted) - set(SCENARIOS))
    if unknown:
        ap.error(f"--scenarios: unknown {', '.join(unknown)} (known: {', '.join(SCENARIOS)})")
    load_before = round(os.getloadavg()[0], 2)
    server = None
    url = a.redis
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="scaleout-") as tmp, \
            CappedTavily(a.rate, a.burst) as provider:
        work = Path(tmp)
        os.environ.update(provider.env())  # Dask's worker processes inherit it
        if url is None and any(s != "threads" for s in wanted):
            from tests.dist.redis_server import RedisServer, redis_binary
            if redis_binary() is None:
                msg = {"error": "redis-server is not installed", "hint": "apt-get install "
                       "redis-server, or pass --redis URL"}
                print(json.dumps(msg) if a.json else f"error: {msg['error']} ({msg['hint']})")
                return 3
            server = RedisServer.start(work / "redis")
        try:
            base = url or (server.url if server else "redis://127.0.0.1:0/0")
            for i, (key, label, dask, kill, claims) in enumerate([
                    ("threads", "one process (threads)", False, False, True),
                    ("redis", "dask 2 workers + redis", True, False, True),
                    ("killed", "same, one worker killed", True, True, True),
                    ("noclaims", "same, claims off", True, False, False)]):
                if key not in wanted:
                    continue
                db = base.rstrip("/").rsplit("/", 1)[0] + f"/{i + 1}" if url is None else base
                if url is not None:
                    import redis as _redis
                    _redis.Redis.from_url(url).flushdb()
                started = time.perf_counter()
                out[key] = run_scenario(label, n=n, per_s=a.rate, burst=a.burst,
                                        provider=provider,
                                        redis_url=None if key == "threads" else db,
                                        dask=dask, kill=kill, claims=claims, work=work,
                                        headroom=a.headroom, variant=a.variant)
                progress(key, out[key], len(out), sum(k in wanted for k in SCENARIOS),
                         time.perf_counter() - started)
        finally:
            if server is not None:
                server.stop()
    red = out.get("redis", {})
    total = sum(s["received"] for s in out.values())
    doc = {"missions": n, "variant": a.variant, "rate_per_s": a.rate, "burst": a.burst, "headroom": a.headroom,
           "ratio": red.get("ratio"),
           "provider_429": sum(s["provider_429"] for s in out.values() if s is not out.get("noclaims")),
           # paid twice with no in-doubt line to show it (the kill's retry is marked)
           "double_paid": sum(s["double_paid_unmarked"] for k, s in out.items()
                              if k != "noclaims"),
           "journal_matches_provider": all(s["journal_matches_provider"] for s in out.values()),
           "killed_worker_completed": out["killed"]["completed"] if "killed" in out else None,
           "scenarios": out, "loadavg_before": load_before,
           "loadavg_after": round(os.getloadavg()[0], 2), "cpus": os.cpu_count()}
    with_claims = [s for k, s in out.items() if k != "noclaims"]
    calls = sum(s["received"] for s in with_claims) or 1
    doc["targets_met"] = {
        "ratio<=1.15": doc["ratio"] is not None and doc["ratio"] <= 1.15,
        "double_paid==0": doc["double_paid"] == 0,
        "429<=0.5%": doc["provider_429"] <= 0.005 * calls}
    if a.json:
        print(json.dumps(doc))
        return 0
    print(f"{n} missions ({a.variant}), cap {a.rate}/s burst {a.burst}, headroom {a.headroom}; {os.cpu_count()} CPUs, load "
          f"{load_before} before, {doc['loadavg_after']} after; {total} requests in all")
    cols = ["wall_s", "floor_s", "ratio", "received", "unique_paid", "paid", "double_paid",
            "provider_429", "journal_in_doubt", "journal_matches_provider", "completed"]
    print(f"{'':28}" + "".join(f"{c:>14}" for c in ["wall s", "floor s", "ratio", "requests",
          "unique paid", "paid", "double paid", "429", "in doubt", "journal ok", "completed"]))
    for s in out.values():
        print(f"{s['scenario']:28}" + "".join(f"{str(s[c]):>14}" for c in cols))
    print("targets: " + ", ".join(f"{k} {'met' if v else 'NOT met'}"
                                  for k, v in doc["targets_met"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
