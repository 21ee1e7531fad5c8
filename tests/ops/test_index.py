"""The journal index: same answers as a scan, incremental across rotations, rebuilt when
stale or damaged. Journals are written by the real ``Journal`` (rotation included)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter, parse_since
from scout.audit.index import INDEX_NAME, JournalIndex
from scout.audit.journal_lines import entry_id
from scout.audit.journal_query import find_entry, query
from scout.errors import UsageError
from scout.providers.journal import Journal, journal_files


def line(i: int, **kw: Any) -> dict[str, Any]:
    e = {"ts": f"2026-09-01T10:{i // 60 % 60:02d}:{i % 60:02d}.000Z",
         "mission_id": f"m{i % 3}", "phase": f"F{i % 4}",
         "adapter": ("tavily", "duckduckgo", "perplexity")[i % 3], "action": "search",
         "token_name": ("TAVILY_API_KEY", None, "pplx-a")[i % 3],
         "request": {"type": "SearchRequest", "query": f"q{i}", "limit": 5, "options": {}},
         "response_summary": {"status": 200, "items": i % 5}, "result": "ok", "error": None,
         "cost": {"usd": 0.008 if i % 3 == 0 else 0.0, "basis": "free"},
         "chain": {"name": "web", "position": 0, "answered_by": None}}
    if i % 7 == 0:
        e.update(result="retry", error={"kind": "unavailable", "code": "PRV001",
                                        "message": "HTTP 500", "status": 500})
    e.update(kw)
    return e


def write(runtime: Path, start: int, n: int, max_bytes: int = 4000) -> None:
    with Journal(runtime, max_bytes=max_bytes) as j:
        for i in range(start, start + n):
            j.append(line(i))


FILTERS = [JournalFilter(), JournalFilter(mission="m1"), JournalFilter(token="pplx-a"),
           JournalFilter(adapter="tavily", failed=True), JournalFilter(phase="F2"),
           JournalFilter(since="2026-09-01T10:01:00.000Z"), JournalFilter(failed=True)]


def assert_same(runtime: Path) -> None:
    for flt in FILTERS:
        a = query(runtime, flt, None)
        b = query(runtime, flt, None, use_index=False)
        assert a.source == "index" and b.source == "scan"
        assert [e.to_dict() for e in a.entries] == [e.to_dict() for e in b.entries], flt
        assert [t.to_dict() for t in a.torn] == [t.to_dict() for t in b.torn]
        for limit in (1, 7):
            assert [e.id for e in query(runtime, flt, limit).entries] == \
                [e.id for e in b.entries[-limit:]]
    for by in ("mission", "adapter", "token", "phase"):
        a = cost_summary(runtime, [by], JournalFilter())
        b = cost_summary(runtime, [by], JournalFilter(), use_index=False)
        assert [r.to_dict() for r in a.groups[by]] == [r.to_dict() for r in b.groups[by]]
        assert a.total.to_dict() == b.total.to_dict()


def test_index_matches_a_scan_across_rotations(tmp_path: Path) -> None:
    write(tmp_path, 0, 120)
    assert len(journal_files(tmp_path)) > 3
    assert_same(tmp_path)
    assert os.stat(tmp_path / INDEX_NAME).st_mode & 0o077 == 0  # owner only, like the journal


def test_incremental_refresh_survives_rotation(tmp_path: Path) -> None:
    write(tmp_path, 0, 50)
    with JournalIndex(tmp_path) as idx:
        first = idx.refresh()
        assert first.new_lines == 50 and first.reindexed_files == 0
        assert idx.refresh().new_lines == 0  # nothing new: nothing parsed
    files_before = len(journal_files(tmp_path))
    write(tmp_path, 50, 30)  # rotates the live file (same inode, new name) and more
    assert len(journal_files(tmp_path)) > files_before
    with JournalIndex(tmp_path) as idx:
        stats = idx.refresh()
        assert stats.new_lines == 30, "only the appended lines are indexed"
        assert stats.reindexed_files == 0 and stats.dropped_files == 0 and not stats.rebuilt
        assert idx.count() == 80
    assert_same(tmp_path)


def test_a_line_changed_in_place_is_noticed_when_read(tmp_path: Path) -> None:
    write(tmp_path, 0, 10, max_bytes=10**9)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
    live = tmp_path / "request_journal.jsonl"
    data = live.read_bytes().replace(b'"q3"', b'"Q3"')  # same size, same inode, mid-file
    with open(live, "r+b") as fh:
        fh.write(data)
    # neither the head nor the last line changed; reading the line back checks its id
    page = query(tmp_path, JournalFilter(), None)
    assert page.source == "index" and page.entries[3].data["request"]["query"] == "Q3"
    assert page.entries[3].id == entry_id(data.split(b"\n")[3])
    assert_same(tmp_path)


def test_a_replaced_file_is_reindexed(tmp_path: Path) -> None:
    write(tmp_path, 0, 10, max_bytes=10**9)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
    live = tmp_path / "request_journal.jsonl"
    with open(live, "r+b") as fh:  # shorter content, same inode
        fh.truncate(0)
        fh.write(b"\n".join(json.dumps(line(i)).encode() for i in range(100, 103)) + b"\n")
    with JournalIndex(tmp_path) as idx:
        stats = idx.refresh()
        assert stats.reindexed_files == 1 and idx.count() == 3
    assert_same(tmp_path)


def test_last_line_check_catches_a_rewritten_tail(tmp_path: Path) -> None:
    write(tmp_path, 0, 10, max_bytes=10**9)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
    live = tmp_path / "request_journal.jsonl"
    lines = live.read_bytes().split(b"\n")
    lines[-2] = lines[-2].replace(b'"q9"', b'"Q9"')  # same length, last line changed
    live.write_bytes(b"\n".join(lines))
    with JournalIndex(tmp_path) as idx:
        assert idx.refresh().reindexed_files == 1
    assert_same(tmp_path)


def test_damaged_index_is_rebuilt(tmp_path: Path) -> None:
    write(tmp_path, 0, 40)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
    for suffix in ("-wal", "-shm"):
        p = Path(str(tmp_path / INDEX_NAME) + suffix)
        if p.exists():
            p.unlink()
    (tmp_path / INDEX_NAME).write_bytes(b"this is not a database" * 100)
    with JournalIndex(tmp_path) as idx:
        stats = idx.refresh()
        assert stats.rebuilt and idx.count() == 40
    assert_same(tmp_path)


def test_deleted_rotated_file_drops_its_rows(tmp_path: Path) -> None:
    write(tmp_path, 0, 60)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
    oldest = journal_files(tmp_path)[0]
    gone = sum(1 for raw in oldest.read_bytes().split(b"\n") if raw.strip())
    oldest.unlink()
    with JournalIndex(tmp_path) as idx:
        stats = idx.refresh()
        assert stats.dropped_files == 1 and idx.count() == 60 - gone
    assert_same(tmp_path)


def test_torn_lines_in_index_and_scan(tmp_path: Path) -> None:
    write(tmp_path, 0, 20)
    first = journal_files(tmp_path)[0]
    with open(first, "ab") as fh:
        fh.write(b'{"broken": \n')
    with open(tmp_path / "request_journal.jsonl", "ab") as fh:
        fh.write(b'{"ts": "2026')
    page = query(tmp_path, JournalFilter(), None)
    assert [(t.file, t.incomplete) for t in page.torn] == [
        (first.name, False), ("request_journal.jsonl", True)]
    assert len(page.entries) == 20
    assert_same(tmp_path)


def test_entry_ids_and_prefixes(tmp_path: Path) -> None:
    write(tmp_path, 0, 30)
    raw = (tmp_path / "request_journal.jsonl").read_bytes().split(b"\n")[0]
    want = entry_id(raw)
    e = find_entry(tmp_path, want[:6])
    assert e.id == want and e.data == json.loads(raw)
    assert find_entry(tmp_path, want, use_index=False).id == want
    with pytest.raises(UsageError) as err:
        find_entry(tmp_path, "0")
    assert err.value.code == "USE020"


def test_parse_since() -> None:
    now = 1_788_264_000.0  # 2026-09-01T12:00:00Z
    assert parse_since("2h", now=lambda: now) == "2026-09-01T10:00:00.000Z"
    assert parse_since("2026-09-01") == "2026-09-01T00:00:00.000Z"
    assert parse_since("2026-09-01T10:00+02:00") == "2026-09-01T08:00:00.000Z"
    assert parse_since("2026-09-01T10:00:00Z") == "2026-09-01T10:00:00.000Z"
    assert parse_since(None) is None and parse_since(" ") is None
    with pytest.raises(UsageError):
        parse_since("yesterday")


def test_concurrent_refreshes_agree(tmp_path: Path) -> None:
    import threading

    write(tmp_path, 0, 200)
    counts: list[int] = []

    def go() -> None:
        with JournalIndex(tmp_path) as idx:
            idx.refresh()
            counts.append(idx.count())

    threads = [threading.Thread(target=go) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counts == [200] * 4
    assert os.path.exists(tmp_path / INDEX_NAME)


def test_no_runtime_dir_yet(tmp_path: Path) -> None:
    missing = tmp_path / "runtime"
    page = query(missing, JournalFilter(), 20)
    assert page.entries == [] and page.torn == [] and page.source == "scan"
    assert cost_summary(missing, ["mission"]).total.calls == 0
    assert not missing.exists()  # a reader creates nothing


def test_unusable_index_falls_back_to_a_scan(tmp_path: Path, monkeypatch) -> None:
    import sqlite3

    write(tmp_path, 0, 30)

    def refuse(self: JournalIndex) -> None:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(JournalIndex, "refresh", refuse)
    page = query(tmp_path, JournalFilter(mission="m1"), 5)
    assert page.source == "scan" and "index unavailable" in (page.note or "")
    assert len(page.entries) == 5
    summary = cost_summary(tmp_path, ["adapter"])
    assert summary.source == "scan" and summary.total.calls == 30


def test_only_a_damaged_index_is_thrown_away(tmp_path: Path, monkeypatch) -> None:
    import sqlite3

    from scout.audit import index as index_mod

    write(tmp_path, 0, 10)
    with JournalIndex(tmp_path) as idx:
        idx.refresh()
    calls: list[str] = []
    real = JournalIndex._refresh

    def busy(self: JournalIndex, stats: Any) -> Any:
        calls.append("busy")
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(JournalIndex, "_refresh", busy)
    with pytest.raises(sqlite3.OperationalError), JournalIndex(tmp_path) as idx:
        idx.refresh()
    assert calls == ["busy"] and (tmp_path / INDEX_NAME).exists()  # kept
    monkeypatch.setattr(JournalIndex, "_refresh", real)
    assert index_mod._damaged(sqlite3.OperationalError("no such table: files"))
    assert index_mod._damaged(sqlite3.DatabaseError("file is not a database"))
