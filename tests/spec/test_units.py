"""Units a value is stated in (scout.units): ``stated`` reads a listing's area in the unit
a ``where`` asks for, converting the other (square feet ↔ square metres), and refuses to
mix the two in one call; money periods convert between a night, a week and a month, and
a person is no period. Listings are written as portals write them, in both languages."""

from __future__ import annotations

import pytest

from scout.spec.filtercall import EXPR
from scout.spec.filters import stated
from scout.spec.filtersig import call_problem
from scout.spec.templating import analyse
from scout.units import (SQ_FT_IN_M2, area_unit, convert_area, parse_bases, per_factor,
                         work_amount)

M2 = ("m2", "m²", "sqm", "metros")


@pytest.mark.parametrize("text,units,expected", [
    # square feet read as square metres where the kind compares square metres
    ("2 bedroom flat, 700 sq ft, £425 pw", M2, round(700 * SQ_FT_IN_M2, 1)),
    ("Studio, 450 sq. ft., $2,300/month", M2, round(450 * SQ_FT_IN_M2, 1)),
    ("Loft, 1,200 sqft, open plan", M2, round(1200 * SQ_FT_IN_M2, 1)),
    ("Piso de 2 habitaciones, 700 pies cuadrados, 280 € a la semana", M2,
     round(700 * SQ_FT_IN_M2, 1)),
    ("Floor area (sq ft): 850", M2, round(850 * SQ_FT_IN_M2, 1)),
    # square metres read as square feet where the kind compares square feet
    ("Piso de 60 m², exterior", ("sq ft",), round(60 / SQ_FT_IN_M2, 1)),
    ("Apartment, 75 square metres", ("sq ft", "sqft"), round(75 / SQ_FT_IN_M2, 1)),
    ("Piso de 60 metros, a 500 metros de la playa", ("sq ft",), round(60 / SQ_FT_IN_M2, 1)),
    # both stated: the same flat twice, the larger reading of it
    ("Flat, 60 m2 (646 sq ft)", M2, 60.0),
    # the unit asked, as before
    ("Piso de 2 habitaciones, 65 m², 250 € semanales", M2, 65),
    ("3 bedrooms, 120 sqm", M2, 120),
    # no area at all: none, so a where keeps the listing flagged
    ("Room, bills included, 500 metros del metro", ("sq ft",), None),
])
def test_stated_reads_an_area_in_the_unit_asked(text, units, expected) -> None:
    assert stated(text, *units) == expected


def test_stated_picks_across_units_after_converting() -> None:
    listing = {"name": "Flat in Camden", "evidence": [
        {"text": "2 bedrooms, 550 sq ft, £1,750 pcm."}, {"text": "Flat of 58 m2."}]}
    assert stated(listing, *M2) == 58
    assert stated(listing, *M2, pick="min") == round(550 * SQ_FT_IN_M2, 1)
    assert stated(listing, "sq ft", pick="max") == round(58 / SQ_FT_IN_M2, 1)


def test_asking_for_both_units_is_refused_at_run_time_and_by_the_validator() -> None:
    with pytest.raises(ValueError, match="'m2' is square metres and 'sq ft' square feet"):
        stated("60 m2", "m2", "sq ft")
    [(name, call)] = analyse("c | stated('m2', 'metros', 'sq ft') >= 40", expression=True).calls
    wrong = call_problem(name, call)
    assert wrong is not None and "name the unit you compare in" in wrong
    [(name, call)] = analyse("c | stated('m2', 'metros') >= 40", expression=True).calls
    assert call_problem(name, call) is None


@pytest.mark.parametrize("word,unit", [
    ("m2", "m2"), ("m²", "m2"), ("sqm", "m2"), ("metros", "m2"), ("metros cuadrados", "m2"),
    ("sq ft", "ft2"), ("sqft", "ft2"), ("pies cuadrados", "ft2"), ("square feet", "ft2"),
    ("km", None), ("ft", None), ("habitaciones", None), (EXPR, None),
])
def test_area_units_are_recognised(word, unit) -> None:
    assert (area_unit(word) if isinstance(word, str) else None) == unit


def test_area_conversions_round_trip() -> None:
    assert convert_area(500, "ft2", "m2") == 46.5     # what parse_area reads "500 sq ft" as
    assert convert_area(46.5, "m2", "ft2") == round(46.5 / SQ_FT_IN_M2, 1)
    assert convert_area(60, "m2", "m2") == 60


@pytest.mark.parametrize("per,target,factor", [
    ("week", "month", 365.25 / 12 / 7),
    ("month", "week", 7 / (365.25 / 12)),
    ("night", "month", 365.25 / 12),
    ("night", "day", 1.0),
    ("month", "month", 1.0),
    (None, "month", 1.0),      # a side that states no period: compared as it is
    ("week", None, 1.0),
    ("person", "month", None),  # never compared
    ("month", "person", None),
    ("week", "fortnight", 2.0),   # a camp's two weeks, a fortnightly pay
    ("quarter", "month", 1 / 3),  # a gym's or a school's fee a quarter: three months
    ("year", "quarter", 1 / 4),
    ("week", "semester", None),   # a unit the table does not know
])
def test_money_periods(per, target, factor) -> None:
    got = per_factor(per, target)
    assert got == (pytest.approx(factor) if factor is not None else None)


PAGE = {"page": ("word", 250.0)}  # a kind's basis: rank's units: {page: 250 words}


@pytest.mark.parametrize("per, target, bases, factor", [
    ("hour", "minute", None, 1 / 60),    # 66 an hour is 1.10 a minute, for any kind
    ("minute", "hour", None, 60.0),
    ("page", "word", PAGE, 1 / 250),     # 20 a page is 0.08 a word
    ("word", "page", PAGE, 250.0),
    ("page", "word", None, None),        # no basis declared: never compared
    ("word", "minute", PAGE, None),      # a word is no length of time
    ("hour", "day", None, None),         # a day's work is no fixed number of hours
    ("item", "page", PAGE, None),
])
def test_units_of_work(per, target, bases, factor) -> None:
    got = per_factor(per, target, bases=bases)
    assert got == (pytest.approx(factor) if factor is not None else None)


def test_the_work_asked_in_a_prices_unit() -> None:
    assert work_amount("page", {"word": 8000.0}, PAGE) == pytest.approx(32)
    assert work_amount("minute", {"hour": 20.0}) == pytest.approx(1200)
    assert work_amount("word", {"minute": 30.0}, PAGE) is None
    assert parse_bases({"page": "250 words", "hour": "60 minutes"}) == {
        "page": ("word", 250.0), "hour": ("minute", 60.0)}
    # a basis that loops back on itself converts nothing, and never hangs; the kind's
    # units saying so are refused
    assert per_factor("page", "item", bases={"page": ("item", 2.0), "item": ("page", 3.0)}) \
        is None
    with pytest.raises(ValueError, match="counted in itself"):
        parse_bases({"page": "2 items", "item": "3 pages"})


@pytest.mark.parametrize("text,pick,expected", [
    ("Ultra-low freezer, -86 °C, 550 L", "min", -86),
    ("Temperatura: −20 ºC", "min", -20),
    ("de -80 °C a -40 °C", "max", -40),
    ("Incubadora a 37 °C", "min", 37),                 # no sign, as before
    ("rango 10-20 °C", "min", 10),                     # a range's dash is no sign
    ("Haier DW-86L490", "min", None),                  # a model number's dash neither
])
def test_stated_keeps_a_minus_sign_on_the_value(text, pick, expected) -> None:
    assert stated(text, "°C", "ºC", pick=pick) == expected
