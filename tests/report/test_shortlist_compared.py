"""The shared shortlist (``_report.md.j2``) shows each price as rank compared it: where
the kind's arithmetic worked out another amount than the page's price (rank's ``cost``
on its ``cost_per``: the whole order, a month's estimate from a rate per kWh), that
amount first and the page's price after it, held to the budget; a left-out record's the
same. The budget is the money input rank held the prices to (``Shortlist.budget_input``,
the one its ``where`` compares), never the first money input a kind happens to declare
or a Task read back with its keys sorted lists first."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.report.citations import Citations
from scout.report.render import make_report_env
from scout.schemas.records import Candidate, Candidates, RankedItem, Shortlist
from scout.schemas.task import Money, Task
from scout.spec.models import InputSpec
from scout.stepkit.params import RankParams
from scout.steps import rank
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ('{% import "_report.md.j2" as r with context %}'
            '{{ r.shortlist_section(shortlist, task, _("shop"), "none") }}\n'
            '{{ r.changes_section(shortlist, candidates) }}')
TODAY = dt.date(2026, 12, 6)


def _shop(key: str, amount: float, per: str | None = None, currency: str = "EUR"
          ) -> Candidate:
    return Candidate(key=key, name=key.title(), url=f"https://{key}.test/", domain=f"{key}.test",
                     price=Money(amount=amount, currency=currency, comparator="=", per=per))


def _render(task: Task, short: Shortlist, lang: str, **extra) -> str:
    cands = Candidates(items=[i.candidate for i in short.items] + [c for c, _ in short.excluded])
    env = make_report_env(ROOT / "templates", lang)
    return env.from_string(SECTIONS).render(task=task, shortlist=short, citations=Citations(),
                                            candidates=cands, **extra)


def _print_shop(lang: str, query: str) -> str:
    # a print shop's rate per page times the pages and copies, plus set-up: rank compared
    # the whole order (cost_per: total), never the page's 0,04 €
    task = build_task(query, {"budget": InputSpec(type="money")}, today=TODAY)
    short = Shortlist(
        items=[RankedItem(rank=1, candidate=_shop("copiasur", 0.04, "page"), cost=93.5,
                          cost_per="total"),
               RankedItem(rank=2, candidate=_shop("reprobox", 110), cost=110.0,
                          cost_per="total")],
        excluded=[(_shop("printa", 0.06, "page"), ["total <= task.budget.amount"])],
        excluded_costs={"printa": 164.0}, excluded_cost_per="total",
        criteria=["total <= task.budget.amount"], budget_input="budget")
    return _render(task, short, lang)


@pytest.mark.parametrize("lang, query, row, left", [
    ("en", "bind 4 theses, 220 pages, at most 150 EUR",
     "| 1 | Copiasur | 93.50 EUR in total (0.04 EUR/page as stated) [1] ≤ 150 EUR |",
     "- **Printa** (164 EUR in total, 0.06 EUR/page as stated [3]): over budget"),
    ("es", "encuadernar 4 tesis de 220 páginas por no más de 150 €",
     "| 1 | Copiasur | 93,50 € en total (0,04 €/página según la fuente) [1] ≤ 150 € |",
     "- **Printa** (164 € en total, 0,06 €/página según la fuente [3]): por encima del "
     "presupuesto"),
])
def test_the_whole_order_rank_compared_is_shown_first(lang, query, row, left) -> None:
    text = _print_shop(lang, query)
    assert row in text and left in text
    # a price that is the amount compared is shown as it was, once
    assert "| 2 | Reprobox | 110 " in text and "110 EUR in total (" not in text \
        and "110 € en total (" not in text


@pytest.mark.parametrize("lang, query, row", [
    ("en", "electricity tariff, at most 60 EUR a month",
     "| 1 | Luzbarata | 44.69 EUR/month (0.129 EUR/kWh as stated) [1] ≤ 60 EUR/month |"),
    ("es", "tarifa de luz de como mucho 60 € al mes",
     "| 1 | Luzbarata | 44,69 €/mes (0,129 €/kWh según la fuente) [1] ≤ 60 €/mes |"),
])
def test_a_month_s_estimate_from_a_rate_is_held_to_a_budget_a_month(lang, query, row) -> None:
    task = build_task(query, {"budget": InputSpec(type="money")}, today=TODAY)
    short = Shortlist(items=[RankedItem(rank=1, candidate=_shop("luzbarata", 0.129, "kWh"),
                                        cost=44.69, cost_per="month")], budget_input="budget")
    assert row in _render(task, short, lang)


def test_a_dearer_total_than_the_budget_says_so() -> None:
    # a courier's base price fits, the total with fuel and insurance does not
    task = build_task("send a parcel to Lisbon under 20 GBP", {"budget": InputSpec(type="money")},
                      today=TODAY)
    short = Shortlist(items=[RankedItem(rank=1, candidate=_shop("parcelco", 14.5, None, "GBP"),
                                        cost=23.1, cost_per="total")], budget_input="budget")
    assert "| 23.10 GBP in total (14.50 GBP as stated) [1] > 20 GBP |" in _render(task, short, "en")


def test_a_rate_rank_could_not_compare_gets_no_sign() -> None:
    # a rate per hour against a budget for the whole job, no hours asked: rank said it
    # cannot be compared, so the column does not say "≤" either
    task = build_task("electrician in Leeds under 300 GBP", {"budget": InputSpec(type="money")},
                      today=TODAY)
    c = _shop("sparks", 45, "hour", "GBP")
    c.flags = ["price per hour cannot be compared with a total budget without dates or a "
               "length it states"]
    text = _render(task, Shortlist(items=[RankedItem(rank=1, candidate=c)]), "en")
    assert "| 45 GBP/hour [1] |" in text and "≤" not in text


def _two_money_task(lang: str) -> Task:
    # a kind declaring a deposit before the monthly budget its where caps prices on
    inputs = {"deposit": InputSpec(type="money"), "rent": InputSpec(type="money")}
    task = build_task("piso en Madrid" if lang == "es" else "flat in Madrid", inputs,
                      today=TODAY, set_values={"deposit": "2000 EUR", "rent": "900 EUR"})
    return task


@pytest.mark.parametrize("lang, expected", [("en", "≤ 900 EUR |"), ("es", "≤ 900 € |")])
def test_the_budget_is_the_input_rank_held_the_prices_to(lang, expected) -> None:
    task = _two_money_task(lang)
    where = ["task.rent is none or f.price.amount <= task.rent.amount"]
    params = RankParams(items="candidates", as_="f", where=where,
                        order_by=["f.price.amount if f.price else none"], descending=False)
    flats = [_flat("lavapies", ("https://homes.test/a", Money(amount=850, currency="EUR",
                                                              comparator="="))),
             _flat("chamberi", ("https://homes.test/b", Money(amount=1500, currency="EUR",
                                                              comparator="=")))]
    short = rank.run(_ctx(params, {"candidates": Candidates(items=flats)}, task))
    assert short.budget_input == "rent"
    text = _render(task, short, lang)
    assert expected in text and "2000" not in text.split("\n## ")[0].replace("2.000", "2000")


def test_a_where_naming_no_money_leaves_the_input_named_as_a_cap() -> None:
    # no where reads the price: the money held to is the one named as a cap (rent), never
    # a deposit declared before it (scout.schemas.task.asked_money's name rule)
    task = _two_money_task("en")
    params = RankParams(items="candidates", as_="f", where=["f.rating is none or f.rating >= 5"],
                        order_by=["f.price.amount if f.price else none"], descending=False)
    flats = [_flat("lavapies", ("https://homes.test/a", Money(amount=850, currency="EUR",
                                                              comparator="=")))]
    assert rank.run(_ctx(params, {"candidates": Candidates(items=flats)},
                         task)).budget_input == "rent"


def test_a_where_naming_no_money_and_no_cap_name_leaves_the_first_given() -> None:
    # neither input is named as a cap: the first declared the request gives
    inputs = {"deposit": InputSpec(type="money"), "fee": InputSpec(type="money")}
    task = build_task("flat in Madrid", inputs, today=TODAY,
                      set_values={"deposit": "2000 EUR", "fee": "900 EUR"})
    params = RankParams(items="candidates", as_="f", where=["f.rating is none or f.rating >= 5"],
                        order_by=["f.price.amount if f.price else none"], descending=False)
    flats = [_flat("lavapies", ("https://homes.test/a", Money(amount=850, currency="EUR",
                                                              comparator="=")))]
    assert rank.run(_ctx(params, {"candidates": Candidates(items=flats)},
                         task)).budget_input == "deposit"


def test_a_task_read_back_sorted_keeps_the_declared_budget() -> None:
    # stored JSON sorts keys: "deposit" would come before "rent" by the alphabet, but the
    # shortlist names the one rank capped on
    task = Task.model_validate_json(_two_money_task("en").model_dump_json())
    short = Shortlist(items=[RankedItem(rank=1, candidate=_shop("lavapies", 850))],
                      budget_input="rent")
    assert "| 850 EUR [1] ≤ 900 EUR |" in _render(task, short, "en")
