"""The conservative reading of prices and ratings stated by several sources.

When sources disagree, a constraint check must not be optimistic: a candidate is only
"within budget" when its *highest* stated price is, and only "rated 8 or better" when
its *lowest* stated rating is. Inside one source (one URL), the lowest price is that
source's offer ("from 135 EUR"; a page listing several room types states its cheapest),
so the rule is: per source the lowest price, across sources the highest of those.
Per-unit prices ("/night", "/person") are preferred over bare ones (a price range on a
page is not comparable with a nightly rate).

The ``rank`` step derives each candidate's price and rating with these functions, and
the keyless synthesis uses the same ones to say which value the check used, so the two
never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scout.schemas.task import Money

#: ratings closer than this (0-10 scale) are the same rating written twice
RATING_TOLERANCE = 0.05
#: prices closer than this fraction are the same price written twice
PRICE_TOLERANCE = 0.005


def comparable_prices(stated: Sequence[tuple[str, Money]]) -> list[tuple[str, Money]]:
    """The statements a price check compares: per-unit ones when any source gives one."""
    per_unit = [(src, p) for src, p in stated if p.per]
    return per_unit or list(stated)


def per_source_prices(stated: Sequence[tuple[str, Money]],
                      amount: Callable[[Money], float]) -> list[tuple[str, Money]]:
    """One price per source (its lowest), in first-seen source order."""
    best: dict[str, Money] = {}
    for src, price in comparable_prices(stated):
        if src not in best or amount(price) < amount(best[src]):
            best[src] = price
    return list(best.items())


def conservative_price(stated: Sequence[tuple[str, Money]],
                       amount: Callable[[Money], float]) -> Money | None:
    """The highest of the per-source prices (``amount`` makes currencies comparable)."""
    per_source = per_source_prices(stated, amount)
    if not per_source:
        return None
    # highest amount; ties keep the first source, so the choice is stable
    return max(per_source, key=lambda sp: (amount(sp[1]), -per_source.index(sp)))[1]


def conservative_rating(stated: Sequence[float]) -> float | None:
    return min(stated) if stated else None


def same_rating(a: float, b: float) -> bool:
    return abs(a - b) < RATING_TOLERANCE


def same_price(a: float, b: float) -> bool:
    return abs(a - b) <= PRICE_TOLERANCE * max(abs(a), abs(b), 1.0)
