"""How a place name read from a request is written, and which names are known places:
title case for a name typed in lower case ("rio de janeiro" → "Rio de Janeiro", particles
kept low), abbreviations in capitals ("cdmx" → "CDMX", "nyc" → "NYC"), each part of a
compound and an elided article ("donostia-san sebastián", "l'escala"), a slip of the
fingers for a known place ("madird" → "Madrid"), and known names joined as one ("Galicia y
Asturias"). For :mod:`scout.task.place`.
"""

from __future__ import annotations

import re

from scout.task import placewords as pw
from scout.task.lang import fold


def known_place(word: str) -> bool:
    """A city the gazetteer knows or a country CLDR names ("London", "Spain")."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import territory_of

    low = fold(word)
    return territory_of(low) is not None or low in currencies().territory_names


def known_name(name: str) -> bool:
    """The whole of ``name`` is a place the gazetteer knows ("Puebla", "Buenos Aires")."""
    from scout.task.gazetteer import known_place_words

    words = fold(name).split()
    return known_place_words(words) == len(words)


def acronym(word: str) -> bool:
    """"CDMX", "NYC", "BCN": capitals with no vowel are an abbreviation, not a shout."""
    return word.isupper() and not re.search(r"[aeiouy]", fold(word))


def cap(word: str, first: bool = True) -> str:
    """A lower-case word capitalised as a name: each part of a compound ("donostia-san
    sebastián" → "Donostia-San", particles kept: "stratford-upon-avon"), and after an
    elided article ("l'escala" → "L'Escala"; mid-name the article stays: "platja d'aro"
    → "Platja d'Aro")."""
    elided = re.match(r"([^\W\d_]{1,2}['’])([^\W\d_].*)$", word)
    if elided:
        head = elided.group(1) if not first else elided.group(1)[:1].upper() + elided.group(1)[1:]
        return head + cap(elided.group(2))
    parts = word.split("-")
    return "-".join(p if i and fold(p) in pw.LINKS else p[:1].upper() + p[1:]
                    for i, p in enumerate(parts))


def title(text: str, keep_acronyms: bool = False) -> str:
    out = []
    words = text.split()
    for i, w in enumerate(words):
        low = w.lower()
        if keep_acronyms and acronym(w):
            out.append(w)
        elif re.fullmatch(r"(?:[^\W\d_]{1,2}\.)+[^\W\d_]{1,2}\.?", low):
            out.append(low.upper())  # "u.e.", "ee.uu.", "u.s.a": initials with their dots
        elif re.fullmatch(r"[^\W\d_aeiouáéíóú]{2,5}", low) and known_place(low):
            out.append(low.upper())  # "nyc pizza": a known abbreviation even as a first word
        elif re.fullmatch(r"[^\W\d_aeiouáéíóú]{2,5}", low) and not (i == 0 and len(words) > 1) \
                and not (len(low) > 3 and "y" in low):
            # "cdmx", "nyc", "bcn" typed in lower case: no vowel, so an abbreviation (but
            # "st ives", "mt hood": a first word before more name is saint / mount; a longer
            # word's "y" is its vowel: "kings lynn")
            out.append(low.upper())
        elif i > 0 and (fold(low) in pw.PARTICLES or low == "and"):  # "trinidad and tobago"
            out.append(low)
        else:
            out.append(cap(low, first=i == 0))
    return " ".join(out)


def unswapped(name: str) -> str:
    """``name`` as read, or the known place it is a slip of the fingers for ("madird" →
    "Madrid", "Lodnon" → "London"): :func:`scout.task.placetypos.misspelt_place`. A name
    the reader kept in capitals of its own ("BCN") is left alone."""
    from scout.task.placetypos import misspelt_place

    if name.isupper():
        return name
    known = misspelt_place(fold(name))
    return title(known) if known else name


# what joins two names said as one ("Galicia y Asturias", "England and Wales")
_JOINED = re.compile(r"[ \t]+(?:and|y|e|&)[ \t]+", re.IGNORECASE)


def joined_names(original: str, hit: tuple[str, tuple[int, int]]) -> list[tuple[str, tuple[int, int]]]:
    """``hit`` as the names it joins: two or more names the gazetteer knows, joined by "y" /
    "and", that it does not know whole ("Galicia y Asturias" is two, "Castilla y León",
    "Trinidad y Tobago" one); ``[hit]`` otherwise. A name keeps its spelling as read."""
    text, (start, end) = hit
    typed = original[start:end]
    if len(text) != len(typed) or known_name(text):
        return [hit]
    cuts = [(start, start)]
    for m in _JOINED.finditer(typed):
        cuts.append((start + m.start(), start + m.end()))
    cuts.append((end, end))
    names = [(text[a[1] - start:b[0] - start], (a[1], b[0])) for a, b in zip(cuts, cuts[1:])]
    if len(names) < 2 or not all(n and known_name(n) for n, _span in names):
        return [hit]
    return names
