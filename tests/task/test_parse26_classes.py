"""Classes of phrasing the parser misread (parse26: places and subjects), each probed on
the example kinds as their authors wrote them (read as ``scout apply`` reads them) and
on kinds written here as another author might, in both languages, with guards for what
must stay. The clock is injected (today is Sunday 6 December 2026).

1. A region narrowed by a nationality or regional adjective is one place: "Pirineo
   aragonés" (the adjective typed in lower case amid capitals cut the name to
   "Pirineo"), "los Alpes suizos", "el Caribe mexicano"; "the greek islands" / "the
   french alps" typed in lower case (no place was read, or the trip's origin). After a
   city the gazetteer knows the adjective is no word of its name ("Madrid italiano"),
   nor a common adjective ("Cadaqués pequeño", "Pirineo cercano a Jaca").
2. A subject keeps no other input's words: a bound and the participle before what
   another reader claimed ("centrifuge delivered in less than 3 weeks" gave the
   instrument "centrifuge delivered in less"); a count after a price asked for ("get me a
   quote for 2 ultra-low freezers") is the kind's quantity, no one the thing is for (the
   instrument was lost and the note said "could not read '2 ultra'").
3. A day or a part of town is no subject: "taller en sevilla del lunes" (a kind with no
   date input) gave the subject "lunes" (read as a feast's dish, "roscón de Reyes"),
   "restaurante en Madrid centro" the dish "centro", "restaurant in Manchester city
   centre" the dish "city"; a weekday ends a name ("workshop in sevilla monday" gave the
   place "Sevilla Monday", "in Lima Monday" "Lima Monday"), a known name holding one stays
   ("Santo Domingo").
4. A language's name is no place however the place reader came to it ("subtitle two
   videos ... from English" gave the place "English" to a kind with no language input);
   a stretch of weekdays said from a start until an end is the coming one, no schedule
   ("hotel in sevilla from monday until friday" read no date, as "del lunes hasta el
   viernes" did), where "Monday to Friday" / "de lunes a viernes" stay a schedule.
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import DateRange
from scout.spec.models import InputSpec
from scout.task.parser import parse_query
from scout.task.regionadjective import region_adjective
from tests.kinds import parse_request
from tests.task.test_parse22_classes import kind_path, read

TODAY = dt.date(2026, 12, 6)  # a Sunday

# an outside author's kind: where to stay, and what
STAYS = {"region": InputSpec(type="place", aliases=["in", "en"]),
         "lodging": InputSpec(type="subject")}


def values(query: str, inputs: dict[str, InputSpec]) -> dict[str, object]:
    return {k: v for k, v in parse_query(query, inputs, today=TODAY).values.items()
            if v is not None}


# ------------------------------ 1. a region and the adjective that narrows it
@pytest.mark.parametrize("query, place", [
    ("hotel en el Pirineo aragonés", "Pirineo aragonés"),
    ("Hotel en el Pirineo aragonés en agosto", "Pirineo aragonés"),
    ("Hotel en los Alpes suizos", "Alpes suizos"),
    ("hotel en los alpes suizos", "Alpes Suizos"),
    ("Hotel en el Caribe mexicano", "Caribe mexicano"),
    ("Hotel en el Prepirineo oscense", "Prepirineo oscense"),
    ("Casa rural en los Picos de Europa asturianos", "Picos de Europa asturianos"),
    ("hotel in the french alps", "French Alps"),
    ("hotel in the greek islands", "Greek Islands"),
    ("hotel in the French Alps", "French Alps"),
    ("hotel en las islas griegas", "Islas Griegas"),
])
def test_a_region_keeps_its_adjective(query: str, place: str) -> None:
    assert read("hotel", query).get("destination") == place
    assert values(query, STAYS).get("region") == place


@pytest.mark.parametrize("kind, query, field, place", [
    ("trails", "rutas en el Pirineo aragonés", "place", "Pirineo aragonés"),
    ("tours", "tour of the greek islands", "place", "Greek Islands"),
    ("trips", "trip to the greek islands", "destination", "Greek Islands"),
])
def test_a_region_and_its_adjective_in_other_kinds(kind: str, query: str, field: str,
                                                  place: str) -> None:
    values_read = read(kind, query)
    assert values_read.get(field) == place
    assert "origin" not in values_read


@pytest.mark.parametrize("query, place", [
    ("Hotel en Cadaqués pequeño", "Cadaqués"),  # a common adjective
    ("Alojamiento en el Pirineo cercano a Jaca", "Pirineo"),
    ("Hotel en la Costa Brava barato", "Costa Brava"),
    ("Restaurante en Madrid italiano", "Madrid"),  # a cuisine, after a known city
])
def test_an_adjective_no_region_takes_stays_out(query: str, place: str) -> None:
    assert values(query, STAYS).get("region") == place


@pytest.mark.parametrize("word, said", [
    ("aragonés", True), ("suizos", True), ("oscense", True), ("leonesa", True),
    ("valenciano", True), ("griegas", True),
    ("cercano", False), ("pequeño", False), ("barato", False), ("meses", False),
    ("empresa", False), ("mesas", False),
])
def test_what_a_regional_adjective_is(word: str, said: bool) -> None:
    assert region_adjective(word) is said


# ------------------------------ 2. a subject keeps no other input's words
@pytest.mark.parametrize("query, instrument", [
    ("centrifuge delivered in less than 3 weeks", "centrifuge"),
    ("centrífuga entregada en menos de 3 semanas", "centrífuga"),
    ("balanza con entrega en menos de 2 semanas", "balanza"),
])
def test_a_bound_before_a_read_value_is_no_subject(query: str, instrument: str) -> None:
    assert read("labequipment", query).get("instrument") == instrument


@pytest.mark.parametrize("query, dish", [
    ("pulled pork in Austin under 20 USD", "pulled pork"),  # a participle that is the dish
    ("sushi en Madrid por menos de 30 euros", "sushi"),
])
def test_a_participle_away_from_a_bound_stays(query: str, dish: str) -> None:
    assert read("restaurant", query).get("dish") == dish


@pytest.mark.parametrize("query, instrument, count", [
    ("get me a quote for 2 ultra-low freezers", "ultra-low freezers", 2),
    ("get me a quote for 2 centrifuges", "centrifuges", 2),
    ("presupuesto para 2 congeladores de -80 °C", "congeladores", 2),
    ("cotización de 3 balanzas analíticas", "balanzas analíticas", 3),
])
def test_a_count_after_a_price_asked_for_is_the_quantity(query: str, instrument: str,
                                                        count: int) -> None:
    result = parse_request(kind_path("labequipment"), query, TODAY)
    assert result.values.get("instrument") == instrument
    assert result.values.get("quantity") == count
    assert not [n for n in result.notes if "2 ultra" in n or "no se ha podido" in n]


# ------------------------------ 3. a day or a part of town is no subject
# an outside author's kind with no date input
MEALS = {"food": InputSpec(type="subject"), "town": InputSpec(type="place", aliases=["in", "en"])}


@pytest.mark.parametrize("query, town", [
    ("taller en sevilla del lunes", "Sevilla"),
    ("taller en Triana del lunes", "Triana"),
    ("workshop in sevilla monday", "Sevilla"),
    ("workshop in Lima Monday", "Lima"),
])
def test_a_day_is_no_subject(query: str, town: str) -> None:
    got = values(query, MEALS)
    assert got.get("town") == town
    assert "food" not in got


@pytest.mark.parametrize("query, food", [
    ("roscón de Reyes en Madrid", "roscón de Reyes"),  # a feast's dish stays
    ("menú del lunes en Sevilla", "menú del lunes"),
    ("sunday roast in London", "sunday roast"),
])
def test_a_day_naming_a_dish_stays(query: str, food: str) -> None:
    assert values(query, MEALS).get("food") == food


@pytest.mark.parametrize("query, town", [
    ("hotel en santo domingo", "Santo Domingo"),
    ("Hotel en Santo Domingo el lunes", "Santo Domingo"),
])
def test_a_known_name_holding_a_day_stays(query: str, town: str) -> None:
    assert values(query, MEALS).get("town") == town


@pytest.mark.parametrize("query, city", [
    ("restaurante en Madrid centro", "Madrid"),
    ("restaurant in Manchester city centre", "Manchester"),
    ("tapas en Sevilla casco antiguo", "Sevilla"),
])
def test_a_part_of_town_is_no_dish(query: str, city: str) -> None:
    got = read("restaurant", query)
    assert got.get("city") == city
    assert got.get("dish") == ("tapas" if query.startswith("tapas") else None)


def test_a_participle_before_a_spec_stays() -> None:
    query = ("centrifuga refrigerada de al menos 15.000 rpm, reacondicionada, entrega en "
             "Madrid, menos de 8.000 €")
    assert read("labequipment", query).get("instrument") == "centrifuga refrigerada"


# ------------------------------ 4. a language is no place; "from monday until friday"
# an outside author's kind with no language input
SERVICE = {"service": InputSpec(type="subject"), "city": InputSpec(type="place")}


@pytest.mark.parametrize("query, city", [
    ("subtitle two videos of 10 minutes each from English", None),
    ("Translate a contract from German", None),
    ("translate a contract from German in Madrid", "Madrid"),
])
def test_a_language_is_no_place(query: str, city: str | None) -> None:
    assert values(query, SERVICE).get("city") == city


WEEK = DateRange(start=dt.date(2026, 12, 7), end=dt.date(2026, 12, 11))


@pytest.mark.parametrize("kind", ["date", "month"])
@pytest.mark.parametrize("query, when", [
    ("hotel in sevilla from monday until friday", WEEK),
    ("hotel in Sevilla from Monday till Friday", WEEK),
    ("hotel en sevilla desde lunes hasta viernes", WEEK),
    ("hotel en sevilla del lunes hasta el viernes", WEEK),
    ("coworking in Madrid from Monday to Friday", None),  # a schedule
    ("coworking en Madrid de lunes a viernes", None),
])
def test_a_stretch_from_a_day_until_another(kind: str, query: str,
                                            when: DateRange | None) -> None:
    inputs = {"city": InputSpec(type="place"), "when": InputSpec(type=kind)}
    assert values(query, inputs).get("when") == when
