"""A city's country or first-level subdivision (a US state, a Canadian or Argentine
province, a Mexican state, a Spanish autonomous community) typed after the city's name
with no comma, as a voice dictates it ("austin texas", "rosario santa fe", "lima perú"):
it says where the city lies and is no word of its name, so the place reader ends the
name before it (:mod:`scout.task.placename`).

Countries' names come from CLDR (English and Spanish). CLDR has no names of
subdivisions (Babel ships none), so the ones of the countries this lab's requests name
most are listed here, in English and Spanish where they differ, folded.
"""

from __future__ import annotations

import functools

from scout.task import placewords as pw

_BY_COUNTRY = {
    "US": (
    "alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|"
    "georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|luisiana|maine|"
    "maryland|massachusetts|michigan|minnesota|mississippi|misisipi|missouri|misuri|"
    "montana|nebraska|nevada|new hampshire|nuevo hampshire|new jersey|nueva jersey|"
    "new mexico|nuevo mexico|new york state|north carolina|carolina del norte|"
    "north dakota|dakota del norte|ohio|oklahoma|oregon|pennsylvania|pensilvania|"
    "rhode island|south carolina|carolina del sur|south dakota|dakota del sur|tennessee|"
    "texas|utah|vermont|virginia|west virginia|virginia occidental|washington|wisconsin|"
    "wyoming"),
    "CA": (
    "ontario|quebec|british columbia|columbia britanica|alberta|manitoba|saskatchewan|"
    "nova scotia|nueva escocia|new brunswick|nuevo brunswick|newfoundland|terranova|"
    "prince edward island|isla del principe eduardo"),
    "MX": (
    "aguascalientes|baja california|baja california sur|campeche|chiapas|chihuahua|"
    "coahuila|colima|durango|guanajuato|guerrero|hidalgo|jalisco|michoacan|morelos|"
    "nayarit|nuevo leon|oaxaca|puebla|queretaro|quintana roo|san luis potosi|sinaloa|"
    "sonora|tabasco|tamaulipas|tlaxcala|veracruz|yucatan|zacatecas|estado de mexico"),
    "AR": (
    "provincia de buenos aires|buenos aires|catamarca|chaco|chubut|cordoba|corrientes|"
    "entre rios|formosa|jujuy|la pampa|la rioja|mendoza|misiones|neuquen|rio negro|salta|"
    "san juan|san luis|santa cruz|santa fe|santiago del estero|tierra del fuego|tucuman"),
    "ES": (  # Spain's autonomous communities
    "andalucia|andalusia|aragon|asturias|cantabria|castilla y leon|castilla-la mancha|"
    "castilla la mancha|cataluna|catalonia|catalunya|comunidad valenciana|extremadura|"
    "galicia|islas baleares|baleares|islas canarias|canarias|comunidad de madrid|murcia|"
    "navarra|pais vasco|euskadi"),
}
# the last word of a name that a country's or a state's name completes, so no city's:
# "Ciudad Bolívar", "Sierra Nevada", "Río Colorado", "Puerto Santa Cruz", "New Mexico"
_OPENERS = frozenset("""ciudad puerto port villa san santa santo saint st new nueva nuevo
rio river calle avenida plaza street estado state provincia province republica republic
distrito""".split()) | pw.LANDFORMS | pw.PARTICLES


@functools.lru_cache(maxsize=1)
def _subdivisions() -> frozenset[str]:
    return frozenset(_country_of())


@functools.lru_cache(maxsize=1)
def _country_of() -> dict[str, str]:
    return {n: code for code, names in _BY_COUNTRY.items() for n in names.split("|")}


def subdivision_country(name: str) -> str | None:
    """The country (its CLDR code) whose first-level subdivision the folded ``name`` is
    ("massachusetts" → "US", "jalisco" → "MX"), or None."""
    return _country_of().get(name)


def _countries() -> dict[str, str]:
    from scout.task.cldr import currencies

    return currencies().territory_names


def _region(name: str) -> bool:
    return name in _subdivisions() or name in _countries()


def known_region(name: str) -> bool:
    """``name`` (folded) is a country or a first-level subdivision CLDR names ("alaska",
    "andalucia"), which the gazetteer of cities may not list."""
    return _region(name)


def region_after(head: list[str], tail: list[str]) -> int:
    """How many words at the start of ``tail`` (folded words after a place name's words
    ``head``) name a country or a first-level subdivision that says where ``head`` lies
    ("austin" + "texas" → 1, "rosario" + "santa fe" → 2); 0 when none does, or when the
    words before complete that name ("west" + "virginia", "ciudad" + "bolivar")."""
    if not head or head[-1] in _OPENERS:
        return 0
    for n in range(min(len(tail), 4), 0, -1):
        said = " ".join(tail[:n])
        if not _region(said):
            continue
        # "new york state", "papua new guinea": the name runs back into the head
        if any(_region(" ".join(head[i:] + tail[:n])) for i in range(len(head))):
            return 0
        # a country after a city the gazetteer places in it ("lima perú", "cartagena
        # colombia"), not after another name ("Antigua Guatemala" is one town's name)
        return n if said in _subdivisions() or _lies_in(" ".join(head), _countries()[said]) else 0
    return 0


def _lies_in(city: str, country: str) -> bool:
    """The gazetteer places the folded ``city`` (or one of its namesakes) in ``country``."""
    from scout.task.gazetteer import money_territory
    from scout.task.namesakes import namesake_territories

    return money_territory(city) == country or country in namesake_territories(city)
