"""The ``memory`` quota backend: one process's dicts under a lock (unit tests, and
callers built without a backend). Nothing is shared with other processes.

Budgets of a batch (scopes ``batch:<id>``) are the exception inside the process: every
mission builds its own providers layer, hence its own backend, yet the missions of a
batch on threads must count against one cap; so those scopes live in one process-wide
table, and every budget decision takes one process-wide lock (a request holds its
mission's and its batch's scope in one step)."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

from scout.quota.base import (RESERVATION_LEASE_S, BudgetScope, ClaimResult, FileDoc,
                              Reservation, SharedDoc, gcra, refuses)

#: every MemoryQuota's budget decisions, and the batch scopes they share
_BUDGET_LOCK = threading.Lock()
_BATCH_SPENT: dict[str, float] = {}
_BATCH_HELD: dict[str, tuple[str, float, float]] = {}  # id -> scope, usd, expires


class MemoryQuota:
    name = "memory"

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 headroom: float = 1.0) -> None:
        self.clock = clock
        self.headroom = headroom
        self._lock = threading.Lock()
        self._tat: dict[str, float] = {}
        self._open: dict[str, float] = {}
        self._spent: dict[str, float] = {}
        self._held: dict[str, tuple[str, float, float]] = {}  # id -> scope, usd, expires
        self._claims: dict[str, tuple[str, float]] = {}  # key -> owner, expires
        self._docs: dict[str, FileDoc] = {}

    def reserve_rate(self, key: str, per_minute: float, burst: int) -> float:
        with self._lock:
            wait, self._tat[key] = gcra(self._tat.get(key), self.clock(), per_minute, burst,
                                        self.headroom)
            return wait

    def trip(self, adapter: str, cooldown: float) -> None:
        if cooldown <= 0:
            return
        with self._lock:
            until = self.clock() + cooldown
            self._open[adapter] = max(until, self._open.get(adapter, 0.0))

    def cooldown_left(self, adapter: str) -> float:
        with self._lock:
            until = self._open.get(adapter)
            if until is None:
                return 0.0
            left = until - self.clock()
            if left <= 0:
                del self._open[adapter]
                return 0.0
            return left

    def _tables(self, scope: str) -> tuple[dict[str, float],
                                            dict[str, tuple[str, float, float]]]:
        if scope.startswith("batch:"):
            return _BATCH_SPENT, _BATCH_HELD
        return self._spent, self._held

    def _reserved(self, scope: str, now: float) -> float:
        held = self._tables(scope)[1]
        for rid in [r for r, (_, _, exp) in held.items() if exp <= now]:
            del held[rid]
        return sum(usd for s, usd, _ in held.values() if s == scope)

    def budget_seed(self, scope: str, spent: float) -> None:
        with _BUDGET_LOCK:
            table = self._tables(scope)[0]
            table[scope] = max(table.get(scope, 0.0), spent)

    def budget_hold(self, scopes: Sequence[BudgetScope], usd: float) -> Reservation:
        with _BUDGET_LOCK:
            now = self.clock()
            rid = uuid.uuid4().hex
            seen = []
            for sc in scopes:
                spent = self._tables(sc.name)[0].get(sc.name, 0.0)
                reserved = self._reserved(sc.name, now)
                seen.append((spent, reserved))
                if refuses(sc, spent, reserved, usd):
                    return Reservation(False, rid, usd, spent, reserved, sc.name)
            if usd > 0:
                for sc in scopes:
                    self._tables(sc.name)[1][f"{rid}:{sc.name}"] = (sc.name, usd,
                                                                   now + RESERVATION_LEASE_S)
            spent, reserved = seen[0] if seen else (0.0, 0.0)
            return Reservation(True, rid, usd, spent, reserved)

    def budget_release(self, scopes: Sequence[str], reservation_id: str, usd: float) -> None:
        with _BUDGET_LOCK:
            for name in scopes:
                spent, held = self._tables(name)
                held.pop(f"{reservation_id}:{name}", None)
                spent[name] = spent.get(name, 0.0) + usd

    def budget_reserve(self, scope: str, usd: float, max_cost: float | None) -> Reservation:
        return self.budget_hold([BudgetScope(scope, max_cost)], usd)

    def budget_settle(self, scope: str, reservation_id: str, usd: float) -> float:
        self.budget_release([scope], reservation_id, usd)
        return self.budget_spent(scope)

    def budget_spent(self, scope: str) -> float:
        with _BUDGET_LOCK:
            return self._tables(scope)[0].get(scope, 0.0)

    def claim(self, key: str, owner: str, lease_s: float) -> ClaimResult:
        with self._lock:
            now = self.clock()
            held = self._claims.get(key)
            if held is not None and held[0] != owner and held[1] > now:
                return ClaimResult(held[0])
            self._claims[key] = (owner, now + lease_s)
            return ClaimResult(None, taken_over=held is not None and held[0] != owner)

    def release(self, key: str, owner: str) -> None:
        with self._lock:
            if self._claims.get(key, ("",))[0] == owner:
                del self._claims[key]

    def doc(self, name: str, path: Path) -> SharedDoc:
        with self._lock:
            return self._docs.setdefault(name, FileDoc(path))

    def close(self) -> None:
        pass
