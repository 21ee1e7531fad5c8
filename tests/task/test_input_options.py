"""Input options together: a `pattern` with `aliases`, `enum` (and `synonyms`) or a
`default`, and `aliases` with `enum`. Each option keeps working beside the others: a
pattern that finds nothing leaves the input to its type's own reading (its aliases
included), a value the pattern finds is the input's (typed, in its enum's words, the
default's currency), and an enum never takes the place of a number's reading."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.parser import parse_query

TODAY = dt.date(2026, 5, 1)


def read(query: str, **inputs: InputSpec) -> dict:
    return parse_query(query, inputs, today=TODAY).values


# --- pattern + aliases -----------------------------------------------------------------

BEDROOMS = InputSpec(type="integer", aliases=["habs", "rooms"], pattern=r"(\d+)\s*dormitorios")


def test_a_pattern_that_finds_nothing_leaves_the_aliases_to_read_the_value() -> None:
    assert read("piso con 3 habs en Madrid", bedrooms=BEDROOMS) == {"bedrooms": 3}
    assert read("flat with 2 rooms", bedrooms=BEDROOMS) == {"bedrooms": 2}
    # the pattern still comes first when it matches
    assert read("piso con 4 dormitorios y 3 habs", bedrooms=BEDROOMS) == {"bedrooms": 4}


@pytest.mark.parametrize("spec, query, value", [
    (InputSpec(type="boolean", aliases=["terraza"], pattern=r"con (balc[oó]n)"),
     "piso con terraza", True),
    (InputSpec(type="place", aliases=["ciudad"], pattern=r"city of (\w+)"),
     "hoteles ciudad Toledo", "Toledo"),
    (InputSpec(type="year", aliases=["matriculación"], pattern=r"modelo (\d{4})"),
     "coche matriculación 2019", 2019),
])
def test_every_type_that_reads_aliases_keeps_them_beside_a_pattern(
        spec: InputSpec, query: str, value: object) -> None:
    assert read(query, x=spec) == {"x": value}


def test_the_fallback_reads_in_the_types_turn_not_before_the_others() -> None:
    """A place read in the pattern's early turn would take "September 2026" as a place."""
    city = InputSpec(type="place", pattern=r"city of (\w+)")
    values = read("September 2026 hotels in Rome", city=city, month=InputSpec(type="month"))
    assert values["city"] == "Rome" and values["month"].month == 9


# --- pattern + enum (and synonyms) -----------------------------------------------------

FUEL = InputSpec(type="string", enum=["hybrid", "diesel", "electric"],
                 synonyms={"hybrid": ["híbrido"]}, pattern=r"motor (\w+)")


@pytest.mark.parametrize("query, fuel", [
    ("coche con motor híbrido", "hybrid"),  # a synonym is its enum value
    ("coche con motor Diesel", "diesel"),  # the enum's own spelling
    ("coche diesel barato", "diesel"),  # the pattern found nothing: the enum words read it
    ("coche con motor gasolina, o diesel", "diesel"),  # not an enum value: not taken
])
def test_a_patterns_value_is_one_the_enum_allows(query: str, fuel: str) -> None:
    assert read(query, fuel=FUEL) == {"fuel": fuel}


def test_a_refused_value_is_said_in_the_notes() -> None:
    result = parse_query("a car, motor gasolina", {"fuel": FUEL}, today=TODAY, lang="en")
    assert result.values == {}
    assert result.notes == ["fuel: 'gasolina' is not one of hybrid, diesel, electric"]
    es = parse_query("coche con motor gasolina, por favor", {"fuel": FUEL}, today=TODAY,
                     lang="es")
    assert es.notes == ["fuel: «gasolina» no es ninguno de los valores admitidos: hybrid, "
                        "diesel, electric"]


def test_a_refused_values_note_writes_the_allowed_ones_as_words() -> None:
    # the note is the reader's: "plug in hybrid", not the author's identifier
    fuel = InputSpec(type="string", enum=["plug_in_hybrid", "diesel"], pattern=r"motor (\w+)")
    result = parse_query("a car, motor gasolina", {"fuel": fuel}, today=TODAY, lang="en")
    assert result.notes == ["fuel: 'gasolina' is not one of plug in hybrid, diesel"]


