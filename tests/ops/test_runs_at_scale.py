"""The missions listing on a night of many missions (benchmarks/operator_lib/night.py,
written by scout's own state-log and journal writers): every mission on exactly one page
whatever the page size, through the library, the HTTP API, MCP and the CLI; a damaged
mission listed with its problem, never hiding the others; limits saying what they left
out; the runs cache used while the files are unchanged, read again when they change, and
never trusted when it is damaged or of another shape."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from scout.audit.cost import cost_summary
from scout.audit.runs import read_cursor, run_row, runs_page
from scout.audit.runs_index import INDEX_NAME
from scout.cli import main
from scout.errors import UsageError
from scout.orchestrator.state_store import load_state, StateStore
from scout.server.app import ServerSettings, create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.operator_lib.night import kind_of, mission_id, write_night  # noqa: E402

MISSIONS = 130
DAMAGED = {13: "snapshot", 40: "log_dir", 77: "types", 120: "garbage"}
BIG = {7: 300}


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("night")
    write_night(root, MISSIONS, lines=3, damaged=DAMAGED, big=BIG)
    return root


@pytest.fixture()
def client(night: Path) -> Iterator[TestClient]:
    app = create_app(ServerSettings(root=night, runs_dir=night / "runs"))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def _newest_first() -> list[str]:
    """The ids in the order the night's starts give (each mission starts after the one
    before it); the damaged ones whose state says no start sort by their files' time."""
    return [mission_id(i) for i in reversed(range(MISSIONS))]


def _walk(fetch, limit: int) -> tuple[list[str], list[dict]]:
    ids: list[str] = []
    pages: list[dict] = []
    cursor = None
    while True:
        body = fetch(limit, cursor)
        pages.append(body)
        ids += [r["mission_id"] for r in body["runs"]]
        cursor = body["next_cursor"]
        if cursor is None:
            return ids, pages
        assert len(pages) <= MISSIONS + 1


@pytest.mark.parametrize("limit", [1, 7, 100, 129, 130, 10000])
def test_every_mission_is_on_exactly_one_page(night: Path, limit: int) -> None:
    def fetch(n: int, cursor: str | None) -> dict:
        page = runs_page(night / "runs", night / "runtime", limit=n, cursor=cursor)
        return {"runs": [r.to_dict() for r in page.rows], "next_cursor": page.next_cursor}

    ids, pages = _walk(fetch, limit)
    assert len(ids) == len(set(ids)) == MISSIONS
    assert set(ids) == {mission_id(i) for i in range(MISSIONS)}
    whole = runs_page(night / "runs", night / "runtime")
    assert ids == [r.mission_id for r in whole.rows]  # the pages cut one order
    assert all(len(p["runs"]) == min(limit, MISSIONS) for p in pages[:-1])


def test_the_api_pages_with_its_cursor_and_says_what_it_left_out(client) -> None:
    def fetch(n: int, cursor: str | None) -> dict:
        got = client.get("/api/missions", params={"limit": n, **(
            {"cursor": cursor} if cursor else {})})
        assert got.status_code == 200, got.text
        return got.json()

    ids, pages = _walk(fetch, 25)
    assert len(ids) == len(set(ids)) == MISSIONS and len(pages) == 6
    first = pages[0]
    assert first["total"] == MISSIONS
    assert first["note"].startswith(f"the newest 25 of {MISSIONS} missions")
    assert "?cursor=NEXT_CURSOR" in first["note"]
    assert pages[1]["note"].startswith(f"25 of {MISSIONS} missions, after the cursor")
    assert pages[-1]["next_cursor"] is None and "?cursor" not in pages[-1]["note"]
    for bad in ("x", "AAAA", "%%%", read_cursor.__name__):
        refused = client.get("/api/missions", params={"cursor": bad})
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"]["code"] == "USE001"


