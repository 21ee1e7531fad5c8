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
keeps its name (no separator), and a name that is nothing but the place is kept.
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


def strip_place(name: str, places: Places) -> str:
    """``name`` without the requested place (and a country after it) at its end."""
    if not places:
        return name
    from scout.task.cldr import currencies

    any_country = currencies().territory_names
    while (m := _TAIL.match(name)) is not None:
        head, tail = m.group("head"), _norm(m.group("tail"))
        if tail in places.names or tail in places.countries:
            name = head
            continue
        before = _TAIL.match(head) if tail in any_country else None
        if before is not None and _norm(before.group("tail")) in places.names:
            name = before.group("head")  # "…, Madrid, Spain": the place with its country
            continue
        break
    return name
