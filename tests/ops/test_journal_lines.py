"""The journal's lines as its readers get them (scout/audit/journal_lines.py): whole lines
at their offsets across chunk boundaries, and a line longer than the cap skipped and
counted, never held whole (a gigabyte with no newline was copied chunk after chunk:
minutes for one ``scout journal``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.audit.journal_lines import TooLong, iter_lines, line_length
from scout.audit.journal_query import query
from scout.audit.filters import JournalFilter
from scout.providers.journal import journal_files


def _naive(data: bytes) -> list[tuple[int, int, bytes]]:
    out, pos = [], 0
    for n, raw in enumerate(data[:data.rfind(b"\n") + 1].split(b"\n")[:-1], 1):
        out.append((pos, n, raw))
        pos += len(raw) + 1
    return out


@pytest.mark.parametrize("chunk", [1, 3, 7, 64, 8 * 1024 * 1024])
def test_lines_and_offsets_across_chunks(tmp_path: Path, chunk: int) -> None:
    data = b"".join(b"x" * (i * 5 % 17) + b"\n" for i in range(40)) + b"unterminated"
    path = tmp_path / "j.jsonl"
    path.write_bytes(data)
    assert list(iter_lines(path, chunk_size=chunk)) == _naive(data)
    # from an offset, counting on from a line number
    start, n, _ = _naive(data)[10]
    assert list(iter_lines(path, start, n - 1, chunk_size=chunk)) == _naive(data)[10:]


@pytest.mark.parametrize("chunk", [5, 64, 4096])
def test_a_line_over_the_cap_is_skipped_with_its_length(tmp_path: Path, chunk: int) -> None:
    long = b"{" + b"a" * 999
    data = b"first\n" + long + b"\nafter\n"
    path = tmp_path / "j.jsonl"
    path.write_bytes(data)
    got = list(iter_lines(path, max_line=100, chunk_size=chunk))
    assert [(o, n) for o, n, _ in got] == [(0, 1), (6, 2), (1007, 3)]
    skipped = got[1][2]
    assert isinstance(skipped, TooLong) and skipped.length == 1000
    assert skipped.head == long[:80] and line_length(skipped) == 1000
    assert got[2][2] == b"after"


def test_the_journal_counts_a_skipped_line_as_one_that_does_not_parse(tmp_path, monkeypatch):
    import scout.audit.journal_lines as jl

    monkeypatch.setattr(jl, "MAX_LINE", 200)
    from scout.providers.journal import Journal

    ok = {"ts": "2026-09-01T10:00:00.000Z", "mission_id": "m", "phase": "F1",
          "adapter": "duckduckgo", "action": "search", "result": "ok", "error": None,
          "cost": {"usd": 0.0, "basis": "free"}}
    with Journal(tmp_path) as j:
        j.append(ok)
    (path,) = journal_files(tmp_path)
    with open(path, "a", encoding="utf-8") as fh:  # a hostile line, then a good one
        fh.write('{"huge": "' + "z" * 5000 + '"}\n' + json.dumps(ok) + "\n")
    for use_index in (False, True):
        page = query(tmp_path, JournalFilter(), None, use_index=use_index)
        assert len(page.entries) == 2
        assert [(t.line, t.text[:9]) for t in page.torn] == [(2, '{"huge": ')]
