"""The operator's tools on a night of thousands of missions: this tree against another
commit, side by side, one run.

    python benchmarks/operator.py                         # 3,000 missions, against HEAD
    python benchmarks/operator.py --against a2920a66      # another commit (git archive)
    python benchmarks/operator.py --missions 300 --json   # smaller; one JSON object
    python benchmarks/operator.py --night DIR             # reuse (or keep) the night

Writes a runs folder as a lab's night leaves it (:mod:`benchmarks.operator_lib.night`:
finished, failed, killed mid-phase and budget-stopped missions, a few damaged ones, a few
with state logs of megabytes, a request journal of ~40 MB in three files), then for each
operator command or endpoint starts a fresh process in each tree (this one, and a copy of
``--against``), calls it twice there and reads:

* ``cold``: the first call's wall time (imports done before; what ``scout runs`` costs
  at the command line), ``warm``: the second (what a running ``scout serve`` or ``scout
  mcp`` answers with);
* ``peak``: the process's peak resident memory during the first call, above what it held
  before (Linux: ``VmHWM`` reset through ``/proc/self/clear_refs``);
* ``ok``: whether the call answered (exit 0, HTTP 200) rather than failing.

``--healthy`` leaves the damaged missions out (an older commit's listing failed on one,
so its figures can be compared only on such a night). Both trees read the same night; each tree's own caches (the journal index, a runs index
where it has one) are removed before its first operation, so ``cold`` includes building
them once, as an operator's first command after an upgrade would.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: (name, how, what): ``cli`` argv, ``http`` path, ``mcp`` tool and arguments
OPS: list[tuple[str, str, Any]] = [
    ("scout runs", "cli", ["runs"]),
    ("scout runs --json -n 0", "cli", ["runs", "--json", "-n", "0"]),
    ("scout cost", "cli", ["cost"]),
    ("scout cost --by adapter", "cli", ["cost", "--by", "adapter"]),
    ("scout status BIG", "cli", ["status", "{big}"]),
    ("scout audit BIG --json", "cli", ["audit", "{big}", "--json"]),
    ("scout journal --mission M", "cli", ["journal", "--mission", "{one}"]),
    ("GET /api/missions", "http", "/api/missions"),
    ("GET /api/missions?limit=10000", "http", "/api/missions?limit=10000"),
    ("GET /api/missions/BIG", "http", "/api/missions/{big}"),
    ("GET /api/missions/M/journal", "http", "/api/missions/{one}/journal"),
    ("GET /api/cost-summary", "http", "/api/cost-summary"),
    ("GET / (dashboard)", "http", "/"),
    ("GET /cost (dashboard)", "http", "/cost"),
    ("GET /missions/BIG (dashboard)", "http", "/missions/{big}"),
    ("mcp runs", "mcp", ("runs", {})),
    ("mcp cost", "mcp", ("cost", {})),
    ("mcp status BIG", "mcp", ("status", {"mission_id": "{big}"})),
]

_WORKER = r"""
import io, json, os, sys, time
from contextlib import redirect_stdout, redirect_stderr
from pathlib import Path
sys.path.insert(0, os.getcwd())
how, what, root = sys.argv[1], json.loads(sys.argv[2]), Path(sys.argv[3])
os.environ["SCOUTE_RESEARCH_ROOT"] = str(root)
os.chdir(root)

def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
def reset():
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass

if how == "cli":
    from scout.cli import main
    import scout.cli.audit_cmds, scout.cli.run_cmds  # noqa: imports outside the timing
    def call():
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(what))
        return code == 0, len(out.getvalue())
elif how == "http":
    from fastapi.testclient import TestClient
    from scout.server.app import ServerSettings, create_app
    client = TestClient(create_app(ServerSettings(root=root, runs_dir=root / "runs")),
                        base_url="http://127.0.0.1")
    client.get("/healthz")
    def call():
        r = client.get(what)
        return r.status_code == 200, len(r.content)
else:
    from scout.mcp import reads
    from scout.mcp.workspace import Workspace
    ws = Workspace(root)
    tool, kwargs = what
    def call():
        try:
            out = getattr(reads, tool)(ws, **kwargs)
        except Exception as exc:  # the figure says it failed; the table shows it
            return False, len(repr(exc))
        return True, len(out.model_dump_json())

figures = {}
for which in ("cold", "warm"):
    before = rss()
    reset()
    t = time.perf_counter()
    ok, size = call()
    wall = time.perf_counter() - t
    figures[which] = {"wall_s": round(wall, 4), "peak_mb": round((hwm() - before) / 2**20, 1),
                      "ok": ok, "bytes": size}
