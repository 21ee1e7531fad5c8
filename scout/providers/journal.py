"""The request journal: ``runtime/request_journal.jsonl``, one JSON line per adapter call.

Append-only and never rewritten. Each line is written whole with one ``write`` on an
``O_APPEND`` descriptor while holding a lock: a ``threading.Lock`` inside the process and
filelock's descriptor lock on ``request_journal.jsonl.lock`` across processes, so lines
from many threads and processes never interleave. When the file would pass
``SCOUTE_JOURNAL_MAX_BYTES`` (default 50 MB) it is renamed to
``request_journal.<UTC timestamp>.jsonl`` under the same lock; other writers notice the
rename (the inode changed) and reopen.

A crash can leave a torn last line. Writers start a new line when the file does not end
in one, and :func:`read_journal` reads rotated files in order, skips lines that do not
parse and reports each of them.

Several worker processes (a Dask cluster, issue 16) each append to their own file under
the shared ``runtime/``: a process named a *writer* (:func:`set_process_writer`, or
``SCOUTE_JOURNAL_WRITER``) writes ``request_journal@<writer>.jsonl``, rotated the same way
to ``request_journal@<writer>.<UTC timestamp>.jsonl``. Each file then has one writing
process (no lock contention across machines on a network filesystem), and every reader
reads all the streams as one: :func:`journal_files` lists them all, :func:`iter_journal`
merges them ordered by ``ts``. With only the default stream nothing changes.

What goes into a line is made safe by :mod:`scout.adapters.contract.redact` (keywords for free
text, emails and phone numbers scrubbed, known secret values replaced).
"""

from __future__ import annotations

import datetime as dt
import heapq
import json
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import filelock

from scout.fsutil import (bounded_lines, loads_stored, make_dirs, open_append, open_regular,
                          open_stored)

JOURNAL_NAME = "request_journal.jsonl"
DEFAULT_MAX_BYTES = 50 * 1024 * 1024
_STAMP = r"\d{8}T\d{6}\.\d{6}Z(?:-\d+)?"
_ROTATED = re.compile(rf"^request_journal\.({_STAMP})\.jsonl$")
#: a writer's live file and its rotated files
_W_LIVE = re.compile(r"^request_journal@([A-Za-z0-9_-]{1,64})\.jsonl$")
_W_ROTATED = re.compile(rf"^request_journal@([A-Za-z0-9_-]{{1,64}})\.({_STAMP})\.jsonl$")
_WRITER_OK = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_process_writer: str | None = None
#: seconds between lock attempts when another process holds the journal lock
_POLL = 0.0002

#: the longest line read whole (as scout.audit.journal_lines.MAX_LINE: a line is one
#: call's record); a longer one — a damaged or hostile file, a gigabyte with no newline —
#: is skipped and reported as a torn line, never held in memory whole
MAX_LINE_BYTES = 64 * 1024 * 1024

#: the order of fields in a line (DESIGN.md §3)
FIELDS = ("ts", "mission_id", "phase", "adapter", "action", "token_name", "request",
          "response_summary", "result", "error", "cost", "chain")


def max_bytes_from_env() -> int:
    raw = os.environ.get("SCOUTE_JOURNAL_MAX_BYTES")
    if not raw:
        return DEFAULT_MAX_BYTES
    try:
        value = int(raw)
    except ValueError:
        return DEFAULT_MAX_BYTES
    return value if value > 0 else DEFAULT_MAX_BYTES


def set_process_writer(name: str | None) -> None:
    """Journals opened from now on in this process write their own stream (``None``: the
    default file). Called by a worker process before it builds its providers layer."""
    global _process_writer
    if name is not None and not _WRITER_OK.match(name):
        raise ValueError(f"journal writer name {name!r}: use 1-64 of A-Z a-z 0-9 _ -")
    _process_writer = name


def process_writer() -> str | None:
    """This process's writer name: :func:`set_process_writer`, else
    ``SCOUTE_JOURNAL_WRITER`` (ignored when it is not a safe name), else None."""
    if _process_writer is not None:
        return _process_writer
    env = os.environ.get("SCOUTE_JOURNAL_WRITER")
    return env if env and _WRITER_OK.match(env) else None


