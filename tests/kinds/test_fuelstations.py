"""An outside-author kind: fuel stops on a route (examples/fuelstations), written from the
docs alone. A station is compared on the price per litre of the fuel asked, read from its
table of fuels ("Gasóleo A 1,459 €/l · Sin plomo 95 1,589 €/l", "Diesel 142.9p/litre"),
priced to three decimals as pumps price it; against a cap per litre ("por debajo de 1,45
€/l", "under 140p a litre", "1.200 pesos el litro") or the cost of the litres asked ("50
litros, máximo 72 €"). A discount with a station's app or card is taken off only when the
request says the asker has it, and only at that brand's stations; the day a page's prices
are from is said, and one older than a day flagged. The requests are typed as the lab
types them, in both languages; three run end to end offline with scout.testing
(module-scoped: one run each), and the reports are checked for their language, their
citations, and for words of other kinds."""

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

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "fuelstations"
KIND = PROJECT / "pipelines" / "fuelstations.yaml"
TODAY = dt.date(2026, 12, 7)


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "gasolinera más barata de diésel en Zaragoza, por debajo de 1,45 €/l":
        ("es", {"place": "Zaragoza", "fuel": "diesel", "budget": cap(1.45, "EUR", "l")}),
    "cheapest petrol near Leeds tonight, E10, under 140p a litre":
        ("en", {"place": "Leeds", "fuel": "petrol", "budget": cap(1.4, "GBP", "l")}),
    "gasolineras abiertas 24 h en la A-2 entre Madrid y Guadalajara con GLP":
        ("es", {"place": "Madrid", "destination": "Guadalajara", "fuel": "lpg",
                "open_24h": True, "road": "A-2", "budget": None}),
    "nafta súper en Mendoza, menos de 1.200 pesos el litro, que acepte tarjeta":
        ("es", {"place": "Mendoza", "fuel": "petrol", "budget": cap(1200.0, "ARS", "l"),
                "card": True}),
    "gasóleo en Zaragoza, 50 litros, máximo 72 €, tengo la app de Repsol":
        ("es", {"place": "Zaragoza", "fuel": "diesel", "litres": 50.0, "brand": "Repsol",
                "budget": cap(72.0, "EUR"), "destination": None}),
    "cheapest diesel in Leeds, I have a Tesco Clubcard, under £1.459 per litre":
        ("en", {"place": "Leeds", "fuel": "diesel", "discount": True, "brand": "Tesco",
                "budget": cap(1.459, "GBP", "l"), "destination": None}),
    "diésel en Burgos, el litro por debajo de 1,399 €":
        ("es", {"place": "Burgos", "fuel": "diesel", "budget": cap(1.399, "EUR", "l")}),
    "regular gas in Denver under $3.50/gal, pay at pump with card":
        ("en", {"place": "Denver", "fuel": "petrol", "budget": cap(3.5, "USD", "gal")}),
    "Task: find a fuel stop. Location: York. Fuel: diesel. Litres: 40. Budget: 60 GBP.":
        ("en", {"place": "York", "fuel": "diesel", "litres": 40.0, "budget": cap(60.0, "GBP")}),
    "repostar gasolina 98 en la AP-7 cerca de Tarragona, precio del litro hasta 1,65 euros":
        ("es", {"place": "Tarragona", "fuel": "super", "road": "AP-7",
                "budget": cap(1.65, "EUR", "l")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


# as stations and price sites write them: a table per fuel ("Gasóleo A 1,479 €/l, Gasóleo
# A+ 1,559 €/l"), three decimals, "desde" / "a partir de", IVA incluido, a discount with the
# app ("-5 cts/l con la app"), a percentage with a card ("Descuento 3 % pagando con tarjeta
# Cepsa"), opening hours ("24 h", "L-S 7:00-22:00"), the road and kilometre, services, the
# day the prices are from ("Precio actualizado el 2 de diciembre")
ZARAGOZA = [
    Result("Plenoil Cogullada", "https://fuel.test/plenoil-cogullada",
           "Plenoil Cogullada (Zaragoza), autoservicio 24 h. Precios de hoy, IVA incluido: "
           "Gasóleo A 1,389 €/l · Sin plomo 95 1,489 €/l. Pago con tarjeta en el surtidor."),
    Result("Repsol Avenida de Navarra", "https://fuel.test/repsol-navarra",
           "Repsol Av. de Navarra, N-232 km 2: Gasóleo A 1,479 €/l, Gasóleo A+ 1,559 €/l, "
           "Sin plomo 95 1,579 €/l, Sin plomo 98 1,699 €/l. -5 cts/l con la app Waylet. "
           "Horario L-S 7:00-22:00. Lavado, tienda, aire. Atendida."),
    Result("Ballenoil Los Enlaces", "https://fuel.test/ballenoil-enlaces",
           "Ballenoil Los Enlaces: diésel desde 1,409 €/l, gasolina 95 a partir de 1,499 €/l. "
           "Abierta 24 horas. Precio actualizado el 2 de diciembre de 2026."),
    Result("Cepsa Vía Hispanidad", "https://fuel.test/cepsa-hispanidad",
           "Cepsa Vía Hispanidad: Gasóleo A 1,519 €/l, GLP 0,899 €/l, AdBlue 0,95 €/l. "
           "Descuento 3 % pagando con tarjeta Cepsa. Tienda y lavado."),
    # a range, self-service to attended: priced from its low end, both ends shown
    Result("Galp Miralbueno", "https://fuel.test/galp-miralbueno",
           "Galp Miralbueno, A-2 km 312: Gasóleo A 1,419-1,439 €/l según autoservicio o "
           "atendido. Sin plomo 95 1,529 €/l. Abierta de 6:00 a 23:00, tienda y aire."),
]
# as UK forecourts and price sites write them: pence a litre ("135.9p/litre"), pounds to
# three decimals ("£1.399 per litre"), "from", a loyalty card's pence off, hours, services
LEEDS = [
    Result("Tesco Seacroft Extra", "https://fuel.test/tesco-seacroft",
           "Tesco Seacroft Extra petrol station, Leeds LS14. Unleaded (E10) 135.9p/litre, "
           "Super unleaded (E5) 149.9p/litre, Diesel 142.9p/litre. Open 24 hours. Clubcard: "
           "10p a litre off. Prices updated 6 December 2026."),
    Result("Asda Killingbeck", "https://fuel.test/asda-killingbeck",
           "Asda Killingbeck: Unleaded £1.329 per litre, Diesel £1.449 per litre. Pay at pump, "
           "contactless. Open 6am-11pm. Car wash, air and water."),
    Result("BP Kirkstall", "https://fuel.test/bp-kirkstall",
           "BP Kirkstall: unleaded from 141.9p a litre, diesel 148.9p a litre. Last updated "
           "1 December 2026."),
    Result("Esso Harehills", "https://fuel.test/esso-harehills",
           "Esso Harehills: Diesel 146.9p/litre, Unleaded 139.9p/litre, Synergy Supreme+ "
           "156.9p/litre. Open 7am to 10pm, shop and air."),
    # a board that writes no unit: never compared with a cap per litre as a whole price
    Result("Morrisons Roundhay", "https://fuel.test/morrisons-roundhay",
           "Morrisons Roundhay: today's prices diesel £1.42, unleaded £1.31. Kiosk open 24 "
           "hours, jet wash."),
]

RUNS = {
    "zaragoza": ("gasolinera más barata de diésel en Zaragoza, por debajo de 1,45 €/l",
                 ZARAGOZA),
    "zaragoza50": ("gasóleo en Zaragoza, 50 litros, máximo 72 €, tengo la app de Repsol",
                   ZARAGOZA),
    "leeds": ("cheapest diesel in Leeds, I have a Tesco Clubcard, under £1.459 per litre",
              LEEDS),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_a_cap_per_litre_checks_the_fuel_asked_to_three_decimals(runs):
    run, queries = runs["zaragoza"]
    # the diesel of each table, never its petrol or its premium diesel; "1,389 €/l" is a
    # euro and 389 thousandths (never 1.389 €), written as the pump writes it
    assert _names(run) == ["Plenoil Cogullada", "Ballenoil Los Enlaces", "Galp Miralbueno"]
    assert "| 3 | Galp Miralbueno | 1,419-1,439 €/l [" in run.report
    assert _excluded(run) == {"Repsol Avenida de Navarra": ["por encima del presupuesto"],
                              "Cepsa Vía Hispanidad": ["por encima del presupuesto"]}
    assert "| 1 | Plenoil Cogullada | 1,389 €/l [1] ≤ 1,45 €/l |" in run.report
    assert "1.389" not in run.report and "1,39 €" not in run.report
    assert queries[0] == "gasolineras en Zaragoza gasóleo precio por litro"
    # no app said: Repsol's 5 céntimos off with its app are not taken
    assert "No se descuenta lo que rebaja la app" in run.report
    assert "(1,479 €/l [" in run.report


def test_a_price_older_than_a_day_is_said(runs):
    run, _ = runs["zaragoza"]
    assert "| 2 de diciembre de 2026 (de hace más de un día: los precios pueden haber " \
           "cambiado) |" in run.report
    run, _ = runs["leeds"]
    assert "| December 6, 2026 |" in run.report          # yesterday's: no older than a day


def test_the_litres_asked_and_the_app_the_asker_has(runs):
    run, _ = runs["zaragoza50"]
    # 50 × 1,389 = 69,45; 50 × 1,409 = 70,45; Galp from 50 × 1,419 = 70,95; Repsol 50 ×
    # (1,479 - 0,05) = 71,45 with the app asked; Cepsa's 3 % is its own card's, not
    # Repsol's: 50 × 1,519 = 75,95
    assert _names(run) == ["Plenoil Cogullada", "Ballenoil Los Enlaces", "Galp Miralbueno",
                           "Repsol Avenida de Navarra"]
    assert _excluded(run) == {"Cepsa Vía Hispanidad": ["por encima del presupuesto"]}
    assert "| 1 | Plenoil Cogullada | 69,45 € en total (1,389 €/l según la fuente) [1] ≤ 72 € |" \
        in run.report
    assert "| 4 | Repsol Avenida de Navarra | 1,479 €/l | 71,45 € | el precio del gasóleo, " \
           "menos 0,05 €/l con la app o la tarjeta, por los 50 litros pedidos |" in run.report
    assert run.report.startswith("# Gasolineras: Zaragoza · gasóleo")


def test_pence_a_litre_and_a_loyalty_card_in_english(runs):
    run, queries = runs["leeds"]
    # Tesco 142.9p less 10p with the Clubcard asked = 1.329; Asda £1.449; Esso 146.9p and
    # BP 148.9p are over 1.459; Morrisons' "£1.42" states no litre: kept, unchecked, and
    # said so (never "price per None")
    assert _names(run) == ["Tesco Seacroft Extra", "Asda Killingbeck", "Morrisons Roundhay"]
    assert "- **Morrisons Roundhay**: price states no unit, so it cannot be compared with a " \
           "budget per l" in run.report
    assert "None" not in run.report
    assert _excluded(run) == {"BP Kirkstall": ["over budget"],
                              "Esso Harehills": ["over budget"]}
    assert "| 1 | Tesco Seacroft Extra | 1.429 GBP/l | 1.329 GBP/l | the price of diesel, less " \
           "0.10 GBP/l with the app or card |" in run.report
    assert "| 2 | Asda Killingbeck | 1.449 GBP/l [2] ≤ 1.459 GBP/l |" in run.report
    assert queries[0] == "fuel stations in Leeds diesel price per litre"
    assert run.report.startswith("# Fuel stations: Leeds · diesel")
    own = _own_words(run.report, LEEDS)
    spanish = words_of(*REPORT_SPANISH, "gasolinera", "litros?", "combustible", "descuento",
                       "tarjeta")
    assert not spanish.search(own), spanish.findall(own)


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("zaragoza", "zaragoza50"):
        run, _ = runs[key]
        own = _own_words(run.report, ZARAGOZA)
        english = words_of(*REPORT_ENGLISH, "litres?", "fuel", "discount", "worked out",
                           "older", "station")
        assert not english.search(own), (key, english.findall(own))


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## Síntesis")[-1].split(
            "## Synthesis")[-1]), key


# words of other kinds: lodging, pay, stock, EV charging, energy tariffs, tickets
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "kWh", "charger", "cargador", "permanencia",
                       "standing charge", "tickets?", "entradas", "rating unknown",
                       "valoración desconocida", "installer", "instalador", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
