"""An outside-author kind: flights (examples/flights), written from the docs alone. A
flight is asked for by its route (an origin and a destination: cities or airport codes,
told apart by their words or written as a route), the departure and return days, one way
or a round trip, adults and children, a price cap per person or for all the passengers,
the most stops, a checked bag, airlines ruled out, the cabin, the time of day and the
longest it may take. Requests are typed as the lab types them, in both languages; three
run end to end offline with scout.testing (module-scoped: one run each), and the report
is checked for its language, its citations, the price basis it says it compared, and for
words that do not belong to a flight."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.task.build import TaskIncomplete
from scout.testing import Result
from tests.kinds import (
    LODGING_PAY_STOCK,
    REPORT_ENGLISH,
    REPORT_SPANISH,
    assert_cites_sources,
    assert_read_as,
    assert_says_nothing_of,
    assert_validates,
    excluded_reasons,
    own_words,
    parse_request,
    plan_output,
    run_each,
    shortlist_names,
    words_of,
)

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "flights"
KIND = PROJECT / "pipelines" / "flights.yaml"
TODAY = dt.date(2026, 12, 2)


def _cap(amount: float, currency: str = "EUR", per: str | None = None) -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": per}


def _days(start: str, end: str) -> dict:
    return {"start": start, "end": end}


# request → (lang, every value it states; the others must stay empty)
REQUESTS = {
    "vuelos de Madrid a Lima del 3 al 17 de marzo, ida y vuelta, máximo una escala, menos de "
    "900 € por persona, con maleta facturada":
        ("es", {"origin": "Madrid", "destination": "Lima",
                "departure": _days("2027-03-03", "2027-03-17"), "trip_type": "round_trip",
                "max_stops": 1, "budget": _cap(900, per="person"), "checked_bag": True}),
    "one-way flight London to Bogotá on 12 January, direct, under £600, no Ryanair":
        ("en", {"origin": "London", "destination": "Bogotá", "departure": "2027-01-12",
                "trip_type": "one_way", "direct": True, "budget": _cap(600, "GBP"),
                "excluded_airlines": ["Ryanair"]}),
    "2 adultos y un niño de Ciudad de México a Madrid en Semana Santa, salida por la tarde":
        ("es", {"origin": "Ciudad de México", "destination": "Madrid", "adults": 2,
                "children": 1, "departure": _days("2027-03-21", "2027-03-28"),
                "time_of_day": "afternoon"}),
    # a route of airport codes, joined by an arrow or a hyphen, or each after its own word
    "cheapest flight BCN→FCO next Friday morning":
        ("en", {"origin": "BCN", "destination": "FCO", "departure": "2026-12-11",
                "time_of_day": "morning"}),
    "vuelo MAD-LIM el 3 de marzo, solo ida, sin escalas, en business":
        ("es", {"origin": "MAD", "destination": "LIM", "departure": "2027-03-03",
                "trip_type": "one_way", "max_stops": 0, "cabin": "business"}),
    "flight from JFK to LHR on 3 March, premium economy, no more than 8 hours":
        ("en", {"origin": "JFK", "destination": "LHR", "departure": "2027-03-03",
                "cabin": "premium", "max_duration": 8 * 3600}),
    # a bare return day is after the departure, not this month's
    "vuelo Santiago–Buenos Aires el 5 de febrero, vuelta el 9, que no dure más de 3 horas":
        ("es", {"origin": "Santiago", "destination": "Buenos Aires", "departure": "2027-02-05",
                "return_date": "2027-02-09", "max_duration": 3 * 3600}),
    "round trip from Lisbon to Paris, departing March 3, returning the 10th":
        ("en", {"origin": "Lisbon", "destination": "Paris", "departure": "2027-03-03",
                "return_date": "2027-03-10", "trip_type": "round_trip"}),
    # airlines ruled out, however the request joins them
    "vuelos baratos Barcelona Roma del 12 al 15 de abril, sin Ryanair ni Vueling, máximo 150 €":
        ("es", {"origin": "Barcelona", "destination": "Roma",
                "departure": _days("2027-04-12", "2027-04-15"), "budget": _cap(150),
                "excluded_airlines": ["Ryanair", "Vueling"]}),
    "flights London to Bogotá, 12 January, not with Ryanair or easyJet, business class":
        ("en", {"origin": "London", "destination": "Bogotá", "departure": "2027-01-12",
                "excluded_airlines": ["Ryanair", "easyJet"], "cabin": "business"}),
    # a budget for all the passengers
    "vuelos de Madrid a Lima para 2 adultos y 2 bebés, del 3 al 17 de marzo, máximo 3.000 € "
    "en total":
        ("es", {"origin": "Madrid", "destination": "Lima", "adults": 2, "children": 2,
                "departure": _days("2027-03-03", "2027-03-17"),
                "budget": _cap(3000, per="total")}),
    "flights from Madrid to New York for 2 adults and a child on March 10, under 1500 EUR "
    "total, max 1 stop, in the morning":
        ("en", {"origin": "Madrid", "destination": "New York", "adults": 2, "children": 1,
                "departure": "2027-03-10", "budget": _cap(1500, per="total"), "max_stops": 1,
                "time_of_day": "morning"}),
}


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_the_lab_types_them(query):
    lang, want = REQUESTS[query]
    assert_read_as(parse_request(KIND, query, TODAY), lang, want, false_unasked=True)


@pytest.mark.parametrize("query", ["vuelos a Lima en marzo, menos de 900 €",
                                   "flights to Lima in March under 900 EUR"])
def test_a_request_with_no_origin_is_refused(query):
    # "vuelos" / "flights" are the kind's nouns: never the missing origin
    with pytest.raises(TaskIncomplete, match="origin"):
        parse_request(KIND, query, TODAY)


MADRID_LIMA = [
    Result("Iberia Madrid–Lima con 1 escala", "https://vuelos.test/iberia",
           "Madrid (MAD) – Lima (LIM), ida el 3 de marzo y vuelta el 17 de marzo. 1 escala. "
           "780 € por persona. Maleta facturada de 23 kg incluida. 14 horas."),
    Result("LATAM Madrid–Lima directo", "https://vuelos.test/latam",
           "Vuelo directo Madrid – Lima, 3 de marzo. 860 € por persona. Maleta facturada "
           "incluida. 12 horas."),
    Result("Air Europa Madrid–Lima", "https://vuelos.test/aireuropa",
           "Madrid – Lima con 2 escalas, 3 de marzo. 540 € por persona. Maleta facturada "
           "incluida."),
    Result("Avianca Madrid–Lima", "https://vuelos.test/avianca",
           "Madrid – Lima, 1 escala, 4 de marzo. 950 € por persona. Maleta facturada incluida."),
    Result("Plus Ultra Madrid–Lima", "https://vuelos.test/plusultra",
           "Vuelo directo Madrid – Lima, 3 de marzo. 690 € por persona. Solo equipaje de mano."),
    Result("Level Madrid–Lima", "https://vuelos.test/level",
           "Vuelo directo Madrid – Lima el 20 de abril. 600 € por persona. Maleta facturada "
           "incluida."),
]
NEW_YORK = [
    Result("Iberia MAD–JFK", "https://flights.test/iberia",
           "Madrid to New York JFK, 10 March, departs in the morning. Direct. €640 per person. "
           "8 hours."),
    Result("Delta Madrid–New York via Atlanta", "https://flights.test/delta",
           "Madrid to New York, 10 March, morning departure, 1 stop. €560 per person. 11 hours."),
    Result("United Madrid–Newark", "https://flights.test/united",
           "Madrid to New York Newark, 10 March, morning flight. Direct. €820 per person."),
    Result("TAP Madrid–New York via Lisbon", "https://flights.test/tap",
           "Madrid to New York, 10 March, in the morning, 2 stops. €450 per person."),
    Result("Air Europa Madrid–New York", "https://flights.test/aireuropa",
           "Madrid to New York, 10 March, morning. Direct. €600 per person."),
    Result("Iberia evening MAD–JFK", "https://flights.test/iberia-evening",
           "Madrid to New York, 10 March, departs in the evening. Direct. €500 per person."),
]
SANTIAGO = [
    Result("JetSMART Santiago–Buenos Aires", "https://vuelos.test/jetsmart",
           "Santiago – Buenos Aires, 5 de febrero, sale por la mañana. Directo, 2 horas. "
           "US$ 120 por persona."),
    Result("Sky Airline Santiago–Buenos Aires", "https://vuelos.test/sky",
           "Santiago – Buenos Aires, 5 de febrero por la mañana, 1 escala, 5 horas. "
           "US$ 95 por persona."),
    Result("LATAM Santiago–Buenos Aires", "https://vuelos.test/latam-scl",
           "Santiago – Buenos Aires, 5 de febrero, sale por la mañana. Directo, 2 horas. "
           "US$ 210 por persona."),
    Result("Aerolíneas Argentinas Santiago–Buenos Aires", "https://vuelos.test/ar",
           "Santiago – Buenos Aires, 5 de febrero, sale por la tarde. Directo, 2 horas. "
           "US$ 140 por persona."),
]

RUNS = {
    "lima": ("vuelos de Madrid a Lima del 3 al 17 de marzo, ida y vuelta, máximo una escala, "
             "menos de 900 € por persona, con maleta facturada", MADRID_LIMA),
    "newyork": ("flights from Madrid to New York for 2 adults on March 10, under 1500 EUR "
                "total, max 1 stop, no Air Europa, in the morning", NEW_YORK),
    "santiago": ("vuelo Santiago–Buenos Aires el 5 de febrero, vuelta el 9, que no dure más "
                 "de 3 horas, por la mañana", SANTIAGO),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The three runs, each once, with the queries the kind sent."""
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY)


