"""An outside-author kind: student residences and student housing for the lab's visiting
students and new PhD hires (examples/residences), written from the docs alone, as the lab
asks for them: a city and the campus to be near, the room (single, double, studio,
en-suite), the meals, a price a month or a week with bills included or not, the stay (an
academic year, a semester, "September to June"), the contract, mixed or single-sex,
facilities and a rating out of 5. Requests are typed as people type them, in both
languages; three runs end to end offline with scout.testing (module-scoped: CI time). The
report must be in the request's language only, cite its sources, compare a price a week
with a budget a month (and the other way round) on one basis and say so, and say nothing
a residence report has no business saying (nights, hotels, check-in)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
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
    shortlist_names as _names,
    words_of,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "residences"
KIND = PROJECT / "pipelines" / "residences.yaml"
TODAY = dt.date(2026, 12, 6)
MONTH = 2629800          # a month of the contract, in seconds (a twelfth of 365.25 days)


def _span(start: str, end: str) -> dict:
    return {"start": start, "end": end}


ACADEMIC_YEAR = _span("2027-09-01", "2028-06-30")
FIRST_HALF = _span("2027-09-01", "2028-01-31")

# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "residencia de estudiantes en Salamanca cerca de la universidad, habitación individual "
    "con baño, pensión completa, menos de 900 € al mes, curso 2027-28":
        ("es", {"place": "Salamanca", "room": ["single", "ensuite"], "meals": "full_board",
                "budget": cap(900, per="month"), "stay": ACADEMIC_YEAR}),
    "student accommodation in Edinburgh for September to June, en-suite, under £220 a week, "
    "bills included":
        ("en", {"place": "Edinburgh", "room": ["ensuite"], "budget": cap(220, "GBP", per="week"),
                "bills": True, "stay": ACADEMIC_YEAR}),
    "colegio mayor en Madrid para una estudiante de doctorado, mixto, con wifi y lavandería":
        ("es", {"place": "Madrid", "gender": "mixed", "facilities": ["wifi", "laundry"]}),
    "studio in a student residence in Milan, 10-month contract, max 1,000 € a month, near "
    "Politecnico":
        ("en", {"place": "Milan", "campus": "Politecnico", "room": ["studio"],
                "budget": cap(1000, per="month"), "contract": 10 * MONTH}),
    "residencia universitaria en Granada, habitación doble compartida, media pensión, del 1 "
    "de octubre al 30 de junio":
        ("es", {"place": "Granada", "room": ["double"], "meals": "half_board",
                "stay": _span("2027-10-01", "2028-06-30")}),
    "colegio mayor femenino en Madrid, con gimnasio y sala de estudio, para el primer "
    "cuatrimestre":
        ("es", {"place": "Madrid", "gender": "women", "facilities": ["gym", "study_room"],
                "stay": FIRST_HALF}),
    "student halls in Manchester for the academic year 2027/28, single room, self-catered, "
    "max £180 per week, women-only, gym and study room":
        ("en", {"place": "Manchester", "room": ["single"], "meals": "self_catered",
                "budget": cap(180, "GBP", per="week"), "stay": ACADEMIC_YEAR,
                "gender": "women", "facilities": ["gym", "study_room"]}),
    "residencia en Barcelona cerca de la UPC, estudio con cocina, hasta 1.100 € al mes con "
    "gastos incluidos, contrato de 6 meses":
        ("es", {"place": "Barcelona", "campus": "UPC", "room": ["studio"],
                "budget": cap(1100, per="month"), "bills": True, "contract": 6 * MONTH,
                "facilities": ["kitchen"]}),
    "I need a student residence in Bologna for the autumn semester, single room, breakfast "
    "included, under 700 EUR/month":
        ("en", {"place": "Bologna", "room": ["single"], "meals": "breakfast",
                "budget": cap(700, per="month"), "stay": FIRST_HALF}),
    "residencia femenina en Pamplona cerca de la Universidad de Navarra, pensión completa, "
    "valorada con más de 4 sobre 5":
        ("es", {"place": "Pamplona", "campus": "Universidad de Navarra", "meals": "full_board",
                "gender": "women", "min_rating": 8.0}),
    "halls of residence in Leeds, rated 4+ out of 5, men-only, laundry":
        ("en", {"place": "Leeds", "gender": "men", "facilities": ["laundry"],
                "min_rating": 8.0}),
    "residencia de estudiantes en Valencia para el curso que viene, habitación individual, "
    "sin comidas, menos de 600 euros al mes, wifi":
        ("es", {"place": "Valencia", "room": ["single"], "meals": "self_catered",
                "budget": cap(600, per="month"), "stay": ACADEMIC_YEAR, "facilities": ["wifi"]}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want, false_unasked=True)
    # nothing the lab typed is left unread ("2027-28", the "5" of "4+ out of 5")
    assert not [n for n in task.notes if "could not read" in n or "no se ha podido" in n], \
        task.notes


# ---------------------------------------------------------------- end to end, offline
# what a search for residences finds, each on a site of its own; a search for one
# residence by its name finds its page and residents' reviews
SALAMANCA = [
    Result("Residencia Fonseca", "https://fonseca.test/habitaciones",
           "Residencia de estudiantes a 5 minutos de la Universidad de Salamanca. Habitación "
           "individual con baño propio y pensión completa: 850 € al mes. Wifi y lavandería."),
    Result("Colegio Mayor San Bartolomé", "https://sanbartolome.test/",
           "Habitación individual con baño, pensión completa, 210 € a la semana. Sala de "
           "estudio."),
    Result("Residencia Tormes", "https://tormes.test/precios",
           "Habitaciones dobles compartidas con pensión completa, 620 € al mes."),
    Result("Residencia Anaya", "https://anaya.test/",
           "Habitación individual con baño propio, media pensión, 700 € al mes."),
    Result("Residencia Plaza Mayor", "https://plazamayor.test/",
           "Habitación individual con baño, pensión completa, 980 € al mes, gimnasio."),
    Result("Residencia Campus Unamuno", "https://unamuno.test/",
           "Habitación individual con baño y pensión completa por 790 € al mes. Cerrada por "
           "obras del 1 de septiembre de 2027 al 30 de junio de 2028."),
]
SALAMANCA_REVIEWS = {"Residencia Fonseca": "Opiniones de residentes: 4,5/5.",
                     "Colegio Mayor San Bartolomé": "Valoración: 4,1/5."}
EDINBURGH = [
    Result("Pollock Halls", "https://pollock.test/rooms",
           "En-suite single rooms £205 per week, all bills included, 40-week contract from "
           "September 2027 to June 2028."),
    Result("Canal Point", "https://canalpoint.test/",
           "En-suite rooms £850 per month, bills included, wifi and gym."),
    Result("Fountainbridge Studios", "https://fountainbridge.test/",
           "Studios and en-suite rooms £235 per week, bills included."),
    Result("Grove Residence", "https://grove.test/",
           "En-suite rooms £190 per week. Electricity and gas billed separately."),
    Result("Meadows House", "https://meadows.test/",
           "En-suite rooms £200 per week, bills included. Summer lets only: 1 July to 31 "
           "August 2027."),
]
EDINBURGH_REVIEWS = {"Pollock Halls": "Students rate it 4.2/5.",
                     "Canal Point": "Rated 4.6/5 by residents."}
MADRID = [
    Result("Colegio Mayor Aquinas", "https://aquinas.test/",
           "Colegio mayor mixto junto a Ciudad Universitaria. Wifi, lavandería y sala de "
           "estudio. Estancia mínima: 9 meses."),
    Result("Colegio Mayor Santa Teresa", "https://santateresa.test/",
           "Colegio mayor femenino con wifi y lavandería."),
    Result("Residencia Moncloa", "https://moncloa.test/",
           "Residencia mixta con wifi y gimnasio."),
    Result("Residencia Chamberí", "https://chamberi.test/",
           "Residencia mixta, wifi, lavandería y cocina compartida. Estancia mínima: 12 meses."),
]
MADRID_REVIEWS = {"Colegio Mayor Aquinas": "Valoración: 4,4/5."}

SALAMANCA_QUERY, EDINBURGH_QUERY = list(REQUESTS)[0], list(REQUESTS)[1]
MADRID_QUERY = ("colegio mayor en Madrid para una estudiante de doctorado, mixto, con wifi y "
                "lavandería, contrato de 10 meses")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, {"es": (SALAMANCA_QUERY, SALAMANCA),
                           "en": (EDINBURGH_QUERY, EDINBURGH),
                           "madrid": (MADRID_QUERY, MADRID)}, tmp_path_factory, today=TODAY,
                    reviews={"es": SALAMANCA_REVIEWS, "en": EDINBURGH_REVIEWS,
                             "madrid": MADRID_REVIEWS})


# the report's own words in the other language: none may leak into a report
ENGLISH = words_of(*REPORT_ENGLISH, "residences?", "meals", "bills", "full board", "rooms?",
                   "stated", "month", "week")
SPANISH = words_of(*REPORT_SPANISH, "residencias?", "comidas", "gastos", "pensión completa",
                   "habitaci[oó]n", "semana", "mes")
# what a residence report has no business saying, in either language: a hotel's nights
# and check-in, a job's pay, a shop's stock, the kind's identifiers as the YAML writes them
OTHER_KINDS = words_of("hotels?", "hoteles", "nights?", "per night", "check-in", "noches?",
                       "por noche", "huéspedes", "salary", "salario", "sueldo", "in stock",
                       "shipping", "envío", "full_board", "half_board", "self_catered",
                       "study_room", "min_rating", ignore_case=True)


def test_a_spanish_request_compares_a_price_a_week_with_a_budget_a_month(runs):
    run, queries = runs["es"]
    # 210 € a week is ~913 € a month, over 900 €; a double room is no single en-suite;
    # half board is no full board; a residence closed for the academic year asked is out
    assert _names(run) == ["Residencia Fonseca"]
    assert _excluded(run) == {
        "Colegio Mayor San Bartolomé": ["cuesta más que el presupuesto"],
        "Residencia Tormes": ["no indica habitación individual y con baño propio"],
        "Residencia Anaya": ["no indica pensión completa"],
        "Residencia Plaza Mayor": ["cuesta más que el presupuesto"],
        "Residencia Campus Unamuno": ["sin plazas para la estancia pedida"],
    }
    [bart] = [c for c, _ in run.artifact("shortlist")["excluded"]
              if c["name"] == "Colegio Mayor San Bartolomé"]
    assert bart["price_converted"]["per"] == "month"
    assert 900 < bart["price_converted"]["amount"] < 920
    # searches in the request's language, for the academic year read, as listings write
    # it ("curso 2027-2028"), not the stay's days in words
    assert queries[0] == "residencia de estudiantes en Salamanca 2027-2028"
    assert '"Residencia Tormes" precios habitaciones opiniones' in queries


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Residencias de estudiantes en Salamanca", "## Selección",
                  "| # | residencia | precio | comidas | gastos incluidos | valoración | enlace |",
                  "1 residencia de 6 encontradas: individual, con baño propio, pensión "
                  "completa, para 1 de septiembre de 2027 – 30 de junio de 2028, por como "
                  "mucho 900 €/mes.",
                  "| Residencia Fonseca | 850 €/mes [1] | pensión completa | no consta | 4,5/5",
                  "| estancia | 1 de septiembre de 2027 – 30 de junio de 2028 | consulta |",
                  "1 precio por semana se ha convertido a precio por mes"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, SALAMANCA, ids=True, reviews=SALAMANCA_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, SALAMANCA, ids=True,
                           reviews=SALAMANCA_REVIEWS)
    assert_cites_sources(run, SALAMANCA, "es")
    assert "## Fuentes" in report and run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_compares_a_price_a_month_with_a_budget_a_week(runs):
    run, queries = runs["en"]
    # £850 a month is ~£195 a week, under £220; bills billed apart are no bills included;
    # summer lets only are not open from September to June
    assert _names(run) == ["Canal Point", "Pollock Halls"]
    assert _excluded(run) == {
        "Fountainbridge Studios": ["costs more than the budget"],
        "Grove Residence": ["bills not stated as included"],
        "Meadows House": ["no rooms for the stay asked"],
    }
    [canal] = [i["candidate"] for i in run.artifact("shortlist")["items"]
               if i["candidate"]["name"] == "Canal Point"]
    assert canal["price_converted"]["per"] == "week"
    assert 190 < canal["price_converted"]["amount"] < 200
    assert queries[0] == "student residence in Edinburgh 2027-2028"


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["en"]
    report = run.report
    for words in ["# Student residences in Edinburgh", "## Shortlist",
                  "2 residences out of 5 found: en-suite, for September 1, 2027 – June 30, "
                  "2028, for at most 220 GBP/week, bills included.",
                  "| Canal Point | ~195 GBP/week (850 GBP/month as stated) [1] | not stated | yes | 4.6/5",
                  "| room | en-suite | query |",
                  "1 price per month was converted to a price per week"]:
        assert words in report, words
    assert_says_nothing_of(SPANISH, report, EDINBURGH, ids=True, reviews=EDINBURGH_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, EDINBURGH, ids=True,
                           reviews=EDINBURGH_REVIEWS)
    assert_cites_sources(run, EDINBURGH, "en")


def test_gender_policy_facilities_and_the_shortest_contract(runs):
    run, _ = runs["madrid"]
    # a women-only colegio is not mixed; gym and wifi are not laundry; a 12-month minimum
    # stay is longer than the 10-month contract asked (9 months is not)
    assert _names(run) == ["Colegio Mayor Aquinas"]
    assert _excluded(run) == {
        "Colegio Mayor Santa Teresa": ["no es mixta"],
        "Residencia Moncloa": ["no indica todos los servicios pedidos: wifi y lavandería"],
        "Residencia Chamberí": ["su contrato mínimo es de 12 meses, más de lo pedido"],
    }
    for words in ["1 residencia de 4 encontradas: mixta, con wifi y lavandería.",
                  "| Colegio Mayor Aquinas | no consta | no consta | no consta | 4,4/5"]:
        assert words in run.report, words
    assert_says_nothing_of(ENGLISH, run.report, MADRID, ids=True, reviews=MADRID_REVIEWS)
    assert_cites_sources(run, MADRID, "madrid")


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/residences.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/residences.yaml",
                      "student halls in Manchester for the academic year 2027/28, single "
                      "room, max £180 per week", tmp_path, capsys, monkeypatch)
    for words in ["Manchester", "single", "180", "stay", "F0", "R1", "F6"]:
        assert words in out, words
