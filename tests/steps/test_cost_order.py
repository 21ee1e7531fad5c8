"""Which of rank's ``order_by`` is a cost (scout.steps.costorder): only an amount of money
read from the price is the one the synthesis calls "the cheapest" by; an order reading the
price that is a ratio ("value for money": ``price / rating``) is none, and one through a
call scout cannot see through is a validator warning (SPEC087)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.steps.costorder import MONEY, OTHER, PLAIN, UNKNOWN, order_kind
from scout.steps.rank_unknown import cost_order
from scout.validate import validate_paths
from tests.spec.test_rank_items import CONFIG, HEAD


@pytest.mark.parametrize("expr, kind", [
    ("h.price.amount", MONEY),
    ("-(h.price.amount) if h.price else none", MONEY),
    ("h.price.amount / task.nights", MONEY),                        # a night's share
    ("(h.price_converted or h.price).amount if h.price else none", MONEY),
    ("0 if h | mentions(['free']) else (h.price.amount if h.price else none)", MONEY),
    ("h.price.amount if h.price else 999999", MONEY),
    ("h.price.amount | round(2)", MONEY),
    ("h.price.amount - task.budget.amount", MONEY),
    ("h.price.amount / h.rating", OTHER),                            # value for money
    ("(h.rating or 0) / (h.price.amount or 1)", OTHER),
    ("h.price.amount * h.rating", OTHER),
    ("h.price.amount / h.price.amount", OTHER),
    ("h.rating", OTHER),
    # what a page states beside the price: a fee in a currency is money, a count a share
    ("-(h.price.amount + ((h | stated('€', 'EUR', of=['comedor']) or 0) if task.meals else 0))"
     " if h.price else none", MONEY),
    ("h.price.amount / (1 if h | mentions(['per GPU']) else h | stated('GPUs', 'x') or 1)"
     " if h.price else none", MONEY),
    ("h.price.amount / (h | stated('kg'))", MONEY),                  # a price per kilo
    ("h | stated('USD')", MONEY),
    ("h.price.amount / (h | stated(task.unit))", UNKNOWN),           # a unit not known here
    ("min(h.price.amount, 500)", UNKNOWN),
    ("h.price.amount | my_filter", UNKNOWN),
    ("h.offers | min", UNKNOWN),                                     # a list not written out
    ("[h.price.amount, 500] | min(attribute='x')", UNKNOWN),
    # a figure worked out from the request alone, whatever calls it goes through, is a
    # quantity asked: a parcel's volumetric weight from its size (examples/couriers), a
    # count read from a text input; it times a price is still money
    ("h.price.amount * ((task.size.split('x')[0] | float) * (task.size.split('x')[1] | float)"
     " / 5000)", MONEY),
    ("h.price.amount * (task.pages | int(0) | my_filter)", MONEY),
    ("h.price.amount * (task.notes.count(',') + 1)", MONEY),
    ("h.price.amount * (task.budget.amount | my_filter)", UNKNOWN),  # the request's money
    ("h.price.amount * (h.name.split(' ') | length)", UNKNOWN),      # the record's own
    ("h.price.amount * range(3) | length", UNKNOWN),
])
def test_an_orders_kind(expr: str, kind: str) -> None:
    assert order_kind(expr, "h") == kind


def test_a_ratio_reading_the_price_is_no_cost() -> None:
    # "price / rating" first was taken for the cost the synthesis calls cheapest by
    assert cost_order(["h.price.amount / h.rating", "h.rating"], "h") is None
    assert cost_order(["h.price.amount / h.rating", "-(h.price.amount)"], "h") == 1
    assert cost_order(["h.rating or 0", "-(h.price.amount) if h.price else none"], "h") == 1


def test_an_order_that_may_be_money_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    rank_ = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
             "with: {items: candidates, as: h, order_by: [%s], descending: false}}\n")
    path.write_text(HEAD + rank_ % "'h.price.amount / h.rating'")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].problems] == []
    path.write_text(HEAD + rank_ % "'h.price.amount | string | float'")
    [p] = validate_paths([path], config=CONFIG).files[0].problems
    assert p.code == "SPEC087" and p.severity == "warning" and "h.price.amount | string | float" in p.message
    # the least of two amounts is one: no warning
    path.write_text(HEAD + rank_ % "'[h.price.amount, 500] | min'")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].problems] == []


@pytest.mark.parametrize("expr, kind", [
    # the least or the most of amounts written out is an amount, as "a if a <= b else b" is
    ("[h.price.amount, 500] | min", MONEY),
    ("(h.price.amount, task.budget.amount) | max", MONEY),
    ("-([h.price.amount, (h | stated('€', of=['family'])) or 999999] | min)", MONEY),
    ("[task.seniors or 0, task.adults] | min", PLAIN),                # a count of people
    ("[task.seniors or 0, task.adults] | min * h.price.amount", MONEY),
    ("h.price.amount * ([task.people, 4] | max) / task.nights", MONEY),
    ("[h.price.amount, h.price.amount * 0.9] | sum", MONEY),
    ("[h.price.amount, h.rating] | min", OTHER),                      # an amount or a rating
    ("[h.price.amount / h.rating, 3] | max", OTHER),
    ("[h.price.amount, h | my_filter] | min", UNKNOWN),
    ("[h.price.amount, none] | max", MONEY),
])
def test_the_least_or_most_of_amounts_is_money(expr: str, kind: str) -> None:
    assert order_kind(expr, "h") == kind


def test_an_order_by_the_least_of_two_prices_is_the_cost() -> None:
    # "| min" made the order no cost: the synthesis's "cheapest" fell to no order at all
    assert cost_order(["h.rating or 0", "[h.price.amount, 120] | min if h.price else none"],
                      "h") == 1
    assert cost_order(["([h.price.amount, h.rating] | max) if h.price else none"], "h") is None


@pytest.mark.parametrize("expr, kind", [
    # an amount of money the record states is money: a tariff's rate times the kWh asked
    # plus its standing charge a day (examples/energy), a meal added to the fee
    ("(h | stated('€/kWh', 'EUR/kWh') or 0) * task.consumption "
     "+ (h | stated('€/day') or 0) * 365", MONEY),
    ("(h | stated('p/kWh') or 0) / 100 * (task.consumption or 3000)", MONEY),
    ("h.price.amount + ((h | stated('€', 'EUR', of=['comedor']) or 0) if task.meals else 0)",
     MONEY),
    ("h | stated('kWh/day')", PLAIN),  # no money: a quantity
    ("h | stated('km')", PLAIN),
    # a price divided by a count the record states is a price per one (gpucloud's per GPU)
    ("h.price.amount / (1 if h | mentions(['per GPU'], every=false) else h | stated('GPUs', "
     "'x') or 1) if h.price else none", MONEY),
    ("h.price.amount / h.rating", OTHER),
    ("task.consumption | stated('€/kWh')", UNKNOWN),  # not the record's
])
def test_an_amount_the_record_states_in_money_is_money(expr: str, kind: str) -> None:
    assert order_kind(expr, "h") == kind


def test_an_estimated_cost_from_stated_rates_is_the_cost_the_synthesis_calls_cheapest() -> None:
    # energy's table ranks by the year's cost (rate × kWh + standing charge), the
    # synthesis called the cheapest by the €/kWh alone: the order is the cost now
    energy = ("((h | stated('€/kWh') or 0) * task.consumption + (h | stated('€/day') or 0) "
              "* 365) if h | stated('€/kWh') else none")
    assert cost_order(["h.rating or 0", energy], "h") == 1
    assert cost_order(["h | stated('km')"], "h") is None  # reads no money


@pytest.mark.parametrize("expr", [
    "-" * 1500 + "h.price.amount",                       # Jinja's parser recurses
    "h.price.amount" + " | round" * 1500,
    "h.price.amount" + " + 1" * 1500,
])
def test_an_order_nested_past_the_parser_is_a_spec_error(tmp_path: Path, expr: str) -> None:
    # the cost check's own parse raised RecursionError: 'scout validate' printed an
    # internal error instead of the expression check's SPEC050
    assert order_kind(expr, "h") is None
    path = tmp_path / "p.yaml"
    path.write_text(HEAD + "  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
                    "with: {items: candidates, as: h, order_by: ['%s']}}\n" % expr)
    codes = {p.code for p in validate_paths([path], config=CONFIG).files[0].problems}
    assert codes == {"SPEC050"}


@pytest.mark.parametrize("query", ["tarifa de luz, 3000 kWh al año, máximo 60 € al mes",
                                   "electricity tariff, 3000 kWh a year, under 60 EUR a month",
                                   "tarifa de luz, 3000 kWh al año"])
def test_a_cost_from_stated_rates_is_said_with_a_budget_the_price_cannot_meet(
        query: str) -> None:
    """A tariff's price is a rate per kWh, which no budget a month compares with: the
    ranking's view of it is none, yet its order costs it from the rates it states, and
    that estimate is what the synthesis calls the cheapest by (it had no cost with a
    budget)."""
    import datetime as dt

    from scout.schemas.records import Candidates
    from scout.schemas.task import Money
    from scout.spec.models import InputSpec
    from scout.steps import rank
    from scout.stepkit.params import RankParams
    from scout.task.build import build_task
    from tests.steps.test_extract_rank import _ctx
    from tests.steps.test_rank_periods import _flat

    inputs = {"budget": InputSpec(type="money"),
              "consumption": InputSpec(type="integer", aliases=["kWh"])}
    task = build_task(query, inputs, today=dt.date(2026, 12, 6))
    assert task.values["consumption"] == 3000

    def tariff(key: str, text: str, rate: float):
        c = _flat(key, (f"https://{key}.test/", Money(amount=rate, currency="EUR",
                                                      comparator="=", per="kWh")))
        c.evidence[0].text = text
        return c

    order = ("((h | stated('€/kWh') or 0) * task.consumption + (h | stated('€/día') or 0) "
             "* 365) / 12 if h | stated('€/kWh') else none")
    params = RankParams(items="candidates", as_="h", order_by=[order], descending=False,
                        cost_per="month")
    tariffs = [tariff("fixed", "Tarifa fija 0,15 €/kWh, 0,30 €/día", 0.15),
               tariff("cheap", "Tarifa 0,12 €/kWh, 0,50 €/día", 0.12)]
    short = rank.run(_ctx(params, {"candidates": Candidates(items=tariffs)}, task))
    # 0,12 × 3000 + 0,50 × 365 = 542,50 a year, 45,21 a month
    assert [(i.candidate.key, round(i.cost or 0, 2), i.cost_per) for i in short.items] == [
        ("cheap", 45.21, "month"), ("fixed", 46.62, "month")]


def test_an_order_reading_the_price_still_needs_a_comparable_one() -> None:
    from scout.steps.costorder import reads_price_field

    assert reads_price_field("-(h.price.amount) if h.price else 0", "h")
    assert reads_price_field("(h.price_converted or h.price).amount", "h")
    assert not reads_price_field("(h | stated('€/kWh') or 0) * task.consumption", "h")


@pytest.mark.parametrize("expr, kind", [
    # one unit's price (rank's bundle divided it) times the pack's count is the pack's
    # price again, and times the packs the quantity asked needs, the order's: money
    ("c.price.amount * c.bundle", MONEY),
    ("(c.price.amount * c.bundle * 2) if c.price and c.bundle else none", MONEY),
    ("c.price.amount * c.bundle * ((task.months * 2 / c.bundle) | round(0, 'ceil'))", MONEY),
    ("c.bundle", PLAIN),
    # another field of the record is still no count
    ("c.price.amount * c.rating", OTHER),
    ("c.price.amount * c.evidence_count", OTHER),
])
def test_a_packs_count_is_a_plain_number(expr: str, kind: str) -> None:
    assert order_kind(expr, "c") == kind
