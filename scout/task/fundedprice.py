"""A funded or public place's price beside the one anyone pays, on a page that states both:
a care home's "plaza concertada desde 1.200 €/mes; plaza privada 2.300 €/mes", a nursery's
"plaza pública 110 €/mes, plaza privada 420 €/mes", "Council-funded rooms £820 per week;
self-funded residents from £1,250 per week". A funded place is assigned by a public body
(by need, means or a waiting list), not bought, so whoever asks pays the private price:
the amount a page labels as a funded place's is no price while another amount is not so
labelled (:func:`funded_only`, read by :func:`scout.task.amounts.listed_amounts`, as a
members' price is: :mod:`scout.task.memberprice`). A page stating only a funded place's
price states its price so (it is read, and a kind's `where` can check the words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.schemas.task import Money
from scout.task.lang import fold

# a place, a bed or a room a public body funds or assigns, folded: "plaza concertada",
# "plazas públicas", "plaza subvencionada", "cama financiada"; "council-funded", "local
# authority funded", "NHS-funded", "publicly funded", "state-funded", "funded place(s)",
# "funded bed", "funded residents" (never "self-funded": what anyone pays)
_PLACE_ES = r"(?:plazas?|camas?|habitacion(?:es)?)"
_FUNDED_ES = (_PLACE_ES + r"\s+(?:de\s+(?:la\s+)?(?:ley\s+de\s+)?dependencia|"
              r"(?:concertad|public|subvencionad|financiad|publicamente\s+financiad)[oa]s?)")
_WHO_FUNDS = (r"(?:council|local[\s-]+authority|la|nhs|state|publicly|public|government|"
              r"social[\s-]+services?)")
_FUNDED_EN = (r"(?:(?<![\w-])" + _WHO_FUNDS + r"[\s-]+funded|(?<![\w-])funded\s+"
              r"(?:places?|beds?|rooms?|residents?|placements?)|(?<![\w-])subsidi[sz]ed\s+"
              r"(?:places?|beds?|rooms?))")
_FUNDED = re.compile(r"(?:" + _FUNDED_ES + "|" + _FUNDED_EN + r")(?![\w])")
# how far back an amount's label is looked for, in its clause: "plaza concertada desde "
_BACK = 48
_CLAUSE_END = re.compile(r"[.;!?\n]|\s-\s|,\s")


def _clause_before(text: str, start: int) -> str:
    """The words of ``text`` right before ``start``, back to the clause's start."""
    before = text[max(0, start - _BACK):start]
    ends = list(_CLAUSE_END.finditer(before))
    return before[ends[-1].end():] if ends else before


def _funded(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is labelled as a funded place's: by the words of its
    clause before it, or in brackets right after it ("£820 per week (council-funded)")."""
    if _FUNDED.search(fold(_clause_before(text, span[0]))):
        return True
    after = re.match(r"\s*(?:[^\W\d_]+\s*){0,3}\(([^)]{0,40})\)", text[span[1]:span[1] + 60])
    return after is not None and _FUNDED.search(fold(after.group(1))) is not None


def funded_only(text: str, found: Sequence[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of the ``found`` amounts ``text`` labels as a funded or public place's
    while another amount in it is not so labelled: none of them is the price anyone pays."""
    funded = {i for i, (_, span) in enumerate(found) if _funded(text, span)}
    if not funded or len(funded) == len(found):
        return set()
    return funded
