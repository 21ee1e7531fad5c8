"""Quota backends: the cost of the decisions one paid call makes, per backend, side by side.

    python benchmarks/quota.py                 # a table
    python benchmarks/quota.py --calls 2000 --json
    python benchmarks/quota.py --demo          # + the offline demo (README) memory vs local

One "call" is what the providers layer asks the backend around a paid request: a rate
slot, the breaker, a budget reservation and its settlement, a claim and its release (6
decisions). ``memory`` is the in-process baseline; ``local`` is SQLite under a temporary
runtime/; ``redis`` runs when a redis-server can be started here (or ``--redis URL``).
``--demo`` applies the README's demo mission (answered from its cassette: no provider
waits) with ``SCOUTE_QUOTA_URL=memory`` and with ``local``, alternating, and prints the
ratio of medians.
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
sys.path.insert(0, str(ROOT))

from scout.quota.base import Quota  # noqa: E402
from scout.quota.factory import make_quota  # noqa: E402


def one_call(q: Quota, i: int) -> None:
    q.reserve_rate("tavily", 1e9, 1000)
    q.cooldown_left("tavily")
    res = q.budget_reserve("budget:m", 0.008, 1e9)
    q.claim(f"key{i}", "owner", 300)
    q.release(f"key{i}", "owner")
    q.budget_settle("budget:m", res.id, 0.008)


def per_call_us(q: Quota, calls: int) -> float:
    one_call(q, -1)  # warm up (scripts loaded, tables made)
    t0 = time.perf_counter()
    for i in range(calls):
        one_call(q, i)
    return (time.perf_counter() - t0) / calls * 1e6


def demo_run(root: Path, backend: str, n: int) -> float:
    env = {**os.environ, "SCOUTE_QUOTA_URL": backend, "SCOUTE_RESEARCH_ROOT": str(ROOT)}
    runs = Path(tempfile.mkdtemp(prefix="scout-qbench-"))
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "scout", "apply", "pipelines/hotel_research.yaml", "--query",
         "find hotels in Barcelona for September 2026 under 200 EUR with good reviews",
         "--replay", "examples/hotel-barcelona/cassette", "--mission-id", f"qbench-{n}",
         "--runs-dir", str(runs), "--progress", "none"],
        cwd=root, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"demo failed ({backend}): {out.stderr[-800:]}")
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--redis", help="a redis:// URL to use instead of starting one")
    ap.add_argument("--demo", action="store_true", help="also time the offline demo")
    ap.add_argument("--repeat", type=int, default=3, help="demo runs per backend")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    doc: dict[str, Any] = {"calls": a.calls, "load_1m": round(os.getloadavg()[0], 2),
                           "per_call_us": {}}
    with tempfile.TemporaryDirectory() as tmp:
        doc["per_call_us"]["memory"] = per_call_us(make_quota("memory", tmp, env={}), a.calls)
        doc["per_call_us"]["local"] = per_call_us(make_quota("local", tmp, env={}), a.calls)
        server = None
        url = a.redis
        if url is None:
            try:
                from tests.dist.redis_server import RedisServer
                server = RedisServer.start(Path(tmp) / "redis")
                url = server.url
            except Exception:  # no redis-server / no redis package here: skip that row
                url = None
        try:
            if url:
                doc["per_call_us"]["redis"] = per_call_us(make_quota(url, tmp, env={}),
                                                          a.calls)
        finally:
            if server is not None:
                server.stop()
    for k, v in doc["per_call_us"].items():
        doc["per_call_us"][k] = round(v, 1)
    if a.demo:
        times: dict[str, list[float]] = {"memory": [], "local": []}
        for n in range(a.repeat):
            for backend in ("memory", "local"):
                times[backend].append(demo_run(ROOT, backend, n))
        med = {k: statistics.median(v) for k, v in times.items()}
        doc["demo_s"] = {k: round(v, 3) for k, v in med.items()}
        doc["demo_ratio_local_vs_memory"] = round(med["local"] / med["memory"], 3)
    if a.json:
        print(json.dumps(doc))
        return 0
    print(f"quota decisions of one paid call (6 decisions), {a.calls} calls, "
          f"load {doc['load_1m']}")
    for k, v in doc["per_call_us"].items():
        print(f"  {k:<7} {v:>9.1f} us/call")
    if a.demo:
        print(f"offline demo (median of {a.repeat}): memory {doc['demo_s']['memory']} s, "
              f"local {doc['demo_s']['local']} s, ratio {doc['demo_ratio_local_vs_memory']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
