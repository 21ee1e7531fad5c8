"""Which country a place is in, for the currency words several countries share, and which
names are places at all.

For the currency rule (see :mod:`scout.task.cldr`), only what it needs: the cities people
travel to in countries whose currency *name* is shared ("dollars": US, Canada, Australia, New
Zealand, Hong Kong, Singapore…; "pesos": Mexico, Argentina, Chile, Colombia, Uruguay,
Cuba…; "crowns": Denmark, Sweden, Norway, Czechia, Iceland; "pounds", "francs",
"rupees"), in English and Spanish spellings, folded (lower case, no accents), with the
neighbourhoods people name alone ("Palermo Soho", "Coyoacán", "Miraflores") and the
countries' short names CLDR has but Babel leaves out ("UK", "USA", "EE. UU."). Country
names themselves come from CLDR, not from here. A place not listed falls back to the
country of a city CLDR names a time zone after ("dinars" in Amman are Jordan's), then to
the country named in the request, then to the default currency of the word (noted as
assumed: "10000 dinar" said nowhere is a guess the Task's notes name).

For readers that must never take a place for something else (the subject of a request:
:mod:`scout.task.subject`), :func:`known_place_words` knows these cities, every country CLDR
names, the cities CLDR's time zones are named after, and a list of travel destinations.
Where those names stand in a request's text is :mod:`scout.task.placespans`'s; a known
name typed with a slip of the fingers ("madird") is :mod:`scout.task.placetypos`'s.
"""

from __future__ import annotations

import functools
import re

from scout.task.neighbourhoods import KNOWN_PLACES as NEIGHBOURHOOD_PLACES

