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
