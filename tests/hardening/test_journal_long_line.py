"""A request-journal line with no end (a damaged or hostile file: gigabytes with no
newline) was read whole by every reader of :func:`scout.providers.journal.iter_journal`
(``scout cost``'s scan, ``scout doctor``, the report's cost section): it is now read in
bounded pieces, skipped, counted as a torn line, and ``scout cost`` and ``scout journal``
say so. The limit is lowered here so the test writes megabytes, not gigabytes."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from scout.audit import journal_lines
from scout.cli import main
from scout.providers import journal
from scout.providers.journal import JOURNAL_NAME, read_journal

LIMIT = 64 * 1024
LONG = 8 * 1024 * 1024


def _line(second: int, usd: float) -> str:
    return json.dumps({"ts": f"2026-09-01T10:00:{second:02d}Z", "mission_id": "m-barcelona",
                       "phase": "search", "adapter": "brave", "action": "search",
                       "token_name": None, "request": {}, "response_summary": None,
                       "result": "ok", "error": None, "cost": {"usd": usd}, "chain": None})


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(journal, "MAX_LINE_BYTES", LIMIT)
    monkeypatch.setattr(journal_lines, "MAX_LINE", LIMIT)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    with open(runtime / JOURNAL_NAME, "w", encoding="utf-8") as f:
        f.write(_line(1, 0.25) + "\n")
        f.write('{"request": "' + "x" * LONG + '"}\n')  # over the limit: skipped
        f.write("z" * (LONG // 2) + "\n")  # over it and no JSON at all
        f.write(_line(2, 0.5) + "\n")
    return tmp_path


def test_an_endless_line_is_skipped_without_being_held(root: Path) -> None:
    tracemalloc.start()
    try:
        read = read_journal(root / "runtime")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [e["cost"]["usd"] for e in read.entries] == [0.25, 0.5]
    assert [(t.line, t.too_long) for t in read.torn] == [(2, LONG + 16), (3, LONG // 2 + 1)]
    assert "over the 65,536-byte limit" in read.torn[0].text
    assert peak < LONG // 4  # pieces of LIMIT bytes, never the line


@pytest.mark.parametrize("index", [["--no-index"], []])
def test_scout_cost_counts_the_good_lines_and_says_lines_were_skipped(
        root: Path, capsys: pytest.CaptureFixture[str], index: list[str]) -> None:
    assert main(["cost", "--json", *index]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["total"]["calls"] == 2 and summary["total"]["usd"] == pytest.approx(0.75)
    assert summary["torn_lines"] == 2
    assert main(["cost", *index]) == 0
    assert "2 journal line(s) skipped" in capsys.readouterr().err


def test_scout_journal_names_the_skipped_line(root: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["journal"]) == 0
    err = capsys.readouterr().err
    assert "request_journal.jsonl:2" in err and "longer than 64 MiB" in err
