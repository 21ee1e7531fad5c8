"""The place a request's scope names, said as a scope rather than after a cue: "EU-wide
tenders", "Europe-wide calls", "licitaciones a nivel europeo", "de ámbito europeo",
"at European level", "European-level grants".

Read before the subject, for a kind with one place input, so the scope's words are
not the subject ("EU-wide" was the subject, and "IT" the place). A bare adjective is
no scope ("comida asiática" is a cuisine, no place). A name with "-wide" is the place the gazetteer knows it as ("EU-wide" → the
EU); a scope's adjective names its region ("europeo" → Europa) or, through the
nationality adjectives of :mod:`scout.task.demonyms`, its country ("a nivel español" →
España), in the adjective's language. A scope with no place in it ("nationwide", "a nivel
nacional") is claimed, so it is no subject, and names none (:func:`placeless_scope`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scout.spec.models import InputSpec
    from scout.task.readers import QueryText

# a region's adjective (folded, Spanish in every gender and number, then English) → the
# region as each language names it (CLDR's names, as the gazetteer knows them)
_REGIONS: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("europeo", "europea", "europeos", "europeas", "european", "pan-european",
                     "paneuropeo", "paneuropea"), ("Europa", "Europe")),
    **dict.fromkeys(("comunitario", "comunitaria", "comunitarios", "comunitarias"), ("UE", "EU")),
    **dict.fromkeys(("latinoamericano", "latinoamericana", "latinoamericanos",
                     "latinoamericanas", "latin american"), ("Latinoamérica", "Latin America")),
    **dict.fromkeys(("africano", "africana", "africanos", "africanas", "african"),
                    ("África", "Africa")),
    **dict.fromkeys(("asiatico", "asiatica", "asiaticos", "asiaticas", "asian"), ("Asia", "Asia")),
}
_ENGLISH = frozenset({"european", "pan-european", "latin american", "african", "asian"})
_ADJ = r"[^\W\d_]+(?:-[^\W\d_]+|\s+american)?"
# "a nivel europeo", "de ámbito europeo"; "at European level", "European-level"
_SCOPE = re.compile(
    r"(?<![\w\x00])(?:(?:a|al)\s+nivel|(?:de\s+)?ambito)\s+(?P<adj>" + _ADJ + r")(?![\w\x00])"
    r"|(?<![\w\x00])(?:at\s+(?:the\s+|an?\s+)?)?(?P<adj2>" + _ADJ + r")[\s-]level(?![\w\x00])")
# "EU-wide", "Europe-wide", "Spain-wide" (one word before it: "nationwide" is one word)
_WIDE = re.compile(r"(?<![\w\x00])(?P<name>[^\W\d_][\w.]*)-wide(?![\w\x00])")
# the EU's initials, English and Spanish, typed in capitals: a scope where the request
# opens with them ("EU tenders", "EU cleaning tenders"); elsewhere they may be a topic's
# ("regulación de la UE") or a feature's ("EU roaming"), and a cue reads them ("in the EU")
_UNION = frozenset({"eu", "ue"})
_UNION_OPENING = re.compile(r"^[\W\x00]*(?P<name>EU|UE)(?=\s+[^\W\d_])")


# a scope that names no place: the whole country or the world ("nationwide", "a nivel
# nacional", "de ámbito estatal"): the words are claimed, neither subject nor town
_NO_PLACE = re.compile(r"(?<![\w\x00])(?:nation-?wide|country-?wide|state-?wide|world-?wide|"
                       r"(?:(?:a|al)\s+nivel|(?:de\s+)?ambito)\s+(?:nacional|estatal|mundial|"
                       r"internacional))(?![\w\x00])")


def placeless_scope(free: str) -> tuple[int, int] | None:
    """The span of a scope that names no place in ``free`` (folded), or None."""
    m = _NO_PLACE.search(free)
    return m.span() if m else None


def scope_said(free: str, original: str,
               labels: Collection[str] = ()) -> tuple[str, tuple[int, int]] | None:
    """The place the request's scope names (``free``: folded, what other inputs read
    blanked; ``original``: as typed), and the scope's span (its words are the place's),
    or None. ``labels``: the other inputs' aliases (folded): initials that open one are
    that input's words ("EU roaming plan": a feature, no scope)."""
    from scout.task.gazetteer import known_place_words

    for m in _WIDE.finditer(free):
        if m.group("name") in _UNION or known_place_words([m.group("name")]):
            return original[m.start("name"):m.end("name")], m.span()  # as typed: "EU"
    opening = _UNION_OPENING.match(original)
    if opening is not None and free[opening.start("name"):opening.end("name")] in _UNION \
            and not any(" " in w and re.match(re.escape(w) + r"(?!\w)", free[opening.start("name"):])
                        for w in labels):
        return opening.group("name"), opening.span("name")
    for m in _SCOPE.finditer(free):
        place = _region(re.sub(r"\s+", " ", m.group("adj") or m.group("adj2")))
        if place is not None:
            return place, m.span()
    return None


def place_adjective(word: str) -> bool:
    """``word`` (as read) is a region's or a nationality's adjective ("europeas", "French"),
    no town's name: "licitaciones europeas de limpieza" named the town "Europeas"."""
    from scout.task.lang import fold

    return _region(fold(word).strip()) is not None


def _region(adj: str) -> str | None:
    """The region or country the scope's adjective ``adj`` (folded) names, in its own
    language."""
    from scout.task.demonyms import find_demonym

    if adj in _REGIONS:
        return _REGIONS[adj][1 if adj in _ENGLISH else 0]
    said = find_demonym(adj)
    return said[0] if said is not None and said[1] == (0, len(adj)) else None


def read_scope(text: QueryText, inputs: dict[str, InputSpec],
               values: dict[str, object]) -> tuple[str, str, tuple[int, int]] | None:
    """For a kind with one place input still empty, before the subject's turn: (the input,
    the place its scope names, the span) or None; a scope that names no place is claimed
    ("nationwide cleaning tenders" is about cleaning)."""
    from scout.task.lang import fold

    empty = [n for n, s in inputs.items() if s.type == "place" and n not in values]
    if not empty:
        return None
    whole = placeless_scope(text.free)
    if whole is not None:
        text.claim(whole)
    said = scope_said(text.free, text.original, [
        fold(a) for s in inputs.values() if s.type != "place" for a in s.aliases])
    return (empty[0], *said) if said is not None and len(empty) == 1 else None