def test_a_damaged_mission_is_listed_with_its_problem_and_hides_none(night, client) -> None:
    body = client.get("/api/missions", params={"limit": 10000}).json()
    rows = {r["mission_id"]: r for r in body["runs"]}
    assert len(rows) == MISSIONS  # one damaged mission used to fail the whole listing
    damaged = {mission_id(i) for i in DAMAGED}
    assert set(body["problems"]) == {m for m in damaged if rows[m]["problem"]}
    assert all(rows[m]["problem"] is None for m in rows if m not in damaged)
    log_dir = rows[mission_id(40)]
    assert log_dir["status"] == "unreadable" and "cannot be read" in log_dir["problem"]
    typed = rows[mission_id(77)]  # an outside edit: an exit code of text, a pipeline of 5
    assert "1 record(s) of its state log are malformed" in typed["problem"]
    assert typed["exit_code"] == 1 and typed["pipeline_path"] == "pipelines/hotel_research.yaml"
    # the same record made the mission's own state fail (500, an internal error)
    state = client.get(f"/api/missions/{mission_id(77)}")
    assert state.status_code == 200 and state.json()["exit_code"] == 1, state.text
    assert main(["status", str(night / "runs" / mission_id(77))]) == 0
    assert "no record scout can read" in rows[mission_id(120)]["problem"]
    assert "phase.json is damaged" in rows[mission_id(13)]["problem"]
    # the newest page names every damaged mission, wherever it is in the list
    first = client.get("/api/missions", params={"limit": 5}).json()
    for m in body["problems"]:
        assert m in first["note"] and m in first["problems"]
    page = client.get("/").text
    assert "missions have damaged or unreadable files" in page
    assert f'<a href="/missions/{mission_id(40)}">' in page


def test_rows_keep_their_meaning(night: Path) -> None:
    """Each healthy row is what the row of its freshly read state says (the cached
    fields, liveness judged now): killed missions read interrupted."""
    rows = {r.mission_id: r for r in runs_page(night / "runs", night / "runtime").rows}
    spent = {r.key: round(r.usd, 6) for r in cost_summary(
        night / "runtime", ["mission"], use_index=False).groups["mission"]}
    assert sum(1 for v in spent.values() if v > 0) > MISSIONS // 2
    for i in range(MISSIONS):
        if i in DAMAGED:
            continue
        run_dir = night / "runs" / mission_id(i)
        fresh = run_row(run_dir, load_state(run_dir))
        row = rows[mission_id(i)]
        assert row.model_dump(exclude={"cost_usd"}) == fresh.model_dump(exclude={"cost_usd"})
        want = {"succeeded": "succeeded", "failed": "failed", "killed": "interrupted",
                "budget": "stopped_budget"}[kind_of(i)]
        assert row.status == want
        if want == "interrupted":
            assert row.phases.get("interrupted") == 1 and "running" not in row.phases
        # three journal lines each, looked up for its page only
        assert row.cost_usd == spent.get(mission_id(i), 0.0)


def test_the_cache_is_used_while_files_stay_and_read_again_when_they_change(
        tmp_path: Path) -> None:
    write_night(tmp_path, 12, lines=1, damaged={}, big={})
    runs = tmp_path / "runs"
    first = runs_page(runs, tmp_path / "runtime")
    assert first.read == 12 and (runs / INDEX_NAME).is_file()
    again = runs_page(runs, tmp_path / "runtime")
    assert again.read == 0 and [r.to_dict() for r in again.rows] == [
        r.to_dict() for r in first.rows]
    # a mission that runs again: its log grows, its row changes, only it is read again
    target = runs / mission_id(3)
    with StateStore(target, mission_id=mission_id(3), durability="off") as store:
        store.append({"ev": "mission", "status": "failed", "exit_code": 1,
                      "reason": "a new try failed"})
    changed = runs_page(runs, tmp_path / "runtime")
    assert changed.read == 1
    row = {r.mission_id: r for r in changed.rows}[mission_id(3)]
    assert row.status == "failed" and row.reason == "a new try failed"


@pytest.mark.parametrize("damage", [
    b"not json at all", b'{"format": 99, "runs": {}}', b"\xff\xfe",
    "a cached row of another shape"])
