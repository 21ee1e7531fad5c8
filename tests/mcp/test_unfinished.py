"""A mission without a report yet, as an agent following it meets it through the SDK's
client: the report resource says what to do (wait, resume) and which of the finished
phases' artifacts can be read meanwhile; ``runs`` lists as many missions as asked."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scout.orchestrator.locks import MissionLock
from scout.orchestrator.state_store import StateStore
from tests.mcp.conftest import demo_root, scout_mcp

pytestmark = pytest.mark.anyio


def _running(root: Path, mission_id: str, pid: int) -> Path:
    """A run dir whose apply (``pid``) has written one artifact and no report."""
    run_dir = root / "runs" / mission_id
    (run_dir / "artifacts").mkdir(parents=True)
    store = StateStore(run_dir, mission_id=mission_id)
    store.append({"ev": "mission", "status": "running", "mission_id": mission_id,
                  "pid": pid, "pipeline": "p.yaml", "query": "q"})
    store.append({"ev": "phase", "phase": "F1", "status": "running", "attempt": 1})
    store.close()
    (run_dir / "artifacts" / "candidates.json").write_text("{}", encoding="utf-8")
    return run_dir


async def test_a_missing_report_says_what_to_do_and_what_is_ready(tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    alive = _running(root, "alive", os.getpid())
    _running(root, "gone", os.getpid())  # no apply holds it: it was interrupted
    # this test holds the lock as a running apply does (its heartbeat says alive)
    with MissionLock(alive, "alive"):
        async with scout_mcp(root) as client:
            said = {}
            for mid in ("alive", "gone"):
                with pytest.raises(Exception) as info:
                    await client.read_resource(f"scout://missions/{mid}/report")
                said[mid] = str(info.value)
            one = await client.call_tool("runs", {"limit": 1})
    assert "USE022" in said["alive"] and "still running" in said["alive"], said
    assert "scout://missions/alive/artifacts/{name}" in said["alive"]
    assert "candidates" in said["alive"]
    assert "interrupted" in said["gone"] and "apply the same request again" in said["gone"]
    # a long history is listed newest first as far as asked, saying how many there are
    assert not one.is_error, one.content[0].text
    listed = one.structured_content
    assert len(listed["runs"]) == 1 and listed["total"] == 2 and "runs(limit)" in listed["note"]
