"""An outside-author kind: couriers and parcel shipping (examples/couriers), written from
the docs alone. A courier is compared on the total for the parcels asked: a price list's
tier by weight ("hasta 2 kg 6,95 €, hasta 5 kg 9,50 €") for each parcel's chargeable
weight (the higher of its real weight and L × W × H / 5000 where sizes are given), times
the parcels, plus a fuel surcharge, insurance on the declared value and a collection fee,
against the budget; then the delivery time asked, tracking, signature, collection,
batteries and temperature control. The requests are typed as the lab types them, in both
languages; three run end to end offline with scout.testing (module-scoped: one run each),
and the reports are checked for their language, their citations, and for words that do
not belong to couriers."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.testing import Result
from tests.kinds import (
    own_pages,
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

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "couriers"
KIND = PROJECT / "pipelines" / "couriers.yaml"
TODAY = dt.date(2026, 12, 7)

# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    # the sender takes the parcels to a drop-off (wt/parse40)
    "4 parcels from York to Lyon, I'll drop them off, under £90":
        ("en", {"origin": "York", "destination": "Lyon", "parcels": 4, "dropoff": True}),
    "enviar 3 cajas de 15 kg de Madrid a Lisboa, entrega en 48 h, menos de 90 € en total":
        ("es", {"origin": "Madrid", "destination": "Lisboa", "parcels": 3, "weight": 15.0,
                "within": 48 * 3600, "declared_value": None}),
    "send a 2 kg parcel from Manchester to Berlin, tracked, under £25, collection from the "
    "office":
        ("en", {"origin": "Manchester", "destination": "Berlin", "weight": 2.0,
                "tracking": True, "collection": True,
                "budget": {"amount": 25.0, "currency": "GBP", "comparator": "<=",
                           "per": None}}),
    "mandar documentos urgentes de CDMX a Bogotá, que lleguen el lunes, máximo 1.200 MXN":
        ("es", {"origin": "CDMX", "destination": "Bogotá", "urgent": True,
                "budget": {"amount": 1200.0, "currency": "MXN", "comparator": "<=",
                           "per": None}}),
    "shipping a 30 kg lab instrument from Barcelona to Boston, insured for 8,000 EUR, "
    "door to door":
        ("en", {"origin": "Barcelona", "destination": "Boston", "weight": 30.0,
                "door_to_door": True, "budget": None,
                "declared_value": {"amount": 8000.0, "currency": "EUR", "comparator": "<=",
                                   "per": None}}),
    "2 paquetes de 40x30x30 cm y 8 kg de Sevilla a Bilbao, con seguimiento y firma, "
    "hasta 60 €":
        ("es", {"origin": "Sevilla", "destination": "Bilbao", "parcels": 2, "weight": 8.0,
                "size": "40x30x30", "tracking": True, "signature": True}),
    "envío refrigerado de muestras de Valencia a París, 5 kg, asegurado por 2.000 €":
        ("es", {"origin": "Valencia", "destination": "París", "weight": 5.0,
                "refrigerated": True, "budget": None}),
    "need to ship lithium batteries (3 kg) London to Madrid, drop-off point, under 40 GBP":
        ("en", {"origin": "London", "destination": "Madrid", "weight": 3.0,
                "batteries": True, "dropoff": True}),
    "courier for 5 boxes Leeds to Dublin, 10kg each, budget £120":
        ("en", {"origin": "Leeds", "destination": "Dublin", "parcels": 5, "weight": 10.0}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


def test_an_insured_value_is_no_budget():
    """"insured for 8,000 EUR" / "asegurado por 2.000 €" is what to insure, never the most
    the shipment may cost."""
    en = parse_request(KIND, "a 30 kg instrument Barcelona to Boston, insured for 8,000 "
                       "EUR, under 400 EUR", TODAY)
    es = parse_request(KIND, "muestras de Valencia a París, asegurado por 2.000 €, "
                       "máximo 80 €", TODAY)
    assert (en.values["declared_value"].amount, en.values["budget"].amount) == (8000.0, 400.0)
    assert (es.values["declared_value"].amount, es.values["budget"].amount) == (2000.0, 80.0)


MADRID = [
    Result("Envialia Express", "https://couriers.test/envialia",
           "Envialia Express: Península y Portugal, hasta 5 kg 9,50 €, hasta 10 kg 14 €, "
           "hasta 20 kg 21 € por bulto. +12% recargo combustible. Entrega en 24/48 h."),
    Result("Paquetería Tajo", "https://couriers.test/tajo",
           "Paquetería Tajo: a partir de 6,95 €. Hasta 10 kg 12,50 €, hasta 20 kg 33 € por "
           "bulto. Entrega en 48 h."),
    Result("Ibérica Cargo", "https://couriers.test/iberica",
           "Ibérica Cargo: envíos a Portugal, hasta 20 kg 19 € por bulto, entrega en 3-5 "
           "días laborables."),
    Result("Lusomensajeros", "https://couriers.test/luso",
           "Lusomensajeros: hasta 20 kg 24 € por caja, entrega en 48 h con seguimiento. "
           "Precios sin IVA."),
]
MANCHESTER = [
    Result("Pennine Parcels", "https://couriers.test/pennine",
           "Pennine Parcels: parcels to Germany, up to 2 kg £14.50, up to 5 kg £19. "
           "Collection fee £4. Tracked, 2-4 working days. Customs: DAP, duties not "
           "included."),
    Result("Mersey Courier", "https://couriers.test/mersey",
           "Mersey Courier: Europe from £11.99, up to 2 kg £11.99, up to 5 kg £16. "
           "Tracked. Drop-off at a parcel shop only."),
    Result("Irwell Express", "https://couriers.test/irwell",
           "Irwell Express: up to 2 kg £21 plus £6 collection fee, tracked, 1-2 working "
           "days."),
]
SEVILLA = [
    Result("Giralda Envíos", "https://couriers.test/giralda",
           "Giralda Envíos: hasta 10 kg 12 €, hasta 15 kg 17 €, hasta 20 kg 22 € por bulto, "
           "peso volumétrico: largo × ancho × alto / 5000. Con seguimiento y entrega con "
           "firma."),
    Result("Triana Mensajería", "https://couriers.test/triana",
           "Triana Mensajería: hasta 10 kg 11 €, hasta 20 kg 19 € por bulto, con "
           "seguimiento y firma del destinatario."),
    Result("Bética Paquetes", "https://couriers.test/betica",
           "Bética Paquetes: hasta 10 kg 9 € por paquete, con seguimiento y firma. "
           "Entrega en 24 h."),
]

RUNS = {
    "madrid": ("enviar 3 cajas de 15 kg de Madrid a Lisboa, entrega en 48 h, menos de 90 € "
               "en total", MADRID),
    "manchester": ("send a 2 kg parcel from Manchester to Berlin, tracked, under £25, "
                   "collection from the office", MANCHESTER),
    "sevilla": ("2 paquetes de 50x40x40 cm y 8 kg de Sevilla a Bilbao, con seguimiento y "
                "firma, hasta 60 €", SEVILLA),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=own_pages)


def test_the_total_for_the_parcels_asked_in_spanish(runs):
    run, queries = runs["madrid"]
    # 15 kg is the 20 kg tier, said per parcel: Envialia 3 × 21 € + 12 % fuel = 70,56 €;
    # Lusomensajeros 3 × 24 € before VAT, + 21 % = 87,12 €; Tajo 3 × 33 € = 99 €; Ibérica
    # takes up to 5 working days against 48 h
    assert _names(run) == ["Envialia Express", "Lusomensajeros"]
    assert _excluded(run) == {"Paquetería Tajo": ["el envío cuesta unos 99 €"],
                              "Ibérica Cargo": ["la entrega tarda hasta 120 h"]}
    assert "| Envialia Express [1](https://couriers.test/envialia) | 15 kg × 3 | 63 € | 12 % | - | - | " \
           "- | 70,56 € | - |" in run.report
    # the VAT a price said before it adds is a column of its own: 72 € → 87,12 € explained
    assert "| Lusomensajeros [2](https://couriers.test/luso) | 15 kg × 3 | 72 € | - | - | - | " \
           "21 % | 87,12 € | - |" in run.report
    assert "| IVA añadido |" in run.report
    assert "Envialia Express es la opción más barata que encaja con tu petición" in run.report
    assert "70,56 € en total tal como lo compara la clasificación" in run.report
    # a delivery time written "24/48 h" is read: nothing is left unchecked
    assert "no se pudo comprobar" not in run.report
    assert queries[0] == "mensajería envío paquetes Madrid Lisboa 15 kg tarifas"


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("madrid", "sevilla"):
        run, _ = runs[key]
        assert run.report.startswith("# Mensajería: "), key
        own = _own_words(run.report, RUNS[key][1])
        english = words_of(*REPORT_ENGLISH, "courier", "parcels?", "shipment", "fuel",
                           "insurance", "collection", "chargeable", "duties")
        assert not english.search(own), (key, english.findall(own))


def test_a_collection_fee_is_added_and_duties_said_apart_in_english(runs):
    run, queries = runs["manchester"]
    # Pennine: the 2 kg tier £14.50 + £4 collection = £18.50; Irwell £21 + £6 = £27
    assert _names(run) == ["Pennine Parcels"]
    assert _excluded(run) == {"Mersey Courier": ["no collection said"],
                              "Irwell Express": ["the shipment costs about 27 GBP"]}
    assert run.report.startswith("# Couriers: Manchester → Berlin · 2 kg")
    assert "| Pennine Parcels [1](https://couriers.test/pennine) | 2 kg | 14.50 GBP | - | - | 4 GBP | - | 18.50 GBP | " \
           "duties not included |" in run.report
    assert "Duties and import taxes are not included in any total" in run.report
    assert queries[0] == "courier parcel delivery Manchester Berlin 2 kg rates"
    own = _own_words(run.report, MANCHESTER)
    spanish = words_of(*REPORT_SPANISH, "mensajería", "bultos?", "envío", "recogida",
                       "seguro", "aranceles", "peso")
    assert not spanish.search(own), spanish.findall(own)


def test_the_volumetric_weight_sets_the_tier(runs):
    run, _ = runs["sevilla"]
    # 50 × 40 × 40 / 5000 = 16 kg, over the 8 kg they weigh: Triana's 20 kg tier 2 × 19 € =
    # 38 €, Giralda's 2 × 22 € = 44 €; Bética's list stops at 10 kg
    assert _names(run) == ["Triana Mensajería", "Giralda Envíos"]
    assert _excluded(run) == {"Bética Paquetes": ["sus tarifas no llegan a 16 kg por bulto"]}
    assert "| Triana Mensajería [1](https://couriers.test/triana) | 16 kg × 2 | 38 € | - | - | - | " \
           "- | 38 € | - |" in run.report


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)
        assert re.search(r"\[\d+\]", run.report.split("## Síntesis" if key != "manchester"
                                                       else "## Synthesis")[1]), key


# words of other kinds: lodging, pay, stock, tickets, rents (not LODGING_PAY_STOCK whole:
# its shop's "shipping" / "envío" are this kind's own words)
OTHER_KINDS = words_of(*(w for w in LODGING_PAY_STOCK if w not in ("shipping", "envío")),
                       "tickets?", "entradas", "rating unknown", "valoración desconocida",
                       "alquiler", "rent", "per person", "por persona", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)
