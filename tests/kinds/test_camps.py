"""An outside-author kind: holiday camps for children (examples/camps), written from the
docs alone, as the lab's parents ask for them: a place, a month or a span of days, the
child's age or an age range ("de 8 a 12 años", "ages 13-15"), an activity, the language
the camp is run in, day or residential, a cap on the price a week, lunch and extended
hours. Requests are typed as people type them, in both languages; three runs end to end
offline with scout.testing (module-scoped: CI time). The report must be in the request's
language only, cite its sources, shortlist only the camps whose ages cover the child's
and that have a session in the dates asked, compare prices a week (a price a day or a
fortnight converted, and said so), and say nothing a camps report has no business saying."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    LODGING_PAY_STOCK,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    parse_request,
    plan_output,
    run_each,
    run_kind,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "camps"
KIND = PROJECT / "pipelines" / "camps.yaml"
TODAY = dt.date(2026, 12, 6)


def _week(amount: float, currency: str = "EUR", per: str | None = "week") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": per}


def _span(start: str, end: str) -> dict:
    return {"start": start, "end": end}


JULY, AUGUST = _span("2027-07-01", "2027-07-31"), _span("2027-08-01", "2027-08-31")

# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "campamento de verano en inglés para niños de 8 a 12 años en julio, en la sierra de "
    "Madrid, menos de 400 € por semana":
        ("es", {"place": "Madrid", "dates": JULY, "age": 8, "max_age": 12,
                "language": "english", "budget": _week(400)}),
    "day camps in Dublin for a 10-year-old in August, STEM, under €250 a week, lunch included":
        ("en", {"activity": "STEM", "place": "Dublin", "dates": AUGUST, "age": 10,
                "camp_type": "day", "budget": _week(250), "lunch": True}),
    "colonias urbanas en Barcelona del 29 de junio al 10 de julio con horario ampliado":
        ("es", {"place": "Barcelona", "dates": _span("2027-06-29", "2027-07-10"),
                "camp_type": "day", "extended_hours": True}),
    "residential football camp in the UK for ages 13-15, two weeks in July":
        ("en", {"activity": "football", "place": "UK", "dates": JULY, "age": 13, "max_age": 15,
                "camp_type": "residential"}),
    # whom it is for ("mi hija") is no activity; Semana Santa is Palm Sunday to Easter Sunday
    "campamento de Semana Santa para mi hija de 6 años en Valencia, de robótica":
        ("es", {"activity": "robótica", "place": "Valencia",
                "dates": _span("2027-03-21", "2027-03-28"), "age": 6}),
    "campamento de robótica en Valencia para mi hija de 6 años en Semana Santa":
        ("es", {"activity": "robótica", "place": "Valencia",
                "dates": _span("2027-03-21", "2027-03-28"), "age": 6}),
    "campamentos de fútbol para niños de 10 años en julio en Madrid":
        ("es", {"activity": "fútbol", "place": "Madrid", "dates": JULY, "age": 10}),
    "campamento con pernocta en inglés en Asturias para chicos de 13 a 15 años, dos semanas en julio":
        ("es", {"place": "Asturias", "dates": JULY, "age": 13, "max_age": 15,
                "language": "english", "camp_type": "residential"}),
    "summer camps in Madrid for kids aged 8 to 12 in July, in English":
        ("en", {"place": "Madrid", "dates": JULY, "age": 8, "max_age": 12,
                "language": "english"}),
    "art camp in London for my 7 year old son in August, under £300 a week":
        ("en", {"activity": "art", "place": "London", "dates": AUGUST, "age": 7,
                "budget": _week(300, "GBP")}),
    "campamento urbano de arte en Sevilla para niños entre 5 y 9 años en julio con acogida matinal":
        ("es", {"activity": "arte", "place": "Sevilla", "dates": JULY, "age": 5, "max_age": 9,
                "camp_type": "day", "extended_hours": True}),
    "sleepaway camp in Maine for ages 10-14 in July":
        ("en", {"place": "Maine", "dates": JULY, "age": 10, "max_age": 14,
                "camp_type": "residential"}),
    # two children: the camp must take both
    "campamento de verano para mis hijos de 8 y 11 años en Galicia":
        ("es", {"place": "Galicia", "dates": _span("2027-06-01", "2027-08-31"), "age": 8,
                "max_age": 11}),
    "campus de baloncesto en Málaga del 1 al 15 de julio, máximo 500 euros, con comida":
        ("es", {"activity": "baloncesto", "place": "Málaga",
                "dates": _span("2027-07-01", "2027-07-15"), "budget": _week(500, per=None),
                "lunch": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# what a search for camps finds, each on a site of its own; a search for one camp by its
# name finds its page and a parents' review
SIERRA = [
    Result("Campamento de inmersión en inglés Guadarrama", "https://guadarrama.test/ingles",
           "Campamento en inglés para niños de 7 a 14 años en la sierra de Madrid. Turnos del "
           "1 al 15 de julio y del 16 al 31 de julio de 2027. 650 € la quincena, pensión "
           "completa."),
    Result("English Summer Camp Navacerrada", "https://navacerrada.test/camp",
           "Campamento en inglés de 8 a 12 años, del 5 al 18 de julio de 2027. 380 € por "
           "semana."),
    Result("Campamento Los Pinos", "https://lospinos.test/verano",
           "Campamento en inglés para chicos de 10 a 16 años, julio de 2027. 350 € por semana."),
    Result("Campamento Peñalara Kids", "https://penalara.test/kids",
           "Campamento en inglés de 6 a 11 años, del 1 al 14 de julio de 2027. 300 € por semana."),
    Result("Colonias Rascafría", "https://rascafria.test/colonias",
           "Campamento en inglés de 8 a 12 años, del 2 al 15 de agosto de 2027. 340 € por "
           "semana."),
    Result("Campamento Multiaventura El Escorial", "https://escorial.test/multiaventura",
           "Campamento multiaventura en español de 8 a 12 años, del 1 al 14 de julio de 2027. "
           "280 € por semana."),
    Result("Cercedilla English Camp", "https://cercedilla.test/english",
           "Campamento en inglés de 8 a 12 años, del 5 al 16 de julio de 2027. 90 € al día."),
    Result("Campamento Valle del Lozoya", "https://lozoya.test/verano",
           "Campamento de verano en inglés del 1 al 31 de julio de 2027. 360 € por semana."),
]
SIERRA_REVIEWS = {
    "Campamento de inmersión en inglés Guadarrama": "Opiniones de las familias: 4,8/5.",
    "English Summer Camp Navacerrada": "Valoración de los padres: 4,5/5.",
    "Campamento Valle del Lozoya": "Opiniones: 4,2/5.",
}
DUBLIN = [
    Result("Dublin STEM Day Camp", "https://dublinstem.test/camp",
           "STEM day camp in Dublin for ages 8-12, 3-28 August 2027, 9am-3pm. €220 per week, "
           "lunch included."),
    Result("Code Kids Summer Camp", "https://codekids.test/summer",
           "Coding and STEM day camp in Dublin, ages 7-11, August 2027. €30 per day, hot "
           "lunch included."),
    Result("Robotics Camp Dún Laoghaire", "https://robotics.test/camp",
           "STEM robotics day camp, ages 12-16, August 2027. €200 per week, lunch included."),
    Result("Little Scientists Camp", "https://littlescientists.test/camp",
           "STEM day camp for ages 5-8, August 2027. €180 a week, lunch included."),
    Result("Dublin Science Camp", "https://science.test/july",
           "STEM day camp for ages 8-12, 5-30 July 2027. €200 per week, lunch included."),
    Result("Phoenix Park Art Camp", "https://phoenix.test/art",
           "Art day camp for ages 8-12, August 2027. €190 per week, lunch included."),
]
DUBLIN_REVIEWS = {
    "Dublin STEM Day Camp": "Parents rate it 4.7/5.",
    "Code Kids Summer Camp": "Parents rate it 4.4/5.",
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, {"es": (next(iter(REQUESTS)), SIERRA),
                           "en": ("day camps in Dublin for a 10-year-old in August, STEM, "
                                  "under €250 a week, lunch included", DUBLIN)},
                    tmp_path_factory, today=TODAY,
                    reviews={"es": SIERRA_REVIEWS, "en": DUBLIN_REVIEWS})


# the report's own words in the other language: none may leak into a report
ENGLISH = words_of(*REPORT_ENGLISH, "camps?", "ages", "lunch", "extended hours",
                   "takes children", "no session")
SPANISH = words_of(*REPORT_SPANISH, "campamentos?", "edades", "comida", "horario", "admite",
                   "turno", "quincena", "semana")
# what a camps report has no business saying, in either language: lodging, a job's pay,
# a shop's stock
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "rooms?", "guests?", ignore_case=True)


def test_a_spanish_request_shortlists_the_camps_that_take_the_children(runs):
    run, queries = runs["es"]
    # the best rated first; a camp that states no ages is kept, and says so
    assert _names(run) == ["Campamento de inmersión en inglés Guadarrama",
                           "English Summer Camp Navacerrada", "Campamento Valle del Lozoya"]
    assert _excluded(run) == {
        "Campamento Los Pinos": ["admite niños a partir de 10 años de edad"],
        "Campamento Peñalara Kids": ["admite niños hasta 11 años de edad"],
        "Colonias Rascafría": ["no tiene turno en las fechas pedidas"],
        "Campamento Multiaventura El Escorial": ["no dice hacerse en inglés"],
        # 90 € a day is ~630 € a week: over 400 € a week
        "Cercedilla English Camp": ["cuesta más que el presupuesto por semana"],
    }
    lozoya = run.artifact("shortlist")["items"][2]["candidate"]
    assert lozoya["flags"] == ["could not check: age"]
    # searches in the request's language, with its words
    assert queries[0] == "campamento en inglés en Madrid 8-12 años 1–31 de julio de 2027"
    assert '"English Summer Camp Navacerrada" precio edades fechas opiniones' in queries


def test_a_price_a_fortnight_or_a_day_is_compared_a_week_and_the_report_says_so(runs):
    run, _ = runs["es"]
    report = run.report
    for words in [
            # 650 € la quincena is 325 € a week: within 400 € a week
            "| Campamento de inmersión en inglés Guadarrama | ~325 €/semana (650 €/quincena según la fuente) [1] | de 7 a 14 | sí |",
            "precio por quincena convertido a precio por semana (aproximado)",
            "1 precio por día se ha convertido a precio por semana (aproximado)",
            "**Cercedilla English Camp** (~630 €/semana"]:
        assert words in report, words
    assert "por de día" not in report          # a day camp's word is not the period's


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Campamentos en Madrid", "## Selección",
                  "| # | campamento | precio | edades | comida | horario ampliado | "
                  "valoración | enlace |",
                  "3 campamentos de 8 encontrados: en inglés, para niños de 8 a 12 años, "
                  "1–31 de julio de 2027, por como mucho 400 €/semana.",
                  "| Campamento Valle del Lozoya | 360 €/semana [5] | no consta |",
                  "| edad | 8 | consulta |", "| edad máxima | 12 | consulta |",
                  "| idioma | inglés | consulta |",
                  "no se pudo comprobar: edad"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, SIERRA, ids=True, reviews=SIERRA_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, SIERRA, ids=True, reviews=SIERRA_REVIEWS)
    assert_cites_sources(run, SIERRA, "es")
    assert "## Fuentes" in report and run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_gets_an_english_report(runs):
    run, queries = runs["en"]
    # a day camp for ages 7-11 at 30 EUR a day (~210 a week) fits; 12-16, 5-8, July and
    # an art camp do not
    assert _names(run) == ["Dublin STEM Day Camp", "Code Kids Summer Camp"]
    assert _excluded(run) == {
        "Robotics Camp Dún Laoghaire": ["takes children from 12 years of age"],
        "Little Scientists Camp": ["takes children up to 8 years of age"],
        "Dublin Science Camp": ["no session in the dates asked"],
        "Phoenix Park Art Camp": ["not said to be about STEM"],
    }
    report = run.report
    for words in ["# STEM camps in Dublin", "## Shortlist",
                  "2 camps out of 6 found: STEM, day camp, for a child of 10, on August 1 – 31, "
                  "2027, for at most 250 EUR/week, lunch included.",
                  "| Dublin STEM Day Camp | 220 EUR/week [1] | 8 to 12 | yes | not stated |",
                  "| Code Kids Summer Camp | ~210 EUR/week (30 EUR/day as stated) [3] | 7 to 11 | yes |",
                  "price per day converted to per week (approximate)",
                  "| camp type | day | query |", "| lunch | yes | query |"]:
        assert words in report, words
    assert_says_nothing_of(SPANISH, report, DUBLIN, ids=True, reviews=DUBLIN_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, DUBLIN, ids=True, reviews=DUBLIN_REVIEWS)
    assert_cites_sources(run, DUBLIN, "en")
    assert queries[0] == "STEM day camp in Dublin ages 10 August 1 – 31, 2027"


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    # every search answers zero results
    run, _ = run_kind(KIND, tmp_path, "colonias urbanas en Barcelona del 29 de junio al 10 "
                      "de julio con horario ampliado", [], today=TODAY)
    assert "no se ha encontrado ningún campamento." in run.report
    assert "## Selección" in run.report and "Nada coincide con la petición." in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/camps.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/camps.yaml",
                      "residential football camp in the UK for ages 13-15, two weeks in July",
                      tmp_path, capsys, monkeypatch)
    for words in ["activity", "football", "age", "13", "max_age", "15", "residential",
                  "F0", "R1", "F6"]:
        assert words in out, words
