"""The city an institution's name holds, for a kind's city input the request left empty.

"near King's College London", "cerca de la Universidad de Salamanca", "junto al Hospital
Clínico de Valencia": the place read for the kind's place inside a city (a campus, an
area: an input whose aliases are cues of a place within a city, "near" / "cerca de")
names its city. When the kind's other place input (the city's) read nothing, that city is
its value, and the institution stays the inner input's. The city is a name the gazetteer
knows as a place (:func:`scout.task.gazetteer.known_place_words`), no country ("Universidad
de Chile" names no city), inside the name and not all of it. The parser
(:mod:`scout.task.parser`) calls :func:`city_of_institution` once the place inputs are read.
"""

from __future__ import annotations

import re
from typing import Any

from scout.task.lang import fold

_WORD = re.compile(r"[^\W\d_]+")


def city_in(name: str) -> str | None:
    """The place the gazetteer knows inside ``name`` (as written), as written there; the
    longest, the last when two are as long ("Universidad Politécnica de Madrid" →
    "Madrid"); None when it is all of ``name``, a country or none."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import known_place_words

    words = list(_WORD.finditer(name))
    folded = [fold(w.group(0)) for w in words]
    best: tuple[int, int] | None = None
    for i in range(len(words)):
        n = known_place_words(folded[i:i + 5])
        if not n or (i == 0 and n == len(words)):
            continue
        if " ".join(folded[i:i + n]) in currencies().territory_names:
            continue
        if best is None or n >= best[1] - best[0]:
            best = (i, i + n)
    if best is None:
        return None
    return name[words[best[0]].start():words[best[1] - 1].end()]


def city_of_institution(values: dict[str, Any], spans: dict[str, str],
                        inputs: dict[str, Any], free: str = "") -> None:
    """Give the empty place input the city the other place input's institution names
    (in place), when the kind has two place inputs: one whose aliases are cues of a place
    within a city, and one that is no country's. When the city's input read the
    institution itself, after such a cue in ``free`` (folded: "dentista cerca del Hospital
    Clínico de Valencia"), the institution moves to the other input and the city stays."""
    from scout.task.placewords import WITHIN_CITY, names_countries

    places = [n for n, s in inputs.items() if getattr(s, "type", None) == "place"]
    if len(places) != 2:
        return
    held = [n for n in places if isinstance(values.get(n), str)]
    empty = [n for n in places if values.get(n) is None]
    if len(held) != 1 or len(empty) != 1:
        return
    within = [n for n in places if {fold(a) for a in inputs[n].aliases} & WITHIN_CITY]
    if len(within) != 1:
        return
    inner = within[0]
    city = next(n for n in places if n != inner)
    if names_countries(city, inputs[city], inputs):
        return
    if held[0] == inner:
        found = city_in(values[inner])
        if found is not None:
            values[city] = found
            spans[city] = found
        return
    name = values[city]
    found = city_in(name)
    cue = "|".join(re.escape(c) for c in sorted(WITHIN_CITY, key=len, reverse=True))
    if found is not None and re.search(r"\b(?:" + cue + r")l?(?:\s+(?:the|el|la|los|las))?\s+"
                                       + re.escape(fold(name)), free):  # "cerca del ..."
        values[inner], values[city] = name, found  # the institution near which, its city
        spans[inner], spans[city] = spans.get(city, name), found
