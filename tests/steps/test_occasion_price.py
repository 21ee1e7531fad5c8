"""Prices per an occasion (a visit, a walk) and per a metered unit in a currency's own
order: a request's "under 50p a walk" reads as its "under £15 a visit" does (no unit:
the listings compared with it mostly state none), a budget per an occasion compares a
listing's one price stating no unit as it is ("Consulta: 60 €" is a visit's, it was
"cannot be compared"), and ``stated('£/kWh')`` reads the sign written first
("£0.245/kWh", "£0.245 per kWh"), as British pages write it."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.spec.stated import stated
from scout.steps.extract import find_price
from scout.steps.rank_periods import to_period
from scout.task.build import build_task

INPUTS = {"place": InputSpec(type="place"), "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query", ["dog walker in London under 50p a walk",
                                   "dog walker in London under £15 a visit",
                                   "paseador en Madrid por menos de 12 € el paseo"])
def test_a_requests_amount_per_occasion_states_no_unit_however_written(query: str) -> None:
    budget = build_task(query, INPUTS, today=dt.date(2026, 12, 6)).values["budget"]
    assert budget is not None and budget.per is None


def test_a_listings_amount_per_occasion_keeps_it_in_pence_too() -> None:
    assert (find_price("Dog walking: 50p a walk").per, find_price("Visita: 14 € por visita").per) \
        == ("walk", "visit")


def test_a_budget_per_occasion_compares_a_price_stating_no_unit_as_it_is() -> None:
    one = Money(amount=60, currency="EUR", comparator="=")
    assert to_period(one, "visit") == one and to_period(one, "walk") == one
    assert to_period(one, "word") is None  # a cap per word still checks prices per word only
    nightly = Money(amount=40, currency="GBP", comparator="=", per="night")
    assert to_period(nightly, "visit") is None  # a night's stay is no visit


@pytest.mark.parametrize("text, want", [
    ("Unit rate £0.245/kWh, standing charge 53p/day", 0.245),
    ("Unit rate: £0.245 per kWh", 0.245),
    ("EUR 0.13/kWh all day", 0.13),
    ("precio de la energía 0,13 € por kWh", 0.13),
    ("precio 0,129 €/kWh", 0.129),            # the unit's own form, as before
    ("Standing charge £0.53 per day", None),  # another unit's amount
])
def test_stated_reads_a_price_per_unit_with_its_sign_first(text: str, want: float | None) -> None:
    assert stated(text, "£/kWh", "€/kWh", "EUR/kWh") == want
