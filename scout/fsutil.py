"""Crash-safe file writes: a unique temp file created exclusively in the target's folder,
fsync, atomic rename; and the openers of what scout reads back or appends to.

The one implementation every store uses (artifacts and snapshots, recordings, the token
pool state, reports): readers see the old file or the new one, never half of either.
A file scout wrote and reads back is a regular file it wrote there: :func:`open_stored`,
:func:`read_stored` and :func:`open_append` refuse anything else standing at its path (a
symbolic link, a FIFO, a device) with :class:`~scout.errors.machine.NotRegularFile`,
before a read waits for a writer forever, reads ``/dev/zero`` without end, or an append
changes a file outside the folder.
"""

from __future__ import annotations

import errno
import json
import os
import stat as _stat
from pathlib import Path
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any, Callable

from scout.errors.machine import NotRegularFile

if TYPE_CHECKING:
    import sqlite3

#: no file scout reads back whole is near this (a snapshot, an artifact, task.json); a
#: bigger one is damage, not a reason to hold gigabytes (the state log is read by line)
MAX_STORED_BYTES = 256 * 1024 * 1024

#: O_NOFOLLOW: the path's last part is never followed (scout writes no symbolic link);
#: O_NONBLOCK: opening a FIFO returns at once (and fstat says what it is) instead of
#: waiting for a writer; it changes nothing for a regular file
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def _kind(mode: int) -> str:
    import stat

    return ("a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or
            stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else
            "a folder" if stat.S_ISDIR(mode) else "something else")


def open_regular(path: str | Path, flags: int, mode: int = 0o644) -> int:
    """A descriptor on the regular file at ``path`` (never through a symbolic link);
    :class:`NotRegularFile` for anything else standing there."""
    import stat

    try:
        fd = os.open(str(path), flags | _NO_FOLLOW, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP and os.path.islink(path):
            raise NotRegularFile(str(path), "a symbolic link") from None
        if exc.errno == errno.ENXIO:  # a FIFO opened for writing with no reader
            raise NotRegularFile(str(path), "a FIFO") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(str(path), _kind(st.st_mode))
        os.set_blocking(fd, True)  # as the caller would have had it
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_stored(path: str | Path) -> IO[bytes]:
    """``open(path, "rb")`` for a file scout wrote (see the module's note)."""
    return os.fdopen(open_regular(path, os.O_RDONLY), "rb")


def read_stored(path: str | Path, limit: int = MAX_STORED_BYTES) -> bytes:
    """The bytes of a file scout wrote, at most ``limit`` (more: ValueError, as a
    damaged file's JSON is), refusing what is no regular file (NotRegularFile)."""
    with open_stored(path) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{path} is larger than {limit:,} bytes")
    return data


def bounded_lines(f: IO[bytes], limit: int) -> Iterator[tuple[int, bytes | None]]:
    """(length, line) for each line of ``f``, as ``for raw in f`` gives them but none held
    past ``limit`` bytes: a longer one (a damaged or hostile file: a gigabyte with no
    newline) is (its length, None), read in ``limit``-sized pieces. A torn last line is
    given as it is (no newline at its end), unless it is too long to read."""
    while True:
        raw = f.readline(limit)
        if not raw:
            return
        if len(raw) < limit or raw.endswith(b"\n"):
            yield len(raw), raw
            continue
        size = len(raw)
        while not raw.endswith(b"\n"):
            raw = f.readline(limit)
            if not raw:
                return  # a torn last line, too long to read anyway
            size += len(raw)
        yield size, None


def open_append(path: str | Path, mode: int = 0o644) -> int:
    """``os.open(path, O_WRONLY | O_APPEND | O_CREAT, mode)`` for a log scout appends
    to, refusing a symbolic link or special file standing there (NotRegularFile)."""
    return open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, mode)