def test_a_damaged_cache_is_never_trusted(tmp_path: Path, damage) -> None:
    write_night(tmp_path, 6, lines=1, damaged={}, big={})
    runs = tmp_path / "runs"
    truth = [r.to_dict() for r in runs_page(runs, None, use_index=False).rows]
    runs_page(runs, None)
    path = runs / INDEX_NAME
    if isinstance(damage, bytes):
        path.write_bytes(damage)
        expect_read = 6
    else:  # every field there but the status a lie of the wrong type: read again
        doc = json.loads(path.read_text())
        entry = doc["runs"][mission_id(2)]
        entry["row"]["status"] = 5
        del doc["runs"][mission_id(4)]["row"]["phases"]
        path.write_text(json.dumps(doc))
        expect_read = 2
    page = runs_page(runs, None)
    assert page.read == expect_read
    assert [r.to_dict() for r in page.rows] == truth


def test_the_cli_pages_and_names_the_damaged(night: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(night))
    monkeypatch.chdir(night)
    assert main(["runs", "-n", "3"]) == 0
    out, err = capsys.readouterr()
    assert f"note: the newest 3 of {MISSIONS} missions" in err
    assert mission_id(40) in err and "problem" in err
    nxt = err.split("--cursor ")[1].split()[0]  # the note names the next page's cursor
    assert main(["runs", "-n", "3", "--cursor", nxt]) == 0
    out, err = capsys.readouterr()
    assert mission_id(MISSIONS - 4) in out and mission_id(MISSIONS - 1) not in out
    ids: list[str] = []
    cursor = None
    while True:
        assert main(["runs", "--json", "-n", "40", *(["--cursor", cursor] if cursor
                                                      else [])]) == 0
        body = json.loads(capsys.readouterr().out)
        ids += [r["mission_id"] for r in body["runs"]]
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert sorted(ids) == sorted(mission_id(i) for i in range(MISSIONS))
    assert len(ids) == MISSIONS
    assert main(["runs", "--cursor", "nope"]) == 2
    assert "cursor" in capsys.readouterr().err


def test_mcp_runs_pages_too(night: Path) -> None:
    from scout.mcp import reads
    from scout.mcp.workspace import Workspace

    ws = Workspace(night)
    first = reads.runs(ws, 60)
    second = reads.runs(ws, 60, first.next_cursor)
    third = reads.runs(ws, 60, second.next_cursor)
    ids = [r.mission_id for p in (first, second, third) for r in p.runs]
    assert len(ids) == len(set(ids)) == MISSIONS and third.next_cursor is None
    assert mission_id(40) in first.problems
    with pytest.raises(UsageError):
        reads.runs(ws, 60, "garbage!")


def test_a_live_mission_alone_does_not_rewrite_the_cache(tmp_path: Path, monkeypatch) -> None:
    """A running apply changes its files all the time: a listing that read nothing else
    again leaves the cache as it was; a killed mission (nothing alive) is cached."""
    import scout.audit.runs_index as ri

    write_night(tmp_path, 100, lines=1, damaged={}, big={})
    runs = tmp_path / "runs"
    killed = mission_id(90)  # kind_of(90) == "killed": its state says running
    assert kind_of(90) == "killed"
    runs_page(runs, None)
    cache = runs / INDEX_NAME
    before = cache.read_bytes()
    monkeypatch.setattr(ri, "apply_alive", lambda run_dir: run_dir.name == killed)
    with StateStore(runs / killed, mission_id=killed, durability="off") as store:
        store.append({"ev": "item", "phase": "F4", "fp": "x", "i": 1, "ok": True})
    page = runs_page(runs, None)
    assert page.read == 1 and cache.read_bytes() == before
    monkeypatch.setattr(ri, "apply_alive", lambda run_dir: False)  # it was killed
    assert runs_page(runs, None).read == 1 and cache.read_bytes() != before
    assert runs_page(runs, None).read == 0
