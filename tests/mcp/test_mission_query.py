"""A query given with a Mission file that declares its own: the query wins (as
``scout apply --query`` always did), and ``plan`` says so with the request's notes, in
the request's language — never a silent swap. Through the MCP SDK's client and the CLI
(both read ``scout.api.request``); a Mission without a query, or given its own query
again, gets no note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.api.request import QUERY_OVER_MISSION
from scout.i18n.messages import localize
from tests.mcp.conftest import DEMO_QUERY, demo_root, scout_mcp

pytestmark = pytest.mark.anyio

MISSION = """apiVersion: scout/v1
kind: Mission
mission_id: bcn-mission
pipeline: ../pipelines/hotel_research.yaml
{query}inputs:
  min_rating: 8.5
{place}"""
MADRID = "hoteles en Madrid en octubre de 2026 por menos de 150 € la noche"


def _mission(root: Path, name: str, query: str | None) -> str:
    (root / "missions").mkdir(exist_ok=True)
    (root / "missions" / name).write_text(MISSION.format(
        query=f"query: {json.dumps(query)}\n" if query else "",
        place="" if query else "  destination: Madrid\n"))  # a bare one names the place
    return f"missions/{name}"


async def test_plan_says_the_query_given_replaces_the_missions_own(tmp_path: Path) -> None:
    root = demo_root(tmp_path)
    own = _mission(root, "own.yaml", DEMO_QUERY)
    bare = _mission(root, "bare.yaml", None)
    async with scout_mcp(root) as client:
        replaced = await client.call_tool("plan", {"file": own, "query": MADRID})
        same = await client.call_tool("plan", {"file": own, "query": DEMO_QUERY})
        alone = await client.call_tool("plan", {"file": own})
        added = await client.call_tool("plan", {"file": bare, "query": MADRID})
    request = replaced.structured_content["request"]
    assert "Madrid" in request["query"]  # the query given wins
    assert request["values"]["min_rating"] == 8.5  # the file's inputs still apply
    # said in the request's language (Spanish here), not English
    assert localize(QUERY_OVER_MISSION, "es") in request["notes"]
    assert localize(QUERY_OVER_MISSION, "es") != QUERY_OVER_MISSION
    for quiet in (same, alone, added):
        assert not quiet.is_error, quiet.content[0].text
        notes = quiet.structured_content["request"].get("notes") or []
        assert not any("Mission" in n for n in notes), notes


def test_apply_warns_that_the_query_given_replaces_the_missions_own(tmp_path: Path) -> None:
    """The same resolution feeds ``apply``: the request it runs carries the note its
    result's warnings (console and MCP ``warnings``) repeat."""
    from scout.api.request import prepare

    root = demo_root(tmp_path)
    own = root / _mission(root, "own.yaml", DEMO_QUERY)
    _, _, request = prepare(own, query="hotels in Madrid in October 2026", root=root)
    assert request.query == "hotels in Madrid in October 2026"
    assert request.notes == [QUERY_OVER_MISSION]
    _, _, kept = prepare(own, root=root)
    assert kept.query == DEMO_QUERY and kept.notes == []