_BY_TERRITORY: dict[str, str] = {
    "US": "new york|nueva york|nyc|los angeles|san francisco|chicago|miami|boston|austin|"
          "seattle|las vegas|washington|orlando|honolulu|maui|hawaii|new orleans|nueva orleans|"
          "san diego|denver|philadelphia|filadelfia|atlanta|dallas|houston|portland|nashville|"
          # the country's own abbreviations (CLDR's short names, which Babel leaves out)
          "usa|u.s.a|u.s.a.|eeuu|ee.uu|ee.uu.|ee. uu|ee. uu.|ee uu|eua|"
          # neighbourhoods people name with or without their city
          "brooklyn|manhattan|queens|harlem",
    "CA": "toronto|vancouver|montreal|calgary|ottawa|quebec|whistler|banff|edmonton|victoria",
    "AU": "sydney|sidney|melbourne|brisbane|perth|adelaide|cairns|gold coast|canberra",
    "NZ": "auckland|wellington|queenstown|christchurch",
    "HK": "hong kong|kowloon",
    "SG": "singapore|singapur",
    "TW": "taipei|taipei city",
    "MX": "cancun|guadalajara|monterrey|tulum|oaxaca|playa del carmen|puerto vallarta|"
          "mexico city|ciudad de mexico|cdmx|merida|los cabos|cabo san lucas|acapulco|puebla|"
          "coyoacan|polanco|condesa|roma norte|roma sur|xochimilco|san angel|tlalpan|"
          "tijuana|queretaro|san miguel de allende|guanajuato|morelia|veracruz|chihuahua|"
          "hermosillo|mazatlan|huatulco|puerto escondido|san cristobal de las casas|"
          "bacalar|holbox|cozumel|isla mujeres",
    "AR": "buenos aires|caba|bsas|mendoza|bariloche|rosario|ushuaia|salta|"
          "palermo soho|palermo hollywood|palermo chico|palermo viejo|recoleta|san telmo|"
          "puerto madero|villa crespo|colegiales|caballito|belgrano|nunez|almagro|chacarita|"
          "mar del plata|la plata|tucuman|san miguel de tucuman|neuquen|el calafate|"
          "el chalten|puerto iguazu|san martin de los andes|villa la angostura|"
          "puerto madryn|bahia blanca|cafayate|san salvador de jujuy",
    "PE": "lima|cusco|cuzco|arequipa|trujillo|paracas|mancora|iquitos|miraflores|barranco",
    "CL": "santiago de chile|valparaiso|vina del mar|punta arenas|san pedro de atacama|"
          "las condes|vitacura|lastarria|nunoa|providencia|bellavista|temuco|concepcion|"
          "antofagasta|la serena|iquique|arica|puerto montt|puerto varas|pucon|rancagua|"
          "talca|chillan|valdivia|osorno|coquimbo|calama|copiapo|puerto natales",
    "CO": "bogota|medellin|cartagena de indias|cali|barranquilla|santa marta|chapinero|"
          "usaquen|el poblado|bucaramanga|pereira|manizales|cucuta|ibague|villavicencio|"
          "pasto|popayan|villa de leyva|leticia",
    "UY": "montevideo|punta del este|colonia del sacramento|pocitos|carrasco",
    "CU": "havana|la habana|varadero|trinidad",
    "DO": "santo domingo|punta cana",
    "PH": "manila|cebu|boracay",
    "DK": "copenhagen|copenhague|aarhus|odense",
    "SE": "stockholm|estocolmo|gothenburg|gotemburgo|malmo|uppsala",
    "NO": "oslo|bergen|tromso|trondheim|stavanger",
    "CZ": "prague|praga|brno|cesky krumlov|karlovy vary",
    "IS": "reykjavik|reikiavik",
    "GB": "uk|u.k|u.k.|london|londres|edinburgh|edimburgo|manchester|liverpool|glasgow|bristol|oxford|"
          "cambridge|bath|york|belfast|cardiff|brighton|leeds|birmingham|newcastle|sheffield|"
          "nottingham|leicester|southampton|aberdeen|inverness",
    "EG": "cairo|el cairo|luxor|alexandria|alejandria|sharm el sheikh|hurghada",
    "CH": "zurich|geneva|ginebra|basel|basilea|bern|berna|lausanne|lausana|lucerne|lucerna|"
          "zermatt|interlaken|lugano",
    "IN": "delhi|new delhi|nueva delhi|mumbai|bombay|goa|bangalore|jaipur|agra|kolkata|chennai",
    "PK": "karachi|lahore|islamabad",
    "LK": "colombo|kandy",
    "NP": "kathmandu|katmandu|pokhara",
    "AE": "uae|eau|dubai|abu dhabi",
    "MA": "marrakech|marrakesh|casablanca|fez|tangier|tanger",
    # countries whose currency is written with a one-letter sign ("R1 800" in Cape Town,
    # :func:`scout.task.currencyword.letter_sign`) or a sign of its own (₦)
    "ZA": "cape town|ciudad del cabo|durban|pretoria|stellenbosch|soweto|sandton",
    "NG": "abuja|victoria island|ikeja|port harcourt",
}

# the capitals (and largest cities) of the countries whose one time zone carries the
# country's name, not a city's ("Asia/Qatar", "America/Panama"): every other country's
# capital or largest city names a zone of its own and is known from CLDR (see
# :func:`_known_names`; tests/task/test_parse22_classes.py checks every such zone is here).
# Known places, and the currency's country ("500 riyals in Doha"), but for _ELSEWHERE
_CAPITALS: dict[str, str] = {
    "AD": "andorra la vella", "AI": "the valley", "AW": "oranjestad", "BB": "bridgetown",
    "BH": "manama", "BM": "hamilton", "BN": "bandar seri begawan",
    "BZ": "belmopan|belize city", "CR": "san jose", "CV": "praia", "DJ": "djibouti",
    "DM": "roseau", "FJ": "suva|nadi", "GD": "st georges|saint georges",
    "GG": "st peter port", "GI": "gibraltar", "GP": "pointe a pitre|basse terre",
    "GT": "guatemala city|ciudad de guatemala", "GU": "hagatna", "GY": "georgetown",
    "IM": "douglas", "JE": "st helier|saint helier", "JM": "kingston|montego bay",
    "KW": "kuwait city|ciudad de kuwait", "LU": "luxembourg|luxemburgo",
    "MC": "monaco|monte carlo|montecarlo", "MQ": "fort de france", "MS": "brades",
    "MT": "valletta|la valeta", "MU": "port louis", "MV": "male", "NR": "yaren",
    "NU": "alofi", "PA": "panama city|ciudad de panama", "PR": "san juan",
    "PW": "ngerulmud|koror", "QA": "doha", "SG": "singapore", "SM": "san marino",
    "SV": "san salvador", "YT": "mamoudzou",
}
# capitals above that are also ordinary words or names ("male", "douglas", "the
# valley"), or other countries' cities ("san jose", "kingston"): neither known by name
# nor the currency's country
_ELSEWHERE = frozenset({"male", "douglas", "the valley", "hamilton", "san jose", "san juan",
                        "kingston", "georgetown"})
