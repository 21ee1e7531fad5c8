"""The country (or region) a nationality adjective names: "champán francés", "Malbec
argentino", "vino blanco gallego", "French cheese".

Read only for a place input that names a country (its name or aliases say so: see
:func:`scout.task.placewords.names_countries`); a city input is never guessed from an
adjective ("cocina francesa en Madrid" is about a cuisine, and the city is Madrid). The
table holds the common ones, Spanish in every gender and number and English; a country
comes back as CLDR names it in the adjective's language ("Francia" / "France"), a region as
its usual name in that language; the language is the adjective's own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from scout.task.demonymwords import REGIONS as _REGIONS
from scout.task.demonymwords import words as _words


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    alt = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(_words(), key=len, reverse=True))
    return re.compile(r"(?<![\w\x00])(?:" + alt + r")(?![\w\x00])")


# a language, not a nationality: "en español", "in French", "que hable inglés", "a
# Spanish-speaking guide" (folded)
_SPOKEN_BEFORE = re.compile(r"\b(?:en|in|hablad[oa]s?\s+en|habla|hablen?|speaks?|speak)\s+$")
_SPOKEN_AFTER = re.compile(r"[\s-]*(?:speaking|speaker|hablante)s?\b")


def _nationalities(free: str) -> Iterator[re.Match[str]]:
    """The nationality adjectives in ``free`` (folded), languages left out."""
    return (m for m in _pattern().finditer(free)
            if not _SPOKEN_BEFORE.search(free, max(0, m.start() - 30), m.start())
            and not _SPOKEN_AFTER.match(free, m.end()))


def demonym_territories(free: str) -> list[str]:
    """The country codes the nationality adjectives in ``free`` (folded) name ("South
    African Pinotage" → ZA), for the currency a price there is in."""
    keys = [_words()[re.sub(r"\s+", " ", m.group(0))][0] for m in _nationalities(free)]
    return [k for k in keys if k not in _REGIONS]


def find_demonym(free: str) -> tuple[str, tuple[int, int]] | None:
    """The country or region the first nationality adjective in ``free`` (folded, what
    other inputs read blanked out) names, in the adjective's language, and its span."""
    m = next(_nationalities(free), None)
    if m is None:
        return None
    key, lang = _words()[re.sub(r"\s+", " ", m.group(0))]
    if key in _REGIONS:
        return (key if lang == "es" else _REGIONS[key][0]), m.span()
    from babel import Locale

    return Locale.parse("es" if lang == "es" else "en").territories[key], m.span()



def country_said(free: str, original: str, lang: str, name: str, spec: object,
                 inputs: dict[str, Any] | None = None) -> tuple[str, tuple[int, int]] | None:
    """The country a nationality adjective gives the place input ``name``, read before
    the subject so the adjective is not also the thing asked for ("Malbec argentino":
    the wine is Malbec); None for an input that names no country, or when the request
    names the place itself ("vino francés de Burdeos": Burdeos is read as before);
    ``inputs``: the kind's, as :func:`scout.task.placewords.names_countries` takes them."""
    from scout.task.gazetteer import country_as_typed
    from scout.task.place import find_place
    from scout.task.placecues import cued
    from scout.task.placecase import known_name
    from scout.task.placewords import names_countries

    if not names_countries(name, spec, inputs):
        return None
    said = find_demonym(free)
    if said is None:
        return None
    aliases = list(getattr(spec, "aliases", []))
    (a, b) = said[1]
    named = find_place(free[:a] + "\x00" * (b - a) + free[b:], original, lang, aliases)
    if named is not None and (
            known_name(named[0]) or country_as_typed(named[0])
            or cued(free, named[1][0], lang, aliases)):
        return None
    return said

