"""A price for a whole team against a budget per user: "€80/month for up to 10 users"
with "under €10 per user per month" is 8 € a user, not 80.

A plan sold for a number of users, seats, licences or devices together states no
``each`` (scout.task.moneyunits reads "€8 per user per month" as one user's); compared as it
is with a budget per user it was ten times too dear. When the request's budget is per
one of them and the listing's line stating the price says how many it covers ("for up
to 10 users", "hasta 10 usuarios", "10 seats included"), the price is divided by them,
flagged (rank's flags, in both languages), and compared per one.
"""

from __future__ import annotations

import re

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.steps.packprice import divided
from scout.task.moneyunits import SOLD_PER, each_of
from scout.text import strip_accents

#: "for up to 10 users", "para 5 usuarios", "hasta 10 puestos", "10 seats included",
#: "up to 25 members" (folded): how many one price covers
_COVERS = re.compile(
    r"\b(?:(?:for|para|with|con)\s+(?:up\s+to\s+|hasta\s+)?|up\s+to\s+|hasta\s+)"
    r"(?P<n>\d{1,4})\s+(?P<unit>" + SOLD_PER + r")\b"
    r"|\b(?P<n2>\d{1,4})\s+(?P<unit2>" + SOLD_PER + r")\s+(?:included|incluid[oa]s)\b")

FLAG = N_("price for up to {count} divided by them, to compare it with the budget per "
          "{each}")


def seats_covered(text: str, each: str) -> int | None:
    """How many ``each`` (user, seat...) the first such count in ``text`` says one price
    covers; None when it says none (a room's "for 2 guests" is none: no user)."""
    for m in _COVERS.finditer(strip_accents(text or "").lower()):
        n, unit = m.group("n") or m.group("n2"), m.group("unit") or m.group("unit2")
        said = each_of(unit)
        if said is not None and (said == each or {said, each} <= {"user", "seat"}):
            count = int(n)
            return count if count > 1 else None
    return None


def for_seats(c: Candidate, each: str) -> None:
    """Put ``c``'s price for a team on the footing of a budget per ``each``: divided by
    the number its price's line says it covers, and flagged; left as it is otherwise."""
    base = c.price_converted or c.price
    if base is None or base.each is not None or not base.amount:
        return
    lines = [e for e in c.evidence if e.price is not None and c.price is not None
             and e.price.amount == c.price.amount] or c.evidence
    count = next((n for e in lines if (n := seats_covered(f"{e.title} {e.text}", each))), None)
    if count is None:
        return
    update = divided(base, count)
    if update is None:
        return
    c.price_converted = base.model_copy(update={**update, "each": each})
    c.flags.append(FLAG.format(count=count, each=each))
