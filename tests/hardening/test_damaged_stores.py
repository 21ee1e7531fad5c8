"""Files scout wrote, damaged from outside (a hand edit, a bad disk, a paste), are read
like torn lines: skipped, never an internal error. Each hostile line below is valid
enough JSON to get past a plain ``json.loads`` check, or nested too deep for it:

- nesting deeper than Python's parser goes (``[[[[...``), which ``json.loads`` raises as
  RecursionError, not ValueError;
- a state-log record whose ``seq`` is not a whole number (a string, NaN, 1e400), which
  ``int()`` turned into ValueError or OverflowError outside every handler;
- a phase record whose status is none of the nine (megabytes of it in every table).

Readers share ``scout.fsutil.loads_stored``; the state log keeps the good records around
the damaged ones (nothing a later apply reuses is lost)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.cli import main
from scout.fsutil import loads_stored
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, StateStore, load_state
from scout.providers.journal import JOURNAL_NAME, Journal, iter_journal

DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE_RECORDS = [
    DEEP,
    '{"mission": ' + DEEP + "}",
    '{"seq": "x", "ev": "phase", "phase": "B", "status": "succeeded"}',
    '{"seq": NaN, "ev": "phase", "phase": "B", "status": "succeeded"}',
    '{"seq": 1e400, "ev": "phase", "phase": "B", "status": "succeeded"}',
    '{"seq": true, "ev": "phase", "phase": "B", "status": "succeeded"}',
    '{"seq": 99, "ev": "phase", "phase": 5, "status": null, "attempt": 1e400}',
    # not one of the nine statuses: a 20 MB one took `scout runs` minutes to draw
    '{"seq": 99, "ev": "phase", "phase": "B", "status": "' + "x" * 100_000 + '"}',
]


def test_loads_stored_says_valueerror_for_nesting_past_the_parser() -> None:
    with pytest.raises(ValueError):
        loads_stored(DEEP)
    with pytest.raises(ValueError):
        loads_stored(b"\xff\xfe{}")
    assert loads_stored(b'{"a": [1, 2.5]}') == {"a": [1, 2.5]}


def _run_dir(root: Path, hostile: str, *, snapshot: bool) -> Path:
    run_dir = root / "runs" / "m1"
    run_dir.mkdir(parents=True)
    with StateStore(run_dir, mission_id="m1", durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": "m1"})
        st.append({"ev": "phase", "phase": "A", "status": "running", "attempt": 1})
        st.append({"ev": "phase", "phase": "A", "status": "succeeded", "attempt": 1})
    if not snapshot:
        (run_dir / SNAPSHOT_NAME).unlink()
    with open(run_dir / LOG_NAME, "a", encoding="utf-8") as f:
        f.write(hostile + "\n")
    return run_dir


@pytest.mark.parametrize("snapshot", [True, False], ids=["after-snapshot", "log-only"])
@pytest.mark.parametrize("hostile", HOSTILE_RECORDS, ids=lambda h: h[:24])
def test_a_damaged_state_log_line_is_skipped(tmp_path: Path, hostile: str,
                                             snapshot: bool) -> None:
    run_dir = _run_dir(tmp_path, hostile, snapshot=snapshot)
    state = load_state(run_dir)
    assert state.phases["A"].status == "succeeded"
    assert "B" not in state.phases and 5 not in state.phases
    # the writer side (a resumed apply) folds the same log, then appends after it
    with StateStore(run_dir, mission_id="m1", durability="off") as st:
        assert st.state.phases["A"].status == "succeeded"
        assert st.append({"ev": "phase", "phase": "C", "status": "running"}) > 3
    assert load_state(run_dir).phases["C"].status == "running"


@pytest.mark.parametrize("hostile", HOSTILE_RECORDS[:3], ids=["deep", "deep-field", "seq-str"])
@pytest.mark.parametrize("command", [["status", "m1"], ["status", "m1", "--format", "json"],
                                     ["runs"], ["audit", "m1"]])
def test_commands_read_a_damaged_state_log(tmp_path: Path, hostile: str, command: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _run_dir(tmp_path, hostile, snapshot=False)
    code = main([*command, "--runs-dir", str(tmp_path / "runs")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "internal error" not in err and "Traceback" not in err


def _journal(runtime: Path, hostile: str) -> None:
    journal = Journal(runtime)
    journal.append({"ts": "2026-12-01T10:00:00+00:00", "mission": "m1", "adapter": "tavily",
                    "phase": "F1", "result": "ok", "cost": {"usd": 0.01, "basis": "tariff"}})
    with open(runtime / JOURNAL_NAME, "a", encoding="utf-8") as f:
        f.write(hostile + "\n")


@pytest.mark.parametrize("hostile", HOSTILE_RECORDS[:2], ids=["deep", "deep-field"])
def test_a_deep_journal_line_is_a_torn_line(tmp_path: Path, hostile: str,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    _journal(runtime, hostile)
    assert [e["mission"] for e in iter_journal(runtime)] == ["m1"]
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    for command in (["journal"], ["journal", "--no-index"], ["journal", "--json"],
                    ["cost"], ["cost", "--no-index", "--by", "adapter"]):
        code = main(command)
        out, err = capsys.readouterr()
        assert code == 0, (command, err)
        assert "internal error" not in err, (command, err)
    assert json.loads(main(["journal", "--json"]) == 0 and capsys.readouterr().out)["entries"]


def _runtime_unreadable(monkeypatch: pytest.MonkeyPatch, runtime: Path) -> None:
    """``chmod 000 runtime/`` as a non-root user sees it (the tests may run as root)."""
    real = Path.iterdir

    def iterdir(self: Path):  # type: ignore[no-untyped-def]
        if self == runtime:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)


@pytest.mark.parametrize("command", [["journal"], ["journal", "--no-index"], ["cost"],
                                     ["cost", "--json", "--no-index"]])
def test_a_journal_folder_scout_may_not_read_is_not_an_empty_journal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: list[str]) -> None:
    """It listed no calls and $0.00 (every OSError of the listing read as "no journal")."""
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    _journal(runtime, "")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    _runtime_unreadable(monkeypatch, runtime)
    code = main(command)
    out, err = capsys.readouterr()
    assert code == 3, (out, err)
    assert "error RUN022:" in err and "permission denied" in err and str(runtime) in err


def test_the_api_says_what_the_machine_refused(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.testclient import TestClient

    from scout.server.app import ServerSettings, create_app

    runtime = tmp_path / "runtime"
    runtime.mkdir()
    _journal(runtime, "")
    (tmp_path / "runs").mkdir()
    client = TestClient(create_app(ServerSettings(root=tmp_path, runs_dir=tmp_path / "runs")),
                        base_url="http://127.0.0.1:8077", raise_server_exceptions=False)
    assert client.get("/api/cost-summary").status_code == 200
    _runtime_unreadable(monkeypatch, runtime)
    got = client.get("/api/cost-summary")
    assert got.status_code == 503, got.text
    assert got.json()["error"]["code"] == "RUN022"


#: journal lines scout never writes: costs that are no amount (NaN, Infinity, negative,
#: past any request's), and fields of the wrong type (a cost or summary that is text)
HOSTILE_COSTS = ['{"usd": NaN}', '{"usd": Infinity}', '{"usd": -1000}', '{"usd": 1e308}',
                 '{"usd": "0.5"}', '"free"', '[1]']


def test_journal_lines_of_hostile_costs_and_types_count_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`scout cost` summed them to $inf or $nan (or a 300-digit number), `scout journal`
    failed on a cost or a response summary that is text, and `journal --json` wrote NaN,
    which no JSON reader takes. Each such line now counts $0, as the budget counts it."""
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    _journal(runtime, "")
    with open(runtime / JOURNAL_NAME, "a", encoding="utf-8") as f:
        for cost in HOSTILE_COSTS:
            f.write(f'{{"ts": "2026-12-01T10:00:01+00:00", "mission_id": "m1", "adapter": '
                    f'"tavily", "result": "ok", "response_summary": "x", "cost": {cost}}}\n')
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)

    def strict(text: str) -> dict:
        def refuse(name: str) -> None:
            raise ValueError(f"{name} is not JSON")
        return json.loads(text, parse_constant=refuse)

    for index in ([], ["--no-index"]):
        assert main(["journal", *index]) == 0, capsys.readouterr().err
        out, err = capsys.readouterr()
        assert "internal error" not in err and "nan" not in out and "inf" not in out
        assert main(["journal", "--json", *index]) == 0
        entries = strict(capsys.readouterr().out)["entries"]
        assert len(entries) == 1 + len(HOSTILE_COSTS)
        for by in ("mission", "adapter"):
            assert main(["cost", "--json", "--by", by, *index]) == 0
            body = strict(capsys.readouterr().out)
            assert body["total"]["usd"] == 0.01 and body["total"]["calls"] == 8, body
    # the mission's own audit trail lists the same lines
    _run_dir(tmp_path, "", snapshot=True)
    runs = ["--runs-dir", str(tmp_path / "runs")]
    assert main(["audit", "m1", *runs]) == 0, capsys.readouterr().err
    out, err = capsys.readouterr()
    assert "internal error" not in err and "nan" not in out.lower() and "| inf" not in out
    assert main(["audit", "m1", "--json", *runs]) == 0
    assert strict(capsys.readouterr().out)["journal"]["count"] == len(HOSTILE_COSTS)


def test_a_name_with_control_characters_is_counted_with_the_name_it_reads_as(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`scout cost --by adapter` showed "tav\\0ily" as a second "tavily" row: names are
    cleaned as a terminal shows them before grouping, and the output says some were."""
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    _journal(runtime, "")
    with open(runtime / JOURNAL_NAME, "a", encoding="utf-8") as f:
        for name in ("tav\\u0000ily", "tav\\u001b[31mily", "tavily"):
            f.write(f'{{"ts": "2026-12-01T10:00:01+00:00", "mission_id": "m1", "adapter": '
                    f'"{name}", "result": "ok", "cost": {{"usd": 0.01}}}}\n')
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    for index in ([], ["--no-index"]):
        assert main(["cost", "--json", "--by", "adapter", *index]) == 0
        body = json.loads(capsys.readouterr().out)
        assert [(r["key"], r["calls"]) for r in body["by_adapter"]] == [("tavily", 4)], body
        assert body["cleaned_names"] == 2
        assert main(["cost", "--by", "adapter", *index]) == 0
        out, err = capsys.readouterr()
        assert out.count("tavily") == 1 and "control characters" in err
