"""A lodging priced by its rooms, a course by its sessions, and a price per night as
offers state it.

Captures (tests/fixtures/providers/web_pages/SOURCES.md): schema.org's Hotel example
#eg-0370 in microdata (a Hotel whose ``containsPlace`` HotelRoom has an Offer with a
UnitPriceSpecification: 99 EUR, ``unitCode`` DAY), its Course example #eg-0334 in JSON-LD
(two CourseInstances with offers of 395 and 440 GBP) and the real hotel JSON-LD used
elsewhere; cases that change one thing of them say so.
"""

from __future__ import annotations

import json

import pytest

from scout.adapters.jsonld import extract_facts, parse_blocks
from scout.adapters.ldvalues import period_of, price_from_offers
from tests.adapters_media.test_page_facts import hotel_json, page
from tests.adapters_media.test_page_values import evidence

ROOMS = "microdata-hotel-room-offer-schemaorg.html"


def test_a_hotel_priced_by_its_room_offer_has_that_price_per_night() -> None:
    fetched, ev = evidence(page(ROOMS), "https://www.acme-innsbruck.at/")
    assert fetched.name == "ACME Hotel Innsbruck"
    assert fetched.price_range == "EUR 99 per day"
    assert ev.price is not None
    assert (ev.price.amount, ev.price.currency, ev.price.per) == (99, "EUR", "day")


def test_the_cheapest_of_several_rooms_and_a_room_s_own_name_is_not_the_hotel_s() -> None:
    # derived: the real hotel JSON-LD with its offer moved into two rooms
    data = hotel_json()
    del data["priceRange"], data["makesOffer"]
    data["containsPlace"] = [
        {"@type": "HotelRoom", "name": "Suite", "offers": {
            "@type": "Offer", "price": "165470", "priceCurrency": "COP"}},
        {"@type": "HotelRoom", "name": "Doble", "offers": [{
            "@type": "Offer", "price": "118000", "priceCurrency": "COP"}]},
    ]
    facts = extract_facts(parse_blocks([json.dumps(data)])[0])
    assert (facts.name, facts.price_range) == ("Hotel Barahona 72", "COP 118000 - 165470")


def test_a_stated_price_range_wins_over_the_rooms() -> None:
    data = hotel_json()
    data["containsPlace"] = {"@type": "HotelRoom", "offers": {"price": "1", "priceCurrency": "COP"}}
    facts = extract_facts(parse_blocks([json.dumps(data)])[0])
    assert facts.price_range == "COP 118.000 - 165.470"


@pytest.mark.parametrize("spec, expected", [
    ({"unitCode": "DAY"}, "COP 118000 - 165470 per day"),
    ({"unitText": "per night"}, "COP 118000 - 165470 per night"),
    ({"unitText": "por noche"}, "COP 118000 - 165470 per night"),
    ({"unitText": "/noche"}, "COP 118000 - 165470 per night"),
    ({"unitCode": "C62"}, "COP 118000 - 165470"),  # a piece: no period
    ({"unitText": "per person per night"}, "COP 118000 - 165470"),  # two units: not guessed
])
def test_a_unit_price_specification_says_what_the_price_is_per(spec: dict, expected: str) -> None:
    # derived: the real hotel JSON-LD's priceSpecification with a unit added
    data = hotel_json()
    del data["priceRange"]
    data["makesOffer"]["priceSpecification"].update(spec)
    assert extract_facts(parse_blocks([json.dumps(data)])[0]).price_range == expected


def test_offers_per_different_periods_say_no_period() -> None:
    offers = [{"price": "99", "priceCurrency": "EUR", "unitText": "night"},
              {"price": "600", "priceCurrency": "EUR", "unitText": "week"}]
    assert price_from_offers(offers, {}) == "EUR 99 - 600"
    assert price_from_offers(offers[:1], {}) == "EUR 99 per night"


@pytest.mark.parametrize("value, period", [("MONTH", "month"), ("HOUR", "hour"), ("DAY", "day"),
                                           ("WEE", "week"), ("ANN", "year"), ("noches", "night"),
                                           ("C62", None), ("", None), (None, None), (3, None)])
def test_periods_a_unit_code_or_text_names(value: object, period: str | None) -> None:
    assert period_of(value) == period


def test_a_course_priced_by_its_sessions_has_their_price() -> None:
    # schema.org's Course example #eg-0334: two CourseInstances, each with its own offer
    fetched, ev = evidence(page("jsonld-course-instance-offers-schemaorg.html"))
    assert (fetched.name, fetched.price_range) == ("Basic Proofreading", "GBP 395 - 440")
    assert ev.price is not None and (ev.price.amount, ev.price.currency) == (395, "GBP")
