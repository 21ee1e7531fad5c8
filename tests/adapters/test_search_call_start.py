"""The start and end every search adapter's call shares (scout.adapters.search_http):
the key or a clear AuthError, the options a provider understands vs. those it ignores,
and the Reply they make - checked through each real adapter, not only the helpers."""

from __future__ import annotations

import json

import httpx
import pytest

from scout.adapters.brave import BraveAdapter
from scout.adapters.contract import ImageSearchRequest, SearchRequest, Secret
from scout.adapters.google import GoogleAdapter
from scout.adapters.images import BraveImagesAdapter, GoogleImagesAdapter
from scout.adapters.search_http import api_key, result_items, split_options
from scout.adapters.searxng import SearxngAdapter
from scout.adapters.tavily import TavilyAdapter
from scout.config.settings import (BraveSettings, GoogleSettings, SearxngSettings,
                                   TavilySettings)
from scout.errors import AuthError, ParseError


def test_api_key_names_the_variable_and_reveals_only_when_present():
    with pytest.raises(AuthError) as err:
        api_key("brave_eu", None, "BRAVE_API_KEY")
    assert "brave_eu: no API key" in err.value.message and "BRAVE_API_KEY" in err.value.hint
    assert api_key("b", Secret("BRAVE_API_KEY", "k-123"), "BRAVE_API_KEY") == "k-123"


def test_split_options_keeps_order_and_reports_the_rest():
    passed, ignored = split_options({"country": "es", "zzz": 1, "safesearch": "off", "aa": 2},
                                    frozenset({"country", "safesearch"}))
    assert passed == {"country": "es", "safesearch": "off"}
    assert ignored == ["zzz", "aa"]
    assert split_options({}, frozenset({"x"})) == ({}, [])


def test_result_items_refuses_a_missing_list_and_skips_unusable_items():
    with pytest.raises(ParseError, match="no 'results' list"):
        result_items({"results": {"url": "x"}}, "tavily")
    items = result_items({"results": [{"url": "u1"}, "junk", {"title": "no url"},
                                      {"url": ""}, {"url": "u2"}]}, "tavily")
    assert [i["url"] for i in items] == ["u1", "u2"]
    assert result_items({"results": [{"img_src": "i"}, {"url": "u"}]}, "s",
                        needs="img_src") == [{"img_src": "i"}]


BODIES = {
    "brave": {"type": "search", "query": {"original": "q"},
              "web": {"results": [{"title": "T", "url": "https://a.example/", "description": "d"}]}},
    "tavily": {"query": "q", "results": [{"title": "T", "url": "https://a.example/",
                                          "content": "d", "score": 0.5}]},
    "searxng": {"query": "q", "results": [{"title": "T", "url": "https://a.example/",
                                           "content": "d"}]},
    "google": {"items": [{"title": "T", "link": "https://a.example/", "snippet": "d"}]},
}


def _adapter(kind: str, seen: list[httpx.Request]):
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=BODIES[kind])

    client = httpx.Client(transport=httpx.MockTransport(handler))
    if kind == "brave":
        return BraveAdapter("brave", BraveSettings(type="brave"), client)
    if kind == "tavily":
        return TavilyAdapter("tavily", TavilySettings(type="tavily"), client)
    if kind == "google":
        ad = GoogleAdapter("google", GoogleSettings(type="google"), client)
        ad.env = {"GOOGLE_CSE_ID": "cx-1"}
        return ad
    return SearxngAdapter("searxng", SearxngSettings(type="searxng",
                                                     base_url="http://127.0.0.1:9"), client)


@pytest.mark.parametrize("kind", ["brave", "tavily", "searxng", "google"])
def test_every_search_adapter_passes_known_options_and_reports_unknown_ones(kind):
    seen: list[httpx.Request] = []
    adapter = _adapter(kind, seen)
    known = {"brave": "safesearch", "tavily": "topic", "searxng": "language",
             "google": "gl"}[kind]
    reply = adapter.call(SearchRequest(query="hoteles en Sevilla", limit=5,
                                       options={known: "es", "no_such_option": 1}),
                         Secret("KEY", "key-value-1"))
    assert [s.url for s in reply.value] == ["https://a.example/"]
    assert reply.meta["ignored_options"] == ["no_such_option"]
    sent = seen[0]
    wire = sent.url.params.get(known) or json.loads(sent.content or b"{}").get(known)
    assert wire == "es"
    assert "no_such_option" not in str(sent.url) + sent.content.decode()


@pytest.mark.parametrize("cls,settings,var", [
    (BraveAdapter, BraveSettings(type="brave"), "BRAVE_API_KEY"),
    (TavilyAdapter, TavilySettings(type="tavily"), "TAVILY_API_KEY"),
    (GoogleAdapter, GoogleSettings(type="google"), "GOOGLE_API_KEY"),
    (BraveImagesAdapter, BraveSettings(type="brave_images"), "BRAVE_API_KEY"),
    (GoogleImagesAdapter, GoogleSettings(type="google_images"), "GOOGLE_API_KEY"),
])
def test_keyed_adapters_refuse_to_call_without_a_key(cls, settings, var):
    calls: list[httpx.Request] = []
    client = httpx.Client(transport=httpx.MockTransport(
        lambda r: calls.append(r) or httpx.Response(200, json={})))
    with pytest.raises(AuthError) as err:
        request = (ImageSearchRequest(query="q") if "images" in settings.type
                   else SearchRequest(query="q"))
        cls("x", settings, client).call(request, None)
    assert var in (err.value.hint or "") and not calls
