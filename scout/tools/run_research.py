"""Seed-compatible entry point: ``python -m scout.tools.run_research ID "QUERY" --runs-dir DIR``.

Runs the mission phase by phase with full logging on stdout (every phase, retry and
fan-out item), then prints the report path (or the final state). A thin wrapper over
:mod:`scout.api`; ``scout/tools/run_research.sh`` sets ``SCOUTE_RESEARCH_ROOT`` and
``PYTHONPATH`` and calls this.
"""

from __future__ import annotations

import argparse
import sys

from scout import api
from scout.paths import research_root
from scout.providers.hook import ProvidersHook
from scout.cli.run_cmds import format_phases
from scout.errors import ScoutError
from scout.orchestrator.progress import PlainProgress
from scout.tools.research_cli import default_pipeline


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="run_research", description=__doc__.split("\n")[0])
    parser.add_argument("mission_id")
    parser.add_argument("query")
    parser.add_argument("--runs-dir", default=None)
    parser.add_argument("--pipeline", default=None, help="pipeline YAML (default: hotel research)")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--force", action="append", default=[], metavar="PHASE")
    parser.add_argument("--config", default=None)
    args = parser.parse_args(argv)
    log = PlainProgress(sys.stdout, verbose=True)
    try:
        result = api.apply(args.pipeline or default_pipeline(), query=args.query, sets=args.sets,
                           mission_id=args.mission_id, runs_dir=args.runs_dir, force=args.force,
                           config=args.config, subscribers=[log],
                           providers=ProvidersHook(research_root()))
    except ScoutError as exc:
        print(f"{exc}" + (f"\n  hint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
        return exc.exit_code
    print(f"mission {result.mission_id}: {result.status} (exit {result.exit_code})")
    for line in format_phases(result.phases):
        print(line)
    if result.report_path is not None:
        print(result.report_path)
    return result.exit_code


if __name__ == "__main__":
    sys.exit(main())
