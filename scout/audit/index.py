"""An incremental SQLite index beside the request journal, for fast queries and sums.

``runtime/request_journal.index.sqlite3`` holds one row per journal line — where it is
(file, byte offset, length, line number), its id and the fields queries filter and group
on (ts, mission, phase, adapter, token, action, result, failed, usd) — never the line
itself: answers are read back from the journal, which stays the source of truth.

Incremental: a file is known by its inode (a rotation renames the live file, keeping its
inode, so the rows survive it) and by how many bytes were indexed; a refresh indexes only
bytes appended since, and only whole lines (a line still being written, or torn by a
crash, is left for later and reported). Stale or damaged: before continuing a file, the
refresh checks that its first bytes and its last indexed line are unchanged and that it
did not shrink; otherwise that file's rows are dropped and it is indexed again. Files
that disappeared lose their rows. A database SQLite cannot read (or of another schema
version) is deleted and rebuilt from the journal. Refreshes are serialised by a file lock,
so several processes (CLI and server) share one index.

Lines, their ids and torn lines are read as :mod:`scout.audit.journal_lines` says.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3

from scout.fsutil import loads_stored, open_stored, use_wal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import filelock

from scout.audit.filters import FAILED_RESULTS, JournalFilter
from scout.audit.index_progress import Progress
from scout.audit.journal_lines import Pos, TooLong, Torn, entry_id, iter_lines, line_length
from scout.providers.in_doubt import CALL_ID
from scout.providers.journal import journal_files
from scout.providers.spend import usd_of

INDEX_NAME = "request_journal.index.sqlite3"
#: 2: an SQL index on the mission (a night of thousands of missions: one mission's lines
#: and costs were a scan of every line); 3: each paid try's call id (``call``), so the
#: calls in doubt are a lookup, not a read of every journal file. An index of an older
#: version is brought up to date in place (:meth:`JournalIndex._migrate`), not rebuilt.
SCHEMA_VERSION = 3
_HEAD = 256  # bytes of a file's start remembered to notice a replaced file

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE files(fid INTEGER PRIMARY KEY, dev INTEGER, ino INTEGER, name TEXT, ord INTEGER,
                   head TEXT, head_len INTEGER, indexed INTEGER, lines INTEGER,
                   last_off INTEGER, last_id TEXT, UNIQUE(dev, ino));
CREATE TABLE entries(fid INTEGER, off INTEGER, len INTEGER, lineno INTEGER, id TEXT, ts TEXT,
                     mission TEXT, phase TEXT, adapter TEXT, token TEXT, action TEXT,
                     result TEXT, failed INTEGER, usd REAL, call TEXT);
CREATE TABLE torn(fid INTEGER, off INTEGER, lineno INTEGER, text TEXT);
CREATE INDEX entries_mission ON entries(mission);
CREATE INDEX entries_call ON entries(call) WHERE call IS NOT NULL;
"""

#: what ``--by`` may group on, and the column it is
GROUP_COLUMNS = {"mission": "mission", "adapter": "adapter", "token": "token",
                 "phase": "phase", "action": "action", "result": "result"}


def _damaged(exc: sqlite3.DatabaseError) -> bool:
    """Whether an SQLite error means the index file itself is bad (so rebuild it)."""
    if not isinstance(exc, sqlite3.OperationalError):
        return True  # "file is not a database", "malformed", our version check
    text = str(exc).lower()
    return not any(w in text for w in ("locked", "busy", "unable to open", "readonly",
                                       "read-only", "disk i/o", "full", "interrupted"))


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=8).hexdigest()


@dataclass
class RefreshStats:
    files: int = 0
    new_lines: int = 0
    reindexed_files: int = 0
    dropped_files: int = 0
    rebuilt: bool = False  # the database was unreadable and was made anew
    indexed_bytes: int = 0
    torn: list[Torn] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"files": self.files, "new_lines": self.new_lines,
                "reindexed_files": self.reindexed_files, "dropped_files": self.dropped_files,
                "rebuilt": self.rebuilt}


def _text(v: Any) -> str | None:
    return v if v is None or isinstance(v, str) else json.dumps(v, default=str)


