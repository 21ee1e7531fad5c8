"""An outside-author kind: nurseries and childcare (examples/childcare), written from the
docs alone. A nursery ("guardería", "escuela infantil") is asked for by the child's age
in months or years ("10 meses", "2 años y medio", "an 18-month-old"), the month or school
year the child starts ("desde septiembre", "curso 2027-28"), the schedule (full day,
mornings, afternoons; the hours and days a week said), how it is funded (public,
"concertada", private), its language, a cap on the monthly fee (with meals: a meal fee a
page states apart is added to it) and a cap on the enrolment fee ("matrícula"). Requests
are typed as the lab types them, in both languages; three run end to end offline with
scout.testing (module-scoped: one run each), and the report is checked for its language,
its citations, its fees on one basis and for words that do not belong to a nursery."""

from __future__ import annotations

import datetime as dt
import re
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
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "childcare"
KIND = PROJECT / "pipelines" / "childcare.yaml"
TODAY = dt.date(2026, 12, 2)
SCHOOL_YEAR = {"start": "2027-09-01", "end": "2028-06-30"}


def _money(amount: float, currency: str = "EUR", per: str | None = "month") -> dict:
    return {"amount": amount, "currency": currency, "per": per}


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "guardería en Chamberí, Madrid, para un bebé de 10 meses desde septiembre, jornada "
    "completa, máximo 450 € al mes con comedor":
        ("es", {"city": "Madrid", "area": "Chamberí", "age_months": 10,
                "start": {"year": 2027, "month": 9}, "schedule": "full_day", "meals": True,
                "budget": _money(450)}),
    "escuela infantil bilingüe en Valencia, de 9 a 14 h, niña de 2 años":
        ("es", {"city": "Valencia", "bilingual": True, "hours": "de 9 a 14 h",
                "age_months": 24}),
    # half a year more is six months; a school year is September to June
    "escuela infantil pública en Sevilla para mi hijo de 2 años y medio, curso 2027-28":
        ("es", {"city": "Sevilla", "funding": "public", "age_months": 30,
                "start": SCHOOL_YEAR}),
    "guardería concertada en Zaragoza, 5 días a la semana, matrícula máxima 150 €, cuota de "
    "menos de 300 € al mes, sin comedor":
        ("es", {"city": "Zaragoza", "funding": "charter", "days": 5, "meals": False,
                "budget": _money(300), "enrolment_fee": _money(150, per=None)}),
    "busco guarde en Madrid para mi peque de año y medio, por las mañanas, en inglés":
        ("es", {"city": "Madrid", "age_months": 18, "schedule": "mornings",
                "language": "english"}),
    "nursery in Madrid for my 18-month-old, mornings only, under 600 EUR a month including "
    "lunch, English-speaking":
        ("en", {"city": "Madrid", "age_months": 18, "schedule": "mornings",
                "language": "english", "meals": True, "budget": _money(600)}),
    "private nursery near Chamberí in Madrid for a baby of 8 months, from 8 to 3, under €500 "
    "a month":
        ("en", {"city": "Madrid", "area": "Chamberí", "funding": "private", "age_months": 8,
                "hours": "from 8 to 3", "budget": _money(500)}),
    "full-time daycare in Barcelona for a 2 and a half year old starting January, enrolment "
    "fee under 200 EUR":
        ("en", {"city": "Barcelona", "schedule": "full_day", "age_months": 30,
                "start": {"year": 2027, "month": 1}, "enrolment_fee": _money(200, per=None)}),
    # "almuerzo" is the midday meal in much of Latin America
    "guardería en Guadalajara para mi hija de 2 años con almuerzo, menos de 4000 pesos al mes":
        ("es", {"city": "Guadalajara", "age_months": 24, "meals": True,
                "budget": _money(4000, "MXN")}),
    "French-speaking nursery in Valencia for the 2027-28 school year, afternoons, for a "
    "1-year-old":
        ("en", {"city": "Valencia", "language": "french", "schedule": "afternoons",
                "start": SCHOOL_YEAR, "age_months": 12}),
}


def _plain(value):
    """A Task value as the tests write it: a month and a date range as dicts of strings."""
    if hasattr(value, "month") and hasattr(value, "year") and not hasattr(value, "day"):
        return {"year": value.year, "month": value.month}
    if hasattr(value, "start") and hasattr(value, "end"):
        return {"start": str(value.start), "end": str(value.end)}
    return value


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query][0], dict(REQUESTS[query][1])
    task = parse_request(KIND, query, TODAY)
    dated = {k: want.pop(k) for k in ("start",) if k in want}
    assert_read_as(task, lang, want, every=False, money=("amount", "currency", "per"))
    for name, value in dated.items():
        assert _plain(task.values.get(name)) == value, (name, task.values.get(name))