def test_a_list_pattern_keeps_the_allowed_items() -> None:
    features = InputSpec(type="list", items="string", enum=["automatic", "navigation"],
                         synonyms={"automatic": ["automático"]},
                         pattern=r"with (?P<value>[\w ,]+)")
    result = parse_query("car with Automático, navigation, towbar", {"f": features},
                         today=TODAY)
    assert result.values == {"f": ["automatic", "navigation"]}
    assert result.notes == ["f: 'towbar' is not one of automatic, navigation"]


def test_the_task_holds_the_enum_value_the_pattern_read() -> None:
    task = build_task("coche con motor híbrido", {"fuel": FUEL}, today=TODAY)
    assert task.values["fuel"] == "hybrid" and task.sources["fuel"] == "query"


# --- pattern + default -----------------------------------------------------------------

def test_a_patterns_bare_amount_takes_the_defaults_currency() -> None:
    budget = InputSpec(type="money", default="100 EUR", pattern=r"max (\d+)")
    result = parse_query("hotel max 150", {"budget": budget}, today=TODAY)
    assert result.values["budget"] == Money(amount=150, currency="EUR")
    assert result.notes == []  # no "has no currency" note for what was read
    task = build_task("hotel max 150", {"budget": budget}, today=TODAY)
    assert task.values["budget"].amount == 150 and task.sources["budget"] == "query"
    # no match: the default stays, from the default
    task = build_task("hotel in Rome", {"budget": budget}, today=TODAY)
    assert task.values["budget"].amount == 100 and task.sources["budget"] == "default"


def test_a_bare_amount_without_a_default_currency_is_still_not_guessed() -> None:
    budget = InputSpec(type="money", pattern=r"max (\d+)")
    assert read("hotel max 150", budget=budget) == {}


def test_a_patterns_default_in_the_enum_keeps_working() -> None:
    style = InputSpec(type="string", enum=["casual", "fine dining"], default="casual",
                      pattern=r"style (\w+)")
    assert build_task("ramen in Lyon", {"style": style}, today=TODAY).values["style"] == "casual"
    assert build_task("ramen in Lyon style Casual", {"style": style},
                      today=TODAY).values["style"] == "casual"


# --- aliases + enum --------------------------------------------------------------------

ROOMS = InputSpec(type="integer", enum=["1", "2", "3"], aliases=["habs"])


def test_an_enum_does_not_take_the_place_of_a_numbers_aliases() -> None:
    # "2" is the guests' number; the rooms are the one next to the alias
    assert read("2 guests, 3 habs", rooms=ROOMS) == {"rooms": 3}


def test_an_enum_read_number_is_a_number() -> None:
    task = build_task("piso 3 habs", {"rooms": ROOMS}, today=TODAY)
    assert task.values["rooms"] == 3 and isinstance(task.values["rooms"], int)
    # no name or alias next to it: the enum's words still read it, as the type
    assert read("piso de 2 en Madrid", rooms=ROOMS) == {"rooms": 2}


def test_a_number_the_enum_does_not_allow_is_not_taken() -> None:
    result = parse_query("2 guests, 5 habs", {"rooms": ROOMS}, today=TODAY)
    assert result.values == {}  # not "2": the query said 5 rooms
    assert "rooms: '5' is not one of 1, 2, 3" in result.notes
    assert not any("5 habs" in n for n in result.notes)  # said once, not also as unread


def test_a_strings_enum_words_still_read_it() -> None:
    kind = InputSpec(type="string", enum=["flat", "house"], aliases=["tipo"],
                     synonyms={"flat": ["piso"]})
    assert read("tipo piso en Madrid", kind=kind) == {"kind": "flat"}


@pytest.mark.parametrize("query,rooms", [
    ("mudanza de un cuarto en Puebla", 1),
    ("mudanza de dos cuartos en Puebla", 2),
    ("moving two rooms in Leeds", 2),
    ("mudanza de 3 cuartos en Puebla", 3),
])
def test_an_integer_pattern_reads_a_count_said_in_words(query, rooms):
    """A pattern's value for an integer may be a small count in words, as an alias's
    reading takes it ("un cuarto" is one room): not an unreadable value."""
    inputs = {"place": InputSpec(type="place"),
              "rooms": InputSpec(type="integer",
                                 pattern=r"\b(?P<value>\d+|una?|dos|two)\s+(?:cuartos?|rooms?)\b")}
    assert parse_query(query, inputs, today=dt.date(2026, 12, 6)).values.get("rooms") == rooms
