"""A landmark named before its city ("cerca del Hospital Clínic en Barcelona", "near the
Sagrada Familia in Barcelona", "junto a la estación de Atocha, Madrid"): which of the two
a lone place input holds.

The city's input (its name or an alias says a city, ``city``, ``ciudad``, or where one
travels to, ``destination``) holds the city, as it does for "tapas en Triana, Sevilla"
(:func:`scout.task.placeinput.read_place`). Any other place input (``place``,
``location``: "where to park") holds the landmark, with its city after "en" / "in" as
after a comma ("near King's Cross, London" → King's Cross): the landmark is the spot the
user means, and what a kind's ``mentions(task.place)`` looks for in a listing (every
listing of the city names the city; "Hospital Clínic, Barcelona" written whole, none).
A design choice: a landmark is a name after "near" / "cerca de" / "junto a", or a name
whose own first or last word is a landmark's noun ("entradas para el Museo del Prado en
Madrid", "tickets for the British Museum in London": the museum, as "near" would say it);
a name without either keeps the reading it had ("en Gràcia, Barcelona": the city's part).
"""

from __future__ import annotations

import re

from scout.spec.models import InputSpec
from scout.task import placewords as pw
from scout.task.readers import CLAIMED, QueryText

Hit = tuple[str, tuple[int, int]]

# an input's words for where one travels to, whose value is a town as a city's is
_TRAVEL_ENDS = frozenset({"destination", "destinations", "destino", "destinos"})

# how far from it, as a cue: "a 10 minutos andando del", "a 5 min de", "within 2 km of",
# "10 minutes' walk from", "walking distance to" (folded)
_FROM_IT = (r"(?:(?:a|within)\s+(?:unos\s+|menos\s+de\s+|about\s+)?)?\d+(?:[.,]\d+)?[\s-]*"
            r"(?:min(?:uto|ute)?s?|km|kms|kilometros|kilometres|kilometers|m|metros|metres|"
            r"meters|miles?)\.?['’]?(?:\s+(?:andando|caminando|a\s+pie|en\s+coche|walk|"
            r"walking|drive|on\s+foot))?\s+(?:de|of|from|to)"
            r"|walking\s+distance\s+(?:of|to|from)")
# the cue of a landmark, its article or "del" after it, up to the landmark (folded)
_NEAR = re.compile(r"(?<!\w)(?:" + "|".join(sorted(
    (re.escape(c).replace(r"\ ", r"\s+") for c in pw.SECONDARY if c not in ("to", "hasta")),
    key=len, reverse=True)) + r"|next\s+to|al\s+lado\s+de|a\s+pasos\s+de|" + _FROM_IT + ")"
    r"(?:l|\s+(?:the|el|la|los|las))?\s+"
    # the common noun the landmark's name goes with, left out of it: "la estación de Atocha",
    # "el congreso en IFEMA", "the conference at ExCeL", or two words of it before the name
    # ("del recinto ferial IFEMA")
    r"(?:[^\W\d_]+\s+(?:(?:de|del|of|en|in|at)\s+(?:the\s+)?|[^\W\d_]+\s+)?)?$")
# what stands between a landmark and its city: a comma, "in" / "en"
_BETWEEN = re.compile(r"[ \t]*,[ \t]*|[ \t]+(?:in|en)[ \t]+")
_BETWEEN_END = re.compile(r"(?:" + _BETWEEN.pattern + r")$")
# a landmark's own noun, first or last in its name ("Museo del Prado", "British Museum",
# "Torre de Belém"): the common nouns that are no landmark alone, and more sights; a
# lodging's or an eatery's word is no landmark ("Hotel Arts en Barcelona": the hotel's name)
_HEADS = (pw.GENERIC | frozenset("""
palace palacio tower torre gallery galeria theatre theater teatro zoo aquarium acuario
monastery monasterio abbey abadia basilica temple templo mosque mezquita fortress fortaleza
alcazar monument monumento opera garden gardens jardin jardines
""".split())) - pw.ESTABLISHMENTS - {"office", "oficina", "sea", "mar", "river", "rio"}


