"""The words the place reader (:mod:`scout.task.place`) works with, English and Spanish.

:mod:`scout.task.place` reads the name of the place a request is about ("Palma de
Mallorca", "New York City"); these are the words it reads around and inside such names,
folded (lower case, no accents): the cues a place follows ("in", "en", "cerca de"), the
particles and articles inside a name ("de", "las", "of"), the words that are never a name
or never its first word (request words, prices, times, what is searched for, feasts), the nouns
that head a geographic name ("playa", "costa"), and the common nouns that are no landmark
alone ("beach", "estación"). Readers that must skip places use :data:`STRONG_CUES` and
:data:`PARTICLES` through :mod:`scout.task.place`'s helpers or directly.
"""

from __future__ import annotations

import re
from typing import Any

# cues a place follows; "a" / "to" only for :func:`scout.task.place.find_place`
CUES_EN = ("in", "at", "near", "around", "to", "visiting", "visit", "inside", "close to",
           "centre of", "center of", "heart of")
# a landform's or a coast's noun, written before its name: "la sierra de Guadarrama",
# "the Costa del Sol", "el valle del Jerte", "the Isle of Skye" (folded)
LANDFORMS = frozenset("""sierra sierras costa valle vall isla islas lago monte montes picos
cordillera ria bahia golfo peninsula coast isle lake valley mount""".split())
CUES_ES = ("en", "cerca de", "a", "hacia", "hasta", "junto a", "por la zona de", "centro de")
SECONDARY = frozenset({"near", "around", "close to", "cerca de", "junto a", "por la zona de",
                       "to", "hasta"})
# the cues and nouns of a place inside a city, near which a name is a neighbourhood's or a
# landmark's, most of them unknown to the gazetteer ("cerca de Triana", "barrio de Gràcia")
WITHIN_CITY = frozenset({"near", "around", "close to", "cerca de", "junto a", "por la zona de",
                         "barrio", "barrio de", "neighbourhood", "neighborhood", "zona",
                         "zona de", "district", "distrito", "quarter", "colonia", "area"})
PARTICLES = frozenset({"de", "del", "la", "las", "los", "el", "le", "les", "di", "da", "do", "dos",
                       "das", "du", "of", "upon", "sur", "am", "an", "der", "den", "y", "on", "the"})
LEADING_ARTICLES = frozenset({"la", "las", "los", "el", "le", "les", "the"})
STOP = frozenset("""
for under below with during next from this on at near in and or less max up that which rated
cheaper around between without to by before after than over above within where who having
offering close not but is are the a an my our your their some any all best cheap good great
as such hacia each every cada uno
top hotel hotels restaurant restaurants flight flights apartment apartments room rooms
stay trip visit budget total advance cash person people general particular
stock mind time price rating reviews stars night nights week weeks month
hour hours minute minutes min mins hora horas minuto minutos
months year years day days weekend summer winter spring autumn fall eat food
para por con sin en entre hasta desde durante cerca que y o un una unos unas este esta estos
estas ese esa mi mis su sus nuestro hotel hoteles restaurante restaurantes vuelo vuelos barato
baratos barata baratas bueno buena buenas mejor mejores centro zona playa costa
montana pueblo total efectivo general particular precio menos mas noche noches semana semanas
mes meses ano anos anual anuales dia dias fin verano invierno primavera otono alquiler alojamiento pleno plena
casco interior linea venta oferta busca comer cenar dormir viaje vacaciones donde como cual
partir lo los las del al el la algo alguno alguna favor something anything
todo toda todos todas incluido incluida
lujo luxury negocios business diseno design carretera boutique encanto charme
porfa porfavor please pls plz gracias thanks thx fortnight finde quincena wknd
tonight today tomorrow hoy
dinner lunch breakfast brunch supper cena almuerzo desayuno comida
yearly annually annum
level nivel most least mucho maximo minimo sumo mil millon millones
pa pal xa asap
bien mal muy bastante tambien vale well very really quite pretty also ok okay
me us you here there nearby aqui alli ahi alla aca
go stay sleep travel fly eat drink book rent see get spend live work move come be have
ir viajar dormir visitar ver alojarse quedarse pasar volar alquilar reservar vivir trabajar
rentar arrendar
ramadan thanksgiving halloween navidad navidades christmas xmas nochebuena nochevieja
oktoberfest fiestas patrias sanfermines hanami sakura
team teams company companies office offices startup staff employer
equipo equipos empresa empresas oficina oficinas plantilla
escapada escapadas getaway getaways holiday holidays vacation vacations break breaks
honeymoon retreat retreats estancia estancias
""".split()) | frozenset(
    # a party's nouns: whom a request is for is never where ("seguro para un niño de 8 y 2
    # adultos": the child's noun, left free for its age, is no place "Niño")
    """adult adults adulto adulta adultos adultas persona personas pax
    kid kids child children boy boys girl girls baby babies toddler toddlers infant infants
    teen teens teenager teenagers nino nina ninos ninas hijo hija hijos hijas bebe bebes
    nene nena nenes nenas menor menores peque peques chaval chavala chavales""".split())