CITY_TERRITORY: dict[str, str] = {
    city: terr for terr, cities in [*_BY_TERRITORY.items(), *_CAPITALS.items()]
    for city in cities.split("|") if city not in _ELSEWHERE
}


# a neighbourhood named like a city elsewhere whose country writes none of the shared
# currency words: such a word there is the neighbourhood's country's ("cena en Palermo,
# 5000 pesos" pays in Buenos Aires, since Sicily's Palermo pays in euros). For the
# currency only: the place itself stays unplaced (:func:`territory_of` leaves these out)
_BY_TERRITORY_FOR_MONEY: dict[str, str] = {"AR": "palermo"}
MONEY_TERRITORY: dict[str, str] = {
    place: terr for terr, places in _BY_TERRITORY_FOR_MONEY.items() for place in places.split("|")
}


def _more_territory() -> dict[str, str]:
    """The places of :data:`MORE_PLACES` whose country is listed (Spain's), but those a
    namesake elsewhere shares (Córdoba, Valencia, León: :mod:`scout.task.namesakes` says
    whose they are by the currency the request names)."""
    from scout.task.namesakes import namesake_territories

    return {place: terr for terr, places in (("ES", _SPAIN),) for place in places.split("|")
            if len(namesake_territories(place)) < 2}


@functools.lru_cache(maxsize=1)
def _more_territory_cached() -> dict[str, str]:
    return _more_territory()


def place_territory(phrase_folded: str) -> str | None:
    """The country of a folded place name the gazetteer knows by its exact name: a city of
    the currency lists (:data:`CITY_TERRITORY`), else one of the places known by name whose
    country is listed ("bilbao", "sevilla": Spain), so an amount with no currency there is
    noted as most likely the country's."""
    return CITY_TERRITORY.get(phrase_folded) or _more_territory_cached().get(phrase_folded)


def territory_of(place_folded: str) -> str | None:
    """The country code of a folded place name ("new york city" → US), if known; an
    abbreviation written in parts ("bs. as.", "Bs As") as its one word ("bsas")."""
    words = place_folded.split()
    for n in range(len(words), 0, -1):  # the longest known prefix: "new york city" → "new york"
        hit = CITY_TERRITORY.get(" ".join(words[:n]))
        if hit:
            return hit
    if _PARTS.fullmatch(place_folded):
        return CITY_TERRITORY.get(re.sub(r"[.\s]", "", place_folded))
    return None


# initials and short syllables with dots or spaces between: "bs. as.", "bs as", "ee. uu."
_PARTS = re.compile(r"[^\W\d_]{1,3}\.?(?:\s*[^\W\d_]{1,3}\.?)+")


