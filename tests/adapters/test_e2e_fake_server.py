"""Each adapter end to end against the local fake provider server (a real socket).

The adapters are pointed at the server the way a deployment would point them anywhere:
``SCOUTE_<ADAPTER>_BASE_URL``. A plain client from ``make_client`` — no providers layer.
"""

from __future__ import annotations

import pytest

from scout.config.adaptertypes import ADAPTER_TYPES, settings_for
from scout.errors import AuthError, ParseError, RateLimited, Unavailable
from scout.adapters.contract import SearchAdapter, SearchRequest, Secret
from scout.adapters.contract.http import make_client
from tests.fakes.providers import PROVIDERS, FakeProviders
from tests.fakes.server import Fault, FakeServer

ROWS = [
    ("Hotel Arts Barcelona", "https://www.hotelartsbarcelona.com/?utm_source=search", "Sea views."),
    ("Casa Fuster", "https://www.hotelcasafuster.com/en/", "A modernista landmark on Passeig de Gràcia."),
    ("Hotel Brummell", "https://www.hotelbrummell.com/", "Poble Sec boutique hotel & pool."),
]


@pytest.fixture(scope="module")
def _server():
    with FakeServer() as srv:
        yield FakeProviders(srv)


@pytest.fixture
def fake(_server: FakeProviders, monkeypatch):
    _server.reset()
    for name, value in _server.env().items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("SEARXNG_URL", raising=False)
    return _server


def build(type_name: str, **settings) -> SearchAdapter:
    # the shipped config's base URLs; the SCOUTE_<NAME>_BASE_URL override must win
    s = settings_for(type_name, {"type": type_name, "base_url": "https://unreachable.invalid",
                                 **settings})
    return ADAPTER_TYPES[type_name].load()(type_name, s, make_client(s))


def key(fake: FakeProviders, type_name: str) -> Secret | None:
    env = {"tavily": "TAVILY_API_KEY", "brave": "BRAVE_API_KEY", "google": "GOOGLE_API_KEY"}
    return Secret(env[type_name], fake.keys[type_name]) if type_name in env else None


@pytest.mark.parametrize("type_name", PROVIDERS)
def test_configured_results_come_back_normalised(fake: FakeProviders, type_name: str) -> None:
    fake.set_results("hotels in Barcelona", ROWS)
    out = build(type_name).search("hotels in Barcelona", limit=10, credential=key(fake, type_name))
    assert [(s.rank, s.title, s.url, s.snippet) for s in out] == [
        (1, "Hotel Arts Barcelona", "https://www.hotelartsbarcelona.com/", "Sea views."),
        (2, "Casa Fuster", "https://www.hotelcasafuster.com/en",
         "A modernista landmark on Passeig de Gràcia."),
        (3, "Hotel Brummell", "https://www.hotelbrummell.com/", "Poble Sec boutique hotel & pool."),
    ]
    assert fake.queries(type_name) == ["hotels in Barcelona"]
    assert fake.server.requests_to("/")  # it really went over the socket


@pytest.mark.parametrize("type_name, expected", [
    ("duckduckgo", 10), ("brave", 17), ("tavily", 3), ("google", 1), ("searxng", 6)])
def test_unconfigured_query_gets_the_real_capture(fake, type_name: str, expected: int) -> None:
    out = build(type_name).search("anything", limit=20, credential=key(fake, type_name))
    assert len(out) == expected and all(s.url.startswith("https://") for s in out)


@pytest.mark.parametrize("type_name", PROVIDERS)
def test_no_results(fake: FakeProviders, type_name: str) -> None:
    fake.no_results("zzqx no such thing")
    assert build(type_name).search("zzqx no such thing", credential=key(fake, type_name)) == []


@pytest.mark.parametrize("type_name", ["tavily", "brave", "google"])
def test_wrong_key_is_an_auth_error(fake: FakeProviders, type_name: str) -> None:
    wrong = Secret("WRONG", "definitely-not-the-key")
    with pytest.raises(AuthError) as info:
        build(type_name).search("q", credential=wrong)
    assert "definitely-not-the-key" not in str(info.value)


def test_duckduckgo_html_mode(fake: FakeProviders) -> None:
    fake.set_results("hotels in Barcelona", ROWS)
    out = build("duckduckgo", mode="html").search("hotels in Barcelona")
    assert [s.url for s in out] == ["https://www.hotelartsbarcelona.com/",
                                    "https://www.hotelcasafuster.com/en",
                                    "https://www.hotelbrummell.com/"]
    assert [e.path for e in fake.server.log] == ["/html/"]


def test_duckduckgo_wrapped_and_direct_links_give_one_url(fake: FakeProviders) -> None:
    ddg = build("duckduckgo")
    fake.set_results("q", ROWS)
    wrapped = [s.url for s in ddg.search("q")]
    fake.wrap_links = False
    direct = [s.url for s in ddg.search("q")]
    assert wrapped == direct == [
        "https://www.hotelartsbarcelona.com/", "https://www.hotelcasafuster.com/en",
        "https://www.hotelbrummell.com/"]


@pytest.mark.parametrize("status", [202, 200])
def test_duckduckgo_challenge_page(fake: FakeProviders, status: int) -> None:
    fake.set_results("hotels", ROWS)
    fake.challenge("hotels", status=status)
    with pytest.raises(RateLimited) as info:
        build("duckduckgo").search("hotels")
    assert info.value.status == status
    assert len(build("duckduckgo").search("another query")) == 10  # only that query


def test_per_provider_failures_and_server_faults(fake: FakeProviders) -> None:
    fake.set_results("q", ROWS)
    tavily, searx = build("tavily"), build("searxng")
    fake.fail("tavily", 500)
    with pytest.raises(Unavailable):
        tavily.search("q", credential=key(fake, "tavily"))
    # Tavily (POST /search) and SearxNG (GET /search) share a path: fail() tells them apart
    assert len(searx.search("q")) == 3
    assert len(tavily.search("q", credential=key(fake, "tavily"))) == 3
    fake.server.fault("/res/v1/web/search", Fault.status(429, headers={"Retry-After": "2"}))
    with pytest.raises(RateLimited) as info:
        build("brave").search("q", credential=key(fake, "brave"))
    assert info.value.retry_after == 2.0
    fake.server.fault("/lite/", Fault.truncate())
    with pytest.raises(ParseError):  # half a page: cut before its result table
        build("duckduckgo").search("q")


def test_tavily_usage_and_searxng_summary_through_the_server(fake: FakeProviders) -> None:
    fake.set_results("q", ROWS)
    reply = build("tavily", search_depth="advanced", include_usage=True).call(
        SearchRequest(query="q"), key(fake, "tavily"))
    assert reply.usage.credits == 2
    fake.unresponsive = [["wikipedia", "timeout"]]
    reply = build("searxng").call(SearchRequest(query="q"))
    assert reply.meta["unresponsive_engines"] == [{"engine": "wikipedia", "reason": "timeout"}]
