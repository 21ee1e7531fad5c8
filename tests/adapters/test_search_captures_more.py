"""More search answers recorded by other people (provenance in
tests/fixtures/providers/SOURCES.md) through the real adapters, each asserting what the
adapter must take out of it: Google's zero-result answers (no ``items`` key at all) and
spelling corrections, a full page of results carrying ``pagemap``; Tavily's answer extras
and Brave's answers without web hits. Where no real capture of a variant was found (a
Tavily ``response_time`` sent as text, ``results: []``, Brave ``extra_snippets``), the test
changes one field of a real capture and says which."""

from __future__ import annotations

import json

import pytest

from scout.errors import Unavailable
from tests.adapters.helpers import fixture_text
from tests.adapters.test_search_captures import run


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("SCOUTE_SEARXNG_BASE_URL", "SEARXNG_URL", "SCOUTE_GOOGLE_BASE_URL",
                "SCOUTE_TAVILY_BASE_URL", "SCOUTE_BRAVE_BASE_URL"):
        monkeypatch.delenv(var, raising=False)


def body(relpath: str) -> bytes:
    return fixture_text(relpath).encode()


# --- Google Custom Search -------------------------------------------------------------------


def test_google_full_page_with_pagemap_and_a_spelling_correction() -> None:
    reply = run("google", body("google_cse/customsearch-v1-krishn-spelling-pagemap.json"),
                limit=10)
    out = reply.value
    assert len(out) == 10 and [s.rank for s in out] == list(range(1, 11))
    assert out[0].title == "Radha Krishn fame Mallika Singh turns 20; fans trend her on " \
        "Twitter ..."
    assert out[0].snippet.startswith("Sep 15, 2020 ... Mallika Singh, who plays the role")
    assert "\n" not in out[0].snippet  # Google's line breaks inside snippets collapse
    assert out[1].url == "https://www.google.com/podcasts?feed=" \
        "aHR0cHM6Ly9hbmNob3IuZm0vcy9jYWJiOGY4L3BvZGNhc3QvcnNz"
    assert out[2].title == "Google Maps" and out[2].meta["display_url"] == "www.google.com"
    assert reply.meta["corrected_query"] == "krishna"
    assert reply.meta["total_results"] == "7900" and reply.meta["pages"] == 1


@pytest.mark.parametrize(("name", "corrected"), [
    ("customsearch-v1-zero-results-no-items.json", None),
    ("customsearch-v1-zero-results-spelling.json", "therearenoresults zzz"),
])
def test_google_zero_results_without_items_is_an_empty_answer(name: str,
                                                              corrected: str | None) -> None:
    # no "items" key at all: an answer (the chain stops), not a parse error
    reply = run("google", body(f"google_cse/{name}"), limit=20)
    assert reply.value == [] and reply.meta["total_results"] == "0"
    assert reply.meta["pages"] == 1  # no second page is asked for
    assert reply.meta.get("corrected_query") == corrected


# --- Tavily -----------------------------------------------------------------------------------

ADVANCED = "tavily/search-advanced-what-is-tavily.json"


def test_tavily_answer_and_its_extras_reach_the_meta() -> None:
    reply = run("tavily", body(ADVANCED))
    assert reply.meta["answer"].startswith("Tavily is a specialized search engine for AI agents")
    assert reply.meta["response_time"] == 2.15
    assert reply.meta["request_id"] == "9712b21b-e90f-4197-94b4-a116f58fd17d"
    assert "follow_up_questions" not in reply.meta  # null in the capture
    assert [s.url for s in reply.value][0] == "https://learn.microsoft.com/en-us/connectors/tavily"


def test_tavily_2024_answer_with_images_null_and_no_request_id() -> None:
    # a real answer from mid-2024: images null (not []), no request_id, and one result
    # whose content is a Python dict printed as text (weatherapi.com)
    reply = run("tavily", body("tavily/search-weather-sydney-images-null-2024.json"))
    out = reply.value
    assert len(out) == 5 and out[0].title == \
        "Sydney, New South Wales, Australia Monthly Weather | AccuWeather"
    assert out[0].score == pytest.approx(0.98987)
    assert out[1].url == "https://www.weatherapi.com/" and \
        out[1].snippet.startswith("{'location': {'name': 'Sydney'")
    assert out[3].url == "https://www.weather25.com/oceania/australia/new-south-wales/" \
        "sydney?page=month&month=June"
    assert reply.meta["answer"].startswith("The current weather in Sydney is 12.3°C")
    assert reply.meta["response_time"] == 2.53 and "request_id" not in reply.meta
    assert reply.usage.credits == 1


@pytest.mark.parametrize(("value", "seconds"), [("2.15", 2.15), ("fast", None), (None, None),
                                                 (3, 3.0)])
def test_tavily_response_time_as_text_or_number(value: object, seconds: float | None) -> None:
    # the real answer with response_time changed to the types clients model it with
    data = json.loads(body(ADVANCED))
    data["response_time"] = value
    reply = run("tavily", json.dumps(data).encode())
    assert reply.meta.get("response_time") == seconds


def test_tavily_follow_up_questions_keep_only_text() -> None:
    data = json.loads(body(ADVANCED))
    data["follow_up_questions"] = ["What does Tavily cost?", None, 3, ""]
    reply = run("tavily", json.dumps(data).encode())
    assert reply.meta["follow_up_questions"] == ["What does Tavily cost?"]


