"""An outside-author kind: care homes, day centres and home carers for an elderly relative
(examples/carehomes), written from the docs alone. A home is compared on its monthly (or
weekly, as the budget is said) cost for the room and the dependency grade asked: a page's
price by room (`individual 1.950 €/mes, doble 1.650 €/mes`: rank's `variants: room`), by
grade (`grado I 1.850 €, grado II 2.100 €, grado III 2.400 € al mes`: the period said once
is each grade's), a day's (`desde 65 €/día`) or a month's against a weekly budget (the
conversion said); a day centre's rate a day at the days a week asked (`days_per_week`). Extras and a
deposit are said apart. The requests are typed as the lab types them, in both languages;
three run end to end offline with scout.testing (module-scoped: one run each)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    own_pages,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    cap,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "carehomes"
KIND = PROJECT / "pipelines" / "carehomes.yaml"
TODAY = dt.date(2026, 12, 7)

# request → (lang, every value it states; the others must be read as nothing)
REQUESTS = {
    "residencia de mayores en Zaragoza para mi madre de 84 años, con plaza para dependiente "
    "grado II, habitación individual, máximo 2.200 € al mes":
        ("es", {"place": "Zaragoza", "service": "care_home", "age": 84, "grade": "grado_2",
                "room": "single", "budget": cap(2200.0, per="month")}),
    "care home near Bristol for my father with dementia, nursing care, under £1,400 a week":
        ("en", {"place": "Bristol", "service": "care_home", "dementia": True, "nursing": True,
                "budget": cap(1400.0, "GBP", "week")}),
    "cuidadora interna en Valencia para persona mayor, lunes a viernes, máximo 1.300 €/mes":
        ("es", {"place": "Valencia", "service": "home_care", "days": 5,
                "budget": cap(1300.0, per="month")}),
    "centro de día en Sevilla 3 días por semana, con transporte, menos de 400 € al mes":
        ("es", {"place": "Sevilla", "service": "day_centre", "days": 3, "transport": True,
                "budget": cap(400.0, per="month")}),
    "busco plaza en residencia en Bilbao para mi abuela de 91 años con alzheimer, "
    "habitación compartida, hasta 2500 euros mensuales, que admita mascotas":
        ("es", {"place": "Bilbao", "service": "care_home", "age": 91, "dementia": True,
                "room": "shared", "pets": True, "budget": cap(2500.0, per="month")}),
    "residencia geriátrica cerca de Getafe, habitación doble, grado III, sin lista de "
    "espera, presupuesto 1.900 €":
        ("es", {"place": "Getafe", "service": "care_home", "room": "shared",
                "grade": "grado_3", "no_waiting_list": True, "budget": cap(1900.0)}),
    "day centre in Oxford for my mum, 2 days a week, with transport, under £90 a day":
        ("en", {"place": "Oxford", "service": "day_centre", "days": 2, "transport": True,
                "budget": cap(90.0, "GBP", "day")}),
    "live-in carer in Bath for my grandmother, up to £1,100 a week":
        ("en", {"place": "Bath", "service": "home_care",
                "budget": cap(1100.0, "GBP", "week")}),
    "Need: care home. Location: Manchester. Budget: £6,000 per month. Requirements: "
    "dementia unit, garden, pets allowed.":
        ("en", {"place": "Manchester", "service": "care_home", "dementia": True,
                "garden": True, "pets": True, "budget": cap(6000.0, "GBP", "month")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


ZARAGOZA = [
    Result("Residencia Los Olivos", "https://mayores.test/olivos",
           "Residencia Los Olivos (Zaragoza): habitación individual desde 1.950 €/mes, doble "
           "1.650 €/mes. Unidad de demencias, enfermería 24 h, jardín. Fianza de un mes. "
           "Podología 25 € por sesión, no incluida."),
    Result("Residencia San Lamberto", "https://mayores.test/lamberto",
           "Residencia San Lamberto: precios según grado de dependencia: grado I 1.850 €, "
           "grado II 2.100 €, grado III 2.400 € al mes, habitación individual. Plazas "
           "concertadas disponibles."),
    Result("Casa Ebro Mayores", "https://mayores.test/casaebro",
           "Casa Ebro Mayores: estancias desde 65 €/día en habitación individual, todo "
           "incluido salvo pañales. Lista de espera de 3 meses."),
    Result("Residencia Pilar Senior", "https://mayores.test/pilarsenior",
           "Residencia Pilar Senior: a partir de 2.450 € al mes (habitación individual, IVA "
           "exento). Matrícula de 500 €."),
    Result("Residencia Moncayo", "https://mayores.test/moncayo",
           "Residencia Moncayo: plaza concertada desde 1.200 €/mes; plaza privada: habitación "
           "doble 1.700 €/mes, individual 2.300 €/mes. Jardín y visitas libres."),
]
BRISTOL = [
    Result("Clifton Manor Care Home", "https://care.test/clifton",
           "Clifton Manor Care Home: dementia nursing care from £1,295 per week, single rooms "
           "with en-suite. CQC rated Good. Hairdressing and chiropody charged extra."),
    Result("Avonside Nursing Home", "https://care.test/avonside",
           "Avonside Nursing Home: 24-hour nursing care, specialist dementia unit. Fees "
           "£6,200 per month. CQC: Outstanding. Garden and visiting any time."),
    Result("Kingswood Lodge", "https://care.test/kingswood",
           "Kingswood Lodge: weekly fees from £1,050 (residential) to £1,480 (nursing). "
           "Dementia care available. Deposit of 4 weeks' fees."),
    Result("Harbourside Care", "https://care.test/harbour",
           "Harbourside Care: residential care only, £950 a week, no nursing. Pets welcome."),
    Result("Westbury Court", "https://care.test/westbury",
           "Westbury Court: single rooms £1,150, shared rooms £990 per week. Nursing and "
           "dementia care, CQC rated Good. Visiting 10am-8pm."),
    Result("Downend House", "https://care.test/downend",
           "Downend House: council-funded rooms £780 per week; self-funded residents from "
           "£1,450 per week. Nursing and dementia care, large garden."),
]
SEVILLA = [
    Result("Centro de Día Triana", "https://dia.test/triana",
           "Centro de Día Triana: 3 días por semana 340 €/mes con transporte incluido y "
           "comida."),
    Result("Centro de Día Macarena", "https://dia.test/macarena",
           "Centro de Día Macarena: desde 28 €/día, transporte adaptado 4 €/trayecto, terapia "
           "ocupacional."),
    Result("Centro de Día Nervión", "https://dia.test/nervion",
           "Centro de Día Nervión: jornada completa de lunes a viernes 520 €/mes, sin "
           "transporte."),
    Result("Centro de Día Los Remedios", "https://dia.test/remedios",
           "Centro de Día Los Remedios: 3 días/semana 390 € al mes. Transporte puerta a "
           "puerta."),
]

RUNS = {
    "zaragoza": ("residencia de mayores en Zaragoza para mi madre de 84 años, con plaza para "
                 "dependiente grado II, habitación individual, máximo 2.200 € al mes",
                 ZARAGOZA),
    "bristol": ("care home near Bristol for my father with dementia, nursing care, under "
                "£1,400 a week", BRISTOL),
    "sevilla": ("centro de día en Sevilla 3 días por semana, con transporte, menos de 400 € "
                "al mes", SEVILLA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_the_room_and_grade_asked_a_month_in_spanish(runs):
    run, queries = runs["zaragoza"]
    # Los Olivos' single room (not its double's 1.650 €); Casa Ebro's 65 €/día is ~1.978 € a
    # month; San Lamberto's grado II 2.100 € al mes (not its grado I 1.850 €)
    assert _names(run) == ["Residencia Los Olivos", "Casa Ebro Mayores",
                           "Residencia San Lamberto"]
    # Moncayo's single room is 2.300 €: its concertada place and its double are not the
    # room asked
    assert _excluded(run) == {"Residencia Pilar Senior": ["por encima del presupuesto"],
                              "Residencia Moncayo": ["por encima del presupuesto"]}
    assert "| 1 | Residencia Los Olivos | 1.950 €/mes | 1.950 €/mes [1] | 25 € | — |" \
        in run.report
    assert "| 2 | Casa Ebro Mayores | 1.978 €/mes | 65 €/día [2] |" in run.report
    assert "| 3 | Residencia San Lamberto | 2.100 €/mes |" in run.report
    assert "1 precio por día se ha convertido a precio por mes (aproximado)" in run.report
    assert queries[0] == "residencia de mayores en Zaragoza grado 2 precio"


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["zaragoza"]
    assert run.report.startswith("# Residencias y cuidados: Zaragoza · residencia · "
                                 "individual · grado II")
    # the keyless synthesis's near miss is no recommendation of a left-out home
    assert "Residencia Pilar Senior se pasa por poco del presupuesto" in run.report
    assert "la respuesta nombra" not in run.report
    own = _own_words(run.report, ZARAGOZA)
    english = words_of(*REPORT_ENGLISH, "care home", "room", "grade", "deposit",
                       "dementia", "over budget")
    assert not english.search(own), english.findall(own)


def test_a_weekly_budget_in_english_with_the_conversion_said(runs):
    run, queries = runs["bristol"]
    # Westbury's cheapest room (none asked): £990 a week; Avonside's £6,200 a month is
    # ~£1,427 a week, over £1,400; Kingswood's nursing top of £1,480 a week is over it;
    # Downend's council-funded rooms (£780) are no price a family pays: £1,450 is
    assert _names(run) == ["Westbury Court", "Clifton Manor Care Home"]
    assert _excluded(run) == {"Avonside Nursing Home": ["over budget"],
                              "Kingswood Lodge": ["over budget"],
                              "Downend House": ["over budget"],
                              "Harbourside Care": ["no dementia unit stated",
                                                   "no nursing care stated"]}
    assert run.report.startswith("# Care homes and home care: Bristol · care home · "
                                 "dementia unit · nursing care")
    assert "| 1 | Westbury Court | 990 GBP/week |" in run.report
    assert "1 price per month was converted to a price per week (approximate)" in run.report
    assert queries[0] == "care home in Bristol dementia nursing fees"
    own = _own_words(run.report, BRISTOL)
    spanish = words_of(*REPORT_SPANISH, "residencia", "habitación", "fianza", "grado",
                       "mensual")
    assert not spanish.search(own), spanish.findall(own)


def test_a_day_centre_on_the_days_a_week_asked(runs):
    run, _ = runs["sevilla"]
    # Macarena's 28 €/día at 3 days a week is ~365 € a month (rank's days_per_week), not a
    # month of days (~852 €)
    assert _names(run) == ["Centro de Día Triana", "Centro de Día Macarena",
                           "Centro de Día Los Remedios"]
    assert _excluded(run) == {"Centro de Día Nervión": ["por encima del presupuesto",
                                                        "no dice tener transporte"]}
    assert "| 2 | Centro de Día Macarena | 365 €/mes | 28 €/día [2] |" in run.report
    assert "1 precio por día se ha pasado a precio por mes a los días por semana pedidos " \
        "(aproximado)" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## ")[2]), key   # the synthesis


# words of other kinds: lodging, pay, stock, energy and phone tariffs, tickets, schools
OTHER_KINDS = words_of("hotels?", "per night", "por noche", "check-in", "huéspedes", "salary",
                       "salario", "sueldo", "in stock", "shipping", "envío", "tarifa móvil",
                       "permanencia", "standing charge", "tickets?", "entradas", "kWp",
                       "alumnos", "pupils", "rating unknown", "valoración desconocida",
                       ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
