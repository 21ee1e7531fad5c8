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

A budget per piece ("1 € la unidad", "under £2 each", "máximo 1,50 € cada uno": a budget
per item, or per person where the kind counts the pieces asked) compares a pack's price
per piece instead: "docena 9 €" is 0,75 € a piece, "pack of 6 for £10" £1.67, flagged
"price for a pack of 12 divided by 12 to compare it per piece" (:func:`per_piece`), never
left unchecked as stating no unit nor held whole against one piece's budget.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from scout.i18n import N_
from scout.schemas.records import Candidate, Evidence
from scout.schemas.task import Money
from scout.steps.packprice import divided, price_lines
from scout.task.amounts import find_amounts
from scout.task.lang import fold

#: a pack's count (folded text): half a dozen, dozens, or a count of pieces
_COUNT = re.compile(
    r"(?P<half>\bmedia\s+docena\b|\bhalf\s+(?:a\s+)?dozen\b|\bhalf-dozen\b)"
    r"|(?:(?<![\d.,])(?P<dozens>\d{1,3})\s*(?:docenas?|dozens?)\b)"
    r"|(?P<dozen>\b(?:docena|dozen)\b)"
    r"|(?:(?<![\d.,])(?P<n>\d{1,4})\s*(?:uds?\.?|unidades|unids?\.?|piezas|pieces|pcs\.?|"
    r"units|mini\s+[^\W\d_]+)(?!\w))"
    # "pack of 6", "caja de 12", "box of 20", "bolsa de 10": a pack said by its container
    r"|(?:\b(?:packs?|cajas?|box(?:es)?|bolsas?|bags?|bandejas?|trays?|lotes?)\s+(?:of|de)\s+"
    r"(?P<held>\d{1,4})(?![\d.,]))")
#: what ends a pack's clause (folded text)
_BREAK = re.compile(r"[.;,\n|·•]")
#: how far after an amount its pack may be said ("9 € la docena", "£12 per dozen")
_AFTER = 24

#: what a budget per piece is per (Money.per): an item, or a person where the pieces are
#: counted (rank's ``tiers`` integer: a person's piece is one of those asked)
PIECE_BUDGETS = ("item", "person")

PER_PIECE_FLAG = N_("price for a pack of {count} divided by its pieces, to compare it per piece "
                    "with the budget per piece")

PIECES_FLAG = N_("price for a pack of {count} times {packs} for the {asked} pieces asked, "
                 "to compare it with the budget for the whole order")


def _count(m: re.Match[str]) -> int:
    if m.group("half"):
        return 6
    if m.group("dozens"):
        return int(m.group("dozens")) * 12
    if m.group("dozen"):
        return 12
    return int(m.group("n") or m.group("held"))


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


def per_piece(c: Candidate, per: str | None, pieces: float | None,
              each: str | None = None) -> bool:
    """Put ``c``'s price for a pack of pieces ("docena 9 €", "pack of 6 for £10") per
    piece against a budget per piece: per ``item`` ("1 € la unidad"), one unit's
    (``each``: "300 € cada una" in a kind counting how many), or per ``person`` where the
    kind counts the pieces asked (``pieces``: "50 mini brownies, under £2 each"); divided
    by the pack's count, put on the budget's footing, and flagged. True when it did; a
    price stating a unit or a head, or no pack, is left as it is."""
    base = c.price_converted or c.price
    if c.price is None or base is None or base.per is not None or base.each is not None:
        return False
    if each == "unit":
        footing: dict[str, str | None] = {"each": "unit"}
    elif per in PIECE_BUDGETS and (per != "person" or pieces):
        footing = {"per": per}
    else:
        return False
    count = next((n for t in price_lines(c) for n, m in packs_listed(t)
                  if m.amount == c.price.amount), None)
    if count is None or count <= 1 or not math.isfinite(base.amount):
        return False
    update = divided(base, count, fine=True)
    if update is None:
        return False
    c.price_converted = base.model_copy(update={**update, **footing})
    c.flags.append(PER_PIECE_FLAG.format(count=count))
    return True
