#!/usr/bin/env bash
# Seed-compatible wrapper: run a research mission phase by phase with full logging.
#   scout/tools/run_research.sh MISSION_ID "QUERY" [--runs-dir DIR] [--pipeline FILE]
# Sets SCOUTE_RESEARCH_ROOT (default: this checkout) and PYTHONPATH, then calls
# python -m scout.tools.run_research with the same arguments.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export SCOUTE_RESEARCH_ROOT="${SCOUTE_RESEARCH_ROOT:-$repo}"
export PYTHONPATH="$repo${PYTHONPATH:+:$PYTHONPATH}"
python="${PYTHON:-}"
if [ -z "$python" ]; then
  if [ -x "$repo/.venv/bin/python" ]; then python="$repo/.venv/bin/python"; else python=python3; fi
fi
exec "$python" -m scout.tools.run_research "$@"
