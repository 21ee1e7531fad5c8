"""Waiting for a rate-cap slot without arriving in a bunch: reserve, sleep, check lateness.

A GCRA reservation (:meth:`scout.quota.base.Quota.reserve_rate`) promises that the *slots*
it hands out never beat ``burst + dt x rate`` in any span ``dt``. The request leaves when
its thread wakes, and a thread (or a whole worker process, on a loaded machine) can wake
late. Lateness alone is harmless, but the requests of a stalled process then leave
together with the on-time ones of the others: a bunch the provider counts against its
cap. So a waiter that wakes more than ``max_late_s`` after its slot gives the slot up and
reserves again (the wasted slot costs one interval of throughput, never a 429). With
lateness bounded by ``max_late_s`` the requests that leave never beat
``burst + (dt + max_late_s) x rate``: with ``max_late_s`` one interval, one request over
the burst at most, which the headroom absorbs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from scout.quota.base import Quota, interruptible_sleep

#: re-reservations of one request before it is sent however late it is (a machine so
#: loaded that every wake is late must still make progress)
MAX_RESERVES = 4


@dataclass
class SlotWait:
    """What one wait for a slot took: seconds waited in all and slots given up late."""

    waited_s: float
    late_retries: int


def wait_for_slot(quota: Quota, key: str, per_minute: float, burst: int, *,
                  headroom: float = 1.0, max_late_s: float | None = None,
                  cancel: threading.Event | None = None,
                  sleep: Callable[[float], None] = time.sleep,
                  clock: Callable[[], float] = time.monotonic) -> SlotWait:
    """Reserve the next slot of ``key``'s cap and sleep until it; a wake later than
    ``max_late_s`` after the slot (default: one interval of the cap, ``60 / (per_minute x
    headroom)``) reserves again, at most :data:`MAX_RESERVES` times. Returns early, with
    what was waited, when ``cancel`` is set (the caller checks it)."""
    interval = 60.0 / (per_minute * headroom)
    late_ok = interval if max_late_s is None else max_late_s
    waited, retries = 0.0, 0
    while True:
        asked = clock()  # the slot is 'asked + wait' at the earliest: lateness is an upper bound
        wait = quota.reserve_rate(key, per_minute, burst)
        waited += wait
        if wait <= 0:
            # sent at once: the backend's answer came back now, within its round trip
            late = clock() - asked
        else:
            if not interruptible_sleep(wait, cancel, sleep):
                return SlotWait(waited, retries)
            late = clock() - (asked + wait)
        if late <= late_ok or retries >= MAX_RESERVES:
            return SlotWait(waited, retries)
        retries += 1
