"""Google CSE: the real capture, paging, error mapping, and the key never leaking."""

from __future__ import annotations

import logging
import traceback

import httpx
import pytest

from scout.adapters.google import parse_results
from scout.adapters.normalize import to_sources
from scout.errors import AuthError, ParseError, RateLimited, Unavailable
from scout.adapters.contract import SearchRequest, Secret
from tests.adapters.helpers import fixture_json, make_adapter
from tests.fakes.providers import FakeProviders

KEY = Secret("GOOGLE_API_KEY", "AIza-test-secret-value-42")
CAPTURE = "google_cse/customsearch-v1-powered-by-datasette.json"


@pytest.fixture(autouse=True)
def _cx(monkeypatch) -> None:
    monkeypatch.setenv("GOOGLE_CSE_ID", "cx-test-1")
    monkeypatch.delenv("SCOUTE_GOOGLE_BASE_URL", raising=False)


def test_customsearch_capture() -> None:
    out = to_sources(parse_results(fixture_json(CAPTURE)), adapter="google", limit=100,
                     max_chars=400)
    assert len(out) == 1
    assert out[0].title == out[-1].title == "hhs"
    assert out[0].url == out[-1].url == "https://hhscovid.publicaccountability.org/hhs"
    assert out[0].snippet.startswith("Powered by Datasette · Queries took 5.536ms")
    assert out[0].meta["display_url"] == "hhscovid.publicaccountability.org"


def test_no_items_is_no_hits_and_garbage_is_a_parse_error() -> None:
    data = fixture_json(CAPTURE)
    del data["items"]
    assert parse_results(data) == []
    with pytest.raises(ParseError):
        parse_results({"hello": 1})


def _adapter(handler, **settings):
    return make_adapter("google", httpx.MockTransport(handler), **settings)


def test_request_carries_key_and_cx() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=fixture_json(CAPTURE))

    reply = _adapter(handler, base_url="https://www.googleapis.com").call(
        SearchRequest(query="powered by datasette", limit=5, options={"gl": "es"}), KEY)
    url = seen[0].url
    assert (url.host, url.path) == ("www.googleapis.com", "/customsearch/v1")
    assert url.params["key"] == KEY.reveal() and url.params["cx"] == "cx-test-1"
    assert url.params["num"] == "5" and url.params["start"] == "1" and url.params["gl"] == "es"
    assert len(reply.value) == 1 and reply.usage.requests == 1
    assert reply.meta["total_results"] == "65200" and reply.meta["pages"] == 1


def test_limit_over_ten_reads_further_pages() -> None:
    fake = FakeProviders(keys={"google": KEY.reveal()}, cx="cx-test-1")
    rows = [(f"Hotel {i}", f"https://h{i}.example/", f"about hotel {i}") for i in range(1, 26)]
    fake.set_results("hotels", rows)
    google = make_adapter("google", fake.transport(), base_url=fake.url)
    reply = google.call(SearchRequest(query="hotels", limit=20), KEY)
    assert [s.title for s in reply.value] == [f"Hotel {i}" for i in range(1, 21)]
    assert [s.rank for s in reply.value] == list(range(1, 21))
    assert reply.usage.requests == 2 and fake.queries("google") == ["hotels", "hotels"]
    # fewer rows than asked: stops when a page comes back short / without nextPage
    fake.set_results("few", rows[:3])
    reply = google.call(SearchRequest(query="few", limit=30), KEY)
    assert len(reply.value) == 3 and reply.usage.requests == 1


def test_invalid_key_400_is_an_auth_error_without_the_key() -> None:
    fake = FakeProviders(keys={"google": "the-right-key"}, cx="cx-test-1")
    google = make_adapter("google", fake.transport(), base_url=fake.url)
    with pytest.raises(AuthError) as info:
        google.search("q", credential=KEY)
    err = info.value
    assert err.status == 400 and "API key not valid" in err.message
    text = "".join(traceback.format_exception(err)) + repr(err) + str(err.hint)
    assert KEY.reveal() not in text


def test_per_user_rate_limit_403_is_rate_limited() -> None:
    body = {"error": {"code": 403, "message": "Rate Limit Exceeded",
                      "errors": [{"reason": "userRateLimitExceeded"}]}}
    with pytest.raises(RateLimited):
        _adapter(lambda r: httpx.Response(403, json=body)).search("q", credential=KEY)


def test_daily_quota_429_is_a_spent_key_with_google_message() -> None:
    # a spent daily quota is not a rate limit: no retry helps before it resets, so the
    # key is out (AuthError, like Brave's QUOTA_LIMITED) and a pool takes the next one;
    # the full real body is in tests/adapters/test_search_captures.py
    body = {"error": {"code": 429, "status": "RESOURCE_EXHAUSTED",
                      "message": "Quota exceeded for quota metric 'Queries' and limit "
                                 "'Queries per day' of service 'customsearch.googleapis.com'"}}
    with pytest.raises(AuthError) as info:
        _adapter(lambda r: httpx.Response(429, json=body)).search("q", credential=KEY)
    assert "RESOURCE_EXHAUSTED: Quota exceeded" in info.value.message


def test_missing_cx_is_an_auth_error_naming_the_variable(monkeypatch) -> None:
    monkeypatch.delenv("GOOGLE_CSE_ID")
    with pytest.raises(AuthError) as info:
        _adapter(lambda r: httpx.Response(200, json={})).search("q", credential=KEY)
    assert "GOOGLE_CSE_ID" in (info.value.hint or "")


def test_transport_error_carrying_the_url_does_not_leak_the_key() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError(f"cannot connect to {request.url}", request=request)

    with pytest.raises(Unavailable) as info:
        _adapter(handler).search("q", credential=KEY)
    err = info.value
    assert err.__cause__ is None  # the chained httpx error printed the URL: cut off
    assert KEY.reveal() not in "".join(traceback.format_exception(err))


def test_httpx_request_log_line_is_redacted(caplog) -> None:
    with caplog.at_level(logging.DEBUG):
        _adapter(lambda r: httpx.Response(200, json=fixture_json(CAPTURE))).search(
            "q", credential=KEY)
    lines = [r.getMessage() for r in caplog.records if r.name == "httpx"]
    assert any("customsearch/v1" in line and "key=REDACTED" in line for line in lines)
    assert KEY.reveal() not in caplog.text
