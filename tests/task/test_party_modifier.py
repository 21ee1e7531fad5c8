"""A party member's word that names the kind of a thing after it counts no one
(scout/task/party.py ``_MODIFIER``): "2 adults and a child seat" is two people and a seat,
for any kind that counts people, while "2 adults and a child" (aged, or ending the
clause) is still three. Found by an airport transfer's "for 2 adults and a child seat"."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)
PEOPLE = InputSpec(type="integer", aliases=["people", "adults", "personas", "adultos",
                                            "passengers", "pasajeros"])
INPUTS = {"city": InputSpec(type="place"), "people": PEOPLE,
          "topic": InputSpec(type="subject")}


@pytest.mark.parametrize("query, count", [
    ("taxi in Leeds for 2 adults and a child seat, under £40", 2),
    ("hotel in Porto for 2 adults and a baby cot, under €120", 2),
    ("museum in York for 3 adults and a child ticket", 3),
    ("restaurant in Bath for 2 adults and a kid's menu", 2),
    ("cabin in Oslo for 2 adults and a child-friendly host", 2),
    ("car hire in Faro for my wife and me and a baby seat", 2),
    # a person still: the clause ends, an age or a comma follows
    ("taxi in Leeds for 2 adults and a child, under £40", 3),
    ("hotel in Porto for 2 adults and a child aged 6", 3),
    ("cabin in Oslo for 2 adults and a baby", 3),
    ("hotel en Oporto para 2 adultos y un niño de 6 años", 3),
    ("hotel en Oporto para 2 adultos y un bebé, máximo 120 €", 3),
])
def test_a_member_word_before_a_thing_counts_no_one(query, count):
    assert parse_query(query, INPUTS, today=TODAY).values.get("people") == count


def test_the_seat_stays_the_flag_of_a_kind_that_asks_it():
    inputs = {**INPUTS, "child_seat": InputSpec(type="boolean",
                                                aliases=["child seat", "silla infantil"])}
    task = parse_query("transfer from Nice to Cannes for 2 adults and a child seat",
                       inputs, today=TODAY)
    assert (task.values.get("people"), task.values.get("child_seat")) == (2, True)
