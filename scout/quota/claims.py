"""One payer per request: claim a paid request's cache key before paying for it.

A worker about to send a paid request claims its cache key in the quota backend for a
lease. Another worker asking the same request meanwhile does not pay: it waits, looking
in the cache, until the answer is there (then it is a cache hit) or the claim is gone
(the payer failed: it claims and tries itself). A claim whose process died runs out with
its lease (at once when the dead process was on this machine: its pid is gone); the next
payer's ``sent`` line then carries ``claim_taken_over``, and the dead
payer's own ``sent`` line stays unanswered, so the audit shows that call *in doubt*:
never silently paid twice.

While a claim is held its lease is renewed (a heartbeat thread per process, every third
of the lease), so a paid call slower than the lease is not taken for dead and paid again
by another worker; a process that dies stops renewing, and its claims run out.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scout.errors import Cancelled, ScoutError
from scout.quota.base import Quota, interruptible_sleep


@dataclass(frozen=True)
class Claim:
    key: str
    owner: str
    taken_over: bool


class Claims:
    """Claims of one process on one quota backend."""

    def __init__(self, quota: Quota, lease_s: float, cancel: threading.Event, *,
                 sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic,
                 first_poll_s: float = 0.05, max_poll_s: float = 1.0) -> None:
        self.quota = quota
        self.lease_s = lease_s
        self.cancel = cancel
        self.sleep = sleep
        self.clock = clock
        self.first_poll_s = first_poll_s
        self.max_poll_s = max_poll_s
        self._me = f"{socket.gethostname()}:{os.getpid()}"
        #: requests answered by another worker's payment while this one waited
        self.shared = 0
        #: renewals that found the claim gone to another worker (the lease ran out first)
        self.lost = 0
        self.renew_every_s = lease_s / 3
        self._held: dict[str, Claim] = {}  # owner -> claim, renewed until released
        self._held_lock = threading.Lock()
        self._heartbeat: threading.Thread | None = None

    def acquire(self, key: str, lookup: Callable[[], Any]) -> tuple[Claim | None, Any]:
        """``(claim, None)``: ours, pay and :meth:`release`; ``(None, answer)``: another
        worker paid and ``lookup()`` (the cache) has its answer."""
        owner = f"{self._me}:{uuid.uuid4().hex[:12]}"
        poll = self.first_poll_s
        while True:
            got = self.quota.claim(key, owner, self.lease_s)
            taken_over = got.taken_over
            if got.holder is not None and self._dead_here(got.holder):
                # its process died on this machine (a SIGKILL, a crash): do not wait out
                # the lease. The release is owner-checked, so only that claim goes.
                self.quota.release(key, got.holder)
                got = self.quota.claim(key, owner, self.lease_s)
                taken_over = True
            if got.holder is None:
                claim = Claim(key, owner, taken_over)
                answer = lookup()  # the payer we waited for may have answered just now
                if answer is not None:
                    self.quota.release(key, owner)
                    self.shared += 1
                    return None, answer
                self._hold(claim)
                return claim, None
            answer = lookup()
            if answer is not None:
                self.shared += 1
                return None, answer
            if not interruptible_sleep(poll, self.cancel, self.sleep):
                raise Cancelled("not sent: the run is shutting down while another worker "
                                "paid for the same request")
            poll = min(poll * 1.5, self.max_poll_s)

    def _dead_here(self, holder: str) -> bool:
        host, _, rest = holder.rpartition(":")  # host:pid:tag
        host, _, pid = host.rpartition(":")
        if host != socket.gethostname() or not pid.isdigit():
            return False
        from scout.fsutil import pid_alive
        return int(pid) != os.getpid() and not pid_alive(int(pid))

    def release(self, claim: Claim | None) -> None:
        if claim is not None:
            with self._held_lock:
                self._held.pop(claim.owner, None)
            self.quota.release(claim.key, claim.owner)

    def held(self) -> list[Claim]:
        with self._held_lock:
            return list(self._held.values())

    def _hold(self, claim: Claim) -> None:
        with self._held_lock:
            self._held[claim.owner] = claim
            if self._heartbeat is None or not self._heartbeat.is_alive():
                self._heartbeat = threading.Thread(target=self._beat, daemon=True,
                                                   name="scout-claim-heartbeat")
                self._heartbeat.start()

    def _beat(self) -> None:
        # Event.wait, not the injected sleep: the heartbeat runs beside the calls on
        # real time, and stops at once when the run closes
        while not self.cancel.wait(self.renew_every_s):
            self.renew()

    def renew(self) -> int:
        """Extend the lease of every claim held now; returns how many were renewed. A
        claim found taken by another worker (its lease ran out before this renewal) is
        dropped and counted in :attr:`lost`; an unreachable backend is tried again at
        the next beat (the call itself reports it)."""
        renewed = 0
        for claim in self.held():
            try:
                got = self.quota.claim(claim.key, claim.owner, self.lease_s)
            except ScoutError:
                continue
            with self._held_lock:
                gone = claim.owner not in self._held
            if gone:  # released meanwhile: the claim() above may have re-taken it
                if got.holder is None:
                    self.quota.release(claim.key, claim.owner)
                continue
            if got.holder is not None:
                with self._held_lock:
                    self._held.pop(claim.owner, None)
                self.lost += 1
            else:
                renewed += 1
        return renewed
