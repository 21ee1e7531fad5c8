"""Tavily: the real capture, the request body, credits for cost, and its error codes."""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.normalize import to_sources
from scout.adapters.tavily import parse_results
from scout.errors import AuthError, ParseError, RateLimited, Rejected
from scout.adapters.contract import SearchRequest, Secret
from tests.adapters.helpers import fixture_json, make_adapter

KEY = Secret("TAVILY_API_KEY", "tvly-test-secret-value-42")
CAPTURE = "tavily/search-advanced-what-is-tavily.json"


def test_search_advanced_capture() -> None:
    out = to_sources(parse_results(fixture_json(CAPTURE)), adapter="tavily", limit=100,
                     max_chars=400)
    assert len(out) == 3
    assert out[0].title == "Tavily (Independent Publisher) - Connectors - Microsoft Learn"
    assert out[0].url == "https://learn.microsoft.com/en-us/connectors/tavily"
    assert out[0].score == pytest.approx(0.9405774)
    assert out[-1].title == "Frequently Asked Questions - Tavily Docs"
    assert out[-1].url == "https://docs.tavily.com/faq/faq"
    assert out[-1].score == pytest.approx(0.8863518)
    assert all(s.snippet for s in out) and all(len(s.snippet) <= 400 for s in out)
    assert out[0].snippet.startswith("# Tavily (Independent Publisher) (Preview) Tavily is")


def test_garbage_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        parse_results({"answer": "no results key"})


def _adapter(status: int, body, seen: list | None = None, **settings):
    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return httpx.Response(status, json=body)
    return make_adapter("tavily", httpx.MockTransport(handler), **settings)


def test_request_body_and_header(monkeypatch) -> None:
    monkeypatch.delenv("SCOUTE_TAVILY_BASE_URL", raising=False)
    seen: list[httpx.Request] = []
    tavily = _adapter(200, fixture_json(CAPTURE), seen, search_depth="advanced",
                      include_answer=True, include_usage=False,
                      base_url="https://api.tavily.com")
    reply = tavily.call(SearchRequest(query="what is tavily", limit=30,
                                      options={"topic": "news", "kl": "x"}), KEY)
    req = seen[0]
    assert req.method == "POST" and str(req.url) == "https://api.tavily.com/search"
    assert req.headers["Authorization"] == f"Bearer {KEY.reveal()}"
    body = json.loads(req.content)
    assert body == {"query": "what is tavily", "max_results": 20, "search_depth": "advanced",
                    "include_answer": True, "include_usage": False, "topic": "news"}
    assert KEY.reveal() not in req.content.decode()
    # no usage block (include_usage false): an advanced search costs 2 credits
    assert reply.usage.credits == 2 and reply.usage.requests == 1
    assert reply.meta["answer"].startswith("Tavily is a specialized search engine")
    assert reply.meta["request_id"] == "9712b21b-e90f-4197-94b4-a116f58fd17d"
    assert reply.meta["response_time"] == 2.15 and reply.meta["ignored_options"] == ["kl"]


def test_credits_come_from_usage_when_reported() -> None:
    data = {**fixture_json(CAPTURE), "usage": {"credits": 7}}
    reply = _adapter(200, data, include_usage=True).call(SearchRequest(query="q"), KEY)
    assert reply.usage.credits == 7


def test_basic_depth_without_usage_costs_one_credit() -> None:
    reply = _adapter(200, fixture_json(CAPTURE), include_usage=False).call(
        SearchRequest(query="q"), KEY)
    assert reply.usage.credits == 1


def test_limit_is_honoured() -> None:
    assert len(_adapter(200, fixture_json(CAPTURE)).search("q", limit=2, credential=KEY)) == 2


@pytest.mark.parametrize("status", [432, 433])
def test_plan_limits_are_exhausted_keys(status: int) -> None:
    body = {"detail": {"error": "This request exceeds your plan's set usage limit."}}
    with pytest.raises(AuthError) as info:
        _adapter(status, body).search("q", credential=KEY)
    assert info.value.status == status
    assert "exceeds your plan's set usage limit" in info.value.message


def test_error_detail_in_message() -> None:
    with pytest.raises(AuthError) as info:
        _adapter(401, {"detail": {"error": "Unauthorized: missing or invalid API key."}}
                 ).search("q", credential=KEY)
    assert "Unauthorized: missing or invalid API key." in info.value.message
    with pytest.raises(RateLimited):
        _adapter(429, {"detail": {"error": "Too many requests"}}).search("q", credential=KEY)


def test_unknown_depth_option_is_rejected() -> None:
    with pytest.raises(Rejected):
        _adapter(200, {}).call(SearchRequest(query="q", options={"search_depth": "deep"}), KEY)
