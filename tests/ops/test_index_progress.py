"""A long first build of the journal index says how far it has got, to whoever asked
(the CLI on a terminal): the bytes indexed of those to index, rising, ending at the total;
a small or incremental refresh says nothing, and a pipe gets no progress line."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.audit import index_progress
from scout.audit.index import INDEX_NAME, JournalIndex
from scout.audit.index_progress import reporting
from scout.providers.journal import Journal, journal_files
from tests.ops.test_index import line


def _journal(runtime: Path, n: int, start: int = 0) -> int:
    with Journal(runtime) as journal:
        for i in range(start, start + n):
            journal.append(line(i, mission_id=f"night-{i % 50:03d}"))
    return sum(p.stat().st_size for p in journal_files(runtime))


def test_a_long_build_reports_rising_bytes_to_the_total(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    size = _journal(tmp_path, 6000)
    monkeypatch.setattr(index_progress, "MIN_BYTES", size // 2)
    monkeypatch.setattr(index_progress, "EVERY_S", 0.0)
    told: list[tuple[int, int]] = []
    with reporting(lambda done, total: told.append((done, total))), \
            JournalIndex(tmp_path) as idx:
        stats = idx.refresh()
        assert idx.count() == stats.new_lines == 6000
    assert len(told) >= 3, told  # every 2,000 lines, and the end
    assert {total for _, total in told} == {size}
    done = [d for d, _ in told]
    assert done == sorted(done) and done[-1] == size and 0 < done[0] < size
    # a refresh of the few lines added since is quick: nothing said
    told.clear()
    _journal(tmp_path, 10, start=6000)
    with reporting(lambda done, total: told.append((done, total))), \
            JournalIndex(tmp_path) as idx:
        assert idx.refresh().new_lines == 10
    assert told == []


def test_nothing_is_said_without_a_reporter_or_under_the_threshold(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    size = _journal(tmp_path, 3000)
    monkeypatch.setattr(index_progress, "EVERY_S", 0.0)
    told: list[tuple[int, int]] = []
    monkeypatch.setattr(index_progress, "MIN_BYTES", size + 1)  # just too small
    with reporting(lambda done, total: told.append((done, total))), \
            JournalIndex(tmp_path) as idx:
        assert idx.refresh().new_lines == 3000
    assert told == []
    (tmp_path / INDEX_NAME).unlink()
    monkeypatch.setattr(index_progress, "MIN_BYTES", 1)
    with JournalIndex(tmp_path) as idx:  # no reporter set: the same build, silent
        idx.refresh()
    assert told == []


def test_scout_runs_into_a_pipe_prints_no_progress(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    from tests.ops.test_cli_journal import run
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text("apiVersion: scout/v1\nkind: Config\n")
    _journal(tmp_path / "runtime", 3000)
    monkeypatch.setattr(index_progress, "MIN_BYTES", 1)
    monkeypatch.setattr(index_progress, "EVERY_S", 0.0)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    for name in ("SCOUTE_RUNS_DIR", "SCOUTE_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    rc, out, err = run(capsys, "cost")
    assert rc == 0 and "indexing" not in err + out and "\r" not in err + out
