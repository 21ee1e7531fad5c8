"""The ``length`` input type: distances and heights read from requests as people write
them, in English and Spanish, in km, miles, metres and feet, kept in metres (found writing
the trails kind: with ``number`` inputs per unit "under 5 miles" and "1,500 feet" were
"could not read", and ``stated('km')`` read no miles)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.errors.usage import UsageError
from scout.i18n.values import format_value
from scout.spec.filters import stated
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.parser import parse_query
from scout.task.values import coerce
from scout.validate import validate_paths

TODAY = dt.date(2026, 12, 2)
GAIN = ["desnivel", "desnivel positivo", "elevation gain", "ascent", "climb"]
# a trail's distance (no words: a bare length is the distance) and its elevation gain
TRAIL = {"place": InputSpec(type="place", aliases=["near", "cerca de"]),
         "min_distance": InputSpec(type="length"), "max_distance": InputSpec(type="length"),
         "min_gain": InputSpec(type="length", aliases=GAIN),
         "max_gain": InputSpec(type="length", aliases=GAIN),
         "thing": InputSpec(type="subject")}
HOTEL = {"place": InputSpec(type="place"),
         "max_beach": InputSpec(type="length", aliases=["playa", "beach"]),
         "min_area": InputSpec(type="area"), "thing": InputSpec(type="subject")}
MI, FT = 1609.344, 0.3048


def _read(query: str, inputs: dict[str, InputSpec] = TRAIL) -> dict:
    got = parse_query(query, inputs, today=TODAY)
    unread = [n for n in got.notes if "could not read" in n or "no se ha podido" in n
              or "could be" in n or "podría ser" in n]
    assert not unread, unread
    return got.values


@pytest.mark.parametrize("query,expected", [
    ("ruta cerca de Granada de menos de 15 km", {"max_distance": 15000}),
    ("hike near Edinburgh under 5 miles", {"max_distance": 5 * MI}),
    ("una ruta de 10 kilómetros", {"max_distance": 10000}),
    ("un paseo de media milla", {"max_distance": MI / 2}),
    ("a walk of half a mile", {"max_distance": MI / 2}),
    ("at least 10 km near Leeds", {"min_distance": 10000}),
    ("de más de 10 km y menos de 15 km cerca de Madrid",
     {"min_distance": 10000, "max_distance": 15000}),
    ("ruta de entre 10 y 15 km", {"min_distance": 10000, "max_distance": 15000}),
    ("5-8 miles hike", {"min_distance": 5 * MI, "max_distance": 8 * MI}),
    # the gain by its words, the distance by none, whichever comes first
    ("menos de 15 km, desnivel de menos de 600 m", {"max_distance": 15000, "max_gain": 600}),
    ("at least 1,000 m of elevation gain", {"min_gain": 1000}),
    ("under 8 miles with at least 1,500 feet of climb",
     {"max_distance": 8 * MI, "min_gain": 1500 * FT}),
    ("500 ft of ascent at most", {"max_gain": 500 * FT}),
])
def test_lengths_are_read_in_metres(query, expected) -> None:
    got = _read(query)
    for name in ("min_distance", "max_distance", "min_gain", "max_gain"):
        assert got.get(name) == pytest.approx(expected.get(name), abs=0.01) \
            if name in expected else got.get(name) is None, (name, got)


def test_a_distance_to_a_place_and_an_area_are_told_apart() -> None:
    got = _read("piso de 60 metros cuadrados a 300 metros de la playa en Cádiz", HOTEL)
    assert got["min_area"] == 60 and got["max_beach"] == 300
    assert _read("hotel 200 m from the beach in Nice", HOTEL)["max_beach"] == 200


def test_a_number_input_is_unchanged() -> None:
    """A kind that keeps ``number`` inputs per unit reads them as before."""
    inputs = {"max_km": InputSpec(type="number", aliases=["km", "kilómetros"])}
    assert parse_query("menos de 15 km", inputs, today=TODAY).values["max_km"] == 15


@pytest.mark.parametrize("written,metres", [
    (300, 300.0), ("300 m", 300.0), ("15 km", 15000.0), ("5 mi", 5 * MI), ("5 miles", 5 * MI),
    ("1,500 ft", 1500 * FT), ("10 kilómetros", 10000.0), ("2,5 km", 2500.0), ("400", 400.0),
])
def test_defaults_missions_and_set(written, metres) -> None:
    assert coerce("length", written) == pytest.approx(metres, abs=0.001)


@pytest.mark.parametrize("written", ["far", "15 kg", "3 GB", True, -1, [5], "15 km2"])
def test_what_is_not_a_length(written) -> None:
    with pytest.raises(ValueError, match="length in metres"):
        coerce("length", written)


def test_a_default_in_no_unit_of_length_is_a_located_spec_error(tmp_path: Path) -> None:
    spec = tmp_path / "trails.yaml"
    spec.write_text("apiVersion: scout/v1\nname: trails\ninputs:\n"
                    "  max_distance: {type: length, default: 15 km}\n"
                    "  max_gain: {type: length, default: 600 kg}\n"
                    "phases:\n  F0: {uses: task, produces: [task]}\n")
    problems = [p for p in validate_paths([spec]).files[0].problems if p.severity == "error"]
    assert [(p.code, p.location.line if p.location else None) for p in problems] == \
        [("SPEC014", 5)]
    assert "'600 kg' is not a length" in problems[0].message


def test_set_converts_a_length_and_refuses_another_unit() -> None:
    inputs = {"max_distance": InputSpec(type="length")}
    assert build_task("", inputs, set_values={"max_distance": "5 mi"},
                      today=TODAY).values["max_distance"] == pytest.approx(5 * MI)
    with pytest.raises(UsageError, match="--set max_distance: '5 kg' is not a length"):
        build_task("", inputs, set_values={"max_distance": "5 kg"}, today=TODAY)


@pytest.mark.parametrize("value,lang,shown", [
    (300.0, "en", "300 m"), (300.0, "es", "300 m"), (15000.0, "es", "15 km"),
    (1500.0, "es", "1,5 km"), (1500.0, "en", "1.5 km"), (5 * MI, "en", "8.05 km"),
    (152.4, "es", "152,4 m"),
])
def test_shown_in_the_readers_language(value, lang, shown) -> None:
    assert format_value(value, "length", lang) == shown


def test_a_length_asked_in_miles_is_shown_in_miles_with_metres_beside_it() -> None:
    """'under 5 miles' was shown '8.05 km': the request's unit is kept (Task.units) and
    every surface that writes a length by its type writes it in that system, the metric
    value in brackets; a weight asked in pounds the same way."""
    from scout.report.render import make_report_env
    from scout.spec.scopefilters import in_language
    from scout.spec.templating import make_env

    inputs = {**TRAIL, "max_pack": InputSpec(type="weight", aliases=["pack"])}
    task = build_task("circular walk under 5 miles, less than 1,500 feet of ascent, pack "
                      "under 3 lbs", inputs, today=TODAY)
    assert task.units == {"max_distance": "mi", "max_gain": "ft", "max_pack": "lb"}
    assert task.values["max_distance"] == pytest.approx(5 * MI)  # kept in metres
    units = task.shown_units
    assert format_value(task.values["max_distance"], "length", "en", units=units) == \
        "5 mi (8.05 km)"
    assert format_value(task.values["max_gain"], "length", "es", units=units) == \
        "1.500 ft (457,2 m)"
    assert format_value(task.values["max_pack"], "weight", "en", units=units) == \
        "3 lb (1.36 kg)"
    # a report's templates and a kind's reasons, through the bound ``value`` filter
    env = make_report_env(Path("/nonexistent"), "en", units=units)
    assert env.from_string("{{ v | value('length') }}").render(v=5 * MI) == "5 mi (8.05 km)"
    reasons = in_language(make_env(), "en", units=units)
    assert reasons.from_string("{{ v | value('weight') }}").render(v=2.22) == "4.89 lb (2.22 kg)"
    # asked in km or said in no unit: as before, and the Task dumps as before
    metric = build_task("circular walk under 8 km", inputs, today=TODAY)
    assert metric.units == {} and "units" not in metric.model_dump()
    assert format_value(8000.0, "length", "en", units=metric.shown_units) == "8 km"
    # --set in miles too
    assert build_task("", inputs, set_values={"max_distance": "5 mi"},
                      today=TODAY).units == {"max_distance": "mi"}


def _trail(*texts: str) -> dict:
    return {"name": "Some Trail", "evidence": [{"text": t} for t in texts]}


def test_stated_converts_between_units_of_one_scale() -> None:
    c = _trail("A 5.2 mile loop with 1,200 ft of elevation gain", "about 9 km long")
    assert stated(c, "km", pick="min") == pytest.approx(5.2 * MI / 1000, abs=0.001)
    assert stated(c, "mi", pick="max") == pytest.approx(9000 / MI, abs=0.001)
    # metres and feet: the climb, not the route's length
    assert stated(c, "m", of=["elevation gain"]) == pytest.approx(1200 * FT, abs=0.01)
    # with no words, a climb in metres is no distance in km
    assert stated(_trail("Ruta de 12 km con 600 m de desnivel"), "km", pick="min") == 12
    # with words, every unit: "1,2 km de la playa" is 1200 m from it
    assert stated(_trail("Hotel a 1,2 km de la playa"), "m", of=["playa"]) == 1200


def test_an_area_asked_with_metres_reads_no_length() -> None:
    """``stated('m2', 'metros')``: "metros" is square metres there, so a listing's "500 ft
    from the station" is no area of 152.4."""
    c = _trail("Piso de 60 m2, a 500 ft de la estación")
    assert stated(c, "m2", "m²", "sqm", "metros", pick="max") == 60
    assert stated(c, "m") == pytest.approx(152.4)
