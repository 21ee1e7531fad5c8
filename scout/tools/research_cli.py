"""Seed-compatible entry point: ``python -m scout.tools.research_cli run ...``.

    python -m scout.tools.research_cli run --mission-id ID --query Q --runs-dir DIR
    python -m scout.tools.research_cli status --mission-id ID --runs-dir DIR

``run`` applies the mission (default pipeline: ``$SCOUTE_RESEARCH_ROOT/pipelines/
hotel_research.yaml``) and prints the report path, or the final state when there is no
report; its exit code is the mission's. A thin wrapper over :mod:`scout.api`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scout import api
from scout.providers.hook import ProvidersHook
from scout.errors import ScoutError
from scout.orchestrator.progress import make_progress
from scout.paths import research_root

DEFAULT_PIPELINE = Path("pipelines") / "hotel_research.yaml"


def default_pipeline() -> Path:
    return research_root() / DEFAULT_PIPELINE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="research_cli", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="apply a mission and print the report path")
    run.add_argument("--mission-id", required=True)
    run.add_argument("--query", required=True)
    run.add_argument("--runs-dir", default=None)
    run.add_argument("--pipeline", default=None, help="pipeline YAML (default: hotel research)")
    run.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE")
    run.add_argument("--force", action="append", default=[], metavar="PHASE")
    run.add_argument("--config", default=None)
    run.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    st = sub.add_parser("status", help="print the mission state as JSON")
    st.add_argument("--mission-id", required=True)
    st.add_argument("--runs-dir", default=None)
    args = parser.parse_args(argv)
    try:
        if args.cmd == "status":
            print(json.dumps(api.get_mission_state(args.mission_id, args.runs_dir), indent=2))
            return 0
        with make_progress("none" if args.quiet else "plain") as progress:
            result = api.apply(args.pipeline or default_pipeline(), query=args.query,
                               sets=args.sets, mission_id=args.mission_id,
                               runs_dir=args.runs_dir, force=args.force, config=args.config,
                               subscribers=[progress],
                               providers=ProvidersHook(research_root()))
    except ScoutError as exc:
        print(f"{exc}" + (f"\n  hint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
        return exc.exit_code
    if result.report_path is not None:
        print(result.report_path)
    else:
        print(json.dumps({"mission_id": result.mission_id, "status": result.status,
                          "exit_code": result.exit_code, "run_dir": str(result.run_dir),
                          "reason": result.reason}))
    return result.exit_code


if __name__ == "__main__":
    sys.exit(main())
