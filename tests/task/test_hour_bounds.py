"""A bound said of a time of day bounds the hour of the day named, never the day: "before
6pm tomorrow" is tomorrow (read once as "before tomorrow": today), "until 7 pm on Friday"
is Friday (read as every day from today to Friday), as Spanish "antes de las 18h" always
was (scout/task/noise.py ``_TIME``). A bound on a day alone stays a range."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

ROOT = Path(__file__).resolve().parents[2] / "examples"
TODAY = dt.date(2026, 12, 7)   # a Monday
KINDS = {"catering": ROOT / "catering" / "pipelines" / "catering.yaml",
         "cleaning": ROOT / "cleaning" / "pipelines" / "cleaning.yaml",
         "hairsalons": ROOT / "hairsalons" / "pipelines" / "hairsalons.yaml"}


def _day(kind: str, query: str) -> object:
    task = parse_request(KINDS[kind], query, TODAY)
    return task.model_dump(mode="json")["values"]["date" if kind != "hairsalons" else "day"]


@pytest.mark.parametrize("kind, query, day", [
    ("hairsalons", "men's haircut in Leeds before 6pm tomorrow", "2026-12-08"),
    ("hairsalons", "haircut in Leeds until 7 pm on Friday", "2026-12-11"),
    ("hairsalons", "a blow-dry in York no later than 10:30 on Saturday", "2026-12-12"),
    ("catering", "coffee break for 40 in Leeds, delivered before 9am next Monday", "2026-12-14"),
    ("cleaning", "end of tenancy clean in Bristol after 2pm on Thursday", "2026-12-10"),
    ("cleaning", "limpieza en Madrid antes de las 14h del jueves", "2026-12-10"),
    ("hairsalons", "corte en Sevilla hasta las 13:00 del sábado", "2026-12-12"),
])
def test_a_bound_on_the_hour_leaves_the_day_named(kind, query, day):
    assert _day(kind, query) == day


@pytest.mark.parametrize("kind, query, start, end", [
    ("hairsalons", "haircut in Leeds before Friday", "2026-12-07", "2026-12-10"),
    ("catering", "catering in Leeds for 40 people until Thursday", "2026-12-07", "2026-12-10"),
])
def test_a_bound_on_a_day_is_still_a_range(kind, query, start, end):
    said = _day(kind, query)
    assert isinstance(said, dict) and (said["start"], said["end"]) == (start, end)
