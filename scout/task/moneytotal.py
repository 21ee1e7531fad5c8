"""An amount said to be for the whole of what is asked, not per night, day or item:
"200 euros total", "600 € en total", "£500 all-in", "presupuesto total de", "900 € el lote",
"for both", "for all", "200 lucas todo" (``Money.per`` "total"), and a number with no currency said so ("1200 in
total"), for the parser's note. The other units around an amount are
:mod:`scout.task.moneyunits`'s."""

from __future__ import annotations

import re

from scout.units import TOTAL


# an amount for the whole stay or rental, not per night or day: "200 euros total", "600 € en
# total", "£500 all-in", "1.000 € in all" after it; "presupuesto total de", "total budget
# of", "en total" before it (``Money.per`` "total": rank compares it with a price per
# night times the nights asked). So is a price for every item asked at once, a set or a
# lot said with its article ("900 EUR the set", "900 € el lote", "for the pair", "por las
# dos", "for both"): the quantity asked is in it. Without the article it is a unit's
# price ("80 EUR per pair", "50.000 € por lote": each lot of a tender). English "the lot"
# is left alone: "€1.2k for the lot" says everything a stay holds, the blind corpus's
# reading of no period
_GROUP = (r"(?:(?:for|por|para)\s+)?(?:(?:the|el|la|los|las)\s+(?:sets?|lotes?|pairs?|"
          r"par|pares|packs?|kits?|juegos?|batch|bundles?|conjuntos?|"
          # a count alone ("for the 3", "por las dos"), not what it counts: "for the
          # 2-week session" is a fortnight's price
          r"(?:dos|tres|cuatro|two|three|four|\d{1,3})(?=\s*(?:[,.;:!?)]|$)))|"
          r"both|ambos|ambas|all\s+of\s+them|"
          r"(?:todos|todas)\s+(?:ellos|ellas)|"
          # the whole said as "all" or "everything" ending its clause: "Rs 3000 for all",
          # "200 lucas todo", "por todo", "for everything" ("for all ages" is no total)
          r"(?:(?:for|por|para)\s+)?(?:all|everything|todo)(?=\s*(?:[,.;:!?)]|$)))")
_TOTAL_AFTER = re.compile(r"\s*(?:en total|in total|in all|all[- ]in(?:clusive)?|total|"
                          + _GROUP + r")\b")
_ALL_IN = re.compile(r"all[- ]in(?:clusive)?\b")
_TOTAL_BEFORE = re.compile(
    r"\b(?:total\s+(?:budget|price|cost|spend)|(?:presupuesto|precio|coste|costo|gasto)\s+"
    r"total|en total|in total|all[- ]in)\b(?:\s+(?:de|of|is|es|was))?\s*(?:[,:]\s*)?"
    r"(?:(?:under|below|up to|max(?:imo)?|menos de|hasta|de|of)\s+)?$")


def bare_total(free: str, amount: str) -> re.Match[str] | None:
    """A number with no currency (``amount``: its pattern) said to be a total, after it or
    before it ("1200 in total", "900 en total", "all-in 900", "presupuesto total 900"), its
    digits in group ``a``; one of one or two digits before "in total" counts people
    ("somos 5 en total", "4 in total"), no money: what the money reader leaves for a note that asks for its
    currency, never a count nor a subject."""
    for after in re.finditer(r"(?<![\w.,])(?P<a>" + amount + r")" + _TOTAL_AFTER.pattern, free):
        if len(re.sub(r"\D", "", after.group("a"))) >= 3:  # "somos 5 en total": people
            return after
    return re.search(_TOTAL_BEFORE.pattern.removesuffix("$") + r"(?P<a>" + amount
                     + r")(?![\w.,]*\s*(?:/|%|\+|[a-z€$£]))", free)


def total_of(free: str, start: int, span: tuple[int, int]) -> tuple[str | None, tuple[int, int]]:
    """``"total"`` when the amount at ``start`` (read up to ``span``'s end) is said to be
    for the whole span, with the span taking in the words after it; else no period."""
    # "£500 all-in": "all" reads as a currency's code (the Albanian lek's), so the amount's
    # span may end after it
    after = _TOTAL_AFTER.match(free, span[1]) or _ALL_IN.match(free, max(0, span[1] - 3))
    if after is not None:
        return TOTAL, (span[0], after.end())
    if _TOTAL_BEFORE.search(free, max(0, start - 40), start):
        return TOTAL, span
    return None, span
