"""Where someone lives or is, or was, said beside the place a request is about: context, no value.

Agents relay what they know of the user ("El usuario vive en Valencia pero viaja desde
Zaragoza", "he stays in Mumbai"), and people say where they are coming from ("I live in
Dublin but we'll be down for the weekend", "yo vivo en Madrid centro", "the team is in
Denver but the shoot is at our Chicago office"). Where the request names another place
too, the one after such words is where the person is, not where the search is: its name is
claimed before the place and subject inputs read, so neither takes it (nor holds it as the
subject's: "seafood in Galway, I live in Dublin"). So is a place in a clause told in the
past ("el año pasado nos cobraron 4,200 en CDMX", "last time we stayed in Leeds, now we
need Bristol"): another time's, not the ask's; and so is one in a sentence that turns an
option down ("Hotel 1898 in Barcelona looks nice but it's over budget. Find me a hotel in
Seville", "el de Toledo está completo, así que ..."): the option's. With no other place ("I live in Madrid,
looking for a cleaner") it is the place meant, and is left to be read.
"""

from __future__ import annotations

import datetime as dt
import re

from scout.task.readers import CLAIMED, QueryText
from scout.task.turndown import TURNED_DOWN

# a verb of living, then where (folded text): "vivo en", "vivimos en", "resides in",
# "stays in" ("based in" is left: a grant's "researchers based in Germany" asks for it)
_LIVES = (r"\b(?:vivo|vive|vives|vivis|vivimos|viven|resido|reside|resides|residimos|residen|"
          r"live|lives|living|stays|staying)\s+(?:en|in|at|near|cerca\s+de)\s+")
# someone said to be somewhere "but" / "pero" something else: "the team is in Denver but",
# "mi cliente está en Monterrey pero"
_IS_BUT = (r"\b(?:is|are|am|esta|estan|estoy|estamos)\s+(?:en|in)\s+")
# the name after the words: up to a clause's end or a joining word, four words at most
_NAME = (r"(?P<name>[a-z][\w'-]*(?:\s+(?!(?:but|pero|and|y|so|where|donde|que|with|con)\b)"
         r"[a-z][\w'-]*){0,3})")
_HOME = re.compile(_LIVES + r"(?:(?:el|la|the)\s+)?" + _NAME)
_HOME_BUT = re.compile(_IS_BUT + _NAME + r"\s*,?\s*(?:but|pero|while|mientras)\b")


# a clause told in the past, of another time than the ask: a time gone ("el año pasado",
# "la última vez", "last time", "two years ago") or a verb of where one stayed or went
# ("estuvimos", "fuimos", "we stayed"); not one of paying ("el vuelo a Roma ya lo pagué":
# this trip's, paid ahead)
_PAST = re.compile(
    r"\b(?:(?:el|la)\s+(?:ano|mes|semana|vez|temporada|verano|invierno)\s+pasad[oa]|"
    r"(?:la\s+)?ultima\s+vez|hace\s+(?:un|una|unos|unas|dos|tres|\d+)\s+(?:anos?|mes(?:es)?|"
    r"semanas?)|anteriormente|la\s+otra\s+vez|last\s+(?:time|year|month|week|summer|winter|"
    r"spring|autumn|fall|trip|visit)|(?:a\s+)?(?:year|month|week)s?\s+ago|previously|"
    r"estuvimos|estuve|fuimos|nos\s+alojamos|me\s+aloje|nos\s+hospedamos|me\s+hospede|"
    r"stayed|we\s+went|went\s+to|used\s+to)\b")
# where a clause ends: a stop, comma or semicolon (not inside a number: "4,200"), or the
# words that turn to the ask ("now", "ahora", "but", "pero", "this time", "esta vez")
_CLAUSE = re.compile(r"[;:!?\u2026()]|(?<!\d)[.,]|[.,](?!\d)|\s[-\u2013\u2014]\s|"
                     r"\b(?:now|ahora|but|pero|this\s+time|esta\s+vez|instead|en\s+cambio|"
                     r"este\s+ano|this\s+year)\b")


def past_spans(free: str) -> list[tuple[int, int]]:
    """The clauses of ``free`` (folded) told in the past: "el año pasado nos cobraron
    4,200 en CDMX", "last time we stayed in Leeds" (up to "now we need Bristol")."""
    out = []
    for m in _PAST.finditer(free):
        ends = [e.end() for e in _CLAUSE.finditer(free, 0, m.start())]
        after = _CLAUSE.search(free, m.end())
        out.append((ends[-1] if ends else 0, after.start() if after else len(free)))
    return out


