"""An agent's mission id with look-alike letters, through the official MCP SDK's client:
a Cyrillic "а" or Greek "ο" pasted into ``status`` / ``audit``. A tool error that names
the letter and the id it looks like (before: the hint cut the letter out, "m-ssion"),
bounded, with no control sequence; nothing is written under the root."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp.conftest import demo_root, scout_mcp, text_of

pytestmark = pytest.mark.anyio


async def test_look_alike_letters_in_a_mission_id_are_named_with_the_id_they_mimic(
        tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    async with scout_mcp(root) as client:
        status = await client.call_tool("status", {"mission_id": "\u0440aris-h\u043etels"})
        audit = await client.call_tool("audit", {"mission_id": "lim\u03b1-trip\u0455" + "x" * 9000})
    said = text_of(status)
    assert status.is_error and "USE002" in said
    assert "'\u0440' (U+0440) for 'p'" in said and "'\u043e' (U+043E) for 'o'" in said
    assert "e.g. 'paris-hotels'" in said
    long_said = text_of(audit)
    assert audit.is_error and "USE002" in long_said and len(long_said) < 2000
    assert "'\u0455' (U+0455) for 's'" in long_said
    assert "\x1b" not in said + long_said
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