# ---------------------------------------------------------------- places known by name
# Readers that must never take a place for something else (the `subject` of a request:
# "madrid sushi barato" is about sushi, a bare "Palma de Mallorca" about no dish) ask
# :func:`known_place_words`. Its names: the cities above, every country CLDR names (English
# and Spanish), the cities CLDR's time zones are named after (Madrid, Lima, Buenos Aires,
# Tokyo...; their English and Spanish names), and the list below: cities and islands people
# travel to that have no time zone of their own (Spain's provincial capitals and islands,
# Europe's most visited cities, Latin America's large ones, neighbourhoods named alone).
# All folded.
# Spain: provincial capitals, large towns, islands, regions (also the currency's country,
# :data:`_MORE_TERRITORY`)
_SPAIN = (
    "a coruna|la coruna|coruna|albacete|alicante|almeria|avila|badajoz|barcelona|bcn|bilbao|"
    "burgos|caceres|cadiz|castellon|ciudad real|cordoba|cuenca|girona|gerona|granada|"
    "guadalajara|huelva|huesca|jaen|leon|lleida|lerida|logrono|lugo|malaga|murcia|ourense|"
    "orense|oviedo|palencia|palma|palma de mallorca|pamplona|pontevedra|salamanca|"
    "san sebastian|donostia|santander|segovia|sevilla|seville|soria|tarragona|teruel|"
    "toledo|valencia|valladolid|vitoria|zamora|zaragoza|gijon|vigo|santiago de compostela|"
    "marbella|benidorm|ibiza|mallorca|majorca|menorca|minorca|tenerife|gran canaria|"
    "lanzarote|fuerteventura|las palmas|cartagena|asturias|galicia|andalucia|andalusia|"
    "cataluna|catalonia|pais vasco|navarra|cantabria|extremadura"
)
MORE_PLACES = (
    _SPAIN + "|"
    # Europe
    "lyon|marseille|marsella|toulouse|strasbourg|estrasburgo|milan|milano|naples|napoles|"
    "napoli|florence|florencia|firenze|venice|venecia|venezia|turin|genoa|genova|palermo|"
    "porto|oporto|munich|munchen|hamburg|hamburgo|cologne|koln|krakow|cracovia|seville|"
    "antwerp|amberes|bruges|brujas|rotterdam|salzburg|salzburgo|nuremberg|dubrovnik|"
    "santorini|mykonos|crete|creta|sicily|sicilia|sardinia|cerdena|corsica|corcega|"
    "provence|provenza|tuscany|toscana|algarve|"
    # the United Kingdom's nations, which CLDR names no country ("gales" alone is also
    # English's plural of "gale")
    "england|inglaterra|scotland|escocia|wales|pais de gales|northern ireland|"
    "irlanda del norte|"
    # the Americas and elsewhere
    "puebla|oaxaca|tulum|cusco|cuzco|arequipa|quito|medellin|cali|cartagena de indias|"
    "valparaiso|rosario|cordoba|rio|rio de janeiro|salvador de bahia|florianopolis|"
    "brooklyn|manhattan|queens|kyoto|osaka|hanoi|saigon|ho chi minh|bali|phuket|"
    "shanghai|beijing|pekin|mumbai|marrakech|istanbul|estambul|cape town|ciudad del cabo|"
    # islands named after a feast (Easter's has the Pacific's time zone, left out above)
    "easter island|isla de pascua|rapa nui|"
)
MORE_PLACES += "|".join(n for names in _CAPITALS.values() for n in names.split("|")
                         if n not in _ELSEWHERE) + "|"
# neighbourhoods people name alone that are known places, but no city: those
# scout.task.neighbourhoods marks (its one list of neighbourhoods by city)
MORE_PLACES += "|".join(sorted(NEIGHBOURHOOD_PLACES))


def neighbourhood(place_folded: str) -> bool:
    """``place_folded`` is a neighbourhood known as a place ("triana", "malasana"), no city."""
    return place_folded in NEIGHBOURHOOD_PLACES
# names that are also ordinary words people type ("center", "resolute", "oral"), things
# they eat and drink ("cayenne", "malta", Spanish "chile"), or a cuisine's adjective in
# Spanish ("comida china", "comida india"); after a cue the place reader still reads them
_NOT_PLACES = frozenset({"center", "resolute", "oral", "cayenne", "malta", "nome", "knox",
                         "chile", "china", "india"})
