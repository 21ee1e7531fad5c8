"""A minimum order, spend or booking on a page: a condition, never a price.

A caterer's "Pedido mínimo 300 €. Menú 25 €/persona" prices its menu at 25 €: 300 € is
the least an order must come to. So a restaurant's "minimum spend £500" for a private
room, a bar's "consumo mínimo 15 €", a shop's "£40 minimum order", a venue's "minimum
booking $1,000" or "reserva mínima de 200 €": each says when the page sells, not what the
thing costs, like the spend above which delivery is free (``scout.task.amounts``'s
threshold). Such an amount is never a listing's price, even alone on its page (its price
is then unknown); a kind that wants it reads it with ``stated('€', of=['mínimo', ...])``.
A minimum charge ("cargo mínimo 60 €", "minimum charge £45", a tradesperson's or a
courier's) is what is paid at least, a price, and a share's floor ("1 % (mín. 3 €)") is
:mod:`scout.task.bracketprice`'s; neither is read here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.schemas.task import Money
from scout.task.lang import fold

#: what a minimum is of when it is a condition: an order, a spend, a purchase, a booking
#: (folded words, plurals allowed)
_OF = (r"(?:pedidos?|compras?|consumos?|consumiciones?|consumicion|gastos?|reservas?|"
       r"encargos?|importes?\s+de\s+(?:pedido|compra)|orders?|spend|spending|purchases?|"
       r"bookings?|basket|cart)")
_MIN = r"(?:minim[oa]s?|min\.?|minimum)"
#: said before the amount, in its clause: "Pedido mínimo 300 €", "mínimo de pedido: 300
#: €", "minimum spend of £500", "min. order $50", "order minimum: £40", "consumo mínimo
#: por persona 15 €", "a minimum spend of £500 applies"
_BEFORE = re.compile(
    r"(?<![\w])(?:" + _OF + r"\s+" + _MIN + r"|" + _MIN + r"\s+(?:de\s+|del\s+|of\s+)?"
    + _OF + r"(?:\s+(?:value|amount|total))?)"
    r"(?:\s+(?:por|per|de|del|of|para|for|a|an?)\s+[^\W\d_]+)?"
    r"(?:\s*[:=\-–]|\s+(?:de|del|of|is|es|:|desde|from|de\s+solo))*\s*$")
#: said after it: "300 € de pedido mínimo", "£500 minimum spend", "40 € mínimo de compra",
#: "$50 min. order"; a count after it is the minimum's, no amount's
_AFTER = re.compile(
    r"[^\w]{0,4}(?:(?:euros?|eur|gbp|usd|pounds?|dollars?)(?![\w]))?"
    r"\s*(?:(?:de|del|of)\s+)?(?:" + _OF + r"\s+" + _MIN + r"(?![\w])|" + _MIN
    + r"\s+(?:de\s+|del\s+|of\s+)?" + _OF + r"(?![\w]))"
    # ... unless what the minimum counts follows: "1.200 € (pedido mínimo 20 personas)"
    r"(?!\s*[:=]?\s*(?:de\s+|of\s+)?\d)")


def minimum_spend(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` of ``text`` is named as a minimum order, spend or
    booking (:data:`_BEFORE`, :data:`_AFTER`): a condition, no price."""
    figures = [m.start() for m in re.finditer(r"\d", text[span[0]:span[1]])]
    # the money reader may keep a comparator, a symbol or a "minimum" in the span ("£40
    # minimum"): read before its first figure and after its last
    end = span[0] + (figures[0] if figures else 0)
    last = span[0] + (figures[-1] + 1 if figures else span[1] - span[0])
    before = fold(text[max(0, end - 50):end]).rstrip("€$£ ")
    after = fold(text[last:last + 40])
    return _BEFORE.search(before) is not None or _AFTER.match(after) is not None


def minimums_only(text: str, found: Sequence[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of ``found`` (``text``'s amounts) a minimum order, spend or booking
    names (:func:`minimum_spend`)."""
    return {i for i, (_m, span) in enumerate(found) if minimum_spend(text, span)}
