"""What a page says of whether its thing is still on (an event's ``eventStatus``, a job
posting's ``validThrough``), and a page that lists many things of one type
(scout/adapters/jsonld.py). Pages: tests/fixtures/providers/web_pages (SOURCES.md)."""

from __future__ import annotations

import json

import pytest

from scout.adapters.contract import FetchRequest
from scout.adapters.extract import extract
from scout.adapters.jsonld import extract_facts
from scout.adapters.ldvalues import day_of, event_status
from scout.schemas.sources import Page
from scout.steps.fetch import page_evidence
from tests.adapters_media.test_page import html_reply, mock_adapter
from tests.adapters_media.test_page_facts import hotel_json, page, script

TOUR = "jsonld-musicevents-tour-songkick.html"


def _facts(html: str):
    found = extract(html)
    return extract_facts(found.jsonld + found.microdata)


@pytest.mark.parametrize("name", ["microdata-event-cancelled-schemaorg.html",
                                  "jsonld-event-cancelled-schemaorg.html"])
def test_a_cancelled_event_says_so(name: str) -> None:
    facts = _facts(page(name))
    assert (facts.entity_type, facts.event_status) == ("Event", "cancelled")


def test_a_status_written_without_the_schema_org_address_is_read() -> None:
    # schema.org's own MusicEvent example writes "EventRescheduled", no URL
    assert _facts(page("jsonld-musicevent-rescheduled-schemaorg.html")).event_status == "rescheduled"


@pytest.mark.parametrize("value, said", [
    ("https://schema.org/EventPostponed", "postponed"),
    ("http://schema.org/EventMovedOnline", "moved online"),
    (["https://schema.org/EventCanceled"], "cancelled"),
    ("schema:EventCancelled", "cancelled"),
    ("https://schema.org/EventScheduled", None),
    ("Sold out", None),
    (None, None),
])
def test_event_statuses(value, said) -> None:
    assert event_status(value) == said


def test_a_real_job_posting_says_the_last_day_it_is_offered() -> None:
    facts = _facts(page("jobposting-jsonld-topcv-trimmed.html"))
    assert facts.valid_through == "2019-11-30"  # "2019-11-30T23:59:59+07:00"


@pytest.mark.parametrize("value, day", [("2026-01-31", "2026-01-31"), ("31/01/2026", None),
                                        ("", None), ("2026-13-01", None)])
def test_days(value, day) -> None:
    assert day_of(value) == day


@pytest.mark.parametrize("name, field, value", [
    ("jsonld-event-cancelled-schemaorg.html", "event_status", "cancelled"),
    ("jobposting-jsonld-topcv-trimmed.html", "valid_through", "2019-11-30"),
])
def test_status_and_last_day_reach_the_page_s_evidence(name: str, field: str, value: str) -> None:
    url = "https://e.example/x"
    pg = mock_adapter(html_reply(page(name))).call(FetchRequest(url=url)).value
    ev = page_evidence(pg, "x", adapter="page", phase="F", wanted=["jsonld"])
    assert (getattr(pg, field), getattr(ev, field)) == (value, value)
    # a fetch that does not read the structured data says nothing of it
    assert getattr(page_evidence(pg, "x", adapter="page", phase="F", wanted=["text"]),
                   field) is None


def test_a_page_saying_neither_dumps_as_before() -> None:
    # stored replies, cassettes and artifacts' hashes are made of these dumps
    pg = Page(url="https://e.example/", final_url="https://e.example/")
    ev = page_evidence(pg, "x", adapter="page", phase="F", wanted=["jsonld"])
    assert "event_status" not in pg.model_dump() and "valid_through" not in ev.model_dump_json()
    assert "valid_through" in Page(url="u", final_url="u", valid_through="2019-11-30").model_dump()


# --- a page listing many things of one type --------------------------------------------------


def test_a_band_s_tour_dates_page_is_about_the_band_not_its_first_date() -> None:
    # songkick's real tour page: 13 MusicEvents, all named "Years & Years", each at its
    # own venue, then the MusicGroup. The first date's venue was read as the address
    facts = _facts(page(TOUR))
    assert (facts.entity_type, facts.name, facts.address) == ("MusicGroup", "Years & Years", None)


