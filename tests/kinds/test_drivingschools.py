"""An outside-author kind: driving schools (examples/drivingschools), written from the docs
alone. A school is compared on the total for what was asked: the enrolment, the lessons or
hours asked (a pack of exactly that many, else the cheaper of a single lesson and a pack's
price per lesson, times the count), and the exam fees the school passes on when the request
asks everything in and the page does not say they are included; then the gearbox, the
lesson times, pick-up and theory online. The requests are typed as the lab types them, in
both languages; three run end to end offline with scout.testing (module-scoped: one run
each), and the reports are checked for their language, their citations, and for words that
do not belong to driving schools."""

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
    cap,
    excluded_reasons as _excluded,
    own_pages,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "drivingschools"
KIND = PROJECT / "pipelines" / "drivingschools.yaml"
TODAY = dt.date(2026, 12, 7)


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "autoescuela en Getafe para el carné B, con clases por la tarde, que no pase de 900 € "
    "todo incluido":
        ("es", {"place": "Getafe", "licence": "B", "schedule": ["evenings"], "all_in": True,
                "budget": cap(900.0), "lessons": None}),
    "driving school in Leeds for an automatic licence, 20 hours, under £700":
        ("en", {"place": "Leeds", "gearbox": "automatic", "hours": 20,
                "budget": cap(700.0, "GBP"), "lessons": None}),
    "curso intensivo de manejo en Guadalajara (Jalisco), 10 clases, hasta 4.500 pesos":
        ("es", {"place": "Guadalajara", "intensive": True, "lessons": 10,
                "budget": cap(4500.0, "MXN")}),
    "autoescuelas baratas en Sevilla carnet B 15 prácticas max 800€":
        ("es", {"place": "Sevilla", "licence": "B", "lessons": 15, "budget": cap(800.0)}),
    "automatic driving lessons in Manchester, 10 lessons with pick up from home, under 400 "
    "pounds":
        ("en", {"place": "Manchester", "gearbox": "automatic", "lessons": 10, "pickup": True,
                "budget": cap(400.0, "GBP")}),
    "Find a driving school in Bristol for my daughter: manual car, weekend lessons, about 30 "
    "hours, everything in under £1,200":
        ("en", {"place": "Bristol", "gearbox": "manual", "schedule": ["weekends"],
                "hours": 30, "all_in": True, "budget": cap(1200.0, "GBP")}),
    "Busco autoescuela en Zaragoza con teórico online y 20 clases prácticas, presupuesto "
    "máximo 1.000 euros":
        ("es", {"place": "Zaragoza", "theory_online": True, "lessons": 20,
                "budget": cap(1000.0)}),
    # a flag's word before the kind's own gerund: the course is intensive
    "an intensive driving course in Leeds, automatic, under £1500":
        ("en", {"place": "Leeds", "intensive": True, "gearbox": "automatic",
                "budget": cap(1500.0, "GBP")}),
    "permiso A2 en Valencia, con las tasas":
        ("es", {"place": "Valencia", "licence": "A2", "all_in": True}),
    # a synonym that says the licence's own label is read wherever it stands
    "carné de moto A2 en Valencia, ¿cuánto cuesta con las prácticas y las tasas?":
        ("es", {"place": "Valencia", "licence": "A2", "all_in": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


GETAFE = [
    Result("Autoescuela Getafe Centro", "https://autoescuela.test/getafe-centro",
           "Autoescuela Getafe Centro: matrícula 150 €. Clase práctica 45 min 38 €. Pack 20 "
           "prácticas 690 €. Tasas DGT 94,05 €. Clases por la tarde hasta las 21:00."),
    Result("Autoescuela Sector 3", "https://autoescuela.test/sector3",
           "Autoescuela Sector 3: sin matrícula. Teórico online 49 €. Bono de 10 clases 360 €. "
           "Clase suelta 39 €. Tasas de examen incluidas. Horario de tarde."),
    Result("Autoescuela El Bercial", "https://autoescuela.test/bercial",
           "Autoescuela El Bercial: carné B todo incluido hasta aprobar 1.190 €. Clases por la "
           "mañana y por la tarde."),
    Result("Autoescuela Los Molinos", "https://autoescuela.test/molinos",
           "Autoescuela Los Molinos: matrícula desde 99 €, prácticas a partir de 42 € la "
           "clase, presentación a examen 80 €, tasas DGT no incluidas."),
]
LEEDS = [
    Result("Headingley Driving School", "https://driving.test/headingley",
           "Headingley Driving School: automatic lessons £36 per hour, block of 10 hours "
           "£340. Pass rate 62%. Pick-up from home."),
    Result("Roundhay Automatic", "https://driving.test/roundhay",
           "Roundhay Automatic: lessons £38, 10 hours for £360. Automatic cars only. "
           "Evenings and weekends."),
    Result("Kirkstall Manual Lessons", "https://driving.test/kirkstall",
           "Kirkstall Manual Lessons: manual car lessons from £30 per hour, 20 hours for "
           "£560."),
    Result("Leeds Intensive Courses", "https://driving.test/intensive",
           "Leeds Intensive Courses: automatic intensive course in 2 weeks £1,190, test fee "
           "£62, practical £75 not included."),
]
GUADALAJARA = [
    Result("Escuela de Manejo Chapalita", "https://manejo.test/chapalita",
           "Escuela de Manejo Chapalita: curso intensivo de 10 clases $3,900 MXN, "
           "inscripción $350. Clases de lunes a sábado."),
    Result("Autoescuela Providencia", "https://manejo.test/providencia",
           "Autoescuela Providencia: clase individual $450, paquete de 10 clases $4,200. Auto "
           "estándar y automático."),
    Result("Manejo Seguro Zapopan", "https://manejo.test/zapopan",
           "Manejo Seguro Zapopan: clases desde $520 por hora, recogida a domicilio."),
]

RUNS = {
    "getafe": ("autoescuela en Getafe para el carné B, 20 clases, con clases por la tarde, "
               "que no pase de 900 € todo incluido", GETAFE),
    "leeds": ("driving school in Leeds for an automatic licence, 20 hours, under £700", LEEDS),
    "guadalajara": ("curso intensivo de manejo en Guadalajara (Jalisco), 10 clases, hasta "
                    "4.500 pesos", GUADALAJARA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_everything_in_adds_the_exam_fees_a_school_passes_on(runs):
    run, queries = runs["getafe"]
    # Sector 3: its bono of 10 is 36 € a class (cheaper than 39 € a single one): 20 × 36 €,
    # no enrolment, exam fees included = 720 €. Getafe Centro: 150 € + its pack of 20 for
    # 690 € + Tasas DGT 94,05 € = 934,05 €; Los Molinos 99 € + 20 × 42 € + 80 € = 1.019 €
    assert _names(run) == ["Autoescuela Sector 3"]
    assert _excluded(run) == {"Autoescuela Getafe Centro": ["por encima del presupuesto"],
                              "Autoescuela El Bercial": ["por encima del presupuesto"],
                              "Autoescuela Los Molinos": ["por encima del presupuesto"]}
    assert "| 1 | Autoescuela Sector 3 | 720 € | 20 × 36 € la clase + tasas de examen " \
           "incluidas" in run.report
    assert "934 € en total" in run.report   # the DGT's fee across its acronym
    assert "1.019 € en total" in run.report
    assert queries[0] == "autoescuelas en Getafe carné B precios"


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["getafe"]
    assert run.report.startswith("# Autoescuelas: Getafe · carné B · 20 clases · todo incluido")
    own = _own_words(run.report, GETAFE)
    english = words_of(*REPORT_ENGLISH, "lessons?", "enrolment", "exam fees", "pack",
                       "School", "worked out")
    assert not english.search(own), english.findall(own)


def test_hours_asked_in_english_are_priced_by_the_cheaper_block(runs):
    run, queries = runs["leeds"]
    # Headingley: £36 an hour or a block of 10 for £340 (£34): 20 × £34 = £680; Roundhay
    # 20 × £38 = £760 (its "£38, 10 hours" once read as £38.10); Kirkstall's 20 hours for
    # £560 is a manual car's
    assert _names(run) == ["Headingley Driving School"]
    assert _excluded(run) == {"Roundhay Automatic": ["over budget"],
                              "Kirkstall Manual Lessons": ["no automatic car said"],
                              "Leeds Intensive Courses": ["over budget"]}
    assert "| 1 | Headingley Driving School | 680 GBP | 20 × 34 GBP a lesson" in run.report
    assert "680 GBP in total (36 GBP/hour as stated) [1] ≤ 700 GBP" in run.report
    assert "760 GBP in total, 38 GBP as stated" in run.report
    # exam fees not asked: said not added, never silently left out
    assert run.report.startswith("# Driving schools: Leeds · 20 hours")
    assert queries[0] == "driving schools in Leeds automatic prices"
    own = _own_words(run.report, LEEDS)
    spanish = words_of(*REPORT_SPANISH, "clases?", "matrícula", "tasas", "paquete",
                       "Autoescuela")
    assert not spanish.search(own), spanish.findall(own)


def test_pesos_written_with_a_dollar_sign_are_the_request_s(runs):
    run, _ = runs["guadalajara"]
    # Providencia's paquete de 10 for $4,200; Chapalita's 10 for $3,900 plus $350
    # enrolment: 4.250; Zapopan 10 × $520 = 5.200
    assert _names(run) == ["Autoescuela Providencia", "Escuela de Manejo Chapalita"]
    assert _excluded(run) == {"Manejo Seguro Zapopan": ["por encima del presupuesto"]}
    assert "| 2 | Escuela de Manejo Chapalita | 4.250 MXN | matrícula 350 MXN + paquete de " \
           "10 clases: 3.900 MXN" in run.report
    assert "5.200 MXN en total, 520 MXN/hora según la fuente" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## ")[3]), key   # the synthesis


# words of other kinds: lodging, pay, stock, tickets, tariffs, rentals
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "tarifa", "tariff", "permanencia", "tickets?",
                       "entradas", "rent", "alquiler", "rating unknown",
                       "valoración desconocida", "per person", "por persona",
                       ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
