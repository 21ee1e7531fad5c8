"""A price for a pack of pieces, for ``rank``: a bakery's "docena 9 €", "media docena 5
€", "£12 per dozen", "bandeja 25 uds 30 €", a caterer's "box of 20 pieces £24".

A dozen is 12 and half a dozen 6 ("docena", "dozen", "media docena", "half a dozen", "2
docenas"); a count of pieces is said in the piece's words ("25 uds", "20 unidades", "30
piezas", "40 pieces", "50 pcs"). Where the request counts the pieces it asks (the value of
rank's ``tiers`` input, an integer: "24 croissants", "50 mini brownies") each source
pricing two packs or more is priced at the cheapest that covers the pieces asked, packs
bought whole ("docena 9 €, media docena 5 €" for 6 is 5 €, for 24 two dozens, 18 €), and
the price compared is that many packs: "bandeja 25 uds 30 €" for 50 is 60 €, flagged
"price for a pack of 25 times 2 for the 50 pieces asked". A pack as large as the pieces
asked or larger is compared as stated. A page stating no pack is left as it was, and so
is a price per a period or per a head.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from scout.i18n import N_
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.packprice import price_lines
from scout.task.amounts import find_amounts
from scout.task.lang import fold

#: a pack's count (folded text): half a dozen, dozens, or a count of pieces
_COUNT = re.compile(
    r"(?P<half>\bmedia\s+docena\b|\bhalf\s+(?:a\s+)?dozen\b|\bhalf-dozen\b)"
    r"|(?:(?<![\d.,])(?P<dozens>\d{1,3})\s*(?:docenas?|dozens?)\b)"
    r"|(?P<dozen>\b(?:docena|dozen)\b)"
    r"|(?:(?<![\d.,])(?P<n>\d{1,4})\s*(?:uds?\.?|unidades|unids?\.?|piezas|pieces|pcs\.?|"
    r"units|mini\s+[^\W\d_]+)(?!\w))")
#: what ends a pack's clause (folded text)
_BREAK = re.compile(r"[.;,\n|·•]")
#: how far after an amount its pack may be said ("9 € la docena", "£12 per dozen")
_AFTER = 24

PIECES_FLAG = N_("price for a pack of {count} times {packs} for the {asked} pieces asked, "
                 "to compare it with the budget for the whole order")


def _count(m: re.Match[str]) -> int:
    if m.group("half"):
        return 6
    if m.group("dozens"):
        return int(m.group("dozens")) * 12
    if m.group("dozen"):
        return 12
    return int(m.group("n"))


def packs_listed(text: str) -> list[tuple[int, Money]]:
    """Each amount of ``text`` stating no period that its clause says buys a pack of
    pieces (:data:`_COUNT`), said before it ("docena 9 €", "bandeja 25 uds 30 €") or right
    after it ("9 € la docena", "30 € (25 uds)"): the pack's count and the amount."""
    folded = fold(text or "")
    if len(folded) != len(text or ""):
        return []
    out: list[tuple[int, Money]] = []
    prev = 0
    found = find_amounts(text)
    for i, (money, (start, end)) in enumerate(found):
        before = folded[prev:start]
        prev = end
        if money.per is not None or money.each is not None:
            continue
        clause = _BREAK.split(before)[-1]
        counts = list(_COUNT.finditer(clause))
        if not counts:
            high = found[i + 1][1][0] if i + 1 < len(found) else len(folded)
            after = _BREAK.split(folded[end:min(high, end + _AFTER)])[0]
            counts = list(_COUNT.finditer(after))[:1]
        if counts and (n := _count(counts[-1])) > 1:
            out.append((n, money))
    return out


def restate_packs(evidence: list[Evidence], asked: float | None,
                  amount: Callable[[Money], float]) -> list[Evidence]:
    """``evidence`` with each source's price, where it prices two packs or more, the
    pack's that covers the ``asked`` pieces cheapest, packs bought whole (``amount`` puts
    an amount on the footing compared); the others as they were."""
    if not asked or asked < 1:
        return evidence
    out: list[Evidence] = []
    for e in evidence:
        listed = packs_listed(f"{e.title or ''}. {e.text or ''}") \
            if e.price is not None and e.price.per is None else []
        if e.price is None or len({n for n, _m in listed}) < 2:
            out.append(e)
            continue
        _n, money = min(listed, key=lambda p: (amount(p[1]) * math.ceil(asked / p[0] - 1e-9),
                                               p[0]))
        out.append(e.model_copy(update={"price": money.model_copy(
            update={"comparator": e.price.comparator})}))
    return out


def for_pieces(c: Candidate, asked: float | None, per: str | None) -> None:
    """Put ``c``'s price for a pack of pieces on the pieces ``asked``: times the packs they
    need, bought whole, against a budget for the whole order (``per`` unset or "total");
    flagged. Left as it is with none asked, one pack covering them, or a price per a
    period or a head."""
    base = c.price_converted or c.price
    if c.price is None or base is None or not asked or asked < 1 \
            or base.per is not None or base.each is not None or per not in (None, "total"):
        return
    count = next((n for t in price_lines(c) for n, m in packs_listed(t)
                  if m.amount == c.price.amount), None)
    if count is None:
        return
    packs = math.ceil(asked / count - 1e-9)
    if packs <= 1:
        return
    amount = round(base.amount * packs, 2)
    if not math.isfinite(amount):
        return
    c.price_converted = base.model_copy(update={
        "amount": amount,
        "min": round(base.min * packs, 2) if base.min is not None else None,
        "max": round(base.max * packs, 2) if base.max is not None else None})
    c.flags.append(PIECES_FLAG.format(count=count, packs=packs, asked=f"{asked:g}"))
