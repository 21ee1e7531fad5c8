"""Requests the authors of new kinds (cruises, trades) found misread: a party said as a
total and then a part of it, a region before the kind's noun, a job's object as its
subject, an adjective after a topic as no place."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)

PARTY = {"adults": InputSpec(type="integer", aliases=["adults", "adultos", "personas", "people"]),
         "children": InputSpec(type="integer", aliases=["children", "niños", "kids"]),
         "seniors": InputSpec(type="integer", aliases=["seniors", "jubilados"])}


def _read(inputs: dict[str, InputSpec], query: str, nouns: tuple[str, ...] = ()) -> dict:
    return build_task(query, inputs, today=TODAY, kind="k", nouns=nouns).values


@pytest.mark.parametrize("query, adults, children, seniors", [
    # a total said first and a part of it after: one party (the seniors among the adults)
    ("tickets for 5 people, 2 seniors", 5, None, 2),
    ("entradas para 6 personas, 3 jubilados", 6, None, 3),
    ("somos 5, dos de ellos son niños", 3, 2, None),
    ("we are 4, two of them kids", 2, 2, None),
    ("6 passengers including 2 children", 4, 2, None),
    ("somos 4 personas, entre ellas un bebé", 3, 1, None),
    ("7 of us including 2 children and 1 senior", 5, 2, 1),
    ("para 5, de los cuales 2 son niños", 3, 2, None),
    # members listed one by one still add up
    ("4 adults and 2 seniors", 6, None, 2),
    ("4 adults, 2 kids", 4, 2, None),
    ("2 adultos y 3 niños", 2, 3, None),
])
def test_a_total_then_a_part_is_one_party(query, adults, children, seniors) -> None:
    got = _read(PARTY, query)
    assert (got.get("adults"), got.get("children"), got.get("seniors")) == \
        (adults, children, seniors)
