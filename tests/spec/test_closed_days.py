"""A weekday a record says it is closed every week (scout/spec/closeddays.py) and what
``on_dates`` makes of it: a day asked that falls on it is no day the thing is open, for any
kind whose pages state opening days (a museum, a shop, a clinic, a restaurant)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange
from scout.spec.closeddays import closed_weekdays
from scout.spec.evidence import on_dates

MON, TUE = 0, 1


@pytest.mark.parametrize("text, want", [
    ("Abierto de martes a domingo de 10 a 20 h; cerrado los lunes.", {MON}),
    ("Lunes: cerrado. Martes a domingo: 10-18.", {MON}),
    ("Closed on Mondays.", {MON}),
    ("cerrado lunes y martes", {MON, TUE}),
    ("Closed Mondays, Tuesdays", {MON, TUE}),
    ("Open daily except Mondays and Tuesdays", {MON, TUE}),
    ("abierto todos los días salvo el martes", {TUE}),
    ("Open Tuesday to Sunday", {MON}),          # its opening days leave Monday out
    ("open Tue-Sun, 9-17", {MON}),
    ("abierto los lunes, cerrado los martes", {TUE}),
    # none: a date, a negation, opening days said beside other days, every day open
    ("Closed Monday 15 March for maintenance.", set()),
    ("Closed Monday, 15 March.", set()),
    ("No cierra los lunes.", set()),
    ("Abierto de lunes a viernes; sábados de 10 a 14.", set()),
    ("Monday 10:00-14:00; open Tuesday to Sunday 9-20.", set()),
    ("Horario: de lunes a domingo.", set()),
    ("Open every day. Vistas al mar, cerrado por la noche.", set()),
])
def test_the_weekdays_a_page_says_it_is_closed(text: str, want: set[int]) -> None:
    assert closed_weekdays(text) == want


MONDAY = dt.date(2027, 3, 15)


def _record(text: str) -> dict:
    return {"name": "x", "evidence": [{"text": text}]}


@pytest.mark.parametrize("asked, want", [
    (MONDAY, False),                                                    # a Monday alone
    (DateRange(start=MONDAY, end=MONDAY), False),
    (DateRange(start=MONDAY, end=dt.date(2027, 3, 16)), None),          # Tuesday is open
    (dt.date(2027, 3, 13), None),                                       # a Saturday
])
def test_a_day_asked_on_a_closing_weekday_is_not_on(asked, want) -> None:
    assert on_dates(_record("Museo. Entrada 12 €. Cerrado los lunes."), asked) is want


def test_a_dated_record_closed_on_the_weekday_asked_is_not_on_either() -> None:
    # its season holds the day, its weekly closing day is that day
    text = "Temporada del 1 de marzo al 31 de octubre de 2027. Closed on Mondays."
    assert on_dates(_record(text), MONDAY) is False
    assert on_dates(_record(text), dt.date(2027, 3, 16)) is True


def test_a_page_of_weekday_names_is_read_in_one_pass() -> None:
    # a list is a week's at most: 20,000 names with no closing word after them once took
    # one pass per start (minutes); "lunes ... cerrado" still reads the last week's list
    assert closed_weekdays("lunes y " * 20000) == set()
    assert closed_weekdays("lunes " * 30000 + "cerrado") == {MON}
