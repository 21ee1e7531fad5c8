"""The city a neighbourhood named alone lies in, for a kind with a city's place input and
a neighbourhood's ("guardería en Chamberí": the city input holds Madrid, the area
Chamberí). The parser (:mod:`scout.task.parser`) calls :func:`city_of_neighbourhood` once
the place inputs are read, as it calls :func:`scout.task.institutioncity.city_of_institution`.

Only neighbourhoods people name without their city and whose name is no other city's
(Madrid's "Salamanca" is left out: such names are listed apart, read only beside
their city, :func:`named_like_a_city_in`), folded, by city, the city's Spanish and English
names where they differ ("Sevilla/Seville"), given in the request's language. A "*"
marks those that are also known places for the other readers (:data:`KNOWN_PLACES`, which
:mod:`scout.task.gazetteer` adds to its places): marking one changes what they read.
"""

from __future__ import annotations

from typing import Any

from scout.task.lang import fold

_BY_CITY = {
    "Madrid": "chamberi|*malasana|*lavapies|*chueca|la latina|arguelles|chamartin|tetuan|"
              "vallecas|carabanchel|usera|arganzuela|moncloa|hortaleza",
    "Barcelona": "gracia|*eixample|*poblenou|el born|el raval|raval|sants|sarria|sant gervasi|"
                 "barceloneta|poble sec|les corts|horta",
    "Sevilla/Seville": "*triana|nervion|la macarena|los remedios",
    "Valencia": "*ruzafa|*russafa|benimaclet|el cabanyal|cabanyal",
    "Granada": "*albaicin|*albayzin|realejo",
    "Lisboa/Lisbon": "*alfama|*chiado|*bairro alto|mouraria",
    "Roma/Rome": "*trastevere",
    "París/Paris": "*montmartre|le marais",
    "Berlín/Berlin": "*kreuzberg|prenzlauer berg|friedrichshain",
    "Londres/London": "*shoreditch|notting hill|brixton|hackney|camden",
    "Buenos Aires": "recoleta|san telmo|puerto madero|villa crespo|palermo soho|"
                    "palermo hollywood|colegiales|caballito|belgrano|almagro|chacarita",
    "Ciudad de México/Mexico City": "coyoacan|polanco|condesa|roma norte|roma sur|xochimilco|tlalpan",
    "Lima": "miraflores|barranco",
    "Santiago de Chile": "las condes|vitacura|lastarria|nunoa|providencia|bellavista",
    "Bogotá": "chapinero|usaquen",
    "Medellín": "el poblado",
    "Montevideo": "pocitos|carrasco",
}
_CITY: dict[str, str] = {
    name.lstrip("*"): city for city, names in _BY_CITY.items() for name in names.split("|")
}
# the neighbourhoods marked "*" above: known places for the other readers
# (:func:`scout.task.gazetteer.known_place_words`), one letter swap from a city elsewhere
# or sought for themselves ("physio in Triana" is no Tirana), but no city
KNOWN_PLACES: frozenset[str] = frozenset(
    name[1:] for names in _BY_CITY.values() for name in names.split("|") if name.startswith("*")
)

# neighbourhoods named like a city elsewhere ("Palermo" is also Sicily's, "Roma" Italy's,
# "Salamanca" a town of its own), by their city's folded names, short ones included: read
# as the neighbourhood only where their city is written beside them ("Palermo, Buenos
# Aires"), never alone (a lone "Palermo" stays the city it names)
_NAMED_LIKE_A_CITY: dict[str, str] = {
    "buenos aires|bs as|bsas|baires|caba": "palermo|belgrano",
    "ciudad de mexico|mexico city|cdmx|df|mexico df": "roma|juarez|del valle",
    "madrid": "salamanca|retiro",
}


def named_like_a_city_in(place: str, city: str) -> bool:
    """``place`` (as written) is a neighbourhood of ``city`` (as written) that is named like
    a city elsewhere ("Palermo" of Buenos Aires, "Roma" of CDMX)."""
    said = fold(city).strip()
    return any(said in cities.split("|") and fold(place).strip() in names.split("|")
               for cities, names in _NAMED_LIKE_A_CITY.items())


def city_of(place: str, lang: str = "es") -> str | None:
    """The city the neighbourhood ``place`` (as written) lies in, named in ``lang``, or None."""
    city = _CITY.get(fold(place).strip())
    if city is None:
        return None
    es, _, en = city.partition("/")
    return en if lang == "en" and en else es


def city_of_neighbourhood(values: dict[str, Any], spans: dict[str, str],
                          inputs: dict[str, Any], lang: str = "es") -> None:
    """Give a kind's city input the city of the neighbourhood a request named alone (in
    place), when the kind has two place inputs, one named for a city and one for a place
    within it: the city input's neighbourhood moves to the other input when that one is
    empty ("guardería en Chamberí"), and the other input's neighbourhood names the empty
    city input's city ("nursery near Triana")."""
    from scout.task.placewords import names_cities, names_countries

    places = [n for n, s in inputs.items() if getattr(s, "type", None) == "place"]
    cities = [n for n in places if names_cities(n, inputs[n])]
    if len(places) != 2 or len(cities) != 1:
        return
    city = cities[0]
    inner = next(n for n in places if n != city)
    if names_countries(inner, inputs[inner], inputs):
        return
    if values.get(inner) is None and isinstance(values.get(city), str):
        parent = city_of(values[city], lang)
        if parent is not None:
            values[inner], values[city] = values[city], parent
            if city in spans:  # the note says the city was read from the neighbourhood
                spans[inner] = spans[city]
    elif values.get(city) is None and isinstance(values.get(inner), str):
        parent = city_of(values[inner], lang)
        if parent is not None:
            values[city] = parent
            if inner in spans:
                spans[city] = spans[inner]


def own_city_after(place: str, after: str, lang: str = "es") -> tuple[str, int] | None:
    """The city of the neighbourhood ``place`` (as written) named at the start of ``after``
    (folded text after the comma) by any name this table gives it, its short names too
    ("palermo, bs as", "roma norte, cdmx", "salamanca, madrid"): the city as the table
    writes it in ``lang`` and how many characters of ``after`` name it; else None. The
    gazetteer knows no "bs as": the table is what says it is Buenos Aires."""
    import re

    said = fold(place).strip()
    names = [c for cities, hoods in _NAMED_LIKE_A_CITY.items() if said in hoods.split("|")
             for c in cities.split("|")]
    if said in _CITY:
        names += [fold(c) for c in _CITY[said].split("/")]
    names += [c for cities in _NAMED_LIKE_A_CITY if set(cities.split("|")) & set(names)
              for c in cities.split("|")]  # the city's short names: "bs as", "caba"
    for name in sorted(set(names), key=len, reverse=True):
        m = re.match(re.escape(name).replace(r"\ ", r"\s+") + r"(?!\w)", after)
        if m is not None:
            return _written(names, lang), m.end()
    return None


def _written(names: list[str], lang: str) -> str:
    """The city named by any of ``names`` (folded) as the table writes it in ``lang``."""
    for city in _BY_CITY:
        if {fold(c) for c in city.split("/")} & set(names):
            es, _, en = city.partition("/")
            return en if lang == "en" and en else es
    return names[0].title()
