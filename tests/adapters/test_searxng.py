"""SearxNG: the real recording, base URL resolution and unresponsive engines."""

from __future__ import annotations

import httpx
import pytest

from scout.adapters.normalize import to_sources
from scout.adapters.searxng import parse_results, unresponsive
from scout.errors import AuthError, ParseError
from scout.adapters.contract import SearchRequest
from tests.adapters.helpers import fixture_json, make_adapter

CAPTURE = "searxng/search-format-json-severance.json"


@pytest.fixture(autouse=True)
def _env(monkeypatch) -> None:
    monkeypatch.delenv("SCOUTE_SEARXNG_BASE_URL", raising=False)
    monkeypatch.delenv("SEARXNG_URL", raising=False)


def test_search_format_json_capture() -> None:
    data = fixture_json(CAPTURE)
    out = to_sources(parse_results(data), adapter="searxng", limit=100, max_chars=400)
    assert len(out) == 6
    assert out[0].title == "What other shows do you rate as highly as (or close to) Severance?"
    assert out[0].url == ("https://www.reddit.com/r/SeveranceAppleTVPlus/comments/1idlrtq/"
                          "what_other_shows_do_you_rate_as_highly_as_or")
    assert out[0].score == 1.0 and out[0].meta["engines"] == ["google cse"]
    assert out[-1].title == "20 mindbending TV shows to watch if you liked 'Severance'"
    assert out[-1].url == "https://www.tatlerasia.com/lifestyle/entertainment/shows-like-severance"
    assert out[-1].score == pytest.approx(1 / 6)
    assert all(s.snippet for s in out) and all(s.published is None for s in out)
    assert unresponsive(data) == [
        {"engine": "brave", "reason": "Suspended: too many requests"},
        {"engine": "duckduckgo", "reason": "CAPTCHA"},
        {"engine": "startpage", "reason": "Suspended: CAPTCHA"}]


def test_garbage_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        parse_results({"query": "q"})


def _adapter(status: int, body, seen: list | None = None, **settings):
    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        if isinstance(body, str):
            return httpx.Response(status, text=body, headers={"Content-Type": "text/html"})
        return httpx.Response(status, json=body)
    return make_adapter("searxng", httpx.MockTransport(handler), **settings)


def test_base_url_from_searxng_url_and_meta(monkeypatch) -> None:
    monkeypatch.setenv("SEARXNG_URL", "https://search.example.org/")
    seen: list[httpx.Request] = []
    reply = _adapter(200, fixture_json(CAPTURE), seen, engines=["google cse", "bing"]).call(
        SearchRequest(query="like severance", limit=4, options={"time_range": "year"}))
    url = seen[0].url
    assert (url.host, url.path) == ("search.example.org", "/search")
    assert url.params["format"] == "json" and url.params["q"] == "like severance"
    assert url.params["engines"] == "google cse,bing" and url.params["time_range"] == "year"
    assert len(reply.value) == 4
    assert reply.meta["unresponsive_engines"][1] == {"engine": "duckduckgo", "reason": "CAPTCHA"}


def test_config_base_url_wins_over_searxng_url(monkeypatch) -> None:
    monkeypatch.setenv("SEARXNG_URL", "https://env.example.org")
    seen: list[httpx.Request] = []
    _adapter(200, fixture_json(CAPTURE), seen, base_url="https://cfg.example.org").search("q")
    assert seen[0].url.host == "cfg.example.org"


def test_no_instance_url_is_an_auth_error_naming_the_variable() -> None:
    seen: list = []
    with pytest.raises(AuthError) as info:
        _adapter(200, {}, seen).search("q")
    assert seen == [] and "SEARXNG_URL" in (info.value.hint or "")


def test_403_explains_the_json_format_setting() -> None:
    with pytest.raises(AuthError) as info:
        _adapter(403, "<html>Forbidden</html>", base_url="http://s.local").search("q")
    assert "search.formats" in (info.value.hint or "")
