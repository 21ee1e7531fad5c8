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


Near = tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]


def near_re(of: Any, synonyms: dict[str, tuple[str, ...]] | None = None) -> Near | None:
    """(after, before, line, pack): the ``of`` words, or a word of their ``synonyms``
    group, right after a value or right before it; opening the price list's line the
    value ends (:data:`_LINE_BEFORE`); and the last of things priced together before it
    (:data:`_PACK_BEFORE`)."""
    if of is None:
        return None
    alt = of_words(of, synonyms)
    return (re.compile(NEXT_AFTER.replace("??", "?", 1) + r"(?:" + alt + r")(?!\w)"),
            re.compile(r"(?<!\w)(?:" + alt + r")" + _ABBREVIATED + r"(?:" + _CAP_BEFORE + "|" + _FOR_BEFORE + "|"
                       + _WITHIN_BEFORE + "|" + _FROM_BEFORE + "|" + _CHARGE_BEFORE + "|"
                       + _BAND_BEFORE + "|" + _WHERE_LABEL + "|" + _PLUS_BEFORE + "|"
                       + NEXT_BEFORE + r")$"),
            re.compile(_LINE_OPENS + r"(?:" + alt + r")(?:" + _qualified(alt, synonyms) + "|"
                       + _LISTED + r")$"),
            re.compile(_PACK_BEFORE.format(alt=alt)))


def _qualified(alt: str, synonyms: dict[str, tuple[str, ...]] | None) -> str:
    """:data:`_QUALIFIED` with its pair (:data:`_PAIR`), never one naming ``alt`` or a
    thing of the kind's ``synonyms`` (any group's words, in the singular or the plural)."""
    things = {fold(str(w)).strip() for k, group in (synonyms or {}).items() for w in (k, *group)}
    known = "|".join(_plural_too(w) for w in sorted(things - {""}, key=lambda w: (-len(w), w)))
    return _QUALIFIED.replace("{pair}", _PAIR.replace("{things}", alt + ("|" + known if known else ""))
                              .replace("{qualifier}", _QUALIFIER))


#: the words that join things or say what is with them, never a version's own word
_JOIN = (r"(?:y|e|o|u|and|or|con|with|sin|without|ni|nor|plus|mas|por|for|para|per|the|el|"
         r"la|los|las|un|una|a|an|de|del|of|en|in|at|al|to|hasta|up|incl|incluido|"
         r"included|extra|suplemento|supplement|desde|from|since|entre|between|near|cerca|"
         r"sobre|over|under|bajo|tras|after|before|antes|despues|minimo|maximo|minimum|"
         r"maximum|min|max)")
#: one word of a version, after the thing's word on a price list's line: "mujer", "raíz",
#: "men's", "completo" (no number, no joining word)
_QUALIFIER = r"(?!" + _JOIN + r"(?![\w'’-]))[^\W\d_][\w'’-]*"
#: an amount on a price list, a range's top with it: "28 €", "£18", "45-60 €", "$25.50"
_AMOUNT = (r"(?:[€£$]\s*)?\d[\d.,]*(?:\s*(?:-|–|a|to)\s*(?:[€£$]\s*)?\d[\d.,]*)?"
           r"\s*(?:€|eur|euros?|£|gbp|\$|usd)?")
#: where a price list's line opens: the text's start, or after a full stop, a semicolon,
#: a colon, a slash, a bar, a bullet, a bracket or a line break (a comma does not:
#: "un corte moderno, tinte incluido 35 €" is prose)
_LINE_OPENS = r"(?:^|(?<=[.;:/|·•(\n])|(?<=\s[-–]))\s*"
#: a price list's line the word opens, its version said between it and the price (one to
#: three words, a colon, a price's "from" or an extra's "+"): "Corte mujer desde 28 €",
#: "Tinte raíz 35 €", "Suplemento pelo largo +10 €",
#: "Corte caballero: 15 €", "Lavado completo 25 €", "Haircut long hair from £35"; never
#: across a joining word ("corte y tinte 95 €" prices both) or a number ("Bono 5 cortes")
_QUALIFIED = (r"\s*:?(?:\s+" + _QUALIFIER + r"){1,3}{pair}\s*(?::\s*)?"
              r"(?:(?:desde|from|a\s+partir\s+de|starting\s+(?:at|from))\s+|\+\s*)?")
