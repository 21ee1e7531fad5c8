"""SPEC089: rank sorts ``descending: true`` unless told otherwise, so an ``order_by`` that
is an amount of money, with no ``descending`` written, puts the dearest result first. An
author ordering by a price nearly always means the cheapest: the validator says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.validate import validate_paths
from tests.spec.test_rank_items import CONFIG, HEAD

RANK = ("  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
        "with: {items: candidates, as: h, %s}}\n")


def _codes(tmp_path: Path, with_: str) -> list[tuple[str, str, int]]:
    path = tmp_path / "p.yaml"
    path.write_text(HEAD + RANK % with_)
    return [(p.code, p.severity, p.location.line if p.location else 0)
            for p in validate_paths([path], config=CONFIG).files[0].problems]


@pytest.mark.parametrize("order", [
    "'h.price.amount'",
    "'h.price.amount / 2 if h.price else none'",
    "['h.rating', 'h.price_converted.amount | round(2)']",   # the first reading money counts
    "'(h.price.amount or 0) * 1.21'",
])
def test_money_sorted_by_the_default_is_a_warning(tmp_path: Path, order: str) -> None:
    [(code, severity, line)] = _codes(tmp_path, f"order_by: {order}")
    assert (code, severity) == ("SPEC089", "warning") and line > 0


@pytest.mark.parametrize("with_", [
    "order_by: 'h.price.amount', descending: false",
    "order_by: 'h.price.amount', descending: true",     # written: the dearest is wanted
    "order_by: '-(h.price.amount)'",                     # negated: the cheapest first
    "order_by: '-(h.price.amount) if h.price else none'",
    "order_by: 'h.price.amount * -1'",
    "order_by: 'h.rating'",                              # no money
    "order_by: 'h.price.amount / h.rating'",             # a ratio: no cost
    "order_by: ['-(h.price.amount)', 'h.price.amount']",  # only the first cost counts
])
def test_no_warning_when_the_order_is_meant(tmp_path: Path, with_: str) -> None:
    assert _codes(tmp_path, with_) == []
