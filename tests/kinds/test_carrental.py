"""An outside-author kind: car rental (examples/carrental), written from the docs alone.
A rental car is asked for by where it is picked up and, one way, returned (two place
inputs told apart by their words), the days, its class and gearbox, a price cap per day,
airport pickup, unlimited mileage and the company's stars out of 5. Requests are typed as
the lab types them, in both languages; three run end to end offline with scout.testing
(module-scoped: one run each), and the report is checked for its language, its
citations, for saying what an offer does not state, and for words that do not belong to
a rental."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.task.build import TaskIncomplete
from scout.testing import Result
from tests.kinds import (
    assert_cites_sources,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons as _excluded,
    own_words as _own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names as _names,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "carrental"
KIND = PROJECT / "pipelines" / "car_rental.yaml"
TODAY = dt.date(2026, 12, 2)


def _day(amount: float, currency: str = "EUR") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": "day"}


def _days(start: str, end: str) -> dict:
    return {"start": start, "end": end}


# request → (lang, the values it states that this test checks; others must stay empty)
REQUESTS = {
    "alquiler de coche en Málaga aeropuerto del 3 al 7 de junio, automático, máximo 40 € al día":
        ("es", {"city": "Málaga", "airport": True, "dates": _days("2027-06-03", "2027-06-07"),
                "transmission": "automatic", "budget": _day(40)}),
    "SUV rental in Lisbon, June 10-17, unlimited mileage, under 60 EUR a day, rated 4+ on Google":
        ("en", {"city": "Lisbon", "car_class": "suv", "dates": _days("2027-06-10", "2027-06-17"),
                "unlimited_km": True, "budget": _day(60), "min_rating": 8.0}),
    "car hire in Faro airport, automatic, under €35 per day":
        ("en", {"city": "Faro", "airport": True, "transmission": "automatic",
                "budget": _day(35)}),
    "alquilar un coche en Sevilla del 12 al 15 de marzo, kilometraje ilimitado":
        ("es", {"city": "Sevilla", "dates": _days("2027-03-12", "2027-03-15"),
                "unlimited_km": True}),
    # one way: the drop-off by its own words, before or after the pickup
    "coche de alquiler en Madrid para devolver en Barcelona, del 1 al 5 de abril":
        ("es", {"city": "Madrid", "dropoff": "Barcelona",
                "dates": _days("2027-04-01", "2027-04-05")}),
    "car rental from Madrid, drop off in Barcelona, automatic":
        ("en", {"city": "Madrid", "dropoff": "Barcelona", "transmission": "automatic"}),
    "alquiler de coche para devolver en Sevilla, recogida en Madrid":
        ("es", {"city": "Madrid", "dropoff": "Sevilla"}),
    "one-way car hire, drop off in Porto, pick up in Lisbon":
        ("en", {"city": "Lisbon", "dropoff": "Porto"}),
    # the kind's own nouns are no place ("rent a car" is no drop-off "Car")
    "rent a car en Palma de Mallorca, 7 plazas, menos de 70 euros al día, 4 estrellas o más":
        ("es", {"city": "Palma de Mallorca", "car_class": "van", "budget": _day(70),
                "min_rating": 8.0}),
    "convertible car hire in Nice, 12-15 May, rated 4.5+ on Google":
        ("en", {"city": "Nice", "car_class": "convertible",
                "dates": _days("2027-05-12", "2027-05-15"), "min_rating": 9.0}),
    "necesito un coche automático en Tenerife del 20 al 27 de enero, máx 30€/día":
        ("es", {"city": "Tenerife", "transmission": "automatic",
                "dates": _days("2027-01-20", "2027-01-27"), "budget": _day(30)}),
    "cheap economy car in Porto, manual, march 3-6, max 25 EUR/day":
        ("en", {"city": "Porto", "car_class": "economy", "transmission": "manual",
                "dates": _days("2027-03-03", "2027-03-06"), "budget": _day(25)}),
    # a count after the month is no day ("julio 7 plazas": July, a seven-seater)
    "alquiler coche barcelona julio 7 plazas":
        ("es", {"city": "Barcelona", "car_class": "van",
                "dates": _days("2027-07-01", "2027-07-31")}),
    "need a 7-seater in Dublin airport, 3-10 August, unlimited km, max 90 EUR a day":
        ("en", {"city": "Dublin", "car_class": "van", "airport": True, "unlimited_km": True,
                "dates": _days("2027-08-03", "2027-08-10"), "budget": _day(90)}),
    "furgoneta de alquiler en Granada este finde":
        ("es", {"city": "Granada", "car_class": "van",
                "dates": _days("2026-12-05", "2026-12-06")}),
}


@pytest.fixture(scope="module")
def model():
    return load_pipeline(KIND).model


def _task(query: str, model):
    return parse_request(KIND, query, TODAY)


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(model, query):
    lang, want = REQUESTS[query]
    task = _task(query, model)
    got = {k: v for k, v in task.model_dump(mode="json")["values"].items() if v is not None}
    assert task.lang == lang
    for name, value in got.items():
        if isinstance(value, dict):
            got[name] = {k: value.get(k) for k in (want.get(name) or value)}
    assert got == want


def test_a_request_with_no_pickup_place_is_asked_for_one_in_its_language(model, capsys,
                                                                       monkeypatch, tmp_path):
    from scout.cli import main

    # "coche" is one of the kind's nouns: no place "Coche"
    with pytest.raises(TaskIncomplete):
        _task("coche automático del 3 al 7 de junio, máximo 40 € al día", model)
    shutil.copytree(PROJECT, tmp_path / "carrental")
    monkeypatch.chdir(tmp_path / "carrental")
    main(["plan", "pipelines/car_rental.yaml", "--runs-dir", str(tmp_path), "--query",
          "coche automático del 3 al 7 de junio, máximo 40 € al día"])
    out = capsys.readouterr().out
    # the input by the kind's own word and description, an example, its --set
    assert "USE065" in out and "ciudad de recogida (dónde se recoge el coche)" in out
    assert "--set city=" in out


MALAGA = [
    Result("Málaga Airport Cars Fiat 500 automático", "https://alquiler.test/agp-fiat",
           "Recogida en el aeropuerto de Málaga. Fiat 500 automático, 32 € al día. "
           "Kilometraje ilimitado. 4,5/5 en Google."),
    Result("Costa Sol Rent Seat Ibiza", "https://alquiler.test/costasol",
           "Aeropuerto de Málaga. Seat Ibiza manual, 22 € al día. 4,2/5 en Google."),
    Result("Centro Rent Toyota Yaris automático", "https://alquiler.test/centro",
           "Oficina en el centro de Málaga. Toyota Yaris automático, 28 € al día."),
    Result("Sol Cars VW Golf automático", "https://alquiler.test/solcars",
           "Aeropuerto de Málaga. VW Golf automático desde 55 € al día. 4,6/5 en Google."),
    Result("Andalucía Drive Kia Picanto automático", "https://alquiler.test/andalucia",
           "Recogida en el aeropuerto de Málaga. Kia Picanto automático. Kilometraje "
           "limitado a 200 km al día. Precio: 245 € a la semana."),
]
LISBON = [
    Result("Lisbon Drive Nissan Qashqai SUV", "https://rental.test/qashqai",
           "SUV Nissan Qashqai in Lisbon. Unlimited mileage. €48 per day. Rated 4.4/5 on "
           "Google."),
    Result("Tejo Rent Peugeot 3008 SUV", "https://rental.test/tejo",
           "Peugeot 3008 SUV, Lisbon. Unlimited mileage. €55 per day. Rated 3.8/5 on Google."),
    Result("Alfama Cars Renault Clio", "https://rental.test/alfama",
           "Renault Clio hatchback, Lisbon city centre. Unlimited mileage. €25 per day. "
           "Rated 4.7/5 on Google."),
    Result("Atlantic Hire Dacia Duster SUV", "https://rental.test/atlantic",
           "Dacia Duster SUV in Lisbon. 150 km per day included. €39 per day. Rated 4.5/5 "
           "on Google."),
    Result("Belém Car Hire Kia Sportage SUV", "https://rental.test/belem",
           "Kia Sportage SUV at Lisbon. Unlimited mileage. Rated 4.6/5 on Google."),
]
ONE_WAY = [
    Result("Meseta One-Way Seat Leon automatic", "https://oneway.test/meseta",
           "One-way rental from Madrid to Barcelona, automatic Seat Leon, €45 per day. "
           "Rated 4.3/5 on Google."),
    Result("Atocha Cars Skoda Octavia automatic", "https://oneway.test/atocha",
           "Automatic Skoda Octavia from Madrid Atocha, drop off in Barcelona Sants. "
           "€38 a day."),
    Result("Castilla Rent Opel Corsa", "https://oneway.test/castilla",
           "Manual Opel Corsa from Madrid, one way to Barcelona. €20 a day."),
]

RUNS = {
    "malaga": ("alquiler de coche en Málaga aeropuerto del 3 al 7 de junio, automático, "
               "máximo 40 € al día", MALAGA),
    "lisbon": ("SUV rental in Lisbon, June 10-17, unlimited mileage, under 60 EUR a day, "
               "rated 4+ on Google", LISBON),
    "oneway": ("car rental from Madrid, drop off in Barcelona, automatic", ONE_WAY),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_gearbox_airport_and_cap_per_day_cheapest_first(runs):
    run, queries = runs["malaga"]
    # a weekly price is compared per day (245 € a week is 35 € a day: under 40)
    assert _names(run) == ["Málaga Airport Cars Fiat 500 automático",
                           "Andalucía Drive Kia Picanto automático"]
    assert _excluded(run) == {
        "Costa Sol Rent Seat Ibiza": ["no dice que sea automático"],
        "Centro Rent Toyota Yaris automático": ["no dice que se recoja en el aeropuerto"],
        "Sol Cars VW Golf automático": ["por encima del precio máximo al día"],
    }
    assert queries[0].startswith("alquiler de coches en Málaga aeropuerto automático")


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["malaga"]
    report = run.report
    assert report.startswith("# Alquiler de coches — Málaga")
    assert "2 ofertas de 5 encontradas: automático, 3–7 de junio de 2027, " in report
    # the budget is written with its period once
    assert "con recogida en el aeropuerto, por como mucho 40 €/día." in report
    assert re.search(r"\| 1 \| Málaga Airport Cars[^|]*\| 32 €[^|]*\[1\] \| 4,5/5 \[1\] \| ilimitado \|",
                     report)
    # no rating stated: said so; the mileage read from the offer's words
    # 245 € a week is ~35 €/día: converted, so marked as the left-out list marks it
    assert re.search(r"\| 2 \| Andalucía Drive[^|]*\| ~35 €[^|]*\| no consta \| limitado \|", report)
    own = _own_words(report, MALAGA)
    for english in ("Shortlist", "Sources", "What you asked", "not stated", "unlimited",
                    "over the price cap"):
        assert english not in own, english
    assert not re.search(r"\d/10\b", report)


def test_class_mileage_and_stars_in_an_english_report(runs):
    run, queries = runs["lisbon"]
    assert _names(run) == ["Lisbon Drive Nissan Qashqai SUV", "Belém Car Hire Kia Sportage SUV"]
    assert _excluded(run) == {
        "Tejo Rent Peugeot 3008 SUV": ["rated 3.8/5"],
        "Alfama Cars Renault Clio": ["not said to be of the SUV class"],
        "Atlantic Hire Dacia Duster SUV": ["mileage not said to be unlimited"],
    }
    report = run.report
    assert report.startswith("# Car rental — Lisbon")
    assert re.search(r"\| 1 \| Lisbon Drive Nissan Qashqai SUV \| 48 EUR[^|]*\[1\] \| 4\.4/5 \[1\] \| unlimited \|",
                     report)
    assert re.search(r"\| 2 \| Belém Car Hire Kia Sportage SUV \| not stated \| 4\.6/5 \[2\] \|", report)
    assert "| car class | SUV | query |" in report
    assert queries[0].startswith("SUV car rental in Lisbon")  # as the report writes it
    own = _own_words(report, LISBON)
    for spanish in ("Selección", "Fuentes", "oferta", "no consta", "valoración", "kilometraje"):
        assert spanish not in own, spanish


def test_one_way_pickup_and_drop_off(runs):
    run, queries = runs["oneway"]
    task = run.artifact("task")["values"]
    assert (task["city"], task["dropoff"]) == ("Madrid", "Barcelona")
    assert "drop off in Barcelona" in queries[0] and "in Madrid" in queries[0]
    assert run.report.startswith("# Car rental — Madrid → Barcelona")
    assert _names(run) == ["Atocha Cars Skoda Octavia automatic",
                           "Meseta One-Way Seat Leon automatic"]
    assert _excluded(run) == {"Castilla Rent Opel Corsa": ["does not say it is automatic"]}


def test_the_report_cites_its_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# words of other kinds: lodging, food, tickets, jobs, the price period of a stay or a rent
OTHER_KINDS = re.compile(r"(?i)\b(hotels?|nights?|noches?|habitaci[oó]n(es)?|rooms?|"
                         r"guests?|huéspedes|salary|salario|tickets?|entradas|al mes|"
                         r"per month|/night|/noche|dish|plato|menú|clinics?|clínicas?)\b")


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/car_rental.yaml",
                      "coche de alquiler en Madrid para devolver en Barcelona, cabrio, "
                      "del 1 al 5 de abril",
                      tmp_path, capsys, monkeypatch)
    assert re.search(r"\[city\]\s+Madrid\s+\(consulta\)", out)
    assert re.search(r"\[dropoff\]\s+Barcelona\s+\(consulta\)", out)
    for words in ["descapotable", "F0", "R1", "F6"]:  # the kind's word, in Spanish
        assert words in out, words
