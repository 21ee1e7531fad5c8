"""Named establishments in a request: a lodging's or an eatery's word before its own name
("Hotel Arts", "Restaurante Botín", "Parador de Granada", "Bar El Tigre"), the words in
:data:`scout.task.placewords.ESTABLISHMENTS`.

The name is where one stays or eats, never the place searched in nor what is asked about:
:func:`place_in_name` gives the place reader the known place a name ends with ("the Hotel
Arts Barcelona" → Barcelona), and :func:`name_spans` gives the subject reader the names to
leave out ("Bar El Tigre Madrid tapas" is about tapas).
"""

from __future__ import annotations

import re

from scout.task import placewords as pw
from scout.task.lang import fold
from scout.task.placecase import title

Hit = tuple[str, tuple[int, int]]

_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


def place_in_name(original: str, hit: Hit | None, cased: bool) -> Hit | None:
    """``hit`` (a name the place reader read) as a place, when it may be an establishment's
    name: the words after an establishment's word ("Hotel Arts", "the Hotel Arts Barcelona",
    "Restaurante Botín de Madrid", "en el Parador de Granada") that do not open with a place
    the gazetteer knows ("Hotel Barcelona", "hotel lisboa junio" name the city) are the
    establishment's; the place is a known one the name ends with ("Barcelona", "Madrid"),
    else, typed with capitals, none. Typed in lower case an unknown name stays the place
    ("hotel lalin"): chat writes the city so."""
    from scout.task.gazetteer import known_place_words

    if hit is None:
        return None
    start, end = hit[1]
    words = list(_WORD.finditer(original[start:end]))
    before = re.search(r"([^\W\d_]+)[ \t]+$", original[:start])
    if words and fold(words[0].group(0)) in pw.ESTABLISHMENTS:
        head, words = words[0].group(0), words[1:]
    elif before is not None and fold(before.group(1)) in pw.ESTABLISHMENTS:
        head = before.group(1)
    else:
        return hit
    folded = [fold(w.group(0)) for w in words]
    if not words or (cased and not head[0].isupper()) or known_place_words(folded):
        return hit
    tail = known_tail(original, (start + words[0].start(), end), cased)
    return tail if tail is not None else None if cased else hit


def known_tail(original: str, span: tuple[int, int], cased: bool) -> Hit | None:
    """The place the gazetteer knows that the name at ``span`` ends with, past words it
    does not know ("Parador de Granada" → "Granada", "SIM Card Japan" → "Japan"); None
    when none ends it or the whole is one."""
    from scout.task.gazetteer import known_place_words

    start, end = span
    words = list(_WORD.finditer(original[start:end]))
    folded = [fold(w.group(0)) for w in words]
    for k in range(1, len(words)):
        if folded[k] not in pw.PARTICLES and known_place_words(folded[k:]) == len(words) - k:
            a, b = start + words[k].start(), start + words[-1].end()
            return original[a:b] if cased else title(original[a:b]), (a, b)
    return None


def name_spans(original: str) -> list[tuple[int, int]]:
    """The spans of the establishments' names typed with capitals ("Restaurante Botín",
    "Bar El Tigre Madrid": the capitalised words and articles after the establishment's
    capitalised word), for a request in ordinary writing (the caller's to tell: in one
    typed otherwise a name cannot be told)."""
    words = list(_WORD.finditer(original))
    spans: list[tuple[int, int]] = []
    for i, w in enumerate(words):
        if fold(w.group(0)) not in pw.ESTABLISHMENTS or not w.group(0)[0].isupper():
            continue
        end = None
        for nxt in words[i + 1:]:
            gap = original[(end or w.end()):nxt.start()]
            if gap.strip() or not (nxt.group(0)[0].isupper()
                                   or fold(nxt.group(0)) in pw.LEADING_ARTICLES):
                break
            end = nxt.end()
        if end is not None:
            spans.append((w.end(), end))
    return spans
