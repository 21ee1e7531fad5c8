"""A count of days said per a longer period is how often, never a length: "3 días a la
semana" once read as 72 hours for a kind with a ``duration`` input (a cleaner's hours),
and took the words a visits-a-week input's alias names. Hours per a period stay a length."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.durations import find_duration
from scout.task.lang import fold


@pytest.mark.parametrize("text", [
    "3 días a la semana", "3 days a week", "2 días por semana", "5 days/week",
    "two weeks a year", "4 días al mes", "cinco dias cada semana", "2 days per week"])
def test_days_per_a_longer_period_are_how_often(text):
    assert find_duration(fold(text), calendar=True) is None


@pytest.mark.parametrize("text,seconds", [
    ("4 horas a la semana", 4 * 3600), ("10 hours a week", 10 * 3600),
    ("durante 3 días", 3 * 86400), ("for 3 days in July", 3 * 86400),
    ("entrega en 2 semanas", 14 * 86400), ("3 días a la semana, 2 horas", 7200)])
def test_lengths_stay_lengths(text, seconds):
    hit = find_duration(fold(text), calendar=True)
    assert hit is not None and hit[0] == seconds


def test_the_days_go_to_the_input_counting_them_not_the_length():
    inputs = {"hours": InputSpec(type="duration", aliases=["horas", "hours"]),
              "days": InputSpec(type="integer", aliases=["días a la semana", "days a week"])}
    for query in ("gimnasio en Bilbao, 3 días a la semana", "a nanny in York, 4 days a week"):
        task = build_task(query, inputs, today=dt.date(2026, 12, 7))
        assert task.values["hours"] is None, query
        assert task.values["days"] in (3, 4), query
