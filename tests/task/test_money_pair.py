"""A kind that declares a floor and a cap of one amount (two ``money`` inputs, ``min_X`` and
``max_X``, or ``min_X`` and ``X``: a tender's estimated value, a flat's price band) got
every amount in its first-declared input: "under 200k EUR" became the floor, and a range
("between 50,000 and 200,000 EUR") went whole to the floor. Each amount now goes to the end
its comparator points to, in both languages, whichever order the request says them; one
money input alone reads as before."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.moneypair import ends, partner

TODAY = dt.date(2026, 12, 6)
BAND = {"topic": InputSpec(type="subject"), "region": InputSpec(type="place"),
        "min_value": InputSpec(type="money", aliases=["estimated value", "valor estimado"]),
        "max_value": InputSpec(type="money")}
# the floor and a bare-named cap ("budget"), declared cap first
BUDGET = {"topic": InputSpec(type="subject"), "budget": InputSpec(type="money"),
          "min_budget": InputSpec(type="money")}


def _money(query: str, inputs: dict[str, InputSpec]) -> dict:
    values = build_task(query, inputs, today=TODAY).values
    return {n: (v.comparator, v.amount, v.min) for n, v in values.items() if isinstance(v, Money)}


@pytest.mark.parametrize("query, want", [
    ("tenders for translation in Spain, estimated value under 200k EUR",
     {"max_value": ("<=", 200000, None)}),
    ("licitaciones de traducción de menos de 300.000 €", {"max_value": ("<=", 300000, None)}),
    ("licitaciones de limpieza de más de 50.000 €", {"min_value": (">=", 50000, None)}),
    ("tenders over €100k for lab equipment", {"min_value": (">=", 100000, None)}),
    # both, cap first: the floor is not lost to the first amount
    ("tenders under 500,000 EUR and over 100,000 EUR for software",
     {"max_value": ("<=", 500000, None), "min_value": (">=", 100000, None)}),
    ("licitaciones de software de al menos 20.000 € y como máximo 90.000 €",
     {"min_value": (">=", 20000, None), "max_value": ("<=", 90000, None)}),
    # a range: its low end is the floor, its top the cap
    ("tenders with an estimated value between 50,000 and 200,000 EUR",
     {"min_value": (">=", 50000, None), "max_value": ("<=", 200000, None)}),
    ("licitaciones entre 80.000 y 120.000 euros",
     {"min_value": (">=", 80000, None), "max_value": ("<=", 120000, None)}),
])
def test_an_amount_goes_to_the_end_it_names(query, want):
    assert _money(query, BAND) == want


def test_a_bare_named_cap_pairs_with_its_floor():
    assert _money("software under 900 EUR", BUDGET) == {"budget": ("<=", 900, None)}
    assert _money("software de más de 900 €", BUDGET) == {"min_budget": (">=", 900, None)}


def test_a_pair_shares_its_label():
    # "estimated value" is the floor's alias: before the cap's amount it is its label, no place
    values = build_task("tenders for cleaning, estimated value under 200k EUR", BAND,
                        today=TODAY, nouns=["tender"]).values
    assert values.get("region") is None
    assert values["topic"] == "cleaning"


def test_one_money_input_reads_as_before():
    # a floor named min_ alone still takes a cap as it did (the grants kind's reading)
    alone = {"topic": InputSpec(type="subject"), "min_amount": InputSpec(type="money")}
    assert _money("grants under 200,000 EUR", alone) == {"min_amount": ("<=", 200000, None)}
    assert _money("ayudas entre 10.000 y 20.000 €", alone) == {"min_amount": ("<=", 20000, 10000)}


def test_partner_and_ends():
    assert partner("min_value", BAND) == "max_value"
    assert partner("max_value", BAND) == "min_value"
    assert partner("budget", BUDGET) == "min_budget"
    assert partner("topic", BAND) is None
    low, high = ends(Money(amount=200, min=50, currency="EUR", per="month"))
    assert (low.comparator, low.amount, low.min, low.per) == (">=", 50, None, "month")
    assert (high.comparator, high.amount, high.min, high.per) == ("<=", 200, None, "month")
