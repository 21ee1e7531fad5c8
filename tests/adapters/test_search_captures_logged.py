"""Brave answers another project logged from live calls in November 2025 (468 of them, in
brettdavies/insurance-broker-quote-assistant; provenance in
tests/fixtures/providers/SOURCES.md, brave/): the ones whose shape no earlier capture
had, through the real adapter. A site-restricted query Brave rewrote (``query.altered``),
an answer with no ``web`` block at all (123 of the 468: zero results, ``mixed.main``
empty), and a full page mixing every result subtype Brave sent then (faq, qa, location,
product_cluster, article, generic) whose descriptions carry HTML entities."""

from __future__ import annotations

import json
import re

import pytest

from scout.adapters.normalize import canonical_url
from tests.adapters.helpers import fixture_json, fixture_text
from tests.adapters.test_search_captures import run

ALTERED = "brave/web-search-statefarm-altered-one-result.json"
NO_WEB = "brave/web-search-no-web-block-site-operator-2025-11.json"
SUBTYPES = "brave/web-search-florida-faq-qa-location-subtypes-2025-11.json"


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCOUTE_BRAVE_BASE_URL", raising=False)


def brave(relpath: str, **kw: object):
    return run("brave", fixture_text(relpath).encode(), **kw)  # type: ignore[arg-type]


def test_a_query_brave_rewrote_keeps_its_one_result_and_says_how_it_was_read() -> None:
    # "home owner" was searched as "homeowners": the report must be able to say so
    reply = brave(ALTERED)
    [hit] = reply.value
    # the address in its canonical form (the trailing slash goes, as for every adapter)
    assert hit.url == ("https://newsroom.statefarm.com/"
                       "state-farm-general-insurance-company-update-on-california-2-2025")
    assert hit.title == "State Farm in California"
    assert hit.snippet.startswith("In a detailed letter to the CDI in March 2024, State Farm")
    assert hit.published == "2025-06-30T05:41:00" and hit.meta["site"] == "State Farm"
    assert reply.meta["altered_query"] == ("site:statefarm.com state farm homeowners rate "
                                           "texas")
    assert reply.meta["more_results_available"] is True


def test_an_answer_without_a_web_block_is_no_hits_not_a_parse_error() -> None:
    # Brave drops "web" entirely when nothing matched: query, mixed (all empty), type
    data = fixture_json(NO_WEB)
    assert "web" not in data and data["mixed"]["main"] == []
    reply = brave(NO_WEB)
    assert reply.value == [] and reply.status == 200
    assert reply.meta["more_results_available"] is False


def test_every_subtype_of_a_full_page_is_a_result_in_brave_order() -> None:
    data = fixture_json(SUBTYPES)
    rows = data["web"]["results"]
    assert {r["subtype"] for r in rows} == {"faq", "qa", "location", "product_cluster",
                                            "article", "generic"}
    reply = brave(SUBTYPES, limit=20)
    assert [s.url for s in reply.value] == [canonical_url(r["url"]) for r in rows]
    assert [s.rank for s in reply.value] == list(range(1, 21))
    by_url = {s.url: s for s in reply.value}
    reddit = by_url[canonical_url(next(r["url"] for r in rows if r["subtype"] == "qa"))]
    assert reddit.title.startswith("r/florida on Reddit: In FL, home owner insurance")
    bankrate = by_url[canonical_url(next(r["url"] for r in rows
                                         if r["subtype"] == "product_cluster"))]
    assert bankrate.title == "Best Homeowners Insurance in Florida for 2025 | Bankrate"
    # Brave's relative age stays beside the date it dates the page by
    assert bankrate.published == "2025-11-06T20:37:51" and bankrate.meta["age"] == "1 day ago"


def test_html_entities_in_descriptions_are_read_as_text() -> None:
    # text_decorations=false still sends "Progressive&#x27;s" and "&amp;" in descriptions
    raw = fixture_text(SUBTYPES)
    assert "&#x27;" in raw
    reply = brave(SUBTYPES, limit=20)
    first = reply.value[0]
    assert first.snippet.startswith("Progressive's HomeQuote Explorer® lets you instantly")
    for source in reply.value:
        assert not re.search(r"&#?\w+;|</?strong>", source.title + source.snippet), source.url


@pytest.mark.parametrize("limit", [1, 5])
def test_a_smaller_limit_keeps_brave_s_first_results(limit: int) -> None:
    rows = json.loads(fixture_text(SUBTYPES))["web"]["results"]
    reply = brave(SUBTYPES, limit=limit)
    assert [s.url for s in reply.value] == [canonical_url(r["url"]) for r in rows[:limit]]
