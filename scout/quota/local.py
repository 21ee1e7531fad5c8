"""The ``local`` quota backend (default): one SQLite database, ``runtime/quota.sqlite3``.

Every scout process on the machine opens the same file, so two ``scout apply`` together
respect one rate cap, a breaker's cool-down survives the next apply, and a request
claimed by one process is paid once. The database is in WAL mode; every decision is one
``BEGIN IMMEDIATE`` transaction (the write lock is taken first, so two processes never
decide on the same stale row), with a busy timeout instead of failing on contention.
``synchronous=NORMAL``: a power cut may forget the last decisions, never corrupt the file.
A request that reserves against two budgets (its mission's and its batch's) holds one
``reservation`` row per scope, ``<id>:<scope>``, written in the same transaction.
The token pool's state stays in ``runtime/token_pool_state.json`` (already shared under a
file lock, and read by ``scout pool status``).
"""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from scout.errors import ConfigError
from scout.fsutil import make_dirs, use_wal
from scout.quota.base import (RESERVATION_LEASE_S, BudgetScope, ClaimResult, FileDoc,
                              Reservation, SharedDoc, gcra, refuses)

DB_NAME = "quota.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS rate (key TEXT PRIMARY KEY, tat REAL NOT NULL);
CREATE TABLE IF NOT EXISTS breaker (adapter TEXT PRIMARY KEY, until REAL NOT NULL);
CREATE TABLE IF NOT EXISTS budget (scope TEXT PRIMARY KEY, spent REAL NOT NULL);
CREATE TABLE IF NOT EXISTS reservation (id TEXT PRIMARY KEY, scope TEXT NOT NULL,
                                        usd REAL NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS claim (key TEXT PRIMARY KEY, owner TEXT NOT NULL,
                                  expires REAL NOT NULL);
"""


class LocalQuota:
    name = "local"

    def __init__(self, runtime_dir: str | Path, *, clock: Callable[[], float] = time.time,
                 headroom: float = 1.0, busy_timeout_s: float = 30.0) -> None:
        self.path = Path(runtime_dir) / DB_NAME
        self.clock = clock
        self.headroom = headroom
        self._lock = threading.Lock()
        self._docs: dict[str, FileDoc] = {}
        try:
            make_dirs(self.path.parent)
            self.busy_timeout_s = busy_timeout_s
            self._conn: sqlite3.Connection | None = None
            with self._tx() as db:
                for stmt in _SCHEMA.strip().split(";"):
                    if stmt.strip():
                        db.execute(stmt)
        except sqlite3.DatabaseError as exc:
            raise ConfigError(f"quota database {self.path} cannot be used: {exc}",
                              code="CFG042",
                              hint=f"remove {self.path} (rate and breaker state start "
                              "afresh) or check the folder's permissions") from None

    @property
    def _db(self) -> sqlite3.Connection:
        # (re)opened on use: a thread still finishing after close() must not fail
        if self._conn is None:
            db = sqlite3.connect(str(self.path), timeout=self.busy_timeout_s,
                                 isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_s * 1000)}")
            use_wal(db, self.busy_timeout_s)
            db.execute("PRAGMA synchronous=NORMAL")
            self._conn = db
        return self._conn

    # one transaction: the write lock first, so the read-decide-write is atomic
    class _Tx:
        def __init__(self, q: "LocalQuota") -> None:
            self.q = q

        def __enter__(self) -> sqlite3.Connection:
            self.q._lock.acquire()
            try:
                self.q._db.execute("BEGIN IMMEDIATE")
            except BaseException:
                self.q._lock.release()
                raise
            return self.q._db

        def __exit__(self, et: Any, *_: Any) -> None:
            try:
                self.q._db.execute("COMMIT" if et is None else "ROLLBACK")
            finally:
                self.q._lock.release()

    def _tx(self) -> "LocalQuota._Tx":
        return LocalQuota._Tx(self)

    def reserve_rate(self, key: str, per_minute: float, burst: int) -> float:
        with self._tx() as db:
            row = db.execute("SELECT tat FROM rate WHERE key=?", (key,)).fetchone()
            wait, tat = gcra(row[0] if row else None, self.clock(), per_minute, burst,
                             self.headroom)
            db.execute("INSERT INTO rate(key, tat) VALUES(?, ?) ON CONFLICT(key) DO UPDATE "
                       "SET tat=excluded.tat", (key, tat))
            return wait

    def trip(self, adapter: str, cooldown: float) -> None:
        if cooldown <= 0:
            return
        with self._tx() as db:
            db.execute("INSERT INTO breaker(adapter, until) VALUES(?, ?) ON CONFLICT(adapter) "
                       "DO UPDATE SET until=max(until, excluded.until)",
                       (adapter, self.clock() + cooldown))

    def cooldown_left(self, adapter: str) -> float:
        with self._lock:  # a read: no write lock needed (WAL readers see a snapshot)
            row = self._db.execute("SELECT until FROM breaker WHERE adapter=?",
                                   (adapter,)).fetchone()
        return max(0.0, row[0] - self.clock()) if row else 0.0

    def budget_seed(self, scope: str, spent: float) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO budget(scope, spent) VALUES(?, ?) ON CONFLICT(scope) "
                       "DO UPDATE SET spent=max(spent, excluded.spent)", (scope, spent))

    def budget_hold(self, scopes: Sequence[BudgetScope], usd: float) -> Reservation:
        rid = uuid.uuid4().hex
        with self._tx() as db:
            now = self.clock()
            db.execute("DELETE FROM reservation WHERE expires<=?", (now,))
            seen = []
            for sc in scopes:
                row = db.execute("SELECT spent FROM budget WHERE scope=?",
                                 (sc.name,)).fetchone()
                spent = float(row[0]) if row else 0.0
                reserved = float(db.execute("SELECT coalesce(sum(usd), 0) FROM reservation "
                                            "WHERE scope=?", (sc.name,)).fetchone()[0])
                seen.append((spent, reserved))
                if refuses(sc, spent, reserved, usd):
                    return Reservation(False, rid, usd, spent, reserved, sc.name)
            if usd > 0:
                db.executemany("INSERT INTO reservation VALUES(?, ?, ?, ?)",
                               [(f"{rid}:{sc.name}", sc.name, usd,
                                 now + RESERVATION_LEASE_S) for sc in scopes])
            spent, reserved = seen[0] if seen else (0.0, 0.0)
            return Reservation(True, rid, usd, spent, reserved)

    def budget_release(self, scopes: Sequence[str], reservation_id: str, usd: float) -> None:
        with self._tx() as db:
            for name in scopes:
                self._settle_one(db, name, reservation_id, usd)

    @staticmethod
    def _settle_one(db: sqlite3.Connection, scope: str, rid: str, usd: float) -> None:
        db.execute("DELETE FROM reservation WHERE id=?", (f"{rid}:{scope}",))
        db.execute("INSERT INTO budget(scope, spent) VALUES(?, ?) ON CONFLICT(scope) "
                   "DO UPDATE SET spent=spent+excluded.spent", (scope, usd))

    def budget_reserve(self, scope: str, usd: float, max_cost: float | None) -> Reservation:
        return self.budget_hold([BudgetScope(scope, max_cost)], usd)

    def budget_settle(self, scope: str, reservation_id: str, usd: float) -> float:
        with self._tx() as db:
            self._settle_one(db, scope, reservation_id, usd)
            return float(db.execute("SELECT spent FROM budget WHERE scope=?",
                                    (scope,)).fetchone()[0])

    def budget_spent(self, scope: str) -> float:
        with self._lock:
            row = self._db.execute("SELECT spent FROM budget WHERE scope=?",
                                   (scope,)).fetchone()
        return float(row[0]) if row else 0.0

    def claim(self, key: str, owner: str, lease_s: float) -> ClaimResult:
        with self._tx() as db:
            now = self.clock()
            row = db.execute("SELECT owner, expires FROM claim WHERE key=?", (key,)).fetchone()
            if row is not None and row[0] != owner and row[1] > now:
                return ClaimResult(row[0])
            db.execute("INSERT INTO claim(key, owner, expires) VALUES(?, ?, ?) ON CONFLICT(key)"
                       " DO UPDATE SET owner=excluded.owner, expires=excluded.expires",
                       (key, owner, now + lease_s))
            return ClaimResult(None, taken_over=row is not None and row[0] != owner)

    def release(self, key: str, owner: str) -> None:
        with self._tx() as db:
            db.execute("DELETE FROM claim WHERE key=? AND owner=?", (key, owner))

    def doc(self, name: str, path: Path) -> SharedDoc:
        with self._lock:
            return self._docs.setdefault(name, FileDoc(path))

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