def _base(writer: str | None) -> str:
    return "request_journal" if writer is None else f"request_journal@{writer}"


def utc_ts(epoch: float) -> str:
    """ISO-8601 UTC with milliseconds, e.g. 2026-09-01T10:00:00.123Z."""
    # the year is written with four digits by hand: strftime's %Y gives "999" for year
    # 999 on glibc, and these strings are compared as text (``--since``)
    d = dt.datetime.fromtimestamp(epoch, dt.timezone.utc)
    return f"{d.year:04d}-{d:%m-%dT%H:%M:%S}.{d.microsecond // 1000:03d}Z"


class Journal:
    """Appends whole lines to ``<runtime>/request_journal.jsonl``; thread- and process-safe."""

    def __init__(self, runtime_dir: str | Path, *, max_bytes: int | None = None,
                 writer: str | None = None) -> None:
        self.dir = Path(runtime_dir)
        self.writer = writer if writer is not None else process_writer()
        self.base = _base(self.writer)
        self.path = self.dir / f"{self.base}.jsonl"
        self.lock_path = self.dir / f"{self.base}.jsonl.lock"
        self.max_bytes = max_bytes if max_bytes is not None else max_bytes_from_env()
        self._tlock = threading.Lock()
        self._fd: int | None = None
        self._ino: tuple[int, int] | None = None
        self._lock_fd: int | None = None
        self._pid = -1
        self.rotations = 0

    # --- descriptors ------------------------------------------------------------------

    def _ensure_open(self) -> None:
        # A forked child shares its parent's open file descriptions (and so its flock):
        # it must open its own.
        if self._pid != os.getpid():
            self._fd = self._lock_fd = None
            self._pid = os.getpid()
        if self._lock_fd is None:
            make_dirs(self.dir)
            self._lock_fd = open_regular(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)

    def _open_journal(self) -> int:
        if self._fd is not None:
            os.close(self._fd)
        fd = open_append(self.path, 0o600)  # never through a link out of runtime/
        st = os.fstat(fd)
        self._fd, self._ino = fd, (st.st_dev, st.st_ino)
        if st.st_size:
            # a crash may have left a torn last line: never glue a new line onto it
            with open_stored(self.path) as fh:
                fh.seek(-1, os.SEEK_END)
                if fh.read(1) != b"\n":
                    os.write(fd, b"\n")
        return fd

    def _current(self) -> int:
        """The descriptor of the live file (reopened when another writer rotated it)."""
        try:
            st = os.stat(self.path)
            same = self._ino == (st.st_dev, st.st_ino)
        except FileNotFoundError:
            same = False
        if self._fd is None or not same:
            return self._open_journal()
        return self._fd

    def _rotate(self) -> None:
        stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
        target = self.dir / f"{self.base}.{stamp}.jsonl"
        n = 0
        while target.exists():
            n += 1
            target = self.dir / f"{self.base}.{stamp}-{n}.jsonl"
        os.replace(self.path, target)
        self.rotations += 1

    # --- writing ----------------------------------------------------------------------

    def append(self, entry: dict[str, Any]) -> None:
        """Write one entry as one line."""
        line = (json.dumps(entry, ensure_ascii=False, separators=(",", ":"), default=str)
                + "\n").encode("utf-8")
        self.append_raw(line)

    def append_raw(self, line: bytes) -> None:
        with self._tlock:
            self._ensure_open()
            assert self._lock_fd is not None
            filelock.lock_descriptor(self._lock_fd, poll_interval=_POLL)
            try:
                fd = self._current()
                size = os.fstat(fd).st_size
                if size and size + len(line) > self.max_bytes:
                    self._rotate()
                    fd = self._open_journal()
                view = memoryview(line)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
            finally:
                filelock.unlock_descriptor(self._lock_fd)

    def close(self) -> None:
        with self._tlock:
            for fd in (self._fd, self._lock_fd):
                if fd is not None and self._pid == os.getpid():
                    os.close(fd)
            self._fd = self._lock_fd = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


# --- reading ----------------------------------------------------------------------------


