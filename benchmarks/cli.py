"""How fast the CLI starts: `scout --help` and `scout validate pipelines/` against
`python -c "import click"`, measured side by side in one run (ratio of medians).

A validator that runs in pre-commit on every commit must start fast, so the commands that
do not run a mission import neither the HTTP server (fastapi, uvicorn), nor the HTTP
client (httpx), nor the media libraries (yt-dlp): scout.cli imports a command's module
only when the command is used (scout/cli/__init__.py, LAZY_COMMANDS).

Each command is run ``--repeat`` times as a fresh process (interleaved, so load drifts hit
all of them alike); the figure is the median wall time, and the ratio is against the
median of the `import click` baseline (the least any click CLI pays).

    python benchmarks/cli.py [--repeat 15] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: issue 15 §9
TARGETS = {"scout --help": 3.0, "scout validate pipelines/": 5.0}
COMMANDS = {
    "import click": [sys.executable, "-c", "import click"],
    "scout --help": [sys.executable, "-m", "scout", "--help"],
    "scout validate pipelines/": [sys.executable, "-m", "scout", "validate", "pipelines/"],
}


#: as an installed scout runs: with its modules' bytecode cached (pip compiles it on
#: install; the warm-up run writes it here), even where the shell sets
#: PYTHONDONTWRITEBYTECODE, which would recompile every module on every start
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _once(argv: list[str]) -> float:
    t0 = time.perf_counter()
    out = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False, env=_ENV)
    took = time.perf_counter() - t0
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({out.returncode}): {out.stderr[-500:]}")
    return took


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    load_before = round(os.getloadavg()[0], 2)
    for cmd in COMMANDS.values():  # warm the file cache and .pyc files
        _once(cmd)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.repeat):
        for name, cmd in COMMANDS.items():
            times[name].append(_once(cmd))
    base = statistics.median(times["import click"])
    rows = {}
    for name, ts in times.items():
        med = statistics.median(ts)
        row = {"median_s": round(med, 4), "min_s": round(min(ts), 4),
               "ratio": round(med / base, 2)}
        if name in TARGETS:
            row["target"] = TARGETS[name]
            row["target_met"] = row["ratio"] <= TARGETS[name]
        rows[name] = row
    result = {"repeat": args.repeat, "commands": rows,
              "environment": {"cpus": os.cpu_count(), "loadavg_1m": load_before,
                              "loadavg_after": round(os.getloadavg()[0], 2),
                              "python": sys.version.split()[0]}}
    if args.json:
        print(json.dumps(result))
        return 0
    env = result["environment"]
    print(f"CLI start-up, median of {args.repeat} fresh processes; {env['cpus']} CPUs, "
          f"load {env['loadavg_1m']} before, {env['loadavg_after']} after")
    print(f"{'command':<28} {'median':>8} {'min':>8} {'ratio':>7}  target")
    for name, row in rows.items():
        target = (f"<= {row['target']:g}x {'ok' if row['target_met'] else 'MISSED'}"
                  if "target" in row else "(baseline)")
        print(f"{name:<28} {row['median_s']:>7.3f}s {row['min_s']:>7.3f}s "
              f"{row['ratio']:>6.2f}x  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
