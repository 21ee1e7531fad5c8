"""What a tool's path argument may be (scout.mcp.workspace.Workspace.path), without a server."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.errors import UsageError
from scout.mcp.workspace import Workspace


@pytest.mark.parametrize("given, code, words", [
    ("", "USE001", "expected a path"), ("a\x00b", "USE001", "expected a path"),
    ("\udcfe.yaml", "USE045", "not valid UTF-8 text"),  # JSON can carry "\udcfe"
    ("pipelines", "USE001", "is a folder, not a file")])
def test_a_bad_path_argument_is_a_coded_usage_error(tmp_path: Path, given, code, words) -> None:
    (tmp_path / "pipelines").mkdir()
    with pytest.raises(UsageError) as info:
        Workspace(root=tmp_path).path(given, what="file", kind="file")
    assert info.value.code == code and words in info.value.message


def test_an_unknown_mission_is_named_by_its_id_not_the_workspaces_folders(tmp_path: Path) -> None:
    """An agent is told the mission is not there and how to list them; the folder it was
    looked for in stays the operator's (``scout status`` still names it)."""
    from scout import api
    from scout.errors import MissionNotFound
    from scout.mcp import reads

    (tmp_path / "runs").mkdir()
    for call in (reads.status, reads.audit, reads.report_markdown):
        with pytest.raises(MissionNotFound) as info:
            call(Workspace(root=tmp_path), "nope")
        said = f"{info.value.message} {info.value.hint}"
        assert info.value.message == "no mission 'nope'" and "runs tool" in said
        assert str(tmp_path) not in said, said
    with pytest.raises(MissionNotFound) as info:  # the operator's own door keeps the folder
        api.find_run_dir("nope", tmp_path / "runs")
    assert str(tmp_path / "runs") in info.value.message
