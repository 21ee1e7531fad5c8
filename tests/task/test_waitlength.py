"""A wait a duration input labels ("entrega en 1 semana", "delivered within 2 weeks") is
that input's, never the dates of what is asked (scout/task/waitlength.py); and a price per
photo or image is one item's (scout/task/moneyunits.py, scout/steps/packprice.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.amounts import listed_amounts
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)
WEEK = 7 * 86400


def _inputs(**extra: InputSpec) -> dict[str, InputSpec]:
    return {"place": InputSpec(type="place"), "dates": InputSpec(type="date"), **extra}


@pytest.mark.parametrize("query, alias, seconds", [
    ("fotógrafo en Salamanca, entrega en 1 semana", ["entrega"], WEEK),
    ("photographer in Leeds, delivery within 2 weeks", ["delivery"], 2 * WEEK),
    ("traducción en Bilbao con entrega del texto en 5 días", ["entrega"], 5 * 86400),
    # another kind: a print shop's turnaround, a repair's
    ("print shop in Leeds, turnaround within 3 days", ["turnaround"], 3 * 86400),
    ("reparación de portátil en Madrid, plazo de reparación dentro de 10 días",
     ["plazo de reparación"], 10 * 86400),
])
def test_a_labelled_wait_is_the_duration_not_dates(query, alias, seconds):
    r = parse_query(query, _inputs(wait=InputSpec(type="duration", aliases=alias)), today=TODAY)
    assert r.values.get("dates") is None, r.values
    assert r.values.get("wait") == seconds


def test_dates_in_another_clause_are_still_dates():
    r = parse_query("fotógrafo en Salamanca en 2 semanas, entrega rápida",
                    _inputs(wait=InputSpec(type="duration", aliases=["entrega"])), today=TODAY)
    assert r.values.get("dates") is not None


def test_without_a_labelled_duration_input_in_n_weeks_is_dates():
    r = parse_query("photographer in Leeds, delivery within 2 weeks", _inputs(), today=TODAY)
    assert r.values.get("dates") is not None


@pytest.mark.parametrize("text, amount", [
    ("desde 8 € por foto", 8.0), ("From £12 per image, white background", 12.0),
    ("£9 per photo", 9.0), ("Retoque: 3 € por imagen", 3.0),
    ("Digitalización 0,20 €/fotografía", 0.2), ("$4 per picture", 4.0),
])
def test_a_price_per_photo_is_an_items(text, amount):
    (money, _span), = listed_amounts(text)
    assert (money.amount, money.per) == (amount, "item")


@pytest.mark.parametrize("query, amount, currency", [
    ("product photos in London, under £10 per photo", 10.0, "GBP"),
    ("fotos de producto en Valencia, como mucho 7 € por imagen", 7.0, "EUR"),
    ("escanear fotos antiguas en Madrid, menos de 0,25 € por foto", 0.25, "EUR"),
])
def test_a_budget_per_photo_is_per_item(query, amount, currency):
    r = parse_query(query, {"place": InputSpec(type="place"), "budget": InputSpec(type="money")},
                    today=TODAY)
    b = r.values["budget"]
    assert (b.amount, b.currency, b.per) == (amount, currency, "item")
