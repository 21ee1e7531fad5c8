"""An outside-author kind: private health insurance plans (examples/insurance), written
from the docs alone, as the lab's people and visiting researchers ask for them: the place
covered, who is insured (how many, their ages), a premium a month, a copayment or none,
no waiting periods, the coverage asked (dental, hospitalisation, maternity, repatriation,
mental health, physiotherapy), valid for a visa, the term, a wide network, a rating.
Requests are typed as people type them, in both languages; three runs end to end offline
with scout.testing (module-scoped: CI time). The report must be in the request's language
only, cite its sources, leave out what the request rules out with its reason, and say
nothing an insurance report has no business saying."""

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
    own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    words_of,
    cap,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "insurance"
KIND = PROJECT / "pipelines" / "insurance.yaml"
TODAY = dt.date(2026, 12, 6)


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "seguro médico privado en Madrid para una pareja de 34 y 36 años, sin copago, menos "
    "de 90 € al mes por persona, con dental":
        ("es", {"place": "Madrid", "people": 2, "ages": [34, 36], "budget": cap(90, per="month"),
                "copayment": "none", "coverage": ["dental"]}),
    "health insurance for a visiting researcher in Spain, 12 months, valid for the visa "
    "(no copayments, no waiting periods), under €70 a month":
        ("en", {"place": "Spain", "term": 12 * 2629800, "visa": True, "copayment": "none",
                "waiting_periods": False, "budget": cap(70, per="month")}),
    "seguro de salud con copago para una familia con dos niños de 4 y 7 años en Valencia, "
    "cobertura hospitalaria, sin carencias":
        ("es", {"place": "Valencia", "ages": [4, 7], "copayment": "copay",
                "waiting_periods": False, "coverage": ["hospitalisation"]}),
    "international health insurance for a PhD student moving to Germany, age 27, "
    "including repatriation":
        ("en", {"place": "Germany", "ages": [27], "coverage": ["repatriation"]}),
    "póliza de salud para mayores de 65 en Sevilla con cuadro médico amplio":
        ("es", {"place": "Sevilla", "ages": [65], "network": "wide"}),
    "health insurance for a family of four in Barcelona with dental and physiotherapy, "
    "under 300 EUR a month":
        ("en", {"place": "Barcelona", "people": 4, "budget": cap(300, per="month"),
                "coverage": ["dental", "physiotherapy"]}),
    "seguro de salud para dos adultos en Bilbao, hasta 1.200 € al año, con fisioterapia y "
    "salud mental":
        ("es", {"place": "Bilbao", "people": 2, "budget": cap(1200, per="year"),
                "coverage": ["physiotherapy", "mental health"]}),
    "private health cover in Madrid for 2 adults aged 30 and 32, no copay, maternity "
    "included":
        ("en", {"place": "Madrid", "people": 2, "ages": [30, 32], "copayment": "none",
                "coverage": ["maternity"]}),
    "seguro médico para un investigador visitante en Barcelona, válido para visado, sin "
    "carencias y con repatriación":
        ("es", {"place": "Barcelona", "visa": True, "waiting_periods": False,
                "coverage": ["repatriation"]}),
    "busco seguro médico en Barcelona, sin copagos ni carencias, máximo 60 euros/mes":
        ("es", {"place": "Barcelona", "copayment": "none", "waiting_periods": False,
                "budget": cap(60, per="month")}),
    "expat health insurance Berlin, 28 years old, with dental and mental health, no copay":
        ("en", {"place": "Berlin", "ages": [28], "copayment": "none",
                "coverage": ["dental", "mental health"]}),
    "póliza con copago parcial en Zaragoza, hospitalización, menos de 40 €/mes":
        ("es", {"place": "Zaragoza", "copayment": "partial", "coverage": ["hospitalisation"],
                "budget": cap(40, per="month")}),
    "health insurance in Valencia for a couple, with copayment, rated 8/10 or better":
        ("en", {"place": "Valencia", "people": 2, "copayment": "copay", "min_rating": 8.0}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want)


