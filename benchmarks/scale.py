"""Growth curves: validation, runner overhead, resume after a crash, peak memory.

Every measurement runs in a fresh subprocess, so its peak memory (``ru_maxrss``) is its
own; the table shows the peak and the growth over the interpreter with scout imported.

1. **Validation** of generated pipelines of 100 to 5,000 phases (the generator of
   ``benchmarks/validate_scale.py``; best of ``--repeat``), through ``validate_paths``.
2. **Runner overhead** of a fan-out of 100 to 10,000 no-op items (max_parallel 8, durable
   checkpoints, batched): scout's wall time minus the stdlib floor
   (ThreadPoolExecutor.map, nothing recorded) in the same process, per item.
3. **Resume**: a 1,000-item fan-out (each item sleeps ``--item-ms``, max_parallel 8) is
   SIGKILLed once 50%, 90% and 99% of its items are in the state log, then re-applied.
   The resume time should follow the items left, not the total: the table divides it
   into a fixed part (re-applying a finished mission) and a per-remaining-item part.

    python benchmarks/scale.py [--quick] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

VALIDATE_SIZES = (100, 500, 1000, 2000, 5000)
FANOUT_SIZES = (100, 1000, 3000, 10000)
RESUME_ITEMS = 1000
KILL_AT = (0.5, 0.9, 0.99)


def _rss_mb() -> float:
    """Current resident set size (Linux /proc), MiB."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux -> MiB


# --- workers (run in a subprocess each) ------------------------------------------------


def worker_validate(n: int, repeat: int) -> dict[str, Any]:
    import validate_scale as vs

    from scout.validate import validate_paths

    config = ROOT / "config" / "adapters.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "warm.yaml"
        small.write_text(vs.generate(20))
        validate_paths([small], config=config)  # imports, config, Jinja env: paid once
        base = _rss_mb()
        path = Path(tmp) / f"scale_{n}.yaml"
        path.write_text(vs.generate(n))
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            report = validate_paths([path], config=config)
            best = min(best, time.perf_counter() - t0)
        errors = [p for p in report.problems if p.severity == "error"]
        if errors:
            raise SystemExit(f"generated spec of {n} phases is invalid: {errors[:3]}")
    return {"phases": n, "seconds": round(best, 4), "ms_per_phase": round(best * 1e3 / n, 4),
            "base_rss_mb": round(base, 1), "peak_rss_mb": round(_peak_mb(), 1)}


def worker_fanout(n: int) -> dict[str, Any]:
    import overhead as oh

    pipe = oh.fanout_pipeline(n, "bench_noop", 8)
    oh.run_scout(oh.fanout_pipeline(50, "bench_noop", 8), durability="batched", workers=16)
    oh.base_fanout(50, oh._noop_item, 8)
    base_rss = _rss_mb()
    try:
        # alternate, best of two each: the machine is shared
        b1 = oh.base_fanout(n, oh._noop_item, 8)
        s1 = oh.run_scout(pipe, durability="batched", workers=16)
        b2 = oh.base_fanout(n, oh._noop_item, 8)
        s2 = oh.run_scout(pipe, durability="batched", workers=16)
    finally:
        oh._SCRATCH.cleanup()
    b, s = min(b1, b2), min(s1, s2)
    return {"items": n, "stdlib_s": round(b, 4), "scout_s": round(s, 4),
            "overhead_ms_per_item": round((s - b) / n * 1e3, 4),
            "base_rss_mb": round(base_rss, 1), "peak_rss_mb": round(_peak_mb(), 1)}


def _resume_parts(run_dir: Path, n: int, item_ms: float) -> tuple[Any, Any, Any]:
    import overhead as oh  # registers bench_items

    from scout.config.models import Config
    from scout.orchestrator.mission_runner import MissionRequest
    from scout.spec.models import Pipeline
    from scout.stepkit.registry import register_phase_handler

    def slow_item(ctx: Any) -> int:
        time.sleep(item_ms / 1000)
        return ctx.item

    register_phase_handler("scale_slow_item", slow_item)
    pipe = Pipeline.model_validate({"apiVersion": "scout/v1", "name": "scale", "phases": {
        "L": {"uses": "bench_items", "with": {"n": n}, "produces": ["items"]},
        "F": {"uses": "scale_slow_item", "needs": ["items"], "for_each": "items", "as": "item",
              "max_parallel": 8, "produces": ["out"]}}})
    config = Config(path="bench", max_workers=16, adapters={}, chains={})
    request = MissionRequest(pipeline_path=Path("scale.yaml"), mission_id="resume",
                             runs_dir=run_dir, query="scale")
    del oh
    return pipe, config, request


