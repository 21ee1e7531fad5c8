"""The shared shortlist section (``_report.md.j2``'s ``shortlist_section``) for a kind
whose money is a floor, an amount the reader wants more of (a salary: an input named
``min_...`` or asked as "at least"): its column compares each amount with the one asked,
``≥`` when it reaches it, never "price vs budget" with a salary over the floor shown as
``>`` it, as if over budget. A kind with a budget keeps its column as it was."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.report.render import make_report_env
from scout.report.citations import Citations
from scout.schemas.records import Candidate, RankedItem, Shortlist
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.build import build_task

ROOT = Path(__file__).resolve().parents[2]
SECTION = ('{% import "_report.md.j2" as r with context %}'
           '{{ r.shortlist_section(shortlist, task, _("offer"), "none") }}')


def _shortlist(*pays: float) -> Shortlist:
    return Shortlist(items=[RankedItem(rank=i, candidate=Candidate(
        key=f"o{i}", name=f"Offer {i}", url=f"https://jobs.test/{i}", domain="jobs.test",
        price=Money(amount=pay, currency="EUR", comparator="=", per="year")))
        for i, pay in enumerate(pays, 1)])


def _render(query: str, money_input: str, lang: str = "en") -> str:
    inputs = {"city": InputSpec(type="place"), money_input: InputSpec(type="money")}
    task = build_task(query, inputs, today=dt.date(2026, 12, 6))
    env = make_report_env(ROOT / "templates", lang)
    return env.from_string(SECTION).render(task=task, shortlist=_shortlist(45000, 52000),
                                         citations=Citations())


@pytest.mark.parametrize("query, money_input", [
    ("jobs in Madrid, salary 40,000 EUR a year", "min_salary"),      # named min_...
    ("jobs in Madrid paying at least 40,000 EUR a year", "salary"),  # asked as a floor
])
def test_a_floor_is_an_amount_asked_not_a_budget(query: str, money_input: str) -> None:
    text = _render(query, money_input)
    assert "| # | offer | amount vs asked | evidence | link |" in text
    assert "| 45,000 EUR/year [1] ≥ 40,000 EUR/year |" in text
    assert "budget" not in text and ">" not in text.replace("≥", "")


def test_the_floor_in_spanish() -> None:
    text = _render("empleo en Madrid, salario de 40.000 € al año", "min_salary", "es")
    assert "cantidad frente a lo pedido" in text and "45.000 €/año [1] ≥ 40.000 €/año" in text


def test_a_budget_keeps_its_column() -> None:
    text = _render("flats in Madrid under 50,000 EUR a year", "budget")
    assert "| # | offer | price vs budget | evidence | link |" in text
    assert "| 45,000 EUR/year [1] ≤ 50,000 EUR/year |" in text
