"""The ``of=`` and ``not_of=`` words of :func:`scout.spec.stated.stated`: which value a word names.

A product states several values in one unit ("16 GB RAM", "512 GB SSD"); ``of`` picks the
one next to its words. This module owns what "next to" means: the word right after the
value, or right before it across what listings put between a word and its value (a cap,
"banquetes de hasta 120"; a band of ages, "niño de 6 a 11 años 42 €"; the people a ticket
is for; a time, "entrega en 2 semanas"; a place in a label, "Entrega en Valencia: 40 €"; a charge's
noun, "collection fee £4";
a spread, "Euríbor + 0,60 %"; what it is for, "para 4 personas"), each word with its
synonyms and its plural; and where an ``of`` thing is said to be absent ("sin matrícula":
0 of it). Pure, no I/O.
"""

from __future__ import annotations

import re
from typing import Any

from scout.text import fold
from scout.units import NEXT_AFTER, NEXT_BEFORE

def of_words(of: Any, synonyms: dict[str, tuple[str, ...]] | None = None) -> str:
    """The ``of`` words and their ``synonyms`` group's as one regex alternation, the
    longest first, each in the singular or the plural as mentions reads a word
    ("banquetes de hasta 120" for "banquete")."""
    words = {fold(str(w)).strip() for w in ([of] if isinstance(of, str) else list(of))}
    words |= {alt for w in words for alt in (synonyms or {}).get(w, ())}
    return "|".join(_plural_too(w) for w in sorted(words - {""}, key=lambda w: (-len(w), w)))


#: an ``of`` thing said to be absent, its clause ending there: "sin matrícula", "no joining
#: fee and no contract", "without a deposit", "sin permanencia" (0 of it); not "sin matrícula
#: de 20 €" nor "no RAM upgrade", where the words go on
_NONE_OF = (r"(?<!\w)(?:sin|no|ni|nor|without|zero|cero|free\s+of)\s+(?:(?:a|an|any|ningun[ao]?)\s+)?"
            r"(?:{alt})(?=\s*(?:[,.;!?)]|$)|\s+(?:y|e|and|ni|nor|o|or|con|with|but|pero)\b)")


#: an ``of`` thing said to cost nothing, for an amount of money only: "recogida gratis",
#: "free collection", "recogida gratuita" (0 of its price; "sin equipaje" is 0 kg of
#: luggage, "equipaje gratis" no weight at all); never a condition after it ("free
#: delivery over £50", "gratis a partir de 3 cajas"). "Included" is not read so: a kind
#: tells "camareros incluidos" (no fee stated) from a fee itself (examples/catering)
_FREE_OF = (r"(?<!\w)(?:(?:free|gratis)\s+(?:{alt})|(?:{alt})\s+(?:gratis|gratuit[ao]s?|free|"
            r"free\s+of\s+charge))(?!\w)(?!\s+(?:over|above|from|for\s+orders|"
            r"for\s+(?:members|customers)|a\s+partir|desde|por\s+encima|en\s+pedidos|para\s+(?:socios|clientes)|"
            r"si\b|if\b))")


def none_of(folded: str, of: Any, synonyms: dict[str, tuple[str, ...]] | None,
            money: bool = False) -> list[int]:
    """Where ``folded`` says the ``of`` thing is absent ("sin matrícula", "no joining fee"),
    or, for an amount of ``money``, free or included ("recogida gratis", "free
    collection"): a value of 0 of it, so ``stated('€', of=['matrícula'])`` reads 0 there,
    not nothing."""
    if of is None:
        return []
    alt = of_words(of, synonyms)
    found = [m.start() for m in re.finditer(_NONE_OF.format(alt=alt), folded)]
    if money:
        found += [m.start() for m in re.finditer(_FREE_OF.format(alt=alt), folded)]
    return found


