"""An amount said with no currency at all ("nada por encima de 150", "under 300", "around
40k", "sevilla 150 la noche", "3 hab 400k", "1200 in total"): found, as written, so the
parser can say it was not read and no subject or place reader takes its words. Amounts
with a currency are :mod:`scout.task.money`'s, whose comparator words these share."""

from __future__ import annotations

import re

from scout.task.figures import AMOUNT as _AMOUNT
from scout.task.money import CMP, POST_CMP
from scout.task.moneytotal import bare_total
from scout.task.moneyunits import UNIT_AFTER


# a place's cue after a price of two digits or more: "menos de 150 en Sevilla", "under 950
# near the university", "hasta 800 cerca de la playa", "below 900 close to the station"
_WHERE_AFTER = (r"(?:en|in|near|nearby|cerca|junto|close|next|beside|by|at|around|"
                r"alrededor|frente|within|dentro)\b")


# a budget's label and its colon ("Presupuesto: 2 millones", "budget: 1.5 million")
_LABEL = r"(?:presupuesto|budget)\s*:"
# "at least 30k a year", "alrededor de 150 mil", "presupuesto de 1.5 millones": a scale
# ("k", "mil", "millones", "lucas", "palos") is part of the amount, not a word after it; of the words of approximation, those that are as often
# something else before a number ("nota sobre 5", "tipo 2", "como 3") are left out
# (a word after the amount is its unit's, "150 la noche", or the place's cue after a price's
# two digits or more, "menos de 150 en Sevilla", or the amount is no money's: "menos de 150
# estrellas"; "como mucho", a cap the money reader reads after an amount, before one too)
_BARE = re.compile(r"\b(?:" + "|".join(w for w, _ in CMP[:2]) + "|como mucho|" + _LABEL + "|" + re.sub(
    r"\|(?:sobre|tipo|como)(?=\||$)", "", CMP[2][0]) + r"|sobre(?=\s+[\d.,]+\s?(?:k|mil)\b))\s+(?P<a>" + _AMOUNT
                   + r"(?:\s?(?:k|mil|millones|millon|millions?|lucas|palos)\b)?)(?![\d.,]*\s*(?:/|out\s+of|sobre|stars?|estrellas?|"
                   r"\+|%|\d|(?!(?:an?|per|al|por)\b|" + UNIT_AFTER + r"|(?<=\d\d\s)" + _WHERE_AFTER + r")[a-z]))")
# a cap said after the amount ("150 máximo por noche", "200 tops", "150 o menos"), or an
# amount priced per a unit with no word of a cap ("sevilla 150 la noche"): of three digits
# or more, or with its unit, for "somos 10 como máximo" counts people
_BARE_AFTER = re.compile(
    r"(?<![\w.,])(?P<a>" + _AMOUNT + r")(?P<cap>\s+(?:"
    + "|".join(w for w, c in POST_CMP if c == "<=") + r")\b)?(?P<unit>\s*" + UNIT_AFTER + r")?")


# an amount in thousands standing alone, no word of what it counts after it: "piso en
# Madrid 3 hab 400k", "ático 450 mil en Valencia" (a "5k run", "50k km" count something
# else)
_BARE_SCALED = re.compile(r"(?<![\w.,])(?P<a>\d{1,3}(?:[.,]\d{1,3})?\s?(?:k|mil))(?![\w.,])"
                          r"(?!\s*(?:/|%|\+|(?!(?:en|in|para|for|con|with|y|and|o|or)\b)[^\W\d_]))")


def find_bare_amount(free: str) -> tuple[str, tuple[int, int], tuple[int, int] | None] | None:
    """An amount after a money comparator or a word of approximation with no currency at
    all ("nada por encima de 150", "under 300", "around 40k", "menos de 150 la noche"),
    one before a cap's word or priced per a unit ("150 máximo", "sevilla 150 la noche":
    :data:`_BARE_AFTER`), one in thousands alone
    ("3 hab 400k") or one said to be a total ("1200 in total", "all-in 900"), as written, and the span of the whole phrase, for a note that it was
    not read: the phrase is no subject's and no place's ("cocinero alrededor de 150 mil").
    Last, the span of the period or the head said right after the amount ("under 2500/mo",
    "menos de 150 la noche"), which the note keeps, or None."""
    m = _BARE.search(free) or _BARE_SCALED.search(free) or bare_total(free, _AMOUNT)
    if m is None:
        m = next((m for m in _BARE_AFTER.finditer(free) if m.group("unit") and len(
            re.sub(r"\D", "", m.group("a"))) >= 2 or m.group("cap") and len(
                re.sub(r"\D", "", m.group("a"))) >= 3), None)
    if m is None:
        return None
    unit = _UNIT_NEXT.match(free, m.end("a"))
    span = (m.start(), max(m.end(), unit.end())) if unit else m.span()
    return m.group("a"), span, (unit.start(1), unit.end()) if unit else None


# the unit right after an amount with no currency, for the note: "2500/mo", "150 la noche"
_UNIT_NEXT = re.compile(r"\s*(" + UNIT_AFTER + r")")
