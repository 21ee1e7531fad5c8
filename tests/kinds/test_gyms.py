"""An outside-author kind: gyms and sports centres near the lab's people's work or home
(examples/gyms), written from the docs alone, as the lab asks for them: a place (a
neighbourhood, near a station, a city), a fee a month (a quarter's, a year's or a day
pass's put on one basis), no sign-up fee or one under a cap, the contract, open 24 hours
or by an hour, facilities and classes, a student or senior discount, women only, a rating.
Requests are typed as people type them, in both languages; three runs end to end offline
with scout.testing (module-scoped: CI time). The report must be in the request's language
only, cite its sources, compare fees on one basis (a quarter's or a year's fee against a
budget a month, and say so), leave out a gym whose sign-up fee is over the one asked, and
say nothing a gym report has no business saying."""

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
    shortlist_names as _names,
    words_of,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "gyms"
KIND = PROJECT / "pipelines" / "gyms.yaml"
TODAY = dt.date(2026, 12, 6)


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "gimnasio cerca de Atocha con piscina, menos de 40 € al mes y sin matrícula":
        ("es", {"place": "Atocha", "budget": cap(40, per="month"), "signup_fee": cap(0),
                "facilities": ["pool"]}),
    "24h gym in Manchester city centre under £30 a month with a sauna, no contract":
        ("en", {"place": "Manchester", "budget": cap(30, "GBP", per="month"),
                "contract": "no_contract", "open_24h": True, "facilities": ["sauna"]}),
    "gimnasio en Chamberí con clases de yoga y pilates, abierto a las 6:30 de la mañana, "
    "cuota trimestral de 120 €":
        ("es", {"place": "Chamberí", "classes": ["yoga", "pilates"], "opens_by": "6:30",
                "budget": cap(120, per="quarter")}),
    "a climbing gym in Berlin with a day pass under 15 €":
        ("en", {"place": "Berlin", "budget": cap(15, per="day"), "facilities": ["climbing"]}),
    "centro deportivo municipal en Valencia con pista de pádel, 25 € al mes o menos, "
    "descuento estudiante":
        ("es", {"place": "Valencia", "budget": cap(25, per="month"), "facilities": ["padel"],
                "student_discount": True}),
    # the longer label names the amount: "joining fee", not the monthly fee's "fee"
    "gym near King's Cross with a pool and lockers, joining fee under £20, under £35 a "
    "month, student discount":
        ("en", {"place": "King's Cross", "signup_fee": cap(20, "GBP"),
                "budget": cap(35, "GBP", per="month"), "facilities": ["pool", "lockers"],
                "student_discount": True}),
    "gimnasio solo mujeres en Sevilla con zumba y spinning, sin permanencia":
        ("es", {"place": "Sevilla", "classes": ["zumba", "spinning"], "women_only": True,
                "contract": "no_contract"}),
    "gimnasio 24 horas en Madrid, cuota de 30 € o menos, matrícula máxima 20 €":
        ("es", {"place": "Madrid", "budget": cap(30), "signup_fee": cap(20),
                "open_24h": True}),
    "gym in Leeds that opens at 6am, under £300 a year, with a pool and spinning classes":
        ("en", {"place": "Leeds", "opens_by": "6am", "budget": cap(300, "GBP", per="year"),
                "facilities": ["pool"], "classes": ["spinning"]}),
    "polideportivo en Bilbao con rocódromo y taquillas, menos de 90 € al trimestre, "
    "descuento para jubilados":
        ("es", {"place": "Bilbao", "facilities": ["climbing", "lockers"],
                "budget": cap(90, per="quarter"), "senior_discount": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# what a search for gyms finds, each on a site of its own; a search for one gym by its
# name finds its page and members' reviews
ATOCHA = [
    Result("Centro Deportivo Municipal Daoíz y Velarde", "https://daoiz.test/abonos",
           "Piscina cubierta y sala de fitness. Abono: 96 € al trimestre, sin matrícula."),
    Result("Forus Delicias", "https://forus.test/delicias",
           "Piscina, pádel y spa. 420 € al año, sin matrícula."),
    Result("AltaFit Atocha", "https://altafit.test/atocha",
           "Piscina y sala de musculación. 34,90 € al mes, sin permanencia."),
    Result("GO fit Méndez Álvaro", "https://gofit.test/mendez-alvaro",
           "Piscina, spa y clases dirigidas. 39,90 € al mes. Matrícula: 30 €."),
    Result("Metropolitan Atocha", "https://metropolitan.test/atocha",
           "Piscina climatizada, spa y sauna. 65 € al mes."),
    Result("Basic-Fit Atocha", "https://basicfit.test/atocha",
           "Sala de musculación y cardio, abierto 24 horas. 29,99 € al mes."),
]
ATOCHA_REVIEWS = {"Forus Delicias": "Valoración de los socios: 4,5/5.",
                  "Centro Deportivo Municipal Daoíz y Velarde": "Valoración: 4,2/5."}
MANCHESTER = [
    Result("PureGym Manchester Spinningfields", "https://puregym.test/spinningfields",
           "Open 24/7. £24.99 a month, no contract. Sauna and steam room."),
    Result("Anytime Fitness Deansgate", "https://anytime.test/deansgate",
           "24/7 access, sauna, no contract. £270 a year."),
    Result("The Gym Group Piccadilly", "https://thegymgroup.test/piccadilly",
           "Open 24 hours, £22.99 per month, no contract. Free weights and classes."),
    Result("Xercise4Less Manchester", "https://x4l.test/manchester",
           "24 hour gym with a sauna. £19.99 per month on a 12-month contract."),
    Result("David Lloyd Manchester", "https://davidlloyd.test/manchester",
           "Pool, sauna and spa, open 24 hours, no contract. £120 per month."),
]
MANCHESTER_REVIEWS = {"PureGym Manchester Spinningfields": "Members rate it 4.3/5.",
                      "Anytime Fitness Deansgate": "Rated 4.6/5 by members."}
BERLIN = [
    Result("Berta Block Boulderhalle", "https://bertablock.test/",
           "Bouldering gym. Day pass €13, ten-visit card €115."),
    Result("Der Kegel Kletterzentrum", "https://derkegel.test/prices",
           "Climbing wall and bouldering. Day pass €17."),
    Result("Urban Apes Basement", "https://urbanapes.test/basement",
           "Bouldering and a climbing wall. Day pass €14.50, sauna."),
    Result("McFit Berlin Mitte", "https://mcfit.test/mitte",
           "Gym open 24 hours, day pass €9.90, weights and cardio."),
]
BERLIN_REVIEWS = {"Urban Apes Basement": "Climbers rate it 4.7/5.",
                  "Berta Block Boulderhalle": "Rated 4.4/5."}

ATOCHA_QUERY, MANCHESTER_QUERY, BERLIN_QUERY = (list(REQUESTS)[0], list(REQUESTS)[1],
                                                list(REQUESTS)[3])


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, {"es": (ATOCHA_QUERY, ATOCHA), "en": (MANCHESTER_QUERY, MANCHESTER),
                           "pass": (BERLIN_QUERY, BERLIN)}, tmp_path_factory, today=TODAY,
                    reviews={"es": ATOCHA_REVIEWS, "en": MANCHESTER_REVIEWS,
                             "pass": BERLIN_REVIEWS})


# the report's own words in the other language: none may leak into a report
ENGLISH = words_of(*REPORT_ENGLISH, "gyms?", "pool", "sign-up fee", "no contract", "open 24 hours",
                   "month")
SPANISH = words_of(*REPORT_SPANISH, "gimnasios?", "piscina", "matrícula", "sin permanencia",
                   "abierto 24 horas", "mes")
# what a gym report has no business saying, in either language: lodging, a job's pay, a
# shop's stock, a desk or a menu
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "desk", "puesto", "menu", "menú", "guests?",
                       # the kind's identifiers are never shown as written in the YAML
                       "no_contract", "signup_fee", "open_24h", "opens_by", "women_only",
                       "student_discount", ignore_case=True)


