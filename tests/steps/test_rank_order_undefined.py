"""An ``order_by`` that reads a value a record lacks sorts that record last, whether the
expression raises or gives jinja's undefined: ``cost if cost is not none else
c.price.amount`` of a charger with neither once failed the whole rank phase with RUN000
("UndefinedError: 'None' has no attribute 'amount'", reported as a bug in scout), found
writing the EV charging kind (examples/evcharging)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.records import Candidate, Candidates, Evidence
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

INPUTS = {"place": InputSpec(type="place"), "budget": InputSpec(type="money")}


def _item(key: str, text: str, price: float | None) -> Candidate:
    money = Money(amount=price, currency="EUR", comparator="=") if price else None
    return Candidate(key=key, name=key, url=f"https://shop.test/{key}", evidence=[
        Evidence(id=key, kind="snippet", subject=key, url=f"https://shop.test/{key}",
                 text=text, price=money)])


ITEMS = (_item("dear", "Dear one: 30 EUR.", 30), _item("none", "No price here.", None),
         _item("cheap", "Cheap one: 12 EUR.", 12))


@pytest.mark.parametrize("order", [
    "c.price.amount",                                             # raises on none
    "(c | stated('kWh')) if (c | stated('kWh')) else c.price.amount",   # undefined
    "c.price.amount if c.price.amount else c.price.amount",
    "[c.price.amount, 500] | min",
])
@pytest.mark.parametrize("query", ["chargers in Leeds", "cargadores en Zaragoza, menos de 40 €"])
def test_a_record_the_order_cannot_read_sorts_last(order: str, query: str) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 7))
    params = RankParams(items="candidates", as_="c", order_by=[order], descending=False)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=list(ITEMS))}, task))
    assert [i.candidate.key for i in short.items][:2] == ["cheap", "dear"]
    assert short.items[-1].candidate.key == "none"
