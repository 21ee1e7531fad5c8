"""A period a page says once for a list of amounts: "grado I 1.850 €, grado II 2.100 €,
grado III 2.400 € al mes", "Single room £1,150, shared room £980 per week", "1.850 €, 2.100
€ o 2.400 € al mes". The money reader gives the period to the amount it is written after;
the amounts listed before it, each bare and joined to the next by a comma, `y` / `o` /
`and` / `or`, are for the same period. Read by :func:`scout.task.amounts.find_amounts`.

Only a list of one shape shares it: every amount labelled by its own words (a room, a
grade, a care level) or none is, so a fee said before a price a month ("instalación 60 €,
29,90 €/mes") keeps no period; an amount named as a fee, a deposit, an extra or the price
("Cuota 30 €, matrícula 20 € al año", "Entrada 12 €, parking 5 € al día", "Precio 300.000
€, comunidad 60 €/mes") breaks the list, as do amounts of other sizes (more than five times
apart: versions of one thing cost alike), and only a time's period is shared (a price per
person or per word is said of its own amount).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scout.schemas.task import Money
from scout.units import PERIOD_DAYS

#: the most a list's dearest amount may be of its cheapest
_SPREAD = 5.0
#: the periods a list may share: a time's (a day, a week, a month, an hour...)
_SHARED = frozenset({*PERIOD_DAYS, "hour"})

# what joins two amounts of a list, then the next one's label (a few words, a grade's
# numeral: "grado II", "shared room", "nursing (24 h)"), nothing that ends a clause
_JOINT = re.compile(r"\s*(?:,|;|\s(?:y|e|o|u|and|or|&)\s)\s*(?P<label>[^.!?:;,€£$\d]{0,40}"
                    r"(?:\b[0-9]{1,2}\b[^.!?:;,€£$\d]{0,20})?)$", re.I)
# a label's words that say how an amount is priced, not what it is for: "desde 1.850 €"
# is no list's label
_NO_LABEL = re.compile(r"(?:\b(?:desde|from|a partir de|only|solo|sólo|just|por|at|for|"
                       r"para|hasta|up to|max|máximo|min|mínimo)\s*)+$", re.I)
# a word right before an amount, in its clause: what labels it
_LABELLED = re.compile(r"[^\W_]\)?\s*:?\s*$")


def _labelled(before: str) -> bool:
    """Whether the text right ``before`` an amount labels it with words of its own."""
    before = _NO_LABEL.sub("", before.rstrip())
    return _LABELLED.search(before) is not None


def shared_periods(text: str, found: list[tuple[Money, tuple[int, int]]],
                   beside: Callable[[str, tuple[int, int]], bool],
                   priced: Callable[[str, tuple[int, int]], bool]) -> list[tuple[Money, tuple[int, int]]]:
    """``found`` (amounts and their spans in ``text``, in order) with the bare amounts of
    a list given the period its last amount states; ``beside(text, span)`` says which
    amounts are named as a fee, a deposit or an extra, which end a list; ``priced(text,
    span)`` which are labelled as the price, which open one ("Tarifas: 1.850 €, 2.100 € al
    mes") and are no item of a list before it ("Precio 300.000 €, comunidad 60 €/mes")."""
    spans = sorted({span for _, span in found})
    if len(spans) < 2:
        return found
    per_of: dict[tuple[int, int], str | None] = {}
    amount_of: dict[tuple[int, int], float] = {}
    for money, span in found:
        per_of.setdefault(span, money.per)
        amount_of.setdefault(span, money.amount)
    given: dict[tuple[int, int], str] = {}
    for k in range(len(spans) - 1, 0, -1):
        last = spans[k]
        period = per_of[last]
        if period not in _SHARED or last in given or beside(text, last) \
                or priced(text, last):
            continue
        chain: list[tuple[int, int]] = []
        shape: set[bool] = set()
        j = k
        while j > 0:
            prev, nxt = spans[j - 1], spans[j]
            joint = _JOINT.match(text[prev[1]:nxt[0]])
            if joint is None or per_of[prev] is not None or beside(text, prev):
                break
            shape.add(_labelled(joint.group("label")))
            chain.append(prev)
            j -= 1
            if priced(text, prev):
                break       # "Tarifas: 1.850 €, ...": the list's label, its first amount
        if not chain:
            continue
        first = chain[-1]
        clause = re.split(r"[.!?;:\n]", text[max(0, first[0] - 40):first[0]])[-1]
        shape.add(_labelled(clause))
        amounts = [amount_of[s] for s in (*chain, last)]
        if len(shape) != 1 or min(amounts) <= 0 or max(amounts) > _SPREAD * min(amounts):
            continue
        for span in chain:
            given[span] = period
    if not given:
        return found
    return [(m.model_copy(update={"per": given[span]}) if span in given and m.per is None
             else m, span) for m, span in found]

