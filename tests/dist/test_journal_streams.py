"""Several writers' journal streams under one runtime/ read as one journal, ordered by
time, by every reader (iter/read_journal, audit query with and without the index, cost,
in-doubt); rotation per stream; one stream behaves as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.audit.journal_query import query
from scout.providers import journal as J


def _line(ts: str, mission: str, usd: float = 0.0, result: str = "ok", **kw: object) -> dict:
    return {"ts": ts, "mission_id": mission, "phase": "S", "adapter": "tavily",
            "action": "search", "token_name": None, "request": {}, "response_summary": kw,
            "result": result, "error": None, "cost": {"usd": usd}, "chain": None}


def test_streams_merge_by_time_for_every_reader(tmp_path: Path) -> None:
    rt = tmp_path / "runtime"
    a = J.Journal(rt, writer="hostA-11", max_bytes=400)
    b = J.Journal(rt, writer="hostB-22")
    main = J.Journal(rt, writer=None)
    # interleaved in time across three writers; a's small max_bytes rotates its file
    a.append(_line("2026-09-01T10:00:00.001Z", "m1", 0.01))
    b.append(_line("2026-09-01T10:00:00.002Z", "m1", 0.02))
    main.append(_line("2026-09-01T10:00:00.003Z", "m2", 0.04))
    a.append(_line("2026-09-01T10:00:00.004Z", "m1", 0.08))
    b.append(_line("2026-09-01T10:00:00.005Z", "m2", 0.16, result="sent", call="abcdef0123"))
    a.append(_line("2026-09-01T10:00:00.006Z", "m1", 0.32))
    for j in (a, b, main):
        j.close()
    names = sorted(p.name for p in rt.glob("request_journal*.jsonl"))
    assert "request_journal@hostB-22.jsonl" in names and J.JOURNAL_NAME in names
    assert any(n.startswith("request_journal@hostA-11.2") for n in names), names  # rotated
    assert len(J.journal_streams(rt)) == 3
    stamps = [e["ts"][-4:] for e in J.iter_journal(rt)]
    assert stamps == ["001Z", "002Z", "003Z", "004Z", "005Z", "006Z"]
    assert len(J.read_journal(rt).entries) == 6
    for use_index in (True, False):
        page = query(rt, JournalFilter(), limit=4, use_index=use_index)
        assert [e.data["ts"][-4:] for e in page.entries] == ["003Z", "004Z", "005Z", "006Z"]
        summary = cost_summary(rt, ["mission"], use_index=use_index)
        usd = {r.key: round(r.usd, 2) for r in summary.groups["mission"]}
        assert usd["m1"] == 0.43 and summary.in_doubt.calls == 1


def test_process_writer_names_the_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.setattr(J, "_process_writer", None)
    monkeypatch.setenv("SCOUTE_JOURNAL_WRITER", "../evil")  # unsafe: ignored
    assert J.process_writer() is None
    J.set_process_writer("w-1")
    j = J.Journal(tmp_path)
    j.append(_line("2026-09-01T10:00:00.001Z", "m1"))
    j.close()
    assert (tmp_path / "request_journal@w-1.jsonl").exists()
    with pytest.raises(ValueError):
        J.set_process_writer("a/b")
    monkeypatch.setattr(J, "_process_writer", None)


def test_one_stream_reads_in_file_order_as_before(tmp_path: Path) -> None:
    j = J.Journal(tmp_path)
    # out of time order within one file (threads stamp before they write): file order
    j.append(_line("2026-09-01T10:00:00.009Z", "m1"))
    j.append(_line("2026-09-01T10:00:00.001Z", "m1"))
    j.close()
    assert [e["ts"][-4:] for e in J.iter_journal(tmp_path)] == ["009Z", "001Z"]
    page = query(tmp_path, JournalFilter(), limit=None)
    assert [e.data["ts"][-4:] for e in page.entries] == ["009Z", "001Z"]
    assert os.listdir(tmp_path)
