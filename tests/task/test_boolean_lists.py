"""A flag ruled out inside a list a negation opened: "sin copagos ni carencias", "sin
matrícula ni permanencia", "no deposit nor contract" rule out each thing (scout/task/
booleans.py), for any kind with boolean inputs: the one after "ni" / "nor" was read as
asked for (true)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 6)
INPUTS = {"place": InputSpec(type="place"),
          "waiting": InputSpec(type="boolean", aliases=["carencias", "waiting periods"]),
          "copay": InputSpec(type="boolean", aliases=["copagos", "copago", "copayments"]),
          "contract": InputSpec(type="boolean", aliases=["permanencia", "contract"]),
          "deposit": InputSpec(type="boolean", aliases=["matrícula", "deposit"])}


@pytest.mark.parametrize("query,want", [
    ("seguro en Madrid sin copagos ni carencias", {"copay": False, "waiting": False}),
    ("gimnasio en Sevilla sin matrícula ni permanencia", {"deposit": False, "contract": False}),
    ("gym in Leeds with no deposit nor contract", {"deposit": False, "contract": False}),
    # a flag named with no negation is still asked for
    ("seguro en Madrid con copago y carencias", {"copay": True, "waiting": True}),
])
def test_each_thing_a_negated_list_names_is_ruled_out(query, want):
    values = parse_query(query, INPUTS, today=TODAY).values
    assert {k: values.get(k) for k in want} == want
