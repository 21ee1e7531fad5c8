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

What goes into a line is made safe by :mod:`scout.providers.redact` (keywords for free
text, emails and phone numbers scrubbed, known secret values replaced).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import filelock

JOURNAL_NAME = "request_journal.jsonl"
DEFAULT_MAX_BYTES = 50 * 1024 * 1024
_ROTATED = re.compile(r"^request_journal\.(\d{8}T\d{6}\.\d{6}Z(?:-\d+)?)\.jsonl$")
#: seconds between lock attempts when another process holds the journal lock
_POLL = 0.0002

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


def utc_ts(epoch: float) -> str:
    """ISO-8601 UTC with milliseconds, e.g. 2026-09-01T10:00:00.123Z."""
    # the year is written with four digits by hand: strftime's %Y gives "999" for year
    # 999 on glibc, and these strings are compared as text (``--since``)
    d = dt.datetime.fromtimestamp(epoch, dt.timezone.utc)
    return f"{d.year:04d}-{d:%m-%dT%H:%M:%S}.{d.microsecond // 1000:03d}Z"


class Journal:
    """Appends whole lines to ``<runtime>/request_journal.jsonl``; thread- and process-safe."""

    def __init__(self, runtime_dir: str | Path, *, max_bytes: int | None = None) -> None:
        self.dir = Path(runtime_dir)
        self.path = self.dir / JOURNAL_NAME
        self.lock_path = self.dir / (JOURNAL_NAME + ".lock")
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
            self.dir.mkdir(parents=True, exist_ok=True)
            self._lock_fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)

    def _open_journal(self) -> int:
        if self._fd is not None:
            os.close(self._fd)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        st = os.fstat(fd)
        self._fd, self._ino = fd, (st.st_dev, st.st_ino)
        if st.st_size:
            # a crash may have left a torn last line: never glue a new line onto it
            with open(self.path, "rb") as fh:
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
        target = self.dir / f"request_journal.{stamp}.jsonl"
        n = 0
        while target.exists():
            n += 1
            target = self.dir / f"request_journal.{stamp}-{n}.jsonl"
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


@dataclass
class JournalRead:
    entries: list[dict[str, Any]] = field(default_factory=list)
    torn: list[TornLine] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def journal_files(runtime_dir: str | Path) -> list[Path]:
    """Rotated files oldest first, then the live file."""
    d = Path(runtime_dir)
    rotated = sorted(
        (p for p in d.glob("request_journal.*.jsonl") if _ROTATED.match(p.name)),
        key=lambda p: _rotation_key(p.name),
    )
    live = d / JOURNAL_NAME
    return rotated + ([live] if live.exists() else [])


def _rotation_key(name: str) -> tuple[str, int]:
    m = _ROTATED.match(name)
    assert m
    stamp, _, n = m.group(1).partition("-")
    return stamp, int(n or 0)


def iter_journal(runtime_dir: str | Path, torn: list[TornLine] | None = None
                 ) -> Iterator[dict[str, Any]]:
    """Every entry in order; lines that do not parse are skipped and added to ``torn``."""
    for path in journal_files(runtime_dir):
        with open(path, "rb") as fh:
            for n, raw in enumerate(fh, 1):
                if raw in (b"\n", b""):
                    continue
                try:
                    entry = json.loads(raw)
                except ValueError:
                    entry = None
                if isinstance(entry, dict):
                    yield entry
                elif torn is not None:
                    torn.append(TornLine(str(path), n, raw[:80].decode("utf-8", "replace")))


def read_journal(runtime_dir: str | Path) -> JournalRead:
    out = JournalRead(files=[str(p) for p in journal_files(runtime_dir)])
    out.entries = list(iter_journal(runtime_dir, out.torn))
    return out
