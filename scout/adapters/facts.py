"""The conservative reading of prices and ratings stated by several sources.

When sources disagree, a constraint check must not be optimistic: a candidate is only
"within budget" when its *highest* stated price is, and only "rated 8 or better" when
its *lowest* stated rating is. Inside one source (one URL), the lowest price is that
source's offer ("from 135 EUR"; a page listing several room types states its cheapest),
so the rule is: per source the lowest price, across sources the highest of those.
Per-unit prices ("/night", "/person") are preferred over bare ones (a price range on a
page is not comparable with a nightly rate).

Two shops are not two sources disagreeing: when the thing is listed for sale by two or
more shops (its own listings, on different sites, each stating a price), each price is
that shop's offer, and the price is the cheapest of them (:func:`shop_offers`; within one
shop the rule above still holds).

The ``rank`` step derives each candidate's price and rating with these functions, and
the keyless synthesis uses the same ones to say which value the check used, so the two
never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from urllib.parse import urlsplit

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


def _shop(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return host.removeprefix("www.")


def shop_offers(stated: Sequence[tuple[str, Money]], listings: Collection[str],
                amount: Callable[[Money], float]) -> list[tuple[str, Money]]:
    """Each shop's offer, cheapest first, when two or more shops state a price on their
    listing of the thing (``listings``: the URLs it was found listed at); empty otherwise.
    A shop's offer is the conservative price of its own pages (:func:`conservative_price`
    over its listings); statements on other pages (a review, a blog) are no offer."""
    by_shop: dict[str, list[tuple[str, Money]]] = {}
    for url, price in stated:
        if url in listings and _shop(url):
            by_shop.setdefault(_shop(url), []).append((url, price))
    if len(by_shop) < 2:
        return []
    offers: list[tuple[str, Money]] = []
    for pages in by_shop.values():
        offer = conservative_price(pages, amount)
        if offer is not None:
            offers.append(next((u, p) for u, p in pages if p is offer))
    if len(offers) < 2:
        return []
    return sorted(offers, key=lambda up: amount(up[1]))  # stable: first-seen shop on ties


def conservative_rating(stated: Sequence[float]) -> float | None:
    return min(stated) if stated else None


def same_rating(a: float, b: float) -> bool:
    return abs(a - b) < RATING_TOLERANCE


def same_price(a: float, b: float) -> bool:
    return abs(a - b) <= PRICE_TOLERANCE * max(abs(a), abs(b), 1.0)
