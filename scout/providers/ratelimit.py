"""Rate caps: a token bucket per adapter, applied before every request (retries included).

``per_minute`` tokens are added continuously up to ``burst``. A caller takes a token or
*reserves* the next one (the bucket may go negative) and sleeps outside the lock, so many
threads queue fairly without holding the lock while they wait. Every wait is recorded:
per call (returned, journaled as ``rate_wait_ms``) and in per-adapter totals.

:class:`RateLimiters` (what the providers layer uses) keeps the caps in the quota backend
(:mod:`scout.quota`): the same reservation as a GCRA step, shared by every process on the
backend; it sleeps outside the backend, interruptibly (``cancel``: Ctrl-C, the run closing),
and a waiter that wakes too late for its slot reserves again (:mod:`scout.quota.pacing`).
:class:`TokenBucket` is the in-process form of the same rule.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from scout.config.settings import RateCap
from scout.quota.base import Quota
from scout.quota.pacing import wait_for_slot


class TokenBucket:
    def __init__(
        self,
        per_minute: float,
        burst: int = 1,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError("per_minute must be > 0 and burst >= 1")
        self.rate = per_minute / 60.0  # tokens per second
        self.capacity = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.sleep = sleep
        self.updated = clock()
        self.lock = threading.Lock()
        self.waited_total = 0.0
        self.waits = 0
        self.acquired = 0

    def reserve(self) -> float:
        """Take a token now or reserve the next; returns the seconds to wait for it."""
        with self.lock:
            now = self.clock()
            elapsed = max(0.0, now - self.updated)
            self.tokens = min(self.capacity, self.tokens + elapsed * self.rate)
            self.updated = now
            self.tokens -= 1.0
            self.acquired += 1
            wait = 0.0 if self.tokens >= 0 else -self.tokens / self.rate
            if wait > 0:
                self.waits += 1
                self.waited_total += wait
            return wait

    def acquire(self) -> float:
        """Block until a token is ours; returns the seconds waited."""
        wait = self.reserve()
        if wait > 0:
            self.sleep(wait)
        return wait


@dataclass
class RateStats:
    adapter: str
    acquired: int
    waits: int
    waited_s: float
    late_retries: int = 0  # slots given up because the thread woke too late for them


class RateLimiters:
    """One cap per adapter that has a ``rate``, kept in the quota backend; adapters
    without one never wait (and never reach the backend)."""

    def __init__(
        self,
        caps: dict[str, RateCap | None],
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        quota: Quota | None = None,
        cancel: threading.Event | None = None,
    ) -> None:
        if quota is None:
            from scout.quota.memory import MemoryQuota
            quota = MemoryQuota(clock=clock)
        self.quota = quota
        self.clock = clock
        self.sleep = sleep
        self.cancel = cancel
        self.caps = {name: cap for name, cap in caps.items() if cap is not None}
        self._lock = threading.Lock()
        self._stats = {name: RateStats(name, 0, 0, 0.0) for name in self.caps}

    def acquire(self, adapter: str) -> float:
        """Reserve the adapter's next slot and wait for it; returns the seconds waited
        (the wait is cut short when ``cancel`` is set: the caller checks it)."""
        cap = self.caps.get(adapter)
        if cap is None:
            return 0.0
        got = wait_for_slot(self.quota, adapter, cap.per_minute, cap.burst,
                            headroom=getattr(self.quota, "headroom", 1.0),
                            cancel=self.cancel, sleep=self.sleep, clock=self.clock)
        wait = got.waited_s
        with self._lock:
            st = self._stats[adapter]
            st.acquired += 1
            st.late_retries += got.late_retries
            if wait > 0:
                st.waits += 1
                st.waited_s += wait
        return wait

    def stats(self) -> list[RateStats]:
        with self._lock:
            return [RateStats(s.adapter, s.acquired, s.waits, round(s.waited_s, 6),
                              s.late_retries)
                    for _, s in sorted(self._stats.items())]
