"""``scout mcp`` running live missions against the e2e fake providers (over stdio, the
SDK's client): no secret value in any tool result, resource or output, and cancelling
``apply`` interrupts the mission cleanly so the next ``apply`` resumes it."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tests.e2e.world import PERPLEXITY_KEY, QUERY, World
from tests.integration.helpers import find_leaks
from tests.mcp.conftest import scout_mcp, text_of

pytestmark = pytest.mark.anyio
LAUNCH = "tests.mcp.launch"  # scout mcp with the e2e adapter factory (fake YouTube)
PIPELINE = "pipelines/hotel_research.yaml"


def _pipeline_in(world: World) -> str:
    from tests.e2e.world import ROOT

    (world.root / "pipelines").mkdir(exist_ok=True)
    target = world.root / PIPELINE
    target.write_text((ROOT / PIPELINE).read_text())
    return PIPELINE


async def test_no_secret_in_any_mcp_output(world: World, tmp_path: Path) -> None:  # noqa: F811
    pipeline = _pipeline_in(world)
    errlog = (tmp_path / "server-stderr.txt").open("w+")
    outputs: list[str] = []
    async with scout_mcp(world.root, world.env(), module=LAUNCH, errlog=errlog) as client:
        applied = await client.call_tool("apply", {"file": pipeline, "query": QUERY,
                                                   "set": {"min_rating": "8"}})
        assert not applied.is_error, applied.content
        mid = applied.structured_content["mission_id"]
        assert applied.structured_content["status"] == "succeeded"
        assert applied.structured_content["cost_usd"] > 0  # Tavily and Perplexity were paid
        # a mission that succeeded points to no stopped page and needs no next step
        assert applied.structured_content["stopped_report"] is None
        assert applied.structured_content["hint"] is None
        outputs.append(text_of(applied))
        # one stopped at its cost cap: its result says where the page is, why, what next
        # (another request, so another mission: the first one's work is not reused)
        capped = await client.call_tool("apply", {
            "file": pipeline, "query": QUERY.replace("Barcelona", "Madrid"),
            "set": {"min_rating": "8"}, "max_cost": 0.01})
        assert not capped.is_error, capped.content
        stopped = capped.structured_content
        assert stopped["status"] == "stopped_budget" and stopped["mission_id"] != mid
        assert stopped["stopped_report"] == f"runs/{stopped['mission_id']}/report.md"
        assert stopped["stopped_report_html"] == f"runs/{stopped['mission_id']}/report.html"
        page = (world.root / stopped["stopped_report"]).read_text()
        assert page.startswith(f"# Mission {stopped['mission_id']} stopped at its cost cap")
        assert (world.root / stopped["stopped_report_html"]).is_file()
        assert stopped["reason"] and "max_cost" in stopped["hint"]
        outputs.append(text_of(capped))
        for tool, args in [("plan", {"file": pipeline, "query": QUERY}),
                           ("status", {"mission_id": mid}), ("runs", {}),
                           ("audit", {"mission_id": mid}),
                           ("journal", {"limit": 10000}), ("pool_status", {}),
                           ("cost", {"by": "token"}), ("cost", {"by": "adapter"}),
                           ("validate", {"path": "."})]:
            result = await client.call_tool(tool, args)
            assert not result.is_error, (tool, result.content)
            outputs.append(text_of(result))
        for uri in (f"scout://missions/{mid}/report",
                    f"scout://missions/{mid}/artifacts/synthesis",
                    f"scout://missions/{mid}/artifacts/candidates"):
            outputs.extend(c.text for c in (await client.read_resource(uri)).contents)
    errlog.seek(0)
    secrets = [PERPLEXITY_KEY, *world.providers.keys.values()]
    assert all(len(s) >= 8 for s in secrets)
    leaks = find_leaks(secrets, [world.root / "runs", world.root / "runtime"],
                       mcp="\n".join(outputs), stderr=errlog.read())
    assert leaks == {}
    # the scan saw the calls that carried the keys: their names are there, values are not
    assert "TAVILY_API_KEY" in "\n".join(outputs)


async def test_cancelling_apply_interrupts_and_the_next_apply_resumes(
        world: World) -> None:  # noqa: F811
    from tests.e2e.world import latency

    pipeline = _pipeline_in(world)
    latency(world, scale=0.3)  # slow enough to cancel in the middle of the fan-out
    seen: list[str] = []
    async with scout_mcp(world.root, world.env(), module=LAUNCH) as client:
        async with anyio.create_task_group() as tg:
            async def on_progress(done: float, total: float | None,
                                  message: str | None) -> None:
                seen.append(message or "")
                if message and " item " in message:
                    tg.cancel_scope.cancel()  # the client sends notifications/cancelled

            async def call() -> None:
                await client.call_tool("apply", {"file": pipeline, "query": QUERY},
                                       progress_callback=on_progress)

            tg.start_soon(call)
        assert any(" item " in m for m in seen)
        runs = (await client.call_tool("runs", {})).structured_content["runs"]
        mid = runs[0]["mission_id"]
        # the server finishes the interrupt in the background: wait for it to be recorded
        with anyio.fail_after(60):
            while True:
                status = (await client.call_tool("status", {"mission_id": mid}))
                if status.structured_content["status"] == "interrupted":
                    break
                await anyio.sleep(0.2)
        assert "apply" in status.structured_content["resume_hint"]
        state = status.structured_content["state"]
        assert state["phases"]["F1"]["status"] == "succeeded"
        resumed = await client.call_tool("apply", {"file": pipeline, "query": QUERY})
    assert not resumed.is_error, resumed.content
    assert resumed.structured_content["status"] == "succeeded"
    assert resumed.structured_content["mission_id"] == mid
    f1 = [e for e in world.journal() if e["phase"] == "F1" and e.get("result") == "ok"]
    assert len(f1) == 1  # F1 was reused by the resumed apply, not asked again
