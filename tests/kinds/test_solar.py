"""An outside-author kind: solar panel installers (examples/solar), written from the docs
alone. An installer is compared by what the size asked would cost at its price per Wp
(stated, "1,30 €/Wp", or its pack's price over the pack's kWp, "2,4 kWp desde 4.290 €")
against a budget for the whole installation or a cap per Wp; then battery, financing,
warranty, help with subsidies, certification and how soon it installs. The requests are
typed as the lab types them, in both languages; three run end to end offline with
scout.testing (module-scoped: one run each), and the reports are checked for their
language, their citations, and for words that do not belong to solar installers."""

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

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "solar"
KIND = PROJECT / "pipelines" / "solar.yaml"
TODAY = dt.date(2026, 12, 6)


def _money(amount: float, currency: str = "EUR", per: str | None = None) -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": per}


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "instalación de 4 kWp en Zaragoza, menos de 6.000 € IVA incluido, con batería y "
    "garantía de 25 años":
        ("es", {"location": "Zaragoza", "size_kwp": 4.0, "battery": True,
                "min_warranty_years": 25, "max_price_per_wp": None}),
    "placas solares para un tejado en Getafe, 10 paneles de 450 W, hasta 1,3 €/Wp":
        ("es", {"location": "Getafe", "panels": 10, "panel_watts": 450.0, "budget": None,
                "size_kwp": None}),
    "autoconsumo en Valencia para un consumo de 350 kWh al mes, con financiación y ayuda "
    "con subvenciones Next Generation":
        ("es", {"location": "Valencia", "consumption": 350.0, "financing": True,
                "subsidies": True, "battery_kwh": None}),
    "busco instalador autorizado de placas solares en Sevilla, 3 kWp, instalación en "
    "menos de 4 semanas":
        ("es", {"location": "Sevilla", "size_kwp": 3.0, "certified": True, "max_weeks": 4}),
    "MCS certified installer in Bristol for a 5 kW system, under £7,000 installed":
        ("en", {"location": "Bristol", "size_kwp": 5.0, "certified": True,
                "budget": {"amount": 7000.0, "currency": "GBP", "comparator": "<=",
                           "per": None}}),
    "solar panels for a south-facing roof in Bristol, a 10 kWh battery, SEG tariff help":
        ("en", {"location": "Bristol", "battery_kwh": 10.0, "subsidies": True,
                "consumption": None}),
    "a 4 kWp system in Leeds under £1.40 per watt, installed within 6 weeks, 25 year "
    "warranty":
        ("en", {"location": "Leeds", "size_kwp": 4.0, "min_warranty_years": 25,
                "max_weeks": 6, "budget": None}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


def test_a_cap_per_wp_is_the_cap_not_the_budget():
    """"hasta 1,3 €/Wp" and "under £1.40 per watt" are the cap per Wp, never a budget of
    1,30 € for the whole installation."""
    es = parse_request(KIND, "10 paneles de 450 W en Getafe, hasta 1,3 €/Wp", TODAY)
    en = parse_request(KIND, "a 4 kWp system in Leeds under £1.40 per watt", TODAY)
    assert es.values["max_price_per_wp"].amount == 1.3
    assert en.values["max_price_per_wp"].amount == 1.4
    assert es.values["budget"] is None and en.values["budget"] is None


ZARAGOZA = [
    Result("SolarAragón Autoconsumo", "https://solar.test/solararagon",
           "SolarAragón: pack 10 paneles 4 kWp con batería de 5 kWh desde 5.600 € IVA "
           "incluido. Garantía de 25 años. Tramitamos subvenciones."),
    Result("Ebro Fotovoltaica", "https://solar.test/ebrofv",
           "Ebro Fotovoltaica: 1,20 €/Wp IVA incluido, batería opcional, garantía de 25 "
           "años, instalación en 3 semanas."),
    Result("Sol del Moncayo", "https://solar.test/moncayo",
           "Sol del Moncayo: pack 6 paneles 2,4 kWp desde 4.290 € IVA incluido, con "
           "batería, garantía de 25 años."),
    Result("Placas Pilar", "https://solar.test/pilar",
           "Placas Pilar: instalación 4 kWp por 4.900 € IVA incluido, garantía de 10 años, "
           "sin batería."),
    Result("Cierzo Energía", "https://solar.test/cierzo",
           "Cierzo Energía: 1,10 €/Wp IVA incluido, garantía de 25 años. Paneles "
           "monocristalinos."),
]
BRISTOL = [
    Result("Severn Solar", "https://solar.test/severn",
           "Severn Solar: MCS certified installer. A 4 kW system from £5,600 installed, "
           "25 year warranty, finance available."),
    Result("Avon Sun Co", "https://solar.test/avon",
           "Avon Sun Co: MCS certified, £1.60 per watt installed, 20 year warranty."),
    Result("Clifton Renewables", "https://solar.test/clifton",
           "Clifton Renewables: MCS certified. 5 kW system with battery from £9,500."),
    Result("Budget Panels UK", "https://solar.test/budgetpanels",
           "Budget Panels UK: 5 kW systems from £5,200 installed, 10 year warranty."),
]
VALENCIA = [
    Result("Turia Solar", "https://solar.test/turia",
           "Turia Solar: pack 3 kWp desde 3.900 €, financiación a 60 meses, gestionamos "
           "las subvenciones Next Generation."),
    Result("Levante FV", "https://solar.test/levante",
           "Levante FV: 1,45 €/Wp, pago a plazos, ayudas y subvenciones incluidas en el "
           "trámite."),
    Result("Albufera Energía", "https://solar.test/albufera",
           "Albufera Energía: pack 3 kWp desde 3.500 €, pago al contado."),
]

RUNS = {
    "zaragoza": ("instalación de 4 kWp en Zaragoza, menos de 6.000 € IVA incluido, con "
                 "batería y garantía de 25 años", ZARAGOZA),
    "bristol": ("MCS certified installer in Bristol for a 5 kW system, under £7,000 "
                "installed", BRISTOL),
    "valencia": ("autoconsumo en Valencia para un consumo de 350 kWh al mes, con financiación "
                 "y ayuda con subvenciones Next Generation", VALENCIA),
}


def _own_pages(fake, listings):
    for r in listings:      # each installer's terms: its own page, not every listing
        fake.search("^" + re.escape(r.title) + " ", [r])


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=_own_pages)


def test_debug(runs):
    for k, (run, q) in runs.items():
        print(k, q)
        print(run.report)
    assert 0
