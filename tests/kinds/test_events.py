"""A fifth outside-author kind: what is on in a city (examples/events), written from the
docs alone. Requests are typed as people type them, in both languages: lower case, no
accents, typos ("wekend"), relative dates ("este finde", "next weekend", "el mes que
viene", "en Semana Santa") and prices written every way ("40€", "€40", "40 euros", "menos
de 30 libras"). Their expected Tasks were written before the kind first ran. Some run end
to end offline with scout.testing: the report must be in the request's language only,
with the locale's money and dates, and cite its sources."""

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
    own_words as _own_words,
    parse_request,
    run_kind,
    shortlist_names as _names,
)

KIND = Path(__file__).resolve().parents[2] / "examples" / "events" / "pipelines" / "events.yaml"
TODAY = dt.date(2026, 12, 2)  # a Wednesday
WEEKEND = {"start": "2026-12-05", "end": "2026-12-06"}
NEXT_WEEKEND = {"start": "2026-12-12", "end": "2026-12-13"}
JANUARY = {"start": "2027-01-01", "end": "2027-01-31"}


def _cap(amount: float, currency: str = "EUR") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": None}


# request → (lang, the values it states; every other input must stay empty)
REQUESTS = {
    "conciertos de jazz en Madrid este fin de semana por menos de 40€":
        ("es", {"city": "Madrid", "dates": WEEKEND, "genre": "conciertos de jazz",
                "budget": _cap(40)}),
    "exposiciones de fotografia gratis en barcelona el mes que viene":
        ("es", {"city": "Barcelona", "dates": JANUARY, "genre": "exposiciones de fotografia",
                "free": True}),
    "festivales de musica en Sevilla del 3 al 7 de junio, entradas hasta 60 euros":
        ("es", {"city": "Sevilla", "dates": {"start": "2027-06-03", "end": "2027-06-07"},
                "genre": "festivales de musica", "budget": _cap(60)}),
    "planes con niños en valencia en Semana Santa, gratis":
        ("es", {"city": "Valencia", "dates": {"start": "2027-03-21", "end": "2027-03-28"},
                "free": True, "family": True}),
    "monologos en bilbao este finde menos de 20 €":
        ("es", {"city": "Bilbao", "dates": WEEKEND, "genre": "monologos", "budget": _cap(20)}),
    "conciertos en Londres el mes que viene por menos de 30 libras":
        ("es", {"city": "Londres", "dates": JANUARY, "genre": "conciertos",
                "budget": _cap(30, "GBP")}),
    "plan para el finde en malaga con los niños, maximo 10 euros por entrada":
        ("es", {"city": "Malaga", "dates": WEEKEND, "family": True, "budget": _cap(10)}),
    "teatro infantil en madird para toda la familia el proximo fin de semana, max 15 euros":
        ("es", {"city": "Madrid", "dates": WEEKEND, "genre": "teatro", "family": True,
                "budget": _cap(15)}),                           # "madird": two letters swapped
    "espectaculos en sevilla en reyes, entradas a 12 € como mucho":
        ("es", {"city": "Sevilla", "dates": "2027-01-06", "genre": "espectaculos",
                "budget": _cap(12)}),
    "jazz concerts in London next weekend under £40":
        ("en", {"city": "London", "dates": NEXT_WEEKEND, "genre": "jazz concerts",
                "budget": _cap(40, "GBP")}),
    "free photography exhibitions in Paris next month":
        ("en", {"city": "Paris", "dates": JANUARY, "genre": "photography exhibitions",
                "free": True}),
    "stand-up comedy in Dublin this weekend under €25":
        ("en", {"city": "Dublin", "dates": WEEKEND, "genre": "stand-up comedy",
                "budget": _cap(25)}),
    "family-friendly festivals in Lisbon from June 3 to 7, tickets up to 50 EUR":
        ("en", {"city": "Lisbon", "dates": {"start": "2027-06-03", "end": "2027-06-07"},
                "genre": "festivals", "family": True, "budget": _cap(50)}),
    "classical music concerts in edinburgh at easter for less than 30 pounds":
        ("en", {"city": "Edinburgh", "dates": {"start": "2027-03-26", "end": "2027-03-29"},
                "genre": "classical music concerts", "budget": _cap(30, "GBP")}),
    "rock gigs in manchester this wekend under 40 euros":       # a typo of "weekend"
        ("en", {"city": "Manchester", "dates": WEEKEND, "genre": "rock gigs",
                "budget": _cap(40)}),
    "comedy shows in NYC this friday or saturday, 30 dollars max":
        ("en", {"city": "NYC", "dates": {"start": "2026-12-04", "end": "2026-12-05"},
                "genre": "comedy shows", "budget": _cap(30, "USD")}),
    "family friendly events in Chicago next weekend, no more than $25 a ticket":
        ("en", {"city": "Chicago", "dates": NEXT_WEEKEND, "family": True,
                "budget": _cap(25, "USD")}),
}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(inputs, query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    assert_read_as(task, lang, want, false_unasked=True)
    assert not [n for n in task.notes if "could not read" in n or "no se pudo leer" in n]


MADRID = [
    Result("Concierto de jazz: Chano Domínguez Trío - Entradas.com", "https://ev.test/chano",
           "Chano Domínguez Trío en el Café Central, sábado 5 de diciembre, entradas 25 €."),
    Result("Jazz en el Bogui: jam session", "https://ev.test/bogui",
           "Jam session de jazz, domingo 6 de diciembre, entrada gratuita."),
    Result("Gran gala de jazz en el Auditorio Nacional", "https://ev.test/gala",
           "Gala de jazz con big band, 5 de diciembre, entradas desde 65 €."),
    Result("Jazz en el Teatro Real", "https://ev.test/real",
           "Noche de jazz en el Teatro Real, sábado 19 de diciembre, entradas 30 €."),
]
LONDON = [
    Result("Ronnie Scott's: late show", "https://ev.test/ronnies",
           "Late late show at Ronnie Scott's, Sat 12 Dec, tickets £30."),
    Result("Jazz brunch at the Barbican", "https://ev.test/barbican",
           "Family jazz brunch for kids and parents, Sunday 13 December, tickets £12."),
    Result("Kamasi Washington at the Royal Albert Hall", "https://ev.test/kamasi",
           "Kamasi Washington live, 12 December, tickets £55."),
]


def _run(tmp_path: Path, query: str, listings: list[Result]):
    # relative dates ("este fin de semana") are read from TODAY, not the day it runs
    return run_kind(KIND, tmp_path, query, listings, today=TODAY)


# the report's own words in the other language: none may leak into a report. What the
# sources say (their quoted snippets, names and URLs) and the request are left out first.
ENGLISH = re.compile(r"\b(Shortlist|Synthesis|ticket|tickets|unknown|over budget|events?|"
                     r"found|What you asked|Sources|rating|price|free entry|for families|"
                     r"not said|query|not given|Dec)\b")
SPANISH = re.compile(r"\b(Selección|Síntesis|entradas?|desconocid[oa]|presupuesto|planes?|"
                     r"Fuentes|precio|valoración|gratis|para familias|no dice|consulta|"
                     r"no indicado|dic)\b")


def test_a_spanish_request_gets_a_spanish_report(tmp_path):
    run, queries = _run(tmp_path, "conciertos de jazz en Madrid este fin de semana por menos de 40€",
                        MADRID)
    # cheapest first; a free event states no price, and sorts first as free
    assert _names(run) == ["Jazz en el Bogui: jam session",
                           "Concierto de jazz: Chano Domínguez Trío"]
    assert "| Jazz en el Bogui: jam session | gratis [1] |" in run.report
    excluded = {c["name"]: reasons for c, reasons in run.artifact("shortlist")["excluded"]}
    assert excluded["Gran gala de jazz en el Auditorio Nacional"] == [
        "entradas por encima del presupuesto"]
    # what the listing says happens on another Saturday is not this weekend's
    assert excluded["Jazz en el Teatro Real"] == ["en otras fechas"]
    report = run.report
    for words in ["# Qué hacer — Madrid, 5–6 de diciembre de 2026", "## Selección", "| plan | entrada |",
                  "| 25 € [2] |", "2 de 4 planes encontrados encajan: conciertos de jazz, "
                  "5–6 de diciembre de 2026, entradas de hasta 40 €.",
                  "| fechas | 5–6 de diciembre de 2026 |",
                  "| presupuesto | 40 € |", "| género | conciertos de jazz |",
                  "fechas: se ha leído «5–6 de diciembre de 2026» de «este fin de semana»",
                  # the price caveat names the dates asked for, as the rest writes them
                  "depende de tus fechas (5–6 de diciembre de 2026)"]:
        assert words in report, words
    own = _own_words(report, MADRID, ids=True)
    assert not ENGLISH.search(own), ENGLISH.findall(own)
    # the kind asks for no rating: no candidate is noted for lacking one
    assert "valoración" not in report
    assert re.search(r"\[\d+\]\(https://ev\.test/", report)
    # the searches were in Spanish, with the dates as Spanish writes them
    assert queries[0] == "conciertos de jazz en Madrid 5–6 de diciembre de 2026"
    assert run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_gets_an_english_report(tmp_path):
    run, queries = _run(tmp_path, "family-friendly jazz in London next weekend, tickets under £40",
                        LONDON)
    assert _names(run) == ["Jazz brunch at the Barbican"]
    excluded = {c["name"]: reasons for c, reasons in run.artifact("shortlist")["excluded"]}
    assert excluded["Kamasi Washington at the Royal Albert Hall"] == [
        "tickets over budget", "not said to suit families"]
    assert excluded["Ronnie Scott's: late show"] == ["not said to suit families"]
    report = run.report
    for words in ["# What's on — London, December 12 – 13, 2026", "## Shortlist", "| 12 GBP [1] |",
                  "1 of 3 events found fits: jazz, December 12 – 13, 2026, tickets up to 40 GBP, "
                  "for families.", "| family | yes |"]:
        assert words in report, words
    assert re.search(r"\(55 GBP \[\d+\]\): tickets over budget", report)  # its price cited
    own = _own_words(report, LONDON, ids=True)
    assert not SPANISH.search(own), SPANISH.findall(own)
    assert "rating" not in report
    assert queries[0] == "jazz in London for kids December 12 – 13, 2026"


def test_free_events_only_when_asked_and_a_spanish_cap_in_pounds(tmp_path):
    listings = [
        Result("Exposición de fotografía: Vivian Maier", "https://ev.test/maier",
               "Exposición de fotografía en la Fundación, entrada gratuita hasta enero."),
        Result("World Press Photo en el CCCB", "https://ev.test/wpp",
               "World Press Photo, entradas 9 €."),
    ]
    run, _ = _run(tmp_path, "exposiciones de fotografia gratis en barcelona el mes que viene",
                  listings)
    assert _names(run) == ["Exposición de fotografía: Vivian Maier"]
    excluded = {c["name"]: reasons for c, reasons in run.artifact("shortlist")["excluded"]}
    assert excluded["World Press Photo en el CCCB"] == ["no dice que sea gratis"]
    assert "| gratis | sí |" in run.report and "entrada gratuita" in run.report
    assert "1–31 de enero de 2027" in run.report  # a range as Spanish writes it


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(KIND.parents[1], capsys, monkeypatch, "pipelines/events.yaml")


def test_nothing_found_says_so_in_the_request_language(tmp_path):
    # every search answers zero results
    run, _ = run_kind(KIND, tmp_path,
                      "planes con niños en madrid este finde gratis",
                      [], today=TODAY)
    report = run.report
    assert "no se encontró ningún plan." in report
    # no candidate was found, so none "met the request"
    assert "todos los candidatos encontrados cumplían" not in report
    assert "Nada que cambiar: no se encontró ningún candidato." in report


def test_free_family_plans_in_semana_santa(tmp_path):
    listings = [
        Result("Cuentacuentos en el Museu de les Ciències", "https://ev.test/cuentos",
               "Cuentacuentos para niños y familias, 25 de marzo de 2027, entrada gratuita."),
        Result("Concierto de Semana Santa en la Catedral", "https://ev.test/catedral",
               "Concierto sacro, 26 de marzo, entradas 15 €."),
        Result("Taller infantil de pascua", "https://ev.test/taller",
               "Taller para niños, 10 de abril, gratis."),
    ]
    run, _ = _run(tmp_path, "planes con niños en valencia en Semana Santa, gratis", listings)
    assert _names(run) == ["Cuentacuentos en el Museu de les Ciències"]
    excluded = {c["name"]: reasons for c, reasons in run.artifact("shortlist")["excluded"]}
    assert excluded["Taller infantil de pascua"] == ["en otras fechas"]
    assert excluded["Concierto de Semana Santa en la Catedral"] == [
        "no dice que sea gratis", "no dice que sea para familias"]
    # nothing is rated in this kind, and the free plan has no price: its order decides
    assert ("Cuentacuentos en el Museu de les Ciències es la única opción que encaja con tu "
            "petición: gratis.") in run.report
    assert "más barata" not in run.report  # one option is no "cheapest"
    assert "valoración" not in run.report
