"""The ``area`` input type: a floor area read from requests as people write it, in square
metres or square feet, in English and Spanish (found writing the rentals kind: an author
had to list every spelling of m² as aliases of a number, and square feet were not read)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.i18n.values import format_value
from scout.spec.models import InputSpec
from scout.task.area import parse_area
from scout.task.build import build_task
from scout.task.parser import parse_query
from scout.validate import validate_paths

TODAY = dt.date(2026, 12, 2)
FLAT = {"min_area": InputSpec(type="area"), "city": InputSpec(type="place"),
        "rent": InputSpec(type="money")}


@pytest.mark.parametrize("query,expected", [
    ("studio in barcelona max 850€ pm at least 40 m2", 40.0),
    ("piso de 60 m² en Madrid", 60.0),
    ("estudio de 75 metros cuadrados en Vigo", 75.0),
    ("piso de 60 metros en Málaga", 60.0),             # "metros" alone: the flat's size
    ("60 mts2 en Málaga", 60.0),
    ("flat of at least 60 square metres in Dublin", 60.0),
    ("45 sqm flat in London", 45.0),
    ("500 sq ft studio in New York", 46.5),            # square feet, converted
    ("casa de 1.200 pies cuadrados en Miami", 111.5),
    ("piso de 45,5 m2", 45.5),
])
def test_an_area_is_read_in_square_metres(query, expected) -> None:
    got = parse_query(query, FLAT, today=TODAY)
    assert got.values["min_area"] == expected
    assert not [n for n in got.notes if "could not read" in n or "no se pudo leer" in n]


def test_metres_as_a_distance_are_not_an_area() -> None:
    got = parse_query("piso a 300 metros de la playa en Cádiz", FLAT, today=TODAY).values
    assert "min_area" not in got
    got = parse_query("piso de 70 metros a 300 metros de la playa", FLAT, today=TODAY).values
    assert got["min_area"] == 70.0


def test_a_comparison_before_an_area_is_claimed_with_it() -> None:
    got = parse_query("flat of at least 60 m2 in dublin", FLAT, today=TODAY)
    assert got.spans["min_area"] == "at least 60 m2" and got.values["city"] == "Dublin"


@pytest.mark.parametrize("written,expected", [
    (60, 60.0), ("60", 60.0), ("60 m2", 60.0), ("60 m²", 60.0), ("500 sq ft", 46.5)])
def test_an_area_written_in_a_default_mission_or_set(written, expected) -> None:
    assert parse_area(written) == expected
    task = build_task("", {"min_area": InputSpec(type="area")}, set_values={"min_area": written},
                      today=TODAY)
    assert task.values["min_area"] == expected


@pytest.mark.parametrize("written", ["sixty", "60 km", True, -5, float("inf")])
def test_what_is_not_an_area_says_how_to_write_one(written) -> None:
    with pytest.raises(ValueError, match="area"):
        parse_area(written)


def test_a_default_that_is_not_an_area_is_a_located_spec_error(tmp_path: Path) -> None:
    spec = tmp_path / "flats.yaml"
    spec.write_text("apiVersion: scout/v1\nname: flats\ninputs:\n"
                    "  min_area: {type: area, default: sixty}\n"
                    "phases:\n  F0: {uses: task, produces: [task]}\n")
    problems = validate_paths([spec]).files[0].problems
    assert [(p.code, p.location.line if p.location else None) for p in problems
            if p.severity == "error"] == [("SPEC014", 4)]


@pytest.mark.parametrize("lang,shown", [("en", "1,200 m²"), ("es", "1.200 m²"), ("es", "45,5 m²")])
def test_an_area_is_shown_in_square_metres(lang, shown) -> None:
    value = 45.5 if "45" in shown else 1200.0
    assert format_value(value, "area", lang) == shown


def test_hundreds_of_digits_are_not_an_area_or_a_number() -> None:
    # a float past 1e308 is inf, which the Task's JSON cannot hold
    inputs = {**FLAT, "hours": InputSpec(type="number")}
    got = parse_query("9" * 400 + " m2 and " + "9" * 400 + " hours", inputs, today=TODAY)
    assert "min_area" not in got.values and "hours" not in got.values


def test_an_area_asked_in_square_feet_is_shown_in_them_with_m2_beside() -> None:
    """'50 sq ft' was shown '4.6 m²' alone, in the notes, the reasons and a search's
    words: the request's unit is kept (Task.units) as a length's in miles is."""
    inputs = {"city": InputSpec(type="place"), "size": InputSpec(type="area")}
    task = build_task("self storage in London, 50 sq ft", inputs, today=TODAY)
    assert task.units == {"size": "ft2"} and task.values["size"] == 4.6  # kept in m²
    assert format_value(4.6, "area", "en", units=task.shown_units) == "50 ft² (4.6 m²)"
    assert "size: read '50 ft² (4.6 m²)' from '50 sq ft'" in task.notes
    spanish = build_task("trastero en Bilbao de 500 pies cuadrados", inputs, today=TODAY)
    assert format_value(spanish.values["size"], "area", "es", units=spanish.shown_units) == \
        "500 ft² (46,5 m²)"
    from scout.i18n import values
    from scout.units import SQ_FT_IN_M2

    assert values.SQ_FT_IN_M2 == SQ_FT_IN_M2  # i18n keeps its own copy (layers)
    metric = build_task("trastero de 5 m2 en Madrid", inputs, today=TODAY)
    assert metric.units == {} and format_value(5.0, "area", "es", units={}) == "5 m²"


@pytest.mark.parametrize("query,m2,unit", [
    ("trastero de 2x3 m en Madrid", 6.0, None),
    ("trastero de 2 x 2,5 metros en Sevilla", 5.0, None),
    ("a 5x10 ft unit in Boston", 4.6, "ft2"),
    ("10 by 10 feet storage in Austin", 9.3, "ft2"),
    ("storage 5' x 10' in Leeds", 4.6, "ft2"),
])
def test_an_area_said_by_its_sides(query, m2, unit) -> None:
    """'2x3 m', '5x10 ft' are the product of their sides (a storage unit's, a room's):
    they were no area, and the note said it could not read '5x'."""
    inputs = {"city": InputSpec(type="place"), "size": InputSpec(type="area")}
    task = build_task(query, inputs, today=TODAY)
    assert task.values["size"] == pytest.approx(m2, abs=0.05)
    assert task.units == ({"size": unit} if unit else {})


def test_sides_with_no_unit_are_not_guessed_and_quoted_whole() -> None:
    inputs = {"city": InputSpec(type="place"), "size": InputSpec(type="area")}
    task = build_task("a 10x10 unit in Austin", inputs, today=TODAY)
    assert task.values.get("size") is None
    assert "could not read: '10x10 unit'" in task.notes
