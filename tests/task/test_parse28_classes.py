"""A common noun typed in lower case is no place (parse28). The place reader's lower-case
fallback took the words after "de" / "del" / "of" for a town whatever they were: "traducción
jurada del expediente académico" gave the place "Expediente Académico", "servicios de
limpieza" the place "Limpieza", "contratos de mantenimiento de jardines" "Mantenimiento de
Jardines". A name the gazetteer does not know that holds a noun made of a verb or an
adjective ("limpieza", "mantenimiento", "translation"), a language ("del alemán") or, past
its first word, an adjective ("académico", "pública") is what is asked for; a known town
after "de" still is the place, and so is an unknown one with no such word. The clock is
injected (today is Sunday 6 December 2026).
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.notplace import common_words
from scout.task.parser import parse_query
from tests.task.test_parse22_classes import read

TODAY = dt.date(2026, 12, 6)

# an outside author's kinds: one with a subject, one with a place only
TOPICAL = {"place": InputSpec(type="place"), "topic": InputSpec(type="subject")}
BARE = {"city": InputSpec(type="place"), "budget": InputSpec(type="money")}


def places(query: str, inputs: dict[str, InputSpec]) -> list[object]:
    values = parse_query(query, inputs, today=TODAY).values
    return [v for k, v in values.items() if inputs[k].type == "place" and v is not None]


@pytest.mark.parametrize("query", [
    "traduccion jurada del expediente academico",
    "traducción jurada del expediente académico",
    "servicios de limpieza",
    "contratación pública de servicios de limpieza",
    "contratos de mantenimiento de jardines",
    "traducción de la partida de nacimiento",
    "translation of a contract from german",
])
@pytest.mark.parametrize("inputs", [TOPICAL, BARE], ids=["topical", "bare"])
def test_common_noun_is_no_place(query: str, inputs: dict[str, InputSpec]) -> None:
    assert places(query, inputs) == []


@pytest.mark.parametrize("kind, query", [
    ("translation", "traduccion jurada del expediente academico"),
    ("translation", "traducción jurada del expediente académico"),
    ("tenders", "contratos de mantenimiento de jardines"),
])
def test_example_kinds_read_no_place(kind: str, query: str) -> None:
    assert "place" not in read(kind, query)


@pytest.mark.parametrize("query, place", [
    ("el mejor ramen de lyon", "Lyon"),            # a known town after a read dish
    ("tapas típicas de sevilla", "Sevilla"),
    ("ramen de villanueva del pardillo", "Villanueva del Pardillo"),  # unknown, no noun's word
    ("servicios de limpieza en madrid", "Madrid"),  # the place after the cue
])
def test_a_town_after_de_stays(query: str, place: str) -> None:
    assert places(query, TOPICAL) == [place]


@pytest.mark.parametrize("name, common", [
    ("limpieza", True), ("mantenimiento de jardines", True), ("expediente academico", True),
    ("contrato del alemán", True), ("cleaning management", True),
    ("valencia", False), ("trinidad", False), ("villanueva del pardillo", False),
    ("baeza", False), ("inverness", False), ("puerto rico", False), ("costa rica", False),
])
def test_common_words(name: str, common: bool) -> None:
    assert common_words(name) is common


# ------------------------------ a known town after "near" wins over an unknown range after "in"
@pytest.mark.parametrize("query, place", [
    ("hiking in the Alps near Geneva", "Geneva"),
    ("the Alps near Geneva", "Geneva"),
    ("senderismo en los Alpes cerca de Ginebra", "Ginebra"),
    # a landmark before its town is the place of an input that holds no city
    # (scout/task/landmarkcity.py; a city's input holds Paris: tests/task/test_parse30.py)
    ("hotel near the Eiffel Tower in Paris", "Eiffel Tower"),
    ("hotel in Triana near the river", "Triana"),            # nothing known after "near"
])
def test_known_town_near_wins(query: str, place: str) -> None:
    assert places(query, TOPICAL) == [place]


@pytest.mark.parametrize("name", ["greek islands", "english channel"])
def test_a_language_word_first_names_a_region(name: str) -> None:
    assert not common_words(name)  # only "del alemán" / "from german" is what is spoken
