"""A number after a month name that counts the noun after it ("agosto 4 personas",
"julio 7 plazas", "june 6 people") is a count, not that day of the month: the month
stays the month and the count goes to the input that reads it. Found writing
examples/carrental ("alquiler coche barcelona julio 7 plazas"); checked for any kind."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange
from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)
INPUTS = {"city": InputSpec(type="place"), "dates": InputSpec(type="date"),
          "guests": InputSpec(type="integer", aliases=["personas", "people", "guests"]),
          "seats": InputSpec(type="string", enum=["seven"],
                             synonyms={"seven": ["7 plazas", "7 seats", "seven-seater"]})}


def _month(y: int, m: int, last: int) -> DateRange:
    return DateRange(start=dt.date(y, m, 1), end=dt.date(y, m, last))


@pytest.mark.parametrize("query,dates,other", [
    ("casa rural en Asturias agosto 4 personas", _month(2027, 8, 31), ("guests", 4)),
    ("cabin in Oregon june 6 people", _month(2027, 6, 30), ("guests", 6)),
    ("cabaña en Cuenca marzo 2 huéspedes", _month(2027, 3, 31), None),
    ("coche en Barcelona julio 7 plazas", _month(2027, 7, 31), ("seats", "seven")),
    ("van in Denver june 7 seats", _month(2027, 6, 30), ("seats", "seven")),
])
def test_a_count_after_a_month_is_no_day(query, dates, other):
    values = parse_query(query, INPUTS, today=TODAY).values
    assert values["dates"] == dates
    if other is not None:
        assert values[other[0]] == other[1]


@pytest.mark.parametrize("query,day", [
    # still days: the end, a comma, a year, a function word after the number
    ("hotel en Madrid julio 7", dt.date(2027, 7, 7)),
    ("hotel in Madrid july 7, 2 people", dt.date(2027, 7, 7)),
    ("hotel in Madrid july 7 2027", dt.date(2027, 7, 7)),
    ("hotel in Madrid june 7 for 2 people", dt.date(2027, 6, 7)),
])
def test_a_day_after_a_month_stays_a_day(query, day):
    assert parse_query(query, INPUTS, today=TODAY).values["dates"] in (
        day, DateRange(start=day, end=day))


LENGTH = {**INPUTS, "length": InputSpec(type="duration")}


@pytest.mark.parametrize("query,day,seconds", [
    # a length after a weekday says how long, not which day: the weekday is the date
    # (found writing examples/boats: "el sábado 4 horas" lost its Saturday, with no note)
    ("barco en Dénia el sábado 4 horas", dt.date(2026, 12, 5), 4 * 3600),
    ("barco en Dénia el sábado, 4 horas", dt.date(2026, 12, 5), 4 * 3600),
    ("boat trip in Cascais on Saturday 3 hours", dt.date(2026, 12, 5), 3 * 3600),
    ("sala en Madrid el viernes 2h", dt.date(2026, 12, 4), 2 * 3600),
    ("tour in Rome on Sunday 90 minutes", dt.date(2026, 12, 6), 90 * 60),
])
def test_a_length_after_a_weekday_is_no_day(query, day, seconds):
    values = parse_query(query, LENGTH, today=TODAY).values
    assert values["dates"] in (day, DateRange(start=day, end=day))
    assert values["length"] == seconds


def test_a_day_after_a_weekday_stays_a_day():
    assert parse_query("barco en Dénia el sábado 5", LENGTH, today=TODAY).values["dates"] in (
        dt.date(2026, 12, 5), DateRange(start=dt.date(2026, 12, 5), end=dt.date(2026, 12, 5)))
