"""A field of study or research after "in" / "en" ("research in machine learning",
"máster en ciencia de datos", "ayudas a la investigación en cambio climático") is the
topic, not a place, unless the gazetteer knows the name; what a funding search asks for
("grants", "becas", "convocatorias") is neither topic nor place; a floor or a cap said
with a feminine noun ("cuantía mínima", "cuota máxima") or with "of" ("minimum of")
keeps its direction. For any kind: the inputs here are a subject and a place."""

from __future__ import annotations

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

INPUTS = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place"),
          "amount": InputSpec(type="money")}


@pytest.mark.parametrize(("query", "topic", "place"), [
    ("máster en ciencia de datos", "ciencia de datos", None),
    ("máster en ciencia de datos en Madrid", "ciencia de datos", "Madrid"),
    ("a course in machine learning", "machine learning", None),
    ("cursos de especialización en cambio climático", "cambio climático", None),
    ("convocatorias de ayudas a la investigación en cambio climático", "cambio climático",
     None),
    ("grants for research in marine biology in Portugal", "marine biology", "Portugal"),
    ("becas predoctorales de biología en España", "biología", "España"),
    ("climate research grants in Chile", "climate research", "Chile"),
    ("fellowships in neuroscience in Germany", "neuroscience", "Germany"),
])
def test_a_field_after_in_is_the_topic(query, topic, place):
    task = build_task(query, INPUTS)
    assert (task.values["topic"], task.values["place"]) == (topic, place)


@pytest.mark.parametrize(("query", "topic", "place"), [
    ("researcher in machine learning jobs in Berlin", "researcher in machine learning",
     "Berlin"),
    ("puestos de investigador en cambio climático", "investigador en cambio climático",
     None),
])
def test_a_person_keeps_the_field_in_the_role(query, topic, place):
    task = build_task(query, INPUTS)
    assert (task.values["topic"], task.values["place"]) == (topic, place)


@pytest.mark.parametrize(("query", "place"), [
    ("cursos en lisboa", "Lisboa"),
    ("research grants in portugal", "Portugal"),
    ("estudiantes en sevilla", "Sevilla"),
])
def test_a_place_the_gazetteer_knows_stays_a_place(query, place):
    assert build_task(query, INPUTS).values["place"] == place


@pytest.mark.parametrize(("query", "comparator"), [
    ("becas con una cuantía mínima 20.000 € al año", ">="),
    ("ayudas con cuantía mínima de 20.000 €", ">="),
    ("grants with a minimum of 300 EUR", ">="),
    ("congresos con cuota máxima de 300 €", "<="),
    ("courses for a maximum of 300 EUR", "<="),
])
def test_a_floor_or_cap_keeps_its_direction(query, comparator):
    money = build_task(query, INPUTS).values["amount"]
    assert money is not None and money.comparator == comparator


@pytest.mark.parametrize(("query", "place"), [
    ("research grants in Spain", "Spain"),
    ("ayudas a la investigación en España", "España"),
])
def test_research_alone_is_no_topic(query, place):
    task = build_task(query, INPUTS)
    assert (task.values["topic"], task.values["place"]) == (None, place)


def test_a_place_cue_of_several_words_is_no_part_of_the_topic():
    inputs = {"topic": InputSpec(type="subject"),
              "country": InputSpec(type="place", aliases=["based in", "con sede en"])}
    for query, topic, place in [
            ("marine biology labs based in Portugal", "marine biology labs", "Portugal"),
            ("laboratorios de biología marina con sede en Vigo",
             "laboratorios de biología marina", "Vigo")]:
        task = build_task(query, inputs)
        assert (task.values["topic"], task.values["country"]) == (topic, place)
