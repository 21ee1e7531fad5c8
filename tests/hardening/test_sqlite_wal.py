"""Opening a SQLite store under contention (cache, quota, index): switching to WAL is
retried instead of failing with "database is locked" (SQLite does not apply the busy
timeout to the journal-mode change)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scout.fsutil import use_wal


def _locked(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE IF NOT EXISTS t(x)")
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_wal_switch_waits_for_a_lock_held_elsewhere(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    holder = _locked(path)
    conn = sqlite3.connect(path, timeout=0.05)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        conn.execute("PRAGMA journal_mode=WAL")  # what failed missions before
    pauses: list[float] = []

    def sleep(s: float) -> None:
        pauses.append(s)
        if len(pauses) == 2:
            holder.execute("COMMIT")

    use_wal(conn, timeout_s=30, sleep=sleep)
    assert len(pauses) == 2
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_file_already_in_wal_is_left_alone_even_while_locked(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    first = sqlite3.connect(path)
    use_wal(first)
    holder = _locked(path)
    conn = sqlite3.connect(path, timeout=0.05)
    use_wal(conn, timeout_s=0.1, sleep=lambda s: pytest.fail("no retry was needed"))
    holder.execute("COMMIT")


def test_other_errors_and_the_deadline_are_not_swallowed(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    _holder = _locked(path)
    conn = sqlite3.connect(path, timeout=0.01)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        use_wal(conn, timeout_s=0.05, sleep=lambda s: None)
