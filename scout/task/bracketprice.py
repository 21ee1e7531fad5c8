"""Amounts on a page that say when a price applies, never what it is: a fee by the amount
sent or spent, and the floor of a fee charged as a share.

A remittance's or a shop's fee by bracket ("Envíos hasta 500 €: 4,99 €", "de 500 a 1.000 €:
7,99 €", "up to £500: £2.99", "Transfers over £1,000 are free") states the bracket's bound
as an amount: it is the amount sent, no price (the first amount, 500 €, was read as the
fee). A bound is an amount a bound word leads ("hasta", "up to", "a partir de", "over",
"más de", "de … a") and a label's colon or a word saying its bracket is free follows.
A fee charged as a share with a floor ("Comisión 1 % (mín. 3 €)", "0.5% fee, min. $2") states
its least, not its price: the floor is no price beside the share it bounds.
Read by :func:`scout.task.amounts.listed_amounts` (:func:`bounds_only`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.schemas.task import Money
from scout.task.lang import fold

# a bracket's bound word right before the amount ("hasta 500 €", "up to £500", "a partir
# de 1.000 €", "over £1,000", "más de 1.000 €", "de 500 a 1.000 €", "from $500"), folded
_LEAD = re.compile(r"(?:\b(?:hasta|up\s+to|upto|a\s+partir\s+de|over|above|under|"
                   r"below|mas\s+de|menos\s+de|por\s+encima\s+de|por\s+debajo\s+de|more\s+than|"
                   r"less\s+than|de|between|entre)\s*|[<>≤≥]\s*|\b(?:a|to|and|y)\s+)$")
# what follows a bound: its bracket said free ("over £1,000 are free", "a partir de 1.000 €
# gratis"), or its label's colon with the bracket's fee right after it ("hasta 500 €:
# 4,99 €"; a "from" price's colon, "a partir de 89 €: desayuno incluido", is none)
_FREE_AFTER = re.compile(r"\s*:?\s*(?:(?:are|is|son|es|envio|envios|transfers?|sent|"
                         r"enviados?)\s+)*(?:free|gratis|gratuit[oa]s?|sin\s+comision(?:es)?|"
                         r"no\s+fee|fee[\s-]free)\b")
_COLON = re.compile(r"\s*[:=→]\s*$")
# the bracket said free before its bound ("Envío gratis a partir de 50 €", "free delivery
# on orders over £50", "sin comisión a partir de 1.000 €")
_FREE_BEFORE = re.compile(r"\b(?:free|gratis|gratuit[oa]s?|sin\s+comision(?:es)?|no\s+fee)\b"
                          r"[^.;:\d]{0,30}$")
# a floor said of the amount right before it ("mín. 3 €", "min $2", "mínimo 3 €", "minimum
# £2", "(min. 3 €)") and a share said in its clause ("1 %", "0.5%")
_FLOOR = re.compile(r"\b(?:min|minimo|minima|minimum|al\s+menos|at\s+least)\.?\s*(?:de\s+|of\s+)?$")
_SHARE = re.compile(r"\d\s*%")
_FIGURE = re.compile(r"[\d€$£¥]")
# how far back a bound's or a floor's word is looked for
_BACK = 24


def bounds_only(text: str, found: Sequence[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of the ``found`` amounts of ``text`` that bound a bracket (a fee by the
    amount sent) or floor a share ("mín. 3 €" beside "1 %"); none when every amount is one,
    but for a share's floor, which states no price beside its share either way."""
    folded = fold(text)
    out: set[int] = set()
    bounds: set[int] = set()
    for i, (m, (start, end)) in enumerate(found):
        # the amount's span may hold its bound word ("hasta 500 €", "over £1,000"): read
        # up to its figure or its sign
        figure = _FIGURE.search(folded, start, end)
        lead = folded[max(0, start - 60):figure.start() if figure else start]
        floor = _FLOOR.search(lead)
        if floor and _SHARE.search(re.split(r"[.;\n]", lead[:floor.start()])[-1]):
            out.add(i)  # "1 % (mín. 3 €)": the share's least
            continue
        before = lead[-_BACK:]
        if not _LEAD.search(before):
            continue
        nxt = found[i + 1] if i + 1 < len(found) else None
        if nxt is not None and re.fullmatch(r"\s*(?:a|to|and|y|-|–)\s*",
                                            folded[end:nxt[1][0]]):
            # "de 500 a 1.000 €: 7,99 €": both ends bound it, the second says how
            end_at, nxt = nxt[1][1], (found[i + 2] if i + 2 < len(found) else None)
        else:
            end_at = end
        fee = nxt is not None and _COLON.match(folded[end_at:nxt[1][0]]) is not None \
            and nxt[0].currency == m.currency and nxt[0].amount * 4 <= m.amount
        if fee or _FREE_AFTER.match(folded, end_at) or _FREE_BEFORE.search(lead):
            bounds.add(i)
            if end_at != end:
                bounds.add(i + 1)
    if len(bounds) < len(found) - len(out):
        out |= bounds
    return out
