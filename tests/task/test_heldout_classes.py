"""Classes of phrasing the held-out set (tests/task/corpus/heldout.yaml) found the parser
missing, each pinned with requests of its own (not the held-out strings): a lower-case
place after a cue in otherwise capitalised text, a request that opens with the place,
a lower-case "the" before a name, abbreviations kept in capitals, "finde", per-unit
words ("a head", "por cabeza", a bare "noche"), review-site, "un 8" and percentage
ratings, the restaurant pipeline's dish (a `subject` input) on "restaurant(s) in" / "where to eat".
Also: the language and the past-date flag of mixed and short requests, through the Task.
The clock is injected; nothing here depends on today's date."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import yaml

from scout.schemas.task import DateRange, Money
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.parser import parse_query

TODAY = dt.date(2028, 5, 17)  # a Wednesday
HOTEL = {
    "destination": InputSpec(type="place", required=True),
    "month": InputSpec(type="month"),
    "budget": InputSpec(type="money"),
    "min_rating": InputSpec(type="rating", default=8.0),
}
ROOT = Path(__file__).resolve().parents[2]


def parse(query: str, inputs: dict[str, InputSpec] = HOTEL):
    return parse_query(query, inputs, today=TODAY)


@pytest.mark.parametrize("query, place", [
    # capitals only at the sentence start or in a code: the cue's lower-case name is read
    ("Looking for a room in porto, max 90 EUR", "Porto"),
    ("Need hotels in rio de janeiro under 200 USD", "Rio de Janeiro"),
    # a request that opens with the name, no cue
    ("granada en mayo", "Granada"),
    ("buenos aires 3 noches", "Buenos Aires"),
    # a lower-case "the" is not part of the name; a capitalised one is
    ("hotel in the Scottish Highlands", "Scottish Highlands"),
    ("hotel in The Hague", "The Hague"),
    # capitals with no vowel are an abbreviation, kept; a shouted name is title-cased
    ("hotel cerca de BCN", "BCN"),
    ("hotel en VALENCIA", "Valencia"),
])
def test_place_classes(query: str, place: str) -> None:
    assert parse(query).values.get("destination") == place


def test_a_greeting_is_not_a_place() -> None:
    assert parse("hola, hotel barato").values.get("destination") is None
    assert parse("hola, busco algo barato por favor").values.get("destination") is None
    assert parse("hola, hotel en cádiz").values.get("destination") == "Cádiz"


def test_finde_is_the_weekend() -> None:
    sat = DateRange(start=dt.date(2028, 5, 20), end=dt.date(2028, 5, 21))
    assert parse("hotel en Soria este finde").values["month"] == sat
    assert parse("hotel en Soria el finde que viene").values["month"] == sat


@pytest.mark.parametrize("query, money", [
    ("tapas en Jaén a 20 € por cabeza", Money(amount=20, currency="EUR", per="person")),
    ("dinner in Leeds under £40 a head", Money(amount=40, currency="GBP", per="person")),
    ("menú por menos de 25 euros por comensal", Money(amount=25, currency="EUR", per="person")),
    ("hotel en Huesca menos de 70€ noche", Money(amount=70, currency="EUR", per="night")),
    ("hotel in Leeds under 90 GBP night", Money(amount=90, currency="GBP", per="night")),
])
def test_per_unit_words(query: str, money: Money) -> None:
    got = parse(query).values["budget"]
    assert (got.amount, got.currency, got.per) == (money.amount, money.currency, money.per)


def test_a_bare_week_or_month_word_is_not_a_unit() -> None:
    inputs = {"budget": InputSpec(type="money")}  # no date input to claim "semana santa"
    assert parse("menos de 200 euros semana santa", inputs).values["budget"].per is None


@pytest.mark.parametrize("query, rating", [
    ("hotel in Lyon with at least 8.7 on Booking", 8.7),
    ("hotel en Soria con 4,2 en Google", 8.4),
    ("hotel en Soria con un 9", 9.0),
    ("hotel en Soria con más de un 8,5", 8.5),
    ("hotel in Lyon with reviews of 85% or more", 8.5),
    ("hotel in Lyon rated 92%", 9.2),
    ("hotel in Lyon with 95% positive reviews", 9.5),
])
def test_rating_classes(query: str, rating: float) -> None:
    assert parse(query).values.get("min_rating") == rating


@pytest.mark.parametrize("query", [
    "hotel in Lyon, 20% off, at least 2 nights",  # a share with no rating word
    "hotel in Lyon for at least 3 people",
    "hotel en Soria, un 5 estrellas",  # the category
    "alquilar un 4x4 en Soria",  # a car, not a grade
    "hotel en Soria con parking por un 5 más",  # "un N" grades only after con / de
])
def test_numbers_that_are_not_ratings(query: str) -> None:
    assert "min_rating" not in parse(query).values


@pytest.fixture(scope="module")
def restaurant() -> dict[str, InputSpec]:
    doc = yaml.safe_load((ROOT / "pipelines" / "restaurant_research.yaml").read_text("utf-8"))
    return {n: InputSpec(**s) for n, s in doc["inputs"].items()}


@pytest.mark.parametrize("query, dish", [
    ("restaurants in Leeds under £30", None),
    ("restaurant in Porto with good reviews", None),
    ("where to eat in Soria", None),
    ("where to eat paella in Soria", "paella"),
    ("where to dine in Leeds", None),
    ("una buena fabada en Oviedo", "fabada"),
    ("a great curry in Leeds", "curry"),
    ("best ramen in Lyon", "ramen"),  # what the pattern read before stays read
])
def test_restaurant_dish(restaurant: dict[str, InputSpec], query: str,
                                 dish: str | None) -> None:
    assert parse(query, restaurant).values.get("dish") == dish


@pytest.mark.parametrize("query, lang", [
    ("hotel en Madrid for agosto under 100 euros", "es"),  # Spanish frame, English words
    ("hotels in Soria para julio, menos de 150€", "es"),
    ("hotel in Soria for July, barato", "en"),
    ("Soria", "en"),  # nothing to go by: the documented default
])
def test_mixed_and_short_requests_write_the_task_in_their_language(query: str, lang: str) -> None:
    task = build_task(query, HOTEL, today=TODAY)
    assert task.lang == lang


def test_a_past_date_in_a_mixed_request_is_flagged_in_its_language() -> None:
    result = parse("hotel en Soria for marzo de 2028, menos de 90 euros")
    assert result.lang == "es" and "past:month" in result.flags
    task = build_task("hotel en Soria for marzo de 2028", HOTEL, today=TODAY)
    assert any("ya ha pasado" in n for n in task.notes)
    task = build_task("hotel in Soria on 2028-05-16", HOTEL, today=TODAY)
    assert task.lang == "en" and any(re.search("already past", n) for n in task.notes)
    assert "past:month" not in parse("hotel in Soria on 2028-05-17").flags  # today is not past


# --- classes the third held-out batch (labelled after the fixes above) found missing


@pytest.mark.parametrize("query, rating", [
    ("hotel en Soria puntuado con más de 8", 8.0),
    ("hotel in Lyon scoring more than 8.2", 8.2),
    ("hotel in Lyon 4★ or better", 8.0),
    ("hotel in Lyon, 4.5 ⭐", 9.0),
])
def test_more_than_after_a_rating_word_and_star_symbols(query: str, rating: float) -> None:
    assert parse(query).values.get("min_rating") == rating


def test_pp_alone_is_per_person() -> None:
    got = parse("dinner in Leeds under £25 pp").values["budget"]
    assert (got.amount, got.currency, got.per) == (25, "GBP", "person")


@pytest.mark.parametrize("query, value", [
    ("hotel in Soria last month", "2028-04"),
    ("hotel en Soria el mes pasado", "2028-04"),
    ("hotel en Soria en agosto del año pasado", "2027-08"),
    ("hotel in Soria in August last year", "2027-08"),
    ("hotel in Soria last year", "2027-01-01..2027-12-31"),
])
def test_relative_past_dates_are_read_and_flagged(query: str, value: str) -> None:
    result = parse(query)
    got = result.values["month"]
    text = got.iso if hasattr(got, "iso") else f"{got.start.isoformat()}..{got.end.isoformat()}"
    assert text == value
    assert "past:month" in result.flags


@pytest.mark.parametrize("query", [
    "Hotel near the beach, max 100 EUR",  # the case-blind fallback must not read "the beach"
    "Hotel near me",
    "Hotel in the mountains",
    "i need a hotel near the beach",  # all lower case: "the" + a noun is a thing
    "hotel near the airport",
    "hotel in a quiet area",
    "busco hotel de lujo",
])
def test_things_are_not_places(query: str) -> None:
    assert parse(query).values.get("destination") is None


def test_a_name_after_request_words_is_still_read() -> None:
    assert parse("hotel lisboa junio 150€").values.get("destination") == "Lisboa"
    assert parse("hotels in The Hague").values.get("destination") == "The Hague"
