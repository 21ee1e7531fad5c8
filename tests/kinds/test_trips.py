"""An outside-author kind: trips (examples/trips), train and bus trips between two cities,
written from the docs alone. Its point is two inputs of one type — the origin and the
destination are both places — told apart by the words before each ("de/desde/from",
"a/hasta/to") or by a route written as joined names ("Barcelona-París", "London to
Paris"): scout.task.route. The requests are typed as the lab types them, in both
languages; three run end to end offline with scout.testing (direct first, then cheapest;
a ticket cap, a mode, changes, hours and a bike checked against what listings say), and
each report is in the request's language, cites its sources and says nothing of a hotel's
or a restaurant's."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.testing import Result
from tests.kinds import parse_request, run_each

KIND = Path(__file__).resolve().parents[2] / "examples" / "trips" / "pipelines" / "trips.yaml"
TODAY = dt.date(2026, 12, 2)   # a Wednesday: "next Friday" is 11 December


def _money(amount: float, currency: str = "EUR") -> dict:
    return {"amount": amount, "currency": currency, "comparator": "<=", "per": None}


# request → (lang, the values it states; every other input keeps its default)
REQUESTS = {
    "trenes de Madrid a Lisboa el 12 de marzo, menos de 60 €, directo":
        ("es", {"origin": "Madrid", "destination": "Lisboa", "date": "2027-03-12",
                "budget": _money(60), "direct": True, "mode": "train"}),
    "cheapest bus from London to Edinburgh next Friday, overnight ok":
        ("en", {"origin": "London", "destination": "Edinburgh", "date": "2026-12-11",
                "mode": "bus", "overnight": True}),
    "viaje en tren Barcelona-París en julio con bicicleta":
        ("es", {"origin": "Barcelona", "destination": "París",
                "date": {"start": "2027-07-01", "end": "2027-07-31"}, "mode": "train", "bike": True}),
    # the destination named first: each place by its own word
    "tren a Lisboa desde Madrid":
        ("es", {"origin": "Madrid", "destination": "Lisboa", "mode": "train"}),
    "train to Paris from Brussels in May under 80 euros":
        ("en", {"origin": "Brussels", "destination": "Paris",
                "date": {"start": "2027-05-01", "end": "2027-05-31"}, "budget": _money(80),
                "mode": "train"}),
    # a route with one cue, or none: the first name is where it starts
    "coach Manchester to London on 3 April under £25":
        ("en", {"origin": "Manchester", "destination": "London", "date": "2027-04-03",
                "budget": _money(25, "GBP"), "mode": "bus"}),
    "trains London to Paris, max 3 hours, direct":
        ("en", {"origin": "London", "destination": "Paris", "direct": True,
                "max_duration": 10800, "mode": "train"}),
    "autobús madrid valencia mañana por menos de 30 euros":
        ("es", {"origin": "Madrid", "destination": "Valencia", "date": "2026-12-03",
                "budget": _money(30), "mode": "bus"}),
    "tren directo Valencia → Barcelona, máximo 3 horas y media":
        ("es", {"origin": "Valencia", "destination": "Barcelona", "direct": True,
                "max_duration": 12600, "mode": "train"}),
    "cheap coach london-manchester this weekend":
        ("en", {"origin": "London", "destination": "Manchester",
                "date": {"start": "2026-12-05", "end": "2026-12-06"}, "mode": "bus"}),
    "desde Bilbao hasta Madrid en autobús, máximo 25 euros":
        ("es", {"origin": "Bilbao", "destination": "Madrid", "budget": _money(25), "mode": "bus"}),
    "¿hay tren de Sevilla a Cádiz con bici el 3 de enero?":
        ("es", {"origin": "Sevilla", "destination": "Cádiz", "date": "2027-01-03",
                "mode": "train", "bike": True}),
    "London to Edinburgh sleeper train with a bike next month":
        ("en", {"origin": "London", "destination": "Edinburgh",
                "date": {"start": "2027-01-01", "end": "2027-01-31"}, "mode": "train",
                "bike": True, "overnight": True}),
    "trenes entre Madrid y Barcelona en enero":
        ("es", {"origin": "Madrid", "destination": "Barcelona",
                "date": {"start": "2027-01-01", "end": "2027-01-31"}, "mode": "train"}),
    # train or bus: either will do, so the mode keeps its default
    "necesito ir de Oporto a Vigo en tren o bus":
        ("es", {"origin": "Oporto", "destination": "Vigo"}),
    "train Paris–Amsterdam under 5 hours, no changes":
        ("en", {"origin": "Paris", "destination": "Amsterdam", "direct": True,
                "max_duration": 18000, "mode": "train"}),
}
DEFAULTS = {"mode": "any"}


@pytest.fixture(scope="module")
def inputs():
    return load_pipeline(KIND).model.inputs


@pytest.mark.parametrize("query", list(REQUESTS))
def test_requests_as_people_type_them(inputs, query):
    lang, want = REQUESTS[query]
    task = parse_request(KIND, query, TODAY)
    got = task.model_dump(mode="json")["values"]
    assert task.lang == lang
    for name, value in got.items():
        if isinstance(value, dict) and "amount" in value:
            value = {k: value.get(k) for k in ("amount", "currency", "comparator", "per")}
        elif isinstance(value, dict):
            value = {k: value.get(k) for k in ("start", "end")}
        assert value == want.get(name, DEFAULTS.get(name)), (name, value)
    assert not [n for n in task.notes if "could not read" in n or "no se ha podido" in n]


IBERIA = [
    Result("Madrid → Lisboa, Trenhotel Lusitania - Renfe", "https://renfe.test/madrid-lisboa",
           "Tren directo Madrid - Lisboa, salida el 12 de marzo a las 22:05. Duración 9 horas. "
           "55 €. Admite bicicletas plegadas."),
    Result("Madrid → Lisboa vía Badajoz - Trainline", "https://trainline.test/madrid-lisboa",
           "Tren Madrid a Lisboa con transbordo en Badajoz el 12 de marzo. Duración 10 horas. 39 €."),
    Result("Madrid → Lisboa en autobús - ALSA", "https://alsa.test/madrid-lisboa",
           "Autobús directo Madrid - Lisboa el 12 de marzo, 8 horas, 35 €."),
    Result("Madrid → Lisboa, tren Intercidades - CP", "https://cp.test/madrid-lisboa",
           "Tren directo Madrid - Lisboa el 12 de marzo, 7 horas, 49 €."),
    Result("Madrid → Lisboa, tren de lujo - Omio", "https://omio.test/madrid-lisboa",
           "Tren directo Madrid - Lisboa el 12 de marzo, 9 horas, 120 €."),
    Result("Madrid → Lisboa, tren del 20 de marzo - Renfe", "https://renfe.test/20-marzo",
           "Tren directo Madrid - Lisboa el 20 de marzo, 9 horas, 45 €."),
]
BRITAIN = [
    Result("London → Edinburgh overnight coach - Megabus", "https://megabus.test/lon-edi",
           "Direct overnight coach London to Edinburgh, Friday 11 December, 9 hours, £19."),
    Result("London → Edinburgh bus via Leeds - FlixBus", "https://flixbus.test/lon-edi",
           "Bus London to Edinburgh with a change in Leeds, 11 December, 11 hours, £15."),
    Result("London → Edinburgh daytime coach - National Express", "https://nx.test/lon-edi",
           "Direct coach London to Edinburgh, 11 December, 10 hours, £28."),
    Result("London → Edinburgh Caledonian Sleeper", "https://sleeper.test/lon-edi",
           "Caledonian Sleeper train London to Edinburgh, 11 December, 8 hours, £95."),
]
FRANCE = [
    Result("Barcelona → París TGV directo - SNCF Connect", "https://sncf.test/bcn-par",
           "TGV directo Barcelona - París en julio, 6 horas y media, 89 €. Bicicletas no "
           "desmontadas no admitidas."),
    Result("Barcelona → París vía Lyon - Trainline", "https://trainline.test/bcn-par",
           "Tren Barcelona a París con transbordo en Lyon, julio, 9 horas, 65 €. Bicicleta "
           "admitida en el compartimento de bicis."),
    Result("Barcelona → París con bici - Ouigo", "https://ouigo.test/bcn-par",
           "Tren directo Barcelona - París en julio, 7 horas, 75 €. Bicicleta admitida con reserva."),
]
RUNS = {
    "es": ("trenes de Madrid a Lisboa el 12 de marzo, menos de 60 €, directo", IBERIA),
    "en": ("cheapest bus from London to Edinburgh next Friday, overnight ok", BRITAIN),
    "bike": ("viaje en tren Barcelona-París en julio con bicicleta", FRANCE),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    # an aggregator answers the route's search (every listing), and each trip's own
    # search with its own page
    return run_each(KIND, RUNS, tmp_path_factory, today=TODAY, seed=_own_pages)


def _own_pages(fake, listings):
    for listing in listings:
        name = re.sub(r" - [^-]+$", "", listing.title)
        fake.search(re.escape(name) + " (horario|timetable)", [listing])


def _names(items):
    return [i["candidate"]["name"] for i in items]


def test_spanish_direct_trains_under_the_cap_cheapest_first(runs):
    run, queries = runs["es"]
    short = run.artifact("shortlist")
    assert _names(short["items"]) == ["Madrid → Lisboa, tren Intercidades",
                                      "Madrid → Lisboa, Trenhotel Lusitania"]
    assert {c["name"]: r for c, r in short["excluded"]} == {
        "Madrid → Lisboa vía Badajoz": ["tiene transbordos"],
        "Madrid → Lisboa en autobús": ["no dice que sea en tren"],
        "Madrid → Lisboa, tren de lujo": ["por encima del presupuesto"],
        "Madrid → Lisboa, tren del 20 de marzo": ["en otras fechas"]}
    # both cities and the mode are searched for, in the request's language
    assert any(q.startswith("tren Madrid Lisboa directo") for q in queries), queries


def test_english_bus_overnight_direct_first_then_cheapest(runs):
    run, queries = runs["en"]
    short = run.artifact("shortlist")
    # the direct coaches before the one with a change, though it is the cheapest
    assert _names(short["items"]) == ["London → Edinburgh overnight coach",
                                      "London → Edinburgh daytime coach",
                                      "London → Edinburgh bus via Leeds"]
    assert {c["name"]: r for c, r in short["excluded"]} == {
        "London → Edinburgh Caledonian Sleeper": ["not said to be by bus"]}
    assert any(q.startswith("bus London to Edinburgh overnight") for q in queries), queries


def test_a_bike_must_be_said_to_be_allowed(runs):
    run, _ = runs["bike"]
    short = run.artifact("shortlist")
    # the TGV says bikes are not allowed: a negated mention is no mention
    assert _names(short["items"]) == ["Barcelona → París con bici", "Barcelona → París vía Lyon"]
    assert {c["name"]: r for c, r in short["excluded"]} == {
        "Barcelona → París TGV directo": ["no dice que admita bicicletas"]}


@pytest.mark.parametrize("key,words", [
    ("es", ["# Trayectos: Madrid → Lisboa, 12 de marzo de 2027",
            "2 de 6 trayectos encontrados encajan: en tren, 12 de marzo de 2027, billetes de "
            "hasta 60 €, directo.",
            "| 1 | Madrid → Lisboa, tren Intercidades | 49 € [1] | 7 | sí |",
            "| origen | Madrid | consulta |", "| destino | Lisboa | consulta |",
            "| medio | tren | consulta |"]),
    ("en", ["# Trips: London → Edinburgh, December 11, 2026",
            "3 of 4 trips found fit: by bus, December 11, 2026, overnight is fine.",
            "| 1 | London → Edinburgh overnight coach | 19 GBP [1] | 9 | yes |",
            "| 3 | London → Edinburgh bus via Leeds | 15 GBP [3] | 11 | no |",
            # the synthesis names the table's first (direct first) before the cheapest,
            # so the two do not disagree on which comes first
            "London → Edinburgh overnight coach comes first of the 3 options that fit your "
            "request, in the shortlist's order. London → Edinburgh bus via Leeds "
            "is the cheapest option that fits your request: 15 GBP. [3]",
            "| origin | London | query |", "| destination | Edinburgh | query |"]),
    ("bike", ["# Trayectos: Barcelona → París, 1–31 de julio de 2027", "con bicicleta.",
              "| bicicleta | sí | consulta |"]),
])
def test_the_report_is_the_requests_language_and_cites(runs, key, words):
    run, _ = runs[key]
    report = run.report
    assert all(w in report for w in words), [w for w in words if w not in report]
    assert re.search(r"\[\d+\]\(https://\w+\.test/", report)
    assert "sin respaldo en la evidencia" not in report
    assert "not supported by the evidence" not in report
    other = ["## Shortlist", "What you asked", "| origin |", "ticket", "Trips:"] if key != "en" \
        else ["## Selección", "Lo que pediste", "| origen |", "billete", "Trayectos"]
    assert not [w for w in other if w in report]
    assert run.report_html and "<html" in run.report_html.lower()


@pytest.mark.parametrize("key", list(RUNS))
def test_the_report_says_nothing_of_another_kind(runs, key):
    report = runs[key][0].report.lower()
    for word in ["rating unknown", "valoración desconocida", "hotel", "per night", "por noche",
                 "reviews", "reseñas", "stated(", "mentions(", "(location)", "(ubicación)"]:
        assert not re.search(r"(?<!\w)" + re.escape(word), report), word


def test_the_kind_validates_with_no_warning() -> None:
    """Every word of its template and reasons is translated (no SPEC059), every input read."""
    from scout.validate import validate_paths

    report = validate_paths([KIND], config=KIND.parents[1] / "config" / "adapters.yaml")
    assert report.ok and not report.problems, [str(p) for p in report.problems]
