"""The ``volume`` input type: what has to fit, read from requests and pages as people
write it, in English and Spanish, in cubic metres, cubic feet and litres, kept in m³ with
the unit a request wrote it in (found writing the self-storage kind: "10 m3", "5 m³",
"50 cubic feet", "100 pies cúbicos" were read nowhere, and "10 metros cúbicos" was read as
an area of 10 m² and a length of 10 m, "100 pies cúbicos" as a length of 30 m)."""

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
FT3 = 0.028316846592
STORE = {"city": InputSpec(type="place"), "size": InputSpec(type="area"),
         "volume": InputSpec(type="volume"), "thing": InputSpec(type="subject")}


def _read(query: str, inputs: dict[str, InputSpec] = STORE) -> dict:
    got = parse_query(query, inputs, today=TODAY)
    unread = [n for n in got.notes if "could not read" in n or "no se ha podido" in n]
    assert not unread, unread
    return got.values


@pytest.mark.parametrize("query,m3", [
    ("un trastero de 5 m³ en Madrid", 5.0),
    ("trastero 10 m3 Valencia", 10.0),
    ("guardamuebles de unos 25 metros cúbicos en Sevilla", 25.0),
    ("100 pies cúbicos en Bilbao", 100 * FT3),
    ("self storage in Leeds, 50 cubic feet", 50 * FT3),
    ("a 35 cu ft locker in Boston", 35 * FT3),
    ("storage for 8 cubic metres in Dublin", 8.0),
    ("room for 500 litros in Málaga", 0.5),
    ("at least 12 m^3 in Porto", 12.0),
])
def test_volumes_are_read_in_cubic_metres(query, m3) -> None:
    got = _read(query)
    assert got.get("volume") == pytest.approx(m3, abs=0.001)
    assert got.get("size") is None  # a volume is never an area


def test_an_area_and_a_volume_in_one_request() -> None:
    got = _read("trastero de 5 m² (unos 12 m³) en Madrid")
    assert got["size"] == 5 and got["volume"] == 12
    got = _read("a 50 sq ft unit, about 400 cubic feet, in London")
    assert got["size"] == pytest.approx(4.6, abs=0.05)
    assert got["volume"] == pytest.approx(400 * FT3, abs=0.01)


@pytest.mark.parametrize("query", ["trastero de 10 metros cúbicos en Madrid",
                                   "100 pies cúbicos en Bilbao", "un trastero de 10 m3"])
def test_a_volume_is_no_area_or_length_for_a_kind_without_one(query) -> None:
    """A kind that declares an area and a length but no volume reads neither from a
    volume (it was "10 metros cúbicos" → 10 m² and 10 m)."""
    inputs = {"place": InputSpec(type="place"), "size": InputSpec(type="area"),
              "max_walk": InputSpec(type="length")}
    got = parse_query(query, inputs, today=TODAY).values
    assert got.get("size") is None and got.get("max_walk") is None, got


@pytest.mark.parametrize("written,m3", [
    (10, 10.0), ("10 m3", 10.0), ("5 m³", 5.0), ("50 cubic feet", 50 * FT3),
    ("100 pies cúbicos", 100 * FT3), ("300 l", 0.3), ("2,5 m3", 2.5), ("7", 7.0),
])
def test_defaults_missions_and_set(written, m3) -> None:
    assert coerce("volume", written) == pytest.approx(m3, abs=0.001)


@pytest.mark.parametrize("written", ["big", "10 m2", "15 kg", "3 km", True, -1, [5]])
def test_what_is_not_a_volume(written) -> None:
    with pytest.raises(ValueError, match="volume in cubic metres"):
        coerce("volume", written)


def test_a_default_in_no_unit_of_volume_is_a_located_spec_error(tmp_path: Path) -> None:
    spec = tmp_path / "storage.yaml"
    spec.write_text("apiVersion: scout/v1\nname: storage\ninputs:\n"
                    "  volume: {type: volume, default: 10 m3}\n"
                    "  other: {type: volume, default: 10 m2}\n"
                    "phases:\n  F0: {uses: task, produces: [task]}\n")
    problems = [p for p in validate_paths([spec]).files[0].problems if p.severity == "error"]
    assert [(p.code, p.location.line if p.location else None) for p in problems] == \
        [("SPEC014", 5)]
    assert "'10 m2' is not a volume" in problems[0].message


@pytest.mark.parametrize("value,lang,shown", [
    (10.0, "en", "10 m³"), (2.5, "es", "2,5 m³"), (2.5, "en", "2.5 m³"), (0.3, "es", "300 l"),
])
def test_shown_in_the_readers_language(value, lang, shown) -> None:
    assert format_value(value, "volume", lang) == shown


def test_a_volume_asked_in_cubic_feet_is_shown_in_them_with_m3_beside() -> None:
    task = build_task("self storage in Leeds, 50 cubic feet", STORE, today=TODAY)
    assert task.units == {"volume": "ft3"}
    assert format_value(task.values["volume"], "volume", "en", units=task.shown_units) == \
        "50 ft³ (1.42 m³)"
    spanish = build_task("trastero en Bilbao, 100 pies cúbicos", STORE, today=TODAY)
    assert format_value(spanish.values["volume"], "volume", "es",
                        units=spanish.shown_units) == "100 ft³ (2,83 m³)"
    metric = build_task("trastero de 10 m3 en Madrid", STORE, today=TODAY)
    assert metric.units == {}
    with pytest.raises(UsageError, match="--set volume: '10 kg' is not a volume"):
        build_task("", STORE, set_values={"volume": "10 kg"}, today=TODAY)


def _unit(*texts: str) -> dict:
    return {"name": "Some Storage", "evidence": [{"text": t} for t in texts]}


def test_stated_reads_a_pages_volume_in_the_unit_asked() -> None:
    c = _unit("Trasteros de 1 a 20 m³ desde 49 €/mes", "Lockers of 50 cu ft")
    assert stated(c, "m³", pick="max") == 20
    assert stated(c, "m3", pick="min") == 1  # a range's low end
    assert stated(_unit("Lockers of 50 cu ft"), "m3") == pytest.approx(50 * FT3, abs=0.001)
    # a page's floor area is no volume, and a volume no area
    assert stated(_unit("Unit of 5 m², 12 m³"), "m³") == 12
    assert stated(_unit("Unit of 5 m², 12 m³"), "m²") == 5
    assert stated(_unit("Trastero de 10 metros cúbicos"), "m2", "metros") is None
