"""The requested place at the end of a candidate's name: "Casa Lucio, Madrid" → "Casa Lucio".

Search results name a place's candidates with the place appended ("Casa Lucio, Madrid",
"Hotel Condal - Barcelona, Spain", "Tasca Lola (Lisboa)"). Left there, the name reads
badly in the report and does not merge with the same candidate titled without it.
Kinds used to strip one city with a pattern of their own (``',\\s*Lyon\\s*$'``), which
was wrong for every other city; ``extract: {strip_place: true}`` (the default) strips
the place the request is about instead:

- the values of the Task's ``place`` inputs (each part of "Madrid, Spain" too),
  after a comma, a spaced dash or bar, or in brackets at the end of the name;
- a country after that place ("…, Madrid, Spain", "…, Madrid, España": any country CLDR
  names in English or Spanish), and the place's own country alone ("…, Mexico" in a
  request about Cancún) where scout knows it (:mod:`scout.task.gazetteer`).

Only whole trailing segments go, compared accent- and case-blind: "Hotel Arts Barcelona"
keeps its name (no separator), a name that is nothing but the place is kept, and so is a
route's second end after its first ("Renfe AVE Madrid - Barcelona" for a request from
Madrid to Barcelona: the trip's name, not a place appended to it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from scout.text import fold

# the name, a separator, the last segment (no separator inside it), a closing bracket.
# The segment is what "[^,()|·•–—]+?\s*\)?\s*$" read, said so each run of spaces is
# crossed once: it starts and ends at a non-space (or is the one space before a bracket
# or the end, as that lazy reading gave); two quantifiers over the same spaces tried
# every split of them ("a," and 500 spaces took 80 s)
_TAIL = re.compile(r"^(?P<head>.*\S)\s*(?:,|\s[-–—|·•]|[|·•]|\()\s*"
                   r"(?P<tail>[^,()|·•–—\s](?:[^,()|·•–—]*[^,()|·•–—\s])?|\s(?!\s))"
                   r"\s*+(?:\)\s*+)?$")
# the same reading started part-way (``pattern.match(name, lo)``): the head's start is
# before ``lo``, so it is only asked to end at a non-space, which the look-behind sees
_TAIL_FROM = re.compile(r"(?P<mid>.*)(?<=\S)" + _TAIL.pattern[len(r"^(?P<head>.*\S)"):])
# the characters a segment cannot hold: its separator is at or after the last of them
_NOT_IN_SEGMENT = frozenset(",()|·•–—")


def _split_tail(name: str, end: int, line_end: int) -> tuple[int, str] | None:
    """Where :data:`_TAIL`'s head of ``name[:end]`` ends, and its tail, in time linear in
    the last segment (``line_end``: where the name's first line ends, which no head passes).

    Matched from the start, the greedy head tried every separator of the name and read
    each one's segment to the end before failing on the next, so a title of many " -"
    ending in "," took seconds (4,000 of them, 1.5 s). The segment holds none of
    :data:`_NOT_IN_SEGMENT` but a closing bracket at the end, so the separator starts at
    most one character before the last of them (" –"), and the head ends after the
    spaces before it: the match starts there.
    """
    stop = end
    while stop > 0 and name[stop - 1].isspace():
        stop -= 1
    if stop > 0 and name[stop - 1] == ")":  # the closing bracket is no part of the segment
        stop -= 1
    last = stop - 1
    while last >= 0 and name[last] not in _NOT_IN_SEGMENT:
        last -= 1
    lo = max(last - 1, 0)
    while lo > 0 and name[lo - 1].isspace():
        lo -= 1
    if lo > line_end:  # "." stops at a line break: no head reaches past one
        return None
    m = _TAIL_FROM.match(name, lo, end)
    if m is None:
        return None
    return m.end("mid"), m.group("tail")


@dataclass(frozen=True)
class Places:
    """The request's places and their known countries, folded."""

    names: frozenset[str] = frozenset()
    countries: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.names)


def _norm(text: str) -> str:
    return " ".join(fold(text).split())


def request_places(task: Any) -> Places:
    """The places of ``task`` (its ``place``-typed input values) and their countries."""
    values = [v for name, kind in (getattr(task, "types", None) or {}).items()
              if kind == "place" and isinstance(v := task.values.get(name), str) and v.strip()]
    return places_of(values)


def places_of(values: list[str]) -> Places:
    """:class:`Places` for place values as a request gives them ("Madrid", "Lyon, France")."""
    if not values:
        return Places()
    from scout.task.cldr import currencies  # CLDR through Babel: loaded on first use
    from scout.task.gazetteer import territory_of

    territory_names = currencies().territory_names  # folded name → alpha-2 code
    names: set[str] = set()
    codes: set[str] = set()
    for value in values:
        parts = [_norm(p) for p in value.split(",") if p.strip()]
        names.update(parts)
        for part in parts:
            code = territory_of(part) or territory_names.get(part)
            if code:
                codes.add(code)
    countries = {name for name, code in territory_names.items() if code in codes}
    return Places(frozenset(names), frozenset(countries))


def _route_end(head: str, tail: str, places: Places) -> bool:
    """Whether ``head`` (the name before the place ``tail``) ends with another place the
    request names: a route written with its two ends ("Madrid - Barcelona", "London |
    Edinburgh"), whose second end is the route's, not a place appended to a name."""
    said = _norm(head.rstrip(" -|–—:·→>"))
    return any(p != tail and (said == p or said.endswith(" " + p)) for p in places.names)


def strip_place(name: str, places: Places) -> str:
    """``name`` without the requested place (and a country after it) at its end."""
    if not places:
        return name
    from scout.task.cldr import currencies

    any_country = currencies().territory_names
    end = len(name)  # the name read so far is name[:end]: no copy per stripped segment
    line_end = name.find("\n") % (len(name) + 1)  # no line break: the name's length
    while (split := _split_tail(name, end, line_end)) is not None:
        head, tail = split[0], _norm(split[1])
        # a place's name is short: the words right before the separator are enough, and a
        # name of many separators is still read in linear time
        if tail in places.names and _route_end(name[max(0, head - 80):head], tail, places):
            break  # "Renfe AVE Madrid - Barcelona": a route's two ends, no place appended
        if tail in places.names or tail in places.countries:
            end = head
            continue
        before = _split_tail(name, head, line_end) if tail in any_country else None
        if before is not None and _norm(before[1]) in places.names:
            end = before[0]  # "…, Madrid, Spain": the place with its country
            continue
        break
    return name[:end]
