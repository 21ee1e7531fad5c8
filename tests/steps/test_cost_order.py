"""Which of rank's ``order_by`` is a cost (scout.steps.costorder): only an amount of money
read from the price is the one the synthesis calls "the cheapest" by; an order reading the
price that is a ratio ("value for money": ``price / rating``) is none, and one through a
call scout cannot see through is a validator warning (SPEC087)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.steps.costorder import MONEY, OTHER, UNKNOWN, order_kind
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
