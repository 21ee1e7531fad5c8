"""More search answers recorded by other people (provenance in
tests/fixtures/providers/SOURCES.md) through the real adapters, each asserting what the
adapter must take out of it: Google's zero-result answers (no ``items`` key at all) and
spelling corrections, a full page of results carrying ``pagemap``."""

from __future__ import annotations

import pytest

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
