"""A month's full name is no place, where the kind reads no date to claim it ("cruise from
Miami in August" for a kind whose inputs are two places): after a cue ("in August", "en
agosto") or typed with its capital, the reader passes it by and a later name still wins;
a name holding a month ("Plaza de Mayo") is still one."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
TWO = {"region": InputSpec(type="place", aliases=["around", "to the", "por el"]),
       "port": InputSpec(type="place", aliases=["from", "desde", "departing from"])}
ONE = {"place": InputSpec(type="place")}


@pytest.mark.parametrize("query, region, port", [
    ("Cruise from Miami in August", None, "Miami"),
    ("Family cruise from Miami in August", None, "Miami"),
    ("river cruise departing from Budapest in September", None, "Budapest"),
    ("Crucero desde Barcelona en octubre", None, "Barcelona"),
])
def test_a_month_is_no_second_place(query: str, region: str | None, port: str) -> None:
    got = build_task(query, TWO, today=TODAY, kind="k", nouns=["cruise", "crucero"]).values
    assert (got.get("region"), got.get("port")) == (region, port)


@pytest.mark.parametrize("query, place", [
    ("hotels in August in Lisbon", "Lisbon"),
    ("apartamento en julio en Valencia", "Valencia"),
    ("a gym in March near Leeds", "Leeds"),
    ("hotel cerca de la Plaza de Mayo", "Plaza de Mayo"),
])
def test_a_later_place_wins_over_a_month(query: str, place: str) -> None:
    assert build_task(query, ONE, today=TODAY).values["place"] == place
