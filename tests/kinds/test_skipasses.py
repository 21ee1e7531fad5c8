"""An outside-author kind: ski resorts and their lift passes (examples/skipasses), written
from the docs alone, as the lab plans a ski weekend or week: an area or a resort, dates or a
number of days, the adults and the children with their ages, a cap on the pass a day, and
wishes (km of slopes, a snowpark, rental, a ski school, night skiing). Requests are typed as
people type them, in both languages; three runs end to end offline with scout.testing
(module-scoped: CI time). The report must be in the request's language only, cite its
sources, price the group's pass (each child at the child's band when the resort's band takes
the oldest child, for the days asked), and say nothing a ski report has no business saying."""

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
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "skipasses"
KIND = PROJECT / "pipelines" / "skipasses.yaml"
TODAY = dt.date(2026, 12, 6)


def _cap(amount: float, currency: str = "EUR", per: str | None = None) -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": per}


def _span(start: str, end: str) -> dict:
    return {"start": start, "end": end}


FEB_12_15 = _span("2027-02-12", "2027-02-15")
JANUARY, MARCH = _span("2027-01-01", "2027-01-31"), _span("2027-03-01", "2027-03-31")

# request → (lang, the values it states; every other input must stay empty or false)
REQUESTS = {
    "forfait en Formigal del 12 al 15 de febrero para 2 adultos y 2 niños de 8 y 11 años, "
    "máximo 60 € por día":
        ("es", {"area": "Formigal", "dates": FEB_12_15, "adults": 2, "children": 2, "age": 8,
                "max_age": 11, "budget": _cap(60, per="day")}),
    "estaciones de esquí en Sierra Nevada un finde de marzo, somos 5, uno es estudiante, con "
    "alquiler de material":
        ("es", {"area": "Sierra Nevada", "dates": MARCH, "adults": 5, "student": True,
                "rental": True}),
    "forfait de 3 días en Baqueira por menos de 150 € para 2 adultos, con escuela de esquí":
        ("es", {"area": "Baqueira", "days": 3, "adults": 2, "budget": _cap(150),
                "ski_school": True}),
    "esquiar en Andorra el puente de la Constitución, 2 adultos y 1 niño de 6 años, con esquí "
    "nocturno":
        ("es", {"area": "Andorra", "dates": _span("2026-12-06", "2026-12-08"), "adults": 2,
                "children": 1, "age": 6, "night_skiing": True}),
    "estación de esquí en Andorra con más de 100 km de pistas y snowpark en enero":
        ("es", {"area": "Andorra", "dates": JANUARY, "min_km": 100000.0, "snowpark": True}),
    "ski resorts in Andorra for 2 adults and 2 kids aged 8 and 11, February 12-15, under €60 "
    "a day, with a snowpark":
        ("en", {"area": "Andorra", "dates": FEB_12_15, "adults": 2, "children": 2, "age": 8,
                "max_age": 11, "budget": _cap(60, per="day"), "snowpark": True}),
    "lift passes in Sierra Nevada for 3 days in March, ski rental included, at least 80 km of "
    "slopes":
        ("en", {"area": "Sierra Nevada", "dates": MARCH, "days": 3, "min_km": 80000.0,
                "rental": True}),
    "ski pass in Verbier for 6 days in January, 4 adults, under CHF 80 a day":
        ("en", {"area": "Verbier", "dates": JANUARY, "days": 6, "adults": 4,
                "budget": _cap(80, "CHF", "day")}),
    "ski school and night skiing in Andorra for a family, 1 child aged 9, February 12-15":
        ("en", {"area": "Andorra", "dates": FEB_12_15, "children": 1, "age": 9,
                "ski_school": True, "night_skiing": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


# ---------------------------------------------------------------- end to end, offline
# what a search for resorts finds: each states its adult pass, most a child's band with its
# ages, its season and its slopes; the run shortlists those open on the dates, within the
# pass a day
PIRINEO = [
    Result("Formigal-Panticosa", "https://formigal.test/forfait",
           "Estación de esquí del Pirineo aragonés, 180 km de pistas, snowpark, escuela de "
           "esquí. Temporada del 5 de diciembre de 2026 al 6 de abril de 2027. Forfait día "
           "adulto 56 €; niño de 6 a 11 años 42 €. Alquiler de material y seguro aparte."),
    Result("Cerler", "https://cerler.test/precios",
           "Estación de esquí, 80 km de pistas, escuela de esquí. Temporada del 12 de "
           "diciembre de 2026 al 5 de abril de 2027. Forfait adulto 49 € por día; infantil de "
           "6 a 12 años 37 €."),
    Result("Astún", "https://astun.test/tarifas",
           "Estación de esquí del valle del Aragón, 50 km de pistas. Temporada del 5 de "
           "diciembre de 2026 al 5 de abril de 2027. Forfait de día adulto 52 €. Niños hasta "
           "10 años 40 €."),
    Result("Candanchú", "https://candanchu.test/forfait",
           "Estación de esquí, 50 km de pistas. Temporada del 5 de diciembre de 2026 al 5 de "
           "abril de 2027. Forfait de día 68 €."),
    Result("Javalambre", "https://javalambre.test/forfait",
           "Estación de esquí, 15 km de pistas. Abierta del 2 al 31 de enero de 2027. Forfait "
           "30 € por día."),
]
ALPS = [
    Result("Verbier 4 Vallées", "https://verbier.test/passes",
           "Ski resort, 410 km of slopes, snowpark, ski school. Season December 5, 2026 to "
           "April 20, 2027. Adult day pass CHF 79, child (6-15) CHF 45, senior 65+ CHF 67."),
    Result("Champéry Portes du Soleil", "https://champery.test/passes",
           "Ski resort, 600 km of slopes, snowpark. Season December 12, 2026 to April 5, "
           "2027. Adult day pass CHF 72, children 6-12 CHF 48."),
    Result("Villars-Gryon", "https://villars.test/passes",
           "Ski resort, 100 km of slopes, ski school. Season December 12, 2026 to April 5, "
           "2027. Adult day pass CHF 69, child (6-15) CHF 41."),
    Result("Zermatt Matterhorn", "https://zermatt.test/passes",
           "Ski resort, 360 km of slopes, snowpark. Season November 1, 2026 to May 1, 2027. "
           "Adult day pass CHF 92."),
]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, {"es": (next(iter(REQUESTS)), PIRINEO),
                           "en": ("ski pass near Geneva for 2 adults and 2 kids aged 8 and 11, "
                                  "February 12-15, under CHF 80 a day, with a snowpark", ALPS),
                           "days": ("forfait de 3 días en el Pirineo por menos de 150 € para 2 "
                                    "adultos, con escuela de esquí", PIRINEO)},
                    tmp_path_factory, today=TODAY)


# the report's own words in the other language: none may leak into a report
ENGLISH = words_of(*REPORT_ENGLISH, "resorts?", "pass", "slopes", "adults?", "child(ren)?",
                   "days?", "rental", "deposit")
SPANISH = words_of(*REPORT_SPANISH, "estaci[oó]n(es)?", "forfaits?", "pistas", "adultos?",
                   "niños?", "alquiler", "fianza")
# what a ski report has no business saying, in either language: a job's pay, a shop's
# stock, a rental flat's or a hotel room's terms
OTHER_KINDS = words_of("salary", "salario", "sueldo", "in stock", "shipping", "envío",
                       "per night", "por noche", "check-in", "habitaci[oó]n(es)?", "rooms?",
                       "guests?", "huéspedes", ignore_case=True)


def test_a_spanish_request_shortlists_the_resorts_open_and_within_the_pass_asked(runs):
    run, queries = runs["es"]
    # cheapest adult pass first; over 60 € a day and closed in February are left out
    assert _names(run) == ["Cerler", "Astún", "Formigal-Panticosa"]
    assert _excluded(run) == {
        "Candanchú": ["el forfait cuesta más que el presupuesto"],
        "Javalambre": ["cerrada en las fechas pedidas"],
    }
    assert queries[0] == "forfait estación de esquí Formigal precios 12–15 de febrero de 2027"


def test_the_group_pass_takes_each_childs_band_for_the_days_asked(runs):
    run, _ = runs["es"]
    report = run.report
    for words in [
            # 12-15 February: 4 days; 2 × 49 € + 2 × 37 € (6 to 12 takes 8 and 11) a day; a
            # pass's day said in its label ("Forfait de día adulto 52 €") is its period
            "| Cerler | 49 €/día [1] | 37 € | 688 € | 172 € | 80 km |",
            # its children's band ends at 10: the 8-year-old pays a child's pass and the
            # 11-year-old an adult's: (3 × 52 € + 40 €) × 4
            "| Astún | 52 €/día [2] | 40 € hasta 10 años de edad; después, precio de adulto | 784 € | "
            "196 € | 50 km |",
            "| Formigal-Panticosa | 56 €/día [3] | 42 € | 784 € | 196 € | 180 km |",
            "El forfait del grupo suma el precio de cada persona por 4 días: el alquiler de "
            "material, el seguro y la fianza de la tarjeta se pagan aparte"]:
        assert words in report, words


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["es"]
    report = run.report
    for words in ["# Forfaits de esquí en Formigal", "## Selección",
                  "| # | estación | forfait adulto | forfait niño | forfait del grupo | "
                  "por persona | pistas | valoración | enlace |",
                  "3 estaciones de 5 encontradas: 2 adultos, 2 niños, de 8 y 11 años, 12–15 de "
                  "febrero de 2027, forfait de como mucho 60 €/día.",
                  "| adultos | 2 | consulta |", "| edad máxima | 11 | consulta |"]:
        assert words in report, words
    assert_says_nothing_of(ENGLISH, report, PIRINEO, ids=True)
    assert_says_nothing_of(OTHER_KINDS, report, PIRINEO, ids=True)
    assert_cites_sources(run, PIRINEO, "es")
    assert "## Fuentes" in report and run.report_html and "<html" in run.report_html.lower()


def test_an_english_request_gets_an_english_report_in_the_resorts_currency(runs):
    run, queries = runs["en"]
    # within CHF 80 a day with a snowpark; Zermatt is over, Villars states no snowpark
    assert _names(run) == ["Champéry Portes du Soleil", "Verbier 4 Vallées"]
    assert _excluded(run) == {"Villars-Gryon": ["no snowpark stated"],
                              "Zermatt Matterhorn": ["pass costs more than the budget"]}
    report = run.report
    for words in ["# Ski passes in Geneva", "## Shortlist",
                  "2 resorts out of 4 found: 2 adults, 2 children, aged 8 and 11, on February "
                  "12 – 15, 2027, a pass of at most 80 CHF/day.",
                  # (2 × 72 + 2 × 48) × 4 days; the senior's band is no child's
                  "| Champéry Portes du Soleil | 72 CHF/day [1] | 48 CHF | 960 CHF | 240 CHF | 600 km |",
                  "| Verbier 4 Vallées | 79 CHF/day [2] | 45 CHF | 992 CHF | 248 CHF | 410 km |",
                  "The group's pass adds up each person's price for 4 days: rental, insurance and "
                  "the pass card's deposit are extra"]:
        assert words in report, words
    assert_says_nothing_of(SPANISH, report, ALPS, ids=True)
    assert_says_nothing_of(OTHER_KINDS, report, ALPS, ids=True)
    assert_cites_sources(run, ALPS, "en")
    assert queries[0].startswith("ski resort lift pass Geneva prices")


def test_a_cap_with_no_period_is_for_the_pass_of_the_days_asked(runs):
    run, _ = runs["days"]
    # 3 days at 49 € is 147 €: within 150 €; at 56 € it is 168 €, over it
    assert _names(run) == ["Cerler"]
    assert _excluded(run)["Formigal-Panticosa"] == ["el forfait cuesta más que el presupuesto"]
    assert "| Cerler | 49 €/día [1] | — | 294 € | 147 € | 80 km |" in run.report
    assert "por 3 días" in run.report


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch, "pipelines/skipasses.yaml")


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/skipasses.yaml",
                      "forfait de 3 días en Baqueira por menos de 150 € para 2 adultos, con "
                      "escuela de esquí", tmp_path, capsys, monkeypatch)
    for words in ["area", "Baqueira", "days", "3", "adults", "ski_school", "F0", "R1", "F6"]:
        assert words in out, words
