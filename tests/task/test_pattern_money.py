"""An author's ``pattern`` for an input that holds no money (an age, a count, a size)
never takes a number written before a currency (scout/task/readers.py, find_pattern):
with a pattern cued by "de", "menos de 40 €/mes" was read as the age 40 and the budget
was lost; the pattern's next match is taken instead."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)
AGES = r"\bde\s+(?P<value>\d{1,2}(?:\s*(?:,|y)\s*\d{1,2})*)"


def _inputs(kind: str = "list") -> dict[str, InputSpec]:
    ages = InputSpec(type="list", items="integer", pattern=AGES) if kind == "list" \
        else InputSpec(type="integer", pattern=AGES)
    return {"place": InputSpec(type="place"), "budget": InputSpec(type="money"), "ages": ages}


@pytest.mark.parametrize("query,ages", [
    ("seguro en Zaragoza, menos de 40 €/mes", None),
    ("seguro en Zaragoza, menos de 40 euros al mes", None),
    ("seguro en Zaragoza, menos de 40 €/mes, pareja de 30 y 32", [30, 32]),
    ("seguro en Zaragoza de 34 y 36 años, menos de 40 EUR al mes", [34, 36]),
])
def test_a_number_before_a_currency_is_the_budgets(query, ages):
    values = parse_query(query, _inputs(), today=TODAY).values
    assert values.get("ages") == ages
    assert values["budget"].amount == 40 and values["budget"].per == "month"


def test_an_integer_pattern_too_and_a_money_pattern_keeps_its_amount():
    assert parse_query("curso en Zaragoza de 30 €", _inputs("integer"),
                       today=TODAY).values.get("ages") is None
    fee = {"place": InputSpec(type="place"),
           "fee": InputSpec(type="money", pattern=r"matr[ií]cula de (?P<value>\d+ ?€)")}
    assert parse_query("gimnasio en Zaragoza con matrícula de 30 €", fee,
                       today=TODAY).values["fee"].amount == 30
