"""The seed's Python names, where the seed documents them: thin re-exports of
``scout.api`` (``run_mission``, ``get_mission_state``, ``get_mission_artifacts``,
``register_phase_handler``, ``PhaseExecutionError``) and of the mission runner itself
(``scout.orchestrator.mission``, ``.mission_request``, ``.mission_result``).

This is the one module of the orchestrator that imports ``scout.api`` (a layer above):
it is a compatibility face kept for the seed's users, and nothing in scout imports it,
so it makes no import cycle (the .importlinter contract names this edge).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scout.errors import PhaseExecutionError
from scout.orchestrator.mission import MissionRunner, Preflight
from scout.orchestrator.mission_request import (MissionRequest, coerce_inputs, expand_force,
                                                input_values)
from scout.orchestrator.mission_result import MissionResult

__all__ = ["MissionRequest", "MissionResult", "MissionRunner", "PhaseExecutionError",
           "Preflight", "coerce_inputs", "expand_force", "get_mission_artifacts",
           "get_mission_state", "input_values", "register_phase_handler", "run_mission"]



def run_mission(mission_id: str, query: str, runs_dir: str | Path | None = None,
                **kw: Any) -> Path:
    """``scout.api.run_mission``: run the mission, return its report path."""
    from scout import api

    return api.run_mission(mission_id, query, runs_dir, **kw)


def get_mission_state(mission: str | Path, runs_dir: str | Path | None = None) -> dict[str, Any]:
    """``scout.api.get_mission_state``."""
    from scout import api

    return api.get_mission_state(mission, runs_dir)


def get_mission_artifacts(mission: str | Path, runs_dir: str | Path | None = None
                          ) -> dict[str, Any]:
    """``scout.api.get_mission_artifacts``."""
    from scout import api

    return api.get_mission_artifacts(mission, runs_dir)


def register_phase_handler(*args: Any, **kw: Any) -> Any:
    """``scout.api.register_phase_handler`` (scout.stepkit.registry)."""
    from scout import api

    return api.register_phase_handler(*args, **kw)
