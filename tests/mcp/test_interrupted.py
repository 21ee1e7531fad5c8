"""An apply whose mission was interrupted (not by this call's cancellation: another
Ctrl-C path) answers a tool error that says where the interrupted page is, relative
to the root."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scout.mcp import server as S
from scout.mcp.workspace import Workspace
from scout.orchestrator.mission_result import MissionInterrupted

pytestmark = pytest.mark.anyio


async def test_an_interrupted_apply_points_to_its_page(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    run_dir = tmp_path / "runs" / "m1"
    def interrupted(ws: Workspace, **kw: Any) -> None:
        raise MissionInterrupted("m1", run_dir, run_dir / "report.md")

    monkeypatch.setattr(S.T, "apply", interrupted)
    with pytest.raises(ToolError) as err:
        await S.run_apply(Workspace(tmp_path), None, file="p.yaml")
    assert "apply it again to resume" in str(err.value)
    assert "runs/m1/report.md" in str(err.value) and str(tmp_path) not in str(err.value)
