"""Classes of phrasing the parser misread (parse14), each probed on the example kinds'
inputs as their authors wrote them (or a kind written here), in both languages, with
guards for what must stay. The clock is injected (today is Sunday 6 December 2026)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.loader import load_spec
from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)  # a Sunday
ROOT = Path(__file__).resolve().parents[2]


def kind_inputs(name: str) -> dict[str, InputSpec]:
    """The inputs of an example kind as its author wrote them."""
    loaded, _ = load_spec(str(ROOT / "examples" / name / "pipelines" / f"{name}.yaml"))
    assert loaded is not None
    return dict(loaded.model.inputs)


def places(kind: dict[str, InputSpec], query: str) -> dict[str, object]:
    got = parse_query(query, kind, today=TODAY).values
    return {n: v for n, v in got.items() if kind[n].type == "place"}


CLINICS = kind_inputs("clinics")
ONE_PLACE = {"city": InputSpec(type="place"), "what": InputSpec(type="subject")}


# ------------------------------ the verb or question word that opens a request is no place
@pytest.mark.parametrize("query, want", [
    ("¿Hay algún dentista en Madrid que hable inglés?", {"city": "Madrid"}),
    ("hay algún dentista en madrid?", {"city": "Madrid"}),
    ("¿Conoces algún fisio en Sevilla?", {"city": "Sevilla"}),
    ("¿Sabes de algún pediatra en Valencia?", {"city": "Valencia"}),
    ("Encuéntrame un fisio en Sevilla", {"city": "Sevilla"}),
    ("Who's a good physio in Madrid?", {"city": "Madrid"}),
    ("who's a good physio in madrid?", {"city": "Madrid"}),
    ("Know any good physio in Madrid?", {"city": "Madrid"}),
    ("¿Hay algún dentista bueno?", {}),
    ("¿Tienes dentistas en Bilbao?", {"city": "Bilbao"}),
    # guards: a place that opens the request stays one
    ("Chamberí dentist", {"city": "Chamberí"}),
    ("Madrid, ¿algún dentista que hable inglés?", {"city": "Madrid"}),
    ("dentista en Madrid, Chamberí", {"city": "Madrid", "area": "Chamberí"}),
])
def test_opening_verb_or_question_is_no_place(query: str, want: dict[str, str]) -> None:
    assert places(CLINICS, query) == want


@pytest.mark.parametrize("query, want", [
    ("¿Hay algún dentista bueno?", {}),
    ("¿Conoces algún fisio?", {}),
    ("Know any good physio?", {}),
    ("Barcelona, ¿algún dentista?", {"city": "Barcelona"}),
])
def test_opening_verb_is_no_place_for_one_place(query: str, want: dict[str, str]) -> None:
    assert places(ONE_PLACE, query) == want


# ------------------------------ a neighbourhood's name is never "corrected" into a city
@pytest.mark.parametrize("kind, query, want", [
    (CLINICS, "dentista cerca de Triana", {"area": "Triana"}),
    (CLINICS, "dentista en Sevilla cerca de Triana", {"city": "Sevilla", "area": "Triana"}),
    (CLINICS, "Necesito un dentista en Triana, Sevilla", {"city": "Sevilla", "area": "Triana"}),
    (CLINICS, "physio near Triana, Seville", {"city": "Seville", "area": "Triana"}),
    (ONE_PLACE, "hotel near Triana", {"city": "Triana"}),
    (ONE_PLACE, "piso en el barrio de Triana", {"city": "Triana"}),
    # guards: a city's name typed with a slip is still the city
    (ONE_PLACE, "hotel en madird", {"city": "Madrid"}),
    (CLINICS, "dentista en barcleona", {"city": "Barcelona"}),
])
def test_a_neighbourhood_is_not_corrected_into_a_city(kind: dict[str, InputSpec], query: str,
                                                       want: dict[str, str]) -> None:
    assert places(kind, query) == want
