"""Retry of one adapter call: tenacity, exponential backoff with full jitter, Retry-After.

Rules (DESIGN.md §3 and issue 4, not negotiable):

* 4xx other than 429 is never retried (``Rejected``, ``AuthError``), whatever ``retry.on``
  says; a 401/403 is the token pool's business (next token), not the retrier's.
* A bot-challenge page (``RateLimited(challenge=True)``) is never retried on the spot:
  the chain fails over and the circuit breaker rests the adapter.
* A 429 (``RateLimited``) honours ``Retry-After`` (seconds or HTTP date, parsed at the HTTP
  boundary into ``exc.retry_after``), capped by the adapter's ``retry_after_max``.
* Otherwise the wait is full jitter: uniform in ``[0, min(max, initial * factor**(n-1))]``
  (``jitter: none`` waits the upper bound itself).

Sleep and randomness are injected so tests never sleep and jitter is reproducible. A wait
is cut short when the run stops (``cancel``): Ctrl-C or SIGTERM never waits out a back-off.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import httpx
from tenacity import RetryCallState, Retrying, retry_if_exception, stop_after_attempt
from tenacity.wait import wait_base

from scout.errors import AuthError, Cancelled, ProviderError, RateLimited, Rejected
from scout.quota.base import interruptible_sleep
from scout.spec.basics import Backoff, RetryPolicy

T = TypeVar("T")


def is_timeout(exc: BaseException) -> bool:
    """An ``Unavailable`` that came from a timeout (``retry.on: [timeout]``)."""
    cause = exc.__cause__
    return isinstance(cause, httpx.TimeoutException) or "timed out" in str(exc)


def never_retried(exc: BaseException) -> bool:
    """4xx other than 429: the request or the credential is wrong; retrying cannot help."""
    if isinstance(exc, (Rejected, AuthError)):
        return True
    status = getattr(exc, "status", None)
    return isinstance(status, int) and 400 <= status < 500 and status != 429


def should_retry(exc: BaseException, policy: RetryPolicy) -> bool:
    """Whether ``exc`` earns another try under ``policy``."""
    if not isinstance(exc, ProviderError) or never_retried(exc):
        return False
    if isinstance(exc, RateLimited) and exc.challenge:
        # a bot-challenge page: asking again within seconds only deepens the block; the
        # chain fails over and the circuit breaker rests the adapter instead
        return False
    if policy.on is None:
        return exc.retryable
    kinds = set(policy.on)
    return exc.kind in kinds or ("timeout" in kinds and is_timeout(exc))


class wait_full_jitter(wait_base):
    """Full-jitter exponential backoff with an injected random source."""

    def __init__(self, backoff: Backoff, rng: random.Random | None = None) -> None:
        self.backoff = backoff
        self.rng = rng or random.Random()

    def ceiling(self, attempt: int) -> float:
        """The upper bound of the wait after failed attempt number ``attempt`` (1-based)."""
        return self.backoff.ceiling(attempt)

    def __call__(self, retry_state: RetryCallState) -> float:
        # the same strategy object as the phase loop's (scout.spec.basics.Backoff)
        return self.backoff.delay(retry_state.attempt_number, self.rng)


class wait_retry_after(wait_base):
    """Use the server's Retry-After (capped) when the failure carries one, else ``fallback``."""

    def __init__(self, fallback: wait_base, cap: float) -> None:
        self.fallback = fallback
        self.cap = cap

    def __call__(self, retry_state: RetryCallState) -> float:
        exc = retry_state.outcome.exception() if retry_state.outcome else None
        after = getattr(exc, "retry_after", None)
        if isinstance(exc, RateLimited) and after is not None:
            return min(float(after), self.cap)
        return self.fallback(retry_state)


@dataclass
class RetryEvent:
    """A failed try that will be retried after ``wait`` seconds."""

    attempt: int
    error: ProviderError
    wait: float


class Retrier:
    """Runs a callable under a ``RetryPolicy``; reports each retried failure."""

    def __init__(
        self,
        policy: RetryPolicy,
        *,
        retry_after_max: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        cancel: threading.Event | None = None,
    ) -> None:
        self.policy = policy
        self.sleep = sleep
        #: set when the run stops (Ctrl-C, SIGTERM, close()): a back-off waiting for the
        #: next try ends at once (Cancelled) instead of holding the stop, and the
        #: process's exit, until the try was due (a 429's Retry-After: up to a minute)
        self.cancel = cancel
        self.wait = wait_retry_after(wait_full_jitter(policy.backoff, rng), retry_after_max)

    def run(
        self,
        fn: Callable[[int], T],
        on_retry: Callable[[RetryEvent], None] | None = None,
    ) -> T:
        """Call ``fn(attempt)`` until it returns, or raise the last error.

        ``on_retry`` sees every failure that is followed by another try, with the wait.
        """
        policy = self.policy

        def before_sleep(state: RetryCallState) -> None:
            if on_retry is not None and state.outcome is not None:
                exc = state.outcome.exception()
                wait = state.next_action.sleep if state.next_action else 0.0
                on_retry(RetryEvent(state.attempt_number, exc, float(wait)))  # type: ignore[arg-type]

        retrying = Retrying(
            stop=stop_after_attempt(policy.attempts),
            wait=self.wait,
            retry=retry_if_exception(lambda e: should_retry(e, policy)),
            sleep=self._back_off,
            before_sleep=before_sleep,
            reraise=True,
        )
        attempt = 0

        def once() -> T:
            nonlocal attempt
            attempt += 1
            return fn(attempt)

        return retrying(once)

    def _back_off(self, seconds: float) -> None:
        if not interruptible_sleep(seconds, self.cancel, self.sleep):
            raise Cancelled("retry back-off cut short: the run is stopping")
