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
    ("Getafe dentist", {"city": "Getafe"}),
    ("Chamberí dentist", {"city": "Madrid", "area": "Chamberí"}),  # its city (parse23)
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
    (CLINICS, "dentista cerca de Triana", {"city": "Sevilla", "area": "Triana"}),  # parse23
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


PHONEPLANS = kind_inputs("phoneplans")
HOTEL = {"city": InputSpec(type="place"), "month": InputSpec(type="month"),
         "budget": InputSpec(type="money", aliases=["max", "máximo"]),
         "nights": InputSpec(type="integer", aliases=["noches", "nights"])}


# ------------------------------ a value, then "no," takes it back; "no" is never a place
@pytest.mark.parametrize("kind, query, name, want", [
    (PHONEPLANS, "contrato de 24 meses no, máximo 12", "max_commitment_months", 12),
    (PHONEPLANS, "permanencia de 24 meses no, 12 como mucho", "max_commitment_months", 12),
    (PHONEPLANS, "24 month contract no, 12 max", "max_commitment_months", 12),
    (PHONEPLANS, "tarifa en España no, en Francia", "country", "Francia"),
    (HOTEL, "hotel en Sevilla no, en Córdoba", "city", "Córdoba"),
    (HOTEL, "hotel in Lisbon for 5 nights no, 4", "nights", 4),
    (HOTEL, "hotel en Madrid en marzo no, en abril", "month", "April 2027"),
    (HOTEL, "hotel en Madrid 3 noches no, 2", "nights", 2),
])
def test_a_value_then_no_is_taken_back(kind: dict[str, InputSpec], query: str, name: str,
                                       want: object) -> None:
    got = parse_query(query, kind, today=TODAY).values
    assert str(got.get(name)) == str(want), got
    assert not any(str(v).casefold() == "no" for v in got.values()), got


@pytest.mark.parametrize("query", [
    "contrato de 24 meses no, máximo 12", "No, tarifa en España", "tarifa móvil, no",
    "NO permanencia, 50 GB", "tarifa ni permanencia",
])
def test_no_is_never_a_place(query: str) -> None:
    got = parse_query(query, PHONEPLANS, today=TODAY).values
    assert fold_values(got) & {"no", "ni", "sin"} == set(), got


def fold_values(values: dict[str, object]) -> set[str]:
    return {str(v).casefold() for v in values.values()}


@pytest.mark.parametrize("query, nights", [
    ("hotel en Madrid, 3 noches, no fumadores", 3),  # "no" before a word, not a correction
    ("no quiero más de 3 noches, hotel en Madrid", 3),
])
def test_a_negation_without_a_value_before_it_corrects_nothing(query: str, nights: int) -> None:
    assert parse_query(query, HOTEL, today=TODAY).values.get("nights") == nights


def test_no_after_a_value_is_a_correction_segment() -> None:
    from scout.task.corrections import segments

    for folded, said in [("contrato de 24 meses no, maximo 12", "maximo 12"),
                         ("hotel en marzo, no, en abril", "en abril"),
                         ("hotel en marzo, no, mejor en abril", "en abril")]:
        (new, _old), = segments(folded)
        assert folded[new[0]:new[1]] == said
    assert segments("no, hotel en madrid") == []
    assert segments("hotel en madrid, no fumadores") == []


EVENTS = kind_inputs("events")
PAPERS = kind_inputs("papers")


# ------------------------------ a stretch of time off is when, not what is sought
@pytest.mark.parametrize("query, genre", [
    ("things to do in Madrid during the school holidays", None),
    ("family events in Madrid during the school holidays", None),
    ("jazz concerts in Dublin over the Christmas break", "jazz concerts"),
    ("theatre in London during the half-term holidays", "theatre"),
    ("planes con niños en Madrid durante las vacaciones escolares", None),
    ("conciertos de jazz en Bilbao durante las vacaciones de invierno", "conciertos de jazz"),
    ("talleres de cerámica en Sevilla en vacaciones escolares", "cerámica"),
    # guards: a holiday's word that is the thing itself stays
    ("exposiciones en Madrid en Semana Santa", "exposiciones"),
    ("concerts during the Easter holidays in Dublin", "concerts"),
])
def test_time_off_named_by_whose_it_is_is_no_subject(query: str, genre: str | None) -> None:
    values = parse_query(query, EVENTS, today=TODAY).values
    assert values.get("genre") == genre, values


# ------------------------------ after a year is the next one: the first year it allows
@pytest.mark.parametrize("query, since", [
    ("papers on transformers published after 2020", 2021),
    ("artículos sobre transformers publicados después de 2020", 2021),
    ("papers on RAG newer than 2021", 2022),
    ("artículos posteriores a 2019 sobre visión", 2020),
    ("papers on RAG after last year", 2026),
    # guards: a first year said inclusively is itself
    ("papers on RAG since 2020", 2020),
    ("papers on RAG from 2020 onwards", 2020),
    ("artículos desde 2018 sobre ética", 2018),
    ("artículos de 2020 o posteriores", 2020),
])
def test_after_a_year_is_the_next_year(query: str, since: int) -> None:
    assert parse_query(query, PAPERS, today=TODAY).values.get("since") == since


