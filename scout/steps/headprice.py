"""Whether a page says its price is one head's where the amount's own unit does not: the
head said before it ("Precio por niño: 180 €/semana", "Per child: £180 a week", "Each
child's session: £60 a week") or after its period in words the request's money reader
keeps for people and pets alone ("180 € a la semana por alumno", "£180 per week per
camper"). Such a price is one child's (one pet's) even though its ``Money.each`` is
unset: against a budget per person it is compared as it is, never divided by the heads
asked as a group's price would be (:func:`scout.steps.rank_heads.for_people`), and against
a budget for all of them it is multiplied by them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from scout.schemas.records import Candidate
from scout.schemas.task import Each, Money
from scout.task.amounts import listed_amounts
from scout.task.moneyunits import HEAD_WORDS, each_of
from scout.text import fold_aligned
from scout.units import PERIOD_DAYS

# the heads a price is for, beside the money reader's: the learners and the children of
# a school, a camp or a class ("por alumno", "per pupil", "por acampado", "per camper")
_LEARNERS = (r"alumn[oa]s?|students?|estudiantes?|pupils?|learners?|campers?|acampad[oa]s?|"
             r"attendees?|asistentes?|menores|hij[oa]s?|bebes?|babies|baby|infants?|"
             r"participants?|participantes?|swimmers?|nadadores?")


@functools.lru_cache(maxsize=64)
def _said(words: tuple[str, ...], pets: tuple[str, ...]) -> re.Pattern[str]:
    """"por niño", "per child", "cada alumno", "each child's": a head said with its
    connector, of the money reader's words, the learners' and ``words`` (the kind's own
    for the people it counts: rank's ``people`` inputs' aliases, "por esquiador") and
    ``pets`` (its ``heads`` inputs' for pets), folded, each also plural."""
    own = "|".join(re.escape(w) + r"(?:e?s)?" for w in (*words, *pets))
    heads = HEAD_WORDS + r"|" + _LEARNERS + (r"|" + own if own else "")
    return re.compile(r"(?<![\w])(?:per|por|each|cada|every|/)\s*(?:(?:nino|child)\s+)?"
                      r"(?P<head>" + heads + r")(?:'s)?(?!\w)")


def _fold_words(words: Iterable[str]) -> tuple[str, ...]:
    """``words`` folded, each also singular (an alias is often the plural: "invitados" is
    said "por invitado", "delegates" "per delegate"), longest first."""
    folded = {fold_aligned(w).lower().strip() for w in words if w and w.strip()}
    singular = {w[:-1] for w in folded if w.endswith("s") and len(w) > 3}
    return tuple(sorted(folded | singular, key=lambda w: (-len(w), w)))
# an amount's clause: a sentence mark before a space, a semicolon, a bar, a bullet, a line
_CLAUSE = re.compile(r"[.!?](?=\s|$)|[;|·•\n]")

def head_of(text: str, price: Money, words: Iterable[str] = (),
            pets: Iterable[str] = ()) -> Each | None:
    """The head ``text`` says its amount equal to ``price`` is for, in the amount's clause
    (before it, or right after it with no other amount between), or None; ``words`` and
    ``pets``: the kind's own words for the people and the pets it counts."""
    said_re = _said(_fold_words(words), _fold_words(pets))
    pet_words = _fold_words(pets)
    folded = fold_aligned(text).lower()
    found = listed_amounts(text)
    for i, (money, (start, end)) in enumerate(found):
        if money.amount != price.amount or money.currency != price.currency:
            continue
        if money.each in ("person", "pet"):
            return money.each  # "180 € a la semana por alumno": read with its amount
        lo = max((m.end() for m in _CLAUSE.finditer(folded, 0, start)), default=0)
        # no other amount between the head and this one: "1 niño 90 €, 2 niños 160 €"
        lo = max([lo, *(e for _m, (_s, e) in found[:i] if e <= start)])
        nxt = min([len(folded), *(s for _m, (s, _e) in found[i + 1:] if s >= end)])
        stop = _CLAUSE.search(folded, end)
        hi = min(nxt, stop.start() if stop else len(folded))
        before = list(said_re.finditer(folded, lo, start))
        after = said_re.search(folded, end, hi)
        said = after or (before[-1] if before else None)
        if said is not None:
            head = said.group("head")
            pet = each_of(head) == "pet" or any(head.startswith(p) for p in pet_words)
            return "pet" if pet else "person"
    return None


def as_heads(c: Candidate, words: Iterable[str] = (), pets: Iterable[str] = ()) -> None:
    """Mark ``c``'s price one head's (``Money.each``) when a page stating it says so in
    words its reader did not keep (:func:`head_of`): a price per a period gets the head
    beside it, one stating none is per that head. A price already per a head, or none,
    is left as it is. ``words``, ``pets``: as :func:`head_of` reads them."""
    price = c.price
    if price is None or price.each is not None or price.per not in (*PERIOD_DAYS, None):
        return
    for e in c.evidence:
        if e.price is None or e.price.amount != price.amount:
            continue
        head = head_of(f"{e.title or ''} {e.text or ''}".strip(), e.price, words, pets)
        if head is None:
            continue
        update: dict[str, object] = {"each": head} if price.per is not None else {
            "per": head if head == "person" else None, "each": None if head == "person"
            else head}
        if price.per is None and head != "person":
            return  # a pet's price with no period: left as it was (no unit to say it by)
        c.price = price.model_copy(update=update)
        if c.price_converted is not None:
            c.price_converted = c.price_converted.model_copy(update=update)
        return
