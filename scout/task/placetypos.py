"""A known place's name typed with a slip of the fingers: two adjacent letters swapped
("madird"), a double letter typed once or a letter twice ("sevila", "pariss"), or one
letter of a big city's name left out ("barclona"), read as the place the gazetteer
(:mod:`scout.task.gazetteer`) knows, when exactly one fits."""

from __future__ import annotations

import functools

from scout.task.gazetteer import CITY_TERRITORY, MORE_PLACES, known_names


def _swapped(a: str, b: str) -> bool:
    """True when ``a`` is ``b`` with two adjacent letters swapped ("madird", "madrid")."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] \
        and a[diff[1]] == b[diff[0]]


def _undoubled(a: str, b: str) -> bool:
    """True when ``a`` is ``b`` with a double letter typed once or a letter typed twice
    ("sevila" / "sevilla", "pariss" / "paris")."""
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if len(long_) != len(short) + 1:
        return False
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return long_[:i] + long_[i + 1:] == short and i > 0 and long_[i] == long_[i - 1]


def _dropped(typed: str, known: str) -> bool:
    """True when ``typed`` is ``known`` with one letter left out ("barclona" / "barcelona",
    "edinburg" / "edinburgh"), not the first; the last only from a word of seven letters
    or more ("barcelon"), as a shorter one is likelier a name of its own. A big city's
    name is what a request means: Texas's Edinburg is a small town, and "hamburg" is
    known itself, so it is never corrected."""
    if len(known) != len(typed) + 1 or typed[:1] != known[:1]:
        return False
    i = next((k for k in range(len(typed)) if typed[k] != known[k]), len(typed))
    return (i < len(typed) or len(typed) >= 7) and known[:i] + known[i + 1:] == typed


@functools.lru_cache(maxsize=1)
def _big_cities() -> frozenset[str]:
    """The cities and destinations listed here by hand, and Europe's cities CLDR names a
    time zone after (its capitals; not the Americas' many small towns): those a letter
    left out is corrected to."""
    from babel.core import get_global

    from scout.task.lang import fold

    names = set(CITY_TERRITORY) | set(MORE_PLACES.split("|"))
    names |= {fold(z.rsplit("/", 1)[1].replace("_", " "))
              for z in get_global("zone_territories") if z.startswith("Europe/")}
    return frozenset(n for n in names if n.isalpha() and len(n) >= 7 and n in known_names())


def misspelt_place(name: str) -> str | None:
    """The known place (folded) that ``name`` (one word, folded) is a slip of the fingers
    for: two adjacent letters swapped ("madird", "barcleona", "lodnon") or a double letter
    typed once or a letter twice ("sevila", "valladollid"), in a word of five letters or
    more the gazetteer does not know itself, when exactly one known name fits; or, in a
    word of six letters or more, one letter of a big city's name listed here left out
    ("barclona", "manchster"; its last from seven letters: "edinburg"). No other letter
    left out or added, nor one left out of CLDR's many small towns: that may be another
    real place, and a swap or a double of a known name rarely is."""
    if len(name) < 5 or " " in name or name in known_names():
        return None
    hits = {n for n in known_names() if abs(len(n) - len(name)) <= 1
            and (_swapped(name, n) or _undoubled(name, n))}
    if not hits and len(name) >= 6:
        hits = {n for n in _big_cities() if _dropped(name, n)}
    return hits.pop() if len(hits) == 1 else None
