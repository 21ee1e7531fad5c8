"""Brave: the two real captures, the request, and both shapes of error body."""

from __future__ import annotations

import httpx
import pytest

from scout.adapters.brave import parse_results
from scout.adapters.normalize import to_sources
from scout.errors import AuthError, ParseError, RateLimited
from scout.adapters.contract import SearchRequest, Secret
from tests.adapters.helpers import fixture_json, make_adapter

KEY = Secret("BRAVE_API_KEY", "BSA-test-secret-value-42")


def sources(data: dict) -> list:
    return to_sources(parse_results(data), adapter="brave", limit=100, max_chars=400)


def test_web_search_laravel() -> None:
    out = sources(fixture_json("brave/web-search-laravel.json"))
    assert len(out) == 17
    assert out[0].title == "Laravel - The PHP Framework For Web Artisans"
    assert out[0].url == "https://laravel.com/"
    assert out[0].snippet.startswith("Laravel is a PHP web application framework")  # <strong> gone
    assert out[0].published == "2023-05-01T20:10:05" and out[0].meta["site"] == "Laravel"
    assert out[-1].title == "What Is Laravel? (Definition, Uses, Features) | Built In"
    assert out[-1].url == "https://builtin.com/software-engineering-perspectives/laravel"
    assert all(s.snippet and "<" not in s.snippet for s in out)
    # a result without page_age or age has no published date
    assert out[7].title == "Laravel - Overview" and out[7].published is None


def test_web_search_laravel_news() -> None:
    out = sources(fixture_json("brave/web-search-laravel-news.json"))
    assert len(out) == 18
    assert (out[0].title, out[0].url) == ("Laravel News", "https://laravel-news.com/")
    # the real title starts with an invisible LEFT-TO-RIGHT MARK, which is dropped
    assert out[-1].title == "Laravel News Podcast on Apple Podcasts"
    assert out[-1].url == "https://podcasts.apple.com/us/podcast/laravel-news-podcast/id1051289963"
    assert all(s.snippet for s in out)
    by_url = {s.url: s for s in out}
    assert by_url["https://laravel.com/"].title == "Laravel - The PHP Framework For Web Artisans"
    medium = by_url["https://medium.com/@laravelnews"]
    assert "Curated news & information" in medium.snippet  # &amp; decoded
    assert by_url["https://codecanyon.net/category/php-scripts?term=laravel%20news"]


def test_answer_without_web_block_is_no_hits_and_garbage_is_a_parse_error() -> None:
    data = fixture_json("brave/web-search-laravel.json")
    del data["web"]
    assert parse_results(data) == []
    with pytest.raises(ParseError):
        parse_results({"something": "else"})
    with pytest.raises(ParseError):
        parse_results({"type": "search", "web": {"results": "nope"}})


def _adapter(status: int, body, seen: list | None = None, headers: dict | None = None, **kw):
    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return httpx.Response(status, json=body, headers=headers or {})
    return make_adapter("brave", httpx.MockTransport(handler), **kw)


def test_request_shape(monkeypatch) -> None:
    monkeypatch.delenv("SCOUTE_BRAVE_BASE_URL", raising=False)
    seen: list[httpx.Request] = []
    brave = _adapter(200, fixture_json("brave/web-search-laravel.json"), seen,
                     headers={"x-ratelimit-remaining": "0, 1999"}, country="es",
                     base_url="https://api.search.brave.com")
    reply = brave.call(SearchRequest(query="Laravel", limit=50,
                                     options={"freshness": "pw", "topic": "x"}), KEY)
    req = seen[0]
    assert (req.url.host, req.url.path) == ("api.search.brave.com", "/res/v1/web/search")
    assert req.url.params["q"] == "Laravel" and req.url.params["count"] == "20"
    assert req.url.params["country"] == "es" and req.url.params["freshness"] == "pw"
    assert req.headers["X-Subscription-Token"] == KEY.reveal()
    assert KEY.reveal() not in str(req.url)
    assert len(reply.value) == 17 and reply.usage.requests == 1
    assert reply.meta == {"more_results_available": True, "ratelimit_remaining": "0, 1999",
                          "ignored_options": ["topic"]}


