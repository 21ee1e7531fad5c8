"""The calls in doubt as a lookup in the journal index (schema 3: each paid try's call
id), the same as the scan of every journal file; a lying index caught by reading back
what it names; an index of schema 1 or 2 brought up to date in place, not rebuilt."""

from __future__ import annotations

import dataclasses
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.audit.index import INDEX_NAME, SCHEMA_VERSION, JournalIndex
from scout.audit.journal_query import in_doubt_lookup
from scout.providers.in_doubt import scan_in_doubt
from scout.providers.journal import Journal

FILTERS = [JournalFilter(), JournalFilter(mission="m1"), JournalFilter(adapter="exa"),
           JournalFilter(phase="F2"), JournalFilter(since="2026-09-01T10:00:30.000Z")]


def _line(i: int, result: str, call: str | None, **kw: Any) -> dict[str, Any]:
    summary: dict[str, Any] = {"status": 200} if result != "sent" else {"estimate_usd": 0.01}
    if call is not None:
        summary["call"] = call
    e = {"ts": f"2026-09-01T10:{i // 60 % 60:02d}:{i % 60:02d}.000Z",
         "mission_id": f"m{i % 3}", "phase": f"F{i % 4}",
         "adapter": ("tavily", "exa")[i % 2], "action": "search", "token_name": "T",
         "request": {"type": "SearchRequest", "query": f"q{i}"}, "response_summary": summary,
         "result": result, "error": None, "cost": {"usd": 0.01 if result == "ok" else 0.0}}
    e.update(kw)
    return e


def night(runtime: Path, seed: int, n: int = 120, max_bytes: int = 6000) -> int:
    """A journal (rotated) of paid tries: most answered at once, some answered lines
    later (another try between), some never (killed in flight), some sent twice with the
    same id, some answered by a retry or an error; free lines with no call id between.
    Returns how many calls a scan finds in doubt."""
    rng = random.Random(seed)
    lines: list[dict[str, Any]] = []
    late: list[tuple[int, str]] = []
    for i in range(n):
        cid = f"{seed:02x}{i:06x}{rng.getrandbits(24):06x}"
        fate = rng.random()
        lines.append(_line(i, "sent", cid))
        if fate < 0.55:
            lines.append(_line(i, rng.choice(["ok", "retry", "error"]), cid))
        elif fate < 0.7:
            late.append((i, cid))
        elif fate < 0.8:
            lines.append(_line(i, "sent", cid))  # sent again, same id (a resent try)
        if rng.random() < 0.3:
            lines.append(_line(i, "cache_hit", None))
        if late and rng.random() < 0.5:
            j, c = late.pop(0)
            lines.append(_line(j, "ok", c))
    with Journal(runtime, max_bytes=max_bytes) as j:
        for e in lines:
            j.append(e)
    return scan_in_doubt(runtime).calls


def assert_same(runtime: Path) -> None:
    for flt in FILTERS:
        a = cost_summary(runtime, ["mission"], flt)
        b = cost_summary(runtime, ["mission"], flt, use_index=False)
        assert a.source == "index" and b.source == "scan"
        assert a.in_doubt.to_dict() == b.in_doubt.to_dict(), flt


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_lookup_finds_what_the_scan_finds(tmp_path: Path, seed: int) -> None:
    doubt = night(tmp_path, seed)
    assert doubt > 5  # the journal has calls in doubt to find
    assert len(list(tmp_path.glob("request_journal*.jsonl*"))) > 2  # across rotations
    assert_same(tmp_path)
    # more tries appended (one answering an old call in doubt): the index follows
    first = scan_in_doubt(tmp_path).lines[0]
    with Journal(tmp_path, max_bytes=6000) as j:
        j.append(_line(500, "ok", first["response_summary"]["call"]))
        j.append(_line(501, "sent", "feedfacecafe0001"))
    assert scan_in_doubt(tmp_path).calls == doubt  # one answered, one new
    assert_same(tmp_path)


def _lie(runtime: Path, sql: str) -> None:
    conn = sqlite3.connect(runtime / INDEX_NAME)
    with conn:
        assert conn.execute(sql).rowcount > 0
    conn.close()


@pytest.mark.parametrize("lie", [
    # an answered try's row claims to be a 'sent' one: a call in doubt made up
    "UPDATE entries SET result='sent' WHERE rowid IN (SELECT rowid FROM entries "
    "WHERE result='ok' AND call IS NOT NULL LIMIT 3)",
    # rows that point at the wrong bytes
    "UPDATE entries SET off=off+1 WHERE result='sent'",
    # a sent row that names another call than its line does
    "UPDATE entries SET call='0123456789abcdef' WHERE rowid = (SELECT rowid FROM entries "
    "WHERE result='sent' LIMIT 1)",
])
def test_an_index_that_lies_is_caught(tmp_path: Path, lie: str) -> None:
    expected = night(tmp_path, 7)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
    _lie(tmp_path, lie)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()  # the files did not change: the refresh alone keeps the lie
        found = in_doubt_lookup(idx, tmp_path)
    assert found is not None and found.to_dict() == scan_in_doubt(tmp_path).to_dict()
    assert found.calls == expected
    assert_same(tmp_path)


def test_a_journal_that_keeps_disagreeing_is_scanned(tmp_path: Path, monkeypatch) -> None:
    night(tmp_path, 5)
    expected = scan_in_doubt(tmp_path).to_dict()
    # the index never catches up (its rows stay wrong after every re-index)
    real = JournalIndex.unanswered_sent
    monkeypatch.setattr(JournalIndex, "unanswered_sent", lambda self: [
        (dataclasses.replace(pos, off=pos.off + 1), cid) for pos, cid in real(self)])
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
        assert in_doubt_lookup(idx, tmp_path) is None
    assert cost_summary(tmp_path, ["mission"]).in_doubt.to_dict() == expected


def _downgrade(runtime: Path, version: int) -> None:
    """The index as an older scout left it: no call column (and, for 1, no mission index)."""
    conn = sqlite3.connect(runtime / INDEX_NAME)
    with conn:
        conn.execute("DROP INDEX entries_call")
        conn.execute("ALTER TABLE entries DROP COLUMN call")
        if version == 1:
            conn.execute("DROP INDEX entries_mission")
        conn.execute("UPDATE meta SET value=? WHERE key='version'", (str(version),))
    conn.close()


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_index_is_migrated_not_rebuilt(tmp_path: Path, version: int) -> None:
    night(tmp_path, 11)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
        before = idx.conn.execute("SELECT rowid, id, call FROM entries ORDER BY rowid"
                                  ).fetchall()
    _downgrade(tmp_path, version)
    with JournalIndex(tmp_path) as idx:
        stats = idx.refresh()
        assert not stats.rebuilt and stats.new_lines == 0  # nothing indexed anew
        conn = idx.conn
        assert conn.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA_VERSION)
        # the same rows, their call ids filled in from the journal
        assert conn.execute("SELECT rowid, id, call FROM entries ORDER BY rowid"
                            ).fetchall() == before
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master "
                                            "WHERE type='index'")}
        assert {"entries_mission", "entries_call"} <= names
    assert_same(tmp_path)


def test_an_unknown_version_is_still_rebuilt(tmp_path: Path) -> None:
    night(tmp_path, 13)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
        idx.conn.execute("UPDATE meta SET value='99' WHERE key='version'")
        idx.conn.commit()
    with JournalIndex(tmp_path) as idx:
        assert idx.refresh().rebuilt
    assert_same(tmp_path)
