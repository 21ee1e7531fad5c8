"""Every mission's totals (scout/audit/runs_summary.py) wherever missions are listed, not
only ``scout runs``: ``GET /api/missions``' ``summary``, MCP ``runs``' ``summary`` through
the SDK's own client over stdio, and the dashboard's totals line in a real headless
Chromium. Each counts every mission of the night, not the page shown, and agrees with a
count made here from each mission's own state and the journal's own total."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from scout.audit.cost import cost_summary
from scout.audit.runs import run_row
from scout.orchestrator.state_store import load_state
from scout.server.app import ServerSettings, create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.operator_lib.night import mission_id, write_night  # noqa: E402

MISSIONS = 110  # past a dashboard page (RUNS_LIMIT), each kind of end among them
DAMAGED = {5: "snapshot", 80: "log_dir"}


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("totals")
    write_night(root, MISSIONS, lines=2, damaged=DAMAGED, big={})
    return root


def _expected(night: Path) -> dict[str, Any]:
    """The totals counted here, mission by mission, from each one's own state."""
    by_status: dict[str, int] = {}
    for i in range(MISSIONS):
        run_dir = night / "runs" / mission_id(i)
        try:
            status = run_row(run_dir, load_state(run_dir)).status
        except Exception:  # noqa: BLE001 - a state that cannot be read is listed so
            status = "unreadable"
        by_status[status] = by_status.get(status, 0) + 1
    usd = cost_summary(night / "runtime", [], use_index=False).total.usd
    return {"missions": MISSIONS, "by_status": by_status,
            "failed": sum(n for s, n in by_status.items() if s.startswith("failed")),
            "usd": usd}


def _check(summary: dict[str, Any], want: dict[str, Any]) -> None:
    assert summary["missions"] == want["missions"]
    assert summary["by_status"] == want["by_status"]
    assert sum(summary["by_status"].values()) == MISSIONS
    assert summary["failed"] == want["failed"] > 0
    assert {"succeeded", "interrupted", "stopped_budget"} <= set(summary["by_status"])
    assert summary["damaged"] >= 1  # the log that is a folder, at least
    assert summary["cost_usd"] == pytest.approx(want["usd"], abs=1e-6)
    assert want["usd"] > 0


def test_the_api_gives_every_missions_totals_on_every_page(night: Path) -> None:
    want = _expected(night)
    app = create_app(ServerSettings(root=night, runs_dir=night / "runs"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        first = client.get("/api/missions", params={"limit": 4})
        assert first.status_code == 200, first.text
        body = first.json()
        assert len(body["runs"]) == 4 and body["total"] == MISSIONS
        _check(body["summary"], want)
        # the page after the cursor: the same totals (every mission, not the page)
        later = client.get("/api/missions", params={"limit": 4,
                                                    "cursor": body["next_cursor"]}).json()
        assert later["summary"] == body["summary"]
        assert set(body["problems"]) <= {mission_id(i) for i in DAMAGED}
        # the OpenAPI document names the field and its parts
        schema = client.get("/openapi.json").json()["components"]["schemas"]
        assert "summary" in schema["Missions"]["properties"]
        assert {"missions", "by_status", "failed", "damaged", "cost_usd"} <= set(
            schema["RunsSummary"]["properties"])


def test_an_empty_runs_dir_totals_none(tmp_path: Path) -> None:
    app = create_app(ServerSettings(root=tmp_path, runs_dir=tmp_path / "runs"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        body = client.get("/api/missions").json()
    assert body["runs"] == [] and body["summary"]["missions"] == 0
    assert body["summary"]["by_status"] == {} and body["summary"]["cost_usd"] is None


@pytest.mark.anyio
async def test_mcp_runs_gives_the_totals_through_the_sdk_client(night: Path) -> None:
    from tests.mcp.conftest import scout_mcp

    want = _expected(night)
    async with scout_mcp(night) as client:
        got = await client.call_tool("runs", {"limit": 3})
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert not got.is_error, got.content
    data = got.structured_content
    assert len(data["runs"]) == 3 and data["total"] == MISSIONS
    _check(data["summary"], want)
    # the tool's output schema tells an agent what the totals are
    assert "summary" in str(tools["runs"].output_schema)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    from tests.ops.browser import chromium

    with chromium(tmp_path / "profile") as driver:
        yield driver


@pytest.mark.timeout(240)
def test_the_dashboard_shows_the_totals_in_chromium(night: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    from tests.ops.browser import console_errors
    from tests.ops.test_browser import ScoutServe, _env

    want = _expected(night)
    env = _env({"SCOUTE_RESEARCH_ROOT": str(night)})
    with ScoutServe(night, env) as served:
        for lang, word in (("en", "In all: "), ("es", "En total: ")):
            browser.get(f"{served.url}/?lang={lang}")
            line = browser.find_element(By.CSS_SELECTOR, "p.totals")
            assert line.get_attribute("data-missions") == str(MISSIONS)
            assert line.text.startswith(f"{word}{MISSIONS} ")
            shown = {s.get_attribute("data-state"): int(s.get_attribute("data-count"))
                     for s in line.find_elements(By.CSS_SELECTOR, ".total")}
            assert shown == want["by_status"]
            spent = line.find_element(By.CSS_SELECTOR, ".spent")
            assert float(spent.get_attribute("data-usd")) == pytest.approx(want["usd"],
                                                                          abs=1e-6)
            assert line.find_element(By.CSS_SELECTOR, ".damaged").text
            assert console_errors(browser) == []
        # the page lists fewer rows than the totals count: the line is every mission's
        rows = browser.find_elements(By.CSS_SELECTOR, "table.missions tbody tr")
        assert 0 < len(rows) < MISSIONS
        api = httpx.get(served.url + "/api/missions").json()
        assert api["summary"]["missions"] == MISSIONS
