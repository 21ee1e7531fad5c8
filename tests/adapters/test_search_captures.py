"""Search answers recorded by other people (provenance in tests/fixtures/providers/SOURCES.md)
through the real adapters, and hostile bodies built from the real captures: truncated,
fields of the wrong type, huge fields, HTML where JSON was expected, a non-UTF-8 charset.
Each ends as a typed ProviderError or a (partial) answer, never another exception."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from scout.adapters.contract import SearchRequest, Secret
from scout.adapters.normalize import TITLE_CHARS
from scout.errors import AuthError, ParseError, ProviderError, RateLimited, Rejected
from tests.adapters.helpers import fixture_json, fixture_text, make_adapter

BRAVE_KEY = Secret("BRAVE_API_KEY", "BSA-test-secret-value-42")
KEYS = {"brave": BRAVE_KEY, "tavily": Secret("TAVILY_API_KEY", "tvly-test-key-7"),
        "google": Secret("GOOGLE_API_KEY", "AIza-test-key-9"), "searxng": None}
#: one real capture per JSON search adapter, and where its result list lives
CAPTURES = {
    "brave": ("brave/web-search-laravel.json", ("web", "results"), "title", "description"),
    "tavily": ("tavily/search-basic-pydantic-ai-null-answer.json", ("results",), "title",
               "content"),
    "google": ("google_cse/customsearch-v1-powered-by-datasette.json", ("items",), "title",
               "snippet"),
    "searxng": ("searxng/search-format-json-severance.json", ("results",), "title",
                "content"),
}


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("SCOUTE_SEARXNG_BASE_URL", "SEARXNG_URL", "SCOUTE_GOOGLE_BASE_URL"):
        monkeypatch.delenv(var, raising=False)


def run(type_name: str, body: bytes, status: int = 200,
        ctype: str = "application/json", limit: int = 20):
    transport = httpx.MockTransport(
        lambda r: httpx.Response(status, content=body, headers={"content-type": ctype}))
    settings: dict[str, Any] = {"base_url": "http://searx.test"} if type_name == "searxng" \
        else {}
    adapter = make_adapter(type_name, transport, **settings)
    adapter.env = {"GOOGLE_CSE_ID": "cx-test"}
    return adapter.call(SearchRequest(query="q", limit=limit), KEYS[type_name])


def rows(data: dict, path: tuple[str, ...]) -> list[dict]:
    for key in path:
        data = data[key]
    return data  # type: ignore[return-value]


# --- Brave: real error bodies ------------------------------------------------------------


def test_brave_token_refused_with_422_is_an_auth_error_with_brave_words() -> None:
    raw = fixture_text("brave/error-422-subscription-token-invalid.json").encode()
    with pytest.raises(AuthError) as err:
        run("brave", raw, 422)
    assert "SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid." \
        in err.value.message
    assert BRAVE_KEY.reveal() not in str(err.value)


def test_brave_validation_error_names_the_refused_parameter() -> None:
    raw = fixture_text("brave/error-422-validation-missing-q.json").encode()
    with pytest.raises(Rejected) as err:
        run("brave", raw, 422)
    assert "Unable to validate request parameter(s) (query.q: Field required)" \
        in err.value.message


def test_brave_spending_cap_402_is_an_auth_error_with_the_figures() -> None:
    raw = fixture_text("brave/error-402-usage-limit-exceeded.json").encode()
    with pytest.raises(AuthError) as err:
        run("brave", raw, 402)
    message = err.value.message
    assert "HTTP 402" in message and "USAGE_LIMIT_EXCEEDED: Usage limit exceeded." in message
    assert "plan Search" in message and "spend 25.0/25.0 monthly" in message


# --- Tavily: a basic search with answer/follow_up_questions/raw_content null ---------------


def test_tavily_basic_search_with_nulls() -> None:
    raw = fixture_text("tavily/search-basic-pydantic-ai-null-answer.json").encode()
    reply = run("tavily", raw)
    out = reply.value
    assert len(out) == 5
    assert (out[0].title, out[0].url) == ("Pydantic AI: Agent Framework",
                                          "https://medium.com/ai-agent-insider/pydantic-ai-agent-framework-02b138e8db71")
    assert out[0].score == pytest.approx(0.9999875)
    assert out[0].snippet.startswith("## AI Agent Insider. # Pydantic AI: Agent Framework.")
    assert out[-1].title == "Pydantic AI : r/LLMDevs"
    assert all(s.published is None for s in out)
    assert "answer" not in reply.meta and "follow_up_questions" not in reply.meta
    assert reply.meta["request_id"] == "3b2f7385-b01d-479e-9825-1ce0f8c59b93"
    assert reply.usage.credits == 1  # basic depth, no usage block reported


# --- Google: real error bodies ------------------------------------------------------------


def test_google_invalid_key_is_an_auth_error_with_googles_words() -> None:
    raw = fixture_text("google_cse/error-400-api-key-invalid.json").encode()
    with pytest.raises(AuthError) as err:
        run("google", raw, 400)
    assert "INVALID_ARGUMENT: API key not valid. Please pass a valid API key." \
        in err.value.message
    assert KEYS["google"].reveal() not in str(err.value)


def test_google_spent_daily_quota_is_an_auth_error_not_a_retry() -> None:
    raw = fixture_text("google_cse/error-429-queries-per-day.json").encode()
    with pytest.raises(AuthError, match="daily query quota exhausted") as err:
        run("google", raw, 429)
    assert "limit 'Queries per day'" in err.value.message
    assert "billing" in (err.value.hint or "")


def test_google_per_minute_quota_stays_a_rate_limit() -> None:
    # the real daily-quota body turned into the per-minute one (message and quota_limit
    # changed): a short wait does help there
    data = fixture_json("google_cse/error-429-queries-per-day.json")
    text = "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute'"
    data["error"]["message"] = data["error"]["errors"][0]["message"] = text
    data["error"]["details"][0]["metadata"]["quota_limit"] = "DefaultPerMinutePerProject"
    with pytest.raises(RateLimited):
        run("google", json.dumps(data).encode(), 429)


def test_google_error_with_wrong_types_is_still_typed() -> None:
    data = fixture_json("google_cse/error-400-api-key-invalid.json")
    data["error"].update(errors="nope", details=[None, 3], message=["x"])
    with pytest.raises(Rejected, match="HTTP 400"):
        run("google", json.dumps(data).encode(), 400)


# --- hostile bodies built from the real captures ------------------------------------------


@pytest.mark.parametrize("type_name", sorted(CAPTURES))
@pytest.mark.parametrize("cut", [0, 1, 200, -3])
def test_truncated_json_is_a_parse_error(type_name: str, cut: int) -> None:
    raw = fixture_text(CAPTURES[type_name][0]).encode()
    with pytest.raises(ParseError, match="not JSON"):
        run(type_name, raw[:cut])


@pytest.mark.parametrize("type_name", sorted(CAPTURES))
def test_html_where_json_was_expected_is_a_parse_error(type_name: str) -> None:
    # a captive portal or proxy page served with 200
    page = fixture_text("duckduckgo/html-eino.html").encode()
    with pytest.raises(ParseError, match="not JSON.*text/html"):
        run(type_name, page, ctype="text/html; charset=utf-8")


@pytest.mark.parametrize("type_name", sorted(CAPTURES))
def test_fields_of_the_wrong_type_give_a_partial_answer(type_name: str) -> None:
    path, title, snippet = CAPTURES[type_name][1:]
    data = fixture_json(CAPTURES[type_name][0])
    items = rows(data, path)
    items[0][title] = {"text": "an object where a string belongs"}
    items[0][snippet] = ["a", "list"]
    items.insert(1, "not an object")
    items.insert(2, {title: "no url at all"})
    expected = [i for i in items if isinstance(i, dict) and (i.get("url") or i.get("link"))]
    out = run(type_name, json.dumps(data).encode()).value
    assert len(out) == len(expected)
    assert out[0].title == out[0].url and out[0].snippet == ""  # blanked, not a repr
    assert "{" not in out[0].title and "[" not in out[0].snippet
    if len(expected) > 1:  # the Google capture holds one item
        assert out[1].title == expected[1][title]


@pytest.mark.parametrize("type_name", sorted(CAPTURES))
def test_a_result_list_of_the_wrong_type_is_a_parse_error(type_name: str) -> None:
    path = CAPTURES[type_name][1]
    data = fixture_json(CAPTURES[type_name][0])
    parent = rows(data, path[:-1]) if len(path) > 1 else data
    parent[path[-1]] = "garbage"
    with pytest.raises(ParseError):
        run(type_name, json.dumps(data).encode())


@pytest.mark.parametrize("type_name", sorted(CAPTURES))
def test_huge_fields_are_cut(type_name: str) -> None:
    path, title, snippet = CAPTURES[type_name][1:]
    data = fixture_json(CAPTURES[type_name][0])
    first = rows(data, path)[0]
    first[title] = "Hotel " * 200_000
    first[snippet] = "habitación " * 200_000
    out = run(type_name, json.dumps(data).encode()).value
    assert len(out[0].title) <= TITLE_CHARS and out[0].title.startswith("Hotel Hotel")
    assert len(out[0].snippet) <= 400


@pytest.mark.parametrize("type_name", sorted(CAPTURES))
def test_a_latin1_body_is_read_in_its_declared_charset(type_name: str) -> None:
    path, title = CAPTURES[type_name][1:3]
    data = fixture_json(CAPTURES[type_name][0])
    rows(data, path)[0][title] = "Hoteles en Málaga: precios y reseñas"
    raw = json.dumps(data, ensure_ascii=False).encode("iso-8859-1", errors="replace")
    out = run(type_name, raw, ctype="application/json; charset=ISO-8859-1").value
    assert out[0].title == "Hoteles en Málaga: precios y reseñas"


@pytest.mark.parametrize("type_name", sorted(CAPTURES))
@pytest.mark.parametrize("status", [400, 402, 404, 500, 503])
def test_an_html_error_page_is_a_typed_error(type_name: str, status: int) -> None:
    page = b"<html><body><h1>Error</h1><p>nginx</p></body></html>"
    with pytest.raises(ProviderError) as err:
        run(type_name, page, status, ctype="text/html")
    assert f"HTTP {status}" in err.value.message


# --- DuckDuckGo: the html endpoint's own challenge page ------------------------------------


@pytest.mark.parametrize("mode", ["html", "lite"])
@pytest.mark.parametrize("status", [200, 202])
def test_duckduckgo_html_endpoint_challenge_is_a_challenge(mode: str, status: int) -> None:
    # the real html-endpoint page (anomaly.js?sv=html), whichever endpoint served it
    page = fixture_text("duckduckgo/anomaly-html-challenge-trimmed.html").encode()
    transport = httpx.MockTransport(lambda r: httpx.Response(
        status, content=page, headers={"content-type": "text/html; charset=UTF-8"}))
    adapter = make_adapter("duckduckgo", transport, mode=mode)
    with pytest.raises(RateLimited) as err:
        adapter.call(SearchRequest(query="q", limit=5))
    assert err.value.challenge is True and err.value.status == status