#: a version's own pair after one of its words, joined by "y" / "and": "Lavado completo
#: interior y exterior 25 €", "Limpieza cocina y baño", "Valeting inside and out £40"; never
#: a thing the kind names ("Corte mujer y tinte 60 €" prices a cut and a dye: "tinte" is
#: in the kind's synonyms) nor the word's own ("corte y corte"), which a pack is
_PAIR = r"(?:\s+(?:y|e|and|&)\s+(?!(?:{things})(?![\w'’-])){qualifier})?"
#: the items of a list the word labels, each the word's: "Corte: corto 18 €, medio 22 €,
#: largo 26 €", "Tinte raíz 35 € / completo 45-60 €", "Colour: roots £35 / full head £55"
#: (the amounts before the value and their versions, within its sentence: after a colon
#: joined by commas, slashes or bars; with none only by slashes, as a menu gives a thing's
#: versions: "(mínimo 3 €, máximo 50 €)" are two labels' amounts)
_LISTED = (r"(?:\s*:?(?:\s+" + _QUALIFIER + r"){0,3}\s*:\s*(?:(?:" + _QUALIFIER
           + r"\s+){0,3}" + _AMOUNT + r"\s*[,/|·]\s*){1,8}"
           r"|(?:\s+" + _QUALIFIER + r"){0,3}\s+(?:(?:" + _QUALIFIER
           + r"\s+){0,3}" + _AMOUNT + r"\s*/\s*){1,8})"
           r"(?:" + _QUALIFIER + r"\s+){0,3}(?:(?:desde|from)\s+)?")
#: the last of things priced together, the amount the pack's: "Corte + barba 22 €",
#: "corte y tinte 95 €", "Cut & blow-dry £40", "haircut and beard trim £25" (no price of
#: the beard's or the dye's alone); and a count of the word's, "Bono 5 cortes 90 €", "10
#: classes £120": a pack's price, no one's
_PACK_BEFORE = (r"(?:(?:\+|&|(?<!\w)(?:y|e|and|with|con|plus|mas)(?!\w))\s*(?:[^\W\d_][\w'’-]*\s+){{0,2}}"
                r"|(?<![\w.,])(?:[2-9]|[1-9]\d)\s+)"
                r"(?:{alt})(?:\s+[^\W\d_][\w'’-]*){{0,2}}\s*(?::\s*)?"
                r"(?:(?:desde|from|a\s+partir\s+de)\s+)?$")


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


def is_near(folded: str, span: tuple[int, int], near: Near,
            blanked: str | None = None, *, packs: bool = False) -> bool:
    """Whether the ``near`` words name the value at ``span`` of ``folded``; ``blanked``
    (:func:`blank_acronyms`, folded): the same text with its acronyms blanked, where the
    word before the value is looked for too. With ``packs`` (an amount of money), an
    amount that prices the word with something else before it ("corte + barba 22 €") or
    several of it ("bono 5 cortes 90 €") is not the word's."""
    after, before, line, pack = near
    # the words before a value are looked for in the characters just before it (the
    # pattern ends at the value: ``endpos``), never from the text's start: that was one
    # pass over the text per value, minutes for a page of thousands of amounts
    start = max(0, span[0] - _NEAR_REACH)
    if after.match(folded, span[1]):
        return True
    if packs and (joined := pack.search(folded, start, span[0])) is not None:
        # a pack only where what comes before the join in its line has no amount of its
        # own: "desplazamiento 0,35 €/km y salida 25 €" lists two charges
        opens = max(folded.rfind(mark, start, joined.start()) for mark in ".;:\n")
        if not re.search(r"\d", folded[max(opens, start):joined.start()]):
            return False
    return bool(before.search(folded, start, span[0])
                or (blanked is not None and before.search(blanked, start, span[0]))
                or line.search(folded, start, span[0]))


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
