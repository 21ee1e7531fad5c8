"""An agent's query through the MCP server (stdio, the official SDK's client): a
megabyte of it, terminal sequences, a bidi override and zero-width joiners inside the
city. ``plan`` reads it as the plain request, echoes at most what the parser reads, and
nothing in its answer is a control sequence."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.task.parser import MAX_QUERY_CHARS
from tests.mcp.conftest import DEMO_QUERY, demo_root, scout_mcp, text_of

pytestmark = pytest.mark.anyio
PIPELINE = "pipelines/hotel_research.yaml"


async def test_a_hostile_megabyte_query_is_read_plainly_and_echoed_bounded(
        tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    hostile = (DEMO_QUERY.replace("Barcelona", "\x1b]8;;https://e.example/\x07Barce\u200dlona"
                                  "\x1b]8;;\x07\x1b[2J")
               + " \u202egnp.exe " + "x" * 1_000_000)
    async with scout_mcp(root) as client:
        plan = await client.call_tool("plan", {"file": PIPELINE, "query": hostile})
    text = text_of(plan)
    assert not plan.is_error, text[:500]
    request = plan.structured_content["request"]
    assert request["values"]["destination"] == "Barcelona"
    assert len(request["query"]) <= MAX_QUERY_CHARS + 3
    assert len(text) < 100_000
    assert "\x1b" not in text and "\u202e" not in text
