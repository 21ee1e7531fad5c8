"""The per-adapter circuit breaker: a cool-down after rate limiting.

A link that finally fails with ``RateLimited`` (e.g. DuckDuckGo's 202 challenge page) is
skipped for its ``breaker_cooldown`` by every chain that has it (scout.providers.chain).
The cool-down lives in the quota backend, so it is seen by every process on it, and by
the next apply.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scout.quota.base import Quota


class CircuitBreaker:
    """Per-adapter cool-down after rate limiting, kept in the quota backend."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 quota: "Quota | None" = None) -> None:
        if quota is None:
            from scout.quota.memory import MemoryQuota
            quota = MemoryQuota(clock=clock)
        self.quota = quota

    def trip(self, adapter: str, cooldown: float) -> None:
        if cooldown > 0:
            self.quota.trip(adapter, cooldown)

    def remaining(self, adapter: str) -> float:
        """Seconds the adapter stays skipped (0 when closed)."""
        return self.quota.cooldown_left(adapter)