print(json.dumps(figures))
"""


_NONE = {"wall_s": None, "peak_mb": None, "ok": False, "bytes": 0}


def _fill(what: Any, names: dict[str, str]) -> Any:
    if isinstance(what, str):
        return what.format(**names)
    if isinstance(what, (list, tuple)):
        return type(what)(_fill(w, names) for w in what)
    if isinstance(what, dict):
        return {k: _fill(v, names) for k, v in what.items()}
    return what


def _clear_caches(night: Path) -> None:
    for p in list((night / "runtime").glob("*index*")) + list((night / "runs").glob(".*")):
        if p.is_file():
            p.unlink()
    # a snapshot a reader left for a mission killed before its first one (newer trees:
    # scout.orchestrator.state_store) would spare the next tree its first fold
    for p in (night / "runs").glob("*/phase.json"):
        try:
            with p.open("rb") as f:
                head = f.read(200)
        except OSError:
            continue
        if b'"written_by": "reader"' in head:
            p.unlink()


def _measure(tree: Path, night: Path, how: str, what: Any) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", _WORKER, how, json.dumps(what), str(night)],
                         cwd=tree, env=env, capture_output=True, text=True, timeout=900,
                         check=False)
    try:
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        bad = {"wall_s": None, "peak_mb": None, "ok": False, "bytes": 0,
               "error": out.stderr[-400:]}
        return {"cold": bad, "warm": bad}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--missions", type=int, default=3000)
    ap.add_argument("--against", default="HEAD", help="the commit to compare with")
    ap.add_argument("--night", type=Path, default=None,
                    help="where the night lives (reused when it holds one; kept)")
    ap.add_argument("--ops", nargs="*", default=None, help="only these operations (names)")
    ap.add_argument("--healthy", action="store_true",
                    help="no damaged missions in the night (a commit whose listing fails "
                         "on one damaged mission can then be compared)")
    ap.add_argument("--sides", default="against,this",
                    help="which trees to measure (against, this; default both)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from benchmarks.operator_lib.night import BIG, fresh, mission_id, write_night

    with tempfile.TemporaryDirectory() as tmp:
        night = args.night or Path(tmp) / "night"
        t = time.perf_counter()
        if not (night / "runs").is_dir():
            fresh(night)
            made = write_night(night, args.missions, damaged={} if args.healthy else None)
        else:
            made = {"missions": sum(1 for p in (night / "runs").iterdir() if p.is_dir()),
                    "reused": True}
        made["write_s"] = round(time.perf_counter() - t, 1)
        against = Path(tmp) / "against"
        against.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against],
                                 capture_output=True, check=False)
        if archive.returncode != 0:
            raise SystemExit(f"git archive {args.against}: {archive.stderr.decode()[-500:]}")
        subprocess.run(["tar", "-x", "-C", str(against)], input=archive.stdout, check=True)
        names = {"big": mission_id(min(BIG)), "one": mission_id(1)}
        ops = [op for op in OPS if args.ops is None or op[0] in args.ops]
        rows: dict[str, dict[str, Any]] = {}
        sides = [s for s in ("against", "this") if s in args.sides.split(",")]
        for side, tree in [(s, against if s == "against" else ROOT) for s in sides]:
            _clear_caches(night)
            for name, how, what in ops:
                rows.setdefault(name, {})[side] = _measure(tree, night, how,
                                                           _fill(what, names))
    doc = {"against": args.against, "healthy": args.healthy, "night": made, "load": os.getloadavg()[0],
           "operations": rows}
    if args.json:
        print(json.dumps(doc))
        return 0
    print(f"night: {made}; load {doc['load']:.1f}")
    head = f"{'operation':34} {'':5} {args.against[:10]:>22} {'this tree':>22}"
    print(head + "\n" + f"{'':34} {'':5} {'wall s':>9} {'peak MB':>8} {'ok':>3} "
          f"{'wall s':>9} {'peak MB':>8} {'ok':>3}")
    for name, sides_of in rows.items():
        for which in ("cold", "warm"):
            cells = []
            for side in ("against", "this"):
                f = sides_of[side][which] if side in sides_of else _NONE
                wall = "-" if f["wall_s"] is None else f"{f['wall_s']:.3f}"
                peak = "-" if f["peak_mb"] is None else f"{f['peak_mb']:.1f}"
                cells.append(f"{wall:>9} {peak:>8} {'✔' if f['ok'] else '✘':>3}")
            print(f"{name if which == 'cold' else '':34} {which:5} {cells[0]} {cells[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
