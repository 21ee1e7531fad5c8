"""A rating (or price) only ``order_by`` reads checks nothing: unknown, its flag says it
only ordered the list, not that a requirement went unchecked (scout/steps/rank.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

INPUTS = {"budget": InputSpec(type="money"), "min_rating": InputSpec(type="rating")}
WHERE = ["task.budget is none or c.price is none or c.price.amount <= task.budget.amount",
         "task.min_rating is none or c.rating is none or c.rating >= task.min_rating"]


def _flags(query: str, order_by: list[str]) -> list[str]:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 2))
    params = RankParams(items="candidates", as_="c", where=WHERE, order_by=order_by)
    item = Candidate(key="x", name="X", price=Money(amount=10, currency="EUR", comparator="="))
    short = rank.run(_ctx(params, {"candidates": Candidates(items=[item])}, task))
    return short.items[0].candidate.flags


@pytest.mark.parametrize("query, flag", [
    # no minimum asked: the rating only orders the list
    ("something under 20 EUR", "rating unknown (used only to order the list)"),
    # a minimum asked: its check could not be made
    ("something under 20 EUR rated 8 or more", "rating unknown"),
])
def test_a_rating_only_the_order_reads_says_so(query: str, flag: str) -> None:
    assert _flags(query, ["c.rating or 0"]) == [flag]


def test_a_rating_nothing_reads_is_not_flagged() -> None:
    assert _flags("something under 20 EUR", ["-(c.price.amount)"]) == []


def test_the_flag_reads_in_spanish() -> None:
    assert localize("rating unknown (used only to order the list)", "es") == (
        "valoración desconocida (solo sirve para ordenar la lista)")
