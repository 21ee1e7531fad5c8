"""parse31: a named landmark with its city after "en" / "in" (no "near" before it), trip
words beside a destination, and a neighbourhood with its city after a comma."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
ATTRACTIONS = {"place": InputSpec(type="place")}
ATTRACTION_NOUNS = ["museo", "museum", "zoo", "tickets", "entradas"]
DESTINATION = {"destination": InputSpec(type="place", aliases=["to", "a"])}


@pytest.mark.parametrize(("query", "landmark", "city"), [
    # a landmark's noun opens or ends the name: a landmark, as "near" would say it
    ("entradas para el Museo del Prado en Madrid", "Museo del Prado", "Madrid"),
    ("tickets for the British Museum in London", "British Museum", "London"),
    ("visita al Palacio Real en Madrid", "Palacio Real", "Madrid"),
    ("Museo del Prado, Madrid", "Museo del Prado", "Madrid"),
])
def test_a_named_landmark_before_its_city(query, landmark, city):
    """A place input that holds no city holds the landmark; a destination the city."""
    task = build_task(query, ATTRACTIONS, today=TODAY, kind="attractions", nouns=ATTRACTION_NOUNS)
    assert task.values["place"] == landmark
    task = build_task(query, DESTINATION, today=TODAY, kind="hotels")
    assert task.values["destination"] == city


@pytest.mark.parametrize(("query", "place"), [
    # no landmark's noun in the name, no "near": the city, as before
    ("visita a la Sagrada Familia en Barcelona", "Barcelona"),
    ("tapas en Triana, Sevilla", "Sevilla"),
    # a lodging's name is no landmark
    ("Hotel Arts en Barcelona", "Barcelona"),
    ("entradas al Zoo de Barcelona", "Barcelona"),
])
def test_no_landmark_noun_keeps_the_city(query, place):
    task = build_task(query, ATTRACTIONS, today=TODAY, kind="attractions", nouns=ATTRACTION_NOUNS)
    assert task.values["place"] == place