def test_tavily_no_results_is_an_empty_answer_that_keeps_its_answer() -> None:
    data = json.loads(body(ADVANCED))
    data["results"] = []
    reply = run("tavily", json.dumps(data).encode())
    assert reply.value == [] and reply.meta["answer"].startswith("Tavily is a specialized")


def test_tavily_raw_content_stands_in_for_an_empty_content() -> None:
    data = json.loads(body("tavily/search-basic-pydantic-ai-null-answer.json"))
    data["results"][0].update(content="", raw_content="# Pydantic AI\n\nAn agent framework.")
    data["results"][1].update(content=None, raw_content=None)
    out = run("tavily", json.dumps(data).encode()).value
    assert out[0].snippet == "# Pydantic AI An agent framework."
    assert out[1].snippet == "" and out[1].title  # kept, with nothing to show


# --- Brave ------------------------------------------------------------------------------------

LARAVEL = "brave/web-search-laravel.json"


def test_brave_web_block_without_results_is_no_web_hits() -> None:
    # the real answer (videos, mixed) with its web block emptied of results
    data = json.loads(body(LARAVEL))
    del data["web"]["results"]
    reply = run("brave", json.dumps(data).encode())
    assert reply.value == []


def test_brave_answer_with_only_videos_is_no_web_hits() -> None:
    data = json.loads(body(LARAVEL))
    del data["web"]
    assert data["videos"]["results"]  # the capture's videos block stays
    assert run("brave", json.dumps(data).encode()).value == []


def test_brave_extra_snippets_stand_in_for_an_empty_description() -> None:
    data = json.loads(body(LARAVEL))
    first, second = data["web"]["results"][:2]
    first["description"] = ""
    first["extra_snippets"] = [None, "  ", "Laravel is a web application framework."]
    second["extra_snippets"] = ["not used: the description is there"]
    out = run("brave", json.dumps(data).encode()).value
    assert out[0].snippet == "Laravel is a web application framework."
    assert out[1].snippet != "not used: the description is there" and out[1].snippet


# --- SearxNG ----------------------------------------------------------------------------------

SEVERANCE = "searxng/search-format-json-severance.json"


def test_searxng_every_web_engine_blocked_is_unavailable_not_no_results() -> None:
    # real answer from a home instance: bing, brave and duckduckgo failed, only a
    # Wikipedia infobox came back, results []; an empty answer would stop the chain
    raw = body("searxng/search-json-engines-blocked-infobox-only.json")
    with pytest.raises(Unavailable) as err:
        run("searxng", raw)
    assert err.value.message == (
        "searxng: no results, and these engines did not answer: bing (Suspended: HTTP "
        "connection error), brave (Suspended: too many requests), duckduckgo (CAPTCHA)")
    assert "settings.yml" in (err.value.hint or "")


def test_searxng_results_despite_failed_engines_are_an_answer() -> None:
    reply = run("searxng", body(SEVERANCE))
    assert len(reply.value) == 6 and reply.value[0].meta["engines"] == ["google cse"]
    assert reply.value[0].published is None  # publishedDate null
    assert [f["engine"] for f in reply.meta["unresponsive_engines"]] == [
        "brave", "duckduckgo", "startpage"]


def test_searxng_no_results_from_a_healthy_instance_is_an_empty_answer() -> None:
    data = json.loads(body(SEVERANCE))
    data.update(results=[], unresponsive_engines=[])
    assert run("searxng", json.dumps(data).encode()).value == []


def test_searxng_answers_of_either_age_become_text() -> None:
    # strings (older SearXNG) and objects with an "answer" text (newer), as the answers
    # SearXNG's plugins give; a result without "content" keeps an empty snippet
    data = json.loads(body(SEVERANCE))
    data["answers"] = ["42", {"engine": "plugin: unit_converter",
                              "template": "answer/legacy.html", "answer": "6.2137119224 mi"},
                      {"engine": "translations"}, None]
    data["suggestions"] = ["severance season 2", None]
    del data["results"][0]["content"]
    reply = run("searxng", json.dumps(data).encode())
    assert reply.meta["answers"] == ["42", "6.2137119224 mi"]
    assert reply.meta["suggestions"] == ["severance season 2"]
    assert reply.value[0].snippet == "" and reply.value[0].title.startswith("What other shows")


@pytest.mark.parametrize("field", ["answers", "corrections", "suggestions",
                                   "unresponsive_engines"])
def test_searxng_list_fields_of_the_wrong_type_read_as_absent(field: str) -> None:
    # each was iterated as it came: a number there raised TypeError out of the adapter
    data = json.loads(body(SEVERANCE))
    data[field] = 7
    reply = run("searxng", json.dumps(data).encode())
    assert len(reply.value) == 6 and reply.meta.get(field) in (None, [])


def test_searxng_engines_of_the_wrong_type_fall_back_to_engine() -> None:
    data = json.loads(body(SEVERANCE))
    data["results"][0]["engines"] = 7
    data["results"][1].update(engines=None, engine=None)
    out = run("searxng", json.dumps(data).encode()).value
    assert out[0].meta["engines"] == ["google cse"] and "engines" not in out[1].meta
