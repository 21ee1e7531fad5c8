"""The academic calendar said in a request (scout/task/academic.py): an academic year with
its two years or said from today, and its halves (cuatrimestres, semesters), for any kind
with a `date` input (a residence, a course, a school, a visiting post). The clock is
injected: today is Sunday 6 December 2026, in the middle of the 2026-27 academic year."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange
from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)
# a kind that knows nothing of universities: a subject, a place and a date
INPUTS = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place"),
          "dates": InputSpec(type="date")}


def _dates(query: str, today: dt.date = TODAY) -> str | None:
    value = parse_query(query, INPUTS, today=today).values.get("dates")
    assert value is None or isinstance(value, DateRange), value
    return None if value is None else f"{value.start}..{value.end}"


@pytest.mark.parametrize("query", [
    "residencia de estudiantes en Salamanca, curso 2027-28",
    "colegio mayor en Santiago para el curso 2027/2028",
    "piso compartido en Valencia el curso académico 2027-2028",
    "student halls in Manchester for the academic year 2027/28",
    "student residence in Leeds for the 2027-28 academic year",
    "school places in Bristol, 2027/28 school year",
])
def test_an_academic_year_said_with_its_years(query: str) -> None:
    assert _dates(query) == "2027-09-01..2028-06-30"


@pytest.mark.parametrize("query, want", [
    ("residencia en Valencia para el curso que viene", "2027-09-01..2028-06-30"),
    ("residencia en Valencia el próximo curso", "2027-09-01..2028-06-30"),
    ("student residence in Glasgow next academic year", "2027-09-01..2028-06-30"),
    # the one under way, from today
    ("residencia en Oviedo para este curso", "2026-12-06..2027-06-30"),
    ("a room in York for this academic year", "2026-12-06..2027-06-30"),
])
def test_an_academic_year_said_from_today(query: str, want: str) -> None:
    assert _dates(query) == want


@pytest.mark.parametrize("query, want", [
    # the next half not yet started: February's, then September's
    ("habitación en Sevilla, 2º cuatrimestre", "2027-02-01..2027-06-30"),
    ("habitación en Sevilla el segundo cuatrimestre", "2027-02-01..2027-06-30"),
    ("residencia en Madrid para el primer cuatrimestre", "2027-09-01..2028-01-31"),
    ("a student residence in Bologna for the autumn semester", "2027-09-01..2028-01-31"),
    ("room in Lisbon for the spring semester", "2027-02-01..2027-06-30"),
    ("residencia en Oviedo el semestre de primavera", "2027-02-01..2027-06-30"),
    ("residencia en Granada el semestre de otoño", "2027-09-01..2028-01-31"),
    # with the year said
    ("residencia en Madrid para el primer cuatrimestre del curso 2027-28",
     "2027-09-01..2028-01-31"),
    ("room in Lisbon for the spring semester 2028", "2028-02-01..2028-06-30"),
    ("fall semester 2027 in Boston", "2027-09-01..2028-01-31"),
    ("second semester of the 2027-28 academic year in Leiden", "2028-02-01..2028-06-30"),
    # "this" is the one under way, from today
    ("residencia en Burgos este primer cuatrimestre", "2026-12-06..2027-01-31"),
])
def test_a_half_of_the_academic_year(query: str, want: str) -> None:
    assert _dates(query) == want


def test_between_two_academic_years_the_coming_one_is_next() -> None:
    # in July the last year has ended: "el curso que viene" is the one starting in September
    assert _dates("residencia en León el curso que viene", dt.date(2027, 7, 15)) == \
        "2027-09-01..2028-06-30"
    assert _dates("residencia en León este curso", dt.date(2027, 7, 15)) == \
        "2027-09-01..2028-06-30"


@pytest.mark.parametrize("query, want", [
    # no academic year: years that do not follow each other, a bare pair, a calendar
    # year's half, the seasons themselves
    ("residencia en Cádiz curso 2027-29", None),
    ("cursos de python en Madrid 2027-28", None),
    ("informes del primer semestre de 2027 en Madrid", "2027-01-01..2027-06-30"),
    ("hotel in Rome in the spring", "2027-03-01..2027-05-31"),
    ("casa en Soria en otoño", "2027-09-01..2027-11-30"),
])
def test_what_is_no_academic_year_stays_as_it_was(query: str, want: str | None) -> None:
    assert _dates(query) == want


def test_the_academic_year_is_no_topic_nor_a_number_left_unread() -> None:
    task = parse_query("cursos de alemán en Salamanca para el curso 2027-28", INPUTS,
                       today=TODAY)
    assert task.values["topic"] == "alemán"
    assert not any("2027" in note for note in task.notes), task.notes
