"""A place's country or state written after it ("Guadalajara (México)", "San José, Costa
Rica", "Cambridge (Massachusetts)"): the country decides the currency of an amount with
none, and the place searched keeps it where the bare name would be read elsewhere
(scout/task/placequalifier.py)."""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import Any

import pytest

from scout.spec.loader import load_pipeline
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)


@lru_cache(maxsize=None)
def _inputs(path: str) -> Any:
    loaded = load_pipeline(path)
    return loaded.model.inputs


def _parse(q: str, path: str = "pipelines/hotel_research.yaml") -> Any:
    return parse_query(q, _inputs(path), today=TODAY)


@pytest.mark.parametrize("q, place, currency", [
    # a name the gazetteer reads in another country, or in none: the country stays
    ("hotels in Cambridge (Massachusetts) under 300", "Cambridge, Massachusetts", "USD"),
    ("hotels in Oxford, Mississippi for less than 180", "Oxford, Mississippi", "USD"),
    ("hotel in Paris, Texas", "Paris, Texas", None),
    ("hotels in Springfield, Illinois under 150", "Springfield, Illinois", "USD"),
    ("hoteles en Toledo (Ohio) por menos de 120", "Toledo, Ohio", None),
    # the gazetteer's own reading of the name: the city, the currency the country's
    ("hoteles en Guadalajara (México) en septiembre por menos de 2000", "Guadalajara", "MXN"),
    ("hotel en Córdoba (Argentina), hasta 80 mil", "Córdoba", "ARS"),
    ("hotel en Mérida (Yucatán) por menos de 1500", "Mérida", "MXN"),
    # several countries hold the name, the one written among them: the city as the
    # corpora label it, the currency the one written decides
    ("hoteles en San José, Costa Rica, máximo 60000", "San José", "CRC"),
    ("hotel en Valencia (Venezuela) por menos de 90", "Valencia", "VES"),
    ("hoteles en León, Nicaragua hasta 3000", "León", "NIO"),
])
def test_the_country_written_decides(q: str, place: str, currency: str | None) -> None:
    result = _parse(q)
    assert result.values["destination"] == place
    budget = result.values.get("budget")
    assert (budget.currency if budget is not None else None) == currency


@pytest.mark.parametrize("q, currency", [
    # a city whose name says its country: no other country's namesake decides
    ("hoteles en Santiago de Chile por menos de 80000", "CLP"),
    ("hotel en Ciudad de México por menos de 1500", "MXN"),
])
def test_a_name_holding_its_country(q: str, currency: str) -> None:
    budget = _parse(q).values.get("budget")
    assert budget is not None and budget.currency == currency


def test_the_country_is_no_other_inputs_word() -> None:
    # "Massachusetts" after the city is claimed: never read as a subject or left unread
    result = _parse("restaurantes en Cambridge (Massachusetts), comida india",
                    "pipelines/restaurant_research.yaml")
    assert result.values["city"] == "Cambridge, Massachusetts"
    assert "Massachusetts" not in str(result.values.get("dish", ""))


@pytest.mark.parametrize("q, place", [
    # no country said: the name as before (a city in two countries keeps today's reading)
    ("hoteles en Guadalajara", "Guadalajara"),
    ("hotels in Cambridge next month", "Cambridge"),
    # a neighbourhood and its city, names offered as either: not a country
    ("hotel en Triana, Sevilla", "Sevilla"),
    ("hotels in Lisbon, Porto or Faro", "Lisbon"),
])
def test_no_country_said(q: str, place: str) -> None:
    assert _parse(q).values["destination"] == place


def test_an_english_request_about_a_spanish_speaking_country_asks() -> None:
    # the currency is the country's, but an English speaker may count in another: a note
    result = _parse("hotels in Guadalajara, Mexico under 200")
    assert "budget" not in result.values
    assert any("MXN" in n for n in result.notes)