def test_stops_price_per_person_bag_and_dates_cheapest_first(runs):
    run, queries = runs["lima"]
    assert shortlist_names(run) == ["Iberia Madrid–Lima con 1 escala", "LATAM Madrid–Lima directo"]
    assert excluded_reasons(run) == {
        "Air Europa Madrid–Lima": ["más escalas de las pedidas"],
        "Avianca Madrid–Lima": ["por encima del precio máximo"],
        "Plus Ultra Madrid–Lima": ["no dice que incluya maleta facturada"],
        "Level Madrid–Lima": ["no vuela en las fechas pedidas"],
    }
    assert queries[0].startswith("vuelos Madrid Lima ida y vuelta")


def test_a_spanish_request_gets_a_spanish_report(runs):
    run, _ = runs["lima"]
    report = run.report
    assert report.startswith("# Vuelos — Madrid → Lima")
    # the price basis compared is said once: per person; the round trip's span is its dates
    assert "fechas: 3–17 de marzo de 2027, como mucho 1 escala, como mucho 900 €/persona, " \
        "con maleta facturada." in report
    assert re.search(r"\| 1 \| Iberia Madrid–Lima con 1 escala \| 780 €[^|]*\[1\] \| 1 \| 14 \|",
                     report)
    assert re.search(r"\| 2 \| LATAM Madrid–Lima directo \| 860 €[^|]*\| directo \| 12 \|", report)
    own = own_words(report, MADRID_LIMA, ids=True)  # less the kind's id, `flights`
    leaked = words_of(*REPORT_ENGLISH, "flights?", "stops?", "fare", "hours", "direct")
    assert not leaked.search(own), leaked.findall(own)


