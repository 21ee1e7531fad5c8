"""An outside-author kind: removal companies (examples/removals), written from the docs
alone. A move ("mudanza") is asked for by its route (origin and destination, in either
order of words: "de Madrid a Valencia", "from London to Barcelona"), the volume in m³ or
the rooms of the home, the floor and lift, when (a part of a month: "a mediados de
marzo", "segunda quincena de marzo", "late April"), the services (packing, assembly,
storage and how long, insurance), a cap on the whole job's price and a rating. Requests
are typed as the lab types them, in both languages; two run end to end offline with
scout.testing (module-scoped: one run each), and the report is checked for its language,
its citations, its price on one basis (a rate per m³ is no price for the move) and for
words that do not belong to a move."""

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

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "removals"
KIND = PROJECT / "pipelines" / "removals.yaml"
TODAY = dt.date(2026, 12, 2)
THREE_MONTHS = 7_889_400  # a duration's seconds: 3 × 365.25 / 12 days


def _money(amount: float, currency: str = "EUR") -> dict:
    return {"amount": amount, "currency": currency, "per": None}


def _days(start: str, end: str) -> dict:
    return {"start": start, "end": end}


# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "empresa de mudanzas de Madrid a Valencia para unos 25 m³, un piso sin ascensor, a "
    "mediados de marzo, presupuesto máximo 1.200 € con seguro incluido":
        ("es", {"origin": "Madrid", "destination": "Valencia", "volume": 25.0, "lift": False,
                "when": _days("2027-03-11", "2027-03-20"), "insurance": True,
                "budget": _money(1200)}),
    "mudanza de Sevilla a Málaga, piso de 3 habitaciones en la tercera planta, segunda "
    "quincena de marzo, con montaje y embalaje, menos de 900 €":
        ("es", {"origin": "Sevilla", "destination": "Málaga", "rooms": 3, "floor": 3,
                "when": _days("2027-03-16", "2027-03-31"), "assembly": True, "packing": True,
                "budget": _money(900)}),
    "guardamuebles 3 meses en Madrid":
        ("es", {"origin": "Madrid", "storage": THREE_MONTHS}),
    "busco mudanzas baratas Bilbao-Zaragoza, 4ª planta con ascensor, valoración mínima 4,5":
        ("es", {"origin": "Bilbao", "destination": "Zaragoza", "floor": 4, "lift": True,
                "min_rating": 9.0}),
    "international movers from London to Barcelona, 2-bedroom flat, about 30 cubic metres, "
    "packing service, late April, under £3,000":
        ("en", {"origin": "London", "destination": "Barcelona", "rooms": 2, "volume": 30.0,
                "packing": True, "when": _days("2027-04-21", "2027-04-30"),
                "budget": _money(3000, "GBP")}),
    "movers Manchester to Edinburgh, 3rd floor, no lift, mid-May, insurance included, rated "
    "4.5 or more":
        ("en", {"origin": "Manchester", "destination": "Edinburgh", "floor": 3, "lift": False,
                "when": _days("2027-05-11", "2027-05-20"), "insurance": True,
                "min_rating": 9.0}),
    # Mexico: "un cuarto" is one room, "piso 8" the eighth floor; in Spain "un piso" is a
    # flat and "un cuarto piso" the fourth floor
    "mudanza de un cuarto, piso 8, de Ciudad de México a Puebla":
        ("es", {"origin": "Ciudad de México", "destination": "Puebla", "rooms": 1, "floor": 8}),
    "mudanza de dos cuartos en el piso 2 de Guadalajara a Monterrey":
        ("es", {"origin": "Guadalajara", "destination": "Monterrey", "rooms": 2, "floor": 2}),
    "mudanza de un piso de 3 habitaciones, cuarta planta, de Madrid a Valencia":
        ("es", {"origin": "Madrid", "destination": "Valencia", "rooms": 3, "floor": 4}),
    "mudanza desde un cuarto piso en Madrid":
        ("es", {"origin": "Madrid", "floor": 4}),
    "mudanza de Sevilla a Madrid, piso de 2 habitaciones en un cuarto, unos 20 m3":
        ("es", {"origin": "Sevilla", "destination": "Madrid", "rooms": 2, "floor": 4,
                "volume": 20.0}),
    "removal company to Lisbon from Paris with furniture assembly and 2 months storage":
        ("en", {"origin": "Paris", "destination": "Lisbon", "assembly": True,
                "storage": 2 * THREE_MONTHS // 3}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query][0], dict(REQUESTS[query][1])
    task = parse_request(KIND, query, TODAY)
    # a date range is a dict too: compared whole, not on money's keys
    when = want.pop("when", None)
    assert_read_as(task, lang, want, every=False, money=("amount", "currency", "per"))
    if when is not None:
        got = task.values.get("when")
        assert {"start": str(got.start), "end": str(got.end)} == when, got


MADRID = [
    Result("Mudanzas Levante", "https://mudanzas.test/levante",
           "Mudanzas Levante: mudanzas de Madrid a Valencia y toda la costa. Mudanza de 25 m³ "
           "Madrid-Valencia por 950 €, seguro incluido. Valoración 4,6/5."),
    Result("Mudanzas Turia", "https://mudanzas.test/turia",
           "Mudanzas Turia. Rutas Madrid - Valencia cada semana. Piso de 70 m²: 1.100 € con "
           "seguro a todo riesgo incluido, embalaje y montaje."),
    Result("Transportes Castilla", "https://mudanzas.test/castilla",
           "Transportes Castilla, mudanzas nacionales de Madrid a Valencia, Sevilla y Bilbao. "
           "Mudanza completa de 25 m³: 1.450 €, seguro incluido."),
    Result("Mudanzas Rápidas Sur", "https://mudanzas.test/rapidas-sur",
           "Mudanzas Rápidas Sur: mudanzas de Madrid a Sevilla y Málaga. 700 € con seguro."),
    Result("Mudanzas Baratas", "https://mudanzas.test/baratas",
           "Mudanzas Baratas: de Madrid a Valencia desde 600 €. Solo transporte."),
    # a rate per m³ is no price for the move: times the 25 m³ asked it is 875 €, never 35 €
    Result("Mudanzas Mediterráneo", "https://mudanzas.test/mediterraneo",
           "Mudanzas Mediterráneo: Madrid - Valencia, 35 €/m³ con seguro incluido."),
    Result("Mudanzas Meseta", "https://mudanzas.test/meseta",
           "Mudanzas Meseta: Madrid a Valencia, 890 € con seguro. Sin disponibilidad del 1 "
           "al 31 de marzo de 2027."),
]
LONDON = [
    Result("Thames International Removals", "https://movers.test/thames",
           "Thames International Removals: door-to-door moves from London to Barcelona and "
           "all of Spain. Full packing service and insurance. 2-bedroom flat (30 cubic "
           "metres) from £2,400. Rated 4.8/5."),
    Result("Euro Movers UK", "https://movers.test/euro-movers",
           "Euro Movers UK: London to Barcelona, Madrid and Valencia. Packing included. "
           "£3,400 for a 2-bedroom flat."),
    # euros against a budget in pounds: 3.100 € is about £2,635
    Result("Mudanzas Internacionales Iberia", "https://movers.test/iberia",
           "Mudanzas Internacionales Iberia: London to Barcelona removals with packing "
           "service, 3.100 € for 30 m³."),
    Result("Channel Shift", "https://movers.test/channel-shift",
           "Channel Shift: London to Paris and Brussels, packing service, from £1,500."),
    Result("Van Share Europe", "https://movers.test/van-share",
           "Van Share Europe: shared-load moves London to Barcelona from £900. You load, we "
           "drive."),
    Result("Iberian Relocations", "https://movers.test/iberian",
           "Iberian Relocations: London to Barcelona, packing included, £2,100. Fully booked "
           "1-30 April 2027."),
]

RUNS = {
    "madrid": ("empresa de mudanzas de Madrid a Valencia para unos 25 m³, un piso sin "
               "ascensor, a mediados de marzo, presupuesto máximo 1.200 € con seguro incluido",
               MADRID),
    "london": ("international movers from London to Barcelona, 2-bedroom flat, about 30 "
               "cubic metres, packing service, late April, under £3,000", LONDON),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The two runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_route_insurance_dates_and_a_rate_per_m3(runs):
    run, queries = runs["madrid"]
    # 1.200 € with insurance, mid-March: Castilla's 1.450 € is over; Rápidas Sur goes to
    # Sevilla and Málaga; Baratas states no insurance; Meseta is booked up all March;
    # Mediterráneo states only 35 €/m³: times the 25 m³ asked (rank's volume) 875 €, the
    # cheapest move
    assert _names(run) == ["Mudanzas Mediterráneo", "Mudanzas Levante", "Mudanzas Turia"]
    assert _excluded(run) == {
        "Transportes Castilla": ["por encima del presupuesto de la mudanza"],
        "Mudanzas Rápidas Sur": ["no dice que llegue a Valencia"],
        "Mudanzas Baratas": ["no dice que incluya seguro"],
        "Mudanzas Meseta": ["sin disponibilidad en las fechas pedidas"],
    }
    assert queries[0] == "empresa de mudanzas de Madrid a Valencia"


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["madrid"]
    report = run.report
    assert report.startswith("# Empresas de mudanzas — Madrid → Valencia")
    assert ("3 empresas de mudanzas de 7 encontradas: 25 m³, sin ascensor, fechas: 11–20 de "
            "marzo de 2027, seguro incluido, por como mucho 1.200 €." in report)
    assert re.search(r"\| 2 \| Mudanzas Levante \| 950 € \[2\] \| incluido \| 4,6/5 \[2\] \|", report)  # cited
    # a rate per m³ is never shown as the price of the move: the total, and how
    assert "| 1 | Mudanzas Mediterráneo | 875 € en total (35 €/m³ × 25) [1] | incluido |" \
        in report
    assert "1 precio por m³ se ha multiplicado por la cantidad pedida" in report
    assert "| 35 €" not in report
    own = _own_words(report, MADRID, ids=True)
    assert not words_of(*REPORT_ENGLISH, "removals?", "movers?", "insurance", "included",
                        "packing", "lift").search(own), own


def test_an_english_request_with_a_price_in_another_currency(runs):
    run, queries = runs["london"]
    # under £3,000 with packing, late April: Iberia's 3.100 € is about £2,635; Euro
    # Movers' £3,400 is over; Channel Shift goes to Paris; Van Share packs nothing;
    # Iberian Relocations is fully booked in April
    assert _names(run) == ["Thames International Removals", "Mudanzas Internacionales Iberia"]
    assert _excluded(run) == {
        "Euro Movers UK": ["over the budget for the whole move"],
        "Channel Shift": ["does not say it goes to Barcelona"],
        "Van Share Europe": ["no packing service stated"],
        "Iberian Relocations": ["not free on the dates asked"],
    }
    assert queries[0] == "removal company from London to Barcelona"


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["london"]
    report = run.report
    assert report.startswith("# Removal companies — London → Barcelona")
    assert ("2 removal companies out of 6 found: 30 m³, 2 bedrooms, on April 21 – 30, 2027, "
            "packing, for at most 3,000 GBP." in report)
    assert re.search(r"\| 1 \| Thames International Removals \| 2,400 GBP \[1\] \| included "
                     r"\| 4\.8/5 \[1\] \|", report)
    assert re.search(r"\| 2 \| Mudanzas Internacionales Iberia \| ~2,635 GBP \[2\] \| "
                     r"not stated \|", report)
    own = _own_words(report, LONDON, ids=True)
    assert not words_of(*REPORT_SPANISH, "mudanzas?", "empresas?", "seguro", "incluido",
                        "embalaje", "ascensor").search(own), own


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, jobs and shops (a move's "bedrooms" and "habitaciones" are
# the home's size here), a trip's tickets and a restaurant's stars
OTHER_KINDS = words_of(*(w for w in LODGING_PAY_STOCK if not w.startswith("habitaci")),
                       "tickets?", "entradas", "stars?", "estrellas", "menu", "carta",
                       "check-out", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key, ids=True)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/removals.yaml",
                      "mudanza de Sevilla a Málaga, piso de 3 habitaciones, segunda quincena "
                      "de marzo, con montaje y embalaje, menos de 900 €", tmp_path, capsys,
                      monkeypatch)
    for words in ["origin", "Sevilla", "destination", "Málaga", "rooms", "3", "F0", "R1", "F6"]:
        assert words in out, words
