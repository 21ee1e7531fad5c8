"""A place read for the right input when a request says who is there ("a un colaborador en
Perú", "to a student in Kenya"), what the money is in ("en soles", "in pesos": no place)
and a bank named for the country ("una cuenta en BBVA México": no second place), for any
kind with two place inputs (a removal, a trip, a transfer) and a kind with one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

ROOT = Path(__file__).resolve().parents[2]
REMOVALS = ROOT / "examples" / "removals" / "pipelines" / "removals.yaml"
TRIPS = ROOT / "examples" / "trips" / "pipelines" / "trips.yaml"
HOTELS = ROOT / "pipelines" / "hotel_research.yaml"
TODAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize("kind, query, origin, destination", [
    (REMOVALS, "mudanza desde Madrid a casa de un amigo en Valencia", "Madrid", "Valencia"),
    (REMOVALS, "move my things to my daughter in Leeds from Bristol", "Bristol", "Leeds"),
    (REMOVALS, "mudanza a mi nuevo piso en Sevilla", None, "Sevilla"),
    (TRIPS, "tren para ir a ver a mi abuela en Zaragoza desde Madrid", "Madrid", "Zaragoza"),
    (TRIPS, "coach to a friend in Manchester", None, "Manchester"),
])
def test_a_place_where_the_person_a_cue_names_is(kind, query, origin, destination):
    values = parse_request(kind, query, TODAY).values
    assert (values.get("origin"), values.get("destination")) == (origin, destination), query


@pytest.mark.parametrize("kind, query, want", [
    (HOTELS, "hotel en Lima, pago en soles", {"destination": "Lima"}),
    (HOTELS, "hotel in Bogotá for 3 nights, paying in pesos", {"destination": "Bogotá"}),
    (HOTELS, "hotel en Quito, se paga en dólares americanos", {"destination": "Quito"}),
    (TRIPS, "bus a Cusco en soles desde Lima", {"origin": "Lima", "destination": "Cusco"}),
    (TRIPS, "coach from Leeds to London, paid in pounds", {"origin": "Leeds",
                                                          "destination": "London"}),
])
def test_a_currency_said_after_en_or_in_is_no_place(kind, query, want):
    values = parse_request(kind, query, TODAY).values
    for name, value in want.items():
        assert values.get(name) == value, (query, name, values.get(name))
    assert not any(str(v).lower() in {"soles", "pesos", "pounds", "dólares americanos"}
                   for v in values.values() if isinstance(v, str))


@pytest.mark.parametrize("query, destination", [
    ("mudanza a México, el pago a una cuenta en BBVA México", "México"),
    ("removal to Chile, paid into an account at Banco Santander Chile", "Chile"),
])
def test_a_bank_named_for_the_place_read_is_no_second_place(query, destination):
    values = parse_request(REMOVALS, query, TODAY).values
    assert values.get("destination") == destination
    assert values.get("origin") is None, values.get("origin")
