"""Classes of phrasing the parser misread (parse25: the parser's leftovers), each probed
on the example kinds as their authors wrote them (read as ``scout apply`` reads them) and
on kinds written here as another author might, in both languages, with guards for what
must stay. The clock is injected (today is Sunday 6 December 2026).

1. A verb after someone's auxiliary is no subject ("I am craving sushi" gave the dish
   "am", "we are dying for tacos" the dish "dying", "estoy antojado de sushi" "antojado
   de sushi"), nor what someone else is doing takes ("my PI is taking the visiting
   committee out ..." gave "taking", then "visiting committee").
2. A lone unknown word opening a request in lower case, going on with what it is for or
   has, is the thing sought, no place ("espacio para una reunión en el centro" gave the
   place "Espacio"); a date said whole after "de" typed in lower case ends a place's
   name ("coche en malaga de mañana" gave "Malaga de Mañana"), whether or not the kind
   reads dates.
3. A span's end said as a weekday is after its start: "hasta el domingo" / "hasta el dom"
   / "until Sunday" said on a Sunday is the coming one (it was today alone), and "de
   mañana a domingo" / "desde mañana hasta el domingo" runs to it (it was today, and
   "mañana" was glued to the place: "Malaga de Mañana"); a length said "a week" with no
   "for" before when or where follows ("a week in July") is one week, never a rate's
   period ("300 € a week", "twice a week").
4. A country CLDR writes with "&" or "St." is read as people write it out ("Trinidad and
   Tobago", "Saint Kitts and Nevis" were the country "Trinidad" and the subject "Tobago").
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange
from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from tests.task.test_parse22_classes import read

TODAY = dt.date(2026, 12, 6)  # a Sunday

# an outside author's kind: a subject and a place
MEALS = {"food": InputSpec(type="subject"),
         "town": InputSpec(type="place", aliases=["in", "en"])}
# a place input and a subject, no date input
COUNTRY = {"country": InputSpec(type="place"), "about": InputSpec(type="subject")}


def values(query: str, inputs: dict[str, InputSpec]) -> dict[str, object]:
    return {k: v for k, v in parse_query(query, inputs, today=TODAY).values.items()
            if v is not None}


# ------------------------------ 1. a verb after someone's auxiliary
@pytest.mark.parametrize("query, dish", [
    ("I am craving sushi in Lima", "sushi"),
    ("we are dying for tacos in Mexico City", "tacos"),
    ("she is dying for ramen in Madrid", "ramen"),
    ("My wife is craving dumplings in Madrid", "dumplings"),
    ("estoy antojado de sushi en Lima", "sushi"),
    ("Estamos pensando en ramen en Madrid", "ramen"),
    ("ando buscando tacos en Madrid", "tacos"),
    ("my PI is taking the visiting committee out for dinner in Lima; could you find a "
     "good ceviche place?", "ceviche"),
    ("mi jefa está llevando al comité a cenar en Lima, busco un sitio de ceviche", "ceviche"),
    ("my boss is taking the team out in Lima, find a ceviche place", "ceviche"),
])
def test_a_verb_after_an_auxiliary_is_no_subject(query: str, dish: str) -> None:
    assert read("restaurant", query).get("dish") == dish
    assert values(query, MEALS).get("food") == dish


@pytest.mark.parametrize("query, topic", [
    # the relayed person, claimed at the start, is someone too
    ("my daughter is doing a project on volcanoes, find courses in Madrid", "volcanoes"),
    # what someone else is doing is the topic when nothing else is left
    ("my son is studying robotics, find courses in Madrid", "robotics"),
    ("mi hija está estudiando robótica, busco cursos en Madrid", "robótica"),
])
def test_what_someone_does_is_the_topic_when_nothing_else_is(query: str, topic: str) -> None:
    assert read("courses", query).get("topic") == topic


@pytest.mark.parametrize("query, dish", [
    ("what is the best sushi in Lima", "sushi"),  # no one before "is": no verb after it
    ("where is bubble tea in Madrid", "bubble tea"),
    ("cooking classes in Madrid", "cooking"),  # an "-ing" noun with no auxiliary stays
])
def test_an_ing_word_with_no_one_doing_it_stays(query: str, dish: str) -> None:
    assert values(query, MEALS).get("food") == dish


# ------------------------------ 2. a common noun first; a date glued to a place
@pytest.mark.parametrize("query", [
    "espacio para una reunión en el centro",
    "sala con proyector en el centro",
    "room for a meeting downtown",
])
def test_a_thing_for_something_opening_a_request_is_no_place(query: str) -> None:
    assert "place" not in read("coworking", query)
    assert "country" not in values(query, COUNTRY)


@pytest.mark.parametrize("query, place", [
    ("cadaqués para 4 personas", "Cadaqués"),  # a town then a count: still the town
    ("girona para una semana", "Girona"),  # a known town
])
def test_a_town_opening_a_request_stays(query: str, place: str) -> None:
    assert read("coworking", query).get("place") == place


@pytest.mark.parametrize("query, place", [
    ("coche en malaga de mañana", "Malaga"),
    ("coche en malaga de mañana a domingo", "Malaga"),
    ("hotel en sevilla del lunes", "Sevilla"),
    ("hotel en isla de navidad", "Isla de Navidad"),  # a known name keeps its date word
    ("hotel en Isla de Navidad", "Isla de Navidad"),
    ("hotel en santiago de compostela", "Santiago de Compostela"),
])
def test_a_date_after_de_ends_a_lower_case_place(query: str, place: str) -> None:
    assert values(query, COUNTRY).get("country") == place


# ------------------------------ 3. a span's end after its start; a bare "a week"
WHEN = {"town": InputSpec(type="place"), "when": InputSpec(type="date"),
        "length": InputSpec(type="duration")}
NEXT_SUNDAY = dt.date(2026, 12, 13)


@pytest.mark.parametrize("query, start", [
    ("hotel en Sevilla hasta el domingo", TODAY),
    ("hotel en Sevilla hasta el dom", TODAY),
    ("hotel in Seville until Sunday", TODAY),
    ("hotel en Sevilla desde hoy hasta el domingo", TODAY),
    ("coche en malaga de mañana a domingo", dt.date(2026, 12, 7)),
    ("coche en Málaga desde mañana hasta el domingo", dt.date(2026, 12, 7)),
    ("car in Malaga from tomorrow to Sunday", dt.date(2026, 12, 7)),
])
def test_a_weekday_that_ends_a_span_said_on_it_is_the_coming_one(query: str,
                                                                  start: dt.date) -> None:
    got = values(query, WHEN)
    assert got.get("when") == DateRange(start=start, end=NEXT_SUNDAY)
    assert got.get("town") in ("Sevilla", "Seville", "Malaga", "Málaga")


@pytest.mark.parametrize("query, end", [
    ("hotel en Sevilla hasta el martes", dt.date(2026, 12, 8)),  # a later weekday: as before
    ("hotel en Sevilla hasta el 15 de enero", dt.date(2027, 1, 15)),
])
def test_a_bound_after_today_stays(query: str, end: dt.date) -> None:
    assert values(query, WHEN).get("when") == DateRange(start=TODAY, end=end)


def test_until_today_stays_today() -> None:
    assert values("hotel en Sevilla hasta hoy", WHEN).get("when") == TODAY


@pytest.mark.parametrize("query, seconds", [
    ("boat in Mallorca a week in July", 7 * 86400),
    ("a week in July, boat in Mallorca", 7 * 86400),
    ("barco en Mallorca una semana en julio", 7 * 86400),
    ("a month in Lisbon from March 3", 2629800),
])
def test_a_bare_week_before_when_or_where_is_a_length(query: str, seconds: int) -> None:
    assert values(query, WHEN).get("length") == seconds


@pytest.mark.parametrize("query", [
    "boat in Mallorca, 300 € a week in July",  # a rate's period
    "boat in Mallorca twice a week in July",  # how often
    "book a boat in Mallorca a week in advance",  # how early
])
def test_a_rate_or_a_frequency_is_no_length(query: str) -> None:
    assert "length" not in values(query, WHEN)


# ------------------------------ 4. a country CLDR writes with "&" or "St."


@pytest.mark.parametrize("query, country", [
    ("grants in Trinidad and Tobago", "Trinidad and Tobago"),
    ("hotels in trinidad and tobago", "Trinidad and Tobago"),
    ("hotels in Bosnia and Herzegovina", "Bosnia and Herzegovina"),
    ("hotels in Saint Kitts and Nevis", "Saint Kitts and Nevis"),
    ("hotels in São Tomé and Príncipe", "São Tomé and Príncipe"),
    ("becas en Trinidad y Tobago", "Trinidad y Tobago"),
])
def test_a_country_named_with_and_is_one_place(query: str, country: str) -> None:
    got = values(query, COUNTRY)
    assert got.get("country") == country
    assert "about" not in got


def test_cldr_short_writing_is_spelt_out() -> None:
    from scout.task.cldr import currencies, spellings

    assert {"trinidad and tobago", "trinidad & tobago"} <= set(spellings("trinidad & tobago"))
    assert "saint kitts and nevis" in spellings("st. kitts & nevis")
    assert spellings("spain") == ["spain"]
    assert currencies().territory_names["trinidad and tobago"] == "TT"
