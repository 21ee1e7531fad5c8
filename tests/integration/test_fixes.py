"""Integration bugs found while wiring the providers layer to the adapters, each pinned.

1. A DuckDuckGo bot-challenge page was retried on the spot like a 429 (three requests in
   a few seconds to a service that just asked us to stop) before the breaker opened.
   A challenge is now ``RateLimited(challenge=True)``: never retried, fails over at once.
2. Google's cx broke replay and preflight/adapter agreement (see below).
"""

from __future__ import annotations

import httpx
import pytest

from scout.adapters.duckduckgo import DuckDuckGoAdapter
from scout.config.adaptertypes import settings_for
from scout.errors import RateLimited
from scout.adapters.contract import SearchRequest
from scout.providers.retry import Retrier, should_retry
from scout.spec.basics import RetryPolicy
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


# 2. Google's engine id (cx) was read from os.environ by the adapter while preflight
#    checked the runtime's environment, and a recording kept the cx in its URLs: a
#    replay without GOOGLE_CSE_ID (replay needs no keys) failed with "no search engine
#    id", and one with another cx missed every recorded request. Adapters now read the
#    runtime's environment (Adapter.env); variables sent beside a key (settings
#    .secret_env(), Google's cx) are scrubbed like keys and get placeholders in a replay.
#    The end-to-end proof is tests/integration/test_record_replay.py.


def test_google_reads_the_runtimes_environment_not_os_environ(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scout.providers.runtime import ProviderRuntime
    from tests.fakes.providers import FakeProviders
    from tests.integration.helpers import write_config

    fake = FakeProviders()  # in-process: answers through an httpx transport
    monkeypatch.delenv("GOOGLE_CSE_ID", raising=False)
    monkeypatch.setenv("SCOUTE_GOOGLE_BASE_URL", fake.url)
    config = write_config(tmp_path, {"web": ["google"]})
    env = {"GOOGLE_API_KEY": fake.keys["google"], "GOOGLE_CSE_ID": fake.cx}
    with ProviderRuntime(config, tmp_path, "m", env=env, transport=fake.transport()) as rt:
        assert rt.credentials.availability("google").ok  # what preflight sees...
        out = rt.gateway("F1", "web").call(SearchRequest(query="anything"))  # ...works
    assert out.answered_by == "google" and len(out.value) == 1


def test_secret_env_lists_what_is_scrubbed() -> None:
    google = settings_for("google", {"type": "google", "credentials": {"env": "GOOGLE_API_KEY"}})
    assert google.secret_env() == ["GOOGLE_API_KEY", "GOOGLE_CSE_ID"]
    tavily = settings_for("tavily", {"type": "tavily", "credentials": {"env": "TAVILY_API_KEY"}})
    assert tavily.secret_env() == ["TAVILY_API_KEY"]
    assert settings_for("duckduckgo", {"type": "duckduckgo"}).secret_env() == []


def test_the_scrubber_catches_percent_encoded_values_too() -> None:
    from scout.adapters.contract import Secret
    from scout.adapters.contract.redact import SecretScrubber

    s = SecretScrubber()
    s.add(Secret("GOOGLE_CSE_ID", "017576662512468239146:omuauf_lfve"))
    s.add(Secret("K", "abc+def/ghi="))
    url = str(httpx.URL("https://x.test/s", params={"cx": "017576662512468239146:omuauf_lfve",
                                                   "k": "abc+def/ghi=", "q": "a b"}))
    cleaned = s.text(url)
    assert "omuauf" not in cleaned and "def" not in cleaned, cleaned
    assert cleaned.count("[secret:") == 2
    assert s.bytes(url.encode()).decode() == cleaned