def test_an_article_before_who_is_insured_is_no_count_of_one():
    """'para una familia', 'for a visiting researcher': the article says which, not how
    many; a couple is two."""
    for query in ("seguro de salud para una familia en Sevilla",
                  "seguro médico para un estudiante en Granada"):
        assert parse_request(KIND, query, TODAY).values.get("people") is None, query
    assert parse_request(KIND, "seguro de salud para una pareja en Sevilla",
                         TODAY).values["people"] == 2


MADRID = [
    Result("Sanitas Más Salud sin copago", "https://seguros.test/sanitas-mas-salud",
           "Sanitas Más Salud: seguro médico sin copago en Madrid, 62 €/mes por persona, "
           "dental incluido, sin carencias. Valoración 8,6/10."),
    Result("Adeslas Plena Plus", "https://seguros.test/adeslas-plena-plus",
           "Adeslas Plena Plus sin copago, 85 €/mes, cobertura dental y cuadro médico amplio "
           "en Madrid. Carencia de 8 meses para el parto."),
    Result("DKV Integral Complet", "https://seguros.test/dkv-integral",
           "DKV Integral Complet sin copago en Madrid, 120 €/mes, dental incluido."),
    Result("Asisa Salud con copagos", "https://seguros.test/asisa-salud",
           "Asisa Salud en Madrid, 38 €/mes con copago por consulta, dental incluido."),
    Result("Mapfre Salud Reembolso", "https://seguros.test/mapfre-reembolso",
           "Mapfre Salud Reembolso sin copago en Madrid, 70 €/mes, hospitalización y parto."),
]
VISA = [
    Result("Sanitas Visa Plan", "https://insure.test/sanitas-visa",
           "Sanitas health insurance for visa applicants in Spain: no copayments, no waiting "
           "periods, €55 a month, valid for the visa. Rated 8.8/10."),
    Result("Adeslas Go Visa", "https://insure.test/adeslas-go",
           "Adeslas Go: valid for the visa in Spain, no copayments, €48 a month, a 3-month "
           "waiting period for surgery."),
    Result("DKV Expat Spain", "https://insure.test/dkv-expat",
           "DKV Expat: valid for the visa in Spain, no copayments, no waiting periods, "
           "€95 a month."),
    Result("Asisa Basic", "https://insure.test/asisa-basic",
           "Asisa Basic health cover in Spain: €35 a month, no copayments, no waiting periods."),
    Result("Mapfre Visa Salud", "https://insure.test/mapfre-visa",
           "Mapfre Visa Salud: €68 per month, valid for the visa in Spain, no copayments and "
           "no waiting periods."),
]
VALENCIA = [
    Result("Adeslas Plena Vital con copagos", "https://seguros.test/adeslas-vital",
           "Adeslas Plena Vital con copagos en Valencia: 32 €/mes, hospitalización incluida, "
           "sin carencias."),
    Result("Sanitas Básico sin copago", "https://seguros.test/sanitas-basico",
           "Sanitas Básico en Valencia sin copago, 58 €/mes, hospitalización, sin carencias."),
    Result("DKV Famedic", "https://seguros.test/dkv-famedic",
           "DKV Famedic con copago en Valencia, 29 €/mes, consultas y pruebas, sin "
           "hospitalización, sin carencias."),
    Result("Mapfre Salud Familiar", "https://seguros.test/mapfre-familiar",
           "Mapfre Salud Familiar con copago en Valencia, 41 €/mes, hospitalización y parto, "
           "carencia de 8 meses para hospitalización."),
    Result("Asisa Familia con copagos", "https://seguros.test/asisa-familia",
           "Asisa Familia con copagos en Valencia, 36 €/mes, hospitalización, sin carencias. "
           "Valorado 8,9/10."),
]

