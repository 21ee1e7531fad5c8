"""Requests an outside author's tours kind (examples/tours) was misread on, checked for any
kind: a count after a weekday ("el sábado, 4 adultos") is no day of the month; a party
said after "para" / "for" alone ("tour para 4", "for 6, tickets included") is the count
of an input that counts people; a duration said as a range ("2-3 hours", "de 2 a 3
horas") is read whole, its low end (its top for a ``max_...`` input); two aliases of one
flag that overlap ("con entradas" and "entradas incluidas") claim all their words; a
meal's word before what the kind finds ("food tour") is the subject; "somos 3" / "we are
3" is who goes; a name after one place input's word before another's ("a Sintra desde
Lisboa") is a place, not passed over into the subject."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.durations import find_duration
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)   # a Wednesday: Saturday is 5 December
INPUTS = {"city": InputSpec(type="place"), "day": InputSpec(type="date"),
          "guests": InputSpec(type="integer", aliases=["personas", "people", "adults",
                                                       "adultos"]),
          "length": InputSpec(type="duration"),
          "tickets": InputSpec(type="boolean", aliases=["entradas incluidas", "con entradas",
                                                       "tickets included"]),
          "topic": InputSpec(type="subject")}


def _values(query: str, inputs: dict | None = None, **kw) -> dict:
    return parse_query(query, inputs or INPUTS, today=TODAY, **kw).values


@pytest.mark.parametrize("query", [
    "visita en Segovia el sábado, 4 adultos",
    "excursión a Segovia el próximo sábado, 4 adultos",
    "tour in Segovia on Saturday, 4 adults",
])
def test_a_count_after_a_weekday_is_no_day(query):
    values = _values(query)
    assert values["day"] == dt.date(2026, 12, 5)
    assert values["guests"] == 4
    assert values["city"] == "Segovia"   # "on Saturday" is no part of the place


def test_a_day_number_after_a_weekday_is_still_that_day():
    assert _values("visita en Segovia el sábado 12 de diciembre")["day"] == dt.date(2026, 12, 12)


@pytest.mark.parametrize("query,count", [
    ("tour gastronómico en Sevilla para 4, en la tarde", 4),
    ("walking tour in Lisbon for 3", 3),
    ("tour in Toledo for 6, tickets included", 6),
    ("tour para cuatro en Madrid", 4),
])
def test_a_party_after_for_is_the_people_count(query, count):
    task = parse_query(query, INPUTS, today=TODAY)
    assert task.values["guests"] == count
    assert not [n for n in task.notes if "could not read" in n or "no se ha podido" in n]


@pytest.mark.parametrize("query", [
    "walking tour in Lisbon for 3 nights",     # the word after says what it counts
    "walking tour in Lisbon for 2027",
])
def test_a_number_after_for_that_counts_something_else_is_no_party(query):
    assert _values(query).get("guests") is None


def test_a_party_is_read_only_for_an_input_that_counts_people():
    inputs = {"city": InputSpec(type="place"), "rooms": InputSpec(type="integer")}
    assert _values("hotel in Lisbon for 3", inputs).get("rooms") is None


@pytest.mark.parametrize("text,low,high", [
    ("2-3 hours", 7200, 10800), ("de 2 a 3 horas", 7200, 10800),
    ("entre 1 y 2 horas", 3600, 7200), ("1 or 2 hours", 3600, 7200),
    ("90 minutes", 5400, 5400), ("1h30", 5400, 5400),
])
def test_a_duration_range_is_read_whole(text, low, high):
    for want, is_max in ((low, False), (high, True)):
        hit = find_duration(f"tour of {text} in paris", high=is_max)
        assert hit is not None and hit[0] == want
        assert "tour of {} in paris".format(text)[hit[1][0]:hit[1][1]] == text


def test_a_duration_range_leaves_no_number_unread():
    task = parse_query("walking tour in Kraków, 2-3 hours", INPUTS, today=TODAY)
    assert task.values["length"] == 7200
    assert not [n for n in task.notes if "could not read" in n]


def test_overlapping_aliases_of_a_flag_claim_all_their_words():
    values = _values("excursión a Toledo para 6 personas, con entradas incluidas",
                     kind="tours", nouns=["excursión"])
    assert values["tickets"] is True
    assert values.get("topic") is None     # no "incluidas" left over


def test_a_meal_before_what_the_kind_finds_is_its_subject():
    assert _values("food tour in Rome", kind="tours", nouns=["tour"])["topic"] == "food"
    assert _values("where to have dinner in Rome", kind="tours", nouns=["tour"]).get(
        "topic") is None


@pytest.mark.parametrize("query", ["somos 3, tour en Madrid", "food tour in Lisbon, we are 3"])
def test_who_goes_said_as_we_are_is_the_people_count(query):
    assert _values(query)["guests"] == 3


TWO_PLACES = {"place": InputSpec(type="place", aliases=["a", "to", "en", "in"]),
              "origin": InputSpec(type="place", aliases=["desde", "from"]),
              "topic": InputSpec(type="subject")}


@pytest.mark.parametrize("query", [
    "excursión a Sintra desde Lisboa",          # Sintra: a name the gazetteer may not know
    "excursión desde Lisboa a Sintra",
    "day trip to Sintra from Lisbon",
])
def test_a_place_before_another_inputs_place_is_no_subject(query):
    values = _values(query, TWO_PLACES, kind="tours", nouns=["excursión", "day trip"])
    assert values["place"] == "Sintra" and values["origin"] in ("Lisboa", "Lisbon")
    assert values.get("topic") is None


def test_a_name_passed_over_for_a_later_place_by_the_same_cue_stays_the_subject():
    inputs = {"city": InputSpec(type="place", aliases=["in"]), "dish": InputSpec(type="subject")}
    values = _values("mussels in white wine in Brussels", inputs)
    assert values["city"] == "Brussels" and values["dish"] == "mussels in white wine"


@pytest.mark.parametrize("text", ["tour for 2027", "para 1234 euros", "tour for 4.5",
                                  "para un dia", "for 3 nights"])
def test_a_number_that_is_no_party_is_not_read_as_one(text):
    from scout.task.partycount import party_after_for

    assert party_after_for(text) is None


PARTY = {"city": InputSpec(type="place"),
         "adults": InputSpec(type="integer", aliases=["adultos", "adults"]),
         "children": InputSpec(type="integer", aliases=["niños", "niño", "children", "child"])}


@pytest.mark.parametrize("query, adults, children", [
    # English's article after another count is one, as Spanish's "un niño" is
    ("flights to Lima for 2 adults and a child", 2, 1),
    ("vuelos a Lima para 2 adultos y un niño", 2, 1),
    ("flights to Lima for 2 adults & a child", 2, 1),
    # alone, "a" names the thing: no count
    ("a child-friendly hotel in Lima", None, None),
    ("a hotel in Lima for an adult", None, None),
])
def test_an_article_after_another_count_is_one(query, adults, children):
    values = _values(query, PARTY)
    assert (values.get("adults"), values.get("children")) == (adults, children)
