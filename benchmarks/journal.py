"""Request journal throughput: 1 thread, 8 threads, 4 processes, side by side, one run.

    python benchmarks/journal.py            # a table
    python benchmarks/journal.py --json     # one JSON object

Each scenario appends realistic journal lines (~450 bytes, built and serialised per
append like the runtime does) to a fresh folder with rotation forced small, then checks
integrity: every line parses, none is lost or duplicated, each writer's lines are in order.
Target: at least 20,000 lines/s from one thread.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scout.providers.journal import Journal, read_journal  # noqa: E402

TARGET_1_THREAD = 20_000


def entry(writer: int, i: int) -> dict[str, Any]:
    return {
        "ts": "2026-09-01T10:00:00.123Z", "mission_id": "hotel-barcelona-2026-09",
        "phase": "F2", "adapter": "duckduckgo", "action": "search", "token_name": None,
        "request": {"type": "SearchRequest", "query": f"Hotel {i} Barcelona reviews",
                    "limit": 10, "options": {}},
        "response_summary": {"status": 200, "items": 10, "duration_ms": 412,
                             "rate_wait_ms": 0, "attempt": 1},
        "result": "ok", "error": None, "cost": {"usd": 0.0, "basis": "free"},
        "chain": {"name": "web", "position": 1, "answered_by": "duckduckgo"},
        "w": writer, "i": i,
    }


def _append_many(root: str, writer: int, n: int, max_bytes: int, journal: Journal | None = None
                 ) -> None:
    j = journal or Journal(root, max_bytes=max_bytes)
    for i in range(n):
        j.append(entry(writer, i))
    if journal is None:
        j.close()


def _proc(root: str, writer: int, n: int, max_bytes: int, start: Any) -> None:
    start.wait()
    _append_many(root, writer, n, max_bytes)


def check(root: Path, writers: int, n: int) -> dict[str, Any]:
    read = read_journal(root)
    seen: dict[int, list[int]] = {}
    for e in read.entries:
        seen.setdefault(e["w"], []).append(e["i"])
    ok = (not read.torn and len(read.entries) == writers * n
          and all(seen.get(w) == list(range(n)) for w in range(writers)))
    return {"ok": ok, "lines": len(read.entries), "torn": len(read.torn),
            "files": len(read.files)}


def scenario(kind: str, writers: int, n: int, max_bytes: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        t0 = time.perf_counter()
        if kind == "threads":
            j = Journal(d, max_bytes=max_bytes)
            ts = [threading.Thread(target=_append_many, args=(d, w, n, max_bytes, j))
                  for w in range(writers)]
            t0 = time.perf_counter()
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            j.close()
        else:
            ctx = mp.get_context("spawn")
            start = ctx.Event()
            ps = [ctx.Process(target=_proc, args=(d, w, n, max_bytes, start))
                  for w in range(writers)]
            for p in ps:
                p.start()
            time.sleep(1.0)  # let the interpreters start; time only the appends
            t0 = time.perf_counter()
            start.set()
            for p in ps:
                p.join()
        elapsed = time.perf_counter() - t0
        integrity = check(Path(d), writers, n)
    total = writers * n
    return {"scenario": f"{writers} {kind[:-1] if writers == 1 else kind}", "writers": writers,
            "lines": total, "seconds": round(elapsed, 4),
            "lines_per_s": round(total / elapsed), "integrity": integrity}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--lines", type=int, default=20_000, help="lines per scenario")
    ap.add_argument("--max-bytes", type=int, default=4 * 1024 * 1024,
                    help="rotation size (small, to include rotation in the measurement)")
    args = ap.parse_args()
    n = args.lines
    rows = [
        scenario("threads", 1, n, args.max_bytes),
        scenario("threads", 8, n // 8, args.max_bytes),
        scenario("processes", 4, n // 4, args.max_bytes),
    ]
    base = rows[0]["lines_per_s"]
    for r in rows:
        r["ratio_to_1_thread"] = round(r["lines_per_s"] / base, 2)
    result = {
        "benchmark": "journal", "target_1_thread_lines_per_s": TARGET_1_THREAD,
        "meets_target": base >= TARGET_1_THREAD,
        "integrity_ok": all(r["integrity"]["ok"] for r in rows), "scenarios": rows,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{'scenario':<14}{'lines':>8}{'seconds':>9}{'lines/s':>10}{'x 1 thread':>11}"
              f"{'files':>7}  integrity")
        for r in rows:
            i = r["integrity"]
            print(f"{r['scenario']:<14}{r['lines']:>8}{r['seconds']:>9.3f}{r['lines_per_s']:>10}"
                  f"{r['ratio_to_1_thread']:>11.2f}{i['files']:>7}  "
                  f"{'ok' if i['ok'] else 'FAILED'} ({i['lines']} lines, {i['torn']} torn)")
        print(f"target >= {TARGET_1_THREAD} lines/s from one thread: "
              f"{'met' if result['meets_target'] else 'NOT met'}")
    return 0 if result["integrity_ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
