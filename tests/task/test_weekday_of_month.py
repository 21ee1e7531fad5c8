"""A weekday or a weekend said as one of a month's (scout/task/dategrammar.py): "un domingo
de abril" / "a Sunday in April" leaves the day open, so it is the month, never the coming
Sunday; "el primer domingo de abril" / "the last Sunday of April" is that day."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)  # a Sunday: the coming Sunday is today
INPUTS = {"city": InputSpec(type="place"), "dates": InputSpec(type="date")}
APRIL = {"start": "2027-04-01", "end": "2027-04-30"}


def _dates(query: str):
    return build_task(query, INPUTS, today=TODAY).model_dump(mode="json")["values"]["dates"]


@pytest.mark.parametrize("query, want", [
    ("zoo en Lisboa un domingo de abril", APRIL),
    ("zoo in Lisbon on a Sunday in April", APRIL),
    ("a weekend in April in Lisbon", APRIL),
    ("museo en Madrid un sábado de mayo de 2027", {"start": "2027-05-01", "end": "2027-05-31"}),
    ("museo en Madrid el primer domingo de abril", "2027-04-04"),
    ("the last Sunday of April at the zoo in Lisbon", "2027-04-25"),
    ("the second Saturday of March in Lisbon", "2027-03-13"),
    # guards: a weekday alone is still the coming one, a date with its weekday that date
    ("museo en Madrid el domingo", "2026-12-06"),
    ("museo en Madrid el sábado 13 de marzo", "2027-03-13"),
    ("the first weekend of March in Lisbon", {"start": "2027-03-06", "end": "2027-03-07"}),
])
def test_a_weekday_of_a_month(query: str, want) -> None:
    assert _dates(query) == want
