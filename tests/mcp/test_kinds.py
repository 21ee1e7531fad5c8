"""What an agent finds before it runs anything, through the SDK's client: the research
kinds (``kinds``), where to look when it names a pipeline that is not there, a pasted
request too long to repeat whole, and ``set`` as a model writes it (JSON's types; a
refused value's fix in the tool's arguments, not the CLI's flags)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.mcp.kinds import DESCRIPTION_WIDTH
from scout.task.parser import MAX_QUERY_CHARS
from tests.mcp.conftest import demo_root, scout_mcp

pytestmark = pytest.mark.anyio

PIPELINE = "pipelines/hotel_research.yaml"


async def test_an_agent_finds_the_kinds_and_is_pointed_to_them(tmp_path: Path) -> None:
    root = demo_root(tmp_path / "root")
    # an author's kind with a description longer than any context, and a broken file
    text = (root / PIPELINE).read_text(encoding="utf-8")
    (root / "pipelines" / "long.yaml").write_text(
        text.replace("name: hotel-research", "name: long-kind").replace(
            "description: Hotels for", "description: " + "x" * 50_000 + " Hotels for", 1),
        encoding="utf-8")
    (root / "pipelines" / "broken.yaml").write_text("kind: Pipeline\nname: [\n",
                                                    encoding="utf-8")
    (tmp_path / "outside.yaml").write_text(text, encoding="utf-8")
    (root / "pipelines" / "escape.yaml").symlink_to(tmp_path / "outside.yaml")
    async with scout_mcp(root) as client:
        listed = await client.call_tool("kinds", {})
        missing = await client.call_tool("plan", {"file": "pipelines/pisos.yaml",
                                                  "query": "pisos en Madrid"})
        pasted = "hoteles en Sevilla en mayo " + "muy bonitos " * 800
        planned = await client.call_tool("plan", {"file": PIPELINE, "query": pasted})
        typed = await client.call_tool("plan", {
            "file": PIPELINE, "query": "hotels in Lisbon",
            "set": {"min_rating": 8.5, "download_photos": True}})
        refused = await client.call_tool("plan", {
            "file": PIPELINE, "query": "hoteles en Lisboa", "set": {"budget": "cien pavos"}})
    assert not listed.is_error
    kinds = {k["file"]: k for k in listed.structured_content["kinds"]}
    hotel = kinds[PIPELINE]
    assert hotel["kind"] == "Pipeline" and hotel["name"] == "hotel-research"
    inputs = {i["name"]: i for i in hotel["inputs"]}
    assert inputs["destination"]["required"] is True and inputs["destination"]["description"]
    assert inputs["min_rating"]["default"] == 8.0
    assert kinds["pipelines/missions/hotel-barcelona-2026-09.yaml"]["kind"] == "Mission"
    # listed, each description cut; a file that does not load says why; no way out
    assert len(kinds["pipelines/long.yaml"]["description"]) <= DESCRIPTION_WIDTH
    assert kinds["pipelines/broken.yaml"]["kind"] is None
    assert kinds["pipelines/broken.yaml"]["error"]
    assert "pipelines/escape.yaml" not in kinds
    assert len(listed.content[0].text) < 20_000
    # a guessed file: the error names the tool that lists the real ones
    assert missing.is_error and "USE001" in missing.content[0].text
    assert "kinds" in missing.content[0].text
    # a 9.6 kB paste (under USE067's bound) is read up to the parser's bound and
    # repeated only that far
    assert not planned.is_error
    request = planned.structured_content["request"]
    assert request["values"]["destination"] == "Sevilla"
    assert len(request["query"]) < MAX_QUERY_CHARS + 10
    assert len(planned.content[0].text) < 20_000
    # JSON numbers and booleans are values of the kind's inputs, typed by them
    assert not typed.is_error, typed.content[0].text
    assert typed.structured_content["request"]["values"]["min_rating"] == 8.5
    assert typed.structured_content["request"]["values"]["download_photos"] is True
    # the fix of a refused value is said as the tool takes it, in the request's language
    said = refused.content[0].text
    assert refused.is_error and "USE001" in said and "--set" not in said, said
    assert 'set {"budget": ' in said and "p. ej." in said, said
