"""A region named by a landform or a name and the nationality or regional adjective that
narrows it: "Pirineo aragonés", "los Alpes suizos", "el Caribe mexicano", "islas griegas"
(Spanish: the adjective after the noun), "the French Alps", "greek islands" (English:
before it). The adjective is then a word of the place's name, read by the name reader
(:mod:`scout.task.placename`) even typed in lower case amid capitals, never a cuisine or
a subject.

An adjective is a nationality the demonym table knows (:mod:`scout.task.demonymwords`), or
shaped as a Spanish regional one: "-és" typed with its accent, "-esa(s)", "-eses",
"-ense(s)" ("aragonés", "leonesa", "oscense"), or "-ano", "-ino", "-eño", "-ego" when a
place the gazetteer knows starts as the adjective does ("valenciano", "asturiana"; never
"cercano" or "pequeño"). After a city the gazetteer knows an adjective is no part of its
name ("Madrid italiano" is a cuisine in Madrid); after a region above a country it is
("Caribe mexicano").
"""

from __future__ import annotations

import functools
import re

from scout.task.demonymwords import is_demonym
from scout.task.lang import fold

# the Spanish regional adjectives' endings that no common adjective shares (folded,
# "-es" only where the accent was typed: "aragonés", not "meses")
_REGIONAL = re.compile(r"(?<![mr])(?:esas?|eses)$|enses?$")  # not "empresa", "mesas"
# endings common adjectives share too ("cercano", "pequeño"): a demonym only when a known
# place starts as the adjective does ("valenciano" / Valencia)
_STEMMED = re.compile(r"(?:an|in|en|eg)(?:o|a|os|as)$")

# the nouns of a landform an English nationality adjective goes before ("the French Alps",
# "greek islands", "the Scottish Highlands", "italian lakes"), folded, singular and plural
_LANDFORM_NOUNS = frozenset("""island islands isle isles alps highlands lowlands lakes coast
coasts riviera mountains fjords peninsula valleys""".split())


def region_adjective(typed: str) -> bool:
    """``typed`` (as written) is a nationality or regional adjective."""
    low = fold(typed)
    if len(low) < 5:
        return is_demonym(low)
    if is_demonym(low) or (len(low) >= 7 and _REGIONAL.search(low)) \
            or typed.endswith(("és", "ÉS")):
        return True
    m = _STEMMED.search(low)
    return m is not None and m.start() >= 5 and _known_stem(low[:m.start()])


@functools.lru_cache(maxsize=256)
def _known_stem(stem: str) -> bool:
    from scout.task.gazetteer import known_names

    return any(name.startswith(stem) for name in known_names())


def narrows(name: str) -> bool:
    """An adjective after ``name`` (the place's words read so far) is part of it: no city
    the gazetteer knows, or a region above a country."""
    from scout.task.gazetteer import is_region
    from scout.task.placecase import known_name

    low = fold(name)
    return not known_name(low) or is_region(low)


def landform_after(original: str, end: int) -> bool:
    """"the| greek islands", "the| french alps" (English order), "los| alpes suizos",
    "el| pirineo aragones" (Spanish): after the article at ``end`` (typed in lower case) a
    region and its adjective follow, whose name the article is no word of."""
    from scout.task import placewords as pw
    from scout.task.placecase import known_name

    m = re.match(r"[ \t]+([^\W\d_]+)[ \t]+([^\W\d_]+)(?![\w'’-])", original[end:])
    if m is None:
        return False
    first, second = fold(m.group(1)), fold(m.group(2))
    if is_demonym(first) and second in _LANDFORM_NOUNS:
        return True
    article = fold(original[:end].rsplit(None, 1)[-1])
    return first not in pw.STOP and not known_name(f"{article} {first}") \
        and region_adjective(m.group(2)) and narrows(first)


def adjective_then_landform(typed: str, original: str, end: int) -> bool:
    """``typed`` is a nationality adjective and a landform's noun follows it at ``end``
    ("greek| islands")."""
    m = re.match(r"[ \t]+([^\W\d_]+)", original[end:])
    return m is not None and is_demonym(fold(typed)) and fold(m.group(1)) in _LANDFORM_NOUNS
