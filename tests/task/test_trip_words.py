"""Words beside a trip's noun are what kind of trip, no place ("viaje familiar", "family
trip", "escapada rural", "city break"), in both languages and either case; and an amount
with no currency after a cap's word, before one or priced per a unit gets the note that
asks for its currency ("por menos de 150 la noche", "150 máximo por noche"), not the
opaque "could not read". Read with the shipped hotel pipeline's inputs; guards sit next to
each class (a place the gazetteer knows, or after a cue, is still read; a count is no
amount)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2029, 2, 14)
ROOT = Path(__file__).resolve().parents[2]
HOTEL = {k: InputSpec(**v) for k, v in yaml.safe_load(
    (ROOT / "pipelines" / "hotel_research.yaml").read_text(encoding="utf-8"))["inputs"].items()}


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
    ("escapada a Sevilla por menos de 150 la noche", "150"),
    ("por debajo de 150 la noche en Sevilla", "150"),
    ("hasta 150 por noche en Sevilla", "150"),
    ("menos de 150 en Sevilla", "150"),
    ("150 máximo por noche en Sevilla", "150"),
    ("como mucho 150 la noche", "150"),
    ("sevilla 150 la noche", "150"),
    ("under 150 a night in Rome", "150"),
    ("under 150 each night in Rome", "150"),
    ("under 90 in Rome", "90"),
])
def test_bare_amount_asks_for_currency(query: str, amount: str) -> None:
    notes = _notes(query)
    assert any(f"{amount} has no currency" in n or f"{amount} no lleva moneda" in n
               for n in notes), notes
    assert "budget" not in parse_query(query, HOTEL, today=TODAY).values


@pytest.mark.parametrize("query", [
    "menos de 150 estrellas",  # no money's unit
    "somos 10 como máximo en Sevilla",  # people, two digits and no unit
    "2 por noche",
])
def test_bare_amount_guards(query: str) -> None:
    assert not any("no currency" in n or "no lleva moneda" in n for n in _notes(query))
