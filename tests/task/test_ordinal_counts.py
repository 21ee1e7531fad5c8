"""A count said as an ordinal before its noun ("3rd floor", "4ª planta", "tercera planta")
is that number, and a number after a count's noun that a unit of another measure follows
("piso de 70 m²", "habitación de 12 m2") is a size, no count (scout.task.ordinals). Before,
a removal's "4th floor" was read as nothing and "piso de 70 m²" as the 70th floor."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)
FLOORS = {"city": InputSpec(type="place"),
          "floor": InputSpec(type="integer", aliases=["planta", "piso", "floor"]),
          "rooms": InputSpec(type="integer", aliases=["habitación", "habitaciones", "bedrooms"])}


def _read(query: str, inputs: dict[str, InputSpec] = FLOORS) -> dict:
    return {k: v for k, v in parse_query(query, inputs, today=TODAY).values.items()
            if v is not None}


@pytest.mark.parametrize(("query", "floor"), [
    ("movers in Leeds, 3rd floor, no lift", 3),
    ("movers in Leeds, 4th floor", 4),
    ("1st floor flat in London", 1),
    ("mudanza en Bilbao, 4ª planta", 4),
    ("mudanza en Bilbao, 3.º piso", 3),
    ("mudanza en Bilbao, 3er piso", 3),
    ("mudanza en Sevilla, tercera planta", 3),
    ("a flat in Leeds on the second floor", 2),
    ("mudanza en Sevilla, planta 5", 5),     # as before: the alias first
])
def test_a_floor_said_by_its_rank(query, floor):
    assert _read(query)["floor"] == floor


@pytest.mark.parametrize("query", [
    "mudanza en Madrid, piso de 70 m²",
    "piso de 90 metros cuadrados en Madrid",
    "piso de 25 m3 en Madrid",
    "floor of 80 sq ft in London",
])
def test_a_size_after_the_noun_is_no_count(query):
    assert "floor" not in _read(query)


def test_a_count_and_a_size_in_one_request():
    # the rooms are counted before their noun; the room's size after it is none of them
    rooms = {"city": InputSpec(type="place"), "rooms": FLOORS["rooms"]}
    assert _read("piso de 3 habitaciones de 70 m2 en Madrid", rooms)["rooms"] == 3
    assert "rooms" not in _read("habitación de 12 m2 en Madrid", rooms)


def test_a_unit_that_is_the_inputs_own_word_is_still_its_count():
    inputs = {"city": InputSpec(type="place"),
              "distance": InputSpec(type="integer", aliases=["distancia", "km"])}
    assert _read("ruta en Madrid, distancia de 15 km", inputs)["distance"] == 15
