"""A date said as a bound is a range with one end today or open ("closing after 15
January": from the 16th, no end), and a date said looking back ("since 1 December",
"publicadas en noviembre") is the latest past one: read as ``scout apply`` reads a request
(tests/kinds ``parse_request``) on the tenders kind, and by a kind written here whose
labels are other words, so the class holds for any kind."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.schemas.task import OPEN_END, OPEN_START, DateRange
from tests.kinds import parse_request

TODAY = dt.date(2026, 12, 6)
TENDERS = Path(__file__).resolve().parents[2] / "examples/tenders/pipelines/tenders.yaml"
D = dt.date


def _closing(query: str) -> object:
    return parse_request(TENDERS, query, TODAY).values.get("closing")


def _published(query: str) -> object:
    return parse_request(TENDERS, query, TODAY).values.get("published")


@pytest.mark.parametrize("query, want", [
    # a start said ahead: no end; "after" leaves the day out
    ("tenders for software closing after 15 January", (D(2027, 1, 16), OPEN_END)),
    ("licitaciones de software a partir del 10 de enero", (D(2027, 1, 10), OPEN_END)),
    ("tenders for software closing from March onwards", (D(2027, 3, 1), OPEN_END)),
    ("licitaciones de limpieza con plazo posterior al 3 de febrero", (D(2027, 2, 4), OPEN_END)),
    # an end said ahead: from today; "before" leaves the day out, unless it is a span's end
    ("licitaciones de software con plazo antes del 20 de enero", (TODAY, D(2027, 1, 19))),
    ("tenders for software, bids due by 31 March", (TODAY, D(2027, 3, 31))),
    ("tenders for software closing no later than 20 January", (TODAY, D(2027, 1, 20))),
    ("licitaciones de software con plazo hasta el 15 de febrero", (TODAY, D(2027, 2, 15))),
    ("tenders for software closing before the end of January", (TODAY, D(2027, 1, 31))),
])
def test_a_date_said_as_a_bound_is_a_range_with_that_end(query, want):
    value = _closing(query)
    assert isinstance(value, DateRange), value
    assert (value.start, value.end) == want


@pytest.mark.parametrize("query, want", [
    ("tenders for software published since 1 December", (D(2026, 12, 1), TODAY)),
    ("licitaciones de software publicadas desde el 1 de diciembre", (D(2026, 12, 1), TODAY)),
    ("licitaciones de software publicadas en noviembre", (D(2026, 11, 1), D(2026, 11, 30))),
    ("tenders for software published in November", (D(2026, 11, 1), D(2026, 11, 30))),
    ("tenders for software published before 1 December", (OPEN_START, D(2026, 11, 30))),
    # a year written is kept, and so is a date already gone
    ("tenders for software published in November 2027", (D(2027, 11, 1), D(2027, 11, 30))),
    ("licitaciones de software publicadas este mes", (D(2026, 12, 1), D(2026, 12, 31))),
])
def test_a_date_said_looking_back_is_the_latest_past_one(query, want):
    value = _published(query)
    assert isinstance(value, DateRange), value
    assert (value.start, value.end) == want


def test_a_bound_and_a_date_looking_back_in_one_request():
    task = parse_request(TENDERS, "tenders for software published since 1 December, closing "
                         "after 15 January", TODAY)
    assert task.values["published"] == DateRange(start=D(2026, 12, 1), end=TODAY)
    assert task.values["closing"] == DateRange(start=D(2027, 1, 16), end=OPEN_END)
    assert "published" not in task.past_inputs and "closing" not in task.past_inputs


OTHER_KIND = """\
apiVersion: scout/v1
kind: Pipeline
name: papers
description: Papers on a subject.
inputs:
  subject: {type: subject, description: "what the paper is about"}
  released: {type: date, aliases: [posted, aparecidos], description: "when it came out"}
phases:
  F0: {uses: task, produces: [task]}
"""


@pytest.fixture(scope="module")
def other_kind(tmp_path_factory):
    path = tmp_path_factory.mktemp("papers") / "pipelines" / "papers.yaml"
    path.parent.mkdir()
    path.write_text(OTHER_KIND, encoding="utf-8")
    return path


@pytest.mark.parametrize("query, want", [
    ("papers on graphene released in October", (D(2026, 10, 1), D(2026, 10, 31))),
    ("artículos de grafeno aparecidos desde el 15 de noviembre", (D(2026, 11, 15), TODAY)),
])
def test_any_kind_whose_date_label_is_a_past_participle_looks_back(other_kind, query, want):
    value = parse_request(other_kind, query, TODAY).values.get("released")
    assert isinstance(value, DateRange), value
    assert (value.start, value.end) == want


@pytest.mark.parametrize("kind, query, want", [
    # a first day, not a bound: a rental, a stay, an event's day are read as before
    ("examples/carrental/pipelines/car_rental.yaml", "car rental in Madrid from 5 May",
     D(2027, 5, 5)),
    ("examples/events/pipelines/events.yaml", "conciertos en Madrid el 20 de diciembre",
     D(2026, 12, 20)),
    ("examples/events/pipelines/events.yaml", "concerts in Madrid the week after Christmas",
     DateRange(start=D(2026, 12, 27), end=D(2027, 1, 2))),
    ("examples/events/pipelines/events.yaml", "conciertos en Madrid hasta el 20 de diciembre",
     DateRange(start=TODAY, end=D(2026, 12, 20))),
])
def test_other_kinds_dates_read_as_before(kind, query, want):
    path = Path(__file__).resolve().parents[2] / kind
    task = parse_request(path, query, TODAY)
    name = next(n for n, t in task.types.items() if t == "date")
    assert task.values.get(name) == want


def test_an_open_range_is_written_as_a_bound():
    from scout.i18n.values import format_range

    assert str(DateRange(start=D(2027, 1, 16), end=OPEN_END)) == "from 2027-01-16"
    assert format_range(D(2027, 1, 16), OPEN_END, "en") == "from January 16, 2027"
    assert format_range(D(2027, 1, 16), OPEN_END, "es") == "desde el 16 de enero de 2027"
    assert format_range(OPEN_START, D(2026, 11, 30), "es") == "hasta el 30 de noviembre de 2026"


@pytest.mark.parametrize("stated, kept", [
    ("Deadline: 20 January 2027", True),
    ("Deadline: 10 January 2027", False),
    ("Plazo de presentación: 15 de enero", False),
    ("Plazo de presentación: 3 de febrero", True),
])
def test_the_filter_keeps_what_closes_inside_an_open_range(stated, kept):
    from scout.spec.datesaid import on_dates

    asked = DateRange(start=D(2027, 1, 16), end=OPEN_END)
    assert on_dates([stated], asked, of=["deadline", "plazo"]) is kept


def test_the_filter_reads_a_bound_with_no_start():
    from scout.spec.datesaid import on_dates

    asked = DateRange(start=OPEN_START, end=D(2026, 11, 30)).model_dump(mode="json")
    assert on_dates(["Published: 12 November"], asked, of=["published"]) is True
    assert on_dates(["Published: 2 December"], asked, of=["published"]) is False


def test_a_date_gone_by_nature_is_not_flagged_as_past_in_the_report() -> None:
    # "publicadas en noviembre" is asked about the past on purpose: the report's "already
    # past" warning (Task.past_inputs) is for a stay or an event that is gone, not for it
    from scout.schemas.task import Month, Task

    november = Month(year=2026, month=11)
    task = Task(values={"published": november, "stay": november, "posted_since": november},
                types={"published": "month", "stay": "month", "posted_since": "month"},
                today=dt.date(2026, 12, 6))
    assert task.past_inputs == ["stay"]