def test_after_an_amount_is_no_year() -> None:
    assert parse_query("papers after 2000 euros of fees", PAPERS,
                       today=TODAY).values.get("since") is None


JOBS = kind_inputs("jobs")
DISH = {"city": InputSpec(type="place"), "dish": InputSpec(type="subject"),
        "budget": InputSpec(type="money")}


# ------------------------------ capitals typed in the subject: a lower-case word is no town
@pytest.mark.parametrize("kind, query, want", [
    (JOBS, "Senior Product Manager, fintech", {}),
    (JOBS, "Senior Product Manager, lalin", {}),
    (JOBS, "Senior Data Scientist, healthtech", {}),
    (JOBS, "Busco puesto de Director Financiero, banca", {}),
    (JOBS, "Looking for a Senior Product Manager role, fintech", {}),
    # guards: a known place, or one after a cue, stays; so does an all-lower-case request
    (JOBS, "Senior Product Manager, barcelona", {"city": "Barcelona"}),
    (JOBS, "Senior Product Manager in lalin", {"city": "Lalin"}),
    (DISH, "Ramen barcelona", {"city": "Barcelona"}),
    (DISH, "tacos lalin 30 EUR", {"city": "Lalin"}),  # a code's capitals say nothing
])
def test_lower_case_word_after_a_capitalised_subject_is_no_town(
        kind: dict[str, InputSpec], query: str, want: dict[str, str]) -> None:
    assert places(kind, query) == want


COURSES = kind_inputs("courses")
GRANTS = kind_inputs("grants")


# ------------------------------ a degree's field typed as a title is the topic, no place
@pytest.mark.parametrize("kind, query, topic, want", [
    (COURSES, "Máster en Ingeniería de Software", "Ingeniería de Software", {}),
    (GRANTS, "Máster en Ingeniería de Software", "Ingeniería de Software", {}),
    (COURSES, "Grado en Administración de Empresas", "Administración de Empresas", {}),
    (GRANTS, "PhD in Molecular Biology", "Molecular Biology", {}),
    (COURSES, "Máster en Ingeniería de Software en Madrid", "Ingeniería de Software",
     {"place": "Madrid"}),
    (COURSES, "PhD in Computer Science in Berlin", "Computer Science", {"place": "Berlin"}),
    # guards: a known place after the degree's cue is one; a course's cue keeps its place
    (COURSES, "Máster en Valencia", None, {"place": "Valencia"}),
])
def test_a_degrees_field_is_the_topic(kind: dict[str, InputSpec], query: str,
                                      topic: str | None, want: dict[str, str]) -> None:
    values = parse_query(query, kind, today=TODAY).values
    assert places(kind, query) == want
    if topic is not None:
        assert values.get("topic") == topic, values


def test_a_course_in_a_named_neighbourhood_keeps_it() -> None:
    assert places(COURSES, "Looking for an in-person pottery course in Shoreditch") \
        == {"place": "Shoreditch"}


# ------------------------------ a country after a city: the city is the city's input's
@pytest.mark.parametrize("query, want", [
    ("dentist near Barcelona, Spain", {"city": "Barcelona"}),
    ("dentista cerca de Valencia, España", {"city": "Valencia"}),
    ("dentist in Barcelona, Spain", {"city": "Barcelona"}),
    ("physio near Porto, Portugal", {"city": "Porto"}),
    # guards: a neighbourhood, its city and its country each where they belong
    ("dentist near Sants, Barcelona, Spain", {"city": "Barcelona", "area": "Sants"}),
    ("dentist near Sants, Barcelona", {"city": "Barcelona", "area": "Sants"}),
])
def test_a_country_after_a_known_city_fills_the_city(query: str, want: dict[str, str]) -> None:
    assert places(CLINICS, query) == want


# ------------------------------ a Spanish adjective after an English loanword: Spanish
@pytest.mark.parametrize("query, lang", [
    ("sushi vegano", "es"), ("brunch vegano", "es"), ("tacos veganos", "es"),
    ("burger casera", "es"), ("ramen rico", "es"), ("pizza italiana", "es"),
    ("sushi vegano en Madrid", "es"),
    # guards: English requests with Spanish dish names, adjectives first in English
    ("best tacos al pastor in Austin", "en"), ("vegan sushi", "en"),
    ("vegan tacos in Austin", "en"), ("patatas bravas in London", "en"),
    ("huevos rancheros near me", "en"), ("mole poblano in Chicago", "en"),
])
def test_spanish_adjective_agreeing_after_a_loanword(query: str, lang: str) -> None:
    assert parse_query(query, DISH, today=TODAY).lang == lang


def test_a_headline_s_capitals_claimed_say_nothing() -> None:
    from scout.task.lang import fold
    from scout.task.notplace import capitals_claimed

    typed = "Senior Product Manager, fintech"
    claimed = "\x00" * 22 + fold(typed)[22:]
    assert capitals_claimed(typed, claimed)
    headline = "Madrid Buenos Aires New York Lima Madrid Buenos"  # every word capitalised
    assert not capitals_claimed(headline, "\x00" * 33 + fold(headline)[33:])
    assert places(CLINICS, headline)  # its names are still read
