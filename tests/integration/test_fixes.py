"""Integration bugs found while wiring the providers layer to the adapters, each pinned.

1. A DuckDuckGo bot-challenge page was retried on the spot like a 429 (three requests in
   a few seconds to a service that just asked us to stop) before the breaker opened.
   A challenge is now ``RateLimited(challenge=True)``: never retried, fails over at once.
"""

from __future__ import annotations

import httpx
import pytest

from scout.adapters.duckduckgo import DuckDuckGoAdapter
from scout.adapters.settings import settings_for
from scout.errors import RateLimited
from scout.providers.contract import SearchRequest
from scout.providers.retry import Retrier, should_retry
from scout.spec.models import RetryPolicy
from tests.fakes.providers import fixture_text

ANOMALY = fixture_text("duckduckgo/anomaly-lite-challenge.html")


@pytest.mark.parametrize("status, body", [(202, ANOMALY), (200, ANOMALY),
                                          (202, "<html><body>busy</body></html>")])
def test_duckduckgo_marks_challenges(status: int, body: str) -> None:
    s = settings_for("duckduckgo", {"type": "duckduckgo", "base_url": "http://ddg.test"})
    client = httpx.Client(transport=httpx.MockTransport(
        lambda r: httpx.Response(status, text=body, headers={"content-type": "text/html"})))
    with pytest.raises(RateLimited) as info:
        DuckDuckGoAdapter("duckduckgo", s, client).call(SearchRequest(query="q"))
    assert info.value.challenge is True and info.value.status == status


def test_a_challenge_is_not_retried_but_a_429_still_is() -> None:
    policy = RetryPolicy(attempts=3)
    assert not should_retry(RateLimited("challenge", challenge=True), policy)
    assert should_retry(RateLimited("HTTP 429", status=429), policy)
    assert RateLimited("HTTP 429").challenge is False
    # even when a phase asks for rate_limited retries explicitly
    assert not should_retry(RateLimited("challenge", challenge=True),
                            RetryPolicy(attempts=3, on=["rate_limited"]))

    sleeps: list[float] = []
    tries: list[int] = []

    def once(n: int) -> None:
        tries.append(n)
        raise RateLimited("challenge", challenge=True)

    with pytest.raises(RateLimited):
        Retrier(policy, sleep=sleeps.append).run(once)
    assert tries == [1] and sleeps == []


def test_a_challenge_keeps_every_other_field_of_a_provider_error() -> None:
    exc = RateLimited("challenge", adapter="duckduckgo", status=202, challenge=True,
                      hint="slow down")
    assert (exc.adapter, exc.status, exc.hint, exc.code) == ("duckduckgo", 202, "slow down",
                                                             "PRV002")
    assert exc.kind == "rate_limited" and exc.retryable
