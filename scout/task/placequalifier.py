"""A place's country or state written after it, in brackets or after a comma: "Guadalajara
(México)", "San José, Costa Rica", "Cambridge (Massachusetts)".

The user wrote where the city lies, so that country decides what the city's name means:
its currency (:func:`scout.task.readers.query_territories` takes the country written, not
the other countries holding a city of that name: Guadalajara in Spain pays in euros), and
the place a kind's sources are asked about. A lone place input, or each end of a route
where no place input of the kind reads countries, keeps the country or state in its value ("Cambridge, Massachusetts", "Paris, Texas", "Springfield, Illinois") where
the bare name alone would be read as another place: the gazetteer places it in another
country, or knows no city of the name at all. Where the gazetteer already reads the bare
name in the country written, or counts it among the countries holding the name
("Córdoba, Argentina", "Santiago, Chile", "San José, Costa Rica"), the value is the city
as before (the request corpora label these so: blind5, blind9, blind12…) and the
country, said, is claimed, so no other input reads it; the currency is the country's
either way. A name said alone ("hoteles en Guadalajara")
keeps today's reading.

Why only a country CLDR names or a first-level subdivision :mod:`scout.task.subdivisions`
lists: any other name after a comma is a list ("Lisbon, Porto or Faro") or the city of a
neighbourhood ("Triana, Sevilla"), which :mod:`scout.task.placelist` and
:func:`scout.task.placeinput._city_after_comma` read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scout.task.readers import QueryText

Hit = tuple[str, tuple[int, int]]

# "(México)", ", Costa Rica": up to four words, then no other letter of the same name
_BRACKETED = re.compile(r"[ \t]*\([ \t]*(?P<name>[^\W\d_]+(?:[ \t.'-]+[^\W\d_]+){0,3})[ \t]*\)")
_COMMA = re.compile(r"[ \t]*,[ \t]*(?P<name>[^\W\d_]+(?:[ \t.'-]+[^\W\d_]+){0,3})")


def _country_of(name: str) -> str | None:
    """The country (CLDR code) the folded ``name`` is, or whose state or province it is."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import money_territory
    from scout.task.subdivisions import subdivision_country

    country = currencies().territory_names.get(name)
    if country is not None:
        return country
    # a state that is also a city the gazetteer knows is that city after a neighbourhood
    # ("Palermo, Buenos Aires": :func:`scout.task.placeinput._city_after_comma`)
    return None if money_territory(name) is not None else subdivision_country(name)


def qualifier_after(original: str, end: int) -> tuple[str, str, tuple[int, int]] | None:
    """The country or state written right after a place name ending at ``end`` of
    ``original`` → (its country's code, the name as typed, the span of what says it:
    brackets or comma included), or None."""
    from scout.task.lang import fold

    bracketed = _BRACKETED.match(original, end)
    if bracketed is not None:
        typed = bracketed.group("name").strip()
        code = _country_of(fold(typed))
        return (code, typed, (end, bracketed.end())) if code else None
    comma = _COMMA.match(original, end)
    if comma is None:
        return None
    # the longest run of its words that names one: "Costa Rica", "Buenos Aires, Argentina"
    words = list(re.finditer(r"[^\W\d_]+", comma.group("name")))
    for n in range(len(words), 0, -1):
        stop = comma.start("name") + words[n - 1].end()
        typed = original[comma.start("name"):stop]
        code = _country_of(fold(typed))
        if code:
            return code, typed, (end, stop)
    return None


def written_country(original: str, hit: Hit) -> str | None:
    """The country written after the place ``hit`` (a state's own country), or None."""
    said = qualifier_after(original, hit[1][1])
    return said[0] if said else None


def _elsewhere(city: str, code: str) -> bool:
    """The bare folded ``city`` would be read in a country other than ``code``: the
    gazetteer places it in another, or in several and in none by default."""
    from scout.task.gazetteer import money_territory
    from scout.task.namesakes import namesake_territories

    home = money_territory(city)
    if home is not None:
        return home != code
    # several countries hold the name, the one written among them: the city as before
    # ("San José, Costa Rica" is labelled "San José" in the corpora); a name it places
    # nowhere ("Springfield, Illinois") is found by its state
    return code not in namesake_territories(city)


def qualified(text: QueryText, hit: Hit) -> Hit:
    """``hit`` (a lone place input's reading, or a route's end) with the country or state written after it,
    by the rule above; what says it is claimed either way."""
    from scout.task.lang import fold

    said = qualifier_after(text.original, hit[1][1])
    if said is None or fold(hit[0]) in _countries():
        return hit  # "Mexico, Jalisco" is no city of a country
    code, typed, span = said
    text.claim(span)
    if not _elsewhere(fold(hit[0]), code):
        return hit
    return f"{hit[0]}, {typed}", (hit[1][0], span[1])


def claim_qualifier(text: QueryText, lang: str) -> None:
    """Claim the country or state written after the request's place, before any input
    reads: it says where the place is, no dish's or theme's word ("restaurantes en
    Cambridge (Massachusetts)")."""
    from scout.task.place import find_place

    if "(" not in text.original and "," not in text.original:
        return  # a qualifier is bracketed or after a comma: no second search for the place
    hit = find_place(text.free, text.original, lang, [])
    said = qualifier_after(text.original, hit[1][1]) if hit is not None else None
    if said is not None:
        text.claim(said[2])


def _countries() -> dict[str, str]:
    from scout.task.cldr import currencies

    return currencies().territory_names