def test_a_spanish_request_puts_fees_on_a_months_footing_and_wants_no_sign_up_fee(runs):
    run, queries = runs["es"]
    # 420 € a year (~35 €/month) and 96 € a quarter (~32 €/month) are within 40 € a
    # month; 39,90 € with a sign-up fee of 30 € is not "sin matrícula"
    assert _names(run) == ["Forus Delicias", "Centro Deportivo Municipal Daoíz y Velarde",
                           "AltaFit Atocha"]
    assert _excluded(run) == {
        "GO fit Méndez Álvaro": ["matrícula de 30 €"],  # the fee in its currency
        "Metropolitan Atocha": ["cuesta más que el presupuesto"],
        "Basic-Fit Atocha": ["no consta: piscina"],
    }
    [daoiz] = [i["candidate"] for i in run.artifact("shortlist")["items"]
               if i["candidate"]["name"].startswith("Centro Deportivo")]
    assert (daoiz["price"]["per"], daoiz["price_converted"]["per"]) == ("quarter", "month")
    assert daoiz["price_converted"]["amount"] == 32.0
    # searches in the request's language, with its words
    assert queries[0] == "gimnasio piscina cerca de Atocha"
    assert '"Forus Delicias" cuotas horario opiniones' in queries


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Gimnasios cerca de Atocha", "## Selección",
                  "3 gimnasios de 6 encontrados: por como mucho 40 €/mes; sin matrícula; con "
                  "piscina.",
                  "| Centro Deportivo Municipal Daoíz y Velarde | ~32 €/mes (96 €/trimestre según la fuente) [3] | no tiene |",
                  # a gym that says nothing of a sign-up fee is kept, and said so
                  "- **AltaFit Atocha**: valoración desconocida (solo sirve para ordenar la "
                  "lista); no se pudo comprobar: matrícula\n",
                  "96 €/trimestre (≈ 32 €/mes)",
                  "1 precio por trimestre se ha convertido a precio por mes (aproximado)",
                  "| matrícula | 0 € | consulta |", "| instalaciones | piscina | consulta |"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, ATOCHA, ids=True, reviews=ATOCHA_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, ATOCHA, ids=True, reviews=ATOCHA_REVIEWS)
    assert_cites_sources(run, ATOCHA, "es")
    assert "## Fuentes" in report and run.report_html and "<html" in run.report_html.lower()
    # the chart plots the fees on the budget's basis, and its axis says which
    assert ">precio (EUR/mes)</text>" in run.report_html


