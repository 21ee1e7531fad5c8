"""A yes/no input's word before a gerund that names the kind itself qualifies the thing
sought, no field's name: "intensive driving course" for a kind of driving schools asks an
intensive course, as "heated swimming pool" asks a heated pool of a kind of swimming pools;
"remote sensing" (a gerund no name of the kind says) stays a field. Found writing the
driving schools kind (scout.task.booleans._compound_head)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 7)
PLACE = InputSpec(type="place")


def _read(kind: str, nouns: list[str], flag: str, aliases: list[str], query: str) -> object:
    inputs = {"place": PLACE, flag: InputSpec(type="boolean", aliases=aliases)}
    return build_task(query, inputs, today=TODAY, kind=kind, nouns=nouns).values[flag]


@pytest.mark.parametrize("kind, nouns, flag, aliases, query", [
    ("driving-schools", ["driving school", "autoescuela"], "intensive", ["intensivo"],
     "intensive driving course in Leeds"),
    ("driving-schools", ["driving school"], "intensive", [],
     "an intensive driving lessons package in Bristol, automatic"),
    ("sailing-schools", ["sailing school"], "intensive", [],
     "intensive sailing course in Palma for two adults"),
    ("swimming-pools", [], "heated", ["climatizada"], "heated swimming pool in Leeds"),
    ("climbing-gyms", ["climbing wall"], "outdoor", [], "outdoor climbing in Sheffield"),
])
def test_a_flag_before_the_kind_s_own_gerund_is_read(kind: str, nouns: list[str], flag: str,
                                                     aliases: list[str], query: str) -> None:
    assert _read(kind, nouns, flag, aliases, query) is True


@pytest.mark.parametrize("kind, nouns, flag, query", [
    # a gerund that names no kind stays a compound's head, a field
    ("conferences", ["conference"], "remote", "remote sensing conferences in Europe"),
    ("driving-schools", ["driving school"], "virtual", "virtual computing lessons in Leeds"),
])
def test_a_field_s_name_is_still_no_flag(kind: str, nouns: list[str], flag: str,
                                         query: str) -> None:
    assert _read(kind, nouns, flag, [], query) is None
