"""An outside-author kind: train and coach tickets (examples/trains), written from the
docs alone. A fare is compared for the trip asked (a return at the page's return fare,
"ida y vuelta desde 89,90 €", else its single fare twice) and for the whole party (a fare
naming no passenger is one person's: rank's ``person_prices``), a booking fee the page
states apart added, against the budget; the class asked picks the page's fare for it
(rank's ``variants``), direct only and the extras asked filter. The requests are typed as
the lab types them, in both languages; three run end to end offline with scout.testing
(module-scoped: one run each), and the reports are checked for their language, their
citations, and for words that do not belong to train tickets."""

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
    own_words as _own_words,
    parse_request,
    run_each,
    shortlist_names as _names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "trains"
KIND = PROJECT / "pipelines" / "trains.yaml"
TODAY = dt.date(2026, 12, 7)  # a Monday

# request → (lang, the values it states that this test checks; others may be read)
REQUESTS = {
    "AVE Madrid-Barcelona el 14 de enero por la mañana, menos de 60 €, ida y vuelta":
        ("es", {"origin": "Madrid", "destination": "Barcelona", "mode": "train",
                "date": "2027-01-14", "time_of_day": "morning", "round_trip": True,
                "budget": cap(60)}),
    "train London to Edinburgh next Friday, arrive before 2pm, under £80, 2 adults and a "
    "child of 9":
        ("en", {"origin": "London", "destination": "Edinburgh", "date": "2026-12-18", "arrive_by": "2pm",
                "budget": cap(80, "GBP"), "adults": 2, "children": 1}),
    "bus de Santiago a Valparaíso el sábado, semi cama, máximo 8.000 CLP":
        ("es", {"origin": "Santiago", "destination": "Valparaíso", "mode": "coach",
                "date": "2026-12-12", "travel_class": "semi-cama",
                "budget": cap(8000, "CLP")}),
    "tren Madrid Sevilla directo, primera semana de marzo, 3 personas, sin transbordos, lo "
    "más barato":
        ("es", {"origin": "Madrid", "destination": "Sevilla", "mode": "train",
                "adults": 3, "direct": True}),
    "tren de Barcelona a Valencia el viernes, salir después de las 17:00, máximo 30 € por "
    "persona":
        ("es", {"origin": "Barcelona", "destination": "Valencia", "depart_after": "17:00",
                "budget": cap(30, per="person"), "date": "2026-12-11"}),
    "coach from Manchester to London on Saturday, return on Sunday, under £40 total, bikes "
    "allowed":
        ("en", {"origin": "Manchester", "destination": "London", "mode": "coach",
                "date": "2026-12-12", "return_date": "2026-12-13",
                "budget": cap(40, "GBP", per="total"), "extras": ["bike"]}),
    "Could you find me the cheapest direct train from Paris to Brussels on 3 February, "
    "first class, leaving after 9am, under 120 EUR?":
        ("en", {"origin": "Paris", "destination": "Brussels", "direct": True,
                "travel_class": "first", "depart_after": "9am", "date": "2027-02-03",
                "budget": cap(120)}),
    "billetes de tren Bilbao a Madrid ida el 10 de marzo y vuelta el 12, 2 adultos y 2 "
    "niños, menos de 200 € en total":
        ("es", {"origin": "Bilbao", "destination": "Madrid", "date": "2027-03-10",
                "return_date": "2027-03-12", "adults": 2, "children": 2,
                "budget": cap(200, per="total")}),
    "open return London to Bath, 2 people, under £120, wifi and seats together":
        ("en", {"origin": "London", "destination": "Bath", "round_trip": True, "adults": 2,
                "extras": ["wifi", "seats together"], "budget": cap(120, "GBP")}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, every=False)


def test_a_week_to_travel_in_is_a_date_range():
    task = parse_request(KIND, "tren Madrid Sevilla directo, primera semana de marzo, 3 "
                         "personas, sin transbordos, lo más barato", TODAY)
    assert task.model_dump(mode="json")["values"]["date"] == {"start": "2027-03-01",
                                                              "end": "2027-03-07"}


# the listings as operators' pages write their fares: "desde", "a partir de", per adult,
# per trayecto y pasajero, a return beside a single, classes, a booking fee apart, "$"
# for pesos
MADRID = [
    Result("Renfe AVE Madrid - Barcelona", "https://renfe.test/ave-madrid-barcelona",
           "AVE Madrid-Barcelona, 14 de enero: salida 07:30, llegada 10:02, 2 h 32 min, "
           "directo. Básico desde 45 €, Elige 62 €. Ida y vuelta desde 89,90 €."),
    Result("iryo Madrid Barcelona", "https://iryo.test/madrid-barcelona",
           "Tarifa Inicial a partir de 24 € por trayecto. Salida 08:15, llegada 11:05, "
           "directo. Gastos de gestión 1,50 €."),
    Result("Ouigo Madrid Barcelona", "https://ouigo.test/es/madrid-barcelona",
           "Billetes Madrid a Barcelona desde 9 € ida. Salidas 06:55 y 09:10, 2 h 45 min. "
           "Equipaje de mano incluido."),
    Result("Avlo Madrid Barcelona", "https://avlo.test/madrid-barcelona",
           "Avlo Madrid-Barcelona: billete de ida y vuelta 39 €, salida 07:05."),
]
LONDON = [
    Result("LNER London to Edinburgh", "https://lner.test/london-edinburgh",
           "London King's Cross to Edinburgh: depart 08:00, arrive 12:20, 4h 20m, direct. "
           "Advance Standard from £35.50 per adult. £1.50 booking fee."),
    Result("Avanti London Edinburgh via Glasgow", "https://avanti.test/london-edinburgh",
           "Depart 07:30, arrive 13:10, 1 change at Glasgow. Advance single £22 per "
           "passenger."),
    Result("Lumo London Edinburgh", "https://lumo.test/london-edinburgh",
           "Lumo London to Edinburgh from £19.90 one way, depart 09:45 arrive 13:55. Wifi "
           "on board."),
]
SANTIAGO = [
    Result("Turbus Santiago Valparaíso", "https://turbus.test/santiago-valparaiso",
           "Pasajes Santiago - Valparaíso: salón cama $7.900, semi cama $4.500. Salidas "
           "cada 15 min, 1 h 45 min."),
    Result("Pullman Bus Santiago Valparaíso", "https://pullman.test/santiago-valparaiso",
           "Semi cama desde $9.200, premium $12.500. Wifi a bordo."),
    Result("Condor Bus Santiago Valparaíso", "https://condor.test/stgo-valpo",
           "Clásico $3.500. Salida 09:00, llegada 10:50."),
]
RUNS = {
    "es": ("AVE Madrid-Barcelona el 14 de enero por la mañana, menos de 60 €, ida y vuelta",
           MADRID),
    "en": ("train London to Edinburgh next Friday, arrive before 2pm, under £80, 2 adults "
           "and a child of 9", LONDON),
    "cl": ("bus de Santiago a Valparaíso el sábado, semi cama, máximo 8.000 CLP", SANTIAGO),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def _item(run, name):
    return next(i for i in run.artifact("shortlist")["items"]
                if i["candidate"]["name"] == name)


def test_a_return_is_compared_at_the_return_fare_or_the_single_twice(runs):
    run, _ = runs["es"]
    # Renfe's single 45 € fits 60 €, its return from 89,90 € does not; Ouigo's 9 € one
    # way is 18 € there and back; iryo's 24 € per trayecto is 48 €, plus 1,50 € of fees
    assert _excluded(run) == {"Renfe AVE Madrid - Barcelona": ["por encima del presupuesto"]}
    assert _names(run) == ["Ouigo Madrid Barcelona", "Avlo Madrid Barcelona",
                           "iryo Madrid Barcelona"]
    assert _item(run, "Ouigo Madrid Barcelona")["candidate"]["price"]["amount"] == 18
    assert _item(run, "Avlo Madrid Barcelona")["candidate"]["price"]["amount"] == 39
    assert _item(run, "iryo Madrid Barcelona")["values"]["fare_total"] == 49.5
    assert "tarifa de ida multiplicada por 2" in run.report


def test_a_fare_naming_no_passenger_is_each_persons(runs):
    run, _ = runs["en"]
    # 3 people: LNER's £35.50 per adult is £106.50, Lumo's £19.90 one way £59.70
    assert _excluded(run) == {"LNER London to Edinburgh": ["over budget"]}
    assert _names(run) == ["Lumo London Edinburgh", "Avanti London Edinburgh via Glasgow"]
    lumo = _item(run, "Lumo London Edinburgh")
    assert lumo["values"]["fare_total"] == pytest.approx(59.7)
    assert "19.90 GBP/person" in run.report


def test_pesos_written_with_a_dollar_sign_and_the_class_asked(runs):
    run, _ = runs["cl"]
    # "$4.500" in Chile is 4.500 CLP, the semi cama fare of a page stating two classes
    assert _names(run) == ["Turbus Santiago Valparaíso"]
    assert _item(run, "Turbus Santiago Valparaíso")["candidate"]["price"] == \
        {"amount": 4500.0, "comparator": "=", "currency": "CLP", "per": None}
    assert _excluded(run) == {"Pullman Bus Santiago Valparaíso": ["por encima del presupuesto"],
                              "Condor Bus Santiago Valparaíso": ["sin clase semi cama"]}
    answer = run.report.split("## Apéndice")[0]  # the appendix costs the run in US$
    assert "4500 CLP" in answer.replace(".", "") and not re.search(r"USD|US\$", answer)


def test_a_spanish_request_gets_a_spanish_report(runs):
    for key in ("es", "cl"):
        run, _ = runs[key]
        own = _own_words(run.report, RUNS[key][1], ids=True)
        english = words_of(*REPORT_ENGLISH, "fare", "single", "return", "times",
                           "booking fee")
        assert not english.search(own), (key, english.findall(own))


def test_an_english_request_gets_an_english_report(runs):
    run, _ = runs["en"]
    own = _own_words(run.report, LONDON, ids=True)
    spanish = words_of(*REPORT_SPANISH, "tarifa", "billete", "ida", "vuelta")
    assert not spanish.search(own), spanish.findall(own)


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "flights?", "vuelos?", "airlines?",
                       "aerol[ií]neas?", ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_the_title_says_the_route_in_the_request_language(runs):
    assert re.search(r"^# Trenes y autobuses: Madrid → Barcelona · 14 de enero de 2027 · "
                     r"ida y vuelta$", runs["es"][0].report, re.M)
    assert re.search(r"^# Trains and coaches: London → Edinburgh", runs["en"][0].report, re.M)
