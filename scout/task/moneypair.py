"""A kind's floor and cap of one amount: two ``money`` inputs named ``min_X`` and
``max_X`` (or ``min_X`` and ``X``), such as a tender's estimated value "over €100k" and
"under 200.000 €".

Each money input otherwise reads the first amount of the request, so with two of them the
first declared took whatever came first, a cap as a floor. Here an amount goes to the input
its comparator points to: ``>=`` / ``>`` (``more than``, ``al menos``) to the floor, ``<=`` /
``<`` (``under``, ``hasta``) to the cap; a range ("between 50,000 and 200,000 EUR") gives
the floor its low end and the cap its top. One money input alone reads as before
(:func:`scout.task.money.find_money`), whatever its name.
"""

from __future__ import annotations

from collections.abc import Iterable

from scout.schemas.task import Money
from scout.spec.models import InputSpec

Hit = tuple[Money, tuple[int, int], "str | None"]

_FLOOR = (">=", ">")


def partner(name: str, inputs: dict[str, InputSpec]) -> str | None:
    """The other end of ``name``'s pair of money inputs (``min_X`` with ``max_X`` or
    ``X``), or None when it has none."""
    def money(n: str) -> bool:
        return n != name and n in inputs and inputs[n].type == "money"

    if name.startswith("min_"):
        base = name[len("min_"):]
        return next((n for n in ("max_" + base, base) if money(n)), None)
    base = name[len("max_"):] if name.startswith("max_") else name
    return "min_" + base if money("min_" + base) else None


def is_floor(name: str) -> bool:
    """Whether ``name`` is the floor of its pair (the other end is the cap)."""
    return name.startswith("min_")


def ends(money: Money) -> tuple[Money, Money]:
    """A range's two ends as a floor and a cap: "between 50,000 and 200,000 EUR" →
    (``>= 50,000``, ``<= 200,000``), each with the range's currency and period."""
    low = money.model_copy(update={"amount": money.min, "min": None, "comparator": ">="})
    high = money.model_copy(update={"min": None, "comparator": "<="})
    return low, high


def pick(name: str, hits: Iterable[Hit]) -> Hit | None:
    """The first of ``hits`` (the request's amounts, in order) that ``name``, one end of a
    pair, may hold: a range, or for the floor an amount asked as one (``>=``), for the cap
    any other (``under``, ``around``, a bare ``100.000 €``: a bare budget is a cap)."""
    floor = is_floor(name)
    for money, span, word in hits:
        if money.min is not None or (money.comparator in _FLOOR) == floor:
            return money, span, word
    return None
