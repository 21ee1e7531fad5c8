"""A class of phrasing the request parser misread for an outside author's kind
(examples/flats, written from the docs): a kind named in the plural for what one of its
enum inputs names in the singular ("flats", whose property enum says "flat" / "piso") took
the request's plural word as the kind itself, so "pisos en venta en Madrid" and "flats for
sale" read no property while "piso en venta" did. Probed with another kind's inputs, with
the guard that a kind's name no input reads is still nobody's."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 2)
FLATS_LOCALES = Path(__file__).resolve().parents[2] / "examples" / "flats" / "locales"
HOMES = {"property": InputSpec(type="string", enum=["flat", "house"],
                               synonyms={"flat": ["piso"], "house": ["casa"]}),
         "city": InputSpec(type="place")}
CARS = {"fuel": InputSpec(type="string", enum=["van", "hybrid"],
                          synonyms={"van": ["furgoneta"]}),
        "city": InputSpec(type="place")}


@pytest.mark.parametrize("kind,inputs,locales,query,name,want", [
    ("flats", HOMES, FLATS_LOCALES, "pisos en venta en Madrid", "property", "flat"),
    ("flats", HOMES, FLATS_LOCALES, "flats for sale in Madrid", "property", "flat"),
    ("flats", HOMES, FLATS_LOCALES, "piso en venta en Madrid", "property", "flat"),
    ("vans", CARS, None, "vans for hire in Lyon", "fuel", "van"),
    # guard: the kind's name that no input reads stays the kind's, no place
    ("flats", {"city": InputSpec(type="place")}, None, "flats Madrid", "city", "Madrid"),
])
def test_a_kind_named_for_an_enum_word_in_the_plural_still_reads_it(
        kind: str, inputs: dict, locales: Path | None, query: str, name: str, want: str) -> None:
    task = build_task(query, inputs, today=TODAY, locales=locales, kind=kind)
    assert task.values.get(name) == want, (name, task.values.get(name), task.notes)
    assert task.values.get("city") in {"Madrid", "Lyon"}
