"""The HTTP API's answers bounded as the MCP tools' are (scout/audit/limits.py), through a
real uvicorn on 127.0.0.1 and httpx: a lab of more missions than a listing names, a
mission of thousands of phases and a report of megabytes come back bounded, each saying
what it left out and how to ask for it; and a dashboard page that fails answers the
dashboard's HTML error page, not the API's JSON. The run dirs are written here (no
mission runs)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from scout.audit.limits import AUDIT_PHASES, REPORT_PART_CHARS, RUNS_LIMIT
from scout.orchestrator.state_store import LOG_NAME, StateStore
from scout.providers.journal import Journal
from tests.ops.live import LiveServer
from tests.ops.test_index import line

PHASES = 3000
MISSIONS = RUNS_LIMIT + 20


def _state(run: Path, mission: str, phases: int) -> None:
    run.mkdir(parents=True)
    with StateStore(run, mission_id=mission, durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": mission})
        for i in range(phases):
            st.append({"ev": "phase", "phase": f"P{i}", "status": "succeeded", "attempt": 1})
        if phases:
            st.append({"ev": "phase", "phase": f"P{phases - 7}", "status": "failed_terminal",
                       "attempt": 1})
        st.append({"ev": "mission", "status": "failed", "exit_code": 1})


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    root = tmp_path_factory.mktemp("lab")
    runs = root / "runs"
    _state(runs / "huge", "huge", PHASES)
    (runs / "huge" / "report.md").write_text(
        "# Report\n\n" + "".join(f"- hotel {i}\n" for i in range(200_000)), encoding="utf-8")
    for i in range(MISSIONS - 1):
        _state(runs / f"small-{i:03d}", f"small-{i:03d}", 0)
    (runs / "broken" / LOG_NAME).mkdir(parents=True)  # a folder where the state log goes
    with Journal(root / "runtime") as journal:  # a paid call by each mission, dearer each
        for i in range(MISSIONS):
            journal.append(line(i, mission_id=f"small-{i:03d}", cost={"usd": 0.001 * (i + 1)},
                                result="ok", error=None))
    with LiveServer(root, {}) as live, httpx.Client(base_url=live.url, timeout=60) as c:
        yield c


def test_the_missions_listed_are_the_newest_and_say_how_many_there_are(client) -> None:
    got = client.get("/api/missions")
    assert got.status_code == 200, got.text
    body = got.json()
    total = body["total"]
    assert total >= MISSIONS and len(body["runs"]) == RUNS_LIMIT
    assert f"{RUNS_LIMIT} of {total}" in body["note"] and "?limit=" in body["note"]
    every = client.get("/api/missions", params={"limit": 10000}).json()
    assert len(every["runs"]) == total and every["next_cursor"] is None
    # nothing left out: the note names only the mission whose state log is a folder,
    # listed with its problem rather than left out of the count
    assert every["problems"] == ["broken"] and "of" not in every["note"].split(";")[0]
    assert "1 with a problem" in every["note"] and "broken" in every["note"]
    (broken,) = [r for r in every["runs"] if r["mission_id"] == "broken"]
    assert broken["status"] == "unreadable" and "cannot be read" in broken["problem"]
    assert [r["mission_id"] for r in every["runs"][:RUNS_LIMIT]] == [
        r["mission_id"] for r in body["runs"]]
    for bad in ("0", "10001", "x"):
        refused = client.get("/api/missions", params={"limit": bad})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "USE001"


def test_a_state_of_thousands_of_phases_keeps_the_failed_and_says_what_it_left_out(
        client) -> None:
    got = client.get("/api/missions/huge")
    assert got.status_code == 200, got.text
    state = got.json()
    assert len(got.content) < 100_000  # every phase was 746 kB
    assert state["phases_count"] == PHASES and len(state["phases"]) == AUDIT_PHASES
    assert state["phases"][f"P{PHASES - 7}"]["status"] == "failed_terminal"
    assert f"{AUDIT_PHASES} of {PHASES}" in state["phases_note"]
    assert "?phases=" in state["phases_note"]
    whole = client.get("/api/missions/huge", params={"phases": 10000}).json()
    assert len(whole["phases"]) == PHASES and whole["phases_note"] is None
    assert client.get("/api/missions/huge", params={"phases": 0}).status_code == 422


def test_a_long_report_comes_in_parts_each_naming_the_next(client) -> None:
    parts: list[str] = []
    url: str | None = "/api/missions/huge/report"
    while url is not None:
        got = client.get(url)
        assert got.status_code == 200 and got.headers["content-type"].startswith(
            "text/markdown"), got.text[:300]
        assert len(got.text) <= REPORT_PART_CHARS + 200
        parts.append(got.text)
        nxt = re.search(r"the next: (\S+)\]\n\Z", got.text)
        url = nxt.group(1) if nxt else None
        assert len(parts) < 100
    assert len(parts) > 1 and parts[0].startswith("# Report")
    assert f"part 1 of {len(parts)}" in parts[0]
    assert parts[-1].endswith(f"- hotel {200_000 - 1}\n")
    past = client.get("/api/missions/huge/report", params={"part": len(parts) + 1})
    assert past.status_code == 400 and past.json()["error"]["code"] == "USE001"
    assert f"{len(parts)} part" in past.json()["error"]["message"]


@pytest.mark.parametrize(("path", "status"), [("/missions/broken", 503),
                                              ("/missions/nope", 404)])
def test_a_page_that_fails_answers_an_html_error_page(client, path: str, status: int) -> None:
    page = client.get(path, headers={"Accept-Language": "es"})
    assert page.status_code == status
    assert page.headers["content-type"].startswith("text/html"), page.text[:300]
    assert "<html" in page.text and page.headers["content-language"] == "es"
    api = client.get("/api" + path)  # the API's answer to the same stays its JSON
    assert api.status_code == status and api.json()["error"]["code"]


def test_the_dashboard_lists_the_newest_missions_and_says_how_many_are_left_out(
        client) -> None:
    total = client.get("/api/missions").json()["total"]
    newest = [r["mission_id"] for r in client.get("/api/missions").json()["runs"]]
    page = client.get("/")
    assert page.status_code == 200
    assert re.findall(r'<tr data-mission="([^"]+)"', page.text) == newest
    left = total - RUNS_LIMIT
    assert f"The newest {RUNS_LIMIT} of {total} missions: {left} older" in page.text
    assert f'href="/api/missions?cursor={client.get("/api/missions").json()["next_cursor"]}"' \
        in page.text
    assert 'missions have damaged or unreadable files: <a href="/missions/broken">' \
        in page.text
    es = client.get("/", headers={"Accept-Language": "es"}).text
    assert f"Las {RUNS_LIMIT} misiones más recientes de {total}: se omiten {left}" in es


def test_a_lab_s_cost_rows_are_the_costliest_and_say_how_many_are_left_out(client) -> None:
    api = client.get("/api/cost-summary").json()
    assert [r["key"] for r in api["by_mission"]] == [
        f"small-{i:03d}" for i in range(MISSIONS - 1, MISSIONS - 1 - RUNS_LIMIT, -1)]
    assert api["by_mission_left_out"] == MISSIONS - RUNS_LIMIT
    assert api["total"]["calls"] == MISSIONS  # the total still counts every row
    assert f"the costliest {RUNS_LIMIT} of {MISSIONS}" in api["rows_note"]
    page = client.get("/cost").text
    section = page.split('id="by-mission"')[1].split("</section>")[0]
    assert section.count('<g class="bar"') == RUNS_LIMIT
    left = MISSIONS - RUNS_LIMIT
    assert f"The costliest {RUNS_LIMIT} of {MISSIONS}: {left} are left out." in section
    assert "/api/cost-summary?by=mission&amp;limit=10000" in section
    assert "left-out" not in page.split('id="by-adapter"')[1]  # three adapters: all shown
    es = client.get("/cost", headers={"Accept-Language": "es"}).text
    assert f"Los {RUNS_LIMIT} con más gasto de {MISSIONS}: se omiten {left}." in es


def test_the_dashboard_still_lists_and_shows_a_bounded_mission(client) -> None:
    page = client.get("/missions/huge")
    assert page.status_code == 200 and f'data-phase="P{PHASES - 1}"' in page.text
    script = client.get("/static/dashboard.js").text
    assert "?phases=10000" in script  # the live script asks for every phase it recolours
