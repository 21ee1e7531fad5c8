"""Classes of phrasing the request parser misread for an outside author's kind
(examples/schools, written from the docs), each probed with other kinds' inputs, in both
languages, with guards for what must stay as it was:

- with a city read after its cue, a second place input (a neighbourhood) took a word typed
  in lower case that follows no cue ("international schools in Madrid" → area
  "International Schools", "quiet coworking spaces in Lisbon", "bares con terraza"), and
  one after a bare "de", no cue of its own ("cursos de python en Madrid" → area "Python",
  "residencia de monjas", found by examples/residences);
- an enum word inside a longer enum word of another input went to the first input read
  ("bachillerato internacional" → the stage "bachillerato", not the IB curriculum);
- a listing's or a request's period said by the price's own noun before the amount
  ("cuota mensual 220 €", "monthly fee: £500", "annual tuition of $9,000") was no period,
  so a year's fee was compared with a cap a month as it stood.
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.amounts import find_amounts

TODAY = dt.date(2026, 12, 2)
# a coworking kind's city and neighbourhood, each with its cue words
SPACES = {"city": InputSpec(type="place", aliases=["in", "en"]),
          "area": InputSpec(type="place", aliases=["near", "cerca de", "barrio", "neighbourhood"]),
          "quiet": InputSpec(type="boolean", aliases=["quiet", "tranquilo"])}


@pytest.mark.parametrize("query,city,area", [
    ("international schools in Madrid", "Madrid", None),
    ("colegios internacionales en Madrid", "Madrid", None),
    ("affordable coworking in Porto", "Porto", None),
    ("rooftop bars in Lisbon", "Lisbon", None),
    ("bares con terraza en Valencia", "Valencia", None),
    ("coworking barato en Madrid", "Madrid", None),
    ("vintage shops in Berlin", "Berlin", None),
    # a bare "de" / "of" says what the thing is of, no cue of the second place's
    ("cursos de python en Madrid", "Madrid", None),
    ("clases de cerámica en Sevilla", "Sevilla", None),
    ("coworking de diseñadores en Bilbao", "Bilbao", None),
    ("history of art courses in Rome", "Rome", None),
    # guards: a neighbourhood after its cue, after a comma, or typed with its capital
    ("coworking near Alfama in Lisbon", "Lisbon", "Alfama"),
    ("coworking en Chamberí, Madrid", "Madrid", "Chamberí"),
    ("coworking cerca de Sants en Barcelona", "Barcelona", "Sants"),
    ("Gràcia coworking in Barcelona", "Barcelona", "Gràcia"),
    ("bares de Malasaña en Madrid", "Madrid", "Malasaña"),
])
def test_a_lower_case_word_with_no_cue_is_no_second_place(query: str, city: str,
                                                           area: str | None) -> None:
    task = build_task(query, SPACES, today=TODAY)
    assert (task.values.get("city"), task.values.get("area")) == (city, area)


# a school kind's stage and curriculum: "bachillerato internacional" is the curriculum's
SCHOOLS = {
    "stage": InputSpec(type="string", enum=["primary", "bachillerato"],
                       synonyms={"primary": ["primaria"]}),
    "curriculum": InputSpec(type="string", enum=["ib", "french"],
                            synonyms={"ib": ["bachillerato internacional",
                                             "international baccalaureate"],
                                      "french": ["liceo francés", "lycée français"]}),
    "languages": InputSpec(type="list", items="string", enum=["french", "english"],
                           synonyms={"french": ["francés"], "english": ["inglés"]}),
    "city": InputSpec(type="place"),
}


@pytest.mark.parametrize("query,want", [
    ("colegios con bachillerato internacional en Málaga",
     {"stage": None, "curriculum": "ib", "city": "Málaga"}),
    ("colegio con bachillerato en Málaga", {"stage": "bachillerato", "curriculum": None}),
    ("liceo francés en Madrid", {"curriculum": "french", "languages": None}),
    ("liceo francés en Madrid donde se hable inglés",
     {"curriculum": "french", "languages": ["english"]}),
    ("colegio en Madrid donde se hable francés", {"curriculum": None, "languages": ["french"]}),
    ("primaria con bachillerato internacional",
     {"stage": "primary", "curriculum": "ib"}),
])
def test_a_longer_enum_word_of_another_input_is_that_input_s(query: str, want: dict) -> None:
    task = build_task(query, SCHOOLS, today=TODAY)
    for name, value in want.items():
        assert task.values.get(name) == value, (name, task.values.get(name))


@pytest.mark.parametrize("text,amount,per", [
    ("Cuota mensual 220 €.", 220.0, "month"),
    ("cuotas mensuales de 250 euros", 250.0, "month"),
    ("Monthly fee: £500", 500.0, "month"),
    ("annual tuition of $9,000", 9000.0, "year"),
    ("Precio anual: 5.400 €", 5400.0, "year"),
    ("weekly rent £425", 425.0, "week"),
    ("alquiler mensual 1.100 €", 1100.0, "month"),
    # guards: the period after the amount, and none said at all
    ("Cuota: 3.960 € al año", 3960.0, "year"),
    ("Matrícula 300 €", 300.0, None),
    ("monthly newsletter, tickets 20 €", 20.0, None),
])
def test_a_period_said_by_the_price_s_noun_before_the_amount(text: str, amount: float,
                                                            per: str | None) -> None:
    (money, _span), *_ = find_amounts(text)
    assert (money.amount, money.per) == (amount, per)


def test_a_request_s_fee_a_month_said_before_the_amount() -> None:
    budget = {"budget": InputSpec(type="money")}
    for query in ("colegio con cuota mensual de menos de 300 €",
                  "school with a monthly fee under 300 EUR",
                  "piso en Madrid, presupuesto mensual de 300 €",
                  "flat in London, monthly budget of 300 EUR",
                  "colegio alemán, cuota mensual máxima de 300 €"):
        task = build_task(query, budget, today=TODAY)
        assert (task.values["budget"].amount, task.values["budget"].per) == (300.0, "month")


# the kind's own name claimed a word of an input's longer phrase ("school" of "school bus"
# for a kind named schools), so the phrase was not read
@pytest.mark.parametrize("kind,inputs,query,want", [
    ("schools", {"funding": InputSpec(type="string", enum=["public", "private"],
                                      synonyms={"public": ["state school"]}),
                 "bus": InputSpec(type="boolean", aliases=["school bus"]),
                 "city": InputSpec(type="place")},
     "state schools in Valencia with a school bus",
     {"funding": "public", "bus": True, "city": "Valencia"}),
    ("bikes", {"rental": InputSpec(type="boolean", aliases=["bike hire", "bike rental"]),
               "topic": InputSpec(type="subject"), "city": InputSpec(type="place")},
     "bike hire in Amsterdam", {"rental": True, "topic": None, "city": "Amsterdam"}),
    # guards: the kind's name alone is still nobody's
    ("bikes", {"rental": InputSpec(type="boolean", aliases=["bike hire"]),
               "topic": InputSpec(type="subject"), "city": InputSpec(type="place")},
     "cargo bikes in Amsterdam", {"rental": None, "topic": "cargo", "city": "Amsterdam"}),
])
def test_a_phrase_an_input_reads_keeps_the_kind_s_word(kind: str, inputs: dict, query: str,
                                                       want: dict) -> None:
    from scout.task.parser import parse_query

    values = parse_query(query, inputs, today=TODAY, kind=kind).values
    for name, value in want.items():
        assert values.get(name) == value, (name, values.get(name))
