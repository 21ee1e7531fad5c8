"""A weekday said before the time of day ("this Saturday 9am to 6pm", "este sábado
9-18h", "on Saturday 10:00-14:00") is that weekday's date, and the time no day of the
month (scout/task/dategrammar.py, ``_CLOCK_AFTER``): read as "the 9th", a weekday and a
day that is not it, the date was lost. A day number after a weekday is still one
("viernes 12 de junio", "del viernes 12 al domingo 14 de junio")."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)  # a Wednesday: Saturday is the 5th
INPUTS = {"place": InputSpec(type="place"), "dates": InputSpec(type="date"),
          "length": InputSpec(type="duration", from_times=True)}


@pytest.mark.parametrize("query, hours", [
    ("car park near King's Cross this Saturday 9am to 6pm", 9),
    ("parking in Leeds on Saturday 10:00-14:00", 4),
    ("aparcamiento en Madrid este sábado 9-18h", 9),
    ("pista en Madrid el sábado 19:00 a 21:00", 2),
])
def test_a_weekday_before_the_time_of_day_keeps_its_date(query, hours):
    got = parse_query(query, INPUTS, today=TODAY).values
    assert got["dates"] == dt.date(2026, 12, 5), query
    assert got["length"] == hours * 3600, query


def test_a_day_number_after_a_weekday_is_still_one():
    got = parse_query("del viernes 12 al domingo 14 de junio en Madrid", INPUTS,
                      today=TODAY).values
    assert (got["dates"].start, got["dates"].end) == (dt.date(2027, 6, 12), dt.date(2027, 6, 14))
    got = parse_query("saturday 5 to sunday 6 december in Leeds", INPUTS, today=TODAY).values
    assert (got["dates"].start, got["dates"].end) == (dt.date(2026, 12, 5), dt.date(2026, 12, 6))
