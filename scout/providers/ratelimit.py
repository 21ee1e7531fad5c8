"""Rate caps: a token bucket per adapter, applied before every request (retries included).

``per_minute`` tokens are added continuously up to ``burst``. A caller takes a token or
*reserves* the next one (the bucket may go negative) and sleeps outside the lock, so many
threads queue fairly without holding the lock while they wait. Every wait is recorded:
per call (returned, journaled as ``rate_wait_ms``) and in per-adapter totals.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from scout.config.settings import RateCap


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


class RateLimiters:
    """One bucket per adapter that has a ``rate`` cap; adapters without one never wait."""

    def __init__(
        self,
        caps: dict[str, RateCap | None],
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.buckets = {
            name: TokenBucket(cap.per_minute, cap.burst, clock=clock, sleep=sleep)
            for name, cap in caps.items()
            if cap is not None
        }

    def acquire(self, adapter: str) -> float:
        bucket = self.buckets.get(adapter)
        return bucket.acquire() if bucket else 0.0

    def stats(self) -> list[RateStats]:
        return [
            RateStats(name, b.acquired, b.waits, round(b.waited_total, 6))
            for name, b in sorted(self.buckets.items())
        ]