_TZ_REGIONS = ("Europe/", "America/", "Asia/", "Africa/", "Australia/")


@functools.lru_cache(maxsize=1)
def _known_names() -> frozenset[str]:
    from babel import Locale
    from babel.core import get_global

    from scout.task.cldr import currencies
    from scout.task.lang import fold

    names = set(CITY_TERRITORY) | set(currencies().territory_names) | set(MORE_PLACES.split("|"))
    names |= _regions()
    zones = [z for z in get_global("zone_territories") if z.startswith(_TZ_REGIONS)]
    names |= {fold(z.rsplit("/", 1)[1].replace("_", " ")) for z in zones}
    for lang in ("en", "es"):
        local = Locale.parse(lang).time_zones
        names |= {fold(local[z]["city"]) for z in zones if "city" in local.get(z, {})}
    return frozenset(n for n in names if n and n not in _NOT_PLACES)


def _regions() -> set[str]:
    """The regions above a country that CLDR names ("Europe", "Latinoamérica", "África
    occidental", "European Union"), in English and Spanish: a place a request's scope may
    be ("convocatorias en Latinoamérica", "Europe-wide"). Not CLDR's "world" (001): a
    request for the whole world names no place. (The EU's initials are no word of a place
    here: "regulación de la UE" is a topic, "EU roaming" a feature;
    :mod:`scout.task.scope` reads them where they are a scope.)"""
    from babel import Locale

    from scout.task.lang import fold

    names = {fold(name) for lang in ("en", "es") for code, name in Locale.parse(lang).territories.items()
             if (code.isdigit() and code != "001") or code == "EU"}
    return names


def known_names() -> frozenset[str]:
    """Every place name the gazetteer knows, folded (cities, countries, regions)."""
    return _known_names()


@functools.lru_cache(maxsize=1)
def _region_names() -> frozenset[str]:
    return frozenset(_regions())


def is_region(place_folded: str) -> bool:
    """``place_folded`` is a region above a country CLDR names ("caribe", "europe")."""
    return place_folded in _region_names()


@functools.lru_cache(maxsize=1)
def _zone_territories() -> dict[str, str]:
    from babel import Locale
    from babel.core import get_global

    from scout.task.lang import fold

    out: dict[str, str] = {}
    for zone, terr in get_global("zone_territories").items():
        if not zone.startswith(_TZ_REGIONS) or len(terr) != 2:
            continue
        out.setdefault(fold(zone.rsplit("/", 1)[1].replace("_", " ")), terr)
        for lang in ("en", "es"):
            city = Locale.parse(lang).time_zones.get(zone, {}).get("city")
            if city:
                out.setdefault(fold(city), terr)
    return out


def money_territory(place_folded: str) -> str | None:
    """The country whose currency a shared currency word ("dinars", "pesos") is in at the
    place the request names (folded): a city listed here, a neighbourhood named like a city
    elsewhere (:data:`MONEY_TERRITORY`), else a city CLDR names a time zone after (Amman,
    Tunis, Belgrade, Kuwait...: every country's capital or largest city)."""
    return territory_of(place_folded) or MONEY_TERRITORY.get(place_folded) \
        or _zone_territories().get(place_folded) or _more_territory_cached().get(place_folded)


def country_as_typed(typed: str) -> bool:
    """``typed`` is a country whose name is also what people eat or say ("Chile", "China",
    "India", "Malta"), written with its capital: the country."""
    from scout.task.cldr import currencies
    from scout.task.lang import fold

    word = fold(typed)
    return typed[:1].isupper() and word in _NOT_PLACES and word in currencies().territory_names


def known_place_words(words: list[str]) -> int:
    """How many of ``words`` (folded, in order), from the first, make the longest place
    name the gazetteer knows ("buenos aires barato" → 2); 0 when they start none."""
    known = _known_names()
    for n in range(min(len(words), 5), 0, -1):
        if " ".join(words[:n]) in known:
            return n
    return 0
