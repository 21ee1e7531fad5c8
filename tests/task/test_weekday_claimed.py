"""A weekday before the day it decorates ("on Friday 12 March", "el viernes 12 de marzo")
is the date's: claimed with it, so it is read as no part of a place or a subject before
it ("in Dublin on Friday 12 March" named the place "Dublin on Friday")."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange
from scout.spec.models import InputSpec
from scout.task.build import build_task

INPUTS = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place"),
          "dates": InputSpec(type="date")}


@pytest.mark.parametrize(("query", "place", "day"), [
    ("evening reception in Dublin on Friday 12 March", "Dublin", dt.date(2027, 3, 12)),
    ("concert in Lisbon on Saturday 13 March, cheap", "Lisbon", dt.date(2027, 3, 13)),
    ("meeting room in Porto Fri 12th March", "Porto", dt.date(2027, 3, 12)),
    ("cena en Sevilla el viernes 12 de marzo", "Sevilla", dt.date(2027, 3, 12)),
    ("sala en Madrid, sábado 13 de marzo", "Madrid", dt.date(2027, 3, 13)),
])
def test_the_weekday_is_the_dates_not_the_places(query: str, place: str, day: dt.date) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    assert task.values["place"] == place
    dates = task.values["dates"]
    assert (dates.start, dates.end) == (day, day) if isinstance(dates, DateRange) \
        else dates == day
    weekday = next(w for w in ("friday", "saturday", "fri", "viernes", "sábado")
                   if w in query.lower())
    said = " ".join(str(task.values.get(n) or "") for n in ("topic", "place")).lower()
    assert weekday not in said, said
