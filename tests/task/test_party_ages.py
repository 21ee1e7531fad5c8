"""A child's or a party member's age said with no word of years, for a kind that asks an
age (an integer input whose name or aliases say so) and, with a ``max_...`` partner, the
oldest's too, in both languages:

- "1 child of 9" (a calque of "de 9") as "de 9" and "aged 9" were read;
- one of a party by its number's word: "4 adults, one is 67", "una de ellas tiene 67";
- two children's ages after them: "kids 8 and 11", "un niño de 8 y otro de 11" (before,
  "kids 8" was a count of 8 children, and the second age "could not read").

"de 2 a 3 niños" stays a count of children; a measure ("one is 30 m2") is no age."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 2)
_AGE = ["años", "year-old", "years old", "ages", "aged", "edad"]
ONE = {"area": InputSpec(type="place"),
       "adults": InputSpec(type="integer", aliases=["adultos", "adults", "personas", "people"]),
       "children": InputSpec(type="integer", aliases=["niños", "niño", "children", "child",
                                                      "kids", "kid"]),
       "age": InputSpec(type="integer", aliases=_AGE)}
BOTH = {**ONE, "max_age": InputSpec(type="integer", aliases=_AGE)}


@pytest.mark.parametrize("query, age", [
    ("ski in Andorra for 2 adults and 1 child of 9", 9),
    ("ski in Andorra for 2 adults and a boy of 12, under €60 a day", 12),
    ("ski in Andorra, 4 adults, one is 67", 67),
    ("ski in Andorra, 4 adults, one of them is 67", 67),
    ("esquí en Andorra, 4 adultos, una de ellas tiene 67", 67),
    ("esquí en Andorra, somos 4, uno tiene 70 años", 70),
    ("ski in Andorra, 2 adults and my daughter (9)", 9),
])
def test_one_age_said_after_whom_it_is(query: str, age: int) -> None:
    result = parse_query(query, ONE, today=TODAY)
    assert result.values.get("age") == age
    assert not any(str(age) in n for n in result.notes), result.notes


@pytest.mark.parametrize("query, values", [
    ("ski in Andorra, 2 adults, kids 8 and 11", {"age": 8, "max_age": 11}),
    ("ski in Andorra, 2 adults, 2 kids 8 and 11, under €60 a day",
     {"age": 8, "max_age": 11, "children": 2}),
    ("esquí en Andorra, 2 adultos y un niño de 8 y otro de 11", {"age": 8, "max_age": 11}),
    ("esquí en Andorra, 2 adultos, niños: 6 y 9", {"age": 6, "max_age": 9}),
])
def test_two_ages_said_after_the_children(query: str, values: dict) -> None:
    read = parse_query(query, BOTH, today=TODAY).values
    assert {k: read.get(k) for k in values} == values
    assert read.get("children") != values["age"]  # "kids 8" is no count of 8 children


@pytest.mark.parametrize("query", [
    "esquí en Andorra, de 2 a 3 niños",
    "ski in Andorra, 3 rooms, one is 30 m2",
])
def test_a_count_or_a_measure_is_no_age(query: str) -> None:
    assert "age" not in parse_query(query, BOTH, today=TODAY).values
