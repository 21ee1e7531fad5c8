"""The seas, oceans, archipelagos and regions of land a trip, a cruise, a tour or a hike is
named by, which CLDR has no territory for and the gazetteer of cities does not list: "the
Baltic", "Mediterráneo", "Patagonia", "Galápagos", "the Norwegian fjords" (a nationality's
landform: :mod:`scout.task.regionadjective`).

Read where a place reader must tell a region from an ordinary word at the same spot
("Baltic cruise" / "Family cruise", "Patagonia trek" / "Sunset trek"): the word typed
before the kind's own noun (:func:`scout.task.placepair.stray`) names where the thing is
when it is a region known here, CLDR or the subdivisions (:mod:`scout.task.subdivisions`).
Also the archipelagos CLDR names a time zone after in the oceans ("Pacific/Galapagos",
"Atlantic/Azores"), in English and Spanish. Folded, English and Spanish spellings; a name
of several words in full and by its distinctive word ("mar báltico" and "báltico").
"""

from __future__ import annotations

import functools

# seas and oceans, English and Spanish, with the adjective that names each alone ("a
# Baltic cruise", "crucero mediterráneo"); then regions of land and archipelagos
_NAMES = (
    "baltic|baltic sea|baltico|mar baltico|mediterranean|mediterranean sea|mediterraneo|"
    "mar mediterraneo|adriatic|adriatic sea|adriatico|mar adriatico|aegean|aegean sea|egeo|"
    "mar egeo|ionian|ionian sea|jonico|mar jonico|tyrrhenian|tirreno|mar tirreno|"
    "north sea|mar del norte|black sea|mar negro|red sea|mar rojo|caspian|caspio|"
    "arctic|artico|antarctic|antartico|antartida|atlantic|atlantico|pacific|pacifico|"
    "indian ocean|oceano indico|caribbean sea|mar caribe|sea of cortez|mar de cortes|"
    # regions of land and water CLDR has no territory for
    "patagonia|scandinavia|escandinavia|balkans|balcanes|lapland|laponia|amazon|amazonia|"
    "amazonas|andes|alps|alpes|dalmatia|dalmacia|fjords|fiordos|norwegian fjords|"
    "fiordos noruegos|greek islands|islas griegas|canary islands|canaries|islas canarias|"
    "balearic islands|galapagos|islas galapagos|galapagos islands|azores|madeira|"
    "faroe islands|islas feroe|inside passage|british isles|islas britanicas|"
    "riviera|french riviera|costa azul|amalfi coast|costa amalfitana|danube|danubio|"
    "rhine|nile|nilo|douro|duero|mekong|yangtze|seine"
)
# the oceans' time zones: their names are archipelagos' and islands' (not a country's)
_OCEANS = ("Pacific/", "Atlantic/", "Indian/")


@functools.lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    from babel import Locale
    from babel.core import get_global

    from scout.task.lang import fold

    names = set(_NAMES.split("|"))
    zones = [z for z in get_global("zone_territories") if z.startswith(_OCEANS)]
    for lang in ("en", "es"):
        local = Locale.parse(lang).time_zones
        names |= {fold(local[z]["city"]) for z in zones if "city" in local.get(z, {})}
    names |= {fold(z.rsplit("/", 1)[1].replace("_", " ")) for z in zones}
    # a time zone's name that is a time, not a place ("Pacific/Easter" is Easter Island)
    return frozenset(n for n in names if n not in {"easter", "wake", "midway"})


def natural_region(name: str) -> bool:
    """``name`` (folded) is a sea, an ocean, an archipelago or a region of land a trip is
    named by ("baltic", "mediterraneo", "patagonia", "galapagos"); a Spanish adjective's
    other forms too ("cruceros bálticos", "costa mediterránea")."""
    names = _names()
    if name in names:
        return True
    if " " in name or len(name) < 5:
        return False
    return name_form(name, name) is not None


def name_form(name: str, typed: str) -> str | None:
    """``typed`` (one word, as written; ``name`` its folded form) as the region's name
    when it is another form of a Spanish adjective the regions list ("bálticos" →
    "báltico", "mediterráneas" → "mediterráneo"); ``typed`` itself when the list names it;
    None when it is no region. The region is searched by its name, never the plural the
    sentence agreed it with."""
    names = _names()
    if name in names:
        return typed
    if " " in name or len(name) < 5 or len(typed) != len(name):
        return None
    # the plural, the feminine plural, the feminine: each as the masculine singular
    for ends, add in (("s", ""), ("as", "o"), ("a", "o")):
        cut = len(ends)
        if name.endswith(ends) and name[:-cut] + add in names:
            return typed[:-cut] + add
    return None