def test_a_listed_date_the_page_declares_its_main_entity_is_its_subject() -> None:
    # the capture's blocks, with a WebPage that declares its second date the main entity
    found = extract(page(TOUR))
    second = found.jsonld[1]
    web = {"@type": "WebPage", "mainEntity": second}
    facts = extract_facts([web, *found.jsonld])
    assert (facts.entity_type, facts.address) == (
        "MusicEvent", "211 Stockwell Road, London, SW9 9SL, UK")


def test_one_event_said_in_json_ld_and_microdata_is_one_thing() -> None:
    both = page("jsonld-event-cancelled-schemaorg.html") + page(
        "microdata-event-cancelled-schemaorg.html")
    facts = _facts(both)
    assert (facts.entity_type, facts.event_status, facts.price_range) == ("Event", "cancelled",
                                                                    "USD 13")


def test_one_show_on_several_days_at_one_place_is_one_thing() -> None:
    # the real songkick concert, repeated on another day (derived: its startDate changed)
    found = extract(page("jsonld-musicevent-songkick.html"))
    event = next(o for o in found.jsonld if o.get("@type") == "MusicEvent")
    again = json.loads(json.dumps(event)) | {"startDate": "2015-11-01T20:00:00-0400"}
    facts = _facts(script(json.dumps([event, again])))
    assert (facts.entity_type, facts.address) == ("MusicEvent",
                                                  "497 Rogers Ave, Brooklyn, NY, 11225, US")
    # and it is on until its last day, not past after its first
    assert facts.event_end == "2015-11-01"


def test_a_recipe_page_giving_its_sauces_recipes_is_about_its_dish() -> None:
    # a real page (recipe-scrapers' saved ethanchlebowski.com): three Recipes, the dish and
    # two of its parts; its Article's headline names the dish
    facts = _facts(page("recipe-jsonld-subrecipes-ethanchlebowski.html"))
    assert (facts.entity_type, facts.name) == ("Recipe", "Huevos Rancheros")
    # with no headline naming one, the three are a listing: none is the subject
    found = extract(page("recipe-jsonld-subrecipes-ethanchlebowski.html"))
    bare = [o for o in found.jsonld if o.get("@type") == "Recipe"]
    assert len(bare) == 3 and extract_facts(bare).entity_type is None


def test_a_listing_is_read_in_each_form_of_the_page_s_data_apart() -> None:
    # a recipe named one way in JSON-LD and another in microdata is one recipe, not a
    # listing of two (derived from the real Recipe above: its microdata twin renamed)
    found = extract(page("recipe-jsonld-subrecipes-ethanchlebowski.html"))
    dish = next(o for o in found.jsonld if o.get("name") == "Huevos Rancheros")
    twin = {"@type": "Recipe", "name": "Huevos Rancheros (Mexican ranch eggs)"}
    assert extract_facts([dish], [twin]).name == "Huevos Rancheros"


# --- whether it can still be had, and when it takes place ------------------------------------

SOLD_OUT = "jsonld-product-soldout-frenchie.html"


def test_a_real_sold_out_listing_says_so() -> None:
    # a breeder's real page for a puppy gone to its home: Offer availability SoldOut, price "0"
    facts = _facts(page(SOLD_OUT))
    assert (facts.entity_type, facts.availability, facts.price_range) == (
        "Product", "sold out", None)


@pytest.mark.parametrize("name", ["microdata-product-schemaorg-anvil.html",  # <link href> InStock
                                  "jsonld-trailing-brace-debenhams-product.html",
                                  "rdfa-product-offer-idr-site-view.html"])
def test_a_product_in_stock_says_nothing(name: str) -> None:
    facts = _facts(page(name))
    assert facts.entity_type == "Product" and facts.availability is None


