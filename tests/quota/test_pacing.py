"""Waiting for a rate slot: a waiter that wakes too late gives the slot up and reserves
again, so the requests that leave stay within the cap's burst plus one interval."""

from __future__ import annotations

import threading

from scout.quota.memory import MemoryQuota
from scout.quota.pacing import MAX_RESERVES, wait_for_slot


class World:
    """One clock for the backend and the waiter; ``sleep`` advances it, plus a stall."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.stalls: list[float] = []  # extra seconds each sleep oversleeps, in order
        self.sent: list[float] = []

    def clock(self) -> float:
        return self.t

    def sleep(self, s: float) -> None:
        self.t += s + (self.stalls.pop(0) if self.stalls else 0.0)


def test_on_time_waits_keep_their_slot():
    w = World()
    q = MemoryQuota(clock=w.clock)
    for _ in range(10):  # 60/min burst 2: 2 at once, then one a second
        got = wait_for_slot(q, "a", 60, 2, clock=w.clock, sleep=w.sleep)
        assert got.late_retries == 0
        w.sent.append(w.t)
    assert w.sent == [1000.0, 1000.0] + [1000.0 + i for i in range(1, 9)]


def test_a_late_wake_reserves_again_and_never_bunches():
    w = World()
    q = MemoryQuota(clock=w.clock)
    for _ in range(3):
        wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep)
        w.sent.append(w.t)
    w.stalls = [2.5]  # the next waiter's thread wakes 2.5 s after its slot
    got = wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep)
    assert got.late_retries == 1
    w.sent.append(w.t)
    # it leaves at 1005.5 either way; the re-reservation counts that leave in the cap,
    # so the next request waits its interval (without it: tat 1004 is past, the next
    # one would leave at once, 0 s after, a bunch of two against a burst of one)
    assert w.sent[-1] == 1005.5
    nxt = wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep)
    w.sent.append(w.t)
    assert nxt.late_retries == 0
    gaps = [b - a for a, b in zip(w.sent, w.sent[1:])]
    assert min(gaps) >= 1.0


def test_lateness_within_one_interval_is_kept():
    w = World()
    q = MemoryQuota(clock=w.clock)
    wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep)
    w.stalls = [0.4]
    got = wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep)
    assert got.late_retries == 0 and w.t == 1001.4


def test_headroom_widens_the_interval_it_tolerates():
    w = World()
    q = MemoryQuota(clock=w.clock, headroom=0.5)  # 60/min at half: one every 2 s
    wait_for_slot(q, "a", 60, 1, headroom=0.5, clock=w.clock, sleep=w.sleep)
    w.stalls = [1.5]
    got = wait_for_slot(q, "a", 60, 1, headroom=0.5, clock=w.clock, sleep=w.sleep)
    assert got.late_retries == 0 and w.t == 1003.5


def test_every_wake_late_still_sends_after_a_bounded_number_of_tries():
    w = World()

    class Busy(MemoryQuota):  # others keep the cap busy: every slot is a second away
        def reserve_rate(self, key, per_minute, burst):
            return 1.0

    q = Busy(clock=w.clock)
    w.stalls = [5.0] * 20
    got = wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep)
    assert got.late_retries == MAX_RESERVES


def test_cancel_cuts_the_wait_short():
    w = World()
    q = MemoryQuota(clock=w.clock)
    cancel = threading.Event()
    wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep)
    cancel.set()
    got = wait_for_slot(q, "a", 60, 1, clock=w.clock, sleep=w.sleep, cancel=cancel)
    assert got.late_retries == 0 and got.waited_s == 1.0
