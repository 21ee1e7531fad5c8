"""A price for a pack of units of work against a budget per one: "Bono de 10 horas por
300 €" with "máximo 25 €/hora" is 30 € an hour, not a price stating no unit.

A tutor's pack of hours, a translator's block of pages, a dog walker's ten walks are sold
at one price for several of the unit a budget is per. Stating no unit, such a price was
kept unchecked against a budget per hour (`price states no unit`), so a pack dearer an
hour than the budget stayed on the list. When the request's budget is per a unit of work
and the sentence stating the price says how many of that unit it buys ("10 horas por 300
€", "pack of 10 hours: £250", "300 € (8 horas)"), the price is divided by them, flagged
(rank's flags, in both languages), and compared per one. A count said as how often ("2
horas a la semana", "two hours a week") or as one class's length ("clases de 2 horas",
"2-hour lessons") buys no pack and is left alone.
"""

from __future__ import annotations

import math
import re

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.text import strip_accents

#: each unit of work as pages write it in the plural, a pack counting several (folded)
_UNIT_WORDS = {
    "hour": r"hours|hrs|horas",
    "minute": r"minutes|mins|minutos",
    "word": r"words|palabras",
    "page": r"pages|paginas|folios",
    "item": r"items|documents|documentos",
    "visit": r"visits|visitas",
    "walk": r"walks|paseos",
}
# how often, not how many: "2 horas a la semana", "10 hours per month", "3 walks weekly"
_HOW_OFTEN = re.compile(r"\s*(?:(?:a|per|por|al|a\s+la|cada|each|every)\s+(?:la\s+)?"
                        r"(?:semana|week|mes|month|dia|day)|semanales|mensuales|diarias|"
                        r"weekly|monthly|daily)\b")
# one class's length: "clases de 2 horas", "lessons of 2 hours", "sesiones de 2 horas"
_ONE_CLASS = re.compile(r"(?:clases?|lessons?|sessions?|sesion(?:es)?|classes)\s+(?:de|of)\s+$")
# a currency said in the sentence: the count is what that amount buys
_MONEY = re.compile(r"[€$£]|\b(?:eur|euros?|usd|dollars?|dolares|gbp|pounds?|libras)\b")
# where a sentence ends: a full stop not inside a number ("1.200 €"), ";", a line's end
_SENTENCE = re.compile(r"(?<!\d)[.;!?](?!\d)|\n")

FLAG = N_("price for {count} × {per} divided by them, to compare it with the budget per "
          "{target}")


def pack_count(text: str, unit: str) -> int | None:
    """How many ``unit`` (hour, page...) the sentence of ``text`` that states an amount
    says one price buys ("Bono de 10 horas por 300 €": 10); None when none does."""
    words = _UNIT_WORDS.get(unit)
    if words is None:
        return None
    count = re.compile(r"(?<![\d.,])(?P<n>\d{1,4})\s+(?:" + words + r")\b")
    for sentence in _SENTENCE.split(strip_accents(text or "").lower()):
        if not _MONEY.search(sentence):
            continue
        for m in count.finditer(sentence):
            if _HOW_OFTEN.match(sentence, m.end()) or _ONE_CLASS.search(sentence[:m.start()]):
                continue
            n = int(m.group("n"))
            if n > 1:
                return n
    return None


def for_pack(c: Candidate, unit: str) -> None:
    """Put ``c``'s price stating no unit on the footing of a budget per ``unit`` (a unit
    of work): divided by the count of it its price's sentence says it buys, and flagged;
    left as it is otherwise (a price per a period, per a unit, or for a group)."""
    base = c.price_converted or c.price
    if base is None or base.per is not None or base.each is not None or not base.amount:
        return
    lines = [e for e in c.evidence if e.price is not None and c.price is not None
             and e.price.amount == c.price.amount] or c.evidence
    count = next((n for e in lines if (n := pack_count(f"{e.title}. {e.text}", unit))), None)
    if count is None:
        return
    amount = round(base.amount / count, 2)
    if not math.isfinite(amount):
        return
    low = round(base.min / count, 2) if base.min is not None else None
    c.price_converted = base.model_copy(update={"amount": amount, "min": low, "per": unit})
    c.flags.append(FLAG.format(count=count, per=unit, target=unit))
