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


# --- the runs cache's first build (scout.audit.runs: run dirs read of those to read) ----


def _night(root: Path, n: int) -> None:
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.operator_lib.night import write_night

    write_night(root, n, lines=1, damaged={}, big={})


def test_the_runs_caches_first_build_reports_run_dirs_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scout.audit.runs import runs_page
    from scout.audit.runs_index import INDEX_NAME as RUNS_INDEX

    _night(tmp_path, 40)
    monkeypatch.setattr(index_progress, "MIN_RUN_DIRS", 20)
    monkeypatch.setattr(index_progress, "EVERY_S", 0.0)
    told: list[tuple[int, int]] = []
    journal_told: list[tuple[int, int]] = []
    with reporting(lambda d, t: journal_told.append((d, t)),
                   runs=lambda d, t: told.append((d, t))):
        page = runs_page(tmp_path / "runs", None, limit=5)
    assert page.read == 40 and page.total == 40
    assert [d for d, _ in told] == list(range(1, 41)) + [40]  # each read, then done
    assert {t for _, t in told} == {40} and journal_told == []
    # the cache is warm now: a listing reads nothing again and says nothing
    told.clear()
    with reporting(None, runs=lambda d, t: told.append((d, t))):
        assert runs_page(tmp_path / "runs", None).read == 0
    assert told == []
    # a damaged cache is a first build again; without a reporter, silence
    (tmp_path / "runs" / RUNS_INDEX).write_text("{broken")
    assert runs_page(tmp_path / "runs", None).read == 40 and told == []
    # below the threshold: nothing said either
    (tmp_path / "runs" / RUNS_INDEX).unlink()
    monkeypatch.setattr(index_progress, "MIN_RUN_DIRS", 41)
    with reporting(None, runs=lambda d, t: told.append((d, t))):
        assert runs_page(tmp_path / "runs", None).read == 40
    assert told == []


class _Terminal:
    """A stderr that says it is a terminal, and keeps what was written to it."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass


class _Pipe(_Terminal):
    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("pipe", [False, True])
def test_scout_runs_shows_the_run_dirs_progress_on_a_terminal_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pipe: bool) -> None:
    import sys

    from scout.cli import main

    _night(tmp_path, 30)
    monkeypatch.setattr(index_progress, "MIN_RUN_DIRS", 10)
    monkeypatch.setattr(index_progress, "EVERY_S", 0.0)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    for name in ("SCOUTE_RUNS_DIR", "SCOUTE_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    term = _Terminal()
    if not pipe:
        monkeypatch.setattr(sys, "stderr", term)
        assert main(["runs", "-n", "2", "--json"]) == 0
        said = term.text
        assert "\rreading the missions' run dirs (once): 1 of 30 (3%)" in said
        assert "29 of 30 (96%)" in said
        last = said.rindex("\r\x1b[2K")  # the line cleared once done
        assert "reading" not in said[last:]
    else:  # a pipe: nothing but what scout runs says anyway
        piped = _Pipe()
        monkeypatch.setattr(sys, "stderr", piped)
        assert main(["runs", "-n", "2", "--json"]) == 0
        assert "reading" not in piped.text and "\r" not in piped.text
