"""A region typed at the request's opening right before the kind's own noun, in a kind
with two place inputs (scout/task/placepair.py, ``stray``): "Alaska cruise from Seattle"
names the region sailed as "cruise in Alaska from Seattle" does, where CLDR knows the
region; an ordinary word there ("Family cruise", "River cruise", "Sunset cruise") stays
no place."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
CRUISES = {"region": InputSpec(type="place", aliases=["around", "to the", "por el", "por las"]),
           "port": InputSpec(type="place", aliases=["from", "desde", "departing from"])}
TOURS = {"place": InputSpec(type="place", aliases=["in", "en", "to"]),
         "origin": InputSpec(type="place", aliases=["from", "desde"])}


def _read(inputs: dict[str, InputSpec], query: str, nouns: list[str]) -> dict[str, object]:
    return build_task(query, inputs, today=TODAY, kind="k", nouns=nouns).values


@pytest.mark.parametrize("query, region, port", [
    ("Alaska cruise from Seattle in July", "Alaska", "Seattle"),
    ("Alaska cruise departing from Vancouver, balcony", "Alaska", "Vancouver"),
    ("Looking for an Alaska cruise from Seattle", "Alaska", "Seattle"),
    ("Crucero Alaska desde Seattle en julio", "Alaska", "Seattle"),
    # an ordinary word at the opening is no region
    ("Family cruise from Miami in August", None, "Miami"),
    ("River cruise from Budapest", None, "Budapest"),
    ("Sunset cruise from Lagos", None, "Lagos"),
    ("Expedition cruise from Ushuaia", None, "Ushuaia"),
])
def test_a_region_before_the_kinds_noun(query: str, region: str | None, port: str) -> None:
    got = _read(CRUISES, query, ["cruise", "cruises", "crucero", "cruceros"])
    assert (got.get("region"), got.get("port")) == (region, port)


@pytest.mark.parametrize("query, place, origin", [
    ("California day tour from Las Vegas", "California", "Las Vegas"),
    ("Andalucía tour from Madrid", "Andalucía", "Madrid"),
    ("Family tour from Madrid", None, "Madrid"),
    ("Private tour from Lisbon", None, "Lisbon"),
])
def test_another_kind_reads_it_the_same(query: str, place: str | None, origin: str) -> None:
    got = _read(TOURS, query, ["tour", "day tour", "excursion", "excursión"])
    assert (got.get("place"), got.get("origin")) == (place, origin)


@pytest.mark.parametrize("query, region", [
    # a nationality and the landform it names, the adjective typed with its capital and
    # the noun in lower case, as people type them
    ("Norwegian fjords cruise from Southampton in June", "Norwegian fjords"),
    ("cruise to the Norwegian fjords from Southampton", "Norwegian fjords"),
    ("Greek islands cruise in May", "Greek islands"),
    ("cruise around the Greek islands in May", "Greek islands"),
    ("sailing the Croatian islands from Split in July", "Croatian islands"),
    ("crucero por las islas griegas en mayo", "Islas Griegas"),
])
def test_a_landform_a_nationality_names(query: str, region: str) -> None:
    got = _read(CRUISES, query, ["cruise", "cruises", "sailing", "crucero", "cruceros"])
    assert got.get("region") == region


def test_a_hiking_kind_reads_it_too() -> None:
    inputs = {"area": InputSpec(type="place", aliases=["in", "en", "around"])}
    got = _read(inputs, "easy hikes in the Italian lakes in May", ["hike", "hikes"])
    assert got.get("area") == "Italian lakes"
    got = _read(inputs, "Swedish coast hikes in August", ["hike", "hikes"])
    assert got.get("area") == "Swedish coast"
