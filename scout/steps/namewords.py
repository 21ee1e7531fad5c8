"""The words a candidate's name is told apart by, in both request languages: the
generic words of a kind's names ("hotel", "the"), the function words of a sentence and
the words a portal titles every listing with ("calle", "venta"), left out; and the key
candidates are merged and evidence joined by (:func:`name_key`)."""

from __future__ import annotations

import functools
import re

from scout.text import strip_accents

#: the nouns names of a kind's things are made with, in English ("Hotel Arts", "Arts
#: Hotel", "Bar Pinotxo"): said of any one of them, they tell none apart. Their Spanish
#: (scout's own catalog: "restaurant" → "restaurante") and plurals in both languages are
#: generic too (:func:`generic_words`)
_KIND_NOUNS = ("hotel", "restaurant", "spa", "resort", "boutique", "bar", "cafe")
#: the rest of a name's words that tell no thing apart: articles, a site's own words
_NAME_FILLER = frozenset({"the", "and", "by", "de", "la", "el", "le", "les", "del", "los",
                          "las", "y", "&", "a", "an", "of", "in", "at", "suites", "official",
                          "site", "website"})


def _plurals(noun: str) -> set[str]:
    """English's and Spanish's regular plurals of ``noun`` (hotels, hoteles; restaurantes)."""
    return {noun + "s"} | ({noun + "es"} if noun[-1] not in "aeiou" else set())


@functools.lru_cache(maxsize=1)
def generic_words() -> frozenset[str]:
    """The words a name is made with that tell no thing apart, folded: the kinds' nouns
    in English and in Spanish (:data:`_KIND_NOUNS`, read through scout's catalog, so a
    noun it translates needs no second list), each in the singular and the plural, and
    :data:`_NAME_FILLER`. Read once, when a name is first compared: importing costs no
    catalog."""
    from scout.i18n import translations

    spanish = translations("es")
    nouns = set(_KIND_NOUNS) | {strip_accents(spanish.gettext(n)).lower() for n in _KIND_NOUNS}
    return _NAME_FILLER | nouns | {p for n in nouns for p in _plurals(n)}

# Function words of both request languages (articles, prepositions, conjunctions): they
# never say which thing a name is about, so two listings titled "Piso en Usera" and
# "Piso en alquiler en Lavapiés" share one word ("piso"), not two. Kept out of generic_words()
# because that one also shapes candidate keys (name_key), which runs compare.
_FUNCTION = frozenset("""
a al an and at by con de del desde el en entre for from in into la las le les los near
o of on or para por sin sobre the to un una unos unas with without y
""".split())

# Words a listing's title names its street or its offer with, in both request languages
# (and the Catalan and Portuguese street names Spanish portals print): a portal titles
# every home "Piso en venta en calle de Galileo", "Flat for sale in Abbey Road", so two of
# them share "calle" / "road" and "venta" / "sale" and say nothing of which home a title
# names. Kept out of generic_words() for the reason _FUNCTION is.
_LISTING = frozenset("""
calle avenida avda plaza paseo carrer rua travesia callejon camino glorieta
street road avenue lane square boulevard
venta alquiler sale rent
""".split())

# The sections a site's menu names its pages with, in both request languages, folded
# ("Hotel Arts Rooms & Suites", "Casa Botín Reservas", "Hotel Arts Habitaciones"): said
# after a thing's name with a capital, they title one of its pages, not a variant of it
# (scout.steps.samething.variant_after). A word list, since no rule on the text tells them
# from a variant's word: "Hotel Arts Residences" and "Hotel Arts Apartments" are other
# things, "Hotel Arts Rooms" a page, and all are plural nouns with a capital. Kept out of
# generic_words() for the reason _FUNCTION is; the reviews and prices a page adds are
# scout.task.subjectwords.RATED.
SECTIONS = frozenset("""
about overview home contact contacts location locations directions map gallery photos
photo pictures images video videos rooms room amenities facilities services features
specs specifications accessories support downloads dining menu menus offers deals
packages promotions booking book reservations reservation tickets schedule programme
program lineup events meetings weddings news blog faq faqs policies terms careers info
information availability
inicio contacto ubicacion localizacion mapa galeria fotos foto imagenes videos
habitaciones habitacion instalaciones servicios caracteristicas especificaciones
accesorios soporte descargas carta menu ofertas oferta promociones paquetes reservas
reserva entradas horarios programa programacion eventos bodas noticias preguntas
politicas condiciones empleo informacion disponibilidad
""".split())


def name_key(name: str) -> str:
    """Normalised name used to merge candidates and join evidence: 'Hotel Arts' → 'arts'."""
    words = re.findall(r"[a-z0-9]+", strip_accents(name).lower())
    core = [w for w in words if w not in generic_words()]
    return "-".join(core or words)


def name_words(name: str) -> list[str]:
    """A name's distinguishing words: folded, generic words and short ones dropped."""
    return [w for w in re.findall(r"[a-z0-9]+", strip_accents(name).lower())
            if w not in generic_words() and w not in _FUNCTION and len(w) >= 3]


def _tokens(text: str) -> set[str]:
    """The words of ``text`` as :func:`name_words` splits a name: folded, whole words."""
    return set(re.findall(r"[a-z0-9]+", strip_accents(text).lower()))


def _said(word: str, tokens: set[str]) -> bool:
    """Whether ``word`` is one of ``tokens``, as a whole word or its plural ("apartment"
    in "apartments"): a substring is no mention ("ave", a train, is not in "travel";
    "arts" is not in "martes")."""
    return word in tokens or f"{word}s" in tokens or f"{word}es" in tokens


def _ordered_words(name: str) -> list[str]:
    """``name``'s words in order, without the generic, function and listing words."""
    return [w for w in re.findall(r"[a-z0-9]+", strip_accents(name).lower())
            if w not in generic_words() and w not in _FUNCTION and w not in _LISTING]


def _core_words(name: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", strip_accents(name).lower())
            if w not in generic_words() and w not in _FUNCTION and w not in _LISTING and len(w) >= 2}