def call_of(e: dict[str, Any]) -> str | None:
    """A paid try's call id (``response_summary.call``) as the in-doubt scan reads it
    (:data:`scout.providers.in_doubt.CALL_ID`), or None."""
    summary = e.get("response_summary")
    if type(summary) is not dict:
        return None
    cid = summary.get("call")
    return cid if type(cid) is str and CALL_ID.fullmatch(cid) else None


def row_of(e: dict[str, Any]) -> tuple[Any, ...]:
    """The indexed columns of one parsed entry (ts .. call). Hot: called once per line."""
    g = e.get
    result = g("result")
    cols: tuple[Any, ...]  # re-bound to the columns as text below
    cols = (g("ts"), g("mission_id"), g("phase"), g("adapter"), g("token_name"), g("action"),
            result)
    for v in cols:
        if v is not None and type(v) is not str:
            cols = tuple(_text(x) for x in cols)
            result = cols[-1]
            break
    failed = 1 if g("error") is not None or result in FAILED_RESULTS else 0
    return (*cols, failed, usd_of(e), call_of(e))


class JournalIndex:
    """The index of one runtime dir's journal. Open per use; cheap to create."""

    def __init__(self, runtime_dir: str | Path) -> None:
        self.dir = Path(runtime_dir)
        self.path = self.dir / INDEX_NAME
        self._lock = filelock.FileLock(str(self.path) + ".lock", timeout=60)
        self._conn: sqlite3.Connection | None = None
        self._progress = Progress(0)  # the refresh under way's (scout.audit.index_progress)

    # --- the database -----------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if not self.path.exists():
            # like the journal, readable by its owner only (SQLite gives -wal/-shm the same)
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600))
        conn = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
        try:
            use_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")  # a rebuildable cache: no fsync per commit
            have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "meta" not in have:
                conn.executescript(_SCHEMA)
                conn.execute("INSERT INTO meta VALUES('version', ?)", (str(SCHEMA_VERSION),))
                conn.commit()
            else:
                row = conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()
                if row is not None and row[0] in _MIGRATIONS:
                    self._migrate(conn, row[0])
                elif row is None or row[0] != str(SCHEMA_VERSION):
                    raise sqlite3.DatabaseError("index schema version mismatch")
        except BaseException:
            conn.close()
            raise
        return conn

    def _migrate(self, conn: sqlite3.Connection, version: str) -> None:
        """Bring an index of an older schema up to this one in place, under the refresh
        lock: a night's journal (~100,000 lines) took ~5 s to index anew, while adding
        the mission index and the call ids reads only the lines that carry a call id.
        Anything unexpected raises (the caller rebuilds from the journal)."""
        with self._lock, conn:
            row = conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()
            version = row[0] if row is not None else version
            if version == str(SCHEMA_VERSION):
                return  # another process migrated it meanwhile
            for step in _MIGRATIONS[version]:
                step(self, conn)
            conn.execute("UPDATE meta SET value=? WHERE key='version'", (str(SCHEMA_VERSION),))

    def _add_mission_index(self, conn: sqlite3.Connection) -> None:
        conn.execute("CREATE INDEX IF NOT EXISTS entries_mission ON entries(mission)")

    def _add_calls(self, conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE entries ADD COLUMN call TEXT")
        conn.execute("CREATE INDEX entries_call ON entries(call) WHERE call IS NOT NULL")
        for fid, name, indexed in conn.execute(
                "SELECT fid, name, indexed FROM files").fetchall():
            updates = []
            try:
                for off, _lineno, raw in iter_lines(self.dir / name):
                    if off >= indexed:
                        break
                    if isinstance(raw, TooLong) or b'"call"' not in raw:
                        continue
                    try:
                        e = loads_stored(raw, finite=True)
                    except ValueError:
                        continue
                    cid = call_of(e) if type(e) is dict else None
                    if cid is not None:
                        updates.append((cid, fid, off))
            except OSError:
                continue  # gone or unreadable: the refresh drops or re-indexes it
            conn.executemany("UPDATE entries SET call=? WHERE fid=? AND off=?", updates)

    def _discard(self) -> None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(str(self.path) + suffix)
            except FileNotFoundError:
                pass

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._connect()
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> "JournalIndex":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- refresh ----------------------------------------------------------------------

    def refresh(self) -> RefreshStats:
        """Bring the index up to date with the journal files (incrementally)."""
        with self._lock:
            try:
                return self._refresh(RefreshStats())
            except sqlite3.DatabaseError as exc:
                if not _damaged(exc):
                    raise  # busy, read-only, no space: the database itself is fine
                # unreadable, damaged or of another version: the journal is the truth
                self.close()
                self._discard()
                return self._refresh(RefreshStats(rebuilt=True))

    def _refresh(self, stats: RefreshStats) -> RefreshStats:
        conn = self.conn
        seen: set[int] = set()
        self._progress = Progress(self._to_index(conn))
        with conn:  # one transaction
            for _ in range(5):  # a rotation during the pass changes the listing: go again
                listing = journal_files(self.dir)
                seen = self._pass(conn, listing, stats)
                after = journal_files(self.dir)
                if after == listing and all(self._same_inode(conn, p) for p in after):
                    break
            gone = [r[0] for r in conn.execute("SELECT fid FROM files")
                    if r[0] not in seen]
            for fid in gone:
                self._drop(conn, fid)
                stats.dropped_files += 1
        stats.files = len(seen)
        stats.torn = self.torn_lines()
        self._progress.done()
        return stats

    def _to_index(self, conn: sqlite3.Connection) -> int:
        """About how many bytes of journal this refresh has to index (for its progress:
        the files' sizes less what the index holds of them)."""
        size = 0
        for path in journal_files(self.dir):
            try:
                size += os.stat(path).st_size
            except FileNotFoundError:
                continue
        held = conn.execute("SELECT COALESCE(SUM(indexed), 0) FROM files").fetchone()[0]
        return max(0, size - int(held))

    def _same_inode(self, conn: sqlite3.Connection, path: Path) -> bool:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return False
        row = conn.execute("SELECT name FROM files WHERE dev=? AND ino=?",
                           (st.st_dev, st.st_ino)).fetchone()
        return row is not None and row[0] == path.name

    def _drop(self, conn: sqlite3.Connection, fid: int) -> None:
        conn.execute("DELETE FROM entries WHERE fid=?", (fid,))
        conn.execute("DELETE FROM torn WHERE fid=?", (fid,))
        conn.execute("DELETE FROM files WHERE fid=?", (fid,))

    def _pass(self, conn: sqlite3.Connection, listing: list[Path], stats: RefreshStats
              ) -> set[int]:
        seen: set[int] = set()
        for order, path in enumerate(listing):
            try:
                st = os.stat(path)
            except FileNotFoundError:
                continue  # renamed by a rotation meanwhile: the next pass finds it
            row = conn.execute(
                "SELECT fid, head, head_len, indexed, lines, last_off, last_id FROM files "
                "WHERE dev=? AND ino=?", (st.st_dev, st.st_ino)).fetchone()
            if row is not None and not self._still_valid(path, row, st.st_size):
                self._drop(conn, row[0])
                stats.reindexed_files += 1
                row = None
            if row is None:
                cur = conn.execute(
                    "INSERT INTO files(dev, ino, name, ord, head, head_len, indexed, lines, "
                    "last_off, last_id) VALUES(?,?,?,?,NULL,0,0,0,0,NULL)",
                    (st.st_dev, st.st_ino, path.name, order))
                fid, indexed, lines = int(cur.lastrowid or 0), 0, 0
            else:
                fid, indexed, lines = row[0], row[3], row[4]
            conn.execute("UPDATE files SET name=?, ord=? WHERE fid=?", (path.name, order, fid))
            seen.add(fid)
            if st.st_size > indexed:
                self._index_file(conn, fid, path, indexed, lines, stats)
        return seen

    def _still_valid(self, path: Path, row: tuple[Any, ...], size: int) -> bool:
        _fid, head, head_len, indexed, _lines, last_off, last_id = row
        if size < indexed:
            return False
        if indexed == 0:
            return True
        try:
            with open_stored(path) as fh:
                if _digest(fh.read(head_len)) != head:
                    return False
                fh.seek(last_off)
                return last_id is None or entry_id(fh.read(indexed - last_off)) == last_id
        except OSError:
            return False

    def _index_file(self, conn: sqlite3.Connection, fid: int, path: Path, indexed: int,
                    lines: int, stats: RefreshStats) -> None:
        batch: list[tuple[Any, ...]] = []
        torn: list[tuple[Any, ...]] = []
        end, last_off, last_id = indexed, None, None
        told = indexed  # the bytes the progress was told of
        def loads(raw: bytes) -> Any:
            return loads_stored(raw, finite=True)

        try:
            for off, lineno, raw in iter_lines(path, indexed, lines):
                lines, end = lineno, off + line_length(raw) + 1
                if isinstance(raw, TooLong):  # skipped whole: counted as not parsing
                    torn.append((fid, off, lineno, raw.head.decode("utf-8", "replace")))
                    continue
                if not raw.strip():
                    continue
                last_off, last_id = off, entry_id(raw)
                try:
                    e = loads(raw)
                except ValueError:
                    e = None
                if type(e) is dict:
                    batch.append((fid, off, len(raw), lineno, last_id, *row_of(e)))
                    if len(batch) >= 20000:
                        self._insert(conn, batch, stats)
                    if not lineno % 2000:
                        self._progress.advance(end - told)
                        told = end
                else:
                    torn.append((fid, off, lineno, raw[:80].decode("utf-8", "replace")))
        except FileNotFoundError:
            return
        self._insert(conn, batch, stats)
        self._progress.advance(end - told)
        if torn:
            conn.executemany("INSERT INTO torn VALUES(?,?,?,?)", torn)
        stats.indexed_bytes += end - indexed
        if end == indexed:
            return
        if indexed == 0:
            with open_stored(path) as fh:
                head = fh.read(min(_HEAD, end))
            conn.execute("UPDATE files SET head=?, head_len=? WHERE fid=?",
                         (_digest(head), len(head), fid))
        # the last whole line (bytes last_off..end, minus blank lines) is checked next time
        conn.execute("UPDATE files SET indexed=?, lines=?, last_off=COALESCE(?, last_off), "
                     "last_id=COALESCE(?, last_id) WHERE fid=?",
                     (end, lines, last_off, last_id, fid))

    @staticmethod
    def _insert(conn: sqlite3.Connection, batch: list[tuple[Any, ...]],
                stats: RefreshStats) -> None:
        if batch:
            conn.executemany("INSERT INTO entries VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", batch)
            stats.new_lines += len(batch)
            batch.clear()

    def torn_lines(self) -> list[Torn]:
        """Lines that do not parse, and unterminated last lines, in journal order."""
        conn = self.conn
        out = [Torn(name, line, text) for name, line, text in conn.execute(
            "SELECT f.name, t.lineno, t.text FROM torn t JOIN files f USING(fid) "
            "ORDER BY f.ord, t.off")]
        for name, indexed in conn.execute("SELECT name, indexed FROM files ORDER BY ord"):
            try:
                size = os.path.getsize(self.dir / name)
            except OSError:
                continue
            if size > indexed:
                with open_stored(self.dir / name) as fh:
                    fh.seek(indexed)
                    tail = fh.read(80)
                out.append(Torn(name, None, tail.decode("utf-8", "replace"), incomplete=True))
        return out

    def forget(self, name: str) -> None:
        """Drop a file's rows (its lines changed in place); the next refresh re-indexes it."""
        with self._lock, self.conn as conn:
            for (fid,) in conn.execute("SELECT fid FROM files WHERE name=?", (name,)).fetchall():
                self._drop(conn, fid)

    # --- queries ----------------------------------------------------------------------

    @staticmethod
    def _where(flt: JournalFilter) -> tuple[str, list[Any]]:
        clauses, args = [], []
        for col, value in (("mission", flt.mission), ("token", flt.token),
                           ("adapter", flt.adapter), ("phase", flt.phase)):
            if value is not None:
                clauses.append(f"e.{col} = ?")
                args.append(value)
        if flt.missions is not None:
            clauses.append(f"e.mission IN ({', '.join('?' * len(flt.missions))})")
            args.extend(flt.missions)
        if flt.failed:
            clauses.append("e.failed = 1")
        if flt.since is not None:
            clauses.append("e.ts >= ?")
            args.append(flt.since)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", args

    def select(self, flt: JournalFilter, limit: int | None = None) -> list[Pos]:
        """Positions of the matching lines, NEWEST first (at most ``limit``)."""
        where, args = self._where(flt)
        # one stream: file order; several writers' streams (Dask workers): time order
        merged = self.conn.execute(
            "SELECT 1 FROM files WHERE name LIKE 'request_journal@%' LIMIT 1").fetchone()
        order = "e.ts DESC, f.ord DESC, e.off DESC" if merged else "f.ord DESC, e.off DESC"
        sql = ("SELECT f.name, e.off, e.len, e.lineno, e.id FROM entries e JOIN files f "
               f"USING(fid){where} ORDER BY {order}")
        if limit:
            sql += " LIMIT ?"
            args.append(limit)
        return [Pos(*r) for r in self.conn.execute(sql, args)]

    def find(self, id_prefix: str) -> list[Pos]:
        """Lines whose id starts with ``id_prefix`` (lower-case hex)."""
        rows = self.conn.execute(
            "SELECT f.name, e.off, e.len, e.lineno, e.id FROM entries e JOIN files f "
            "USING(fid) WHERE e.id >= ? AND e.id < ? ORDER BY f.ord, e.off LIMIT 10",
            (id_prefix, id_prefix + "g"))
        return [Pos(*r) for r in rows]

    def aggregate(self, bys: list[str], flt: JournalFilter) -> dict[str, list[dict[str, Any]]]:
        """Per value of each of ``bys``: lines (``sent`` lines left out), ok, failed, cache
        hits, USD. One grouped query per column: grouped by every column at once, a
        night's 3,000 missions times their adapters and tokens made ten thousand groups to
        fold back here."""
        where, args = self._where(flt)
        # a 'sent' line announces a paid request; the line that ends the try is the call
        # (and carries the cost): counting both would count every paid call twice
        where = (where + " AND " if where else " WHERE ") + "e.result IS NOT 'sent'"
        out: dict[str, list[dict[str, Any]]] = {}
        for b in bys or ["result"]:
            col = f"e.{GROUP_COLUMNS[b]}"
            sql = (f"SELECT {col}, COUNT(*), SUM(e.result = 'ok'), SUM(e.failed), "
                   f"SUM(e.result = 'cache_hit'), SUM(e.usd) FROM entries e{where} "
                   f"GROUP BY {col}")
            out[b] = [{"key": k, "calls": n or 0, "ok": ok or 0, "failed": failed or 0,
                       "cache_hits": hits or 0, "usd": usd or 0.0}
                      for k, n, ok, failed, hits, usd in self.conn.execute(sql, args)]
        return out

    def unanswered_sent(self) -> list[tuple[Pos, str]]:
        """The ``sent`` lines that no later line of the same call answers (journal order),
        with their call id: where the calls in doubt may be. The caller reads each back
        and checks it (:func:`scout.audit.journal_query.in_doubt_lookup`)."""
        rows = self.conn.execute(
            "SELECT f.name, e.off, e.len, e.lineno, e.id, e.call FROM entries e "
            "JOIN files f USING(fid) WHERE e.call IS NOT NULL AND e.result = 'sent' "
            "AND NOT EXISTS (SELECT 1 FROM entries a JOIN files g ON g.fid = a.fid "
            "WHERE a.call = e.call AND a.result IS NOT 'sent' "
            "AND (g.ord > f.ord OR (a.fid = e.fid AND a.off > e.off))) "
            "ORDER BY f.ord, e.off")
        return [(Pos(*r[:5]), r[5]) for r in rows]

    def count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0])


#: the steps from each older schema version to :data:`SCHEMA_VERSION`
_MIGRATIONS: dict[str, list[Callable[[JournalIndex, sqlite3.Connection], None]]] = {
    "1": [JournalIndex._add_mission_index, JournalIndex._add_calls],
    "2": [JournalIndex._add_calls],
}
