"""The example kinds' own inputs on what the parser misread in them (tests/task/
test_parse33_classes.py probes each class with inputs written there): a party's ages
(skipasses), a party's noun as a place and an age in brackets (insurance), a synonym
that is an ordinary word (tutors), the eldest (attractions), a lower-case airline
(flights) and an amount with no currency (gyms), in both languages."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.kinds import parse_request

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TODAY = dt.date(2026, 12, 7)


def _kind(name: str) -> Path:
    return EXAMPLES / name / "pipelines" / f"{name}.yaml"


def _values(kind: str, query: str) -> dict:
    return parse_request(_kind(kind), query, TODAY).values


@pytest.mark.parametrize("query, ages", [
    ("forfait en Formigal para 2 adultos de 40 y 42 años y 2 niños de 8 y 11 años", (8, 11)),
    ("ski pass in Andorra for 2 adults aged 40 and 42 and 2 kids aged 8 and 11", (8, 11)),
    ("forfait en Baqueira, 2 adultos (45 y 47 años) y 3 niños de 5, 9 y 12 años", (5, 12)),
])
def test_skipasses_childrens_ages_are_theirs(query: str, ages: tuple[int, int]) -> None:
    values = _values("skipasses", query)
    assert (values["age"], values["max_age"]) == ages
    assert values["adults"] == 2


@pytest.mark.parametrize("query, people, ages", [
    ("seguro para un niño de 8 y 2 adultos", 3, [8]),
    ("health insurance for a child of 8 and 2 adults", 3, [8]),
])
def test_insurance_a_party_noun_is_no_place(query: str, people: int, ages: list[int]) -> None:
    values = _values("insurance", query)
    assert (values.get("place"), values["people"], values["ages"]) == (None, people, ages)


@pytest.mark.parametrize("query, ages", [
    ("The user (British, 29) needs travel insurance for Thailand", [29]),
    ("seguro de salud en Valencia para mis padres (67 y 70)", [67, 70]),
    ("El usuario (española, 34 años) busca seguro médico sin copago", [34]),
])
def test_insurance_ages_in_brackets(query: str, ages: list[int]) -> None:
    assert _values("insurance", query)["ages"] == ages


def test_insurance_a_term_in_brackets_is_no_age() -> None:
    values = _values("insurance", "seguro de salud para 2 personas (12 meses) en Madrid")
    assert values.get("ages") is None and values["people"] == 2


@pytest.mark.parametrize("query, exam", [
    ("maths tutor in Madrid, the first lesson is free", None),
    ("profesor de matemáticas avanzadas, la primera clase gratis", None),
    ("english tutor in Leeds to prepare the First", "cambridge-first"),
    ("profe de inglés para el first en Sevilla", "cambridge-first"),
])
def test_tutors_first_is_a_name(query: str, exam: str | None) -> None:
    assert _values("tutors", query).get("exam") == exam


@pytest.mark.parametrize("query, seniors, max_age", [
    ("parque de atracciones en Madrid, 2 adultos y 2 niños, el mayor de 13 años", None, 13),
    ("theme park in Paris for 2 adults and 2 kids, the eldest is 12", None, 12),
    ("museo en Toledo para 2 adultos y 2 jubilados", 2, None),
])
def test_attractions_the_eldest(query: str, seniors: int | None, max_age: int | None) -> None:
    values = _values("attractions", query)
    assert (values.get("seniors"), values.get("max_age")) == (seniors, max_age)


@pytest.mark.parametrize("query, airlines", [
    ("vuelo de madrid a londres el viernes, no ryanair", ["Ryanair"]),
    ("cheapest flight dublin to madrid, no ryanair pls, carry-on only", ["Ryanair"]),
    ("vuelo de bilbao a paris sin vueling ni iberia", ["Vueling", "Iberia"]),
    ("vuelo de madrid a roma sin escalas", None),
])
def test_flights_a_lower_case_airline(query: str, airlines: list[str] | None) -> None:
    assert _values("flights", query).get("excluded_airlines") == airlines


@pytest.mark.parametrize("query, said, read", [
    # in the place's own language: read in its currency, and said (parse38)
    ("gym en Medellín que abra a las 5am, mensualidad máx 150 mil",
     "se ha leído en pesos colombianos (COP), la moneda de Colombia", True),
    # in another: a traveller may count in their own money, so it is only named
    ("gym in Medellín, at most 150k a month",
     "if it is in Colombian pesos (COP), the currency of Colombia, write it as 150k COP", False),
])
def test_gyms_a_bare_amount_names_the_places_currency(query: str, said: str, read: bool) -> None:
    task = parse_request(_kind("gyms"), query, TODAY)
    budget = task.values.get("budget")
    assert (budget.amount, budget.currency, budget.per) == (150000, "COP", "month") if read \
        else budget is None
    assert any(said in n for n in task.notes), task.notes


@pytest.mark.parametrize("query, term", [
    # the last of a list of ages is an age, no length of cover
    ("seguro médico para 2 adultos de 40 y 42 años y 2 niños de 8 y 11 años", None),
    ("seguro de salud por 2 años para 2 adultos", 2 * 31557600),  # how long, no age
    ("health insurance for 2 people aged 30 and 33 years, a 2-year policy", 2 * 31557600),
])
def test_insurance_years_of_an_age_are_no_term(query: str, term: int | None) -> None:
    values = _values("insurance", query)
    assert values.get("term") == term
    assert 2 not in (values.get("ages") or [])
