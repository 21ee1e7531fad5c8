"""Honest accounting for paid calls in flight (issue 13 §8).

A ``sent`` line is journaled before each paid request; a kill while the request is in
flight leaves it unanswered, and ``scout cost`` / ``scout audit`` report the call as in
doubt (with its estimated price) instead of claiming the resumed mission never paid
twice. Free adapters get no ``sent`` line; ``sent`` lines are never counted as calls.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.adapters.contract import SearchRequest
from scout.providers.in_doubt import in_doubt_of, scan_in_doubt
from scout.providers.journal import read_journal
from tests.providers.fakes import ScriptedAdapter, make_config, settings

Q = SearchRequest(query="hotels in Barcelona", limit=5)


class _Killed(BaseException):
    """Stands for SIGKILL: nothing after the point where it is raised happens."""


def _paid(make_runtime, script=(), **kw):
    cfg = make_config({"a": settings(cache_ttl="1h", tariff={"per_request": 0.01}),
                       "free": settings(cache_ttl="1h")}, {"web": ["a"], "keyless": ["free"]})
    ad = ScriptedAdapter("a", cfg.adapters["a"], script=script)
    free = ScriptedAdapter("free", cfg.adapters["free"])
    return make_runtime(cfg, {"a": ad, "free": free}, **kw), ad, free


def _kill_in_flight(request, credential):
    raise _Killed()  # the request left; the process dies before any answer


def test_a_paid_request_is_journaled_as_sent_before_it_leaves(tmp_path: Path,
                                                               make_runtime) -> None:
    rt, ad, _ = _paid(make_runtime)
    rt.gateway("F1", "web").call(Q)
    sent, ok = read_journal(tmp_path / "runtime").entries
    assert sent["result"] == "sent" and ok["result"] == "ok"
    assert sent["response_summary"]["call"] == ok["response_summary"]["call"]
    assert sent["response_summary"]["estimate_usd"] == pytest.approx(0.01)
    assert sent["cost"]["usd"] == 0 and sent["token_name"] == ok["token_name"]


def test_a_free_adapter_gets_no_sent_line(tmp_path: Path, make_runtime) -> None:
    rt, _, free = _paid(make_runtime)
    rt.gateway("F1", "keyless").call(Q)
    assert [e["result"] for e in read_journal(tmp_path / "runtime").entries] == ["ok"]


def test_a_kill_in_flight_leaves_a_call_in_doubt(tmp_path: Path, make_runtime,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    rt, ad, _ = _paid(make_runtime, script=[_kill_in_flight])
    with pytest.raises(_Killed):
        rt.gateway("F1", "web").call(Q)
    # the resumed process sends it again (its answer was never recorded) and pays again
    rt2, ad2, _ = _paid(make_runtime, mission_id="m-1")
    rt2.gateway("F1", "web").call(Q)
    assert len(ad.calls) == 1 and len(ad2.calls) == 1
    lines = read_journal(tmp_path / "runtime").entries
    assert [e["result"] for e in lines] == ["sent", "sent", "ok"]
    doubt = in_doubt_of(lines)
    assert doubt.calls == 1 and doubt.usd == pytest.approx(0.01)
    assert doubt.lines[0]["response_summary"]["call"] == lines[0]["response_summary"]["call"]
    assert scan_in_doubt(tmp_path / "runtime").to_dict()["calls"] == 1

    # scout cost: the sent lines are not calls; the doubt is listed apart, both paths agree
    for use_index in (True, False):
        s = cost_summary(tmp_path / "runtime", ["mission"], JournalFilter(),
                         use_index=use_index)
        assert s.total.calls == 1 and s.total.usd == pytest.approx(0.01)
        assert s.in_doubt.calls == 1 and s.to_dict()["in_doubt"]["usd_estimate"] == 0.01
    assert cost_summary(tmp_path / "runtime", ["mission"],
                        JournalFilter(mission="other")).in_doubt.calls == 0


def test_retries_and_errors_answer_their_sent_lines(tmp_path: Path, make_runtime) -> None:
    from scout.errors import Unavailable

    rt, ad, _ = _paid(make_runtime, script=[Unavailable("down", status=503)])
    rt.gateway("F1", "web").call(Q)
    lines = read_journal(tmp_path / "runtime").entries
    assert [e["result"] for e in lines] == ["sent", "retry", "sent", "ok"]
    assert in_doubt_of(lines).calls == 0


def test_scout_cost_and_audit_show_the_calls_in_doubt(tmp_path: Path, make_runtime,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from scout.audit.trail import render_markdown
    from scout.cli import cli

    rt, _, _ = _paid(make_runtime, script=[_kill_in_flight])
    with pytest.raises(_Killed):
        rt.gateway("F1", "web").call(Q)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    out = CliRunner().invoke(cli, ["cost"]).output
    assert "in doubt: 1 paid request(s)" in out and "$0.0100" in out
    data = json.loads(CliRunner().invoke(cli, ["cost", "--json"]).output)
    assert data["in_doubt"]["calls"] == 1 and data["total"]["calls"] == 0

    trail = {"mission_id": "m-1", "pipeline": None, "pipeline_path": None,
             "status": "interrupted", "exit_code": None, "started_at": None,
             "finished_at": None, "run_dir": str(tmp_path), "reason": None,
             "request": {"query": "q", "max_cost": None, "inputs": {}, "input_sources": {}},
             "task": None, "runs": [], "phases": [], "artifacts": [],
             "journal": {"count": 0, "entries": [], "torn": []}, "reports": {},
             "cost": cost_summary(tmp_path / "runtime", ["phase", "adapter", "token"],
                                  JournalFilter(mission="m-1")).to_dict()}
    md = render_markdown(trail)
    assert "**in doubt**: 1 paid request(s)" in md and "$0.0100" in md


def test_a_replay_sends_nothing_and_writes_no_sent_line(tmp_path: Path, make_runtime) -> None:
    rt, _, _ = _paid(make_runtime)
    assert rt.adapters.paid_estimate("a") == pytest.approx(0.01)
    assert rt.adapters.paid_estimate("free") is None
    rt.adapters.replaying = True  # what a --replay run builds
    assert rt.adapters.paid_estimate("a") is None


@pytest.mark.parametrize("chunk", [7, 64, 300, 1 << 20])
def test_the_scan_reads_blocks_and_misses_no_line_across_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """A night's journal is read a block at a time (never whole): a line cut by a block's
    end is read whole, and the calls in doubt are those a whole-file read finds."""
    import scout.providers.in_doubt as mod
    from scout.providers.journal import Journal

    runtime = tmp_path / "runtime"
    with Journal(runtime) as journal:
        for i in range(40):
            call = {"call": f"{i:08x}", "estimate_usd": 0.01}
            journal.append({"ts": f"2026-12-06T20:{i:02d}:00.000Z", "mission_id": f"m{i % 3}",
                            "adapter": "a", "result": "sent", "response_summary": call,
                            "cost": {"usd": 0.0}})
            journal.append({"ts": "2026-12-06T21:00:00.000Z", "mission_id": "x",
                            "adapter": "free", "result": "ok", "cost": {"usd": 0.0},
                            "response_summary": {"note": "é" * (i % 5)}})
            if i % 4:  # every fourth call never answered
                journal.append({"ts": f"2026-12-06T20:{i:02d}:01.000Z",
                                "mission_id": f"m{i % 3}", "adapter": "a", "result": "ok",
                                "response_summary": call, "cost": {"usd": 0.01}})
    whole = in_doubt_of(read_journal(runtime).entries)
    monkeypatch.setattr(mod, "_CHUNK", chunk)
    got = scan_in_doubt(runtime)
    assert sorted(e["response_summary"]["call"] for e in got.lines) == sorted(
        e["response_summary"]["call"] for e in whole.lines) == [
        f"{i:08x}" for i in range(0, 40, 4)]


def test_the_scan_holds_no_line_longer_than_the_journals_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of megabytes with no newline (a damaged or hostile journal) grew the block
    carried over without bound (a 2 GB line: 2 GB held by `scout cost`); it is dropped up
    to its newline, and the calls around it are still found."""
    import tracemalloc

    import scout.providers.in_doubt as mod

    monkeypatch.setattr(mod, "_CHUNK", 4096)
    monkeypatch.setattr(mod, "MAX_LINE_BYTES", 16 * 1024)
    runtime = tmp_path / "runtime"
    runtime.mkdir()

    def sent(n: int) -> str:
        return json.dumps({"ts": f"2026-12-06T20:0{n}:00.000Z", "mission_id": "m",
                           "adapter": "a", "result": "sent", "cost": {"usd": 0.0},
                           "response_summary": {"call": f"{n:08x}", "estimate_usd": 0.1}})
    fake = '{"result": "sent", "response_summary": {"call": "deadbeef"}, "x": "'
    (runtime / "request_journal.jsonl").write_text(
        sent(1) + "\n" + fake + "a" * 3_000_000 + '"}\n' + sent(2) + "\n", encoding="utf-8")
    tracemalloc.start()
    try:
        got = scan_in_doubt(runtime)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert sorted(e["response_summary"]["call"] for e in got.lines) == ["00000001",
                                                                         "00000002"]
    assert peak < 500_000
