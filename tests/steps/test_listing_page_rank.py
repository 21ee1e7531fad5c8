"""A candidate whose own page is a listing (a schema.org ``ItemList`` of things, or two or
more things of one type at its top, and no thing of its own) is left out by rank with
the names it lists (scout/adapters/itemlist.py, scout/steps/fetch.py,
scout/steps/pagestatus.py), and what it lists become candidates citing it, merged with
those found elsewhere and bounded (scout/steps/listedthings.py); a thing's page that also
lists others stays. The markup is
schema.org's ItemList in the two shapes Google's carousel documentation gives (a summary
page of ListItem urls; an all-in-one page of ListItem items), and the real captured
pages under tests/fixtures/providers/web_pages/, none of which is a listing."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from scout.adapters.extract import extract
from scout.adapters.itemlist import MAX_LISTED, listed_things
from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates, Evidence, EvidenceSet, Listed
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.steps.listedthings import MAX_NEW
from scout.steps.listingpage import LISTING
from scout.steps.namewords import name_key
from scout.task.build import build_task
from scout.schemas.sources import Page
from scout.steps.fetch import page_evidence
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_page_status_rank import INPUTS, TODAY, _rank

PAGES = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "web_pages"


def _html(*blocks: object) -> str:
    scripts = "".join(f'<script type="application/ld+json">{json.dumps(b)}</script>'
                      for b in blocks)
    return f"<html><head><title>t</title>{scripts}</head><body><p>x</p></body></html>"


SUMMARY = {"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [
    {"@type": "ListItem", "position": 1, "url": "https://example.com/peanut-butter-cookies",
     "name": "Peanut Butter Cookies"},
    {"@type": "ListItem", "position": 2, "url": "https://example.com/triple-chocolate-chunk",
     "name": "Triple Chocolate Chunk"},
    {"@type": "ListItem", "position": 3, "url": "https://example.com/snickerdoodles",
     "name": "Snickerdoodles"}]}
ALL_IN_ONE = {"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [
    {"@type": "ListItem", "position": i, "item": {
        "@type": "Restaurant", "name": name, "url": f"https://example.com/{i}",
        "priceRange": "$$"}} for i, name in enumerate(["Casa Lucio", "Botín", "Lhardy"], 1)]}


def _listed(html: str) -> list[str]:
    page = extract(html)
    return [t.name for t in listed_things(page.jsonld, page.microdata)]


def test_an_item_list_names_the_things_with_their_urls() -> None:
    page = extract(_html(SUMMARY))
    things = listed_things(page.jsonld, page.microdata)
    assert [t.name for t in things] == ["Peanut Butter Cookies", "Triple Chocolate Chunk",
                                        "Snickerdoodles"]
    assert things[0].url == "https://example.com/peanut-butter-cookies"
    assert _listed(_html(ALL_IN_ONE)) == ["Casa Lucio", "Botín", "Lhardy"]
    # inside a page's @graph, beside the site's publisher
    graph = {"@context": "https://schema.org", "@graph": [
        {"@type": "Organization", "name": "Guía Repsol"}, {**ALL_IN_ONE, "@context": None}]}
    assert _listed(_html(graph)) == ["Casa Lucio", "Botín", "Lhardy"]


def test_a_things_page_that_also_lists_others_is_no_listing() -> None:
    hotel = {"@context": "https://schema.org", "@type": "Hotel", "name": "Hotel Arts",
             "address": "Carrer de la Marina 19, Barcelona"}
    assert _listed(_html(hotel, SUMMARY)) == []
    one = {**SUMMARY, "itemListElement": SUMMARY["itemListElement"][:1]}
    assert _listed(_html(one)) == []
    crumbs = {"@context": "https://schema.org", "@type": "BreadcrumbList",
              "itemListElement": SUMMARY["itemListElement"]}
    assert _listed(_html(crumbs)) == []


@pytest.mark.parametrize("path", sorted(PAGES.glob("*.html")), ids=lambda p: p.name)
def test_no_real_captured_page_of_one_thing_is_a_listing(path: Path) -> None:
    assert _listed(path.read_text(encoding="utf-8", errors="replace")) == []


def test_a_page_of_ten_thousand_items_is_capped_and_quick() -> None:
    huge = {"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [
        {"@type": "ListItem", "position": i, "name": f"Hotel {i}"} for i in range(10_000)]}
    start = time.process_time()  # CPU time: a loaded machine does not stretch it
    assert len(_listed(_html(huge))) == MAX_LISTED
    assert time.process_time() - start < 5


def test_rank_leaves_out_a_candidate_whose_page_is_a_listing() -> None:
    page = extract(_html(ALL_IN_ONE))
    ev = page_evidence(Page(url="https://guide.example/top", final_url="https://guide.example/top",
                            jsonld=page.jsonld, microdata=page.microdata, title="Top 3"),
                       "k0", adapter="page", phase="F3", wanted=["jsonld", "opengraph", "text"])
    assert [t.name for t in ev.listed] == ["Casa Lucio", "Botín", "Lhardy"]
    assert ev.listed[0].url == "https://example.com/1"
    short = _rank({"listed": ev.listed}, {})
    # the other candidate stays, and what the page lists joins it
    assert [i.candidate.key for i in short.items] == ["k1", "casa-lucio", "botin", "lhardy"]
    (key, reasons), = [(c.key, r) for c, r in short.excluded]
    assert key == "k0"
    assert reasons == ["a list of 3 things, not one of them, its own page shows: "
                       "Casa Lucio, Botín, Lhardy"]
    es = localize(reasons[0], "es")
    assert es.startswith("una lista de 3 cosas") and es.endswith("Casa Lucio, Botín, Lhardy")
    # without jsonld asked, the page is read for nothing structured
    assert page_evidence(Page(url="u", final_url="https://g.example/", jsonld=page.jsonld),
                         "k0", adapter="page", phase="F3", wanted=["text"]).listed == []


def test_a_long_list_shows_its_first_names() -> None:
    names = [Listed(name=f"Hotel {i}") for i in range(40)]
    (_, reasons), = _rank({"listed": names}).excluded
    assert reasons[0].startswith("a list of 40 things")
    assert reasons[0].endswith("Hotel 0, Hotel 1, Hotel 2, Hotel 3, Hotel 4…")


def _rank_listing(listed: list[Listed], *found: Candidate):
    """rank over a listing page (candidate ``k0``, its page ``listed``) and ``found``."""
    task = build_task("restaurantes en Madrid", INPUTS, today=TODAY)
    page = Evidence(id="p0", kind="page", subject="k0", url="https://guide.example/top-10",
                    title="Los 10 mejores restaurantes de Madrid", adapter="page", phase="F3",
                    listed=listed)
    # as search marks a listing result with listing_pages: expand
    cands = [Candidate(key="k0", name="Guía de Madrid", flags=[LISTING]), *found]
    params = RankParams.model_validate({"items": "candidates", "as": "c"})
    return rank.run(_ctx(params, {"candidates": Candidates(items=cands),
                                  "pages": EvidenceSet(items=[page])}, task))


def test_a_listing_pages_things_become_candidates_citing_it() -> None:
    lucio = Candidate(key=name_key("Casa Lucio"), name="Casa Lucio",
                      url="https://www.casalucio.es/", domain="casalucio.es")
    short = _rank_listing([Listed(name="Casa Lucio", url="https://www.casalucio.es/"),
                           Listed(name="Botín", url="https://botin.es/"),
                           Listed(name="Lhardy")], lucio)
    kept = {i.candidate.name: i.candidate for i in short.items}
    assert set(kept) == {"Casa Lucio", "Botín", "Lhardy"}  # Casa Lucio once
    # left out once, for what its page lists (not also for its title)
    assert [(c.key, len(why)) for c, why in short.excluded] == [("k0", 1)]
    assert short.excluded[0][1][0].startswith("a list of 3 things")
    # each cites the listing page; one with its own address links to it
    for c in kept.values():
        assert "https://guide.example/top-10" in [e.url for e in c.evidence]
    assert kept["Botín"].url == "https://botin.es/"
    assert kept["Lhardy"].url == "https://guide.example/top-10"
    assert "listed on Los 10 mejores restaurantes de Madrid" in kept["Lhardy"].evidence[0].text


def test_a_huge_listing_adds_a_bounded_number_of_candidates() -> None:
    many = [Listed(name=f"Restaurante Número {i}") for i in range(MAX_NEW + 50)]
    short = _rank_listing(many)
    assert len(short.items) + len(short.excluded) == MAX_NEW + 1


#: Google's carousel all-in-one shape with what each item says of itself: a price (an
#: Offer, an AggregateOffer, a priceRange with figures) and an aggregateRating
PRICED = {"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [
    {"@type": "ListItem", "position": 1, "item": {
        "@type": "Hotel", "name": "Hotel Arts", "url": "https://example.com/arts",
        "offers": {"@type": "Offer", "price": "320", "priceCurrency": "EUR"},
        "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.5",
                            "reviewCount": "1200"}}},
    {"@type": "ListItem", "position": 2, "item": {
        "@type": "Hotel", "name": "Hotel Casa Fuster", "url": "https://example.com/fuster",
        "offers": {"@type": "AggregateOffer", "lowPrice": 180, "highPrice": 260,
                   "priceCurrency": "EUR"}}},
    {"@type": "ListItem", "position": 3, "item": {
        "@type": "Hotel", "name": "Hotel Neri", "priceRange": "$$",
        "aggregateRating": {"@type": "AggregateRating", "ratingValue": 9.1,
                            "bestRating": 10, "ratingCount": 0}}},
    {"@type": "ListItem", "position": 4, "item": {
        "@type": "Hotel", "name": "Hotel Brummell", "priceRange": "EUR 150 - 210"}}]}


def test_what_a_list_says_of_each_thing_is_read_with_it() -> None:
    page = extract(_html(PRICED))
    things = {t.name: t for t in listed_things(page.jsonld, page.microdata)}
    assert things["Hotel Arts"].price_range == "EUR 320"
    assert (things["Hotel Arts"].rating, things["Hotel Arts"].rating_count) == (9.0, 1200)
    assert things["Hotel Casa Fuster"].price_range == "EUR 180 - 260"
    # "$$" is a level with no figure; a rating by nobody is no rating
    assert things["Hotel Neri"].price_range is None and things["Hotel Neri"].rating is None
    assert things["Hotel Brummell"].price_range == "EUR 150 - 210"
    # the summary shape says nothing of them
    assert all(t.price_range is None and t.rating is None
               for t in listed_things(extract(_html(SUMMARY)).jsonld))


def test_a_listed_candidates_price_and_rating_cite_the_listing_page() -> None:
    page = extract(_html(PRICED))
    short = _rank_listing(listed_things(page.jsonld, page.microdata))
    kept = {i.candidate.name: i.candidate for i in short.items}
    arts = kept["Hotel Arts"]
    assert arts.price is not None and (arts.price.amount, arts.price.currency) == (320, "EUR")
    assert arts.rating == 9.0
    cited = [e for e in arts.evidence if e.price is not None or e.rating is not None]
    assert cited and all(e.url == "https://guide.example/top-10" for e in cited)
    assert kept["Hotel Neri"].price is None and kept["Hotel Neri"].rating is None