def with_city(text: QueryText, hit: Hit, lang: str, name: str, spec: InputSpec) -> Hit:
    """``hit`` (what the lone place input ``name`` read), or the landmark before that city,
    or the city after that landmark: see the module's docstring."""
    from scout.task.place import find_place
    from scout.task.placecase import known_name

    aliases, city_input = list(spec.aliases), _holds_city(name, spec)
    start, end = hit[1]
    before = _BETWEEN_END.search(text.free[:start])
    if before is not None and known_name(hit[0]):
        # "cerca del Hospital Clínic en Barcelona": the city read; a landmark before it?
        masked = text.free[:start] + CLAIMED * (end - start) + text.free[end:]
        mark = find_place(masked, text.original, lang, aliases)
        if mark is None or mark[1][1] != before.start() or not _landmark(text, mark):
            return hit
        return hit if city_input else mark
    after = _BETWEEN.match(text.free, _venue_tail(text.original, end))
    if after is None or "," not in after.group(0) or not _landmark(text, hit):
        return hit
    from scout.task.placename import is_cased, name_at

    city = name_at(text.free, text.original, after.end(), is_cased(text.original, text.free))
    if city is None or city[1][0] != after.end() or not _city(city[0]):
        return hit  # "junto a la estación de Atocha, Madrid": the city after the comma
    return city if city_input else hit


# the common noun typed in lower case after a venue's name, before its city ("the ExCeL
# centre, London", "the NEC arena, Birmingham"): part of the landmark
_VENUES = _HEADS | frozenset("""
centre center centro arena hall campus venue complex complejo recinto auditorium auditorio
pavilion pabellon terminal circuit circuito ground grounds showground showgrounds
""".split())
_TAIL = re.compile(r"(?:[ \t]+[^\W\d_]+){1,2}?(?=[ \t]*,)")


def _venue_tail(original: str, end: int) -> int:
    """Where a landmark's name ending at ``end`` ends with the venue's noun typed after it
    in lower case, before a comma ("ExCeL centre, London"), else ``end``."""
    from scout.task.lang import fold

    tail = _TAIL.match(original, end)
    if tail is None or not all(w[:1].islower() for w in tail.group(0).split()):
        return end
    return tail.end() if fold(tail.group(0)).split()[-1] in _VENUES else end


def _holds_city(name: str, spec: InputSpec) -> bool:
    """The input ``name`` holds a city: its name or an alias says a city ("city",
    "ciudad") or where one travels to ("destination", "destino": a trip's is a town)."""
    from scout.task.lang import fold
    from scout.task.placewords import names_cities

    said = [name, *spec.aliases]
    return names_cities(name, spec) or any(
        w in _TRAVEL_ENDS for n in said for w in re.split(r"[\W_]+", fold(n)))


def _landmark(text: QueryText, hit: Hit) -> bool:
    """``hit`` follows a landmark's cue ("near the", "cerca del", "junto a la") or a
    landmark's noun opens or ends it ("Museo del Prado", "British Museum"), and it is no
    place the gazetteer knows ("near Madrid" is the town). In a request typed with capitals,
    a landmark is a name written with its capital: "around the house", "cerca de la playa"
    typed in lower case beside "Leeds" are things, no landmark."""
    from scout.task.lang import fold
    from scout.task.placecase import known_name

    from scout.task.placename import is_cased

    typed = text.original[hit[1][0]:hit[1][1]].strip()
    if is_cased(text.original, text.free) and typed[:1].islower():
        return False  # "jobs around the house in Leeds": a thing typed in lower case, no name
    words = re.findall(r"[^\W\d_]+", fold(hit[0]))
    named = len(words) > 1 and (words[0] in _HEADS or words[-1] in _HEADS)
    return (named or _NEAR.search(text.free[:hit[1][0]]) is not None) and not known_name(hit[0])


def _city(name: str) -> bool:
    """``name`` is a place the gazetteer knows that is no country ("Madrid", not Spain)."""
    from scout.task.cldr import currencies
    from scout.task.lang import fold
    from scout.task.placecase import known_name

    return known_name(name) and fold(name) not in currencies().territory_names
