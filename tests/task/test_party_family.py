"""Counts a request says of a family or a group, and of its seniors (scout/task/party.py):
"a family of 4", "una familia de cuatro" said how many go and were left unread; "4 adults
and 2 seniors" is 6 people, 2 of them seniors (it read 4); a family's size with its
children ("a family of four with two kids") is that many adults and children. For any kind
with an integer input that counts people, children counted apart or not, seniors apart
or not."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)
PEOPLE = {"city": InputSpec(type="place"),
          "people": InputSpec(type="integer", aliases=["personas", "people"])}
# a kind that counts children and seniors apart (the seniors among the adults counted)
GROUP = {"city": InputSpec(type="place"),
         "adults": InputSpec(type="integer", aliases=["adultos", "adults", "personas"]),
         "children": InputSpec(type="integer", aliases=["niños", "children", "kids"]),
         "seniors": InputSpec(type="integer", aliases=["jubilados", "seniors"])}


def _read(query: str, inputs: dict[str, InputSpec]) -> dict[str, int]:
    values = parse_query(query, inputs, today=TODAY).values
    return {k: v for k, v in values.items() if k != "city"}


@pytest.mark.parametrize("query,people,group", [
    ("museos en Madrid para una familia de cuatro", 4, {"adults": 4}),
    ("museums in London for a family of 4", 4, {"adults": 4}),
    ("grupo de 6 personas, visita guiada en Toledo", 6, {"adults": 6}),
    ("a family of four with two kids, zoo in Madrid", 4, {"adults": 2, "children": 2}),
    ("familia de 5 con 3 niños en el zoo de Madrid", 5, {"adults": 2, "children": 3}),
    ("somos una familia de 4, 2 adultos y 2 niños, Valencia", 4,
     {"adults": 2, "children": 2}),
    ("a family of 4 with my wife and our 2 kids, Rome", 4, {"adults": 2, "children": 2}),
    ("Louvre in Paris, 4 adults and 2 seniors", 6, {"adults": 6, "seniors": 2}),
    ("Prado en Madrid, 2 adultos, un jubilado y 2 niños", 5,
     {"adults": 3, "seniors": 1, "children": 2}),
    ("somos 6, dos jubilados, museos en Sevilla", 6, {"adults": 6, "seniors": 2}),
])
def test_a_family_or_a_group_said_with_its_size_is_counted(query: str, people: int,
                                                           group: dict[str, int]) -> None:
    assert _read(query, PEOPLE) == {"people": people}
    assert _read(query, GROUP) == group


@pytest.mark.parametrize("query", [
    "grupo de 4 hoteles en Madrid",          # a group of things, no people
    "a family of 4 stars hotel in Rome",
    "seguro de salud para una familia en Sevilla",  # no size said
])
def test_a_group_of_things_counts_no_one(query: str) -> None:
    assert _read(query, PEOPLE) == {} and _read(query, GROUP) == {}
