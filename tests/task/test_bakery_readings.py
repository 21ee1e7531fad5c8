"""What an outside author's bakery kind ran into, fixed for every kind: a rate per kilo
or pound is no whole price (a page's and a request's), the spend above which delivery is
free is no price, the next size of a price list is no cents of the price before it, a
word saying what an amount includes is no subject, and a count in words inside a dish's
name ("pastel de tres leches") is the name's. New phrasings in both languages, on other
kinds than the bakeries'."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.task.amounts import listed_amounts
from scout.units import measure_unit
from tests.kinds import parse_request

ROOT = Path(__file__).resolve().parents[2]
RESTAURANTS = ROOT / "pipelines" / "restaurant_research.yaml"
HOTELS = ROOT / "pipelines" / "hotel_research.yaml"
BAKERIES = ROOT / "examples" / "bakeries" / "pipelines" / "bakeries.yaml"
TODAY = dt.date(2026, 12, 2)


@pytest.mark.parametrize("text, amount, unit", [
    ("24 €/kg", "24 €", "kg"), ("18 € el kilo", "18 €", "kg"),
    ("£9.50 per kg", "£9.50", "kg"), ("$12/lb", "$12", "lb"),
    ("35 € por kilogramo", "35 €", "kg"), ("$4 a lb", "$4", "lb"),
    ("40 €", "40 €", None), ("£60 pounds", "£60", None), ("30 € 2 kg", "30 €", None),
])
def test_a_rate_per_weight_is_a_measure(text, amount, unit):
    assert measure_unit(text, text.index(amount) + len(amount)) == unit


@pytest.mark.parametrize("text, want", [
    ("Jamón ibérico a 90 €/kg. Envío gratis a partir de 50 €.", [(90.0, "kg")]),
    ("Coffee beans £24 per kg, free shipping over £30", [(24.0, "kg")]),
    ("Cheese $18/lb. Free delivery when you spend $75.", [(18.0, "lb")]),
    ("Pack 6 botellas 54 €. Envío gratuito en pedidos de más de 100 €.", [(54.0, None)]),
    ("Room £95 a night, free parking", [(95.0, "night")]),
    ("Free entry. Guided tour from £12", [(12.0, None)]),
])
def test_a_rate_per_weight_and_a_free_threshold_as_pages_write_them(text, want):
    got = [(m.amount, m.per) for m, _ in listed_amounts(text)]
    if not any(per == "kg" or per == "lb" for _, per in want):
        assert got == want
    else:  # the rate's unit is read where the price is (scout.steps.listprice)
        assert [a for a, _ in got] == [a for a, _ in want]


@pytest.mark.parametrize("text, want", [
    ("Small (serves 8) £30, 12 inch £48", [30.0, 48.0]),
    ("Rueda de 1 kg 22 €, 2 kg 40 €", [22.0, 40.0]),
    ("Bandeja 20 cm 18 €, 30 cm 32 €", [18.0, 32.0]),
    ("€ 1.837, 32", [1837.32]),   # cents set apart still join
])
def test_the_next_size_is_no_cents(text, want):
    assert [m.amount for m, _ in listed_amounts(text)] == want


@pytest.mark.parametrize("kind, query", [
    (HOTELS, "hotel in Porto for 2 nights from 3 March, £300 including breakfast"),
    (HOTELS, "hotel en Oporto del 3 al 5 de marzo, 300 € incluido el desayuno"),
    (BAKERIES, "cake for 25 in Leeds, £90 incl. delivery"),
    (BAKERIES, "tarta para 25 en Madrid, 90 € con envío incluido"),
])
def test_what_an_amount_includes_is_no_subject(kind, query):
    task = parse_request(kind, query, TODAY)
    for said in task.values.values():
        if isinstance(said, str):
            assert not said.lower().startswith(("incl", "includ")), said


@pytest.mark.parametrize("kind, query, name, subject", [
    (RESTAURANTS, "pastel de tres leches en CDMX", "dish", "pastel de tres leches"),
    (RESTAURANTS, "sopa de siete mares en Guadalajara", "dish", "sopa de siete mares"),
    (RESTAURANTS, "pizza de cuatro quesos en Roma", "dish", "pizza de cuatro quesos"),
    (BAKERIES, "tarta de tres chocolates para 10 en Madrid", "item", "tres chocolates"),
    # a count of people stays a count
    (RESTAURANTS, "cena de dos personas en Madrid", "dish", None),
])
def test_a_count_in_words_inside_a_name_is_the_names(kind, query, name, subject):
    assert parse_request(kind, query, TODAY).values.get(name) == subject