def worker_resume_run(run_dir: str, n: int, item_ms: float) -> dict[str, Any]:
    """The run that gets killed (or, for the reference, finishes)."""
    from scout.orchestrator.mission_runner import MissionRunner

    pipe, config, request = _resume_parts(Path(run_dir), n, item_ms)
    t0 = time.perf_counter()
    result = MissionRunner(pipe, config, request, root=Path(run_dir)).run()
    return {"seconds": round(time.perf_counter() - t0, 4), "status": result.status,
            "peak_rss_mb": round(_peak_mb(), 1)}


def worker_resume(run_dir: str, n: int, item_ms: float) -> dict[str, Any]:
    from scout.orchestrator.mission_runner import MissionRunner

    pipe, config, request = _resume_parts(Path(run_dir), n, item_ms)
    base = _rss_mb()
    t0 = time.perf_counter()
    result = MissionRunner(pipe, config, request, root=Path(run_dir)).run()
    elapsed = time.perf_counter() - t0
    return {"seconds": round(elapsed, 4), "status": result.status,
            "base_rss_mb": round(base, 1), "peak_rss_mb": round(_peak_mb(), 1)}


WORKERS = {"validate": worker_validate, "fanout": worker_fanout,
           "resume-run": worker_resume_run, "resume": worker_resume}


# --- the parent --------------------------------------------------------------------------


def _cmd(kind: str, *args: Any) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--worker", kind,
            json.dumps([str(a) if isinstance(a, Path) else a for a in args])]


