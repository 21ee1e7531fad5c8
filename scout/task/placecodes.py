"""Codes and landmarks after "near" / "cerca de", as the single-place reader
(:func:`scout.task.place.find_place`) weighs them: a code of capitals and digits ("B2",
"A320", "T4") says nothing of a place; "cerca de la T4, aeropuerto de madrid" lies by
the known place named after "de" / "of" (:func:`known_of`); "junto a la T1 de El Prat" is
El Prat (:func:`past_code`); a code alone after "near" is a terminal's or a gate's, no
town (:func:`code_landmark`); and a landmark typed in lower case after its article is
the landmark ("cerca de la sagrada familia": :func:`article_landmark`).
"""

from __future__ import annotations

import re

from scout.task import placewords as pw
from scout.task.lang import fold
from scout.task.placecase import known_name
from scout.task.placename import read_name

# a code of capitals and digits typed as one word ("B2", "C1", "A320", "M3"): a capital
# says nothing of a place in it (a place written so, a postcode, comes after a cue)
CODE = re.compile(r"[A-Z]{1,3}-?\d[\w-]*")  # "A4", "CX-5"
# "near" / "cerca de" and a code: "cerca de la T4", "near the B2 gate"
NEAR_CODE = re.compile(r"(?<!\w)(?:near|cerca\s+de|junto\s+a|close\s+to)\s+"
                        r"(?:(?:the|la|el|los|las)\s+)?[a-z]{1,3}\d[\w-]*(?!\w)")


def known_of(free: str, original: str) -> tuple[str, tuple[int, int]] | None:
    """The first place the gazetteer knows named after "de" / "of" / "at" in any case
    ("aeropuerto de madrid", "Heathrow"): where a code near which ("cerca de la T4") lies."""
    for m in re.finditer(r"(?<!\w)(?:de|del|of|at|en|in)\s+", free):
        hit = read_name(free, original, m.end(), False)
        if hit is not None and known_name(hit[0]):
            return hit
    return None


def past_code(cue: str, hit: tuple[str, tuple[int, int]] | None,
               original: str) -> tuple[str, tuple[int, int]] | None:
    """``hit`` less a code that opens it after "near" / "cerca de", with "de" / "of"
    after the code ("junto a la T1 de El Prat", "near T5 of Heathrow"): the name after."""
    if hit is None or re.sub(r"\s+", " ", cue) not in pw.SECONDARY:
        return hit
    a, b = hit[1]
    m = re.match(r"(?:(?:the|la|el|los|las)\s+)?[A-Za-z]{1,3}\d[\w-]*\s+(?:de|del|of)\s+",
                 original[a:b], re.I)
    if m is None or not CODE.fullmatch(original[a:a + m.end()].split()[-2].upper()):
        return hit
    return hit[0][m.end():] if len(hit[0]) == b - a else original[a + m.end():b], (a + m.end(), b)


def code_landmark(cue: str, hit: tuple[str, tuple[int, int]] | None) -> bool:
    """``hit``, read after ``cue``, is a code of letters and digits after "near" / "cerca
    de" ("cerca de la T4", "near the B2 gate"): a terminal's, a gate's or an exit's, a
    landmark of the place said elsewhere ("aeropuerto de madrid"), never a town."""
    if hit is None or re.sub(r"\s+", " ", cue) not in pw.SECONDARY:
        return False
    return CODE.fullmatch(re.sub(r"(?i)^(?:the|la|el|los|las)\s+", "", hit[0].strip()).upper()) \
        is not None


def article_landmark(free: str, original: str, pos: int,
              hit: tuple[str, tuple[int, int]] | None) -> tuple[str, tuple[int, int]] | None:
    """The name after "near" / "cerca de" typed in lower case, when an article opens it:
    a landmark's article is grammar ("cerca de la sagrada familia" → Sagrada Familia, "near
    the eiffel tower"), unless the article is part of a place the gazetteer knows ("cerca
    de las palmas", "near los angeles"); a common noun alone is no landmark ("near the
    beach", "cerca de la estación")."""
    art = re.match(r"(?:the|la|las|los|el)[ \t]+", free[pos:])
    if not art or (hit is not None and known_name(hit[0])):
        return hit
    inner = read_name(free, original, pos + art.end(), False)
    if inner is None or (" " not in inner[0] and fold(inner[0]) in pw.GENERIC):
        return None
    return inner
