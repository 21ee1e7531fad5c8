"""Journal queries: the last N lines matching a filter, and one line by its id.

Reads go through the index (:mod:`scout.audit.index`) when it can be used, and fall back
to a scan of the journal files (``use_index=False``, or a runtime dir the index cannot be
written in). Both read rotated files oldest first, then the live file, and both report
lines that do not parse (a torn line) and an unterminated last line, so a caller can say
so. Every entry carries its id (``entry_id``: a hash of the line), the file it is in and
its line number; ``scout journal replay ID`` takes the id or a unique prefix of it (at
least 6 hex digits).
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import filelock

from scout.fsutil import loads_stored, open_stored
from scout.audit.filters import JournalFilter
from scout.audit.index import JournalIndex
from scout.audit.journal_lines import Pos, TooLong, Torn, entry_id, iter_lines, line_length
from scout.errors import EntryNotFound
from scout.providers.in_doubt import SENT, InDoubt, call_id
from scout.providers.journal import entry_ts, journal_files, journal_streams

ID_RE = re.compile(r"^[0-9a-f]{6,16}$")
MIN_ID = 6


@dataclass
class JournalEntry:
    id: str
    file: str
    line: int
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "file": self.file, "line": self.line}
        out.update((k, v) for k, v in self.data.items() if k not in out)  # ours win
        return out


@dataclass
class JournalPage:
    """Entries oldest first, with what the reader met on the way."""

    entries: list[JournalEntry] = field(default_factory=list)
    torn: list[Torn] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    source: str = "index"  # index | scan
    note: str | None = None  # why the index was not used

    def to_dict(self) -> dict[str, Any]:
        return {"count": len(self.entries), "entries": [e.to_dict() for e in self.entries],
                "torn": [t.to_dict() for t in self.torn], "files": self.files,
                "source": self.source, "note": self.note}


def open_index(runtime_dir: Path) -> tuple[JournalIndex | None, str | None]:
    """A refreshed index, or (None, why) when it cannot be used here."""
    if not runtime_dir.is_dir():
        return None, None  # no journal yet: nothing to index, and a reader creates nothing
    idx = JournalIndex(runtime_dir)
    try:
        idx.refresh()
    except (OSError, sqlite3.Error, filelock.Timeout) as exc:
        idx.close()
        return None, f"index unavailable ({type(exc).__name__}: {exc}); scanned the journal"
    return idx, None


def _read(runtime_dir: Path, pos: Pos) -> JournalEntry | None:
    with open_stored(runtime_dir / pos.name) as fh:
        fh.seek(pos.off)
        raw = fh.read(pos.length)
    try:
        data = loads_stored(raw, finite=True)
    except ValueError:
        return None
    if not isinstance(data, dict) or entry_id(raw) != pos.id:
        return None  # the index is behind a change; the caller refreshes
    return JournalEntry(pos.id, pos.name, pos.line, data)


def _read_all(runtime_dir: Path, positions: list[Pos]
              ) -> tuple[list[JournalEntry] | None, str | None]:
    """The entries at ``positions``; (None, file) when a line is not what the index says
    (the file was changed in place), (None, None) when a file vanished (a rotation)."""
    out = []
    for p in positions:
        try:
            e = _read(runtime_dir, p)
        except FileNotFoundError:
            return None, None
        if e is None:
            return None, p.name
        out.append(e)
    return out, None


def _lookup(idx: JournalIndex, runtime_dir: Path, select: Any) -> list[JournalEntry] | None:
    """``select(idx)`` read back from the journal, refreshing (and re-indexing a file whose
    lines changed) until positions and files agree; None after three tries."""
    for _ in range(3):
        found, changed = _read_all(runtime_dir, select(idx))
        if found is not None:
            return found
        if changed is not None:
            idx.forget(changed)
        idx.refresh()
    return None


def in_doubt_lookup(idx: JournalIndex, runtime_dir: Path,
                    keep: Callable[[dict[str, Any]], bool] | None = None) -> InDoubt | None:
    """The calls in doubt (:func:`scout.providers.in_doubt.scan_in_doubt`'s answer) from
    the index: its unanswered ``sent`` rows, each read back from the journal and checked
    (the line's id, a ``sent`` line, the same call id) before it is believed. A row the
    journal does not bear out re-indexes its file and asks again; None when it still
    disagrees after three tries (the caller scans)."""
    for _ in range(3):
        candidates = idx.unanswered_sent()
        checked: list[tuple[str, dict[str, Any]]] = []
        wrong: set[str] = set()  # files whose rows the journal does not bear out
        for pos, cid in candidates:
            try:
                e = _read(runtime_dir, pos)
            except FileNotFoundError:
                wrong.add(pos.name)  # rotated away meanwhile: the refresh follows it
                continue
            if e is None or e.data.get("result") != SENT or call_id(e.data) != cid:
                wrong.add(pos.name)
            else:
                checked.append((cid, e.data))
        if not wrong:
            pending: dict[str, dict[str, Any]] = {}
            for cid, data in checked:
                if keep is None or keep(data):  # as the scan does: the last one kept
                    pending[cid] = data
            return InDoubt(list(pending.values()))
        for name in wrong:
            idx.forget(name)
        idx.refresh()
    return None


def scan(runtime_dir: Path, flt: JournalFilter, limit: int | None = None
         ) -> tuple[list[JournalEntry], list[Torn]]:
    """The last ``limit`` matching entries (all when None), reading every file."""
    files = journal_files(runtime_dir)
    # several writers' streams (Dask workers): gather all, then order by time
    merged = len(journal_streams(runtime_dir)) > 1
    keep: deque[JournalEntry] = deque(maxlen=None if merged else limit or None)
    torn: list[Torn] = []
    for path in files:
        end = 0
        try:
            for off, lineno, raw in iter_lines(path):
                end = off + line_length(raw) + 1
                if isinstance(raw, TooLong):  # skipped whole: counted as not parsing
                    torn.append(Torn(path.name, lineno, raw.head.decode("utf-8", "replace")))
                    continue
                if not raw.strip():
                    continue
                try:
                    data = loads_stored(raw, finite=True)
                except ValueError:
                    data = None
                if not isinstance(data, dict):
                    torn.append(Torn(path.name, lineno, raw[:80].decode("utf-8", "replace")))
                elif flt.matches(data):
                    keep.append(JournalEntry(entry_id(raw), path.name, lineno, data))
            size = os.path.getsize(path)
        except FileNotFoundError:
            continue
        if size > end:
            with open_stored(path) as fh:
                fh.seek(end)
                tail = fh.read(80)
            torn.append(Torn(path.name, None, tail.decode("utf-8", "replace"), incomplete=True))
    if merged:
        ordered = sorted(keep, key=lambda e: entry_ts(e.data))  # stable: streams keep order
        return (ordered[-limit:] if limit else ordered), torn
    return list(keep), torn


def query(runtime_dir: str | Path, flt: JournalFilter, limit: int | None = 20, *,
          use_index: bool = True) -> JournalPage:
    """The last ``limit`` entries matching ``flt`` (all when None or 0), oldest first."""
    runtime_dir = Path(runtime_dir)
    # more than any journal holds is all of it: SQLite's LIMIT and a deque's maxlen both
    # stop at 2**63 - 1 (``scout journal -n 99999999999999999999999`` was an OverflowError)
    limit = limit if limit and limit < sys.maxsize else None
    page = JournalPage(files=[p.name for p in journal_files(runtime_dir)])
    idx, page.note = open_index(runtime_dir) if use_index else (None, None)
    if idx is not None:
        try:
            found = _lookup(idx, runtime_dir, lambda i: i.select(flt, limit))
            if found is not None:
                page.entries = found[::-1]
                page.torn = idx.torn_lines()
                return page
        finally:
            idx.close()
        page.note = "the journal changed while it was read; scanned it instead"
    page.source = "scan"
    page.entries, page.torn = scan(runtime_dir, flt, limit)
    return page


def find_entry(runtime_dir: str | Path, ref: str, *, use_index: bool = True) -> JournalEntry:
    """The entry whose id is ``ref`` or starts with it (a unique prefix, 6+ hex digits)."""
    runtime_dir = Path(runtime_dir)
    key = ref.strip().lower()
    if not ID_RE.match(key):
        raise EntryNotFound(
            f"{ref!r} is not a journal entry id",
            hint="use the id shown in the first column of `scout journal` (or its 'id' in "
            f"--json): {MIN_ID} to 16 hex digits")
    matches: list[JournalEntry] = []
    idx, _note = open_index(runtime_dir) if use_index else (None, None)
    if idx is not None:
        try:
            found = _lookup(idx, runtime_dir, lambda i: i.find(key))
        finally:
            idx.close()
        if found is None:
            idx = None
        else:
            matches = found
    if idx is None:
        everything, _torn = scan(runtime_dir, JournalFilter())
        matches = [e for e in everything if e.id.startswith(key)]
    distinct = {e.id for e in matches}
    if not matches:
        raise EntryNotFound(f"no journal entry with id {ref!r} in {runtime_dir}",
                         hint="list entries with `scout journal` (ids are in the first column)")
    if len(distinct) > 1:
        raise EntryNotFound(f"journal entry id {ref!r} is ambiguous: it starts "
                         f"{len(distinct)} ids ({', '.join(sorted(distinct)[:4])})",
                            hint="give more digits of the id")
    return matches[0]