def near_re(of: Any, synonyms: dict[str, tuple[str, ...]] | None = None,
             ) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """(after, before): the ``of`` words, or a word of their ``synonyms`` group, right
    after a value or right before it."""
    if of is None:
        return None
    alt = of_words(of, synonyms)
    return (re.compile(NEXT_AFTER.replace("??", "?", 1) + r"(?:" + alt + r")(?!\w)"),
            re.compile(r"(?<!\w)(?:" + alt + r")" + _ABBREVIATED + r"(?:" + _CAP_BEFORE + "|" + _FOR_BEFORE + "|"
                       + _WITHIN_BEFORE + "|" + _FROM_BEFORE + "|" + _CHARGE_BEFORE + "|"
                       + _BAND_BEFORE + "|" + _WHERE_LABEL + "|" + _PLUS_BEFORE + "|"
                       + NEXT_BEFORE + r")$"))


#: a short word written as its abbreviation, a full stop after it, before the value it
#: names ("comisión 0,5 % (mín. 3 €, máx. 50 €)", "dto. 10 %", "min. £3"): the ``of``
#: word "mín" reads it; a word of five letters or more ends its sentence there ("color. 18 €")
_ABBREVIATED = r"(?:(?<![a-z]{5})\.)?"


#: a price's "from" between the word and the value it names, as fares and price lists
#: state their least: "ida y vuelta desde 89,90 €", "return from £45", "Prémium a partir de
#: 60 €", "open return starting at £120"
_FROM_BEFORE = (r"\s*(?::\s*)?\s(?:desde|from|a\s+partir\s+de|starting\s+(?:at|from)|"
                r"precios?\s+desde|prices?\s+from)\s+")


#: a cap between the word and the value it names, as listings state a most: "banquetes de
#: hasta 120 comensales", "theatre for up to 250 people", "cóctel: máximo 300 personas"
_CAP_BEFORE = (r"\s*(?::\s*|\s(?:de|del|of|for|para|with|con)\s+|\s)(?:hasta|up\s+to|"
               r"como\s+maximo|maximo|maximum|max\.?|a\s+maximum\s+of)\s+")


#: the ages a price list's band covers, between the band's word and its price: "child
#: (6-15) CHF 45", "niño de 6 a 11 años 42 €", "niños hasta 10 años: 40 €", "senior 65+
#: CHF 67", "junior 12-17 years €38" (in brackets, a range, a cap or a floor, or an age with
#: its unit; a bare number is none, "forfait 2 90 €" names no band); and the people a
#: ticket is for, in brackets or counted (:data:`_PARTY`), one word more allowed before
#: them ("family ticket (2+2) £48")
_AGE_UNIT = r"(?:\s*(?:anos|ano|years?|yrs?|y\.?o\.?|ans))?"
#: the people a ticket or a pack is for, between its word (and one word more) and its
#: price: "family ticket (2 adults + 2 children) £48", "entrada familiar 2 adultos + 2
#: niños 89 €", "Family ticket for 2 adults and 2 children €60" (a count of each, joined)
_WHO = (r"(?:adults?|adultos?|children|child|kids?|ninos?|ninas?|hijos?|personas?|people|"
        r"persons?|seniors?|jubilados?|students?|estudiantes?|infants?|bebes?|babies)")
_PARTY = (r"(?:\s+(?:for|para|de))?\s+\d{1,2}\s*" + _WHO
          + r"(?:\s*(?:\+|,|&|\by\b|\band\b)\s*\d{1,2}\s*" + _WHO + r")+")
_BAND_BEFORE = (r"(?:\s*\([^()]{1,30}\)"
                r"|\s(?:de\s+|from\s+|aged?\s+|entre\s+|between\s+)?\d{1,2}\s*(?:-|\u2013|a|to|y|and)"
                r"\s*\d{1,3}" + _AGE_UNIT +
                r"|\s(?:hasta|up\s+to|under|menores?\s+de|over|mayores?\s+de|desde)\s+\d{1,3}"
                + _AGE_UNIT + r"|\s\d{1,2}\s*\+" + _AGE_UNIT +
                r"|\s(?:de\s+|aged?\s+)?\d{1,2}\s*(?:anos|years?|yrs?|y\.?o\.?|ans)"
                r"|(?:\s+[a-z]+)?(?:\s*\([^()]{1,30}\)|" + _PARTY + r"))"
                r"\s*(?:[:=]\s*)?")


