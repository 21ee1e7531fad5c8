"""Two classes an outside author of a hiking-trails kind met, for any kind. A quantity
declared as a floor and a cap of one thing (``min_km`` and ``max_km``, ``min_gain`` and
``max_gain``) gives each end what the request's comparison names, whichever is declared
first: "menos de 15 km" is the cap, never refused as "a maximum for a minimum". And a
landform's noun that opens a place's name ("the Lake District", "los Picos de Europa")
is the place's, no enum word of the request (a trail's lake, a summit). Inputs are
written here, not taken from an example kind."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)

KM = ["km", "kilómetros", "kilometres"]
GAIN = ["m", "metros", "metres", "desnivel", "elevation gain"]


def pair(aliases: list[str], floor_first: bool = True) -> dict[str, InputSpec]:
    ends = [("min_len", InputSpec(type="number", aliases=aliases)),
            ("max_len", InputSpec(type="number", aliases=aliases))]
    return dict(ends if floor_first else ends[::-1])


def read(query: str, inputs: dict[str, InputSpec]) -> tuple[dict[str, Any], list[str]]:
    task = parse_query(query, {"place": InputSpec(type="place"), **inputs}, today=TODAY)
    return {k: v for k, v in task.values.items() if k != "place"}, task.notes


@pytest.mark.parametrize("floor_first", [True, False])
@pytest.mark.parametrize("query, aliases, want", [
    ("ruta cerca de Granada, menos de 15 km", KM, {"max_len": 15.0}),
    ("hike near Glasgow, under 8 km", KM, {"max_len": 8.0}),
    ("hike near Glasgow, at least 10 km", KM, {"min_len": 10.0}),
    ("ruta en Asturias de más de 10 km y menos de 15 km", KM,
     {"min_len": 10.0, "max_len": 15.0}),
    ("ruta en Granada, desnivel de menos de 600 m", GAIN, {"max_len": 600.0}),
    ("a trail in Wales, 1,000 m elevation gain at least", GAIN, {"min_len": 1000.0}),
    ("ruta por Asturias de 15 km como máximo", KM, {"max_len": 15.0}),
])
def test_a_floor_and_a_cap_each_take_the_end_said(query, aliases, want, floor_first):
    values, notes = read(query, pair(aliases, floor_first))
    assert values == want
    # nothing was refused: the value found its own end
    assert not [n for n in notes if "so it was not read" in n or "no se ha leído" in n], notes


def test_a_lone_cap_is_still_refused_for_a_floor():
    # with no cap declared beside it, a floor still refuses a cap, and says so
    values, notes = read("hike near Glasgow, under 8 km",
                         {"min_len": InputSpec(type="number", aliases=KM)})
    assert values == {}
    assert any("is a maximum, and this input is a minimum" in n for n in notes), notes


@pytest.mark.parametrize("query, name", [
    ("talks on Go, 20 minutes at least", "max_duration"),
    ("charlas sobre Go de 45 minutos como máximo", "min_duration"),
])
def test_a_bound_said_after_the_value_is_its_direction(query, name):
    # said after the value, a floor is no cap (and a cap no floor): refused and noted
    task = parse_query(query, {"topic": InputSpec(type="subject"),
                               name: InputSpec(type="duration")}, today=TODAY)
    assert name not in task.values
    assert any("so it was not read" in n or "no se ha leído" in n for n in task.notes), \
        task.notes


def test_a_bound_word_before_the_next_value_is_that_value_s():
    # "16 GB de RAM, máximo 25 mil pesos": the "máximo" bounds the price, not the RAM
    values, notes = read("ruta en Asturias de 15 km, máximo 5 horas",
                         {"min_len": InputSpec(type="number", aliases=KM)})
    assert values == {"min_len": 15.0}, notes


def test_ends_of_another_type_are_no_pair():
    # min_len a number, max_len a duration: two quantities, not one floor and cap
    inputs = {"min_len": InputSpec(type="number", aliases=KM),
              "max_len": InputSpec(type="duration")}
    values, _notes = read("hike near Glasgow, under 8 km, 3 hours", inputs)
    assert "min_len" not in values and values.get("max_len") == 10800


FEATURES = InputSpec(type="list", items="string", enum=["lake", "summit", "waterfall"],
                     synonyms={"lake": ["lago"], "summit": ["pico", "picos", "cumbre"],
                               "waterfall": ["cascada"]})
SHAPE = InputSpec(type="string", enum=["lake", "coast"], synonyms={"lake": ["lago"]})


@pytest.mark.parametrize("query, place, features", [
    ("a trail in the Lake District with a waterfall", "Lake District", ["waterfall"]),
    ("hike in the lake district with a waterfall", "Lake District", ["waterfall"]),
    ("rutas en los Picos de Europa con cascada", "Picos de Europa", ["waterfall"]),
    ("rutas en los picos de europa con cascada", "Picos de Europa", ["waterfall"]),
    # a landform's noun that opens no name is the request's word
    ("ruta con cascada y lago cerca de León", "León", ["waterfall", "lake"]),
    ("walk near Keswick with a lake and a waterfall", "Keswick", ["lake", "waterfall"]),
    ("ruta por el Lago de Sanabria con cumbre", "Lago de Sanabria", ["summit"]),
])
def test_a_landform_opening_a_place_name_is_no_enum_word(query, place, features):
    task = parse_query(query, {"place": InputSpec(type="place"), "features": FEATURES},
                       today=TODAY)
    assert task.values.get("place") == place
    assert task.values.get("features") == features


def test_the_same_holds_for_a_one_value_enum():
    task = parse_query("cabins in the Lake District", {"place": InputSpec(type="place"),
                                                       "setting": SHAPE}, today=TODAY)
    assert task.values.get("place") == "Lake District" and "setting" not in task.values
