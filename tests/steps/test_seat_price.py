"""A price for a whole team against a budget per user: "€80/month for up to 10 users" is
8 € a user, divided, flagged in both languages (scout.steps.seatprice)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.seatprice import seats_covered
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

INPUTS = {"purpose": InputSpec(type="subject"), "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


@pytest.mark.parametrize("text, count", [
    ("Team: €80/month for up to 10 users", 10),
    ("Plan Equipo: 80 € al mes, hasta 10 usuarios", 10),
    ("Business: 10 seats included, €99/month", 10),
    ("Room for 2 guests, €80", None),       # guests are no users
    ("Pro: €8 per user per month", None),   # one user's price already
])
def test_how_many_users_a_price_covers(text: str, count: int | None) -> None:
    assert seats_covered(text, "user") == count


def _tool(key: str, text: str, amount: float):
    c = _flat(key, (f"https://{key}.test/", Money(amount=amount, currency="EUR",
                                                  comparator="=", per="month")))
    c.evidence[0].text = text
    return c


@pytest.mark.parametrize("query", ["survey tool under €10 per user per month",
                                   "herramienta de encuestas, menos de 10 € por usuario al mes"])
def test_a_team_price_is_shared_by_the_users_it_covers(query: str) -> None:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    assert task.values["budget"].each == "user"
    tools = [_tool("team", "Team plan: €80/month for up to 10 users", 80),   # 8 a user
             _tool("flat", "Flat: €80/month, unlimited responses", 80)]     # as it stands
    params = RankParams(items="candidates", as_="v", where=WHERE)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=tools)}, task))
    assert [i.candidate.key for i in short.items] == ["team"]
    kept = short.items[0].candidate
    assert kept.price_converted == Money(amount=8, currency="EUR", comparator="=",
                                         per="month", each="user")
    flag = "price for up to 10 divided by them, to compare it with the budget per user"
    assert kept.flags == [flag] and not kept.unchecked_flags
    assert localize(flag, "es") == ("precio para hasta 10, dividido entre 10 para "
                                    "compararlo con el presupuesto por usuario")
