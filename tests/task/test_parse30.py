"""parse30: the words of a kind's own noun, places with a number, a landmark before its
city and a city after a comma, as the outside-author kinds (parking, storage,
attractions) found them misread."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
VEHICLE = InputSpec(type="string", enum=["car", "van", "motorbike"], synonyms={
    "car": ["coche", "auto"], "van": ["furgoneta"], "motorbike": ["moto", "motorcycle"]})
PARKING = {"place": InputSpec(type="place"), "vehicle": VEHICLE}
NOUNS = ["parking", "aparcamiento", "car park", "parking de coches", "garaje"]


@pytest.mark.parametrize(("query", "place", "vehicle"), [
    # a declared noun's word is the noun's, not the input's: a car park is where any
    # vehicle parks
    ("car park near King's Cross", "King's Cross", None),
    ("car parks in Leeds", "Leeds", None),
    ("parking de coches en Sevilla", "Sevilla", None),
    # the vehicle said on its own is still read, beside the noun too
    ("car park near King's Cross for my van", "King's Cross", "van"),
    ("parking de motos en Sevilla", "Sevilla", "motorbike"),
    ("aparcamiento para coche en Madrid", "Madrid", "car"),
])
def test_a_declared_nouns_word_is_no_inputs_value(query, place, vehicle):
    task = build_task(query, PARKING, today=TODAY, kind="parking", nouns=NOUNS)
    assert (task.values["place"], task.values["vehicle"]) == (place, vehicle)


@pytest.mark.parametrize(("query", "sport"), [
    ("padel court in Madrid", "padel"),
    ("tennis courts in Hackney", "tennis"),
    ("pista de pádel en Gràcia", "padel"),
])
def test_a_noun_declared_with_each_value_picks_the_value(query, sport):
    """The author declares the noun with each of the input's words ("padel court",
    "tennis court"): there the word names which, and the input reads it."""
    inputs = {"place": InputSpec(type="place"), "sport": InputSpec(
        type="string", enum=["padel", "tennis"], synonyms={"padel": ["pádel"], "tennis": ["tenis"]})}
    nouns = ["court", "pista", "padel court", "tennis court", "pista de pádel", "pista de tenis"]
    task = build_task(query, inputs, today=TODAY, kind="courts", nouns=nouns)
    assert task.values["sport"] == sport


@pytest.mark.parametrize(("query", "place"), [
    ("parking near Heathrow Terminal 5", "Heathrow Terminal 5"),
    ("car park near Heathrow Terminal 5, under £60", "Heathrow Terminal 5"),
    ("parking en la Terminal 2 de El Prat", "Terminal 2 de El Prat"),
    ("parking near Gate 12 of Stansted", "Gate 12 of Stansted"),
    ("stands cerca del Pabellón 3 de IFEMA", "Pabellón 3 de IFEMA"),
])
def test_a_numbered_part_keeps_its_number(query, place):
    """A noun that numbers a place's parts ("terminal", "puerta", "hall") keeps the number
    after it in the name; the place is not cut before it, its number left unread."""
    task = build_task(query, PARKING, today=TODAY, kind="parking", nouns=NOUNS)
    assert task.values["place"] == place
    assert not any("could not read" in n or "no se ha podido" in n for n in task.notes)


@pytest.mark.parametrize("query", ["parking en Madrid 2 días", "parking in Leeds 5 to 7pm"])
def test_a_number_after_any_other_name_is_no_part_of_it(query):
    task = build_task(query, PARKING, today=TODAY, kind="parking", nouns=NOUNS)
    assert task.values["place"] in ("Madrid", "Leeds")
