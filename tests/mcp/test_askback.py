"""An agent that passes on a request the kind cannot run (no place for hotels) gets a tool
error it can relay to the person: in the request's language, what to add, an example,
and the tools' own ``set`` argument that sets it (scout/api/askback.py). Through the
official SDK client over stdio; nothing runs, so no run dir is left."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp.conftest import demo_root, scout_mcp

pytestmark = pytest.mark.anyio

PIPELINE = "pipelines/hotel_research.yaml"


async def test_apply_and_plan_ask_back_in_the_requests_language(tmp_path: Path) -> None:
    root = demo_root(tmp_path)
    calls = [("apply", {"file": PIPELINE, "query": "hoteles baratos con buenas reseñas"}),
             ("plan", {"file": PIPELINE, "query": "hoteles baratos con buenas reseñas"}),
             ("apply", {"file": PIPELINE, "query": "cheap hotels with good reviews"}),
             ("plan", {"file": PIPELINE, "query": "hoteles en Lisboa",
                       "set": {"budget": "100 EUR"}})]
    async with scout_mcp(root) as client:
        results = [await client.call_tool(tool, args) for tool, args in calls]
    texts = [r.content[0].text for r in results]
    for result, text in zip(results[:3], texts[:3]):
        assert result.is_error and "USE065" in text, text
        assert 'set {"destination": "Barcelona"}' in text and "--set" not in text, text
    for text in texts[:2]:
        assert ("a la petición le falta lo que esta búsqueda necesita: destino (ciudad o "
                "zona donde alojarte), p. ej. «en Barcelona»") in text
        assert "fíjalo directamente con" in text
    assert ("the request leaves out what this research needs: destination (city or area "
            "to stay in), e.g. “in Barcelona”") in texts[2]
    # a complete request plans as before
    assert not results[3].is_error, texts[3]
    assert results[3].structured_content["request"]["values"]["destination"] == "Lisboa"
    assert not (root / "runs").exists()
