"""An answer cache edited by someone else (a hand edit, a sync tool, a bad disk): a row's
pending journal line of the wrong shape is no pending line, never an internal error that
stops every run reading that answer, nor a reason to pay for the answer again; a cost it
claims counts as a journal line's does (nothing, unless it is an amount)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scout.providers.cache import pending_note
from scout.providers.journal import read_journal
from tests.providers.test_cache_cost import Q, _rt


def _run_over(tmp_path: Path, make_runtime, pending: str, secret: str | None = None):
    rt, _ = _rt(make_runtime)
    rt.gateway("F1", "web").call(Q)
    rt.close()
    with sqlite3.connect(tmp_path / "runtime" / "cache.sqlite3") as db:
        assert db.execute("UPDATE replies SET pending = ?", (pending,)).rowcount == 1
    rt2, ad2 = _rt(make_runtime, mission_id="m-1")
    if secret is not None:
        rt2.secrets.add_value("A_KEY", secret)
    again = rt2.gateway("F1", "web").call(Q)
    assert again.from_cache and not ad2.calls  # the good answer is served, not paid again
    return rt2, [x["result"] for x in read_journal(tmp_path / "runtime").entries]


@pytest.mark.parametrize("pending", [
    "[1, 2]", '"x"', "1e400", '{"pid": 0}', '{"pid": 0, "line": "x"}',
    '{"pid": 0, "line": [1]}', '{"pid": "0", "line": {}}', '{"pid": true, "line": {}}',
    "[" * 100_000 + "]" * 100_000, "{not json"])
def test_a_pending_note_of_another_shape_is_none(tmp_path: Path, make_runtime,
                                                 pending: str) -> None:
    assert pending_note(pending) is None
    rt2, results = _run_over(tmp_path, make_runtime, pending)
    assert results == ["sent", "ok", "cache_hit"]


@pytest.mark.parametrize("usd", ['"a lot"', "-5", "1e400", "NaN", "[1]"])
def test_a_pending_line_claiming_no_amount_costs_nothing(tmp_path: Path, make_runtime,
                                                         usd: str) -> None:
    pending = ('{"pid": 0, "line": {"result": "ok", "adapter": "a", "mission_id": "m-1", '
               f'"cost": {{"usd": {usd}, "basis": 7}}}}}}')
    assert pending_note(pending) is not None
    rt2, results = _run_over(tmp_path, make_runtime, pending)
    assert rt2.budget.spent == 0
    assert results == ["sent", "ok", "ok", "cache_hit"]  # the line is journaled, as is


def test_a_pending_line_with_an_amount_is_counted(tmp_path: Path, make_runtime) -> None:
    pending = ('{"pid": 0, "line": {"result": "ok", "adapter": "a", "mission_id": "m-1", '
               '"cost": {"usd": 0.25, "basis": "tariff:request"}}}')
    rt2, _ = _run_over(tmp_path, make_runtime, pending)
    assert rt2.budget.spent == pytest.approx(0.25)


@pytest.mark.parametrize("line", [
    '{"result": "ok", "adapter": "other", "mission_id": "m-1"}',   # not this answer's adapter
    '{"result": "error", "adapter": "a", "mission_id": "m-1"}',    # no answer was paid
    '{"result": "ok", "adapter": "a", "mission_id": ""}',          # no mission's
    '{"result": "ok", "adapter": "a", "mission_id": "m-1", "note": "x"}',  # no journal field
    '{"result": "ok", "mission_id": "m-1"}',
])
def test_a_pending_line_scout_would_not_write_is_settled_unwritten(
        tmp_path: Path, make_runtime, line: str) -> None:
    # whoever can write the cache wrote any line into the journal, and charged the budget
    cost = ', "cost": {"usd": 0.25, "basis": "tariff:request"}}'
    pending = '{"pid": 0, "line": ' + line[:-1] + cost + "}"
    rt2, results = _run_over(tmp_path, make_runtime, pending)
    assert rt2.budget.spent == 0 and results == ["sent", "ok", "cache_hit"]
    with sqlite3.connect(tmp_path / "runtime" / "cache.sqlite3") as db:
        assert db.execute("SELECT pending FROM replies").fetchall() == [(None,)]


def test_a_recovered_line_is_scrubbed_of_this_runs_secrets(tmp_path: Path,
                                                           make_runtime) -> None:
    secret = "sk-live-9f8e7d6c5b4a39281706"
    pending = ('{"pid": 0, "line": {"result": "ok", "adapter": "a", "mission_id": "m-1", '
               f'"request": {{"query": "{secret}"}}}}}}')
    _run_over(tmp_path, make_runtime, pending, secret=secret)
    text = (tmp_path / "runtime" / "request_journal.jsonl").read_text()
    assert secret not in text and '"result":"ok","adapter":"a"' in text


def test_the_cache_is_readable_by_its_owner_only(tmp_path: Path, make_runtime) -> None:
    # the journal is 0600: the cached answers (the requests' queries) were 0644
    rt, _ = _rt(make_runtime)
    rt.gateway("F1", "web").call(Q)
    mode = (tmp_path / "runtime" / "cache.sqlite3").stat().st_mode & 0o777
    assert mode == 0o600