@dataclass
class TornLine:
    file: str
    line: int
    text: str  # the first bytes of the bad line, for the report
    #: the line's length when it was skipped for being over MAX_LINE_BYTES, else None
    too_long: int | None = None


@dataclass
class JournalRead:
    entries: list[dict[str, Any]] = field(default_factory=list)
    torn: list[TornLine] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def journal_streams(runtime_dir: str | Path) -> list[list[Path]]:
    """Each writer's files (rotated oldest first, then its live file): the default
    stream first, then the writers' streams by name. Streams with no file are left out."""
    d = Path(runtime_dir)
    rotated: dict[str | None, list[tuple[tuple[str, int], Path]]] = {}
    live: dict[str | None, Path] = {}
    try:
        names = [p.name for p in d.iterdir()]
    except (FileNotFoundError, NotADirectoryError):
        return []  # no runtime folder yet: no journal. One we may not read is not empty:
        # PermissionError goes up (RUN022), never "no calls, $0.00" (was: every OSError)
    for name in names:
        if name == JOURNAL_NAME:
            live[None] = d / name
        elif (m := _ROTATED.match(name)) is not None:
            rotated.setdefault(None, []).append((_stamp_key(m.group(1)), d / name))
        elif (m := _W_LIVE.match(name)) is not None:
            live[m.group(1)] = d / name
        elif (m := _W_ROTATED.match(name)) is not None:
            rotated.setdefault(m.group(1), []).append((_stamp_key(m.group(2)), d / name))
    writers = sorted(set(rotated) | set(live), key=lambda w: (w is not None, w or ""))
    out = []
    for w in writers:
        files = [p for _, p in sorted(rotated.get(w, []))]
        if w in live:
            files.append(live[w])
        out.append(files)
    return out


def journal_files(runtime_dir: str | Path) -> list[Path]:
    """Every journal file: each stream's rotated files oldest first, then its live file
    (the default stream first)."""
    return [p for stream in journal_streams(runtime_dir) for p in stream]


def _stamp_key(stamp: str) -> tuple[str, int]:
    s, _, n = stamp.partition("-")
    return s, int(n or 0)


def _rotation_key(name: str) -> tuple[str, int]:
    m = _ROTATED.match(name) or _W_ROTATED.match(name)
    assert m
    return _stamp_key(m.group(m.lastindex or 1))


def _iter_files(files: list[Path], torn: list[TornLine] | None) -> Iterator[dict[str, Any]]:
    for path in files:
        try:
            fh = open_stored(path)
        except FileNotFoundError:
            continue  # rotated away between the listing and the read
        with fh:
            for n, (size, raw) in enumerate(bounded_lines(fh, MAX_LINE_BYTES), 1):
                if raw is None:
                    if torn is not None:
                        torn.append(TornLine(str(path), n, f"(a line of {size:,} bytes, over "
                                             f"the {MAX_LINE_BYTES:,}-byte limit)", size))
                    continue
                if raw in (b"\n", b""):
                    continue
                try:
                    entry = loads_stored(raw, finite=True)
                except ValueError:
                    entry = None
                if isinstance(entry, dict):
                    yield entry
                elif torn is not None:
                    torn.append(TornLine(str(path), n, raw[:80].decode("utf-8", "replace")))


def entry_ts(entry: dict[str, Any]) -> str:
    """The sort key of a line across streams (ISO-8601 UTC text compares in time order)."""
    ts = entry.get("ts")
    return ts if isinstance(ts, str) else ""


def iter_journal(runtime_dir: str | Path, torn: list[TornLine] | None = None
                 ) -> Iterator[dict[str, Any]]:
    """Every entry in order — one stream in file order; several streams merged by ``ts``
    (each stream keeps its own order); lines that do not parse are skipped and added to
    ``torn``."""
    streams = journal_streams(runtime_dir)
    if len(streams) <= 1:
        yield from _iter_files(streams[0] if streams else [], torn)
        return
    yield from heapq.merge(*(_iter_files(files, torn) for files in streams), key=entry_ts)


def read_journal(runtime_dir: str | Path) -> JournalRead:
    out = JournalRead(files=[str(p) for p in journal_files(runtime_dir)])
    out.entries = list(iter_journal(runtime_dir, out.torn))
    return out
