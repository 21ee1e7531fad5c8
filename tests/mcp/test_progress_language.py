"""An MCP client's progress notifications speak the request's language, as ``scout
apply``'s console does; the result's machine fields (status, codes, phase ids) stay
English. Driven by the SDK's own client over stdio, on the demo's replayed cassette."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.i18n import translations
from tests.mcp.conftest import DEMO_QUERY, demo_root, scout_mcp

pytestmark = pytest.mark.anyio

PIPELINE = "pipelines/hotel_research.yaml"
CASSETTE = "examples/hotel-barcelona/cassette"


async def test_progress_of_a_spanish_request_is_spanish(tmp_path: Path) -> None:
    messages: list[str] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        messages.append(message or "")

    async with scout_mcp(demo_root(tmp_path)) as client:
        applied = await client.call_tool(
            "apply", {"file": PIPELINE, "query": DEMO_QUERY, "replay": CASSETTE,
                      "set": {"lang": "es"}},
            progress_callback=on_progress)

    assert not applied.is_error, applied.content
    assert applied.structured_content["status"] == "succeeded"  # a machine field: English
    tr = translations("es")
    started = tr.npgettext("console", "starting mission {mission} ({count} phase) in {run_dir}",
                           "starting mission {mission} ({count} phases) in {run_dir}", 2)
    assert any(m.startswith(started.split("{")[0]) for m in messages), messages
    item_ok = tr.pgettext("console", "{phase} item {index} ok ({done}/{total})")
    assert any(" " + item_ok.split()[1] + " " in m for m in messages), messages
    assert not any(" item " in m or m.startswith("starting mission") for m in messages), messages


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_hint_of_a_capped_mission_is_in_the_requests_language(lang: str) -> None:
    from scout.api import MissionResult
    from scout.report.failure import BUDGET_HINT, next_step

    result = MissionResult(mission_id="m", run_dir=Path("runs/m"), status="stopped_budget",
                           exit_code=4, phases={}, lang=lang)
    hint = next_step(result, result.lang)
    assert hint == translations(lang).gettext(BUDGET_HINT)
    assert (hint != BUDGET_HINT) == (lang == "es")
