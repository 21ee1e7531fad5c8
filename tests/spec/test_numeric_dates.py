"""Dates a listing writes as numbers with their year ("Plazo: 15/03/2027", "Deadline
03/15/2027", "05.02.2027"): read day first, as the request's own "el 15/09" is, unless only
the other order is a date; a score ("8/10") or "24/7" is no date."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.datesaid import on_dates, stated_date

NEAR = dt.date(2026, 12, 6)
DEADLINE = ["deadline", "plazo", "fecha límite", "cierre"]


@pytest.mark.parametrize(("text", "day"), [
    ("Plazo de solicitud: 15/03/2027.", dt.date(2027, 3, 15)),
    ("Deadline 03/15/2027", dt.date(2027, 3, 15)),
    ("Fecha límite: 05.02.2027", dt.date(2027, 2, 5)),
    ("Cierre de la convocatoria: 1-2-2027", dt.date(2027, 2, 1)),
])
def test_a_deadline_written_in_numbers(text, day):
    assert stated_date([text], of=DEADLINE, near=NEAR) == day


@pytest.mark.parametrize("text", ["Plazo: rated 8/10 in 2027", "Deadline: open 24/7",
                                  "Plazo: 31/02/2027"])
def test_no_date_where_the_numbers_are_none(text):
    assert stated_date([text], of=DEADLINE, near=NEAR) is None


def test_a_listing_on_a_day_written_in_numbers():
    span = {"start": "2027-03-01", "end": "2027-03-31"}
    assert on_dates(["Jornadas el 12/03/2027 en Valencia"], span) is True
    assert on_dates(["Jornadas el 12/04/2027 en Valencia"], span) is False
