"""Several ``money`` inputs of one kind told apart by their labels: a gym's monthly fee and
its sign-up fee, a flat's rent and its deposit, a course's fee and its enrolment.

Each money input that is no floor or cap of a pair (:mod:`scout.task.moneypair`) read the
first amount left in the request, so the one declared first took whatever came first: in
"joining fee under £20, under £35 a month" the monthly fee read £20. Here an amount goes to
the input whose name or alias labels it, right before it ("matrícula máxima 20 €", "joining
fee under £20"); when two inputs' labels end there, the longer one names it ("joining fee",
not the monthly fee's "fee"). An input takes an amount no other input labels only when none
is labelled its own, so a kind with one money input reads as before.

An input said to be absent ("sin matrícula", "no joining fee", "without a deposit") with no
amount of its own is 0, in the currency of the request's other money, else of the country
it names ("en Madrid": EUR), else of the input's default; with none of them it is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.money import LABEL_GAP
from scout.task.moneypair import partner
from scout.task.lang import fold

Hit = tuple[Money, tuple[int, int], "str | None"]


def _labels(name: str, spec: InputSpec) -> list[str]:
    return [w for w in {fold(a).strip() for a in (name.replace("_", " "), *spec.aliases)} if w]


def rivals(name: str, inputs: dict[str, InputSpec]) -> dict[str, list[str]]:
    """The money inputs that ``name`` is told apart from by labels (every money input but
    the ends of a floor-and-cap pair), each with its folded labels; empty when ``name`` has
    none, so one money input alone reads as before."""
    if partner(name, inputs) is not None:
        return {}
    out = {n: _labels(n, s) for n, s in inputs.items()
           if s.type == "money" and partner(n, inputs) is None}
    return out if len(out) > 1 else {}


def owner(free: str, span: tuple[int, int], labels: dict[str, list[str]]) -> str | None:
    """The input whose label stands right before the amount at ``span`` in ``free``
    (folded), the longest label that ends there winning, or None."""
    best: tuple[int, str] | None = None
    before = free[max(0, span[0] - 50):span[0]]
    for name, words in labels.items():
        for word in words:
            m = re.search(r"(?<![\w])" + re.escape(word) + r"(?:e?s)?(?![\w])" + LABEL_GAP, before)
            if m and (best is None or m.start() < best[0]):
                best = (m.start(), name)
    return best[1] if best else None


def pick(name: str, free: str, hits: Iterable[Hit], labels: dict[str, list[str]]) -> Hit | None:
    """Of ``hits`` (every amount left in ``free``), the one labelled ``name``'s, else the
    first no other input labels."""
    loose: Hit | None = None
    for hit in hits:
        who = owner(free, hit[1], labels)
        if who == name:
            return hit
        if who is None and loose is None:
            loose = hit
    return loose


# "sin matrícula", "no joining fee", "without a deposit", "free of enrolment fee"
_NONE = r"(?<![\w])(?:sin|no|without|zero|free of|cero)\s+(?:(?:a|an|any|the|ningun[ao]?)\s+)?"


def said_none(free: str, name: str, spec: InputSpec) -> tuple[int, int] | None:
    """The span of ``free`` (folded) that says the input ``name`` is not there ("sin
    matrícula"), with no amount after it, or None."""
    for word in sorted(_labels(name, spec), key=len, reverse=True):
        m = re.search(_NONE + re.escape(word) + r"(?:e?s)?(?![\w])(?!\s*(?:de|of|:)?\s*[\d€$£])", free)
        if m:
            return m.span()
    return None


def currency_of(read: Iterable[object], territories: list[str]) -> str | None:
    """The currency a 0 said in words is in: the request's other money's, else the first
    country's it names (the only currency it uses today)."""
    for value in read:
        if isinstance(value, Money):
            return value.currency
    from scout.task.cldr import currencies

    for code in territories:
        cur = currencies().territory_currencies.get(code, ())
        if len(cur) == 1:
            return cur[0]
    return None