def fsync_dir(path: str | Path) -> None:
    """Make a rename in ``path`` durable (best effort: some filesystems refuse)."""
    try:
        fd = os.open(str(path), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _no_number(name: str) -> None:
    return None


_FINITE = json.JSONDecoder(parse_constant=_no_number)


def loads_stored(raw: str | bytes, *, finite: bool = False) -> Any:
    """JSON that scout wrote and reads back from disk (state log lines, snapshots, locks,
    task.json, journal lines): whatever the parser cannot take is a ValueError
    (UnicodeDecodeError included), as a torn or damaged file is, so every reader's
    ``except ValueError`` covers it. That includes nesting deeper than Python's parser
    goes (``[[[[...`` pasted into a log), which ``json.loads`` raises as RecursionError.
    ``finite``: ``NaN`` and ``Infinity``, which Python reads and JSON does not have, read
    as null (a journal line's cost: ``$nan`` in every total, invalid ``--json`` output)."""
    try:
        if not finite:
            return json.loads(raw)
        # json.loads(raw, parse_constant=...) builds a new decoder per call: 40% of
        # indexing a night's journal (96,000 lines) went to that, so one is kept
        if isinstance(raw, (bytes, bytearray)):
            raw = raw.decode(json.detect_encoding(raw), "surrogatepass")
        elif raw.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", raw, 0)
        return _FINITE.decode(raw)
    except RecursionError:
        raise ValueError("JSON nested deeper than the parser goes") from None


def make_own_dirs(path: str | Path) -> None:
    """:func:`make_dirs` for a folder scout keeps inside a run dir (``artifacts/``,
    ``photos/``, ``outbox/``): a symbolic link standing there (scout never makes one)
    sent every file written into it out of the run dir, so it is refused
    (NotRegularFile, RUN023)."""
    if os.path.islink(path):
        raise NotRegularFile(str(path), "a symbolic link", "a folder of the run's own")
    make_dirs(path)


def make_dirs(path: str | Path) -> None:
    """``mkdir -p path``. A file standing where the folder should be is the machine's
    problem like a file standing where a parent should be: NotADirectoryError (ENOTDIR),
    which ``scout.errors.storage_error`` reports as RUN023, where ``Path.mkdir`` raises
    FileExistsError, which no error maps (an O_EXCL create that meets a file raises it too,
    and that one is scout's own business)."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except FileExistsError as exc:
        raise NotADirectoryError(errno.ENOTDIR, "a file stands where a folder is expected",
                                 str(path)) from exc


_TMP_FLAGS = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_CLOEXEC", 0))

try:  # POSIX: a temp file's writer holds an exclusive flock on it until it is renamed
    import fcntl as _fcntl
except ImportError:  # pragma: no cover - not POSIX: the age alone tells a stale one
    _fcntl = None  # type: ignore[assignment]


def _own(fd: int) -> None:
    """Mark a temp file as this writer's while it is written (:func:`remove_stale_tmp`
    never takes it): the lock goes with the process, so a killed writer's file is free."""
    if _fcntl is not None:
        try:
            _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
        except OSError:
            pass  # a file system without flock: the age alone tells a stale one