RATE_LIMITED_ERROR = {  # shape 1: "error" object (observed live bodies, FACTS.md)
    "type": "ErrorResponse",
    "error": {"id": "c2d2c4f6", "status": 429, "code": "RATE_LIMITED",
              "detail": "Request rate limit exceeded for plan",
              "meta": {"plan": "Free", "rate_limit": 1, "rate_current": 1,
                       "quota_limit": 2000, "quota_current": 75}},
    "time": 1712000000}
RATE_LIMITED_ERRORS = {  # shape 2: "errors" array (API reference page)
    "type": "ErrorResponse",
    "errors": [{"id": "1c2f", "status": 429, "code": "RATE_LIMITED",
                "detail": "Request rate limit exceeded for plan.",
                "meta": {"component": "rate_limiter", "plan": "Pro", "rate_limit": 50}}],
    "time": 1712000000}


def test_429_error_object_shape_gives_a_good_message() -> None:
    with pytest.raises(RateLimited) as info:
        _adapter(429, RATE_LIMITED_ERROR, headers={"Retry-After": "1"}).search(
            "q", credential=KEY)
    msg = info.value.message
    assert "RATE_LIMITED: Request rate limit exceeded for plan" in msg
    assert "plan Free" in msg and "rate limit 1/s" in msg and "quota 75/2000" in msg
    assert info.value.retry_after == 1.0 and info.value.status == 429


def test_429_errors_array_shape_gives_a_good_message() -> None:
    with pytest.raises(RateLimited) as info:
        _adapter(429, RATE_LIMITED_ERRORS).search("q", credential=KEY)
    assert "RATE_LIMITED: Request rate limit exceeded for plan." in info.value.message
    assert "plan Pro" in info.value.message and "rate limit 50/s" in info.value.message


def test_quota_limited_is_an_exhausted_key() -> None:
    body = {"type": "ErrorResponse", "errors": [{
        "status": 429, "code": "QUOTA_LIMITED", "detail": "Request quota limit exceeded for plan.",
        "meta": {"component": "rate_limiter", "plan": "Free", "quota_limit": 2000,
                 "quota_current": 2000}}]}
    with pytest.raises(AuthError) as info:
        _adapter(429, body).search("q", credential=KEY)
    assert info.value.status == 429 and "quota exhausted" in info.value.message
    assert "QUOTA_LIMITED" in info.value.message


@pytest.mark.parametrize(("limit", "used", "spent"), [
    ("2000", "2000", True), (" 2000 ", 2001, True), (2000, "75", False),
    ("0", "5000", False),  # 0: the paid plan's "no monthly quota"
    (-1, 5, False), ("NaN", "NaN", False), ("Infinity", "Infinity", False),
    ("abc", [1], False), (None, 2000, False),
])
def test_quota_figures_of_any_json_type_decide_the_kind(limit, used, spent) -> None:
    # a gateway may write Brave's figures as strings: a spent monthly quota is still an
    # exhausted key (the next key or link), not a per-second wait retried all month
    body = {"type": "ErrorResponse", "error": {
        **RATE_LIMITED_ERROR["error"],
        "meta": {"plan": "Free", "quota_limit": limit, "quota_current": used}}}
    with pytest.raises((AuthError, RateLimited)) as info:
        _adapter(429, body).search("q", credential=KEY)
    assert isinstance(info.value, AuthError) is spent
    assert ("quota exhausted" in info.value.message) is spent


def test_invalid_token_422_is_an_auth_error() -> None:
    body = {"type": "ErrorResponse", "error": {
        "id": "5d83", "status": 422, "code": "SUBSCRIPTION_TOKEN_INVALID",
        "detail": "The provided subscription token is invalid.",
        "meta": {"component": "authentication"}}, "time": 1663072993}
    with pytest.raises(AuthError) as info:
        _adapter(422, body).search("q", credential=KEY)
    assert "SUBSCRIPTION_TOKEN_INVALID" in info.value.message
    assert KEY.reveal() not in str(info.value)


def test_missing_credential_is_an_auth_error_before_any_request() -> None:
    seen: list = []
    with pytest.raises(AuthError) as info:
        _adapter(200, {}, seen).search("q")
    assert seen == [] and "BRAVE_API_KEY" in (info.value.hint or "")
