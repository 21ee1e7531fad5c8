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


CITY = {"city": InputSpec(type="place", description="city or neighbourhood")}


@pytest.mark.parametrize(("query", "city"), [
    # a neighbourhood named like a city elsewhere, its city after a comma: the city
    ("Departamento de 2 dormitorios en Palermo, Buenos Aires, con balcón", "Buenos Aires"),
    ("2-bed flat in Palermo, Buenos Aires under USD 150,000", "Buenos Aires"),
    ("departamento en la colonia Roma, CDMX, 2 recámaras", "CDMX"),
    # as a neighbourhood the gazetteer knows does
    ("piso en Triana, Sevilla", "Sevilla"),
    # alone, or with no city of its own after the comma: the name, as before
    ("piso en Palermo", "Palermo"),
    ("flat in Palermo, Sicily, sea view", "Palermo"),
    ("hotel en Sóller, Mallorca", "Sóller"),
])
def test_a_neighbourhood_named_like_a_city_beside_its_city(query, city):
    task = build_task(query, CITY, today=TODAY, kind="flats")
    assert task.values["city"] == city


@pytest.mark.parametrize(("query", "destination"), [
    # who comes along after "en" / "in" is no town
    ("viaje en familia a Sevilla en mayo", "Sevilla"),
    ("escapada en pareja a Roma", "Roma"),
    ("trip in a group to Porto", "Porto"),
    # the kind of trip typed after a known town is no word of its name
    ("lisbon city break", "Lisbon"),
    ("Lisbon City Break in May", "Lisbon"),
    ("rome family trip", "Rome"),
    # a name the gazetteer knows whole keeps its word; an unknown town typed mid-sentence stays
    ("Mexico City break", "Mexico City"),
    ("romantic Sitges getaway", "Sitges"),
])
def test_trip_words_beside_a_destination(query, destination):
    task = build_task(query, DESTINATION, today=TODAY, kind="hotels")
    assert task.values["destination"] == destination


@pytest.mark.parametrize("query", ["viaje en familia", "vacaciones en familia en agosto",
                                   "escapada en pareja", "family trip in a group"])
def test_who_comes_along_is_no_destination(query):
    task = build_task(query, DESTINATION, today=TODAY, kind="hotels")
    assert task.values.get("destination") is None
