"""A budget's rate said with its own period and then how long it is bought for ("under £4 a
month for 24 months", "menos de 4 € al mes durante 24 meses", "€100 per night for 3
nights"): the rate keeps its period, and the length is the kind's duration input's (a
hosting term, a stay), never swallowed by the amount (scout/task/moneyinput.py); a kind
with no duration input still reads no unread number there."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)
MONTH = 365.25 * 86400 / 12
WITH_TERM = {"budget": InputSpec(type="money"), "term": InputSpec(type="duration")}
WITHOUT = {"budget": InputSpec(type="money")}


@pytest.mark.parametrize("query, amount, per, months", [
    ("shared hosting under £4 a month for 24 months", 4.0, "month", 24),
    ("hosting, menos de 4 € al mes durante 24 meses", 4.0, "month", 24),
    ("software licence at most $12 per month for 18 months", 12.0, "month", 18),
    ("un VPS por 10 € al mes durante 12 meses como mucho", 10.0, "month", 12),
])
def test_the_length_after_a_rate_is_the_term(query, amount, per, months):
    task = parse_query(query, WITH_TERM, today=TODAY)
    budget = task.values["budget"]
    assert (budget.amount, budget.per) == (amount, per)
    assert round(task.values["term"] / MONTH) == months


@pytest.mark.parametrize("query", ["€100 per night for 3 nights in Paris",
                                   "100 € la noche por 3 noches en París",
                                   "hosting under £4 a month for 24 months"])
def test_without_a_duration_input_the_length_stays_the_rates(query):
    task = parse_query(query, WITHOUT, today=TODAY)
    assert task.values["budget"].amount in (100.0, 4.0)
    assert not any(("could not read" in n or "no se ha podido" in n)
                   and ("3" in n or "24" in n) for n in task.notes), task.notes