def _call(kind: str, *args: Any) -> dict[str, Any]:
    out = subprocess.run(_cmd(kind, *args), capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"worker {kind} {args} failed ({out.returncode}):\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _items_done(run_dir: Path) -> int:
    log = run_dir / "resume" / "state.log.jsonl"
    if not log.exists():
        return 0
    data = log.read_bytes()
    return data.count(b'"ev":"item"') + data.count(b'"ev": "item"')


def resume_row(scratch: Path, frac: float, n: int, item_ms: float) -> dict[str, Any]:
    run_dir = scratch / f"resume-{int(frac * 1000)}"
    run_dir.mkdir()
    proc = subprocess.Popen(_cmd("resume-run", run_dir, n, item_ms), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    target = int(n * frac)
    deadline = time.monotonic() + 120
    while _items_done(run_dir) < target:
        if proc.poll() is not None:
            raise SystemExit(f"the run finished before the kill at {frac:.0%}: "
                             f"{proc.stderr.read().decode()[-500:] if proc.stderr else ''}")
        if time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("the run never reached the kill point")
        time.sleep(0.002)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = _items_done(run_dir)
    r = _call("resume", run_dir, n, item_ms)
    after = _items_done(run_dir)
    return {"killed_at": frac, "items_done_at_kill": done, "items_left": n - done,
            "items_run_on_resume": after - done, "resume_s": r["seconds"],
            "status": r["status"], "base_rss_mb": r["base_rss_mb"],
            "peak_rss_mb": r["peak_rss_mb"]}


def measure_resume(scratch: Path, n: int, item_ms: float) -> dict[str, Any]:
    # reference: the whole run uninterrupted, then re-applying the finished mission
    ref_dir = scratch / "resume-ref"
    ref_dir.mkdir()
    full = _call("resume-run", ref_dir, n, item_ms)
    noop = _call("resume", ref_dir, n, item_ms)
    rows = [resume_row(scratch, f, n, item_ms) for f in KILL_AT]
    fixed = noop["seconds"]
    for r in rows:
        r["per_item_left_ms"] = round((r["resume_s"] - fixed) / max(1, r["items_left"]) * 1e3, 3)
        r["vs_full_run"] = round(r["resume_s"] / full["seconds"], 3)
    return {"items": n, "item_ms": item_ms, "max_parallel": 8,
            "full_run_s": full["seconds"], "full_run_peak_rss_mb": full["peak_rss_mb"],
            "reapply_finished_s": fixed, "reapply_finished_peak_rss_mb": noop["peak_rss_mb"],
            "ideal_per_item_ms": round(item_ms / 8, 3), "rows": rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true", help="smaller sizes (a smoke run)")
    ap.add_argument("--repeat", type=int, default=2, help="validation runs per size (best)")
    ap.add_argument("--item-ms", type=float, default=10.0, help="resume: ms per item")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        kind, params = args.worker
        print(json.dumps(WORKERS[kind](*json.loads(params))))
        return 0

    vsizes = (100, 500, 1000) if args.quick else VALIDATE_SIZES
    fsizes = (100, 1000) if args.quick else FANOUT_SIZES
    n_resume = 200 if args.quick else RESUME_ITEMS
    load_before = round(os.getloadavg()[0], 2)
    validation = [_call("validate", n, args.repeat) for n in vsizes]
    fanout = [_call("fanout", n) for n in fsizes]
    with tempfile.TemporaryDirectory(prefix="scout-scale-") as scratch:
        resume = measure_resume(Path(scratch), n_resume, args.item_ms)
    result = {"benchmark": "scale", "cpus": os.cpu_count(), "loadavg_before": load_before,
              "loadavg_after": round(os.getloadavg()[0], 2), "python": sys.version.split()[0],
              "validation": validation, "fanout": fanout, "resume": resume}
    v0, f0 = validation[0], fanout[0]
    for r in validation:
        r["per_phase_vs_smallest"] = round(r["ms_per_phase"] / v0["ms_per_phase"], 2)
    for r in fanout:
        r["per_item_vs_smallest"] = round(r["overhead_ms_per_item"] / f0["overhead_ms_per_item"],
                                          2) if f0["overhead_ms_per_item"] > 0 else None
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0


def print_table(result: dict[str, Any]) -> None:
    validation, fanout, resume = result["validation"], result["fanout"], result["resume"]
    print(f"{result['cpus']} CPUs, load {result['loadavg_before']} before, "
          f"{result['loadavg_after']} after; "
          "each row in its own subprocess; memory = peak RSS in MiB (+: growth over the process before the measured run)")
    print("\nvalidation (scout validate's path)")
    print(f"{'phases':>7} {'seconds':>9} {'ms/phase':>9} {'vs smallest':>12} {'peak MB':>8} "
          f"{'+MB':>6}")
    for r in validation:
        print(f"{r['phases']:>7} {r['seconds']:>9.3f} {r['ms_per_phase']:>9.3f} "
              f"{r['per_phase_vs_smallest']:>11.2f}x {r['peak_rss_mb']:>8.1f} "
              f"{r['peak_rss_mb'] - r['base_rss_mb']:>6.1f}")
    print("\nrunner overhead, fan-out of no-op items (max_parallel 8, durable checkpoints)")
    print(f"{'items':>7} {'stdlib s':>9} {'scout s':>9} {'ms/item':>9} {'vs smallest':>12} "
          f"{'peak MB':>8} {'+MB':>6}")
    for r in fanout:
        vs = f"{r['per_item_vs_smallest']:.2f}x" if r["per_item_vs_smallest"] else "-"
        print(f"{r['items']:>7} {r['stdlib_s']:>9.3f} {r['scout_s']:>9.3f} "
              f"{r['overhead_ms_per_item']:>9.3f} {vs:>12} {r['peak_rss_mb']:>8.1f} "
              f"{r['peak_rss_mb'] - r['base_rss_mb']:>6.1f}")
    rs = resume
    print(f"\nresume of a {rs['items']}-item fan-out ({rs['item_ms']:g} ms per item, max_parallel "
          f"8) after SIGKILL; full run {rs['full_run_s']:.2f} s, re-applying the finished "
          f"mission {rs['reapply_finished_s']:.3f} s")
    print(f"{'killed at':>9} {'left':>6} {'rerun':>6} {'resume s':>9} {'ms/item left':>13} "
          f"{'vs full':>8} {'peak MB':>8}")
    for r in rs["rows"]:
        print(f"{r['killed_at']:>9.0%} {r['items_left']:>6} {r['items_run_on_resume']:>6} "
              f"{r['resume_s']:>9.3f} {r['per_item_left_ms']:>13.3f} {r['vs_full_run']:>7.3f}x "
              f"{r['peak_rss_mb']:>8.1f}")
    print(f"(ideal ms per item left: {rs['ideal_per_item_ms']:.3f} = item time / max_parallel)")


if __name__ == "__main__":
    sys.exit(main())
