"""A listing's price for a slot of a length it states, for ``rank``: a court's "Pista 90
minutos: 24 €", a tutor's "Clase de 60 min 20 €", a studio's "2-hour session £30".

Such a price is read with no period (it is no price per hour: the page sells the slot
whole). With the length the request asks (rank's ``volume: {hour: length}``) it is the
price of the slots that length needs, each booked whole: a 90-minute slot for 2 hours is
two of them (48 €), for 1 hour still one (24 €); against a budget per person it is shared
by the people asked (rank's ``people``), against a budget for the whole booking it is
compared as that many slots. Flagged, both languages. A price whose page states no length
beside it is left as the page says it (a menu's "45 €" or a club's "desde 20 €"), and so
is a pack of hours ("Bono de 10 horas por 300 €": :mod:`scout.steps.packprice`), a length
said as how often ("2 horas a la semana") or as how far ("a 5 minutos del metro").
"""

from __future__ import annotations

import math
import re

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.steps.packprice import HOW_OFTEN, SENTENCE, price_lines
from scout.steps.workbasis import Work
from scout.task.amounts import find_amounts
from scout.task.durations import find_durations
from scout.task.lang import fold
from scout.units import TOTAL

#: what sells several hours at once, not one slot: a pack, a card of sessions (folded)
_PACK = re.compile(r"\b(?:bonos?|packs?|abonos?|paquetes?|bundles?|blocks?|bloques?|lotes?|"
                   r"tarjetas?|passes)\b|\b\d{1,3}\s+(?:clases|sesiones|lessons|sessions|"
                   r"classes)\b")

#: the longest slot a price is for, in seconds: a day's charter; "abierto 24 horas" says
#: when a place opens, never what one price books
LONGEST_SLOT = 12 * 3600
#: how far from an amount its length is looked for, in characters
_NEAR = 80

SLOT_FLAG = N_("price for a slot of {minutes} min times {slots} for the length asked, to "
               "compare it with the budget for the whole booking")
SLOT_SHARED_FLAG = N_("price for a slot of {minutes} min times {slots} for the length asked, "
                      "divided by {count} people, to compare it with the budget per person")


def slot_minutes(text: str, amount: float) -> float | None:
    """The length in minutes ``text`` states the price ``amount`` (one stating no period)
    is for: a length labelling it in the same sentence, before it ("Pista 90 minutos: 24
    €", "2-hour session £30") or, where the line writes its lengths after its amounts,
    after it ("24 € (hora y media)", "£30 for a 2-hour session"); None when it states none,
    or the sentence sells a pack or says how often."""
    return next((minutes for minutes, money, _said in slots_listed(text)
                 if money.amount == amount), None)


def slots_listed(text: str) -> list[tuple[float, Money, str]]:
    """Each price stating no period that ``text`` says the length of (:func:`slot_minutes`),
    in the order written: its minutes, the amount, and the page's words for the slot
    ("60 min 38 €"); a pack's or another sentence's length is none."""
    folded = fold(text or "")
    if len(folded) != len(text or ""):
        return []
    found = find_amounts(text)
    if not found:
        return []
    ends = [m.end() for m in SENTENCE.finditer(folded)]
    # the line's way: a length before its first amount labels each amount by the one
    # before it; otherwise each amount's length follows it
    first, first_end = found[0][1]
    # (an amount's span may take a word of its label: "Clase de 60 min 20 €")
    before = any(span[0] < first for _, span in _lengths(folded, max(0, first - _NEAR),
                                                          first_end))
    out: list[tuple[float, Money, str]] = []
    for i, (money, (start, end)) in enumerate(found):
        if money.per is not None:
            continue
        low = found[i - 1][1][1] if i else 0
        high = found[i + 1][1][0] if i + 1 < len(found) else len(folded)
        said = [(n, span) for n, span in _lengths(folded, max(low, start - _NEAR), end)
                if span[0] < start] if before \
            else _lengths(folded, end, min(high, end + _NEAR))
        if not said:
            continue
        seconds, span = said[-1] if before else said[0]
        a, b = min(span[0], start), max(span[1], end)
        if any(a <= e < b for e in ends) or _PACK.search(_sentence(folded, a, ends)):
            continue  # another sentence's length, or a pack's hours
        words = text[a:b].strip(" ,;:/|-(") if before else text[start:b].strip(" ,;:/|-")
        words += ")" * (words.count("(") - words.count(")"))  # "38 € (60 min)"
        out.append((seconds / 60, money, words))
    return out


def _lengths(folded: str, a: int, b: int) -> list[tuple[int, tuple[int, int]]]:
    """The lengths of time said in ``folded[a:b]`` (seconds, span in ``folded``), a slot's
    at most :data:`LONGEST_SLOT`, none said as how often."""
    out = []
    for seconds, (s, e) in find_durations(folded[a:b]):
        if 0 < seconds <= LONGEST_SLOT and not HOW_OFTEN.match(folded, a + e):
            out.append((seconds, (a + s, a + e)))
    return out


def _sentence(folded: str, at: int, ends: list[int]) -> str:
    """The sentence of ``folded`` holding the position ``at``."""
    start = max((e + 1 for e in ends if e < at), default=0)
    stop = min((e for e in ends if e >= at), default=len(folded))
    return folded[start:stop]


def for_slot(c: Candidate, per: str | None, people: int, work: Work | None) -> None:
    """Put ``c``'s price for a slot (:func:`slot_minutes`) on the footing of the length
    asked (``work``'s hours): times the slots it needs, and shared by ``people`` against a
    budget per person (``per`` "person"); against a budget for the whole booking (``per``
    unset or "total", the kind declaring a volume) times the slots only. Left as it is
    with no length asked, a price with a period or a head, or none of the people counted
    against a budget per person; flagged otherwise."""
    base = c.price_converted or c.price
    if c.price is None or base is None or base.per is not None or base.each is not None \
            or work is None or not (hours := work.times("hour")):
        return
    shared = per == "person" and people >= 1
    if not shared and not (per in (None, TOTAL) and work.whole):
        return
    minutes = next((m for t in price_lines(c) if (m := slot_minutes(t, c.price.amount))),
                   None)
    if minutes is None:
        return
    # each slot is booked whole: 2 hours of 90-minute slots are two of them (a hair's
    # rounding in the length asked never books one more)
    slots = max(1, math.ceil(hours * 60 / minutes - 1e-6))
    if not shared and slots == 1:
        return  # one slot is the booking: compared as the page states it
    factor = slots / people if shared else float(slots)
    amount = round(base.amount * factor, 2)
    if not math.isfinite(amount):
        return
    low = round(base.min * factor, 2) if base.min is not None else None
    top = round(base.max * factor, 2) if base.max is not None else None
    update: dict[str, object] = {"amount": amount, "min": low, "max": top}
    if shared:
        update["per"] = "person"
    c.price_converted = base.model_copy(update=update)
    flag = SLOT_SHARED_FLAG if shared else SLOT_FLAG
    c.flags.append(flag.format(minutes=f"{minutes:g}", slots=slots, count=people))
