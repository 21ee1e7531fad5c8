"""An agent's query through the MCP server (stdio, the official SDK's client): a
long one with terminal sequences, a bidi override and zero-width joiners inside the
city. ``plan`` reads it as the plain request, echoes at most what the parser reads, and
nothing in its answer is a control sequence. A megabyte of it is refused (USE067) before
anything is written; a request in a script scout does not read is refused (USE066), its
fix worded as the tools take it."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.api.request import MAX_REQUEST_CHARS
from scout.task.parser import MAX_QUERY_CHARS
from tests.mcp.conftest import DEMO_QUERY, demo_root, scout_mcp, text_of

pytestmark = pytest.mark.anyio
PIPELINE = "pipelines/hotel_research.yaml"
CASSETTE = "examples/hotel-barcelona/cassette"


async def test_a_hostile_long_query_is_read_plainly_and_echoed_bounded(
        tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    hostile = (DEMO_QUERY.replace("Barcelona", "\x1b]8;;https://e.example/\x07Barce\u200dlona"
                                  "\x1b]8;;\x07\x1b[2J")
               + " \u202egnp.exe " + "x" * (MAX_REQUEST_CHARS - 200))
    huge = DEMO_QUERY + " " + "y" * 1_000_000
    async with scout_mcp(root) as client:
        plan = await client.call_tool("plan", {"file": PIPELINE, "query": hostile})
        refused = [await client.call_tool(tool, {"file": PIPELINE, "query": huge,
                                                 **({"replay": CASSETTE} if tool == "apply"
                                                    else {})})
                   for tool in ("plan", "apply")]
    for result in refused:
        said = text_of(result)
        assert result.is_error and "USE067" in said and len(said) < 2000, said[:500]
    assert not (root / "runs").exists() or not any((root / "runs").iterdir())
    text = text_of(plan)
    assert not plan.is_error, text[:500]
    request = plan.structured_content["request"]
    assert request["values"]["destination"] == "Barcelona"
    assert len(request["query"]) <= MAX_QUERY_CHARS + 3
    assert len(text) < 100_000
    assert "\x1b" not in text and "\u202e" not in text


async def test_a_request_in_a_script_scout_does_not_read_is_a_tool_error_saying_so(
        tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    async with scout_mcp(root) as client:
        results = [await client.call_tool("plan", {"file": PIPELINE,
                                                   "query": "гостиница в Севилье на май"}),
                   await client.call_tool("apply", {"file": PIPELINE, "replay": CASSETTE,
                                                    "query": "مطعم هادئ في إشبيلية"}),
                   await client.call_tool("plan", {"file": PIPELINE, "query": "hotel near "
                                                   "ソウル駅 in May", "set": {"lang": "es"}})]
    first, second, mixed = (text_of(r) for r in results)
    assert results[0].is_error and "USE066" in first and "Cyrillic" in first, first
    assert results[1].is_error and "USE066" in second and "Arabic" in second, second
    for said in (first, second):
        assert 'set {"name": "value"}' in said and "--set" not in said
    # a name in another script in a Latin request: the required place asked for, saying why
    assert results[2].is_error and "USE065" in mixed and "ソウル駅" in mixed, mixed
    assert not (root / "runs").exists() or not any((root / "runs").iterdir())
