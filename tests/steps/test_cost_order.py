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
    ("[h.price.amount, 500] | min", UNKNOWN),
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
             "with: {items: candidates, as: h, order_by: [%s]}}\n")
    path.write_text(HEAD + rank_ % "'h.price.amount / h.rating'")
    assert [p.code for p in validate_paths([path], config=CONFIG).files[0].problems] == []
    path.write_text(HEAD + rank_ % "'[h.price.amount, 500] | min'")
    [p] = validate_paths([path], config=CONFIG).files[0].problems
    assert p.code == "SPEC087" and p.severity == "warning" and "[h.price.amount, 500] | min" in p.message


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
