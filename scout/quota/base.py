"""The quota seam: what every shared limit of the providers layer asks, in one Protocol.

Rate caps, the circuit breaker, the budget, request claims (one payer per request) and the
token pool's state document live behind :class:`Quota`; the providers layer
(``ratelimit.RateLimiters``, ``breaker.CircuitBreaker``, ``cost.BudgetTracker``,
``pool.TokenPool``, the claim in ``runtime``) calls only it. Backends: ``memory`` (one
process; unit tests), ``local`` (SQLite under ``runtime/``, every process on the machine)
and ``redis://`` (every machine). Each method is one atomic decision in its backend.

Times are seconds on the backend's clock (wall time, or an injected clock in tests; the
Redis backend uses the server's ``TIME`` so that machines agree).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from scout.fsutil import loads_stored, write_atomic


@dataclass(frozen=True)
class Reservation:
    """Money held for one request until it is settled (``ok`` False: the cap is reached).

    ``spent``/``reserved`` are the refusing scope's (else the first scope's);
    ``refused_by`` names the scope that refused (None when ``ok``)."""

    ok: bool
    id: str
    usd: float
    spent: float
    reserved: float
    refused_by: str | None = None


@dataclass(frozen=True)
class BudgetScope:
    """One budget a paid request reserves against: its name and cap.

    ``whole``: a request that would take spent + held past the cap is refused (a hard
    cap: a mission's ``max_cost`` and a batch's, whose requests run at once and must not
    together cross it by one call each); otherwise a request is refused only once the cap
    is reached (the call that crosses it still goes)."""

    name: str
    max_cost: float | None
    whole: bool = False


@dataclass(frozen=True)
class BatchBudget:
    """The batch a mission runs in, for its providers layer: every paid call reserves
    against the batch's scope (``batch:<id>``) as well as the mission's, in one atomic
    decision of the quota backend. ``spent_before``: what the batch's missions had
    journaled when the batch started (the scope is seeded with it, like a mission's)."""

    batch_id: str
    max_cost: float | None
    spent_before: float = 0.0

    @property
    def scope(self) -> str:
        return "batch:" + self.batch_id


#: float slack of the ``whole`` rule (USD): 3 x $0.01 fits a $0.03 cap
_EPS = 1e-9


def refuses(scope: BudgetScope, spent: float, reserved: float, usd: float) -> bool:
    """The one refusal rule every backend applies (the Lua script too, line for line)."""
    if scope.max_cost is None:
        return False
    if spent + reserved >= scope.max_cost:
        return True
    return scope.whole and spent + reserved + usd > scope.max_cost + _EPS


@dataclass(frozen=True)
class ClaimResult:
    """``holder`` None: the claim is ours. ``taken_over``: a claim of a process that died
    (its lease ran out unreleased) was replaced, so that earlier call may be in doubt."""

    holder: str | None
    taken_over: bool = False


class SharedDoc(Protocol):
    """A JSON document updated atomically (the token pool's state)."""

    def read(self) -> dict[str, Any]: ...

    def update(self, fn: Callable[[dict[str, Any]], Any]) -> Any: ...


class Quota(Protocol):
    """Every limit shared by the scout processes that use one backend."""

    name: str

    def reserve_rate(self, key: str, per_minute: float, burst: int) -> float:
        """Reserve the next slot of a rate cap (GCRA); returns seconds to wait for it."""
        ...

    def trip(self, adapter: str, cooldown: float) -> None:
        """Open the breaker of ``adapter`` for ``cooldown`` seconds (the later end wins)."""
        ...

    def cooldown_left(self, adapter: str) -> float:
        """Seconds the breaker of ``adapter`` stays open (0 when closed)."""
        ...

    def budget_seed(self, scope: str, spent: float) -> None:
        """Make the scope's spent at least ``spent`` (what the journal already shows)."""
        ...

    def budget_reserve(self, scope: str, usd: float, max_cost: float | None) -> Reservation:
        """Refuse when spent + reserved >= max_cost; else hold ``usd`` for one request."""
        ...

    def budget_settle(self, scope: str, reservation_id: str, usd: float) -> float:
        """Drop a reservation and add what the request cost; returns the scope's spent."""
        ...

    def budget_spent(self, scope: str) -> float: ...

    def budget_hold(self, scopes: Sequence[BudgetScope], usd: float) -> Reservation:
        """Hold ``usd`` in every scope, or in none when one refuses (:func:`refuses`):
        one atomic decision, so two scopes never disagree about a request."""
        ...

    def budget_release(self, scopes: Sequence[str], reservation_id: str, usd: float) -> None:
        """Drop the reservation in every scope and add what the request cost to each."""
        ...

    def claim(self, key: str, owner: str, lease_s: float) -> ClaimResult:
        """Claim a request (its cache key) for ``lease_s`` seconds; the owner renews."""
        ...

    def release(self, key: str, owner: str) -> None: ...

    def doc(self, name: str, path: Path) -> SharedDoc:
        """The shared JSON document ``name`` (``path``: where a file-based backend keeps it)."""
        ...

    def close(self) -> None: ...


#: how long a budget reservation lives when its process dies before settling it
RESERVATION_LEASE_S = 900.0


def gcra(tat: float | None, now: float, per_minute: float, burst: int,
         headroom: float = 1.0) -> tuple[float, float]:
    """One GCRA step: (seconds to wait, the new theoretical arrival time).

    The same as a token bucket of ``burst`` tokens refilled at ``per_minute x headroom``
    whose caller may reserve the next token (the bucket goes negative): ``burst`` calls
    pass at once, then one every ``T`` seconds. The Lua script of the Redis backend is
    this function, line for line.
    """
    interval = 60.0 / (per_minute * headroom)
    tau = (burst - 1) * interval
    start = now if tat is None or tat < now else tat
    wait = max(0.0, start - tau - now)
    return wait, start + interval


class FileDoc:
    """A JSON file replaced atomically under a file lock (threads and processes of one
    machine): how the token pool's state has always been kept, for memory and local."""

    def __init__(self, path: Path, *, durable: bool = True,
                 on_bad: Callable[[Path], Exception] | None = None) -> None:
        import filelock

        self.path = Path(path)
        self.durable = durable
        self.on_bad = on_bad
        self._tlock = threading.Lock()
        self._flock = filelock.FileLock(str(self.path) + ".lock")

    def _load(self) -> dict[str, Any]:
        try:
            data = loads_stored(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except ValueError:  # not JSON, not UTF-8, nested past the parser
            if self.on_bad is not None:
                raise self.on_bad(self.path) from None
            raise
        return data if isinstance(data, dict) else {}

    def read(self) -> dict[str, Any]:
        with self._tlock, self._flock:
            return self._load()

    def update(self, fn: Callable[[dict[str, Any]], Any]) -> Any:
        with self._tlock, self._flock:
            data = self._load()
            result = fn(data)
            write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True),
                         fsync=self.durable)
            return result


def interruptible_sleep(seconds: float, cancel: threading.Event | None,
                        sleep: Callable[[float], None] = time.sleep) -> bool:
    """Wait ``seconds``; returns False when ``cancel`` was set first (Ctrl-C, close()).

    With the real ``time.sleep`` the wait is on the Event (it wakes at once when set);
    an injected sleep (tests) is called once with the whole wait.
    """
    if seconds <= 0:
        return not (cancel is not None and cancel.is_set())
    if cancel is None:
        sleep(seconds)
        return True
    if sleep is time.sleep:
        return not cancel.wait(seconds)
    sleep(seconds)
    return not cancel.is_set()
