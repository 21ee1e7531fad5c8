"""A route's two ends (scout.task.route) and its two days (scout.task.datelabels), each
probed with kinds written for the test (no kind name passed, so nothing claims the kind's
own noun first) in both languages:

1. the word a request opens with, before where the route starts ("Shuttle from Faro
   airport", "Furgoneta desde Sevilla"), is what is asked for, never the other end; a
   cue after a landmark's noun ("Faro airport to Albufeira") is the route's own;
2. a state after a comma ("Springfield, Illinois to Portland, Maine") belongs to the
   place before it, never to the other end;
3. a request typed in lower case with the origin's cue twice ("billete de ida de madrid")
   reads the known name after the second;
4. the outward day said after the return's date, as a bare day or weekday, is the last
   such day on or before the return ("vuelta el 3 de mayo, ida el jueves 29": 29 April).
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.task.parser import parse_query

from tests.task.test_blind25_classes import kind, read

TRANSFER = kind(
    origin={"type": "place", "aliases": ["from", "desde", "de"]},
    destination={"type": "place", "aliases": ["to", "a", "al", "hasta"]},
    day={"type": "date"},
    passengers={"type": "integer", "aliases": ["personas", "passengers"]},
)
# a second kind with two ends: a removal's old and new home, a parcel's two addresses
MOVE = kind(
    from_city={"type": "place", "aliases": ["desde", "from", "de"]},
    to_city={"type": "place", "aliases": ["a", "al", "to", "hasta", "para"]},
    volume={"type": "number", "aliases": ["m3"]},
)
TRAIN = kind(
    origin={"type": "place", "aliases": ["from", "desde", "de"]},
    destination={"type": "place", "aliases": ["to", "a", "hasta"]},
    outbound={"type": "date", "aliases": ["ida", "outbound", "departing", "leaving on"]},
    back={"type": "date", "aliases": ["vuelta", "regreso", "returning", "back on", "return on"]},
)


def _ends(query: str, inputs: dict) -> tuple[str | None, str | None]:
    got = read(query, inputs)
    a, b = [n for n, s in inputs.items() if s.type == "place"]
    return got.get(a), got.get(b)


# --- 1. the request's opening word, and a cue after a landmark's noun ----------------

@pytest.mark.parametrize("query, want", [
    ("Transfer from Faro airport to Albufeira", ("Faro", "Albufeira")),
    ("Shuttle from Leeds station to Harrogate, 3 passengers", ("Leeds", "Harrogate")),
    ("Shuttle from Faro airport", ("Faro", None)),
    ("Taxi desde el aeropuerto de Málaga", ("Málaga", None)),
    ("Traslado desde la estación de Atocha hasta Toledo", ("Atocha", "Toledo")),
])
def test_a_transfers_opening_word_is_no_end(query: str, want: tuple) -> None:
    assert _ends(query, TRANSFER) == want


@pytest.mark.parametrize("query, want", [
    ("Furgoneta desde Sevilla, 20 m3", ("Sevilla", None)),
    ("Movers from Bristol depot to Leeds", ("Bristol", "Leeds")),
    ("Guardamuebles desde Zaragoza", ("Zaragoza", None)),
])
def test_a_removals_opening_word_is_no_end(query: str, want: tuple) -> None:
    assert _ends(query, MOVE) == want


@pytest.mark.parametrize("query, want", [
    # a name the request opens with and the gazetteer knows is still the route's end
    ("Sevilla to Bilbao", ("Sevilla", "Bilbao")),
    ("Lisbon - Porto, 3 passengers", ("Lisbon", "Porto")),
    ("traslado del aeropuerto de Faro a Albufeira", ("Faro", "Albufeira")),
])
def test_a_routes_own_ends_stay(query: str, want: tuple) -> None:
    assert _ends(query, TRANSFER) == want


# --- 2. a state after a comma ----------------------------------------------------------

@pytest.mark.parametrize("query, inputs, origin, destination", [
    ("Springfield, Illinois to Portland, Maine", TRANSFER, "Springfield", "Portland"),
    ("Austin, Texas to Denver, Colorado, 3 passengers", TRANSFER, "Austin", "Denver"),
    ("mudanza de Guadalajara, Jalisco a Monterrey, Nuevo León", MOVE, "Guadalajara",
     "Monterrey"),
    ("Toledo, Ohio to Salem, Oregon", MOVE, "Toledo", "Salem"),
])
def test_a_state_after_a_comma_is_the_place_befores(query, inputs, origin, destination):
    a, b = _ends(query, inputs)
    # the end keeps its state where the bare name would be read elsewhere; never the state
    # alone, and never the other end's
    assert a is not None and a.split(",")[0] == origin
    assert b is not None and b.split(",")[0] == destination


# --- 3. the origin's cue twice, typed in lower case ------------------------------------

@pytest.mark.parametrize("query, inputs, want", [
    ("billete de ida de madrid a barcelona", TRAIN, ("Madrid", "Barcelona")),
    ("pasaje de vuelta de sevilla a cordoba", TRAIN, ("Sevilla", "Cordoba")),
    ("mudanza de piso de valencia a bilbao", MOVE, ("Valencia", "Bilbao")),
    # a name the gazetteer knows whole keeps its "de"
    ("mudanza de palma de mallorca a madrid", MOVE, ("Palma de Mallorca", "Madrid")),
    ("mudanza de alcala de henares a toledo", MOVE, ("Alcala de Henares", "Toledo")),
])
def test_the_known_name_after_the_inner_cue(query: str, inputs: dict, want: tuple) -> None:
    assert _ends(query, inputs) == want


# --- 4. the outward day said after the return's -----------------------------------------

@pytest.mark.parametrize("query, outbound, back", [
    ("vuelta el 3 de mayo, ida el jueves 29", "2027-04-29", "2027-05-03"),
    ("regreso el 10 de marzo, ida el 2", "2027-03-02", "2027-03-10"),
    ("back on 3 May, leaving on the 29th", "2027-04-29", "2027-05-03"),
    ("returning on 12 March, outbound on Friday 5", "2027-03-05", "2027-03-12"),
    ("vuelta el 3 de mayo, ida el jueves", "2027-04-29", "2027-05-03"),
    # a day written with its month is kept as written
    ("vuelta el 3 de mayo, ida el 29 de diciembre", "2026-12-29", "2027-05-03"),
    # said in order, as before
    ("ida el 20 de marzo y vuelta el 3", "2027-03-20", "2027-04-03"),
])
def test_the_outward_day_said_after_the_return(query: str, outbound: str, back: str) -> None:
    # said on a Wednesday in December: 29 April 2027 is a Thursday
    got = parse_query(query, TRAIN, today=dt.date(2026, 12, 2)).values
    assert (str(got.get("outbound")), str(got.get("back"))) == (outbound, back)