#: when, between the word and the time it takes: "entrega en 2 semanas", "delivery in 2
#: weeks", "turnaround within 5 days", "entrega en un plazo de 10 días"
_WITHIN_BEFORE = r"\s(?:en|in|within|dentro\s+de|en\s+un\s+plazo\s+de)\s+"


#: where, in a label before its colon: "Entrega en Valencia: 40 €", "Delivery to campus:
#: £25", "Parking at the venue: 10 €" (a price list's line says the place it charges for;
#: the colon keeps a time, "entrega en 2 semanas", and prose, "entrega en Valencia y 40 €
#: de fianza", out of it)
_WHERE_LABEL = (r"\s(?:en|a|al|hasta|to|in|at|within)\s+(?:(?:the|el|la|los|las)\s+)?"
                r"[^\W_][\w-]*(?:\s+[^\W_][\w-]*){0,2}\s*:\s*")


#: what the thing costs, named between the word and its value, as price lists label an
#: extra: "collection fee £4", "fuel surcharge: 12%", "insurance cost 5 €", "recogida:
#: tarifa 3 €" (the charge is the word's, so ``of=['collection']`` reads it)
_CHARGE_BEFORE = (r"\s*(?:[:,]\s*)?\s(?:fee|charge|cost|surcharge|price|rate|tarifa|precio|coste|"
                  r"cargo|recargo|suplemento)s?\s*(?::\s*|\s(?:de|of)\s+)?")


#: a value added to the word's, as a rate over an index is written: "Euríbor + 0,60 %",
#: "Bank Rate + 1.5%", "SOFR + 2%" (the spread is the value the word names)
_PLUS_BEFORE = r"\s*\+\s*"


#: what the thing is for, between the word and its value: "despacho privado para 4
#: personas", "a private office for 4 people", "banquete para 80 comensales"
_FOR_BEFORE = r"\s(?:for|para)\s+"


def _plural_too(word: str) -> str:
    """``word`` (folded) as a regex that also reads its plural, each of its words as
    ``mentions`` reads them ("banquete" finds "banquetes", "sala grande" "salas grandes")."""
    return r"\s+".join(re.escape(part) + (r"(?:e?s)?" if len(part) >= 3 and part[-1].isalpha()
                                          else "") for part in word.split())


def is_near(folded: str, span: tuple[int, int], near: tuple[re.Pattern[str], re.Pattern[str]],
            blanked: str | None = None) -> bool:
    """Whether the ``near`` words name the value at ``span`` of ``folded``; ``blanked``
    (:func:`blank_acronyms`, folded): the same text with its acronyms blanked, where the
    word before the value is looked for too."""
    after, before = near
    # the words before a value are looked for in the characters just before it (the
    # pattern ends at the value: ``endpos``), never from the text's start: that was one
    # pass over the text per value, minutes for a page of thousands of amounts
    start = max(0, span[0] - _NEAR_REACH)
    return bool(after.match(folded, span[1])
                or before.search(folded, start, span[0])
                or (blanked is not None and before.search(blanked, start, span[0])))


#: an acronym typed in capitals: the body a charge is paid to or what it is for, written
#: between a label and its amount ("Tasas DGT 94,05 €", "Test fee DVSA £62", "Cuota IBI
#: 300 €"); only in capitals, for a lower-case word there is one of the page's own words
_ACRONYM = re.compile(r"(?<![\w.])[A-Z]{2,6}(?![\w])")


def blank_acronyms(text: str) -> str | None:
    """``text`` with each acronym (:data:`_ACRONYM`) turned into as many spaces, so the
    word before it is next to the value after it; None where it has none."""
    if not _ACRONYM.search(text):
        return None
    return _ACRONYM.sub(lambda m: " " * len(m.group(0)), text)


#: how far before a value the ``of`` words and what joins them to it may start: a
#: word, a band of ages or the people a ticket is for, a label's place (under 150)
_NEAR_REACH = 300
