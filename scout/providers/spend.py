"""What each mission has spent, from the request journal, read incrementally.

``spent_on_mission(root, mission)`` is asked before every apply (the budget counts
earlier applies) and before and after every mission of a batch. Reading the whole
journal each time made a batch of N missions read it N times while it grows by every
mission: quadratic. :class:`SpendTally` instead keeps, per journal file, the USD of each
mission and how many bytes it has read; a later question reads only the bytes appended
since, so one process reads every journal line once, whatever the number of missions.

A file is known by its inode (a rotation renames the live file and keeps its inode, so
nothing is read twice). Before reading on, its size and its first and last counted
bytes are checked: a file that shrank or was rewritten in place is read again from the
start; a file that disappeared stops counting. Only whole lines are counted (a line
still being written, or torn by a crash, is left for later: writers start a new line
after a torn one, so its bytes then parse as nothing). Lines are untrusted: a
non-numeric, negative or non-finite ``cost.usd``, or one past any request's cost, counts
as 0 (:func:`usd_of`, which ``scout cost`` and ``scout journal`` count by too).

The tally is per process (a Dask worker keeps its own, and reads each file once); the
totals are the same as summing every entry of :func:`~scout.providers.journal.iter_journal`.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.fsutil import loads_stored, open_stored
from scout.providers.journal import MAX_LINE_BYTES, journal_files

#: bytes compared to tell a continued file from a replaced one
_HEAD = 64
#: how much of a journal file is read at once
_CHUNK = 1 << 20


@dataclass
class _FileTally:
    offset: int = 0  # bytes counted (always at a line end)
    head: bytes = b""  # the file's first bytes
    tail: bytes = b""  # the last bytes counted (up to ``offset``)
    usd: dict[str, float] = field(default_factory=dict)


#: more USD than any one request costs: a line saying so was not written by scout
MAX_LINE_USD = 1_000_000.0


def usd_of(entry: dict[str, Any]) -> float:
    """What one journal entry cost in USD, as every reader counts it (the budget, ``scout
    cost``, ``scout journal``): a number from 0 to :data:`MAX_LINE_USD`, anything else
    (text, a negative, NaN, ``1e308``, which summed to ``$inf``) 0."""
    cost = entry.get("cost")
    usd = cost.get("usd") if isinstance(cost, dict) else None
    if isinstance(usd, bool) or not isinstance(usd, (int, float)):
        return 0.0
    return float(usd) if 0 < usd <= MAX_LINE_USD else 0.0


def line_usd(entry: Any) -> tuple[str, float] | None:
    """``(mission_id, usd)`` of one journal entry; None when it names no mission."""
    if not isinstance(entry, dict):
        return None
    mid = entry.get("mission_id")
    if not isinstance(mid, str):
        return None
    return mid, usd_of(entry)


class SpendTally:
    """USD per mission of one ``runtime/`` directory's journal files (thread-safe)."""

    def __init__(self, runtime_dir: str | Path) -> None:
        self.dir = Path(runtime_dir)
        self._files: dict[tuple[int, int], _FileTally] = {}
        self._lock = threading.Lock()
        #: bytes read from disk so far (tests check that a question reads only new bytes)
        self.bytes_read = 0

    def spent(self, mission_id: str) -> float:
        """USD journaled for ``mission_id`` in every file, up to the last whole line."""
        with self._lock:
            self._refresh()
            return round(sum(f.usd.get(mission_id, 0.0) for f in self._files.values()), 6)

    def spent_each(self, mission_ids: Iterable[str]) -> dict[str, float]:
        """:meth:`spent` of many missions after one look at the files (a batch's start)."""
        with self._lock:
            self._refresh()
            return {m: round(sum(f.usd.get(m, 0.0) for f in self._files.values()), 6)
                    for m in mission_ids}

    def _refresh(self) -> None:
        seen: set[tuple[int, int]] = set()
        for path in journal_files(self.dir):
            try:  # a regular file: a FIFO standing there waited for a writer forever
                fh = open_stored(path)
            except OSError:
                continue  # rotated away or removed between the listing and the read
            with fh:
                st = os.fstat(fh.fileno())
                key = (st.st_dev, st.st_ino)
                if key in seen:
                    continue  # the same file under two names (renamed while listing)
                seen.add(key)
                tally = self._files.get(key)
                if tally is not None and (st.st_size < tally.offset
                                          or not self._unchanged(fh, tally)):
                    tally = None  # replaced (inode reused) or truncated: count it afresh
                if tally is None:
                    tally = self._files[key] = _FileTally()
                self._read_new(fh, tally, st.st_size)
        for key in set(self._files) - seen:
            del self._files[key]  # a file that is gone no longer counts

    def _unchanged(self, fh: Any, tally: _FileTally) -> bool:
        """The bytes counted are still there: same beginning, same last counted bytes
        (journal lines are never rewritten, so anything else is another file)."""
        fh.seek(0)
        head = fh.read(len(tally.head))
        fh.seek(tally.offset - len(tally.tail))
        tail = fh.read(len(tally.tail))
        self.bytes_read += len(head) + len(tail)
        return head == tally.head and tail == tally.tail

    def _read_new(self, fh: Any, tally: _FileTally, size: int) -> None:
        """Count the whole lines between the tally's offset and ``size``, read in pieces of
        :data:`_CHUNK` bytes: a journal grown by gigabytes, or a line of gigabytes with
        no newline (a damaged or hostile file), is never held whole; a line longer than
        the journal's :data:`~scout.providers.journal.MAX_LINE_BYTES` counts nothing."""
        if size <= tally.offset:
            return
        fh.seek(tally.offset)
        start = at = counted = tally.offset
        rest = b""  # the part of a line read so far
        skipping = False  # inside a line too long to hold: dropped up to its newline
        first = tail = b""
        while at < size:
            chunk = fh.read(min(_CHUNK, size - at))
            if not chunk:
                break
            self.bytes_read += len(chunk)
            at += len(chunk)
            if not first:
                first = chunk[:_HEAD]
            data = rest + chunk
            end = data.rfind(b"\n")
            if end < 0:
                skipping = skipping or len(data) > MAX_LINE_BYTES
                rest = b"" if skipping else data
                continue
            lines = data[:end].split(b"\n")
            if skipping:
                lines, skipping = lines[1:], False  # the first is the long line's end
            self._count(lines, tally)
            rest = data[end + 1:]
            counted = at - len(rest)
            tail = data[max(0, end + 1 - _HEAD):end + 1]
        if counted == start:
            return  # no whole line yet
        if start == 0:  # what the file begins with, to notice a replaced file
            tally.head = first[:min(_HEAD, counted)]
        tally.offset = counted
        tally.tail = tail

    @staticmethod
    def _count(lines: list[bytes], tally: _FileTally) -> None:
        for raw in lines:
            if not raw.strip() or len(raw) > MAX_LINE_BYTES:
                continue
            try:
                got = line_usd(loads_stored(raw, finite=True))
            except ValueError:
                continue  # a torn line: every journal reader skips it
            if got is not None:
                mid, usd = got
                tally.usd[mid] = tally.usd.get(mid, 0.0) + usd


_TALLIES: dict[Path, SpendTally] = {}
_TALLIES_LOCK = threading.Lock()


def tally_for(runtime_dir: str | Path) -> SpendTally:
    """This process's tally of ``runtime_dir`` (one per directory, kept for reuse)."""
    key = Path(runtime_dir).resolve()
    with _TALLIES_LOCK:
        tally = _TALLIES.get(key)
        if tally is None:
            tally = _TALLIES[key] = SpendTally(key)
        return tally


def spent_on_mission(root: str | Path, mission_id: str) -> float:
    """USD already journaled for this mission (every earlier apply), under ``root``."""
    return tally_for(Path(root) / "runtime").spent(mission_id)
