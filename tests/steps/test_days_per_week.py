"""A price per day against a budget a month or a week at the days a week the request asks
(rank's ``days_per_week``, scout/steps/workbasis.py and rank_periods.py): a day centre's
"28 €/día" for "3 días por semana" is ~365 € a month, not a month of days (~852 €); a
nursery's, a coworking's or a dog day care's likewise; flagged in both languages with the
days. Without the days asked (or without ``days_per_week``), a day's price is a month of
the days the listing's week holds, as before. Written with kinds of their own, not the
examples."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidates
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_work_basis import WHERE, _offer

TODAY = dt.date(2026, 12, 7)
KIND = {"subject": InputSpec(type="subject"),
        "days": InputSpec(type="integer", aliases=["días por semana", "días a la semana",
                                                   "days a week", "days per week"]),
        "budget": InputSpec(type="money")}


def _rank(query: str, offers: list, **with_: object):
    task = build_task(query, KIND, today=TODAY)
    params = RankParams(items="candidates", as_="p", where=[WHERE],
                        order_by=["p.price.amount if p.price else none"], descending=False,
                        **with_)
    short = rank.run(_ctx(params, {"candidates": Candidates(items=offers)}, task))
    return short, {i.candidate.key: i.candidate for i in short.items}


@pytest.mark.parametrize("query, currency", [
    ("centro de día para mi padre, 3 días por semana, menos de 400 € al mes", "EUR"),
    ("guardería 3 días a la semana, máximo 400 euros mensuales", "EUR"),
    ("dog daycare 3 days a week, under £400 a month", "GBP"),
])
def test_a_price_a_day_at_the_days_a_week_asked(query: str, currency: str) -> None:
    short, kept = _rank(query, [
        _offer("daily", 28, currency, "day"),        # 28 × 30.44 × 3/7 = ~365 a month
        _offer("dear", 35, currency, "day"),         # ~457 a month: over
        _offer("monthly", 390, currency, "month")], days_per_week="days")
    assert [c.key for c, _ in short.excluded] == ["dear"]
    got = kept["daily"].price_converted
    assert got is not None and (got.amount, got.per) == (365.25, "month")
    flag = "price per day at the 3 days a week asked, converted to per month (approximate)"
    assert kept["daily"].flags == [flag]
    assert localize(flag, "es") == ("precio por día a los 3 días por semana pedidos, "
                                    "convertido a precio por mes (aproximado)")
    assert kept["monthly"].flags == []       # a month's price against a month's budget
    note = next(n for n in short.notes if "days a week" in n)
    assert localize(note, "es") == ("2 precios por día se han pasado a precio por mes a los "
                                    "días por semana pedidos (aproximado) para compararlos "
                                    "con el presupuesto")


def test_a_weekly_budget_counts_the_days_asked_too() -> None:
    short, kept = _rank("coworking 2 days a week, under €60 a week", [
        _offer("daypass", 25, "EUR", "day"),         # 2 × 25 = 50 a week: within
        _offer("dear", 35, "EUR", "day")], days_per_week="days")   # 70: over
    assert [c.key for c, _ in short.excluded] == ["dear"]
    got = kept["daypass"].price_converted
    assert got is not None and (got.amount, got.per) == (50.0, "week")


@pytest.mark.parametrize("with_", [{}, {"days_per_week": "days"}])
def test_without_the_days_asked_a_day_is_a_month_of_days(with_: dict) -> None:
    query = ("centro de día, menos de 400 € al mes" if with_
             else "centro de día, 3 días por semana, menos de 400 € al mes")
    short, _ = _rank(query, [_offer("daily", 28, "EUR", "day")], **with_)
    # ~852 € a month: the days a week are not asked (or the kind does not count them)
    assert [c.key for c, _ in short.excluded] == ["daily"]


@pytest.mark.parametrize(("name", "hint"), [
    ("dayz", "did you mean 'days'?"),                    # a misspelling: the input meant
    ("label", "name the input that says how many days a week"),   # a string input
])
def test_days_per_week_names_a_count(tmp_path: Path, name: str, hint: str) -> None:
    """SPEC080: the days a week asked are a count; a name that is none would put a day's
    price on a month of days, silently."""
    from scout.validate import validate_paths
    from tests.spec.test_rank_items import CONFIG, HEAD

    head = HEAD.replace("phases:\n", "inputs:\n  days: {type: integer}\n"
                        "  label: {type: string}\n  budget: {type: money}\nphases:\n")
    rank_phase = ("  R1: {uses: rank, needs: [task, candidates], produces: [shortlist], "
                  "with: {items: candidates, as: c, where: ['c.price.amount <= "
                  "task.budget.amount'], reasons: ['over'], days_per_week: %s}}\n")
    path = tmp_path / "p.yaml"
    path.write_text(head + rank_phase % "days")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].errors] == []
    path.write_text(head + rank_phase % name)
    [p] = validate_paths([path], config=CONFIG).files[0].errors
    assert p.code == "SPEC080" and f"'days_per_week: {name}'" in p.message
    assert p.hint is not None and p.hint.startswith(hint)