# the nouns of a trip or a stay itself ("viaje", "escapada", "getaway", "casa rural"): the
# word typed beside one with no cue says what kind it is, in Spanish after it ("viaje
# familiar", "escapada rural"), in English before it ("family trip", "city break"); see
# :func:`scout.task.notplace.trip_modifier`
TRIP_NOUNS = frozenset("""
viaje viajes escapada escapadas vacaciones estancia estancias casa casas finde
trip trips getaway getaways holiday holidays vacation vacations break breaks stay stays
honeymoon retreat retreats weekend
""".split())
# (and the words a subject follows: "ponencias sobre ética médica" names no place)
# a negation ends a name even typed in capitals for stress ("Barcelona NO en el centro")
# nouns a place's part is numbered by, its number after them a word of its name:
# "Heathrow Terminal 5", "Terminal 2 de El Prat", "Hall 4", "Pabellón 3", "Gate 12" (folded)
NUMBERED = frozenset("""terminal terminales gate gates puerta hall halls pabellon pavilion
pier muelle platform anden dock""".split())
NEGATIONS = frozenset({"no", "not", "sin", "without", "ni", "nor", "never", "nunca"})
NOT_FIRST = STOP | {"town", "city", "centre", "center", "downtown", "area", "old", "historic",
                    "about", "sobre", "acerca"}
LEADING = frozenset("""
find best top cheap show search i i'd i'm i'll we looking need want get list recommend please
we're we've we'd you're they're it's there's here's let's
who's what's where's how's when's why's which's
hotels hotel hola hi hello hey buenas saludos thanks gracias porfa
restaurants restaurant where what which me busco quiero necesito hoteles restaurantes vuelos
vuelo donde que cual mejores mejor encuentra recomienda recomiendame dame muestrame
depto depa dpto departamento hospedaje hostal hostel posada cabana cabanas apartamento piso
alojamiento airbnb apartment flat room habitacion
sitio sitios lugar lugares spot spots apetece antoja quisiera queremos buscamos craving
yo nosotros dime decime dinos wants needs he she they
kindly che oye oiga siri alexa google buscame conseguime recomendame mostrame
buscando estoy estamos searching actually currently actualmente
ideally preferably hopefully idealmente preferiblemente preferentemente whichever otherwise
""".split())
# compass points after a particle go on with a name ("punta del este", "ciudad del este")
POINTS = frozenset({"este", "oeste", "norte", "sur", "east", "west", "north", "south"})
# Geographic nouns that head a name ("playa del carmen", "costa del sol", "isla de
# margarita"): ordinary words in lower case ("en la playa"), so read as a name's first word
# only when a particle and a name word follow
NAME_HEADS = frozenset({"playa", "costa", "isla", "islas", "puerto", "cabo", "sierra", "lago",
                         "bahia", "punta", "valle", "monte", "isle", "lake", "cape", "port",
                         "mount", "bay", "coast"})
