"""A second request in the same message, for another kind of thing: its amount is not ours.

People ask an agent for two things at once: "Quiero cenar mole en Puebla el sábado y
también buscar hotel para esa noche, algo de 1.200 pesos", "find me a hotel in Rome in
May and also somewhere to eat carbonara, about 30 euros a head". The place and the dates
are shared (the dinner is in Puebla that Saturday), but an amount said in the part about
the other thing is that thing's price, not this request's budget. :func:`other_parts`
finds the parts that open with "y también" / "and also" and name, in their first words, a
kind of thing (lodging, eating, travel) other than the one the message opened with; the
parser reads money with them blanked out.

So is a clause about money already spent: "El vuelo ya lo pagué (300 €); para el hotel
tengo unos 90 €", "flights already booked ($450), hotel under $150 a night", "the train
cost me £80": the sum paid is no budget; and so is a price still to pay for another thing,
named by its noun, when another amount is said ("tengo 1.000 € para todo y el vuelo cuesta
300", "the flight costs €300, I have €1,000 in total"): alone ("el vuelo cuesta 300") it is
left to the readers, and a thing the money input names (its aliases: "tickets" of an
events kind) is the kind's own.
"""

from __future__ import annotations

import re

# what opens a second request: "y también", "and also" ("also near restaurants" alone is
# a wish about this one)
_ALSO = re.compile(r"\b(?:y|and|e)\s+(?:tambien|also|ademas)\b")
_NEAR = 4  # the other thing is named within the first words: "y también buscar hotel"
# the kinds of thing a request is for, by the nouns and verbs that name them (folded)
_KINDS: dict[str, frozenset[str]] = {
    "lodging": frozenset("""hotel hoteles hostal hostales hostel hostels alojamiento
        alojamientos hospedaje airbnb b&b bnb apartamento apartamentos accommodation lodging
        stay dormir quedarnos alojarnos sleep motel posada""".split()),
    "eating": frozenset("""restaurante restaurantes restaurant restaurants comer cenar
        almorzar desayunar comida cena almuerzo eat dinner lunch breakfast brunch food
        dine dining""".split()),
    "travel": frozenset("""vuelo vuelos flight flights tren train trains bus autobus
        billete billetes ticket tickets""".split()),
}
_WORDS = re.compile(r"[a-z&]+")


def _kind_of(words: list[str]) -> str | None:
    """The first kind of thing the words name, or None."""
    for w in words:
        for kind, names in _KINDS.items():
            if w in names:
                return kind
    return None


def other_parts(folded: str) -> list[tuple[int, int]]:
    """The spans of ``folded`` (from each "y también" / "and also" to the next one or
    the end) that ask for another kind of thing than the message's first part, and the
    clauses about a sum already paid (:func:`paid_parts`)."""
    cuts = list(_ALSO.finditer(folded))
    if not cuts:
        return paid_parts(folded)
    first = _kind_of(_WORDS.findall(folded[:cuts[0].start()]))
    out: list[tuple[int, int]] = []
    for k, m in enumerate(cuts):
        end = cuts[k + 1].start() if k + 1 < len(cuts) else len(folded)
        kind = _kind_of(_WORDS.findall(folded[m.end():end])[:_NEAR])
        if kind is not None and first is not None and kind != first:
            out.append((m.start(), end))
    return out + paid_parts(folded)


# a sum already spent ("ya lo pagué", "me costó", "already paid", "cost me"); "que no pague
# más de 100" is a cap, so the Spanish verb needs its "ya" or its object pronoun
_PAID = re.compile(
    r"\bya\s+(?:(?:lo|la|los|las)\s+)?(?:pague|pagamos|pagado|pagada|pagados|reserve|reservamos|"
    r"reservado|compre|compramos|comprado|saque|sacamos)\b|\b(?:me|nos)\s+(?:costo|costaron|salio|"
    r"salieron)\b|\balready\s+(?:paid|booked|bought)\b|\b(?:i|we)\s+(?:paid|spent)\b|\bcost\s+(?:me|us)\b")
# a clause: up to a semicolon, a full stop, a comma or a line break (not one inside a number)
_CLAUSE = re.compile(r"[^;\n.,]+(?:[.,]\d[^;\n.,]*)*")


# a sum paid before that the new one must beat: "cheaper than the €140 we paid there",
# "más barato que los 140 € que pagamos": the cap (blind13's price seen elsewhere)
_BEATEN = re.compile(r"\b(?:cheaper|less|lower)\s+than\b|\bmas\s+barat[oa]s?\s+que\b|"
                     r"\bmenos\s+de\s+lo\s+que\b")


def paid_parts(folded: str) -> list[tuple[int, int]]:
    """The spans of ``folded``'s clauses that tell a sum already paid (and not as the price
    to beat)."""
    return [m.span() for m in _CLAUSE.finditer(folded)
            if _PAID.search(m.group(0)) and not _BEATEN.search(m.group(0))]


def blanked(free: str, spans: list[tuple[int, int]], blank: str) -> str:
    """``free`` with ``spans`` blanked (the same length)."""
    for a, b in spans:
        free = free[:a] + blank * (b - a) + free[b:]
    return free


# a price said now of a thing named by its noun: "el vuelo cuesta 300", "the tickets cost
# €80", "the flight is €300" (up to the next clause or "y" / "and")
_PRICED = re.compile(r"\b(?P<noun>[a-z&]+)\s+(?:cuesta|cuestan|vale|valen|sale|salen|costs?|is|are)"
                     r"\b(?:[^;\n.,]|[.,]\d)*?(?=\s+(?:y|and|e|but|pero)\s|[;\n,]|\.(?!\d)|$)")


def priced_parts(folded: str, own: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of ``folded`` that price another thing (a noun of :data:`_KINDS` not in
    ``own``, the money input's words) while an amount is said outside them: the amount
    there is that thing's, no budget."""
    spans = [m.span() for m in _PRICED.finditer(folded)
             if m.group("noun") in _KIND_WORDS and m.group("noun") not in own
             and re.search(r"\d", m.group(0))]
    if not spans:
        return []
    outside = folded
    for a, b in spans:
        outside = outside[:a] + " " * (b - a) + outside[b:]
    return spans if re.search(r"\d", outside) else []


_KIND_WORDS = frozenset().union(*_KINDS.values())