RUNS = {
    "madrid": ("seguro médico privado en Madrid para una pareja de 34 y 36 años, sin copago, "
               "menos de 90 € al mes por persona, con dental", MADRID),
    "visa": ("health insurance for a visiting researcher in Spain, 12 months, valid for the "
             "visa (no copayments, no waiting periods), under €70 a month", VISA),
    "valencia": ("seguro de salud con copago para una familia con dos niños de 4 y 7 años en "
                 "Valencia, cobertura hospitalaria, sin carencias", VALENCIA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_no_copayment_dental_and_budget_in_spanish(runs):
    run, queries = runs["madrid"]
    assert _names(run) == ["Sanitas Más Salud sin copago", "Adeslas Plena Plus"]
    assert _excluded(run) == {"DKV Integral Complet": ["por encima del presupuesto"],
                              "Asisa Salud con copagos": ["con copago"],
                              "Mapfre Salud Reembolso": ["no cubre dental"]}
    assert queries[0].startswith("seguro de salud sin copago")
    assert "Madrid" in queries[0] and "34, 36 años" in queries[0]


def test_visa_no_waiting_periods_in_english(runs):
    run, queries = runs["visa"]
    assert _names(run) == ["Sanitas Visa Plan", "Mapfre Visa Salud"]
    assert _excluded(run) == {"Adeslas Go Visa": ["with waiting periods"],
                              "DKV Expat Spain": ["over budget"],
                              "Asisa Basic": ["not said to be valid for a visa"]}
    assert queries[0].startswith("health insurance no copayment no waiting periods visa")


def test_with_copayment_hospitalisation_and_no_waiting_periods(runs):
    run, queries = runs["valencia"]
    # the coverage asked is searched for in the request's words, not the kind's identifier
    assert queries[0].startswith("seguro de salud con copago sin carencias hospitalización ")
    assert _names(run) == ["Adeslas Plena Vital con copagos", "Asisa Familia con copagos"]
    assert _excluded(run) == {"Sanitas Básico sin copago": ["sin opción de copago"],
                              "DKV Famedic": ["no cubre hospitalización"],
                              "Mapfre Salud Familiar": ["con carencias"]}


ENGLISH = words_of(*REPORT_ENGLISH, "plans?", "premium", "copayments?", "waiting periods?",
                   "dental", "hospitalisation", "none")
SPANISH = words_of(*REPORT_SPANISH, "seguros?", "prima", "copagos?", "carencias?",
                   "hospitalización", "ninguno")


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("madrid", "valencia"):
        run, _ = runs[key]
        assert run.report.startswith("# Seguros de salud"), key
        own = own_words(run.report, RUNS[key][1], ids=True)
        assert not words_of(*REPORT_ENGLISH, "plans?", "premium", "copayments?",
                            "waiting periods?", "hospitalisation").search(own), key
    run, _ = runs["madrid"]
    assert "2 seguros de 5 encontrados por como mucho 90 €/persona/mes, sin copago, para 2 personas." \
        in run.report
    assert "| 1 | Sanitas Más Salud sin copago | 62 €/persona/mes [1] | no | no |" in run.report


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["visa"]
    assert run.report.startswith("# Health insurance")
    assert "2 plans out of 5 found for at most 70 EUR/month, with no copayment, with no " \
           "waiting periods, valid for a visa, for 1 year." in run.report
    own = own_words(run.report, VISA, ids=True)
    assert not words_of(*REPORT_SPANISH, "seguros?", "prima", "copagos?", "carencias?").search(own)


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# what an insurance report has no business saying, in either language: lodging, a job's
# pay, a shop's stock, a menu, tickets; nor the kind's identifiers as written in the YAML
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "menu", "menú", "guests?", "tickets?", "entradas",
                       "waiting_periods", "min_rating", "copay")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key, ids=True)


def test_plan_shows_the_request_as_read(tmp_path, capsys, monkeypatch):
    out = plan_output(PROJECT, "pipelines/insurance.yaml",
                      "seguro de salud con copago para una familia con dos niños de 4 y 7 "
                      "años en Valencia, cobertura hospitalaria, sin carencias",
                      tmp_path, capsys, monkeypatch)
    for words in ["Valencia", "4, 7", "hospitalización", "F0", "R1", "F6"]:
        assert words in out, words


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
