"""A list of places said for one place input: "a walking tour in Lisbon, Porto or Faro",
"tour en Madrid o Barcelona", "in England and Wales".

A place input holds one place, and a run searches one place (a kind's sources are asked
about it by name), so of several the input takes the first written, and the others are
said back to the user in a note naming them: the report is about the first, and the user
asks again for another. Why not all of them: an input's value is one place the adapters
query and the report names; a value "Lisbon, Porto or Faro" would be searched as one
name and found nowhere. Why not none: the user did say where, and the first is what a
person answering would take. The names listed after the first are claimed, so no other
input reads one: not the subject ("Porto or Faro" as the tour's theme), not a second place
input ("Porto" as the day trip's origin, which only its own cue gives).

A name listed is one the gazetteer knows, or one typed with a capital as the first was,
after "or" / "o" / "u" / a comma (offered as either); after "and" / "y" only a known one
("in Lisbon, food and wine" lists no place). Two names the gazetteer knows, joined by
"y" / "and", that it does not know whole are two ("Galicia y Asturias"; "Castilla y León",
"Trinidad y Tobago" are one), though the name reader reads the "y" of a name on: the rule
is one for every kind, by what its input holds:

- an input that holds a list of places (``type: list``, ``items: place``) takes every name
  listed, joined by "y" / "and" or offered as either (:func:`read_places_list`;
  :func:`scout.task.placecase.joined_names` splits the joined ones);
- an input that holds one city or one country takes the first, the others noted;
- any other place input (a region, an area: "the region the data cover") takes two names
  joined by "y" / "and" as the one region they make ("England and Wales", "Galicia y
  Asturias": :func:`scout.task.placeinput._two_names`), noted as searched together (the
  gazetteer cannot tell "Barcelona y Valencia", two cities, from such a region), and the
  first of names offered as either ("Galicia o Asturias"), the others noted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from scout.task.parse_notes import note
from scout.task.placecase import joined_names

if TYPE_CHECKING:
    from scout.spec.models import InputSpec
    from scout.task.parse_notes import ParseResult
    from scout.task.readers import QueryText

Hit = tuple[str, tuple[int, int]]

# what joins a listed place to the one before it: "and", "y", or offered as either ("or",
# "o", "u", a comma)
_LISTED = re.compile(r"[ \t]*(?:(?P<either>,?[ \t]*(?:or|o|u|ou)[ \t]+|,[ \t]*)"
                     r"|[ \t]+(?:and|y|e|&)[ \t]+)")


def listed_after(free: str, original: str, span: tuple[int, int]) -> list[Hit]:
    """The places listed right after the name at ``span`` (``free``: the folded request
    with what other readers claimed blanked), in the order written."""
    listed = _listed(free, original, span)
    # a comma alone says where the first is ("en Chamberí, Madrid"): no list
    return [hit for hit, _ in listed] if any(j != "," for _, j in listed) else []


def offered_either(free: str, original: str, span: tuple[int, int]) -> bool:
    """The names listed after the one at ``span`` are offered as either ("Lisbon, Porto or
    Faro"): an "or" joins one. A comma alone says where the first is ("near Sants,
    Barcelona"), which :mod:`scout.task.route` reads as a neighbourhood and its city."""
    return any(j == "or" for _, j in _listed(free, original, span))


def _listed(free: str, original: str, span: tuple[int, int]) -> list[tuple[Hit, str]]:
    """Each place listed after the name at ``span``, and what joins it: "or", "and", ","."""
    from scout.task.place import name_at
    from scout.task.placecase import known_name

    capital = original[span[0]:span[1]].strip()[:1].isupper()
    end = span[1]
    out: list[tuple[Hit, str]] = []
    while (joined := _LISTED.match(free, end)) is not None:
        after = name_at(free, original, joined.end())
        if after is None or not (known_name(after[0]) or joined.group("either") and capital
                                 and original[joined.end()].isupper()):
            break
        word = joined.group(0).strip(" \t,")
        out.append((after, "," if not word else "or" if joined.group("either") else "and"))
        end = after[1][1]
    return out


def places_list(spec: InputSpec) -> bool:
    """``spec`` holds a list of places (``type: list``, ``items: place``)."""
    return spec.type == "list" and spec.items == "place" and not spec.enum


def read_places_list(read: Callable[[], Hit | None], text: QueryText
                     ) -> tuple[list[str], tuple[int, int]] | None:
    """An input of ``type: list``, ``items: place``: every name said ("ayudas en Galicia y
    Asturias", "in Lisbon, Porto or Faro"), in the order written, and the span from the
    first to the last; each is claimed. ``read``: the place reader's turn for the input."""
    hit = read()
    if hit is None:
        return None
    names = joined_names(text.original, hit)
    names += [n for o in listed_after(text.free, text.original, names[-1][1])
              for n in joined_names(text.original, o)]
    for _name, span in names:
        text.claim(span)
    return [n for n, _span in names], (names[0][1][0], names[-1][1][1])


def read_listed(read: Callable[[], Hit | None], text: QueryText, result: ParseResult,
                name: str, taken: Mapping[str, Hit], _: Callable[[str], str]) -> Hit | None:
    """The place input ``name``'s reading (``read``), the names listed after it claimed and
    noted: the input keeps the first. ``taken``: what the place inputs read as a route,
    looked at once ``read`` is done (it reads the route's two ends at once: "entre Madrid
    y Barcelona" lists no alternative, its second end is the other input's)."""
    hit = read()
    if hit is None:
        return None
    others = [o for o in listed_after(text.free, text.original, hit[1])
              if not any(o[1][0] < t[1][1] and t[1][0] < o[1][1] for t in taken.values())]
    for other in others:
        text.claim(other[1])
    if others:
        named = ", ".join(text.original[o[1][0]:o[1][1]].strip() for o in others)
        note(result, name, _("{name}: '{value}' was read; also named, and not read: {others} "
                             "(one place is searched at a time: ask again for each)").format(
            name=result.label(name), value=hit[0], others=named))
    elif len(joined_names(text.original, hit)) > 1:
        # "hoteles en Barcelona y Valencia": the input that holds a region keeps the two as
        # the one it makes ("England and Wales"), which the gazetteer cannot tell from two
        # cities; either way its sources are asked about both names at once, so say so
        note(result, name, _("{name}: '{value}' names more than one place, searched together "
                             "as one area; to search each on its own, ask for one at a "
                             "time").format(name=result.label(name), value=hit[0]))
    return hit
