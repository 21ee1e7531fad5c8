"""Classes of phrasing the parser misread (parse18: the known leftovers of blind sets 12 to
15), each probed on the example kinds as their authors wrote them (read as ``scout apply``
reads them: the kind's name, nouns and catalogs), in both languages, with guards for what
must stay. The clock is injected (today is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

TODAY = dt.date(2026, 12, 6)  # a Sunday
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIPELINES = {"camps": "camps", "coworking": "coworking"}


def read(kind: str, query: str) -> dict[str, object]:
    """The values ``query`` gives the example kind ``kind``, those read only."""
    path = EXAMPLES / kind / "pipelines" / f"{PIPELINES[kind]}.yaml"
    return {k: v for k, v in parse_request(path, query, TODAY).values.items()
            if v is not None}


# ------------------------------ 1. a landform's noun before its own name
@pytest.mark.parametrize("query, place", [
    ("campamento por la sierra de Guadarrama en julio", "Sierra de Guadarrama"),
    ("campamento en la Sierra de Guadarrama", "Sierra de Guadarrama"),
    ("campamento de verano en los Picos de Europa", "Picos de Europa"),
    ("camp in the Lake District for a 10-year-old", "Lake District"),
    ("campamento de vela en la Costa Brava", "Costa Brava"),
    # typed all in lower case: the article is no part of a landform's name
    ("campamento en los picos de europa", "Picos de Europa"),
    ("campamento en la sierra de gredos", "Sierra de Gredos"),
    # guards: after a lower-case noun, a place the gazetteer knows is that place's hills
    # or coast; a town's article stays; a noun with no name is no place
    ("campamento en la sierra de Madrid", "Madrid"),
    ("campamento de vela en la costa de Cádiz", "Cádiz"),
    ("campamento en el puerto de santa maria", "El Puerto de Santa Maria"),
    ("campamento de surf por la costa", None),
])
def test_a_landform_s_noun_before_its_own_name(query: str, place: str | None) -> None:
    assert read("camps", query).get("place") == place


# ------------------------------ 9. a count before an enum word ending in the count's noun
@pytest.mark.parametrize("query, seats, desk", [
    ("3 dedicated desks in Lisbon", 3, "fixed_desk"),
    ("two hot desks in Berlin from March", 2, "hot_desk"),
    ("2 puestos fijos en Madrid", 2, "fixed_desk"),
    # guards: an enum word alone counts nothing; a year before one is no count
    ("dedicated desk in Lisbon", None, "fixed_desk"),
    ("in 2027 dedicated desks in Lisbon", None, "fixed_desk"),
])
def test_a_count_before_an_enum_word_is_the_count_and_the_type(
        query: str, seats: int | None, desk: str) -> None:
    got = read("coworking", query)
    assert (got.get("seats"), got.get("desk")) == (seats, desk)
