"""A fare said per adult, passenger or traveller is one person's, on a page and in a
request, in both languages (scout.task.moneyunits): "from £35.50 per adult", "24 € por
pasajero", "máximo 40 € por viajero"; a child's fare is a band's price, no head."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.amounts import listed_amounts
from scout.task.build import build_task


@pytest.mark.parametrize("text, per, each", [
    ("Advance Standard from £35.50 per adult", "person", None),
    ("Tarifa Básica desde 24 € por pasajero", "person", None),
    ("Day tours from $30 per traveler", "person", None),
    ("Visita guiada: 15 € por adulto, niños gratis", "person", None),
    ("Crucero 120 € por viajera y noche", "night", "person"),
    ("Cabin €45 per passenger per night", "night", "person"),
    ("£10 per child", None, None),
])
def test_a_fare_per_passenger_is_per_person(text: str, per, each) -> None:
    (money, _), *_ = listed_amounts(text)
    assert (money.per, money.each) == (per, each)


@pytest.mark.parametrize("query", ["train to York under £50 per adult",
                                   "tren a Toledo, máximo 40 € por pasajero",
                                   "bus to Porto, max 30 EUR per traveller"])
def test_a_budget_per_passenger_is_per_person(query: str) -> None:
    task = build_task(query, {"budget": InputSpec(type="money")}, today=dt.date(2026, 12, 7))
    assert task.values["budget"].per == "person"