# a verb told in the past that makes such a clause an earlier time's own account: what was
# paid, charged or cost, where one stayed or went ("el año pasado pagamos 300 €", "last
# time it cost us £80", "la última vez nos cobraron 90"), not a time named alone ("last
# week of November", "datasets from last year")
_TOLD = re.compile(
    r"\b(?:paid|had|stayed|went|got|booked|rented|bought|spent|took|was|were|cost|charged|"
    r"pagamos|pague|pagaron|pagaste|tuvimos|tuve|estuvimos|estuve|fuimos|fui|reservamos|"
    r"alquilamos|compramos|nos\s+quedamos|nos\s+alojamos|me\s+aloje|nos\s+hospedamos|"
    r"gastamos|costo|costaba|cobraron|cobro|cobraba|salio|nos\s+salio)\b")


# a sentence's ends: a stop, "!" or "?" (not inside a number), a line's end
_SENTENCE = re.compile(r"[!?\n]|\.(?!\d)")


def rejected_spans(free: str) -> list[tuple[int, int]]:
    """The sentences of ``free`` (folded) that turn an option down (:data:`TURNED_DOWN`):
    their place is the option's, not the ask's, when the request names another."""
    out = []
    for m in TURNED_DOWN.finditer(free):
        ends = [e.end() for e in _SENTENCE.finditer(free, 0, m.start())]
        after = _TURN.search(free, m.end())
        out.append((ends[-1] if ends else 0, after.start() if after else len(free)))
    return out


# where the sentence turns from the option to the ask: its end, or ", so" / ", así que"
_TURN = re.compile(r"[!?\n;]|\.(?!\d)|,?\s+(?:so|asi\s+que|por\s+eso|instead|en\s+cambio)\b")


def told_before(free: str) -> list[tuple[int, int]]:
    """The clauses of ``free`` (folded) that tell of an earlier time with a verb in the
    past (:func:`past_spans` with :data:`_TOLD` in them): their amounts and dates are that
    time's, not the ask's."""
    return [(a, b) for a, b in past_spans(free) if _TOLD.search(free, a, b)]


def residence_spans(free: str) -> list[tuple[int, int]]:
    """The spans of the names said as where someone lives or is (``free``: folded, with
    what was read blanked)."""
    return [m.span("name") for pattern in (_HOME, _HOME_BUT) for m in pattern.finditer(free)]


def claim_residences(text: QueryText, lang: str, homes: bool = True) -> None:
    """Claim in ``text`` the place names said as where someone lives or is (each read by
    :func:`scout.task.place.find_place` in its words alone: "vivo en un cuarto piso" names
    none), when a place is still read without them; else leave them. ``homes`` False (a
    kind with two place inputs, a move's or a trip's ends, where where one lives may be the
    origin: "vivo en Leeds y me mudo a York") claims only the places of a clause of another
    time ("similar to the one we used last year in Porto")."""
    from scout.task.place import find_place

    free = text.free
    for a, b in residence_spans(text.free) if homes else []:
        alone = CLAIMED * a + text.free[a:b] + CLAIMED * (len(text.free) - b)
        hit = find_place(alone, text.original, lang, [])
        if hit is not None and a <= hit[1][0] and hit[1][1] <= b:
            free = free[:a] + CLAIMED * (b - a) + free[b:]
    # a clause of another time ("el año pasado nos cobraron 4,200 en CDMX"), or a sentence
    # that turns an option down ("Hotel 1898 in Barcelona looks nice but it's over
    # budget"): its places alone are claimed, its amounts and dates left to their readers
    for a, b in past_spans(text.free) + rejected_spans(text.free):
        alone = CLAIMED * a + text.free[a:b] + CLAIMED * (len(text.free) - b)
        for _ in range(3):
            hit = find_place(alone, text.original, lang, [])
            if hit is None or not (a <= hit[1][0] and hit[1][1] <= b):
                break
            x, y = hit[1]
            alone = alone[:x] + CLAIMED * (y - x) + alone[y:]
            free = free[:x] + CLAIMED * (y - x) + free[y:]
    if free != text.free and find_place(free, text.original, lang, []) is not None:
        text.free = free


def claim_told_dates(text: QueryText, today: dt.date) -> None:
    """Claim the dates said in a clause of an earlier time (:func:`told_before`: "el año
    pasado fuimos en marzo, ahora queremos ir en mayo", "last time we stayed in June; this
    time July") where the request says a date of its own outside such clauses: the ask's.
    With none outside ("fuimos a Madrid y queremos volver en mayo": one clause) nothing is
    claimed, and the date readers read as before."""
    from scout.task.dates import find_when

    told = told_before(text.free)
    if not told:
        return
    outside = text.free
    for a, b in told:
        outside = outside[:a] + CLAIMED * (b - a) + outside[b:]
    if find_when(outside, text.original, today) is None:
        return
    for a, b in told:
        for _ in range(3):  # a clause of a person's account holds a few dates at most
            alone = CLAIMED * a + text.free[a:b] + CLAIMED * (len(text.free) - b)
            when = find_when(alone, text.original, today)
            if when is None or not (a <= when.span[0] and when.span[1] <= b):
                break
            text.claim(when.span)
