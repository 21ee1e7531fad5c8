"""A listing's "each" in a kind that counts no people: one unit's price, not one person's.

A page's "£65 each", "45 € cada uno", "from £120 each" is read (:mod:`scout.task.moneyunits`)
as a price per person, which is what it says on a ticket or a tour, whose kind counts the
people it is for (rank's ``people`` or ``heads``). A kind that counts none (a tradesperson's
job, a laptop, a storage unit) sells things, not places for people: there "each" is one
socket's, one radiator's, one unit's price, and read per person it would be left out by a
kind's own cost expression (``c.price.per in ['hour', 'person']``) or put on a period it is
not on. What the kind counts is its author's declaration (rank's settings), never its name.
"""

from __future__ import annotations

import re

from scout.schemas.task import Money
from scout.task.amounts import listed_amounts
from scout.task.lang import fold

# the words a listing says one unit's price with, right after the amount ("£65 each",
# "45 € cada uno", "12 € c/u", "£3.50 ea.")
_EACH = re.compile(r"(?:\beach|\bea\.?|\bcada\s+un[oa]s?|\bc/u|\bapiece|\bla\s+unidad)\s*$")


def said_each(price: Money, text: str) -> bool:
    """``price`` (per person) is an amount ``text`` states with "each" after it, no
    person named: "Socket fitting £65 each", "grifo 45 € cada uno"."""
    if price.per != "person":
        return False
    folded = fold(text)
    for found, (start, end) in listed_amounts(text):
        if found.per == "person" and found.amount == price.amount \
                and _EACH.search(folded[start:end]):
            return True
    return False


def as_unit(price: Money, text: str, counts_people: bool, per: str | None) -> Money:
    """``price``, or (a kind counting no people, a budget not per person: ``per``) the
    same amount as one unit's, no period, where the page said it with "each"."""
    if counts_people or per == "person" or not said_each(price, text):
        return price
    return price.model_copy(update={"per": None})
