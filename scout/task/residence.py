"""Where someone lives or is, said beside the place a request is about: context, no value.

Agents relay what they know of the user ("El usuario vive en Valencia pero viaja desde
Zaragoza", "he stays in Mumbai"), and people say where they are coming from ("I live in
Dublin but we'll be down for the weekend", "yo vivo en Madrid centro", "the team is in
Denver but the shoot is at our Chicago office"). Where the request names another place
too, the one after such words is where the person is, not where the search is: its name is
claimed before the place and subject inputs read, so neither takes it (nor holds it as the
subject's: "seafood in Galway, I live in Dublin"). With no other place ("I live in Madrid,
looking for a cleaner") it is the place meant, and is left to be read.
"""

from __future__ import annotations

import re

from scout.task.readers import CLAIMED, QueryText

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


def residence_spans(free: str) -> list[tuple[int, int]]:
    """The spans of the names said as where someone lives or is (``free``: folded, with
    what was read blanked)."""
    return [m.span("name") for pattern in (_HOME, _HOME_BUT) for m in pattern.finditer(free)]


def claim_residences(text: QueryText, lang: str) -> None:
    """Claim in ``text`` the place names said as where someone lives or is (each read by
    :func:`scout.task.place.find_place` in its words alone: "vivo en un cuarto piso" names
    none), when a place is still read without them; else leave them. For a kind with one
    place input: where two are a move's or a trip's ends, where one lives may be the
    origin ("vivo en Leeds y me mudo a York")."""
    from scout.task.place import find_place

    free = text.free
    for a, b in residence_spans(text.free):
        alone = CLAIMED * a + text.free[a:b] + CLAIMED * (len(text.free) - b)
        hit = find_place(alone, text.original, lang, [])
        if hit is not None and a <= hit[1][0] and hit[1][1] <= b:
            free = free[:a] + CLAIMED * (b - a) + free[b:]
    if free != text.free and find_place(free, text.original, lang, []) is not None:
        text.free = free