CHAMBERI = [
    # 380 € a month and a meal fee of 90 € apart: 470 € with meals, over a cap of 450 €
    Result("Escuela Infantil Los Peques", "https://guarderias.test/los-peques",
           "Escuela Infantil Los Peques, privada, en Chamberí, Madrid. Niños de 4 meses a 3 "
           "años. Jornada completa de 8 a 17 h. Cuota 380 € al mes. Comedor: 90 € al mes. "
           "Matrícula 150 €. Plazas para septiembre de 2027."),
    Result("Escuela Infantil Pompitas", "https://guarderias.test/pompitas",
           "Escuela Infantil Pompitas, Chamberí. De 0 a 3 años. Jornada completa. Matrícula "
           "100 €. Cuota 320 € al mes, comedor incluido."),
    Result("Guardería Osito", "https://guarderias.test/osito",
           "Guardería Osito en Chamberí. Niños desde 12 meses. Jornada completa con comedor. "
           "350 € al mes."),
    Result("Escuela Infantil Arcoíris", "https://guarderias.test/arcoiris",
           "Escuela Infantil Arcoíris, Madrid. De 4 meses a 3 años. Solo mañanas, de 9 a 13 h. "
           "250 € al mes."),
    # a fee a year against a cap a month: 4.200 € al año is 350 € al mes
    Result("Escuela Infantil El Jardín", "https://guarderias.test/jardin",
           "Escuela Infantil El Jardín, Chamberí. De 6 meses a 3 años, jornada completa con "
           "comedor. Cuota anual 4.200 €."),
    Result("Escuela Infantil Nube", "https://guarderias.test/nube",
           "Escuela Infantil Nube, Chamberí. De 4 meses a 3 años. Jornada completa con comedor. "
           "Cuota 520 € al mes."),
]
ENGLISH = [
    Result("Little Explorers Nursery", "https://nurseries.test/little-explorers",
           "Little Explorers Nursery, an English-speaking nursery in Madrid for children aged "
           "4 months to 3 years. Mornings, 9am to 1pm. 450 EUR a month; lunch 80 EUR a month. "
           "Registration fee 200 EUR."),
    Result("Happy Days Nursery", "https://nurseries.test/happy-days",
           "Happy Days Nursery, English-speaking, Madrid, for children aged 2 to 3 years. "
           "Mornings, lunch included. 400 EUR a month."),
    Result("Bright Start Madrid", "https://nurseries.test/bright-start",
           "Bright Start Madrid: English-speaking nursery for children aged 6 months to 3 "
           "years. Full day only, 8am to 5pm, lunch included. 550 EUR a month."),
    Result("Escuela Infantil Sol", "https://nurseries.test/sol",
           "Escuela Infantil Sol, Madrid. De 4 meses a 3 años. Mañanas con comida. 300 € al "
           "mes."),
    Result("Oak Tree Nursery", "https://nurseries.test/oak-tree",
           "Oak Tree Nursery, English-speaking, Madrid, children aged 3 months to 3 years. "
           "Mornings. 520 EUR a month, lunch 110 EUR a month."),
    # a year's fee: 6,000 EUR a year is 500 EUR a month, lunch included
    Result("Maple House", "https://nurseries.test/maple-house",
           "Maple House, English-speaking nursery in Madrid for ages 1 to 3 years. Mornings, "
           "lunch included. Annual fee 6,000 EUR."),
]
SEVILLA = [
    Result("Escuela Infantil Municipal Triana", "https://escuelas.test/triana",
           "Escuela Infantil Municipal Triana, pública, Sevilla. De 0 a 3 años. Horario de 9 a "
           "14 h. Plazas para el curso 2027-28."),
    Result("Escuela Infantil Macarena", "https://escuelas.test/macarena",
           "Escuela Infantil Macarena, pública, Sevilla. De 4 meses a 2 años."),
    Result("Guardería Giralda", "https://escuelas.test/giralda",
           "Guardería Giralda, privada, Sevilla. De 0 a 3 años. 390 € al mes."),
    # a waiting list for the whole school year asked: no place from September
    Result("Escuela Infantil Nervión", "https://escuelas.test/nervion",
           "Escuela Infantil Nervión, pública, Sevilla. De 0 a 3 años. Lista de espera para el "
           "curso 2027-2028."),
]

