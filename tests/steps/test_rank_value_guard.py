"""A ``where`` that guards a named value of rank's ``values`` (``total is none or total <=
task.budget.amount``) flags a record it could not check by that value's name ("could not
check: group total", which the kind's catalog translates from ``msgid "group_total"``),
never by every figure the value's expression reads once written out (each service's or
ticket's price, asked or not: scout/steps/rank_unknown.py ``value_guard_words``)."""

from __future__ import annotations

import pytest

from scout.steps.rank_unknown import value_guard_words

VALUES = ("cut", "colour", "services_total", "group_total", "job_cost")


@pytest.mark.parametrize("where, words", [
    ("task.budget is none or services_total is none or services_total <= task.budget.amount",
     "services total"),
    ("group_total is none or group_total <= task.budget.amount", "group total"),
    ("job_cost is undefined or job_cost < 500", "job cost"),
    ("cut is none or colour is none or cut + colour <= 80", "cut, colour"),
])
def test_a_guarded_value_is_named_by_its_name(where, words):
    assert value_guard_words(where, VALUES) == words


@pytest.mark.parametrize("where", [
    "c.price is none or c.price.amount <= task.budget.amount",   # the record's own field
    "task.budget is none or group_total <= task.budget.amount",  # no guard on the value
    "none if group_total is none else group_total",              # a branch picked, no or
])
def test_no_named_value_guarded_is_none(where):
    assert value_guard_words(where, VALUES) is None
