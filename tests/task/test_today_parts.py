"""A part of today named as one phrase ("tonight", "this evening", "esta tarde", "esta
mañana"): today's date, relative to the parser's injected today, and the part of the day
where the kind has a time of day input (scout/task/dayparts.py)."""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import Any

import pytest

from scout.schemas.task import DateRange
from scout.spec.loader import load_pipeline
from scout.task.dayparts import today_parts
from scout.task.parser import parse_query

TODAY = dt.date(2027, 2, 17)
FLIGHTS = "examples/flights/pipelines/flights.yaml"
TOURS = "examples/tours/pipelines/tours.yaml"
TRAINS = "examples/trains/pipelines/trains.yaml"


@lru_cache(maxsize=None)
def _inputs(path: str) -> Any:
    return load_pipeline(path).model.inputs


def _today(value: Any) -> bool:
    return value == TODAY or value == DateRange(start=TODAY, end=TODAY)


@pytest.mark.parametrize("path, q, date, part", [
    (FLIGHTS, "flight from Madrid to Paris tonight", "departure", "evening"),
    (FLIGHTS, "vuelo de Madrid a Roma esta noche", "departure", "evening"),
    (FLIGHTS, "any flights Barcelona to London this evening?", "departure", "evening"),
    (FLIGHTS, "vuelo Madrid Lisboa esta tarde", "departure", "afternoon"),
    (FLIGHTS, "flight London to Dublin this afternoon, economy", "departure", "afternoon"),
    (FLIGHTS, "vuelo de Sevilla a Bilbao hoy por la tarde", "departure", "afternoon"),
    # "mañana" after "esta" is the morning, not tomorrow
    (FLIGHTS, "vuelo de Valencia a Palma esta mañana", "departure", "morning"),
    (TOURS, "walking tour in Lisbon tonight", "date", "evening"),
    (TOURS, "tour por Granada esta tarde en español", "date", "afternoon"),
    (TRAINS, "tren de Madrid a Valencia esta noche", "date", "evening"),
    (TRAINS, "train from London to York this morning", "date", "morning"),
])
def test_a_part_of_today(path: str, q: str, date: str, part: str) -> None:
    values = parse_query(q, _inputs(path), today=TODAY).values
    assert _today(values.get(date)), values
    assert values.get("time_of_day") == part


def test_tomorrow_stays_tomorrow() -> None:
    values = parse_query("vuelo de Madrid a Roma mañana por la tarde", _inputs(FLIGHTS),
                         today=TODAY).values
    assert values.get("departure") in (TODAY + dt.timedelta(days=1),
                                       DateRange(start=TODAY + dt.timedelta(days=1),
                                                 end=TODAY + dt.timedelta(days=1)))
    assert values.get("time_of_day") == "afternoon"


def test_a_kind_with_no_time_input_takes_the_day() -> None:
    values = parse_query("hotel en Sevilla para esta noche", _inputs(
        "pipelines/hotel_research.yaml"), today=TODAY).values
    assert _today(values.get("month"))


@pytest.mark.parametrize("said, written", [
    ("Tonight", "today in the evening"),
    ("ESTA  NOCHE", "hoy por la noche"),
    ("esta manana", "hoy por la mañana"),
    ("this afternoon", "today in the afternoon"),
    ("la orquesta tarde", "la orquesta tarde"),  # "esta" inside a word is none
])
def test_written_out(said: str, written: str) -> None:
    assert today_parts(said) == written
