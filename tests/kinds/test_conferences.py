"""A seventh outside-author kind: academic conferences (examples/conferences), written from
docs/authoring.md and `scout --help` alone, as a researcher at a Spanish lab would: a field,
a place or online, a date window, a registration fee, the call for papers still open, the
language of the talks. Requests are typed as people type them, in both languages; their
expected Tasks were written before the kind first ran. Some run end to end offline with
scout.testing: the report must be in the request's language only, with the locale's money
and dates, cite its sources, and shortlist only what fits every filter — a conference whose
deadline falls in the window asked but which is held later is not in the window, and one
whose deadline has passed is left out when the request wants the call still open.

The runs read today's date (scout.testing applies with the real clock), so the listings'
dates are written from it: the window is next year's spring, one deadline is weeks ahead and
one has passed."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import FakeProviders, Result, run_pipeline
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

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "conferences"
KIND = PROJECT / "pipelines" / "conferences.yaml"
TODAY = dt.date(2026, 12, 2)  # for the parsing table only


def _cap(amount: float, currency: str = "EUR") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": None}


def _span(start: str, end: str) -> dict:
    return {"start": start, "end": end}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "congresos de lingüística computacional en España o online en la primavera de 2027, "
    "inscripción por debajo de 300 euros":
        ("es", {"topic": "lingüística computacional", "place": "España", "online": True,
                "dates": _span("2027-03-01", "2027-05-31"), "budget": _cap(300)}),
    "NLP conferences in Europe between March and June 2027, registration under 400 EUR, "
    "deadline not passed":
        ("en", {"topic": "NLP", "place": "Europe", "dates": _span("2027-03-01", "2027-06-30"),
                "budget": _cap(400), "open_cfp": True}),
    "congresos de bioinformática en Barcelona en mayo, con el plazo de envío abierto, en español":
        ("es", {"topic": "bioinformática", "place": "Barcelona",
                "dates": _span("2027-05-01", "2027-05-31"), "open_cfp": True,
                "language": "spanish"}),
    "congreso de historia medieval en Salamanca en octubre de 2027, cuota de inscripción "
    "máximo 150 €":
        ("es", {"topic": "historia medieval", "place": "Salamanca",
                "dates": _span("2027-10-01", "2027-10-31"), "budget": _cap(150)}),
    "simposios de fisica en valencia el año que viene":
        ("es", {"topic": "fisica", "place": "Valencia",
                "dates": _span("2027-01-01", "2027-12-31")}),
    "conferencias de IA en inglés en Berlín, inscripción hasta 600 euros, plazo de envío abierto":
        ("es", {"topic": "IA", "place": "Berlín", "budget": _cap(600), "open_cfp": True,
                "language": "english"}),
    "workshops on computer vision in Paris in June 2027 with the call for papers still open":
        ("en", {"topic": "computer vision", "place": "Paris",
                "dates": _span("2027-06-01", "2027-06-30"), "open_cfp": True}),
    "bioinformatics symposia in Lyon in spring 2027, talks in English, under €250":
        ("en", {"topic": "bioinformatics", "place": "Lyon",
                "dates": _span("2027-03-01", "2027-05-31"), "language": "english",
                "budget": _cap(250)}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(inputs, query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
NOW = dt.date.today()
YEAR = NOW.year + 1                           # next year's spring: ahead whatever today is
OPEN = NOW + dt.timedelta(days=45)            # a deadline still ahead
PASSED = NOW - dt.timedelta(days=20)          # one gone
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
ES_MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
             "septiembre", "octubre", "noviembre", "diciembre"]


def en(d: dt.date) -> str:
    return f"{EN_MONTHS[d.month - 1]} {d.day}, {d.year}"


def es(d: dt.date) -> str:
    return f"{d.day} de {ES_MONTHS[d.month - 1]} de {d.year}"


LISTINGS = [
    Result(f"SEPLN {YEAR}: Congreso de la Sociedad Española para el Procesamiento del "
           "Lenguaje Natural", "https://conf.test/sepln",
           f"Congreso SEPLN {YEAR} en Granada, del 14 al 16 de abril de {YEAR}. Inscripción "
           f"250 €. Plazo de envío de artículos: {es(OPEN)}. Charlas en español e inglés."),
    Result(f"LREC {YEAR} - Lisbon", "https://conf.test/lrec",
           f"LREC {YEAR}, Lisbon, Portugal, May 20-25, {YEAR}. Registration fee 280 EUR. "
           f"Submission deadline: {en(PASSED)}. Talks in English."),
    Result(f"EACL {YEAR} | Vienna and online", "https://conf.test/eacl",
           f"EACL {YEAR}, hybrid: Vienna and online, March 8-12, {YEAR}. Registration 380 EUR. "
           f"Paper submission deadline: {en(OPEN)}. All talks in English."),
    # held in September; its deadline falls in the spring window
    Result(f"CICLing {YEAR}", "https://conf.test/cicling",
           f"CICLing {YEAR}, Madrid, 12-18 September {YEAR}. Registration 200 EUR. "
           f"Deadline for papers: 1 May {YEAR}."),
    Result(f"Jornadas de Terminología {YEAR}", "https://conf.test/terminologia",
           f"Jornadas de Terminología, Salamanca, 2 de marzo de {YEAR}. Inscripción 90 €. "
           "Todas las charlas en español."),
]


def _run(tmp_path: Path, query: str, listings: list[Result] = LISTINGS):
    return run_kind(KIND, tmp_path, query, listings)


# the report's own words in the other language: none may leak into a report
ENGLISH = re.compile(r"\b(Shortlist|Synthesis|registration|unknown|over budget|conferences?|"
                     r"found|What you asked|Sources|price|deadline|passed|outside the dates|"
                     r"The sources say|query|not given|the call)\b")
SPANISH = re.compile(r"\b(Selección|Síntesis|inscripción|desconocid[oa]|presupuesto|congresos?|"
                     r"encontrados?|Fuentes|precio|plazo|acabó|fuera de las fechas|"
                     r"Las fuentes dicen|consulta|no indicado)\b")


def test_a_spanish_request_gets_a_spanish_report(tmp_path):
    run, queries = _run(tmp_path, f"congresos de lingüística computacional en España o online "
                                  f"en la primavera de {YEAR}, inscripción por debajo de 300 "
                                  "euros, con el plazo de envío abierto")
    # cheapest first; each left out for what it is
    assert _names(run) == [f"Jornadas de Terminología {YEAR}", LISTINGS[0].title]
    excluded = _excluded(run)
    assert excluded[f"CICLing {YEAR}"] == ["fuera de las fechas pedidas"]
    assert excluded[f"EACL {YEAR} | Vienna and online"] == [
        "inscripción por encima del presupuesto"]
    assert excluded[f"LREC {YEAR} - Lisbon"] == [f"el plazo de envío acabó el {es(PASSED)}"]
    report = run.report
    for words in [f"# Congresos de lingüística computacional en España, 1 de marzo – 31 de mayo de {YEAR}",
                  "## Selección", "| congreso | inscripción | plazo de envío | enlace |",
                  f"| 250 € [2] | {es(OPEN)} |", "| 90 € [1] | desconocido |",
                  "2 de 5 congresos encontrados encajan: lingüística computacional, España, "
                  f"online o híbrido, 1 de marzo – 31 de mayo de {YEAR}, inscripción de hasta 300 €, plazo "
                  "de envío aún abierto.",
                  "| tema | lingüística computacional | consulta |",
                  "| plazo de envío abierto | sí | consulta |",
                  f"Las fuentes dicen: «Congreso SEPLN {YEAR} en Granada, del 14 al 16 de abril "
                  f"de {YEAR}.»"]:
        assert words in report, words
    own = _own_words(report, LISTINGS, ids=True)
    assert not ENGLISH.search(own), ENGLISH.findall(own)
    assert "no dice nada más allá" not in report
    assert re.search(r"\[\d+\]\(https://conf\.test/", report)
    assert queries[0].startswith("congreso lingüística computacional España online")
    assert run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_gets_an_english_report(tmp_path):
    run, queries = _run(tmp_path, f"NLP conferences in Europe between March and June {YEAR}, "
                                  "registration under 400 EUR, deadline not passed")
    assert _names(run) == [f"Jornadas de Terminología {YEAR}", LISTINGS[0].title,
                           f"EACL {YEAR} | Vienna and online"]
    excluded = _excluded(run)
    assert excluded[f"CICLing {YEAR}"] == ["outside the dates asked"]
    assert excluded[f"LREC {YEAR} - Lisbon"] == [f"submission deadline passed on {en(PASSED)}"]
    report = run.report
    for words in [f"# NLP conferences in Europe, March 1 – June 30, {YEAR}", "## Shortlist",
                  "| conference | registration | deadline | link |",
                  f"| 380 EUR [3] | {en(OPEN)} |",
                  "3 of 5 conferences found fit: NLP, Europe, "
                  f"March 1 – June 30, {YEAR}, registration up to 400 EUR, call for papers still "
                  "open.", "| open cfp | yes | query |"]:
        assert words in report, words
    own = _own_words(report, LISTINGS, ids=True)
    assert not SPANISH.search(own), SPANISH.findall(own)
    assert "rating" not in report                  # the kind asks for none
    assert queries[0].startswith("NLP conference Europe call for papers")


def test_the_language_of_the_talks(tmp_path):
    run, _ = _run(tmp_path, f"congresos de terminología en primavera de {YEAR}, en español")
    names = _names(run)
    assert f"Jornadas de Terminología {YEAR}" in names and LISTINGS[0].title in names
    excluded = _excluded(run)
    assert excluded[f"EACL {YEAR} | Vienna and online"] == [
        "no dice que las charlas sean en español"]
    assert "charlas en español" in run.report


def test_a_deadline_alone_never_puts_a_conference_in_the_window(tmp_path):
    listings = [LISTINGS[3], Result(f"ACL {YEAR}", "https://conf.test/acl",
                                    f"ACL {YEAR}: 2-4 June {YEAR} (submissions due 15 March "
                                    f"{YEAR}).")]
    run, _ = _run(tmp_path, f"NLP conferences in spring {YEAR}", listings)
    assert _names(run) == []
    assert set(_excluded(run)) == {f"CICLing {YEAR}", f"ACL {YEAR}"}


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/conferences.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/conferences.yaml",
                      "NLP conferences in Europe between March and June 2027, registration under "
                      "400 EUR, deadline not passed",
                      tmp_path, capsys, monkeypatch)
    for words in ["topic", "NLP", "Europe", "400 EUR", "open_cfp", "F0", "R1", "F6"]:
        assert words in out, words


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    # every search answers zero results
    run, _ = run_kind(KIND, tmp_path,
                      f"congresos de historia en Salamanca en octubre de {YEAR}",
                      [])
    assert "no se encontró ningún congreso." in run.report


@pytest.mark.parametrize("today, may", [(dt.date(2026, 12, 2), "2027-05"),
                                        (dt.date(2027, 6, 10), "2028-05")])
def test_a_run_reads_the_request_on_the_day_given(tmp_path, today, may):
    """run_pipeline(today=): a kind's test reads "en mayo" the same any day it runs."""
    with FakeProviders() as fake:
        run = run_pipeline(KIND, fake=fake, workdir=tmp_path, today=today,
                           query="congresos de historia en Salamanca en mayo")
    assert run.exit_code == 0, run.result.reason
    task = run.artifact("task")
    assert task["today"] == today.isoformat()
    assert task["values"]["dates"]["start"] == f"{may}-01"