# "ramen de lyon", "best ramen of lyon", "tapas típicas de sevilla": after what another
# input claimed, the words that tie it to a place
OF = frozenset({"de", "del", "of", "from"})
# whom or what a request is for, typed with no cue: "cursos de R para investigadores",
# "yoga classes for pregnant women" name no place, unless the gazetteer knows the words
PURPOSE = frozenset({"para", "for", "pa"})
TYPICAL = frozenset({"tipico", "tipica", "tipicos", "tipicas", "typical"})
# "los mejores hoteles de sevilla", "best hotels of lisbon": what is searched for ties to
# the place with "de" / "of" as a claimed dish does; a price or quality word may sit between
# ("buenos" is left out: "empanadas buenos aires")
VENUE_WORDS = frozenset("""
hotel hotels hoteles hostal hostales hostel hostels motel motels moteles posada posadas
apartamento apartamentos piso pisos departamento departamentos depto deptos depa dpto
alojamiento alojamientos hospedaje hospedajes apartment apartments flat flats room rooms
habitacion habitaciones resort resorts restaurante restaurantes restaurant restaurants
""".split())
# a lodging's or an eatery's word before its own name ("Hotel Arts", "Restaurante Botín",
# "Parador de Granada"): the name is the establishment's, not a place (see place.py)
ESTABLISHMENTS = frozenset("""
hotel hostal hostel motel posada resort parador pension albergue inn lodge restaurante
restaurant bar cafe cafeteria taberna tasca bistro trattoria pizzeria
""".split())
BETWEEN = TYPICAL | frozenset("""
barato baratos barata baratas bueno buenas mejor mejores cheap cheapest best
good top nice
""".split())
# Common nouns a lower-case article goes with, not a name: "la ciudad de mexico" is
# Ciudad de Mexico ("La Coruña", "La Paz" keep theirs)
COMMON_HEADS = frozenset({"ciudad", "city"})
# Common nouns that are no landmark when named alone after "near the" / "cerca de la"
GENERIC = frozenset("""
beach station airport sea seafront waterfront river park port harbour harbor cathedral
museum square market university hospital stadium church castle bridge mall office hotel
estacion aeropuerto mar rio parque puerto catedral museo plaza mercado universidad
hospital estadio iglesia castillo puente oficina hotel
""".split())
# small words inside a hyphenated name: "Barrow-in-Furness", "Saint-Jean-de-Luz", "Aix-en-Provence"
LINKS = PARTICLES | {"in", "en", "im", "sous", "les", "lez", "sur"}

# "in / en / near / cerca de": cues that put a place after them in any request; "a" / "to"
# are left out ("pulpo a la gallega", "where to eat")
STRONG_CUES = ("in", "at", "near", "around", "inside", "close to", "centre of", "center of",
               "heart of", "en", "cerca de", "junto a", "por la zona de", "centro de")
# a degree's words: typed with capitals, the field after "Máster en" / "PhD in" is written as
# a title ("Máster en Ingeniería de Software"), no place's name
DEGREES = frozenset("""
master masters masteres phd phds doctorate doctorado grado grados degree degrees licenciatura
postgrado posgrado postgraduate diploma diplomado msc mres mphil mba bsc ba ma
""".split())
# what follows a verb or a question word that opens a request ("¿Hay| algún dentista",
# "Who's| a good physio", "Encuéntrame| un fisio", "Do| you know"): an article, a
# quantifier or a pronoun; a place name is followed by none of them
AFTER_ASKING = frozenset("""
a an the any some un una unos unas el la los las algun alguna algunos algunas
you u tu usted ustedes vosotros me us nos te
""".split())
# after a leading request word, an article before one of these is what is asked for, not
# a name's ("busco el mejor ramen de lyon", "quiero los mejores hoteles de sevilla")
ARTICLE_OF_WHAT = LEADING | STOP | VENUE_WORDS


