"""Words beside a trip's noun are what kind of trip, no place ("viaje familiar", "family
trip", "escapada rural", "city break"), in both languages and either case; an amount with
no currency after a cap's word, before one or priced per a unit gets the note that asks
for its currency ("por menos de 150 la noche", "150 máximo por noche"), not the opaque
"could not read"; ages said of children are named as ages where the kind asks for none,
and "un niño de 8 y otro de 11" counts two children where it counts them. Read with the
shipped pipelines' inputs; guards sit next to each class (a place the gazetteer knows, or
after a cue, is still read; a count is no amount)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import yaml

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2029, 2, 14)
ROOT = Path(__file__).resolve().parents[2]


def _inputs(path: str) -> dict[str, InputSpec]:
    raw = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))["inputs"]
    return {k: InputSpec(**v) for k, v in raw.items()}


HOTEL = _inputs("pipelines/hotel_research.yaml")
FLIGHTS = _inputs("examples/flights/pipelines/flights.yaml")
SKI = _inputs("examples/skipasses/pipelines/skipasses.yaml")


def _place(query: str) -> str | None:
    value = parse_query(query, HOTEL, today=TODAY).values.get("destination")
    return str(value) if value is not None else None


@pytest.mark.parametrize("query", [
    "viaje familiar con un niño de 8 y otro de 11",
    "Viaje familiar con dos niños",
    "escapada rural en octubre",
    "Escapada rural en octubre",
    "escapada romántica",
    "casa rural para 4",
    "family trip with two kids",
    "Family trip with two kids aged 8 and 11",
    "weekend getaway",
    "romantic getaway in december",
    "City break in October",
    "family ski trip",
])
def test_trip_modifier_is_no_place(query: str) -> None:
    assert _place(query) is None


@pytest.mark.parametrize("query, want", [
    ("family trip lisbon", "Lisbon"),  # the modifier passed over, the name after it read
    ("Viaje familiar a Sevilla", "Sevilla"),
    ("escapada romantica a sitges", "Sitges"),
    ("Family trip to Sevilla", "Sevilla"),
    ("barcelona trip", "Barcelona"),  # a place the gazetteer knows before the noun
    ("casa rural asturias", "Asturias"),
    ("hotel sevilla", "Sevilla"),
])
def test_trip_guards(query: str, want: str) -> None:
    assert _place(query) == want


def _notes(query: str) -> list[str]:
    return parse_query(query, HOTEL, today=TODAY).notes


@pytest.mark.parametrize("query, amount", [
    # (a place whose language is not the request's: parse38 reads it where they agree)
    ("escapada a Londres por menos de 150 la noche", "150"),
    ("por debajo de 150 la noche en Londres", "150"),
    ("hasta 150 por noche en Londres", "150"),
    ("menos de 150 en Londres", "150"),
    ("150 máximo por noche en Londres", "150"),
    ("como mucho 150 la noche", "150"),
    ("londres 150 la noche", "150"),
    ("under 150 a night in Rome", "150"),
    ("under 150 each night in Rome", "150"),
    ("under 90 in Rome", "90"),
])
def test_bare_amount_asks_for_currency(query: str, amount: str) -> None:
    notes = _notes(query)
    # (the period said after it is kept in the note: "150 la noche no lleva moneda")
    assert any(re.search(rf"\b{amount}\b[^;]*(?:has no currency|no lleva moneda)", n)
               for n in notes), notes
    assert "budget" not in parse_query(query, HOTEL, today=TODAY).values


@pytest.mark.parametrize("query", [
    "menos de 150 estrellas",  # no money's unit
    "somos 10 como máximo en Sevilla",  # people, two digits and no unit
    "2 por noche",
])
def test_bare_amount_guards(query: str) -> None:
    assert not any("no currency" in n or "no lleva moneda" in n for n in _notes(query))


@pytest.mark.parametrize("query, ages", [
    ("viaje familiar con un niño de 8 y otro de 11", "«8», «11»"),
    ("family trip with two kids aged 8 and 11", "'8', '11'"),
    ("hotel en Sevilla, mis hijos tienen 8 y 11", "«8», «11»"),
    ("hotel en Sevilla con un niño de ocho y otro de once", "«ocho», «once»"),
    ("hotel in Rome for my son (14)", "'14'"),
])
def test_ages_the_kind_does_not_ask_for_are_named(query: str, ages: str) -> None:
    notes = _notes(query)
    assert any(ages in n and ("ages said" in n or "edades indicadas" in n) for n in notes), notes
    assert not any("could not read" in n or "no se ha podido" in n for n in notes), notes


@pytest.mark.parametrize("query, want", [
    ("vuelo de Madrid a Roma en marzo para 2 adultos, un niño de 8 y otro de 11",
     {"adults": 2, "children": 2}),
    ("flight from Madrid to Rome for me, a boy aged 8 and another aged 11",
     {"adults": 1, "children": 2}),
    ("vuelo de Madrid a Roma para 2 adultos y 2 niños", {"adults": 2, "children": 2}),
])
def test_another_child_counts(query: str, want: dict[str, int]) -> None:
    values = parse_query(query, FLIGHTS, today=TODAY).values
    assert {k: values.get(k) for k in want} == want


@pytest.mark.parametrize("query", [
    "forfait en Baqueira para 2 adultos, un niño de 8 y otro de 11",
    "ski pass in Andorra for 2 adults, a boy aged 8 and another aged 11",
    "ski pass in Andorra for 2 adults and 2 kids 8 and 11",
])
def test_party_leaves_its_ages_to_the_age_inputs(query: str) -> None:
    values = parse_query(query, SKI, today=TODAY).values
    assert {k: values.get(k) for k in ("adults", "children", "age", "max_age")} == \
        {"adults": 2, "children": 2, "age": 8, "max_age": 11}


@pytest.mark.parametrize("query, value", [
    ("hoteles en Barcelona y Valencia para octubre", "Barcelona y Valencia"),
    ("hotels in Barcelona and Valencia in October", "Barcelona and Valencia"),
])
def test_two_places_joined_are_noted(query: str, value: str) -> None:
    result = parse_query(query, HOTEL, today=TODAY)
    assert str(result.values["destination"]) == value
    assert any(value in n and ("more than one place" in n or "más de un lugar" in n)
               for n in result.notes), result.notes


@pytest.mark.parametrize("query", ["hotel en Castilla y León", "hotel in Barcelona"])
def test_one_place_no_joined_note(query: str) -> None:
    assert not any("more than one place" in n or "más de un lugar" in n for n in _notes(query))
