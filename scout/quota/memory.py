"""The ``memory`` quota backend: one process's dicts under a lock (unit tests, and
callers built without a backend). Nothing is shared with other processes."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from scout.quota.base import (RESERVATION_LEASE_S, ClaimResult, FileDoc, Reservation,
                              SharedDoc, gcra)


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

    def budget_seed(self, scope: str, spent: float) -> None:
        with self._lock:
            self._spent[scope] = max(self._spent.get(scope, 0.0), spent)

    def _reserved(self, scope: str, now: float) -> float:
        for rid in [r for r, (_, _, exp) in self._held.items() if exp <= now]:
            del self._held[rid]
        return sum(usd for s, usd, _ in self._held.values() if s == scope)

    def budget_reserve(self, scope: str, usd: float, max_cost: float | None) -> Reservation:
        with self._lock:
            now = self.clock()
            spent, reserved = self._spent.get(scope, 0.0), self._reserved(scope, now)
            rid = uuid.uuid4().hex
            if max_cost is not None and spent + reserved >= max_cost:
                return Reservation(False, rid, usd, spent, reserved)
            if usd > 0:
                self._held[rid] = (scope, usd, now + RESERVATION_LEASE_S)
            return Reservation(True, rid, usd, spent, reserved)

    def budget_settle(self, scope: str, reservation_id: str, usd: float) -> float:
        with self._lock:
            self._held.pop(reservation_id, None)
            self._spent[scope] = self._spent.get(scope, 0.0) + usd
            return self._spent[scope]

    def budget_spent(self, scope: str) -> float:
        with self._lock:
            return self._spent.get(scope, 0.0)

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
