"""An amount's unit said apart from it is still its unit, in both languages.

A period said after the amount or its head as the time the amount is for ("CHF 400 each for
the week", "400 € por persona para toda la semana", "£900 for the whole week"): before, the
head's amount was read per person with no period, and the bare amount with none, so a
week's price was compared with a night's. And a rate in a currency's hundredth with its
measure said first ("precio del km por debajo de 90 céntimos", "the per-mile rate under
50p"), as a whole amount's is ("precio del km por debajo de 0,90 €"): before, it was not
read at all."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)
INPUTS = {"city": InputSpec(type="place"), "budget": InputSpec(type="money"),
          "people": InputSpec(type="integer", aliases=["people", "personas"])}


def _budget(query: str) -> tuple[object, ...]:
    money = parse_query(query, INPUTS, today=TODAY).values["budget"]
    return money.amount, money.currency, money.per, money.each


@pytest.mark.parametrize("query, read", [
    ("chalet in Verbier for 4 people, CHF 400 each for the week", (400, "CHF", "week", "person")),
    ("chalet in Verbier, CHF 400 per person for the whole week", (400, "CHF", "week", "person")),
    ("chalet en Verbier para 4 personas, 400 CHF cada uno para la semana",
     (400, "CHF", "week", "person")),
    ("casa en Cádiz, 900 € por persona para toda la semana", (900, "EUR", "week", "person")),
    ("cottage in Devon, £900 for the whole week", (900, "GBP", "week", None)),
    ("piso en Cádiz, 1.500 € para toda la quincena", (1500, "EUR", "fortnight", None)),
    ("hotel in Rome under €200 for the night", (200, "EUR", "night", None)),
])
def test_a_period_said_after_the_amount_is_its_period(query: str, read: tuple) -> None:
    assert _budget(query) == read


@pytest.mark.parametrize("query", [
    "piso en Madrid, 900 € para el mes de agosto",  # which month: a date, no period
    "cena en Roma, 40 € por persona para la cena",  # a dinner is no period of time
])
def test_which_period_or_an_occasion_is_no_period(query: str) -> None:
    assert _budget(query)[2] in (None, "person")


@pytest.mark.parametrize("query, read", [
    ("alquiler de coche en Málaga, precio del km por debajo de 90 céntimos", (0.9, "EUR", "km")),
    ("taxi en Madrid, el km a menos de 90 céntimos", (0.9, "EUR", "km")),
    ("van hire in Leeds, the per-mile rate under 50p", (0.5, "GBP", "mi")),
])
def test_a_rate_in_cents_with_its_measure_said_first(query: str, read: tuple) -> None:
    assert _budget(query)[:3] == read
