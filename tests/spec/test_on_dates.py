"""The ``on_dates`` filter (scout/spec/datesaid.py): whether a record's evidence states a
date inside the span a request asks for, so an events kind can leave out what happens on
other days. Dates are read as listings write them, in English and Spanish: a day and a
month (``5 de diciembre``, ``Sat 12 Dec``, ``December 13``), ISO dates, day ranges (``del 3
al 7 de junio``, ``June 3-7``), runs across months (``del 1 de octubre al 31 de enero``,
``until 31 January``, ``hasta el 10 de enero``, ``from 20 December``)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange, Month
from scout.spec.filters import FILTERS
from scout.spec.templating import make_env

WEEKEND = DateRange(start=dt.date(2026, 12, 5), end=dt.date(2026, 12, 6))
on_dates = FILTERS["on_dates"]


@pytest.mark.parametrize("text, want", [
    ("Chano Domínguez Trío, sábado 5 de diciembre, entradas 25 €.", True),
    ("Late show at Ronnie Scott's, Sat 12 Dec, tickets £30.", False),
    ("Jam session, domingo 6 de diciembre de 2026.", True),
    ("Kamasi Washington live, December 6, 2026.", True),
    ("Gala on 2026-12-05 at 20:00.", True),
    ("Festival del 3 al 7 de junio.", False),
    ("Festival June 3-7.", False),
    ("Festival 4-6 Dec.", True),
    ("Exposición del 1 de octubre al 31 de enero.", True),     # a run across the weekend
    ("Exhibition until 31 January.", True),
    ("Exposición hasta el 30 de noviembre.", False),           # over before the weekend
    ("Market from 20 December.", False),                       # starts after it
    ("Exposición desde el 1 de diciembre.", True),
    ("Great reviews, tickets 25 €.", None),                    # no date stated: unknown
])
def test_a_text_on_the_days_asked(text: str, want: bool | None) -> None:
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, WEEKEND) is want


def test_a_record_is_on_the_days_when_any_source_says_so() -> None:
    record = {"name": "Gala", "evidence": [{"text": "Gala, 12 December."},
                                           {"text": "Gala de jazz, 5 de diciembre."}]}
    assert on_dates(record, WEEKEND) is True


def test_a_month_a_single_day_and_no_span() -> None:
    record = {"name": "x", "evidence": [{"text": "Concierto, 15 de enero."}]}
    assert on_dates(record, Month(year=2027, month=1)) is True
    assert on_dates(record, dt.date(2027, 1, 15)) is True
    assert on_dates(record, dt.date(2027, 1, 16)) is False
    assert on_dates(record, None) is None


def test_a_year_left_out_is_the_one_nearest_the_span() -> None:
    # asked in December for January: "10 January" is next year's
    record = {"name": "x", "evidence": [{"text": "Concert, 10 January."}]}
    assert on_dates(record, DateRange(start=dt.date(2027, 1, 1), end=dt.date(2027, 1, 31)))


def test_in_a_rank_where_as_an_author_writes_it() -> None:
    expr = make_env().compile_expression(
        "task.dates is none or event | on_dates(task.dates) is not false")
    task = {"dates": WEEKEND}
    assert expr(task=task, event={"name": "x", "evidence": [{"text": "5 de diciembre"}]})
    assert not expr(task=task, event={"name": "x", "evidence": [{"text": "12 de diciembre"}]})
    assert expr(task=task, event={"name": "x", "evidence": [{"text": "sin fecha"}]})


MAY = DateRange(start=dt.date(2026, 5, 9), end=dt.date(2026, 5, 10))


@pytest.mark.parametrize("text, want", [
    # a month, written as one
    ("You may book 10 May, tickets 12 €.", True),
    ("Opening May 10.", True),
    ("Festival 3-7 May.", False),
    ("Concierto 10 may en el Teatro Real.", True),             # Spanish abbreviation
    ("Concierto, sáb 10 may.", True),
    ("Gala 10 may 2026", True),
    ("GALA — ENTRADA 10 MAY", True),                             # shouting, at the end
    ("Jazz del 9 al 10 may.", True),
    # the modal verb and the noun, not a month: no date stated, so unknown
    ("Conditions: 10 may apply.", None),
    ("Up to 10 may attend the workshop.", None),
    ("Ages 5 to 7 may enter with an adult.", None),
    ("Opening hours 9 to 5 may vary.", None),
    ("TERMS: 10 MAY APPLY", None),
    ("Hotel con vistas al mar 15 habitaciones.", None),
    ("The 10 march on the square.", None),
])
def test_may_march_and_mar_are_months_only_where_written_as_months(text: str,
                                                                  want: bool | None) -> None:
    assert on_dates({"name": "x", "evidence": [{"text": text}]}, MAY) is want


def test_a_modal_may_beside_a_real_date_does_not_hide_it() -> None:
    record = {"name": "x", "evidence": [{"text": "Conditions may apply. Sat 12 Dec only."}]}
    assert on_dates(record, MAY) is False
    record = {"name": "x", "evidence": [{"text": "10 may apply; on 10 May at 20:00."}]}
    assert on_dates(record, MAY) is True
