"""A one-value enum input asked for two of its values ("en tren o bus", "train or coach")
is not read as the first one found: its default stands, and the Task notes say why, in
the request's language (found writing examples/trips)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 2)
# a kind of no one example: how a parcel travels
INPUTS = {"how": InputSpec(type="string", enum=["road", "sea", "any"], default="any",
                           synonyms={"road": ["lorry", "camión", "truck"],
                                     "sea": ["ship", "barco", "boat"]}),
          "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query,said", [
    ("envío en camión o barco por menos de 300 €", "«camión o barco»"),
    ("ship it by truck or boat under 300 EUR", "'truck or boat'"),
    ("send it by sea/road", "'sea/road'"),
])
def test_two_values_offered_as_either_are_not_read(query, said):
    task = build_task(query, INPUTS, today=TODAY)
    assert task.values["how"] == "any"           # the default, not the first value found
    assert task.values["budget"] is not None or "sea/road" in query
    assert any(said in n and ("names two" in n or "nombra dos" in n) for n in task.notes), \
        task.notes


@pytest.mark.parametrize("query,want", [
    ("envío en barco por menos de 300 €", "sea"),
    ("ship it by truck, or else by air", "road"),   # not joined: one value
    ("send it by road or rail", "road"),            # rail is none of its values
])
def test_one_value_is_still_read(query, want):
    assert build_task(query, INPUTS, today=TODAY).values["how"] == want