RUNS = {
    "chamberi": ("guardería en Chamberí, Madrid, para un bebé de 10 meses desde septiembre, "
                 "jornada completa, máximo 450 € al mes con comedor", CHAMBERI),
    "english": ("nursery in Madrid for my 18-month-old, mornings only, under 600 EUR a month "
                "including lunch, English-speaking", ENGLISH),
    "sevilla": ("escuela infantil pública en Sevilla para mi hijo de 2 años y medio, curso "
                "2027-28", SEVILLA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_age_schedule_meals_and_a_fee_with_meals(runs):
    run, queries = runs["chamberi"]
    # a 10-month-old, full day, meals, 450 € a month: El Jardín's 4.200 € a year is 350 a
    # month; Los Peques' 380 € and its 90 € meal fee make 470 €
    assert _names(run) == ["Escuela Infantil Pompitas", "Escuela Infantil El Jardín"]
    assert _excluded(run) == {
        "Escuela Infantil Los Peques": ["por encima de la cuota mensual máxima"],
        "Guardería Osito": ["admite niños desde 12 meses"],
        "Escuela Infantil Arcoíris": ["no dice que tenga horario de jornada completa",
                                      "no dice que tenga comedor"],
        "Escuela Infantil Nube": ["por encima de la cuota mensual máxima"],
    }
    assert queries[0] == "escuela infantil en Chamberí, Madrid comedor"


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["chamberi"]
    report = run.report
    assert report.startswith("# Escuelas infantiles — Chamberí, Madrid")
    assert ("2 escuelas infantiles de 6 encontradas: para un niño de 10 meses, inicio: "
            "septiembre de 2027, jornada completa, con comedor, por como mucho 450 €/mes."
            in report)
    assert re.search(r"\| 1 \| Escuela Infantil Pompitas \| 320 €/mes \[1\] \| sí \| 100 € \|",
                     report)
    # the enrolment fee stated first is no price; a year's fee compared a month, marked
    # approximate; no enrolment fee stated, said so
    assert re.search(r"\| 2 \| Escuela Infantil El Jardín \| ~350 €/mes \(4\.200 €/año según la fuente\) \[2\] \| sí \| "
                     r"no consta \|", report)
    own = _own_words(report, CHAMBERI, ids=True)
    assert not words_of(*REPORT_ENGLISH, "nursery", "meals", "enrolment", "full day",
                        "months?").search(own), own


def test_an_english_request_with_a_meal_fee_apart(runs):
    run, queries = runs["english"]
    # an 18-month-old, mornings, English, lunch, 600 EUR: Oak Tree's 520 and its 110 lunch
    # are 630; Little Explorers' 450 and 80 are 530, after Maple House's 500 a month
    assert _names(run) == ["Maple House", "Little Explorers Nursery"]
    assert _excluded(run) == {
        "Happy Days Nursery": ["takes children from 2 years of age"],
        "Bright Start Madrid": ["no mornings schedule stated"],
        "Escuela Infantil Sol": ["not said to be run in English"],
        "Oak Tree Nursery": ["over the monthly fee cap"],
    }
    assert queries[0] == "English-speaking nursery in Madrid lunch"


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["english"]
    report = run.report
    assert report.startswith("# Nurseries — Madrid")
    assert ("2 nurseries out of 6 found: for a child of 18 months, mornings, in English, "
            "with meals, for at most 600 EUR/month." in report)
    assert re.search(r"\| 2 \| Little Explorers Nursery \| 450 EUR/month \[\d+\] \| "
                     r"\+80 EUR \| 200 EUR \|", report)
    assert "| age in months | 18 | query |" in report
    own = _own_words(report, ENGLISH, ids=True)
    assert not words_of(*REPORT_SPANISH, "escuela", "comedor", "matrícula", "meses",
                        "mañanas", "inglés").search(own), own


def test_public_school_year_and_a_waiting_list(runs):
    run, _ = runs["sevilla"]
    task = run.artifact("task")
    assert task["values"]["age_months"] == 30
    # a nursery up to 2 years is too young a class for 30 months; a waiting list for the
    # whole school year asked is no place; a private one is not public
    assert _names(run) == ["Escuela Infantil Municipal Triana"]
    assert _excluded(run) == {
        "Escuela Infantil Macarena": ["solo hasta 2 años de edad"],
        "Guardería Giralda": ["no dice que sea pública"],
        "Escuela Infantil Nervión": ["sin plazas para la fecha de inicio"],
    }
    # the school year in the reader's words, not as ISO days; a fee no page states is
    # said so, never guessed
    assert "inicio: 1 de septiembre de 2027 – 30 de junio de 2028, pública." in run.report
    assert "2027-09-01" not in _own_words(run.report, SEVILLA, ids=True)
    assert re.search(r"\| 1 \| Escuela Infantil Municipal Triana \| no consta \|", run.report)


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, jobs, shops, and a school's own (curriculum, bus, grades)
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "curriculum", "currículo", "school bus",
                       "ruta escolar", "stars?", "estrellas", "tickets?", "entradas",
                       ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key, ids=True)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/childcare.yaml",
                      "escuela infantil pública en Sevilla para mi hijo de 2 años y medio, "
                      "curso 2027-28", tmp_path, capsys, monkeypatch)
    for words in ["age_months", "30", "public", "F0", "R1", "F6"]:
        assert words in out, words
