"""An outside-author kind: research grants and fellowships (examples/grants),
written from the docs and the other examples alone, as a Spanish lab would: a topic, where
applicants are based, a funding floor (`min_amount`: money the reader wants more of), the
call still open, a deadline window, the applicant's career stage. Requests are typed as
people type them, in both languages. Runs end to end offline with scout.testing (four
missions in all, each module-scoped or single): the report must be in the request's language
only, cite its sources and speak of funding as an amount asked for — never a price, a
budget or "the cheapest" — and the shortlist holds only calls that fit every filter,
largest first, with amounts in millions and deadlines written in numbers read as calls
write them."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import Result
from tests.kinds import (
    assert_read_as,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_kind,
    shortlist_names as _names,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "grants"
KIND = PROJECT / "pipelines" / "grants.yaml"
TODAY = dt.date(2026, 12, 6)


def _floor(amount: float, currency: str = "EUR", per: str | None = None) -> dict:
    return {"amount": amount, "currency": currency, "comparator": ">=", "per": per}


def _span(start: str, end: str) -> dict:
    return {"start": start, "end": end}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "open research grants on climate change in Spain of at least 100,000 EUR for postdocs":
        ("en", {"topic": "climate change", "country": "Spain", "min_amount": _floor(100000),
                "open_call": True, "stage": "postdoctoral"}),
    "ayudas para proyectos de investigación sobre neurociencia en España de al menos "
    "50.000 €, convocatoria abierta":
        ("es", {"topic": "neurociencia", "country": "España", "min_amount": _floor(50000),
                "open_call": True}),
    "becas predoctorales de biología en España":
        ("es", {"topic": "biología", "country": "España", "stage": "predoctoral"}),
    "convocatorias abiertas de ayudas a la investigación en cambio climático":
        ("es", {"topic": "cambio climático", "open_call": True}),
    "ERC grants for early-career researchers in machine learning, at least 1.5 million EUR":
        ("en", {"topic": "ERC", "min_amount": _floor(1500000), "stage": "early-career"}),
    "postdoctoral fellowships in neuroscience in Germany, deadline in March 2027":
        ("en", {"topic": "neuroscience", "country": "Germany", "stage": "postdoctoral",
                "deadline": _span("2027-03-01", "2027-03-31")}),
    "subvenciones para investigación en inteligencia artificial de más de 200.000 euros":
        ("es", {"topic": "inteligencia artificial", "min_amount": _floor(200000)}),
    "becas de doctorado en física en Francia, cuantía mínima 20.000 € al año":
        ("es", {"topic": "física", "country": "Francia", "stage": "predoctoral",
                "min_amount": _floor(20000, per="year")}),
    "grants for PhD students in linguistics, still accepting applications":
        ("en", {"topic": "linguistics", "open_call": True, "stage": "predoctoral"}),
    "research grants over €2M, senior":
        ("en", {"min_amount": _floor(2000000), "stage": "consolidated"}),
    "becas posdoctorales en Alemania con cierre en febrero":
        ("es", {"country": "Alemania", "stage": "postdoctoral",
                "deadline": _span("2027-02-01", "2027-02-28")}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(inputs, query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want,
                   money=None, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# calls as funders and portals list them, in both languages: amounts a year, a month or in
# millions, deadlines as a day, a run or in numbers (today is 6 December 2026)
LISTINGS = [
    Result("ERC Starting Grant 2027 - European Research Council", "https://erc.test/stg",
           "ERC Starting Grants fund early-career researchers with up to €1.5 million for 5 "
           "years. Deadline: 14 October 2027."),
    Result("Ayudas Ramón y Cajal 2027 - Agencia Estatal de Investigación", "https://aei.test/ryc",
           "Contratos de 5 años para investigadores posdoctorales. Dotación: 42.000 € al año. "
           "Plazo de solicitud: del 12 de enero al 2 de febrero de 2027."),
    Result("MSCA Postdoctoral Fellowships 2026", "https://msca.test/pf",
           "Marie Skłodowska-Curie fellowships for postdoctoral researchers: 5,080 EUR per "
           "month. Deadline: 10 September 2026."),
    Result("Becas INPhINIT de doctorado - Fundación La Caixa", "https://caixa.test/inphinit",
           "Becas predoctorales para doctorandos: 34.800 € brutos al año durante 3 años. Fecha "
           "límite: 29 de enero de 2027."),
    Result("Proyectos de Generación de Conocimiento 2027", "https://aei.test/pgc",
           "Ayudas para proyectos de investigación de hasta 200.000 euros. Plazo: 15/03/2027."),
    Result("Leonardo Grants - Fundación BBVA", "https://fbbva.test/leonardo",
           "Leonardo Grants for postdoctoral and mid-career researchers and cultural creators. "
           "Deadline: 30 June 2027."),
]
NAMES = [r.title for r in LISTINGS]

# shopping and hotel words a report on funding has no business saying, in either language
FOREIGN = re.compile(r"(?i)\b(price|prices|budget|cheapest|costs?|rating|rated|per night|"
                     r"availability|hotels?|precios?|presupuesto|m[aá]s barat[oa]|cuesta|"
                     r"valoraci[oó]n|por noche|disponibilidad)\b")
ENGLISH = re.compile(r"\b(Shortlist|Synthesis|calls?|amount|deadline|found|unknown|"
                     r"What you asked|Sources|not stated|still open|query|not given|"
                     r"comes first)\b")
SPANISH = re.compile(r"\b(Selección|Síntesis|convocatorias?|cuantía|plazo|encontradas?|"
                     r"desconocid[oa]|Fuentes|no indicado|consulta|va primero|cantidad)\b")


def _run(root: Path, query: str, listings: list[Result] = LISTINGS):
    return run_kind(KIND, root, query, listings, today=TODAY)


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("en"),
                "open research grants in Spain of at least 40,000 EUR")


@pytest.fixture(scope="module")
def spanish(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("es"),
                "ayudas posdoctorales en España de al menos 40.000 € al año, convocatoria "
                "abierta")


def test_english_largest_first_within_the_floor_and_still_open(english):
    run, queries = english
    # €1.5 million and 200.000 euros are read whole; the call with no amount comes last
    # 40,000 EUR asked with no period: an amount a year is compared with it for the length
    # its call states: 42,000 a year on "contratos de 5 años" is 210,000 in all, 34,800 a
    # year "durante 3 años" 104,400 (and each ranks by it)
    assert _names(run) == [NAMES[0], NAMES[1], NAMES[4], NAMES[3], NAMES[5]]
    amounts = {i["candidate"]["name"]: i["candidate"].get("price_converted")
               for i in run.artifact("shortlist")["items"]}
    assert amounts[NAMES[3]]["amount"] == 104400
    assert amounts[NAMES[1]]["amount"] == 210000
    excluded = _excluded(run)
    assert excluded[NAMES[2]] == ["deadline passed on September 10, 2026"]
    assert NAMES[3] not in excluded
    assert queries[0] == "research grant call Spain"


def test_english_report_speaks_english_of_funding_and_cites(english):
    run, _ = english
    report = run.report
    for words in ["# Research grants in Spain", "## Shortlist",
                  "| # | call | amount | deadline | link |",
                  f"| {NAMES[0]} | 1,500,000 EUR | October 14, 2027 |",
                  f"| {NAMES[4]} | 200,000 EUR | March 15, 2027 |",   # "Plazo: 15/03/2027"
                  f"| {NAMES[5]} | not stated | June 30, 2027 |",
                  "5 of 6 calls found fit: Spain, funding at least 40,000 EUR, still open.",
                  f"{NAMES[0]} comes first of the 5 options that fit your request",
                  "2 amounts per year were multiplied by the lengths their listings state "
                  "to compare them with the amount asked",
                  "| minimum amount | 40,000 EUR | query |", "amount unknown"]:
        assert words in report, words
    own = _own_words(report, LISTINGS)
    assert not SPANISH.search(own), SPANISH.findall(own)
    assert not FOREIGN.search(own), FOREIGN.findall(own)
    assert "could not check: deadline" not in report     # every call states its deadline
    assert re.search(r"\[\d+\]\(https://erc\.test/stg\)", report)
    assert run.report_html and "<html" in run.report_html.lower()


def test_spanish_postdoctoral_within_the_floor_a_year(spanish):
    run, queries = spanish
    # 5.080 €/mes is 60.960 € a year, over the floor, but its deadline has passed; the
    # Leonardo grants state no amount and are kept last
    assert _names(run) == [NAMES[1], NAMES[5]]
    excluded = _excluded(run)
    assert excluded[NAMES[2]] == ["el plazo se cerró el 10 de septiembre de 2026"]
    assert excluded[NAMES[0]] == ["no dice que sea para investigadores en etapa posdoctoral"]
    assert excluded[NAMES[3]][0] == "financia 34.800 €/año, menos de 40.000 €/año"
    # the stage in the request's language, not the identifier "postdoctoral"
    assert queries[0] == "convocatoria ayudas investigación España posdoctoral"


def test_spanish_report_speaks_spanish_of_funding_and_cites(spanish):
    run, _ = spanish
    report = run.report
    for words in ["# Ayudas a la investigación en España", "## Selección",
                  "| # | convocatoria | cuantía | plazo | enlace |",
                  f"| {NAMES[1]} | 42.000 €/año | 2 de febrero de 2027 |",
                  "2 de 6 convocatorias encontradas encajan: España, con una financiación de "
                  "al menos 40.000 €/año, con el plazo abierto, para investigadores en etapa "
                  "posdoctoral.",
                  f"{NAMES[1]} va primero de las 2 opciones",
                  "| cuantía mínima | 40.000 €/año | consulta |",
                  "| etapa | posdoctoral | consulta |",
                  "Las cantidades son las que daban las fuentes"]:
        assert words in report, words
    own = _own_words(report, LISTINGS)
    assert not ENGLISH.search(own), ENGLISH.findall(own)
    assert not FOREIGN.search(own), FOREIGN.findall(own)
    assert re.search(r"\[\d+\]\(https://aei\.test/ryc\)", report)


def test_a_deadline_window_keeps_the_calls_closing_in_it(tmp_path):
    run, _ = _run(tmp_path, "research grants with a deadline in January 2027")
    # a run that ends in February ("del 12 de enero al 2 de febrero") meets January
    assert _names(run) == [NAMES[1], NAMES[3]]
    excluded = _excluded(run)
    for name in (NAMES[0], NAMES[2], NAMES[4], NAMES[5]):
        assert excluded[name] == ["does not close in the dates asked"], name


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    # every search answers zero results
    run, _ = run_kind(KIND, tmp_path, "becas de restauración de arte en Soria", [], today=TODAY)
    assert "no se encontró ninguna convocatoria." in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/grants.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/grants.yaml",
                      "becas predoctorales de biología en España, cuantía mínima 20.000 € al año",
                      tmp_path, capsys, monkeypatch)
    for words in ["topic", "biología", "España", "min_amount", "20.000", "predoctoral",
                  "F0", "R1", "F6"]:
        assert words in out, words