# a place input named for a country ("country", "país", "origin"): every country has a
# name the gazetteer knows, so no unknown name is split off the subject for it
_COUNTRY_WORDS = frozenset({"country", "countries", "pais", "paises", "nation", "nacion",
                            "origin", "origen"})
# a wine's or a coffee's "origin" is its country; a trip's, beside its destination, the
# place it leaves from ("MAD", "JFK": an airport's code, no institution's initials)
_ROUTE_END_WORDS = frozenset({"origin", "origen"})


# the endings of an adjective as typed, Spanish and English ("pequeño", "espacioso",
# "creativo", "flexible", "friendly", "helpful", "spacious", "supportive", a plural
# participle: "etiquetadas", "actualizados"): typed in lower case with no cue, such a word
# describes what is asked ("cocinero, equipo pequeño", "friendly team", "plantas
# etiquetadas"), it names no place unless the gazetteer knows it ("italy")
_ADJECTIVE = re.compile(r"(?:eñ[oa]s?|doras?|os[oa]s?|iv[oa]s?|[ai]bles?|[ai]d[oa]s|ly|ful|ous|ive|less|ish)$")


def adjective_like(word: str) -> bool:
    """``word`` (as typed) ends as an adjective does."""
    return len(word) > 4 and _ADJECTIVE.search(word.lower()) is not None


_CITY_WORDS = frozenset({"city", "cities", "ciudad", "ciudades", "town", "towns", "localidad",
                         "municipio", "municipality", "poblacion"})


def names_cities(name: str, spec: object) -> bool:
    """The place input ``name`` (its aliases too) is a city's."""
    from scout.task.lang import fold

    said = [name, *getattr(spec, "aliases", [])]
    return any(w in _CITY_WORDS for n in said for w in re.split(r"[\W_]+", fold(n)))


def names_countries(name: str, spec: object, inputs: dict[str, Any] | None = None) -> bool:
    """The place input ``name`` (its aliases too) is a country's. With ``inputs`` (the
    kind's) holding another place input, ``origin`` / ``origen`` is a route's start, no
    country: a trip's origin is a city or an airport."""
    from scout.task.lang import fold

    words = _COUNTRY_WORDS
    if inputs is not None and sum(getattr(s, "type", None) == "place" for s in inputs.values()) > 1:
        words = words - _ROUTE_END_WORDS
    said = [name, *getattr(spec, "aliases", [])]
    return any(w in words for n in said for w in re.split(r"[\W_]+", fold(n)))


# what a stay or a rental is for, named before its own place: "para un congreso en Lisboa",
# "for a field campaign in Svalbard", "para la campaña de campo en Almería"
_OCCASIONS = (r"congress|conference|conferencia|congreso|meeting|reunion|workshop|taller|"
              r"seminar|seminario|symposium|simposio|jornadas|campaign|campana|fieldwork|"
              r"field\s+work|trabajo\s+de\s+campo|project|proyecto|estancia|visit|visita|"
              r"defen[cs]e|defensa|wedding|boda|course|curso|summer\s+school|escuela\s+de\s+verano")
_OCCASION_BEFORE = re.compile(
    r"\b(?:for|para|pa)\s+(?:(?:a|an|the|our|my|un|una|el|la|nuestro|nuestra|mi)\s+)?"
    r"(?:[a-z-]+\s+){0,2}(?:" + _OCCASIONS + r")(?:\s+(?:de\s+)?[a-z-]+){0,2}\s*$")


def occasion_cue(free: str, cue_start: int) -> bool:
    """Whether the cue at ``cue_start`` (folded text) names where an occasion is, not the
    request's place: "For a field campaign in Svalbard we need a hotel in Longyearbyen"
    stays in Longyearbyen. The occasion's place is still the place when no other is named
    (the readers keep it as a fallback)."""
    return _OCCASION_BEFORE.search(free, max(0, cue_start - 60), cue_start) is not None
