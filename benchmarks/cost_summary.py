"""Cost summary on a big journal: a cold scan and the index, side by side, one run.

    python benchmarks/cost_summary.py                 # a table
    python benchmarks/cost_summary.py --json          # one JSON object
    python benchmarks/cost_summary.py --lines 20000   # smaller

Generates a journal of ``--lines`` realistic lines (default 150,000, about 50 MB: the
field order and shapes of real lines, 200 missions, five adapters, pool tokens, a mix of
ok / cache_hit / retry / error / skipped) through the real ``Journal`` (rotating every
``--rotate-mb``, so the summary reads several files), then times the summary by mission,
adapter and token (``scout cost`` / ``GET /api/cost-summary``):

* ``cold``: no index, every line parsed (``--no-index``);
* ``index build``: the first summary with no index yet (indexes everything, then sums);
* ``index warm``: the next summary (nothing new to index);
* ``index +1000``: after 1,000 more lines are appended (a rotation may happen meanwhile);

and ``scout journal --mission M -n 20`` cold and warm. Every indexed answer is checked
equal to the cold one. Target: a summary of a 50 MB / 150k-line journal in under 2 s.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scout.audit.cost import cost_summary  # noqa: E402
from scout.audit.filters import JournalFilter  # noqa: E402
from scout.audit.journal_query import query  # noqa: E402
from scout.providers.journal import Journal, journal_files, utc_ts  # noqa: E402

TARGET_S = 2.0
BYS = ["mission", "adapter", "token"]
ADAPTERS = [("tavily", "search", "TAVILY_API_KEY", 0.008), ("duckduckgo", "search", None, 0.0),
            ("page", "fetch", None, 0.0), ("perplexity", "synthesize", "pplx-main", 0.005),
            ("yt_dlp", "videos", None, 0.0)]
RESULTS = ["ok"] * 14 + ["cache_hit"] * 3 + ["retry", "error", "skipped"]


def entry(rng: random.Random, i: int, t0: float) -> dict[str, Any]:
    adapter, action, token, usd = ADAPTERS[rng.randrange(len(ADAPTERS))]
    if adapter == "perplexity":
        token = rng.choice(["pplx-main", "pplx-spare"])
    result = rng.choice(RESULTS)
    failed = result in ("retry", "error")
    if action == "fetch":
        request: dict[str, Any] = {"type": "FetchRequest", "url": f"https://h{i % 997}.es/"}
    else:
        request = {"type": "SearchRequest", "query": f"hotel {i % 5000}", "limit": 5}
    return {
        "ts": utc_ts(t0 + i * 0.01), "mission_id": f"m-{i % 200:03d}",
        "phase": f"F{i % 7}", "adapter": adapter, "action": action, "token_name": token,
        "request": request,
        "response_summary": {"status": 500 if failed else 200, "items": 0 if failed else 5,
                             "duration_ms": rng.randrange(5, 900)},
        "result": result,
        "error": {"kind": "unavailable", "status": 500} if failed else None,
        "cost": {"usd": usd if result == "ok" else 0.0,
                 "basis": "tariff:credit" if usd and result == "ok" else "free"},
        "chain": {"name": "web", "position": 0,
                  "answered_by": adapter if result == "ok" else None},
    }


def generate(runtime: Path, lines: int, rotate_bytes: int, start: int = 0,
             seed: int = 7) -> None:
    rng = random.Random(seed + start)
    t0 = 1_788_220_800.0  # 2026-09-01T00:00:00Z
    with Journal(runtime, max_bytes=rotate_bytes) as j:
        for i in range(start, start + lines):
            j.append(entry(rng, i, t0))


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def summary(runtime: Path, use_index: bool) -> dict[str, Any]:
    data = cost_summary(runtime, BYS, JournalFilter(), use_index=use_index).to_dict()
    data.pop("source")
    return data


def run(lines: int, rotate_mb: float) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="scout-cost-bench-"))
    try:
        runtime = tmp / "runtime"
        t_gen, _ = timed(lambda: generate(runtime, lines, int(rotate_mb * 1024 * 1024)))
        files = journal_files(runtime)
        size = sum(p.stat().st_size for p in files)
        cold_s, cold = timed(lambda: summary(runtime, False))
        build_s, built = timed(lambda: summary(runtime, True))
        warm_s, warm = timed(lambda: summary(runtime, True))
        generate(runtime, 1000, int(rotate_mb * 1024 * 1024), start=lines)
        cold2 = summary(runtime, False)
        inc_s, inc = timed(lambda: summary(runtime, True))
        mission = JournalFilter(mission="m-042")
        qcold_s, qcold = timed(lambda: query(runtime, mission, 20, use_index=False))
        qwarm_s, qwarm = timed(lambda: query(runtime, mission, 20))
        same = (cold == built == warm and inc == cold2
                and [e.id for e in qcold.entries] == [e.id for e in qwarm.entries])
        return {
            "lines": lines, "journal_mb": round(size / 1e6, 1), "files": len(files),
            "generate_s": round(t_gen, 2), "target_s": TARGET_S,
            "cost_summary_s": {"cold": round(cold_s, 3), "index_build": round(build_s, 3),
                               "index_warm": round(warm_s, 3),
                               "index_after_1000_more": round(inc_s, 3)},
            "journal_last_20_s": {"cold": round(qcold_s, 3), "index": round(qwarm_s, 3)},
            "speedup_warm_vs_cold": round(cold_s / warm_s, 1) if warm_s else None,
            "within_target": {"cold": cold_s < TARGET_S, "index_warm": warm_s < TARGET_S},
            "answers_identical": same,
            "total_usd": cold["total"]["usd"],
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=150_000)
    ap.add_argument("--rotate-mb", type=float, default=20.0,
                    help="journal rotation size while generating (default 20 MB)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    r = run(args.lines, args.rotate_mb)
    if args.json:
        print(json.dumps(r))
        return 0 if r["answers_identical"] else 1
    c = r["cost_summary_s"]
    print(f"journal: {r['lines']:,} lines, {r['journal_mb']} MB in {r['files']} file(s) "
          f"(generated in {r['generate_s']} s)")
    print(f"{'cost summary (mission, adapter, token)':<42}{'seconds':>9}{'vs cold':>9}")
    for name, key in (("cold scan (--no-index)", "cold"), ("index: first build", "index_build"),
                      ("index: warm", "index_warm"),
                      ("index: after 1,000 more lines", "index_after_1000_more")):
        print(f"  {name:<40}{c[key]:>9.3f}{c['cold'] / c[key] if c[key] else 0:>8.1f}x")
    q = r["journal_last_20_s"]
    print(f"  {'journal --mission M -n 20, cold':<40}{q['cold']:>9.3f}")
    print(f"  {'journal --mission M -n 20, index':<40}{q['index']:>9.3f}"
          f"{q['cold'] / q['index'] if q['index'] else 0:>8.1f}x")
    print(f"target < {TARGET_S} s: cold {'met' if r['within_target']['cold'] else 'MISSED'}, "
          f"index warm {'met' if r['within_target']['index_warm'] else 'MISSED'}; "
          f"answers identical: {r['answers_identical']}")
    return 0 if r["answers_identical"] else 1


if __name__ == "__main__":
    sys.exit(main())
