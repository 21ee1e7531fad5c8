"""Several ``money`` inputs of one kind told apart by their labels: an energy tariff's
price per kWh, its standing charge and a budget a month; a venue's hire fee and its
catering per head.

Each money input otherwise reads the first amount of the request not yet read, so the one
declared first took whatever came first: "término de potencia de menos de 0,10 €/kW día y
menos de 0,14 €/kWh" gave the price per kWh the standing charge's 0,10. Here an amount is
the input's whose label names it, said right before it ("término de potencia de menos de
0,10 €", "budget of £150") or as its unit right after it ("0,14 €/kWh", "24 € por
kWh", "10 € per seat"): the label is the input's name in words or one of its ``aliases``.
An amount no input's label names goes, as before, to the first of them declared (so a
kind declares its plain budget first); an amount another input's label names is never
this input's. A floor and a cap of one amount (:mod:`scout.task.moneypair`) share their
labels and are read there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.spec.models import InputSpec
from scout.task.lang import fold
from scout.task.moneypair import Hit, partner

# what joins an amount to the unit it is priced per: "0,14 €/kWh", "24 € por kWh",
# "£10 per seat", "10 € al kW", "a day"
_PER = r"\s*(?:/|\b(?:per|por|x|a|al|the|el|la|each|cada)\b)?\s*"
# words between a label and its amount ("término de potencia de menos de 0,10 €",
# "standing charge under 53p", "budget: 150 €")
_GAP = (r"(?:\s*:|\s+(?:de|del|of|under|below|over|por|a|at|menos|max|maximo|maxima|hasta|"
        r"para|less|than|no|mas|more|up|to|around|unos|unas|about|sobre|is|es|costs?|"
        r"cuesta|tops|at\s+most|como\s+mucho|mensual|monthly|anual|yearly|de\s+unos))*\s*$")
# how far before an amount its label may start
_REACH = 48


def labels(name: str, spec: InputSpec) -> list[str]:
    """The words that name ``name``'s amount: its name in words and its aliases, folded,
    longest first."""
    words = {fold(w).strip() for w in [name.replace("_", " "), *spec.aliases]}
    return sorted((w for w in words if w), key=len, reverse=True)


def rivals(name: str, inputs: dict[str, InputSpec]) -> dict[str, list[str]]:
    """The other money inputs of the kind (not ``name``'s floor or cap) and their labels;
    empty when ``name`` is the kind's only money input besides its pair."""
    pair = partner(name, inputs)
    return {other: labels(other, spec) for other, spec in inputs.items()
            if spec.type == "money" and other not in (name, pair)
            and partner(other, inputs) != name}


def _alt(words: list[str]) -> str:
    return r"(?<![\w])(?:" + "|".join(map(re.escape, words)) + r")(?:e?s)?(?![\w])"


def _names(free: str, span: tuple[int, int], words: list[str]) -> int:
    """How the amount at ``span`` is named by ``words``: 2 as its unit right after it, 1
    by a label right before it, 0 not at all."""
    if not words:
        return 0
    # the unit read with the amount ("0,14 €/kWh" is one money) or left after it
    if re.match(_PER + _alt(words), free[span[1]:]) or \
            re.search(r"(?:/|\b(?:per|por|x|a|al|each|cada)\b)\s*" + _alt(words) + r"\s*$",
                      free[span[0]:span[1]]):
        return 2
    before = free[max(0, span[0] - _REACH):span[0]]
    return 1 if re.search(_alt(words) + _GAP, before) else 0


def owner(free: str, span: tuple[int, int], named: dict[str, list[str]]) -> str | None:
    """Which of ``named`` (input → labels) the amount at ``span`` of ``free`` (folded)
    belongs to: the one naming it as its unit, else by a label before it; None when none
    does."""
    best, score = None, 0
    for who, words in named.items():
        got = _names(free, span, words)
        if got > score:
            best, score = who, got
    return best


def pick(name: str, own: list[str], others: dict[str, list[str]], free: str,
         hits: Iterable[Hit]) -> Hit | None:
    """Of ``hits`` (the request's amounts, in order), the first whose label is ``name``'s
    (``own``), else the first no label of ``others`` names."""
    named = {name: own, **others}
    loose: Hit | None = None
    for hit in hits:
        who = owner(free, hit[1], named)
        if who == name:
            return hit
        if who is None and loose is None:
            loose = hit
    return loose
