"""Classes of misreads found probing the newest example kinds (courses, wines, trips,
jobs) with requests as a lab member types them, both languages, and guards for what must
stay as it was. The clock is injected (today is Sunday 6 December 2026)."""

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


COURSES = kind_inputs("courses")
WINES = kind_inputs("wines")
TRIPS = kind_inputs("trips")
JOBS = kind_inputs("jobs")
FOOD = {"city": InputSpec(type="place", required=True), "dish": InputSpec(type="subject"),
        "budget": InputSpec(type="money")}


def values(query: str, inputs: dict[str, InputSpec]) -> dict[str, object]:
    return {k: str(v) for k, v in parse_query(query, inputs, today=TODAY).values.items()}


# ------------------------------- a one-letter word after in / en: a language, not a place
@pytest.mark.parametrize("query, topic, place", [
    ("statistics in R", "statistics in R", None),
    ("programación en R", "programación en R", None),
    ("a course in C", "C", None),
    ("curso de estadística en R en Madrid", "estadística en R", "Madrid"),
    ("machine learning in R in Madrid", "machine learning in R", "Madrid"),
    ("introducción a la programación en C en Sevilla", None, "Sevilla"),
    ("statistics in R taught in Spanish", "statistics in R", None),
    ("cursos de estadística en R en español", "estadística en R", None),
])
def test_one_letter_after_in_is_no_place(query: str, topic: str | None, place: str | None) -> None:
    got = values(query, COURSES)
    assert got.get("place") == place, got
    if topic is not None:
        assert got.get("topic") == topic, got


def test_language_after_one_letter_is_the_language_input() -> None:
    got = values("statistics in R taught in Spanish", COURSES)
    assert got.get("language") == "spanish" and "place" not in got, got


# ------------------------------------ "de" / "del" outside a name marks Spanish
@pytest.mark.parametrize("query, lang", [
    ("vinos naturales de Georgia", "es"),
    ("ribera del duero crianza", "es"),
    ("crianza de 2019", "es"),
    ("vino tinto de Chile", "es"),
    ("hotels in Palma de Mallorca", "en"),
    ("playa del carmen", "en"),
    ("Playa del Carmen", "en"),
    ("rio de janeiro in march", "en"),
])
def test_de_outside_a_name_is_spanish(query: str, lang: str) -> None:
    assert parse_query(query, WINES, today=TODAY).lang == lang


def test_one_letter_after_in_any_kind_has_no_place() -> None:
    """The rule is the parser's, not the example's: a kind of its own with a place."""
    inputs = {"topic": InputSpec(type="subject"), "city": InputSpec(type="place")}
    for query in ("workshop in R", "taller de estadística en R", "bootcamp in C"):
        assert "city" not in values(query, inputs), query


# --------------------------------- a language's name keeps its signs ("C++", "C#")
@pytest.mark.parametrize("query, topic, place", [
    ("online course on C++ under 50 dollars", "C++", None),
    ("curso de C# en Madrid", "C#", "Madrid"),
    ("programación en C++", "programación en C++", None),
    ("course in C# in London", "C#", "London"),
])
def test_language_names_keep_their_signs(query: str, topic: str, place: str | None) -> None:
    got = values(query, COURSES)
    assert (got.get("topic"), got.get("place")) == (topic, place), got


def test_role_keeps_its_language_sign() -> None:
    got = values("desarrollador C++ en Barcelona", JOBS)
    assert got.get("role") == "desarrollador C++" and got.get("city") == "Barcelona", got


# ------------------ a country whose name is also food, typed with its capital: the country
@pytest.mark.parametrize("query, country, variety", [
    ("Chile", "Chile", None),
    ("Chile Cabernet under 20 dollars", "Chile", "Cabernet"),
    ("vino tinto de Chile", "Chile", "vino"),
    ("Argentina", "Argentina", None),
])
def test_capitalised_country_is_the_place(query: str, country: str, variety: str | None) -> None:
    got = values(query, WINES)
    assert (got.get("country"), got.get("variety")) == (country, variety), got


def test_capitalised_country_read_when_the_kind_is_named() -> None:
    got = parse_query("red wine from Chile under 10 dollars", WINES, today=TODAY, kind="wines")
    assert str(got.values.get("country")) == "Chile" and "variety" not in got.values, got.values


@pytest.mark.parametrize("query, dish, city", [
    ("Chile relleno en Puebla", "Chile relleno", "Puebla"),
    ("chile en nogada en puebla", "chile en nogada", "Puebla"),
])
def test_the_dish_stays_a_dish(query: str, dish: str, city: str) -> None:
    food = {"city": InputSpec(type="place", required=True), "dish": InputSpec(type="subject")}
    got = values(query, food)
    assert (got.get("dish"), got.get("city")) == (dish, city), got


