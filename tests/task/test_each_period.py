"""A head's amount said with "each" / "cada uno" and then its period ("under €150 each per
day", "150 € cada uno al día") is one person's a day, as "€150 per person per day" is:
the period is kept beside the head, never lost (read as a bare per person, a boat's or a
venue's price a day would be shared by the group against it as if no day were said).
Found writing examples/boats; checked for any kind."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)
INPUTS = {"city": InputSpec(type="place"), "budget": InputSpec(type="money"),
          "people": InputSpec(type="integer", aliases=["people", "personas"])}


@pytest.mark.parametrize("query,per", [
    ("catamaran in Corfu for 6 people, under €150 each per day", "day"),
    ("catamaran in Corfu for 6 people, under €150 each a day", "day"),
    ("velero en Ibiza para 6 personas, máximo 150 € cada uno al día", "day"),
    ("casa en Cádiz para 4 personas, 40 € cada una por noche", "night"),
    ("gym in Leeds for 2 people, £30 each a month", "month"),
])
def test_each_then_a_period_is_a_head_per_that_period(query: str, per: str) -> None:
    money = parse_query(query, INPUTS, today=TODAY).values["budget"]
    assert (money.amount, money.per, money.each) == (money.amount, per, "person")


@pytest.mark.parametrize("query", [
    "catamaran in Corfu for 6 people, under €150 each",
    "velero en Ibiza para 6 personas, máximo 150 € cada uno",
    "dinner in Rome for 4 people, €40 each, a day before the wedding",
])
def test_each_alone_stays_per_person(query: str) -> None:
    money = parse_query(query, INPUTS, today=TODAY).values["budget"]
    assert (money.per, money.each) == ("person", None)
