"""Two place inputs of one kind read apart (scout.task.route): each by the words before
it (its aliases), and a route written as two joined names ("Barcelona-París", "London to
Paris", "madrid valencia") first name to the first place declared."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 2)
# names of no trip kind, so nothing here is matched to one kind's words
MOVE = {"old_city": InputSpec(type="place", aliases=["from", "desde", "de"]),
        "new_city": InputSpec(type="place", aliases=["to", "a", "hasta", "hacia"]),
        "budget": InputSpec(type="money")}
BARE = {"start": InputSpec(type="place"), "end": InputSpec(type="place")}


def _places(query: str, inputs: dict[str, InputSpec]) -> tuple[str | None, ...]:
    task = build_task(query, inputs, today=TODAY)
    return tuple(task.values.get(n) for n in inputs if inputs[n].type == "place")


@pytest.mark.parametrize("query,want", [
    # each by its own cue, in either order
    ("mudanza de Sevilla a Bilbao", ("Sevilla", "Bilbao")),
    ("mudanza a Bilbao desde Sevilla", ("Sevilla", "Bilbao")),
    ("moving to Leeds from Bristol under 900 GBP", ("Bristol", "Leeds")),
    ("moving from Bristol to Leeds", ("Bristol", "Leeds")),
    # one by its cue, the other the route's other end
    ("movers Bristol to Leeds", ("Bristol", "Leeds")),
    ("mudanza Sevilla a Bilbao", ("Sevilla", "Bilbao")),
    # a route with no cue at all: first name to the first place declared
    ("mudanza Sevilla-Bilbao", ("Sevilla", "Bilbao")),
    ("mudanza Sevilla → Bilbao", ("Sevilla", "Bilbao")),
    ("mudanza sevilla bilbao por menos de 900 €", ("Sevilla", "Bilbao")),
    ("mudanza entre Sevilla y Bilbao", ("Sevilla", "Bilbao")),
])
def test_two_places_by_their_cues_and_routes(query, want):
    assert _places(query, MOVE) == want


@pytest.mark.parametrize("query,want", [
    # a name the gazetteer knows whole, or with a hyphen of its own, is one place
    ("mudanza a Aix-en-Provence desde Lyon", ("Lyon", "Aix-en-Provence")),
    ("mudanza de Palma de Mallorca a Madrid", ("Palma de Mallorca", "Madrid")),
    ("mudanza a Nueva York", (None, "Nueva York")),
    ("mudanza a Trinidad y Tobago desde Madrid", ("Madrid", "Trinidad y Tobago")),
])
def test_a_name_of_its_own_is_not_split(query, want):
    assert _places(query, MOVE) == want


def test_without_aliases_the_order_written_is_the_order_declared():
    assert _places("from Porto to Lisbon", BARE) == ("Porto", "Lisbon")
    assert _places("Porto-Lisbon", BARE) == ("Porto", "Lisbon")


def test_one_place_input_reads_as_before():
    one = {"city": InputSpec(type="place")}
    assert build_task("hoteles en Barcelona-París", one, today=TODAY).values["city"] \
        == "Barcelona-París"


@pytest.mark.parametrize("query", ["A-" * 1000, "de " * 660 + "Madrid", "Madrid Lisboa " * 140])
def test_a_hostile_request_reads_a_bounded_number_of_names(monkeypatch, query):
    """Reading a name is linear in what follows it, so the names tried are capped: a
    2,000-character request of dashes or cue words cannot make the route reader quadratic."""
    import scout.task.route as route
    from scout.task.lang import fold

    calls = []
    real = route.name_at
    monkeypatch.setattr(route, "name_at", lambda *a, **k: calls.append(1) or real(*a, **k))
    route.read_places(fold(query), query, "es",
                      [("old_city", ["from", "de"]), ("new_city", ["to", "a"])])
    assert len(calls) <= 4 * route._TRIES


# a short cue of one input ("in", "en") that ends a longer cue of the other's ("drop off
# in", "devolver en"): the longer one names the place after it, in either order
PICKUP = {"pickup": InputSpec(type="place", aliases=["in", "en", "recogida en"]),
          "dropoff": InputSpec(type="place", aliases=["drop off in", "devolver en", "return in"])}


@pytest.mark.parametrize("query,want", [
    ("car hire from Madrid, drop off in Barcelona", ("Madrid", "Barcelona")),
    ("drop off in Barcelona, car hire from Madrid", ("Madrid", "Barcelona")),
    ("car hire in Madrid, drop off in Barcelona", ("Madrid", "Barcelona")),
    ("coche para devolver en Sevilla, recogida en Madrid", ("Madrid", "Sevilla")),
    ("coche desde Madrid para devolver en Sevilla", ("Madrid", "Sevilla")),
    ("van hire, return in Porto", (None, "Porto")),
])
def test_a_longer_cue_of_the_other_input_wins(query, want):
    assert _places(query, PICKUP) == want


TRIP = {"origin": InputSpec(type="place", aliases=["from", "desde", "de"]),
        "destination": InputSpec(type="place", aliases=["to", "a", "hasta"])}


@pytest.mark.parametrize("query,want", [
    # an origin beside a destination is a trip's start: an airport's code is its place,
    # not an institution's initials (as for a wine's origin alone)
    ("vuelo de MAD a LIM el 3 de marzo", ("MAD", "LIM")),
    ("flight from JFK to LHR", ("JFK", "LHR")),
    ("from AMS to London", ("AMS", "London")),
    # two codes joined by a hyphen are two ends, whether or not the gazetteer knows them
    ("vuelo MAD-LIM el 3 de marzo", ("MAD", "LIM")),
    ("flight JFK-LHR on 3 March", ("JFK", "LHR")),
    # a name with hyphens stays one
    ("tren a Aix-en-Provence desde Lyon", ("Lyon", "Aix-en-Provence")),
])
def test_airport_codes_are_a_route_s_ends(query, want):
    assert _places(query, TRIP) == want


def test_an_origin_alone_still_names_a_country():
    wine = {"origin": InputSpec(type="place", aliases=["de", "from"]),
            "grape": InputSpec(type="string", enum=["malbec"])}
    # "Malbec argentino": a nationality gives a wine's origin
    assert build_task("Malbec argentino", wine, today=TODAY).values.get("origin") == "Argentina"
