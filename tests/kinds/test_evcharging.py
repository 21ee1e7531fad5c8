"""An outside-author kind: public EV charging points (examples/evcharging), written from
the docs alone. A charger is compared on what the energy asked costs at its tariff: the
kWh asked times its rate per kWh, or the minutes that energy takes at its power times its
rate per minute, plus a fee per session; against a cap per kWh or a budget for the charge.
A pre-authorisation hold, an idle fee and a membership's fee a month are no price. Then
the connector, the power, rapid or ultra-rapid, open 24 hours, payment and no
subscription. The requests are typed as the lab types them, in both languages; three run
end to end offline with scout.testing (module-scoped: one run each), and the reports are
checked for their language, their citations, and for words of other kinds."""

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

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "evcharging"
KIND = PROJECT / "pipelines" / "evcharging.yaml"
TODAY = dt.date(2026, 12, 7)


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "cargar el coche eléctrico en Zaragoza, cargador rápido de al menos 50 kW, menos de "
    "0,45 €/kWh":
        ("es", {"place": "Zaragoza", "min_power": 50.0, "speed": "rapid",
                "budget": cap(0.45, "EUR", "kWh"), "energy": None}),
    "EV charging near Leeds station, CCS, cheapest for 40 kWh":
        ("en", {"place": "Leeds", "connector": "CCS", "energy": 40.0, "budget": None}),
    "punto de recarga en Guadalajara (México) para un Nissan Leaf, CHAdeMO, abierto 24 h":
        ("es", {"place": "Guadalajara", "connector": "CHAdeMO", "open_24h": True}),
    "cargar en ruta Madrid-Valencia, ultrarrápido, sin suscripción":
        ("es", {"speed": "ultrarapid", "subscription": False, "budget": None}),
    "where can I charge a Tesla in Porto tonight for under 15 EUR":
        ("en", {"place": "Porto", "connector": "Tesla", "budget": cap(15.0, "EUR")}),
    "rapid charger in Leeds under 59p/kWh, contactless":
        ("en", {"place": "Leeds", "speed": "rapid", "budget": cap(0.59, "GBP", "kWh"),
                "payment": "contactless"}),
    "punto de recarga en Sevilla, tipo 2, pago con tarjeta, kWh por debajo de 40 céntimos":
        ("es", {"place": "Sevilla", "connector": "Type 2", "payment": "contactless",
                "budget": cap(0.4, "EUR", "kWh")}),
    "Busco electrolinera en Valencia con CCS de 150 kW o más, que no pase de 0,50 €/kWh":
        ("es", {"place": "Valencia", "connector": "CCS", "min_power": 150.0,
                "budget": cap(0.5, "EUR", "kWh")}),
    "Task: find public EV chargers. Location: Lisbon. Connector: CCS. Energy: 45 kWh. "
    "Budget: 20 EUR.":
        ("en", {"place": "Lisbon", "connector": "CCS", "energy": 45.0,
                "budget": cap(20.0, "EUR")}),
    "charge 30kWh in Manchester for less than £12, CCS2, 24/7":
        ("en", {"place": "Manchester", "energy": 30.0, "connector": "CCS",
                "budget": cap(12.0, "GBP"), "open_24h": True}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


# as the networks' pages write their terms: per kWh ("0,49 €/kWh", "79p/kWh", "desde"),
# per minute ("£0.60/min"), a fee per session ("1 € por recarga", "£1 connection fee"), a
# membership ("suscripción 9,99 €/mes", "for subscribers (£7.85 a month)", "free for
# members"), time-of-day rates ("Valle 0,39 €/kWh de 0 a 8 h"), VAT included, an idle fee
# ("£0.10/min after 30 min"), a pre-authorisation hold ("Retención de 50 €": no price)
ZARAGOZA = [
    Result("Iberdrola Zaragoza Plaza", "https://ev.test/iberdrola-plaza",
           "Iberdrola Zaragoza Plaza: 4 cargadores rápidos de 50 kW, CCS2 y CHAdeMO. 0,49 €/kWh "
           "IVA incluido; con el Plan Smart Mobility (suscripción 9,99 €/mes) 0,35 €/kWh. "
           "Abierto 24 h. Pago con app o tarjeta sin contacto."),
    Result("Zunder Puerto Venecia", "https://ev.test/zunder-venecia",
           "Zunder Puerto Venecia: 8 cargadores ultrarrápidos de 180 kW, CCS. Valle 0,39 €/kWh "
           "de 0 a 8 h, 0,55 €/kWh el resto del día. Retención de 50 € al iniciar la carga, "
           "que se devuelve."),
    Result("Endesa X Way Delicias", "https://ev.test/endesa-delicias",
           "Endesa X Way Delicias: cargador de 50 kW CCS2 y Tipo 2, 0,44 €/kWh + 1 € por "
           "recarga. Pago con app."),
    Result("Wenea Zaragoza Norte", "https://ev.test/wenea-norte",
           "Wenea Zaragoza Norte: 60 kW, desde 0,42 €/kWh. A partir del minuto 45, 0,09 €/min. "
           "CCS2."),
    Result("Punto municipal Plaza del Pilar", "https://ev.test/pilar",
           "Punto municipal Plaza del Pilar: punto de recarga de 22 kW, Tipo 2, 0,30 €/kWh."),
]
LEEDS = [
    Result("Leeds Station Rapid Hub", "https://ev.test/leeds-station",
           "Leeds Station Rapid Hub: 2 x 50 kW CCS chargers, 79p/kWh, contactless."),
    Result("Osprey Wellington Place", "https://ev.test/osprey-wellington",
           "Osprey Wellington Place: 150 kW CCS. 74p/kWh, contactless, no app needed. Idle fee "
           "£0.10/min after 30 min. A £30 pre-authorisation hold is taken on your card."),
    Result("BP Pulse Kirkstall", "https://ev.test/bppulse-kirkstall",
           "BP Pulse Kirkstall: 150 kW CCS. 69p/kWh for subscribers (£7.85 a month), 87p/kWh "
           "pay as you go."),
    Result("Pod Point Leeds Dock", "https://ev.test/podpoint-dock",
           "Pod Point Leeds Dock: 7 kW Type 2 posts, 28p/kWh, free for members."),
    Result("GeniePoint Holbeck", "https://ev.test/genie-holbeck",
           "GeniePoint Holbeck: 50 kW CCS and CHAdeMO, £0.60/min, plus a £1 connection fee."),
]

RUNS = {
    "zaragoza": ("cargar el coche eléctrico en Zaragoza, cargador rápido de al menos 50 kW, "
                 "menos de 0,45 €/kWh", ZARAGOZA),
    "leeds": ("EV charging near Leeds station, CCS, cheapest for 40 kWh", LEEDS),
    "zaragoza40": ("cargar 40 kWh en Zaragoza, CCS, por menos de 20 €", ZARAGOZA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_a_cap_per_kwh_checks_the_rate_anyone_pays(runs):
    run, queries = runs["zaragoza"]
    # Iberdrola's 0,35 €/kWh is its members'; anyone pays 0,49 €/kWh. Zunder's off-peak
    # 0,39 €/kWh holds from 0 to 8 h only (never "8 €/kWh"), the rest of the day 0,55 €/kWh
    assert _names(run) == ["Wenea Zaragoza Norte", "Endesa X Way Delicias"]
    assert _excluded(run) == {
        "Iberdrola Zaragoza Plaza": ["cobra 0,49 €/kWh, por encima de la tarifa pedida"],
        "Zunder Puerto Venecia": ["cobra 0,55 €/kWh, por encima de la tarifa pedida"],
        "Punto municipal Plaza del Pilar": ["menos potencia de la pedida",
                                            "no es un cargador rápido"]}
    assert queries[0] == "puntos de recarga en Zaragoza 50 kW rápido precio kWh"


def test_a_hold_a_session_fee_or_a_plan_is_never_the_price_stated(runs):
    """The price each source states is its rate per kWh: never the 50 € held on the card,
    the 1 € per session nor the 9,99 € a month of a membership."""
    for key in ("zaragoza", "zaragoza40"):
        run, _ = runs[key]
        for wrong in ("50 € según la fuente", "(1 € según la fuente", "9,99 €/mes según",
                      "0,39 €/kWh según"):   # the off-peak rate: anyone pays 0,55 by day
            assert wrong not in run.report, (key, wrong)
    run, _ = runs["zaragoza40"]
    assert "| 2 | Endesa X Way Delicias | 18,60 € (0,44 €/kWh según la fuente) [2] ≤ 20 € |" \
        in run.report


def test_the_cost_of_the_energy_asked_is_worked_out_in_spanish(runs):
    run, _ = runs["zaragoza40"]
    # 40 × 0,42 = 16,80; 40 × 0,44 + 1 = 18,60; 40 × 0,49 = 19,60; Zunder 40 × 0,55 = 22
    assert _names(run) == ["Wenea Zaragoza Norte", "Endesa X Way Delicias",
                           "Iberdrola Zaragoza Plaza"]
    assert _excluded(run) == {
        "Zunder Puerto Venecia": ["cuesta 22 € por los 40 kWh pedidos, por encima del "
                                  "presupuesto"],
        "Punto municipal Plaza del Pilar": ["no indica conector CCS"]}
    assert "## Lo que cuesta la energía pedida" in run.report
    assert "| 2 | Endesa X Way Delicias | 0,44 €/kWh | 1 € | 18,60 € | 40 kWh × 0,44 €/kWh " \
           "+ una tarifa por recarga de 1 € |" in run.report


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("zaragoza", "zaragoza40"):
        run, _ = runs[key]
        assert run.report.startswith("# Puntos de recarga: Zaragoza"), key
        own = _own_words(run.report, ZARAGOZA)
        english = words_of(*REPORT_ENGLISH, "charger", "session fee", "rate", "worked out",
                           "connector", "subscription", "power")
        assert not english.search(own), (key, english.findall(own))


def test_pence_per_minute_and_fees_in_english(runs):
    run, _ = runs["leeds"]
    # Osprey 40 × 0.74 = 29.60 (its idle fee and hold are no price); GeniePoint 40 kWh at
    # 50 kW is 48 min × 0.60 + 1 = 29.80; Leeds Station 40 × 0.79 = 31.60; BP Pulse's
    # pay-as-you-go 87p: 34.80; Pod Point has no CCS
    assert _names(run) == ["Osprey Wellington Place", "GeniePoint Holbeck",
                           "Leeds Station Rapid Hub", "BP Pulse Kirkstall"]
    assert _excluded(run) == {"Pod Point Leeds Dock": ["no CCS connector stated"]}
    assert run.report.startswith("# EV charging points: Leeds · CCS · 40 kWh")
    for row in ["| 1 | Osprey Wellington Place | 0.74 GBP/kWh | — | 29.60 GBP | 40 kWh × "
                "0.74 GBP/kWh |",
                "| 2 | GeniePoint Holbeck | 0.60 GBP/minute | 1 GBP | 29.80 GBP | 40 kWh at 50 "
                "kW is 48 min × 0.60 GBP/minute + a session fee of 1 GBP |",
                "| 4 | BP Pulse Kirkstall | 0.87 GBP/kWh | — | 34.80 GBP |"]:
        assert row in run.report, row
    assert "Osprey Wellington Place is the cheapest option that fits your request: 29.60 GBP" \
        in run.report
    assert "30 GBP" not in run.report.split("## Evidence")[0]   # the hold
    own = _own_words(run.report, LEEDS)
    spanish = words_of(*REPORT_SPANISH, "cargador", "tarifa", "conector", "suscripción",
                       "recarga", "potencia")
    assert not spanish.search(own), spanish.findall(own)


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## Síntesis")[-1].split(
            "## Synthesis")[-1]), key


# words of other kinds: lodging, pay, stock, home energy tariffs, tickets
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "permanencia", "standing charge", "término de "
                       "potencia", "tickets?", "entradas", "rating unknown",
                       "valoración desconocida", "installer", "instalador", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