def _mkstemp(path: Path) -> tuple[int, str]:
    """A new file beside ``path`` (mode 0600, a random name), as ``tempfile.mkstemp``
    makes it, without importing tempfile (random, shutil: a cold `scout validate` writes
    its cache entries with this and imports nothing else that needs them)."""
    for _ in range(100):
        name = str(path.parent / f".{path.name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(name, _TMP_FLAGS, 0o600), name
        except FileExistsError:
            continue  # 48 random bits taken: draw again, as mkstemp does
    raise FileExistsError(f"no free temporary name beside {path}")


def write_atomic(path: str | Path, data: str | bytes, *, fsync: bool = True,
                 mode: int = 0o644) -> None:
    """Replace ``path`` with ``data`` atomically.

    With ``fsync`` the data and the folder entry are on disk when this returns; without
    it the caller sees to durability (the orchestrator's syncer does for artifacts).
    """
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    # A unique name, created exclusively (O_CREAT | O_EXCL, which never follows a
    # symlink): a file or symlink planted at a predictable temp name cannot redirect
    # the write, and concurrent writers never share a temp file.
    try:
        fd, tmp_name = _mkstemp(path)
    except FileNotFoundError:
        make_dirs(path.parent)
        fd, tmp_name = _mkstemp(path)
    tmp = Path(tmp_name)
    try:
        try:
            _own(fd)
            os.fchmod(fd, mode)  # mkstemp creates 0600; the caller says what it should be
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            if fsync:
                os.fsync(fd)
            # renamed while its lock is held: a sweep never takes a file still in use
            os.replace(tmp, path)
        finally:
            os.close(fd)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if fsync:
        fsync_dir(path.parent)


#: the name :func:`_mkstemp` gives a temp file: ``.<target>.<12 hex digits>.tmp``
_TMP_NAME = r"\..+\.[0-9a-f]{12}\.tmp"
#: how old a temp file in a folder other processes write too (the runs folder, the batch
#: records, a cassette being recorded) must be before a sweep takes it: its writer's lock
#: is the proof, this the guard where a file system has no flock
STALE_TMP_S = 60.0


def remove_stale_tmp(folder: str | Path, before: float, *, deep: bool = True) -> list[Path]:
    """Remove the temp files :func:`write_atomic` left under ``folder`` (its writer was
    killed between creating and renaming one: SIGKILL, a crash, a power cut): each last
    written before ``before`` (a time, as ``time.time()``) that no live writer holds (its
    lock is free: the process that held it is gone). ``deep``: in its folders too (not:
    ``folder``'s own files only, e.g. the runs folder, whose run dirs are each mission's
    own). Symbolic links are neither followed nor removed; anything that cannot be read
    or removed is left. The removed paths."""
    import re  # here: a cold start that only writes need not compile it

    pattern = re.compile(_TMP_NAME)
    removed: list[Path] = []
    for where, dirs, names in os.walk(folder):  # links to folders are not followed
        if not deep:
            dirs.clear()
        for name in names:
            if not pattern.fullmatch(name):
                continue
            path = os.path.join(where, name)
            try:
                fd = os.open(path, os.O_RDONLY | _NO_FOLLOW | getattr(os, "O_CLOEXEC", 0))
            except OSError:
                continue  # a link, gone meanwhile (renamed into place), unreadable
            try:
                st = os.fstat(fd)
                if not _stat.S_ISREG(st.st_mode) or st.st_mtime >= before:
                    continue
                if _fcntl is not None:
                    try:
                        _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
                    except BlockingIOError:
                        continue  # a live writer's
                    except OSError:
                        pass  # no flock here: its age says it is stale
                os.unlink(path)
                removed.append(Path(path))
            except OSError:
                continue
            finally:
                os.close(fd)
    return removed


def pid_alive(pid: int) -> bool:
    """Whether a process with this id exists on this machine (one we may not signal
    counts: it is alive). Used by lock holders' and pending writers' liveness checks."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def use_wal(conn: "sqlite3.Connection", timeout_s: float = 30.0,
            sleep: "Callable[[float], None] | None" = None) -> None:
    """Put a SQLite database in WAL mode from a fresh connection, safely under contention.

    WAL is a property of the file: once set it stays, so a connection that finds the file
    already in WAL does nothing. Setting it needs a lock SQLite does not wait for (the busy
    timeout is not applied to the journal-mode change), so two processes opening the same
    file at once could fail with "database is locked"; the change is retried instead."""
    import sqlite3
    import time

    pause = sleep or time.sleep
    deadline = time.monotonic() + timeout_s
    delay = 0.01
    while True:
        try:
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            pause(delay)
            delay = min(delay * 2, 0.5)
