"""The HTML report's price/rating chart plots prices on one basis, as its tables compare
them: a price a night is no point beside prices a visit (another currency is none), and
its axis says the basis ("EUR/mes"), the budget line only where the budget is on it."""

from __future__ import annotations

from scout.schemas.task import Money
from scout.steps.report_outputs import chart_basis, on_basis


def _m(amount: float, per: str | None = None, currency: str = "GBP") -> Money:
    return Money(amount=amount, currency=currency, per=per)


def test_the_budgets_basis_and_a_price_of_another_is_no_point():
    prices = [_m(12, "visit"), _m(18, "night"), _m(14, "visit"), None, _m(9),
              _m(11, "visit", "EUR")]
    currency, per = chart_basis(prices, _m(15, "visit"))
    assert (currency, per) == ("GBP", "visit")
    plotted = [p is not None and on_basis(p, currency, per) for p in prices]
    # a night's price and another currency's are left off; one that states no period is
    # taken on the basis, as rank compares it
    assert plotted == [True, False, True, False, True, False]


def test_without_a_budgets_basis_the_one_most_prices_state():
    prices = [_m(40, "night"), _m(12, "visit"), _m(14, "visit"), _m(10, "visit")]
    for budget in (None, _m(15), _m(300, "total")):
        currency, per = chart_basis(prices, budget)
        assert (currency, per) == ("GBP", "visit"), budget
    # a budget for the whole stay is no line among nightly prices; one with no period is
    assert not on_basis(_m(300, "total"), "GBP", "night")
    assert on_basis(_m(15), "GBP", "night") and not on_basis(_m(15, "night", "EUR"), "GBP",
                                                             "night")
    assert chart_basis([None, _m(5)], None) == ("GBP", None)
    assert chart_basis([], None) == ("", None)
