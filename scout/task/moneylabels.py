"""Several ``money`` inputs of one kind told apart by their labels: a gym's monthly fee and
its sign-up fee, a flat's rent and its deposit, an energy tariff's price per kWh, its
standing charge and a budget a month.

Each money input otherwise reads the first amount of the request not yet read, so the one
declared first took whatever came first: in "joining fee under £20, under £35 a month" the
monthly fee read £20, and "término de potencia de menos de 0,10 €/kW día y menos de 0,14
€/kWh" gave the price per kWh the standing charge's 0,10. Here an amount is the input's
whose label names it, said as its unit right after it ("0,14 €/kWh", "24 € por kWh", "10 €
per seat") or right before it ("matrícula máxima 20 €", "término de potencia de menos de
0,10 €", "budget of £150"); a unit after it outweighs a label before it, and of two labels
the longer names it ("joining fee", not the monthly fee's "fee"). A label is the input's
name in words or one of its ``aliases``. An amount no label names goes to the first input
declared that finds none labelled its own (so a kind declares its plain budget first); an
amount another input's label names is never this input's. A kind with one money input
reads as before.

An input said to be absent ("sin matrícula", "no joining fee", "without a deposit") with no
amount of its own is 0, in the currency of the request's other money, else of the country
it names ("en Madrid": EUR), else of the input's default; with none of them it is not read.

A floor and a cap of one amount (:mod:`scout.task.moneypair`) are read there, by their
comparator, but never an amount another input's label names ("fianza de 2.000 €,
alquiler hasta 1.000 €": the deposit's 2.000 € is no cap of the rent).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.cldr import currencies
from scout.task.lang import fold
from scout.task.pricelabel import LABEL_GAP, NONE, NONE_BEFORE, label_re
from scout.task.moneypair import Hit, partner

# what joins an amount to the unit it is priced per: "0,14 €/kWh", "24 € por kWh",
# "£10 per seat", "10 € al kW", "a day"
_PER = r"\s*(?:(?:/|\b(?:per|por|x|a|al|the|el|la|each|cada)\b)\s*)?"
# the same inside the amount's span, where its reader kept the unit ("0,14 €/kWh" is one money)
_PER_IN = r"(?:/|\b(?:per|por|x|a|al|each|cada)\b)\s*"
# a label that starts with such a connector ("per watt", "por kWh")
_JOINED = re.compile(r"(?:per|por|x|a|al|each|cada)\s")
# how far before an amount its label may start
_REACH = 50


def labels(name: str, spec: InputSpec) -> list[str]:
    """The words that name ``name``'s amount: its name in words and its aliases, folded,
    longest first."""
    words = {fold(w).strip() for w in [name.replace("_", " "), *spec.aliases]}
    return sorted((w for w in words if w), key=len, reverse=True)


def rivals(name: str, inputs: dict[str, InputSpec]) -> dict[str, list[str]]:
    """Every money input of the kind that ``name``'s amount is told apart from, ``name``
    among them, each with its labels; one end of a floor and a cap stands for both, with
    both ends' labels (its partner is no rival). Empty when ``name`` (or its pair) is the
    kind's only money, so it reads as before."""
    end = partner(name, inputs)
    out = {n: labels(n, s) for n, s in inputs.items() if s.type == "money" and n != end}
    if end is not None:
        out[name] = sorted({*out[name], *labels(end, inputs[end])}, key=len, reverse=True)
    return out if len(out) > 1 else {}


def _names(free: str, span: tuple[int, int], words: list[str]) -> tuple[int, int]:
    """How the amount at ``span`` of ``free`` is named by ``words``: (2, length) when one
    is its unit right after it, (1, length) by one said right before it, (0, 0) not at all;
    the length is the matching label's, so a longer label outweighs a shorter one."""
    if not words:
        return 0, 0
    alt = label_re(words)
    # a label that says its own connector ("per watt", "por vatio") names the unit the
    # amount's reader kept in its span whole, connector and all ("£1.40 per watt")
    joined = [w for w in words if _JOINED.match(w)]
    unit = re.match(_PER + "(" + alt + ")", free[span[1]:]) or \
        re.search(_PER_IN + "(" + alt + r")\s*$", free[span[0]:span[1]]) or \
        (re.search(r"(?<!\w)(" + label_re(joined) + r")\s*$", free[span[0]:span[1]])
         if joined else None)
    if unit:
        return 2, len(unit.group(1))
    best = 0
    # the amount's reader may have taken its cue into the span ("budget £3,000",
    # "presupuesto máximo 2.500 €"): the words before its figure are said before it too
    head = re.match(r"[^\d€$£¥₹]*", free[span[0]:span[1]])
    outside = free[max(0, span[0] - _REACH):span[0]]
    for before in dict.fromkeys([outside, outside + (head.group(0) if head else "")]):
        for word in words:  # the longest that ends right before the amount
            m = re.search(label_re([word]) + LABEL_GAP, before)
            # "sin matrícula por menos de 30 €": a label said absent names no amount after it
            if m and not NONE_BEFORE.search(before, 0, m.start()):
                best = max(best, len(word))
    return (1, best) if best else (0, 0)


def owner(free: str, span: tuple[int, int], named: dict[str, list[str]]) -> str | None:
    """Which of ``named`` (input → labels) the amount at ``span`` of ``free`` (folded)
    belongs to: the one naming it as its unit, else by a label before it, the longer label
    winning; None when none does."""
    best, score = None, (0, 0)
    for who, words in named.items():
        got = _names(free, span, words)
        if got > score:
            best, score = who, got
    return best


def pick(name: str, free: str, hits: Iterable[Hit], named: dict[str, list[str]]) -> Hit | None:
    """Of ``hits`` (the request's amounts in ``free``, in order), the first whose label is
    ``name``'s, else the first no label of ``named`` (:func:`rivals`) names."""
    loose: Hit | None = None
    for hit in hits:
        who = owner(free, hit[1], named) or unit_owner(hit[0], named)
        if who == name:
            return hit
        if who is None and loose is None:
            loose = hit
    return loose




def unit_owner(money: object, named: dict[str, list[str]]) -> str | None:
    """The one of ``named`` whose labels name the unit ``money`` is priced per, with
    no label said beside the amount ("que no pase de 24 pesos por watt": per Wp, the
    input aliased "Wp" / "per Wp", not the installation's budget); None when none does
    or several do."""
    per = getattr(money, "per", None)
    if not per or per in ("total",):
        return None
    unit = fold(per)
    owners = [who for who, words in named.items()
              if any(fold(w).split()[-1:] == [unit] for w in words if w.strip())]
    return owners[0] if len(owners) == 1 else None


def said_none(free: str, name: str, spec: InputSpec) -> tuple[int, int] | None:
    """The span of ``free`` (folded) that says the input ``name`` is not there ("sin
    matrícula"), with no amount after it, or None."""
    for word in labels(name, spec):
        m = re.search(NONE + label_re([word]) + r"(?!\s*(?:(?:de|of|:)\s*)?[\d€$£])", free)
        if m:
            return m.span()
    return None


def currency_of(read: Iterable[object], territories: list[str]) -> str | None:
    """The currency a 0 said in words is in: that of the first money of ``read`` (the
    request's amounts), else the first country's it names (the only currency it uses
    today)."""
    for value in read:
        if isinstance(value, Money):
            return value.currency
    for code in territories:
        cur = currencies().territory_currencies.get(code, ())
        if len(cur) == 1:
            return cur[0]
    return None