def test_a_total_budget_is_compared_with_the_fares_times_the_passengers(runs):
    run, queries = runs["newyork"]
    # 640 × 2 = 1.280 and 560 × 2 = 1.120 fit 1.500 in total; 820 × 2 does not
    assert shortlist_names(run) == ["Delta Madrid–New York via Atlanta", "Iberia MAD–JFK"]
    assert excluded_reasons(run) == {
        "United Madrid–Newark": ["over the price cap"],
        "TAP Madrid–New York via Lisbon": ["more stops than asked"],
        "Air Europa Madrid–New York": ["on an airline ruled out"],
        "Iberia evening MAD–JFK": ["not said to leave in the morning"],
    }
    # one airline's two flights on one route, titled alike on one site, are two flights:
    # the evening one's listing is no evidence for the morning one (nor its price)
    iberia = next(i["candidate"] for i in run.artifact("shortlist")["items"]
                  if i["candidate"]["name"] == "Iberia MAD–JFK")
    assert iberia["sources"] == ["https://flights.test/iberia"] and not iberia["aliases"]
    report = run.report
    assert report.startswith("# Flights — Madrid → New York")
    assert "at most 1,500 EUR in total for all the passengers" in report
    assert "2 adults" in report and "not with Air Europa, in the morning." in report
    assert "price per person times 2 people" in report
    assert queries[0].startswith("flights Madrid to New York")
    own = own_words(report, NEW_YORK, ids=True)
    leaked = words_of(*REPORT_SPANISH, "vuelos?", "escalas?", "tarifa", "horas", "directo")
    assert not leaked.search(own), leaked.findall(own)


def test_the_return_day_the_time_of_day_and_the_duration(runs):
    run, _ = runs["santiago"]
    task = run.artifact("task")["values"]
    assert (task["departure"], task["return_date"]) == ("2027-02-05", "2027-02-09")
    assert shortlist_names(run) == ["JetSMART Santiago–Buenos Aires",
                                    "LATAM Santiago–Buenos Aires"]
    assert excluded_reasons(run) == {
        "Sky Airline Santiago–Buenos Aires": ["dura más de lo pedido"],
        "Aerolíneas Argentinas Santiago–Buenos Aires": ["no dice que salga por la mañana"],
    }
    assert "vuelta 9 de febrero de 2027" in run.report


def test_the_reports_cite_their_sources(runs):
    for key, (run, _) in runs.items():
        assert_cites_sources(run, RUNS[key][1], key)


# what a flight's report has no business saying: lodging, pay, stock, and other trips'
# words (a train's changes and bikes, a car's pickup and mileage)
OTHER_KINDS = words_of(*LODGING_PAY_STOCK, "transbordos?", "bikes?", "bicicletas?",
                       "mileage", "kilometraje", "pick-?up", "recogida", "ingredients?",
                       ignore_case=True)


def test_the_reports_say_nothing_of_other_kinds(runs):
    for key, (run, _) in runs.items():
        assert_says_nothing_of(OTHER_KINDS, run.report, RUNS[key][1], key)


def test_the_kind_validates(capsys, monkeypatch):
    assert_validates(PROJECT, capsys, monkeypatch)


def test_plan_shows_the_request_as_read(capsys, monkeypatch, tmp_path):
    out = plan_output(PROJECT, "pipelines/flights.yaml",
                      "vuelo de MAD a LIM el 3 de marzo, solo ida, sin Iberia ni LATAM",
                      tmp_path, capsys, monkeypatch)
    assert re.search(r"\[origin\]\s+MAD\s+\(consulta\)", out)
    assert re.search(r"\[destination\]\s+LIM\s+\(consulta\)", out)
    for words in ["solo ida", "Iberia, LATAM", "F0", "R1", "F6"]:
        assert words in out, words
