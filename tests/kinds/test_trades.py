"""An outside-author kind: tradespeople for a job at home (examples/trades), written from
the docs alone. A plumber, an electrician or a handyman is compared on the cost of the job
asked: the call-out fee plus the rate for the hours asked (less an hour the call-out
includes, plus the urgency surcharge it states for an urgent job), or a price per socket
times the sockets asked, or the job's fixed price, held to its minimum charge, against the
budget; the report says how each cost was worked out. The requests are typed as the lab
types them, in both languages; three run end to end offline with scout.testing
(module-scoped: one run each), and the reports are checked for their language, their
citations, and for words that do not belong to tradespeople."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    cap,
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
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "trades"
KIND = PROJECT / "pipelines" / "trades.yaml"
TODAY = dt.date(2026, 12, 7)   # a Monday


_money = cap


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    # a trade's licence in Argentina's word and in English's (wt/parse40)
    "cerrajero matriculado en Mendoza para cambiar la cerradura, mañana":
        ("es", {"trade": "locksmith", "place": "Mendoza", "certified": True}),
    "licensed electrician in Leeds to rewire a kitchen":
        ("en", {"trade": "electrician", "place": "Leeds", "certified": True}),
    "fontanero urgente en Madrid centro hoy, que no cobre desplazamiento":
        ("es", {"trade": "plumber", "place": "Madrid", "urgent": True, "no_callout_fee": True,
                "when": "2026-12-07", "budget": None}),
    "electrician in Leeds to fit 6 sockets, under £300, this week":
        ("en", {"trade": "electrician", "place": "Leeds", "items": 6,
                "budget": _money(300, "GBP")}),
    "manitas para montar muebles de IKEA en Sevilla, unas 3 horas, menos de 100 €":
        ("es", {"trade": "handyman", "job": "montar muebles de IKEA", "place": "Sevilla",
                "hours": 10800, "budget": _money(100)}),
    "Necesito un electricista autorizado en Valencia para cambiar el cuadro eléctrico, "
    "presupuesto máximo 250 €":
        ("es", {"trade": "electrician", "job": "cambiar el cuadro eléctrico", "place": "Valencia",
                "certified": True, "budget": _money(250)}),
    "Gas Safe registered plumber in Manchester, boiler valve swap this weekend, 2 hours, "
    "max £200":
        ("en", {"trade": "plumber", "place": "Manchester", "certified": True, "hours": 7200,
                "budget": _money(200, "GBP")}),
    "Hola, necesitamos un cerrajero en Bilbao esta semana para cambiar la cerradura de la "
    "puerta del laboratorio; que sea urgente y sin gastos de desplazamiento, máximo 150 €":
        ("es", {"trade": "locksmith", "job": "cambiar la cerradura de la puerta del laboratorio",
                "place": "Bilbao", "urgent": True, "no_callout_fee": True,
                "budget": _money(150)}),
    "Could you find a certified electrician in Dublin to install 3 ceiling lights next "
    "week? No call-out fee please, under €250.":
        ("en", {"trade": "electrician", "place": "Dublin", "certified": True,
                "no_callout_fee": True, "budget": _money(250)}),
    "handyman in Bristol for about 4 hours on Saturday, budget £180, with a guarantee":
        ("en", {"trade": "handyman", "place": "Bristol", "hours": 14400, "guarantee": True,
                "budget": _money(180, "GBP"), "when": "2026-12-12"}),
    "busco fontanero en Barcelona para cambiar un grifo, con garantía y buenas opiniones, "
    "máximo 80 euros":
        ("es", {"trade": "plumber", "place": "Barcelona", "guarantee": True,
                "budget": _money(80), "min_rating": 7.0}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


@pytest.mark.parametrize("query, start, end", [
    ("electrician in Leeds to fit 6 sockets, under £300, this week", "2026-12-07", "2026-12-13"),
    ("Gas Safe registered plumber in Manchester, boiler valve swap this weekend, 2 hours",
     "2026-12-12", "2026-12-13"),
    ("certified electrician in Dublin to install 3 ceiling lights next week", "2026-12-14",
     "2026-12-20"),
    ("cerrajero en Bilbao esta semana para cambiar la cerradura", "2026-12-07", "2026-12-13"),
])
def test_when_the_job_is_needed(query, start, end):
    when = parse_request(KIND, query, TODAY).values["when"]
    assert (when.start.isoformat(), when.end.isoformat()) == (start, end)


def test_a_certification_said_twice_is_no_job():
    """"Gas Safe registered", "certificado y autorizado": both words are the flag's, so
    the job is what is to be done, never "registered" or "autorizado"."""
    en = parse_request(KIND, "Gas Safe registered plumber in Leeds to replace a radiator valve",
                       TODAY)
    es = parse_request(KIND, "fontanero certificado y autorizado en Málaga para cambiar el termo",
                       TODAY)
    assert en.values["certified"] and es.values["certified"]
    assert "registered" not in en.values["job"] and es.values["job"] == "cambiar el termo"


SEVILLA = [
    Result("Manitas Triana", "https://trades.test/triana",
           "Montaje de muebles a domicilio en Sevilla: salida 15 € + 25 €/hora. Presupuesto "
           "gratis. Valoración 9,2/10."),
    Result("Reparaciones Nervión", "https://trades.test/nervion",
           "Montaje de muebles de IKEA a partir de 60 € (hasta 3 horas), desplazamiento "
           "incluido. Opiniones 8,8/10."),
    Result("ServiHogar Sevilla", "https://trades.test/servihogar",
           "Manitas a domicilio: 30 €/hora, precios sin IVA, mínimo 1 hora. Valoración 8,5/10."),
    Result("Chapuzas Macarena", "https://trades.test/macarena",
           "Desplazamiento 20 €, 35 € la hora. Garantía de 6 meses. 9,0/10."),
    Result("Montajes Exprés Sur", "https://trades.test/expres",
           "Montaje de muebles: 20 €/hora, urgencias +50 %. Valoración 6,1/10."),
]
LEEDS = [
    Result("Sparks Leeds", "https://trades.test/sparks",
           "NICEIC approved electrician in Leeds. Fit a double socket: £65 per socket. "
           "Free quote. Rated 4.8/5."),
    Result("Headingley Electrical", "https://trades.test/headingley",
           "Headingley Electrical: £60 call-out includes the first hour, then £45/hour. "
           "Evening call-outs double rate. 4.6/5."),
    Result("Leeds Socket Co", "https://trades.test/leedssocket",
           "Extra sockets from £40 per socket, plus VAT. Available this week. 4.7/5."),
    Result("Kirkstall Electrics", "https://trades.test/kirkstall",
           "Socket installation £35 per socket, VAT included. Fully booked 1-31 December. "
           "4.9/5."),
]
MADRID = [
    Result("Fontaneros Sol 24h", "https://trades.test/sol24h",
           "Fontanero urgente en Madrid 24h, sin desplazamiento. 40 €/hora, urgencias +50 %. "
           "9,1/10."),
    Result("Aguas Chamberí", "https://trades.test/chamberi",
           "Salida 30 € + 35 €/hora. Atendemos hoy. 8,9/10."),
    Result("Fontanería Lavapiés", "https://trades.test/lavapies",
           "Desatascos desde 79 €, IVA incluido, desplazamiento gratis. Servicio el mismo "
           "día. 8,7/10."),
    Result("Instalaciones Retiro", "https://trades.test/retiro",
           "Instalación de termo eléctrico desde 120 € + IVA. Presupuesto sin compromiso. "
           "Cerrado por vacaciones del 1 al 31 de diciembre. 9,3/10."),
    Result("Tuberías Malasaña", "https://trades.test/malasana",
           "Reparación de fugas: entre 60 y 90 €, mano de obra incluida. Gastos de "
           "desplazamiento 25 €. 8,2/10."),
]

RUNS = {
    "sevilla": ("manitas para montar muebles de IKEA en Sevilla, unas 3 horas, menos de 100 €",
                SEVILLA),
    "leeds": ("electrician in Leeds to fit 6 sockets, under £300, this week", LEEDS),
    "madrid": ("fontanero urgente en Madrid centro hoy, que no cobre desplazamiento", MADRID),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_the_call_out_fee_is_added_to_the_hours_asked(runs):
    run, queries = runs["sevilla"]
    # Nervión's fixed 60 €; Triana 15 € + 3 h × 25 € = 90 €; ServiHogar's 30 €/hora "sin
    # IVA" is 36,30 € with the 21 % the request, saying no basis, pays: 3 h is ~109 €, over
    # (money20: it was compared as 90 €); Macarena 20 € + 3 h × 35 € = 125 €, over; Exprés
    # rated 6,1
    assert _names(run) == ["Reparaciones Nervión", "Manitas Triana"]
    assert _excluded(run) == {
        "ServiHogar Sevilla": ["el trabajo cuesta 109 €, más que el presupuesto"],
        "Chapuzas Macarena": ["el trabajo cuesta 125 €, más que el presupuesto"],
        "Montajes Exprés Sur": ["valoración por debajo del mínimo"]}
    assert "| Manitas Triana | 75 € en total (25 €/hora según la fuente)  [2] | 90 € | " \
           "3 h × 25 €/h, más 15 € de desplazamiento |" in run.report
    assert "109 € en total impuestos incluidos, 30 €/hora sin impuestos según la fuente" \
        in run.report
    assert queries[0] == "manitas montar muebles de IKEA en Sevilla precios"


def test_the_call_out_fee_is_never_the_price(runs):
    """"salida 15 € + 25 €/hora", "Desplazamiento 20 €, 35 € la hora": the rate is the
    price, the fee is added by the kind, never compared as the whole job."""
    run, _ = runs["sevilla"]
    prices = {i["candidate"]["name"]: i["candidate"]["price"]["amount"]
              for i in run.artifact("shortlist")["items"]}
    assert prices["Manitas Triana"] == 25
    excluded = {c["name"]: c["price"]["amount"] for c, _ in run.artifact("shortlist")["excluded"]}
    assert excluded["Chapuzas Macarena"] == 35


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["sevilla"]
    assert run.report.startswith("# Profesionales: manitas · montar muebles de IKEA · Sevilla")
    own = _own_words(run.report, SEVILLA)
    english = words_of(*REPORT_ENGLISH, "handyman", "tradesperson", "call-out", "the job",
                       "worked out", "per hour", "VAT")
    assert not english.search(own), english.findall(own)


def test_the_cost_per_socket_times_the_sockets_asked_in_english(runs):
    run, queries = runs["leeds"]
    # Leeds Socket Co £40 + VAT × 6 = £288 (the VAT added, as a price said before it is
    # against a budget saying no basis: what is paid); Sparks £65 × 6 = £390, over;
    # Kirkstall booked up this week; Headingley's rate has no hours asked: kept, unworked
    assert _names(run) == ["Leeds Socket Co", "Headingley Electrical"]
    assert _excluded(run) == {
        "Sparks Leeds": ["the job costs 390 GBP, over the budget"],
        "Kirkstall Electrics": ["not available on the dates asked"]}
    assert "| 288 GBP | 6 × 48 GBP, VAT added, as its page states it before VAT |" in run.report
    assert "| not worked out | a rate per hour, and no hours asked |" in run.report
    assert run.report.startswith("# Tradespeople: electrician · ")
    assert queries[0].startswith("electrician ") and queries[0].endswith(" in Leeds prices")
    own = _own_words(run.report, LEEDS)
    spanish = words_of(*REPORT_SPANISH, "electricista", "profesional", "desplazamiento",
                       "trabajo", "hora")
    assert not spanish.search(own), spanish.findall(own)


def test_an_urgent_job_without_a_call_out_fee_today(runs):
    run, _ = runs["madrid"]
    # Chamberí's "Salida 30 €" and Malasaña's "Gastos de desplazamiento 25 €" are call-out
    # fees the request rules out; Retiro is closed all December
    assert _names(run) == ["Fontanería Lavapiés", "Fontaneros Sol 24h"]
    assert _excluded(run) == {
        "Aguas Chamberí": ["cobra desplazamiento"],
        "Tuberías Malasaña": ["cobra desplazamiento"],
        "Instalaciones Retiro": ["sin disponibilidad en las fechas pedidas"]}
    assert run.report.startswith("# Profesionales: fontanero · Madrid · urgente")
    assert "| Fontaneros Sol 24h | 40 €/hora  [2] | sin calcular | tarifa por hora, sin " \
           "horas pedidas |" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, pay, stock, tickets, people priced per head
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "tickets?", "entradas", "per person", "por persona",
                       "/person", "/persona", "tarifa de luz", "kWh", "rating unknown",
                       "valoración desconocida", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
