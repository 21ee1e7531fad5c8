"""parse30: the words of a kind's own noun, places with a number, a landmark before its
city and a thing's noun before a city, as the outside-author kinds (parking, storage,
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
NOUNS = ["parking", "aparcamiento", "car park", "parking de coches", "parking de motos",
         "garaje"]


@pytest.mark.parametrize(("query", "place", "vehicle"), [
    # a declared noun's word is the noun's, not the input's, where the noun names the thing
    # whatever the value: a car park is where a van parks too
    ("car park near King's Cross", "King's Cross", None),
    ("car parks in Leeds", "Leeds", None),
    # the vehicle said on its own is still read, beside the noun too
    ("car park near King's Cross for my van", "King's Cross", "van"),
    ("aparcamiento para coche en Madrid", "Madrid", "car"),
    # the rest of the noun is a noun declared alone ("parking"): the word says which
    ("parking de motos en Sevilla", "Sevilla", "motorbike"),
    ("parking de coches en Sevilla para mi furgoneta", "Sevilla", "van"),
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
    nouns = ["padel court", "tennis court", "pista de pádel", "pista de tenis"]
    task = build_task(query, inputs, today=TODAY, kind="courts", nouns=nouns)
    assert task.values["sport"] == sport


@pytest.mark.parametrize(("nouns", "query", "want"), [
    # the rest of the noun is declared alone: the value word says which
    (["charter", "yacht charter"], "yacht charter in Mallorca", {"boat": "yacht"}),
    (["tour", "free tour"], "free tour por Madrid", {"free": True}),
    # the rest is the inputs' words too: each reads its own
    (["paseador de perros"], "paseador de perros en Madrid", {"pet": "dog", "service": "walking"}),
])
def test_a_noun_that_says_which_leaves_the_value(nouns, query, want):
    inputs = {"place": InputSpec(type="place"),
              "boat": InputSpec(type="string", enum=["yacht", "catamaran"]),
              "free": InputSpec(type="boolean", aliases=["free", "gratis"]),
              "service": InputSpec(type="string", enum=["walking", "sitting"],
                                   synonyms={"walking": ["paseador", "paseo"]}),
              "pet": InputSpec(type="string", enum=["dog", "cat"],
                               synonyms={"dog": ["perro"], "cat": ["gato"]})}
    task = build_task(query, inputs, today=TODAY, kind="things", nouns=nouns)
    assert {k: task.values[k] for k in want} == want


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


STORAGE = {"city": InputSpec(type="place")}


@pytest.mark.parametrize(("query", "city"), [
    # the thing's noun typed before the city, no cue: the city the noun is followed by
    ("storage unit manchester", "Manchester"),
    ("storage locker leeds 3 months", "Leeds"),
    # a landmark before its city: a city's input holds the city
    ("trastero cerca del Hospital Clínic en Barcelona", "Barcelona"),
    ("storage junto a la estación de Atocha, Madrid", "Madrid"),
])
@pytest.mark.parametrize("kind", ["storage", ""])
def test_the_city_of_a_citys_input(query, city, kind):
    """With the kind's word claimed or not (a kind named otherwise)."""
    task = build_task(query, STORAGE, today=TODAY, kind=kind)
    assert task.values["city"] == city


def test_the_kinds_word_typed_first_with_its_capital():
    task = build_task("Storage unit Manchester", STORAGE, today=TODAY, kind="storage")
    assert task.values["city"] == "Manchester"


@pytest.mark.parametrize(("query", "place"), [
    ("plaza de garaje cerca del Hospital Clínic en Barcelona", "Hospital Clínic"),
    ("car park near the Sagrada Familia in Barcelona", "Sagrada Familia"),
    ("parking near the british museum in london", "British Museum"),
    # after a comma, as before
    ("parking junto a la estación de Atocha, Madrid", "Atocha"),
    ("car park near King's Cross, London, under £15 a day", "King's Cross"),
    # no landmark's cue ("en"), or no landmark before the city: as before
    ("parking en Gràcia, Barcelona", "Gràcia"),
    ("parking near Madrid", "Madrid"),
    ("parking in Madrid", "Madrid"),
])
def test_a_landmark_before_its_city_is_the_place(query, place):
    """A place input that holds no city ("where to park") holds the landmark the request
    is near, whether its city follows after "en" / "in" or a comma."""
    task = build_task(query, PARKING, today=TODAY, kind="parking", nouns=NOUNS)
    assert task.values["place"] == place


@pytest.mark.parametrize("query", ["Hotels near the Eiffel Tower in Paris this weekend",
                                   "Hoteles cerca de la Sagrada Familia en Barcelona en mayo"])
def test_a_destination_is_the_city(query):
    inputs = {"destination": InputSpec(type="place", aliases=["to", "a"])}
    task = build_task(query, inputs, today=TODAY, kind="hotels")
    assert task.values["destination"] in ("Paris", "Barcelona")


ATTRACTIONS = {"place": InputSpec(type="place")}
ATTRACTION_NOUNS = ["museo", "museum", "zoo", "tickets", "entradas"]


@pytest.mark.parametrize(("query", "place"), [
    # the kind's noun typed with its capital inside a proper name is the name's
    ("tickets for the British Museum", "British Museum"),
    ("entradas Museo Picasso Málaga", "Museo Picasso Málaga"),
    # the noun before a city, or typed in lower case, is the kind's: the city is the place
    ("Museums in London", "London"),
    ("Museos de Madrid para niños", "Madrid"),
    ("entradas al Zoo de Barcelona", "Barcelona"),
    ("tickets for the museum in London", "London"),
])
def test_a_kinds_noun_inside_a_proper_name(query, place):
    task = build_task(query, ATTRACTIONS, today=TODAY, kind="attractions", nouns=ATTRACTION_NOUNS)
    assert task.values["place"] == place
