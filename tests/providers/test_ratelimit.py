"""Rate caps: token bucket refill and burst, fair reservations across threads."""

from __future__ import annotations

import threading

import pytest

from scout.providers.ratelimit import RateLimiters, TokenBucket
from scout.config.settings import RateCap
from tests.providers.fakes import FakeClock


def test_burst_then_refill_at_the_configured_rate() -> None:
    clock = FakeClock()
    b = TokenBucket(per_minute=30, burst=3, clock=clock, sleep=clock.sleep)
    assert [b.acquire() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert b.acquire() == pytest.approx(2.0)  # 30/min = one token every 2 s
    clock.advance(10)  # idle time refills, but never beyond the burst
    assert [b.acquire() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert b.acquire() == pytest.approx(2.0)
    assert b.waits == 2 and b.waited_total == pytest.approx(4.0)


def test_threads_reserve_distinct_slots_without_holding_the_lock() -> None:
    clock = FakeClock()
    slept: list[float] = []
    lock = threading.Lock()

    def sleep(s: float) -> None:  # time does not move: each thread must get its own slot
        with lock:
            slept.append(s)

    b = TokenBucket(per_minute=60, burst=1, clock=clock, sleep=sleep)
    waits: list[float] = []
    ts = [threading.Thread(target=lambda: waits.append(b.acquire())) for _ in range(10)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert sorted(round(w, 6) for w in waits) == [float(i) for i in range(10)]
    assert sorted(round(s, 6) for s in slept) == [float(i) for i in range(1, 10)]


def test_adapters_without_a_cap_never_wait() -> None:
    clock = FakeClock()
    lim = RateLimiters({"a": RateCap(per_minute=1, burst=1), "b": None}, clock=clock,
                       sleep=clock.sleep)
    assert lim.acquire("a") == 0.0 and lim.acquire("a") == pytest.approx(60.0)
    assert all(lim.acquire("b") == 0.0 for _ in range(100))
    assert [s.adapter for s in lim.stats()] == ["a"]