def test_an_english_request_wants_24_hours_a_sauna_and_no_contract(runs):
    run, queries = runs["en"]
    # £270 a year is ~£22.50 a month; a 12-month contract is no "no contract"
    assert _names(run) == ["Anytime Fitness Deansgate", "PureGym Manchester Spinningfields"]
    assert _excluded(run) == {
        "The Gym Group Piccadilly": ["not stated: sauna"],
        "Xercise4Less Manchester": ["no contract-free membership stated"],
        "David Lloyd Manchester": ["costs more than the budget"],
    }
    assert queries[0] == "gym sauna near Manchester 24 hours"


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["en"]
    report = run.report
    for words in ["# Gyms near Manchester", "## Shortlist",
                  "2 gyms out of 5 found: for at most 30 GBP/month; no contract; open 24 "
                  "hours; with sauna.",
                  "| Anytime Fitness Deansgate | ~22.50 GBP/month (270 GBP/year as stated) [1] |",
                  "| contract | no contract | query |"]:
        assert words in report, words
    assert_says_nothing_of(SPANISH, report, MANCHESTER, ids=True, reviews=MANCHESTER_REVIEWS)
    assert_says_nothing_of(OTHER_KINDS, report, MANCHESTER, ids=True,
                           reviews=MANCHESTER_REVIEWS)
    assert_cites_sources(run, MANCHESTER, "en")


def test_a_day_pass_is_compared_with_a_budget_a_day(runs):
    run, _ = runs["pass"]
    # a climbing gym: bouldering and a climbing wall are its words; the day pass is the
    # price a listing states first
    assert _names(run) == ["Urban Apes Basement", "Berta Block Boulderhalle"]
    assert _excluded(run) == {"Der Kegel Kletterzentrum": ["costs more than the budget"],
                              "McFit Berlin Mitte": ["not stated: climbing"]}
    assert "2 gyms out of 4 found: for at most 15 EUR/day; with climbing." in run.report
    assert_says_nothing_of(SPANISH, run.report, BERLIN, ids=True, reviews=BERLIN_REVIEWS)
    assert_cites_sources(run, BERLIN, "pass")


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/gyms.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/gyms.yaml",
                      "gimnasio cerca de Atocha con piscina, menos de 40 € al mes y sin "
                      "matrícula", tmp_path, capsys, monkeypatch)
    for words in ["signup_fee", "0 €", "Atocha", "40 €/mes", "piscina", "F0", "R1", "F6"]:
        assert words in out, words
