"""What an amount of money is per (scout.task.moneyunits), read in both languages from
the words around the amount, as the money reader asks for them."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.moneytotal import total_of
from scout.task.moneyunits import each_of, period_of, unit_after_cap, unit_before
from scout.task.parser import parse_query
from scout.units import TOTAL


@pytest.mark.parametrize("written, period", [
    ("noches", "night"), ("nights", "night"), ("pcm", "month"), ("cabezas", "person"),
    ("quincena", "fortnight"), ("media jornada", "half day"), ("annum", "year"),
    ("grupo", "group"), ("trimestre", "quarter"), ("quarterly", "quarter"),
    ("trimestrales", "quarter"), ("", None), ("semana santa", None),
])
def test_a_unit_as_written_names_its_period(written: str, period: str | None) -> None:
    assert period_of(written) == period


@pytest.mark.parametrize("text, before, unit", [
    ("x semana por menos de 500 mil pesos", "por menos", "semana"),  # a unit before the cap
    ("cuota mensual de 220 €", "220", "mensual"),                    # the price noun's period
    ("monthly budget of £1,500", "budget", "monthly"),               # up to the amount's own noun
    ("mensualidad menos de 600 €", "menos", "mensual"),
    ("cuota trimestral de 90 €", "90", "trimestral"),                # a quarter's fee
    ("quarterly fee under £80", "under", "quarterly"),
    ("hotel en Lima por menos de 300 soles", "por menos", ""),       # none said
])
def test_a_unit_said_before_the_amount(text: str, before: str, unit: str) -> None:
    assert unit_before(text, text.index(before)) == unit


def test_a_unit_after_the_cap_word() -> None:
    text = "250 bucks max per night, central"
    m = unit_after_cap(text, text.index(" per"))
    assert m is not None and m.group("per") == "night" and text[m.end():] == ", central"
    assert unit_after_cap("150 € máximo en el centro", len("150 € máximo")) is None


@pytest.mark.parametrize("text, amount, period, end", [
    ("600 € en total para dos", "600 €", TOTAL, "600 € en total"),
    ("£500 all-in please", "£500", TOTAL, "£500 all-in"),
    ("presupuesto total de 1.000 €", "1.000 €", TOTAL, "1.000 €"),
    ("600 € la semana", "600 €", None, "600 €"),
])
def test_an_amount_for_the_whole_stay(text: str, amount: str, period: str | None,
                                      end: str) -> None:
    start = text.index(amount)
    said, span = total_of(text, start, (start, start + len(amount)))
    assert said == period and text[:span[1]].endswith(end) and span[0] == start


def test_what_one_amount_is_sold_for() -> None:
    assert [each_of(w) for w in ("usuarios", "seats", "licencias", "dispositivo")] == [
        "user", "seat", "licence", "device"]
    assert each_of("habitaciones") is None and each_of(None) is None  # a room's price is the room's


@pytest.mark.parametrize("query, amount, per", [
    ("storage in London £40pcm", 40, "month"),       # glued, as "£150pn" and "15€pp" are
    ("room in Leeds under £90pw", 90, "week"),
    ("flat in London £1,200pcm max", 1200, "month"),
    ("storage in London £40 pcm", 40, "month"),      # spaced, as before
    ("storage in NYC $60pm", 60, None),              # "pm" glued may be a time: no period
])
def test_a_uk_period_glued_to_the_amount(query: str, amount: float, per: str | None) -> None:
    inputs = {"city": InputSpec(type="place"), "budget": InputSpec(type="money")}
    budget = parse_query(query, inputs, today=dt.date(2026, 12, 2)).values["budget"]
    assert (budget.amount, budget.per) == (amount, per)


@pytest.mark.parametrize("text, per, each", [
    ("Shared shuttle to Cascais, €15 per person each way.", "person", None),
    ("Heathrow to Oxford £12 each way, £22 return", None, None),
    ("$40 each direction", None, None),
    ("£45 per person each direction", "person", None),
    ("Tickets £20 each", "person", None),             # "each" alone is still a head's
    ("15 € por persona y trayecto", "person", None),
])
def test_each_way_is_a_direction_no_head(text: str, per: str | None, each: str | None) -> None:
    """"each way" says a fare is one direction's, never that it is per person: "€15 per
    person each way" is one person's (no second head, "30 EUR/person/person"), "£12 each
    way" no one's."""
    from scout.task.amounts import listed_amounts

    first = listed_amounts(text)[0][0]
    assert (first.per, first.each) == (per, each)
