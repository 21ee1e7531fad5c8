"""Retry: full-jitter bounds, Retry-After (seconds and HTTP date), no retry on 4xx."""

from __future__ import annotations

import datetime as dt
import email.utils
import random

import httpx
import pytest

from scout.errors import AuthError, ParseError, RateLimited, Rejected, Unavailable
from scout.adapters.contract.http import check_status, parse_retry_after
from scout.providers.retry import Retrier, should_retry, wait_full_jitter
from scout.spec.basics import Backoff, RetryPolicy
from tests.providers.fakes import FakeClock


def policy(attempts: int = 5, **backoff: object) -> RetryPolicy:
    return RetryPolicy(attempts=attempts, backoff=Backoff(**backoff))  # type: ignore[arg-type]


def failing(errors: list[Exception], then: str = "ok"):
    calls: list[int] = []

    def fn(attempt: int) -> str:
        calls.append(attempt)
        if errors:
            raise errors.pop(0)
        return then

    return fn, calls


class _State:
    def __init__(self, n: int) -> None:
        self.attempt_number = n


def test_full_jitter_stays_within_exponential_bounds() -> None:
    w = wait_full_jitter(Backoff(initial="1s", factor=2.0, max="10s"), random.Random(7))
    assert [w.ceiling(n) for n in range(1, 7)] == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0]
    for n in range(1, 7):
        draws = [w(_State(n)) for _ in range(300)]  # type: ignore[arg-type]
        assert all(0.0 <= d <= w.ceiling(n) for d in draws)
        # full jitter spreads over the whole interval, not just near the ceiling
        assert min(draws) < 0.1 * w.ceiling(n) and max(draws) > 0.9 * w.ceiling(n)
    # the retrier really sleeps those draws
    clock = FakeClock()
    retrier = Retrier(policy(attempts=7, initial="1s", factor=2, max="10s"), sleep=clock.sleep,
                      rng=random.Random(11))
    fn, calls = failing([Unavailable("x")] * 6)
    assert retrier.run(fn) == "ok" and calls == [1, 2, 3, 4, 5, 6, 7]
    assert len(clock.sleeps) == 6
    assert all(0.0 <= s <= w.ceiling(i + 1) for i, s in enumerate(clock.sleeps))
    assert len(set(clock.sleeps)) == 6  # jittered, not a fixed schedule
    # jitter "none" waits the ceiling itself
    flat = wait_full_jitter(Backoff(initial="1s", factor=3.0, max="100s", jitter="none"))
    assert flat(_State(3)) == 9.0  # type: ignore[arg-type]


def test_retry_after_seconds_is_honoured_and_capped() -> None:
    clock = FakeClock()
    retrier = Retrier(policy(attempts=3), retry_after_max=5.0, sleep=clock.sleep,
                      rng=random.Random(1))
    fn, calls = failing([RateLimited("429", retry_after=3.0), RateLimited("429", retry_after=99)])
    assert retrier.run(fn) == "ok"
    assert calls == [1, 2, 3]
    assert clock.sleeps == [3.0, 5.0]  # exactly the server's value, then capped at 5


def test_retry_after_http_date_is_parsed_from_a_real_429() -> None:
    now = dt.datetime(2026, 9, 1, 12, 0, 0, tzinfo=dt.timezone.utc)
    later = email.utils.format_datetime(now + dt.timedelta(seconds=42), usegmt=True)
    assert parse_retry_after(later, now=now) == 42.0
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("garbage") is None
    resp = httpx.Response(429, headers={"Retry-After": "4"})
    with pytest.raises(RateLimited) as ei:
        check_status(resp, "x")
    assert ei.value.retry_after == 4.0
    # a date in the past means "now"
    past = email.utils.format_datetime(now - dt.timedelta(seconds=5), usegmt=True)
    assert parse_retry_after(past, now=now) == 0.0


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
def test_no_retry_on_4xx_other_than_429(status: int) -> None:
    clock = FakeClock()
    exc_holder: list[Exception] = []
    try:
        check_status(httpx.Response(status), "x")
    except Exception as exc:  # noqa: BLE001
        exc_holder.append(exc)
    exc = exc_holder[0]
    assert isinstance(exc, (Rejected, AuthError))
    # even a policy that asks for it does not retry a 4xx
    retrier = Retrier(RetryPolicy(attempts=5, on=["rejected", "auth_error", "unavailable"]),
                      sleep=clock.sleep)
    fn, calls = failing([exc])
    with pytest.raises(type(exc)):
        retrier.run(fn)
    assert calls == [1] and clock.sleeps == []


def test_retryable_errors_retry_until_attempts_then_raise() -> None:
    clock = FakeClock()
    retrier = Retrier(policy(attempts=3), sleep=clock.sleep, rng=random.Random(3))
    events = []
    fn, calls = failing([Unavailable("a"), Unavailable("b"), Unavailable("c"), Unavailable("d")])
    with pytest.raises(Unavailable, match="c"):
        retrier.run(fn, events.append)
    assert calls == [1, 2, 3]
    assert [e.attempt for e in events] == [1, 2]
    assert [e.wait for e in events] == clock.sleeps


def test_retry_on_narrows_and_can_enable_parse_error() -> None:
    assert should_retry(Unavailable("x"), RetryPolicy(attempts=2))
    assert not should_retry(Unavailable("x"), RetryPolicy(attempts=2, on=["rate_limited"]))
    assert not should_retry(ParseError("x"), RetryPolicy(attempts=2))
    assert should_retry(ParseError("x"), RetryPolicy(attempts=2, on=["parse_error"]))
    timeout = Unavailable("x: timed out (ReadTimeout)")
    assert should_retry(timeout, RetryPolicy(attempts=2, on=["timeout"]))
    assert not should_retry(ValueError("bug"), RetryPolicy(attempts=2))