# -------------------------- a Spanish-only suffix in lower case or opening the request
@pytest.mark.parametrize("query, lang", [
    ("introducción a R", "es"),
    ("Introducción a R", "es"),
    ("cursos de programación", "es"),
    ("hotels in Asunción", "en"),
    ("Asunción hotels in June", "en"),
    ("computer vision course", "en"),
])
def test_spanish_suffix_marks_spanish(query: str, lang: str) -> None:
    assert parse_query(query, COURSES, today=TODAY).lang == lang


# -------------------------------- a word of quality is no place ("un buen rioja")
@pytest.mark.parametrize("query, inputs, name, want", [
    ("un buen albariño barato", WINES, "variety", "albariño"),
    ("una buena paella barata", {"city": InputSpec(type="place"),
                                 "dish": InputSpec(type="subject")}, "dish", "paella"),
])
def test_quality_word_is_no_place(query: str, inputs: dict[str, InputSpec], name: str,
                                  want: str) -> None:
    got = values(query, inputs)
    assert got.get(name) == want and len([v for v in got.values()]) >= 1, got
    assert not any(v.lower().startswith("buen") for v in got.values()), got


def test_quality_word_before_a_known_name_is_the_name() -> None:
    got = values("buenos cursos de python en buenos aires", COURSES)
    assert got.get("place") == "Buenos Aires", got


# --------------- "X de / del Y Z": two words the gazetteer does not know run on the subject
@pytest.mark.parametrize("query, inputs, subject, place", [
    ("ribera del duero crianza", "WINES", "ribera del duero crianza", None),
    ("ribera del duero crianza por menos de 20 euros", "WINES", "ribera del duero crianza", None),
    ("tarta de queso betanzos 20€", "FOOD", "tarta de queso", "Betanzos"),
    ("el mejor ramen de lyon", "FOOD", "ramen", "Lyon"),
    ("tortilla de betanzos barata", "FOOD", "tortilla", "Betanzos"),
])
def test_de_running_on_stays_the_subject(query: str, inputs: str, subject: str,
                                         place: str | None) -> None:
    kind = WINES if inputs == "WINES" else FOOD
    got = values(query, kind)
    names = ("variety", "country") if inputs == "WINES" else ("dish", "city")
    assert (got.get(names[0]), got.get(names[1])) == (subject, place), got


# ------------- a place input for a country: a name with no cue must be one the gazetteer knows
@pytest.mark.parametrize("query, variety, country", [
    ("rioja Reserva", "rioja Reserva", None),
    ("Chianti Classico under 30 euros", "Chianti Classico", None),
    ("champagne brut nature under 50 EUR", "brut nature", None),
    ("un buen rioja Reserva de 2016", "rioja Reserva", None),
    ("Pinot Noir from Oregon", "Pinot Noir", "Oregon"),
    ("riesling from the Mosel", "riesling", "Mosel"),
    ("sauvignon blanc de Nueva Zelanda", "sauvignon blanc", "Nueva Zelanda"),
    ("cheap Malbec from Argentina", "Malbec", "Argentina"),
    ("vino de Jerez", "vino", "Jerez"),
    ("vino de jerez", "vino de jerez", None),
    ("albariño de Rías Baixas por menos de 20 euros", "albariño", "Rías Baixas"),
    ("verdejo de Rueda ecológico", "verdejo", "Rueda"),
])
def test_country_input_needs_a_known_name_or_a_cue(query: str, variety: str,
                                                   country: str | None) -> None:
    got = values(query, WINES)
    assert (got.get("variety"), got.get("country")) == (variety, country), got


def test_country_rule_follows_the_input_name_not_the_example() -> None:
    """Any kind whose place input names a country ("país", "origin"); a city keeps the
    chat reading ("ramen Girona")."""
    for name in ("pais", "country_of_origin"):
        inputs = {"product": InputSpec(type="subject"), name: InputSpec(type="place")}
        assert name not in values("queso Manchego Curado", inputs), name
    city = {"dish": InputSpec(type="subject"), "city": InputSpec(type="place")}
    assert values("ramen Girona", city).get("city") == "Girona"


# ------------------------------------ a year typed bare right after a name's word
@pytest.mark.parametrize("query, year", [
    ("Barolo 2015 from Piedmont", "2015"),
    ("rioja 2018 under 20 euros", "2018"),
    ("un rioja 2018 por menos de 20 euros", "2018"),
    ("rioja 2018", "2018"),
    ("rioja reserva 2030", None),          # later than next year: no vintage
    ("vino 2000 euros", None),             # an amount
    ("rioja entre 2000 y 3000 euros", None),
])
def test_bare_year_after_a_name(query: str, year: str | None) -> None:
    assert values(query, WINES).get("vintage") == year


def test_bare_year_for_any_year_input() -> None:
    cars = {"model": InputSpec(type="subject"), "min_year": InputSpec(type="year")}
    assert values("toyota corolla 2015, max 90000 km", cars).get("min_year") == "2015"
    assert "min_year" not in values("toyota corolla before 2015", cars)