@pytest.mark.parametrize("said, read", [
    (["https://schema.org/OutOfStock"], "out of stock"),
    (["http://schema.org/SoldOut"], "sold out"),
    (["SoldOut"], "sold out"),
    (["schema:Discontinued"], "discontinued"),
    (["https://schema.org/PreOrder/"], "pre-order"),
    (["http://schema.org/BackOrder"], "back order"),
    (["LimitedAvailability"], "limited availability"),
    # held for someone: none to have; custom made, or sold before general sale: later
    (["https://schema.org/Reserved"], "reserved"),
    (["https://schema.org/MadeToOrder"], "made to order"),
    (["http://schema.org/PreSale"], "presale"),
    (["https://schema.org/Reserved", "https://schema.org/SoldOut"], "reserved"),
    (["https://schema.org/Reserved", "https://schema.org/InStock"], None),
    (["https://schema.org/MadeToOrder", "https://schema.org/InStock"], None),
    (["https://schema.org/SoldOut", "https://schema.org/PreSale"], "presale"),
    # one seller still has it, or one says nothing: it may be had
    (["https://schema.org/SoldOut", "https://schema.org/InStock"], None),
    (["https://schema.org/SoldOut", None], None),
    # none can be had now, one later: it is had later
    (["https://schema.org/SoldOut", "https://schema.org/PreOrder"], "pre-order"),
    (["https://schema.org/InStock"], None),
    (["https://schema.org/OnlineOnly"], None),
    (["Ask us"], None),
])
def test_availabilities(said: list, read) -> None:
    offers = [{"@type": "Offer", "price": "10", **({"availability": a} if a else {})}
              for a in said]
    facts = extract_facts([{"@type": "Product", "name": "P", "offers": offers}])
    assert facts.availability == read
    # an AggregateOffer listing the same offers says the same
    agg = {"@type": "AggregateOffer", "lowPrice": "10", "offers": offers}
    assert extract_facts([{"@type": "Product", "name": "P", "offers": agg}]).availability == read


def test_a_documented_event_with_one_ticket_sold_out_is_not_sold_out() -> None:
    # schema.org's B.B. King example: general admission SoldOut, the VIP offer says nothing
    assert _facts(page("jsonld-musicevent-rescheduled-schemaorg.html")).availability is None


def test_a_business_s_standing_offers_say_nothing_of_the_dates_asked() -> None:
    # a hotel's makesOffer (the real barahona72 page says InStock) is had by the dates
    hotel = hotel_json() | {"makesOffer": {"@type": "Offer", "price": "118000",
                                           "availability": "https://schema.org/SoldOut"}}
    assert extract_facts([hotel]).availability is None


@pytest.mark.parametrize("name, day", [
    ("jsonld-musicevent-songkick.html", "2015-10-31"),        # a real concert: startDate only
    ("jsonld-musicevent-rescheduled-schemaorg.html", "2014-04-12"),  # its endDate
    ("jsonld-trailing-brace-debenhams-product.html", None),    # a product takes place on no day
])
def test_the_day_an_event_takes_place_is_read(name: str, day) -> None:
    assert _facts(page(name)).event_end == day


def test_a_series_that_started_long_ago_is_not_over() -> None:
    # a series goes on after its startDate; only its endDate ends it
    series = {"@type": "EventSeries", "name": "Jazz Thursdays", "startDate": "2010-01-07"}
    assert extract_facts([series]).event_end is None
    assert extract_facts([series | {"endDate": "2019-06-27"}]).event_end == "2019-06-27"


@pytest.mark.parametrize("name, field, value", [
    (SOLD_OUT, "availability", "sold out"),
    ("jsonld-musicevent-songkick.html", "event_end", "2015-10-31"),
])
def test_availability_and_day_reach_the_page_s_evidence(name: str, field: str, value: str) -> None:
    pg = mock_adapter(html_reply(page(name))).call(FetchRequest(url="https://e.example/x")).value
    ev = page_evidence(pg, "x", adapter="page", phase="F", wanted=["jsonld"])
    assert (getattr(pg, field), getattr(ev, field)) == (value, value)
    assert getattr(page_evidence(pg, "x", adapter="page", phase="F", wanted=["text"]),
                   field) is None


def test_offers_that_list_themselves_end() -> None:
    # hostile: an AggregateOffer whose offers are itself, by @id
    agg = {"@type": "AggregateOffer", "@id": "#o", "offers": {"@id": "#o"}}
    assert extract_facts([{"@type": "Product", "name": "P", "offers": agg}]).availability is None
