"""A period said of the price's own noun keeps it across the cap said before the amount:
"monthly repayments under £1,400", "cuota mensual de menos de 900 €", "monthly rent up to
£2,000" are amounts a month, as "monthly payment of £1,400" was. Found writing the
mortgages kind, whose English payment cap had no period."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)
KIND = {"city": InputSpec(type="place"), "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query,amount,per", [
    ("monthly repayments under £1,400", 1400, "month"),
    ("cuota mensual de menos de 900 €", 900, "month"),
    ("flat in London, monthly rent up to £2,000", 2000, "month"),
    ("annual fee below $300", 300, "year"),
    ("monthly payment of £1,400", 1400, "month"),
    ("under £1,400", 1400, None),                    # no noun, no period
])
def test_the_nouns_period_across_a_cap(query, amount, per) -> None:
    got = parse_query(query, KIND, today=TODAY).values["budget"]
    assert (got.amount, got.per) == (amount, per)
