"""MCP ``status`` of an interrupted mission tells the agent how to resume it (apply it
again through the ``apply`` tool) in the request's language, as ``scout status`` does."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scout.mcp import reads as R
from scout.mcp.workspace import Workspace
from scout.orchestrator.state_store import StateStore


def _interrupted(root: Path, lang: str) -> None:
    """A run dir a kill left: its state says running and no apply holds it."""
    run_dir = root / "runs" / "m1"
    run_dir.mkdir(parents=True)
    store = StateStore(run_dir, mission_id="m1")
    store.append({"ev": "mission", "status": "running", "mission_id": "m1",
                  "pid": os.getpid(), "pipeline": "p.yaml", "query": "q"})
    store.append({"ev": "phase", "phase": "F0", "status": "running", "attempt": 1})
    store.close()
    (run_dir / "task.json").write_text(json.dumps({"task": {"lang": lang}}), encoding="utf-8")


@pytest.mark.parametrize("lang, said", [
    ("es", "vuelve a llamar a apply con el mismo pipeline y la misma petición"),
    ("en", "apply the same pipeline and request again"),
])
def test_the_resume_hint_is_in_the_requests_language(tmp_path: Path, lang: str,
                                                     said: str) -> None:
    _interrupted(tmp_path, lang)
    result = R.status(Workspace(tmp_path), "m1")
    assert result.status == "interrupted"
    assert result.resume_hint is not None and result.resume_hint.startswith(said)
