"""A schedule an input names by its own words ("de lunes a viernes" for a ``weekdays``
flag with that alias, scout/task/schedule.py) is that input's and no dates: the date
readers come before a boolean's, and took the days of next week while the flag got
nothing. A kind whose inputs do not name it still reads no dates from it, and one week's
days said as such ("del lunes al viernes") are still dates."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)  # a Sunday
INPUTS = {
    "place": InputSpec(type="place"),
    "dates": InputSpec(type="date"),
    "weekdays": InputSpec(type="boolean", aliases=["de lunes a viernes", "Monday to Friday",
                                                   "entre semana"]),
    "monthly": InputSpec(type="boolean", aliases=["abono mensual", "monthly"]),
}


@pytest.mark.parametrize("query", [
    "plaza de garaje en Bilbao, abono mensual de lunes a viernes",
    "abono mensual de lunes a viernes en Bilbao",
    "car park in Leeds, monthly, Monday to Friday",
])
def test_an_inputs_own_schedule_is_its_own_not_dates(query):
    got = parse_query(query, INPUTS, today=TODAY).values
    assert got.get("weekdays") is True
    assert got.get("monthly") is True
    assert got.get("dates") is None


def test_a_date_beside_the_schedule_is_still_read():
    got = parse_query("abono de lunes a viernes en Bilbao desde el 1 de febrero", INPUTS,
                      today=TODAY).values
    assert got.get("weekdays") is True
    assert getattr(got["dates"], "start", got["dates"]) == dt.date(2027, 2, 1)


def test_one_weeks_days_are_still_dates():
    got = parse_query("aparcamiento en Madrid del lunes al viernes", INPUTS, today=TODAY).values
    assert (got["dates"].start, got["dates"].end) == (dt.date(2026, 12, 7), dt.date(2026, 12, 11))
    assert not got.get("weekdays")


def test_without_the_inputs_words_a_schedule_is_no_dates_and_no_value():
    inputs = {k: v for k, v in INPUTS.items() if k != "weekdays"}
    got = parse_query("abono mensual de lunes a viernes en Bilbao", inputs, today=TODAY).values
    assert got.get("dates") is None and got.get("monthly") is True
