"""``scout cost`` and ``scout runs`` on a lab of more missions than a listing shows (the
operators' real case: thousands of missions a night), through the CLI: the costliest (or
newest) rows, a count of what was left out, the way to ask for more, in text and
``--json``; the total still sums every row. The run dirs and the journal are written
here (no mission runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.audit.limits import RUNS_LIMIT
from scout.providers.journal import Journal
from tests.ops.test_api_limits import _state
from tests.ops.test_cli_journal import run
from tests.ops.test_index import line

MISSIONS = RUNS_LIMIT + 37


@pytest.fixture
def lab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text("apiVersion: scout/v1\nkind: Config\n")
    for i in range(MISSIONS):
        _state(tmp_path / "runs" / f"night-{i:04d}", f"night-{i:04d}", 0)
    with Journal(tmp_path / "runtime") as journal:  # one paid call each, dearer each
        for i in range(MISSIONS):
            journal.append(line(i, mission_id=f"night-{i:04d}", result="ok", error=None,
                                cost={"usd": 0.001 * (i + 1)}))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    for name in ("SCOUTE_RUNS_DIR", "SCOUTE_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    rc, out, err = run(capsys, *args, "--json")
    assert rc == 0, err
    return json.loads(out)


def test_cost_json_keeps_the_costliest_rows_and_counts_the_rest(lab: Path, capsys) -> None:
    data = _json(capsys, "cost")
    rows = data["by_mission"]
    assert [r["key"] for r in rows] == [f"night-{i:04d}" for i in
                                        range(MISSIONS - 1, MISSIONS - 1 - RUNS_LIMIT, -1)]
    assert data["by_mission_left_out"] == MISSIONS - RUNS_LIMIT
    assert data["total"]["calls"] == MISSIONS  # the total sums every row, left out or not
    assert f"the costliest {RUNS_LIMIT} of {MISSIONS}" in data["rows_note"]
    assert "--limit" in data["rows_note"]
    every = _json(capsys, "cost", "--limit", "0")
    assert len(every["by_mission"]) == MISSIONS and every["rows_note"] is None
    five = _json(capsys, "cost", "-n", "5", "--by", "adapter")  # three adapters: all
    assert len(five["by_adapter"]) == 3 and five["rows_note"] is None


def test_cost_text_shows_as_many_rows_and_says_what_it_left_out(lab: Path, capsys) -> None:
    rc, out, err = run(capsys, "cost", "--limit", "7")
    assert rc == 0
    shown = [ln for ln in out.splitlines() if "night-" in ln]
    assert len(shown) == 7 and f"night-{MISSIONS - 1:04d}" in shown[0]
    assert "total" in out and str(MISSIONS) in out.split("total", 1)[1].split()[1]
    assert f"the costliest 7 of {MISSIONS}" in err and "--limit N shows more" in err
    rc, out, err = run(capsys, "cost", "--limit", "0")
    assert len([ln for ln in out.splitlines() if "night-" in ln]) == MISSIONS
    assert "costliest" not in err
    rc, _, err = run(capsys, "cost", "--limit", "-1")
    assert rc == 2 and "-1" in err and "Traceback" not in err


def test_runs_lists_the_newest_and_says_how_many_there_are(lab: Path, capsys) -> None:
    data = _json(capsys, "runs")
    assert len(data["runs"]) == RUNS_LIMIT and data["total"] == MISSIONS
    assert f"the newest {RUNS_LIMIT} of {MISSIONS} missions" in data["note"]
    every = _json(capsys, "runs", "-n", "0")
    assert len(every["runs"]) == MISSIONS and every["note"] is None
    assert [r["mission_id"] for r in every["runs"][:RUNS_LIMIT]] == [
        r["mission_id"] for r in data["runs"]]
    rc, out, err = run(capsys, "runs", "--limit", "3")
    assert rc == 0 and len([ln for ln in out.splitlines() if "night-" in ln]) == 3
    assert f"the newest 3 of {MISSIONS} missions" in err


def test_runs_totals_every_mission_not_the_page(lab: Path, capsys) -> None:
    # a night of more missions than a page: the last line (and --json's summary) counts
    # them all, of each status, and the journal's cost of them all
    from scout.orchestrator.state_store import StateStore
    (lab / "runs" / "night-ok").mkdir()
    with StateStore(lab / "runs" / "night-ok", mission_id="night-ok", durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": "night-ok"})
        st.append({"ev": "mission", "status": "succeeded", "exit_code": 0})
    _state(lab / "runs" / "night-gone", "night-gone", 0)
    log = lab / "runs" / "night-gone" / "state.log.jsonl"  # its apply died while running
    log.write_text("\n".join(log.read_text().splitlines()[:-1]) + "\n")
    spent = sum(0.001 * (i + 1) for i in range(MISSIONS))
    for args in ((), ("-n", "3"), ("-n", "0")):
        data = _json(capsys, "runs", *args)
        assert data["summary"] == {
            "missions": MISSIONS + 2, "failed": MISSIONS, "damaged": 0,
            "by_status": {"failed": MISSIONS, "succeeded": 1, "interrupted": 1},
            "cost_usd": pytest.approx(spent)}, args
    rc, out, err = run(capsys, "runs", "--limit", "3")
    last = out.strip().splitlines()[-1]
    assert rc == 0 and last == (f"{MISSIONS + 2} missions: {MISSIONS} failed, 1 interrupted, "
                                f"1 succeeded; ${spent:.4f} spent (the journal's total)"), out
