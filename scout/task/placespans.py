"""Where the place names the gazetteer knows (:mod:`scout.task.gazetteer`) stand in a
request's text: names of two words or more ("christmas island", "isla de pascua"), whose
words are the name's though one alone is a date or a stop word, the end of one starting
at a position (for the place reader), and a name a geographic noun opens or ends
("Isla Navidad", "Christmas Cove"), which the date reader passes over."""

from __future__ import annotations

import bisect
import functools
import re

from scout.task.gazetteer import known_place_words

_NAME_WORD = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=256)  # a parse reads dates several times over one text
def place_names(free: str) -> tuple[tuple[int, int], ...]:
    """The spans of the place names of two words or more the gazetteer knows in ``free``
    (folded): their words are the name's, though one alone is a date or a stop word
    ("christmas island", "isla de navidad", "isla de pascua")."""
    words = list(_NAME_WORD.finditer(free))
    out: list[tuple[int, int]] = []
    for i in range(len(words)):
        n = known_place_words([w.group(0) for w in words[i:i + 5]])
        if n >= 2:
            out.append((words[i].start(), words[i + n - 1].end()))
    return tuple(out)


@functools.lru_cache(maxsize=64)  # the place reader asks at many positions of one text
def _word_index(free: str) -> tuple[list[int], list[int], dict[int, int]]:
    """The starts and ends of the words of ``free`` (as :func:`place_names` splits it),
    and each start's index."""
    words = list(_NAME_WORD.finditer(free))
    starts = [w.start() for w in words]
    return starts, [w.end() for w in words], {a: i for i, a in enumerate(starts)}


def place_name_end(free: str, pos: int) -> int | None:
    """Where the place name of two words or more that :func:`place_names` would find
    first in ``free[pos:]`` ends, when it starts at ``pos``; None otherwise. The words are
    split once per text (asking ``place_names`` of every suffix read the text once per
    position: quadratic on a long request)."""
    starts, ends, index = _word_index(free)
    i = index.get(pos)
    if i is not None:
        spans = list(zip(starts[i:i + 5], ends[i:i + 5]))
    else:  # inside a word: the suffix's first word is cut at ``pos``
        m = _NAME_WORD.match(free, pos)
        if m is None:
            return None
        j = bisect.bisect_right(starts, pos)
        spans = [m.span(), *zip(starts[j:j + 4], ends[j:j + 4])]
    n = known_place_words([free[a:b] for a, b in spans])
    return spans[n - 1][1] if n >= 2 else None


# a geographic noun before a name ("Isla Navidad", "Puerto de Navidad") or after it
# ("Christmas Cove", "Easter Island"), written with capitals: the words between are the
# name's, a feast's too (a function word is none: "la playa en Navidad")
_HEADS = ("isla|islas|isle|playa|puerto|port|cabo|cape|punta|point|bahia|bay|costa|lago|"
          "lake|monte|mount|valle|valley|sierra|villa|ciudad|san|santa")
_TAILS = "island|islands|isle|cove|bay|beach|point|lake|creek|valley|hill|hills|mountain|peak"
_W = (r"(?!(?:en|in|para|for|por|a|al|to|at|on|y|and|o|or|u|near|cerca|con|with|the|la|el|"
      r"los|las|de|del|of)\b)[^\W\d_]+")
_HEADED = re.compile(r"\b(?:" + _HEADS + r")\s+(?:(?:de|del|de\s+la|de\s+los|de\s+las)\s+)?"
                     + _W + r"(?:\s+" + _W + r")?|\b" + _W + r"(?:\s+" + _W + r")?\s+(?:"
                     + _TAILS + r")\b")


def headed_names(free: str, original: str) -> list[tuple[int, int]]:
    """The spans in ``free`` (folded; ``original`` as typed) where a geographic noun opens
    or ends a name written with capitals ("Isla Navidad", "Puerto de Navidad", "Christmas
    Cove"): a date word there is part of the name, not the date (the date reader passes
    over it). Typed in lower case, only a name the gazetteer knows is one
    (:func:`place_names`)."""
    out = []
    for m in _HEADED.finditer(free):
        words = [w for w in re.findall(r"[^\W\d_]+", original[m.start():m.end()])
                 if w.casefold() not in ("de", "del", "la", "los", "las", "of")]
        if all(w[:1].isupper() for w in words):
            out.append(m.span())
    return out
