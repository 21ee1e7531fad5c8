"""Issue 5, "Chain end to end": ``web: [tavily, duckduckgo, google]`` through the REAL
ProviderRuntime and gateway and the REAL adapters, against the local fake provider server.

Nothing is stubbed between the gateway and the socket: the adapters are found through the
adapter registry, pointed at the fake server by ``SCOUTE_<ADAPTER>_BASE_URL``, and get
their keys from environment variables. The journal is read back with the providers'
own reader; what the fake server really saw is checked from its query log.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scout.errors import ChainFailed, Unavailable
from scout.providers.chain import failure_status
from scout.adapters.contract import SearchRequest
from scout.providers.runtime import ProviderRuntime
from scout.schemas.sources import Source
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer
from tests.integration.helpers import journal, steps, write_config
from tests.providers.fakes import FakeClock

ROWS = [
    ("Hotel Arts Barcelona", "https://www.hotelartsbarcelona.com/?utm_source=ddg",
     "Five-star tower on the beach."),
    ("Casa Fuster", "https://www.hotelcasafuster.com/en/", "A modernista landmark."),
]
GOOGLE_ROWS = [("Hotel Brummell", "https://www.hotelbrummell.com/", "Poble Sec boutique hotel.")]


@pytest.fixture(scope="module")
def _server() -> Iterator[FakeProviders]:
    with FakeServer() as srv:
        yield FakeProviders(srv)


@pytest.fixture
def fake(_server: FakeProviders, monkeypatch: pytest.MonkeyPatch) -> FakeProviders:
    _server.reset()
    for name, value in _server.env().items():  # base URLs, TAVILY/GOOGLE keys, cx
        monkeypatch.setenv(name, value)
    return _server


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def rt(tmp_path: Path, fake: FakeProviders, clock: FakeClock) -> Iterator[ProviderRuntime]:
    config = write_config(tmp_path, {"web": ["tavily", "duckduckgo", "google"]})
    runtime = ProviderRuntime(config, tmp_path, "m-web", clock=clock, sleep=clock.sleep)
    yield runtime
    runtime.close()


def urls(value: list[Source]) -> list[str]:
    return [s.url for s in value]


def test_the_adapters_really_are_the_shipped_ones(rt: ProviderRuntime,
                                                  fake: FakeProviders) -> None:
    from scout.adapters.duckduckgo import DuckDuckGoAdapter
    from scout.adapters.google import GoogleAdapter
    from scout.adapters.tavily import TavilyAdapter

    assert isinstance(rt.adapter("tavily"), TavilyAdapter)
    assert isinstance(rt.adapter("duckduckgo"), DuckDuckGoAdapter)
    assert isinstance(rt.adapter("google"), GoogleAdapter)
    fake.set_results("hotels in Barcelona", ROWS)
    out = rt.gateway("F1", "web").call(SearchRequest(query="hotels in Barcelona", limit=5))
    assert out.answered_by == "tavily"
    assert urls(out.value) == ["https://www.hotelartsbarcelona.com/",
                               "https://www.hotelcasafuster.com/en"]
    assert fake.queries("tavily") == ["hotels in Barcelona"]
    assert fake.queries("duckduckgo") == fake.queries("google") == []
    line, = journal(rt.root)
    assert line["token_name"] == "TAVILY_API_KEY"
    assert line["cost"] == {"usd": 0.008, "basis": "tariff:credit"}  # 1 credit, basic search


def test_tavily_500s_then_duckduckgo_answers_and_the_journal_says_so(
        rt: ProviderRuntime, fake: FakeProviders, clock: FakeClock) -> None:
    fake.set_results("hotels in Barcelona", ROWS)
    fake.fail("tavily", 500, times=10)  # every try of the shipped retry policy fails

    out = rt.gateway("F1", "web").call(SearchRequest(query="hotels in Barcelona", limit=5))

    assert out.answered_by == "duckduckgo" and out.chain == "web"
    assert urls(out.value) == ["https://www.hotelartsbarcelona.com/",
                               "https://www.hotelcasafuster.com/en"]
    assert all(s.adapter == "duckduckgo" for s in out.value)
    assert [(a.adapter, a.result, a.error) for a in out.links] == [
        ("tavily", "error", "unavailable"), ("duckduckgo", "ok", None)]
    tries = out.links[0].tries
    assert tries == rt.config.adapters["tavily"].retry.attempts == 3
    # the server saw exactly those tries, then one DuckDuckGo query, and no Google
    assert fake.queries("tavily") == ["hotels in Barcelona"] * tries
    assert fake.queries("duckduckgo") == ["hotels in Barcelona"]
    assert fake.queries("google") == []
    assert len(clock.sleeps) == tries - 1  # backoff went through the injected sleep

    lines = journal(rt.root)
    assert steps(lines) == [("tavily", "retry", "unavailable", None)] * (tries - 1) + [
        ("tavily", "error", "unavailable", None), ("duckduckgo", "ok", None, "duckduckgo")]
    tav, ddg = lines[tries - 1], lines[tries]
    assert tav["error"]["status"] == 500 and tav["error"]["code"] == "PRV001"
    assert tav["response_summary"]["status"] == 500
    assert tav["chain"] == {"name": "web", "position": 0, "answered_by": None}
    assert ddg["chain"] == {"name": "web", "position": 1, "answered_by": "duckduckgo"}
    assert ddg["response_summary"]["status"] == 200 and ddg["response_summary"]["items"] == 2
    assert ddg["cost"] == {"usd": 0.0, "basis": "free"}
    assert ddg["request"]["query"] == "hotels in Barcelona"
    assert {e["mission_id"] for e in lines} == {"m-web"} and {e["phase"] for e in lines} == {"F1"}


def test_duckduckgo_zero_results_is_an_answer_and_google_is_never_asked(
        rt: ProviderRuntime, fake: FakeProviders) -> None:
    fake.fail("tavily", 500, times=10)
    fake.no_results("zzqx hotels nowhere", provider="duckduckgo")
    fake.set_results("zzqx hotels nowhere", GOOGLE_ROWS, provider="google")

    out = rt.gateway("F1", "web").call(SearchRequest(query="zzqx hotels nowhere"))

    assert out.value == [] and out.answered_by == "duckduckgo"
    assert fake.queries("duckduckgo") == ["zzqx hotels nowhere"]
    assert fake.queries("google") == []  # zero results never triggers the next link
    last = journal(rt.root)[-1]
    assert (last["adapter"], last["result"], last["chain"]["answered_by"]) == \
        ("duckduckgo", "ok", "duckduckgo")
    assert last["response_summary"]["items"] == 0


def test_tavily_zero_results_stops_the_chain_at_the_first_link(
        rt: ProviderRuntime, fake: FakeProviders) -> None:
    fake.no_results("zzqx hotels nowhere", provider="tavily")
    fake.set_results("zzqx hotels nowhere", ROWS)
    out = rt.gateway("F1", "web").call(SearchRequest(query="zzqx hotels nowhere"))
    assert out.value == [] and out.answered_by == "tavily"
    assert fake.queries("duckduckgo") == fake.queries("google") == []


def test_duckduckgo_challenge_google_answers_and_the_circuit_stays_open(
        rt: ProviderRuntime, fake: FakeProviders, clock: FakeClock) -> None:
    fake.fail("tavily", 500, times=100)
    fake.set_results("hotels in Girona", GOOGLE_ROWS, provider="google")
    fake.set_results("hotels in Sitges", GOOGLE_ROWS, provider="google")
    fake.challenge()  # DuckDuckGo serves its real anomaly page (HTTP 202) to every query
    gw = rt.gateway("F1", "web")

    out = gw.call(SearchRequest(query="hotels in Girona"))
    assert out.answered_by == "google"
    assert urls(out.value) == ["https://www.hotelbrummell.com/"]
    assert [(a.adapter, a.result, a.error) for a in out.links] == [
        ("tavily", "error", "unavailable"), ("duckduckgo", "error", "rate_limited"),
        ("google", "ok", None)]
    # a bot challenge is not retried (asking again at once is what gets an IP banned):
    # one request, then the breaker opens
    assert fake.queries("duckduckgo") == ["hotels in Girona"]
    first = journal(rt.root)
    ddg_lines = [e for e in first if e["adapter"] == "duckduckgo"]
    assert [(e["result"], e["error"]["kind"], e["response_summary"]["status"])
            for e in ddg_lines] == [("error", "rate_limited", 202)]
    assert "challenge" in ddg_lines[0]["error"]["message"]
    assert first[-1]["adapter"] == "google" and first[-1]["chain"]["answered_by"] == "google"

    # the next query: DuckDuckGo is not asked at all, the journal says why, Google answers
    clock.advance(60)
    out = gw.call(SearchRequest(query="hotels in Sitges"))
    assert out.answered_by == "google"
    assert [(a.adapter, a.result) for a in out.links] == [
        ("tavily", "error"), ("duckduckgo", "circuit_open"), ("google", "ok")]
    assert fake.queries("duckduckgo") == ["hotels in Girona"]
    assert fake.queries("google") == ["hotels in Girona", "hotels in Sitges"]
    second = journal(rt.root)[len(first):]
    skip, = [e for e in second if e["adapter"] == "duckduckgo"]
    assert skip["result"] == "circuit_open" and skip["chain"]["position"] == 1
    cooldown = rt.config.adapters["duckduckgo"].breaker_cooldown  # 10 min, shipped
    # 60 s passed, plus Tavily's backoff sleeps of this second call (fake time)
    assert cooldown - 70 < skip["response_summary"]["cooldown_left_s"] < cooldown - 60

    # after the cool-down DuckDuckGo is asked again (and answers once unblocked)
    fake.challenged.clear()
    fake.set_results("hotels in Tossa", ROWS, provider="duckduckgo")
    clock.advance(cooldown)
    out = gw.call(SearchRequest(query="hotels in Tossa"))
    assert out.answered_by == "duckduckgo"
    assert fake.queries("duckduckgo")[-1] == "hotels in Tossa"


def test_every_link_down_is_failed_retryable_and_names_each_link(
        rt: ProviderRuntime, fake: FakeProviders) -> None:
    fake.fail("tavily", 500, times=100)
    fake.challenge()
    fake.fail("google", 503, times=100)
    with pytest.raises(ChainFailed) as info:  # the class of the last retryable failure
        rt.gateway("F1", "web").call(SearchRequest(query="hotels in Reus"))
    assert isinstance(info.value.cause, Unavailable)
    msg = str(info.value)
    for name in ("tavily", "duckduckgo", "google"):
        assert name in msg
    assert [(a.adapter, a.error) for a in info.value.links] == [
        ("tavily", "unavailable"), ("duckduckgo", "rate_limited"), ("google", "unavailable")]
    assert failure_status(info.value) == "failed_retryable"
