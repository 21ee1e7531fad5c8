"""Which language a request is written in (en | es), and the folded text extractors read.

Detection is deterministic: each word that only one of the two languages uses as a
function word (articles, prepositions, conjunctions, the words of requests: "para",
"por", "menos", "hoteles" / "for", "under", "the", "hotels") scores a point for its
language; "¿", "¡" and "ñ" score for Spanish, and so does a Spanish adjective of food or
quality after its noun, agreeing with it ("sushi vegano", "tacos veganos": English puts
its adjectives first). Accents alone do not decide: English
requests name places such as "San Sebastián"; only in a tie does a word typed in lower
case with a Spanish accent (not a known place's) count ("champán francés", "tarifa móvil
EE. UU."), and then the spelling only one language writes (:func:`spelling`: "hipoteca
fija TIN <2,5", "flat 2 bed zone 2 <1800pcm"). A tie still (a bare place name, a number)
is English, the Task's default;
``--set lang=es`` overrides the detection.

:func:`fold` lower-cases and strips accents *one character for one character*, so a span
found in the folded text is the same span in the original.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from scout.lazyre import lazy_re
from scout.text import cut_middle, fold_aligned

Lang = Literal["en", "es"]
LANGS: tuple[Lang, ...] = ("en", "es")

# Words that are function words (or request words) in one language and rare in the other,
# and the Spanish words of the other kinds' requests (talks, events, cars, rentals,
# laptops: "charlas", "conciertos", "híbrido", "habitaciones", "pulgadas").
# Place-name particles ("de", "la", "san", "del") are left out: English requests name
# "Palma de Mallorca" and "San Sebastián".
_ES = frozenset("""
para por con sin menos mas entre hasta desde que quiero busco necesito donde cual cuales
los las unos unas una un el y o al en este esta estos estas proximo proxima proximos
semana semanas mes meses ano anos dia dias fin noche noches persona personas buenas buenos
buena bueno barato baratos barata baratas hoteles alojamiento restaurante restaurantes
vuelo vuelos apartamento apartamentos piso portatil ordenador oficina espacio alquiler cerca
precio presupuesto maximo minimo mejor mejores resenas opiniones valoracion valoraciones
puntuacion nota estrellas puntos criticas como muy bien algo dentro viene principios
mediados finales quincena verano invierno primavera otono euros dolares libras pesos
coronas comer cenar sitios sitio recomiendas mi nos
finde porfa gracias hola depto depa hospedaje lucas quincena puente largo barata
tipico tipica tipicos tipicas
sobre charla charlas conferencia conferencias tutoriales curso cursos principiantes
avanzado avanzados intermedio nivel minutos horas conciertos concierto exposicion
exposiciones entradas gratis gratuito gratuita gratuitos gratuitas ninos familias infantil
infantiles espectaculos planes coche coches kilometros hibrido electrico gasolina
automatico camara navegador enganche usado usados habitaciones dormitorios recamaras
amueblado amueblada mascotas perros metros cuadrados pulgadas pantalla memoria disco
almacenamiento ligero cocina
tren trenes autobus autobuses billete billetes viaje viajes trayecto trayectos ida vuelta
directo directos transbordo transbordos bici bicicleta
""".split())
_EN = frozenset("""
for with without under below above over less than more at least most the an and or of
to from in on near this next these within around about between find show need want
looking best cheap hotels rooms room restaurants restaurant flights flight laptop
laptops apartment apartments flat space spaces rental rated rating ratings
reviews review stars points score good great excellent week weeks month months year
years day days weekend night nights person people budget price early late
mid first last half where what which i we my our per or better higher is are
""".split())


def function_lang(word: str) -> Lang | None:
    """The one language whose function or request word the folded ``word`` is ("que":
    Spanish, "the": English), or None (both, neither)."""
    es, en = word in _ES, word in _EN
    return "es" if es and not en else "en" if en and not es else None


# one character for one character, so spans found in folded text are spans of the
# original (scout.text holds the one definition every layer shares)
fold = fold_aligned


@functools.lru_cache(maxsize=1)
def _calendar_words() -> tuple[frozenset[str], frozenset[str]]:
    """Month and weekday names (CLDR) that only one of the two languages writes."""
    from babel.dates import get_day_names, get_month_names

    names = {}
    for loc in LANGS:
        words = {fold(str(n)) for n in get_month_names("wide", locale=loc).values()}
        words |= {fold(str(n)) for n in get_day_names("wide", locale=loc).values()}
        # abbreviations too ("10-12 dic", "Dec 4-8"), but not those the other language
        # writes as well or as a word of its own ("ago": "two weeks ago"; "sept" / "sep")
        words |= {fold(str(n)).rstrip(".") for n in
                  get_month_names("abbreviated", locale=loc).values()} - _SHARED_ABBREVIATIONS
        names[loc] = words
    return frozenset(names["en"] - names["es"]), frozenset(names["es"] - names["en"])


_SHARED_ABBREVIATIONS = frozenset({"ago", "sept", "sep"})


# codes joined in capitals, a language pair ("EN>ES", "ES-EN", "EN/PT-BR"): "EN" is no
# Spanish "en", "DE" no "de"
_CODE_PAIR = lazy_re(r"(?<![\w-])[A-Z]{2,3}(?:-[A-Z]{2})?(?:\s*(?:>|→|->|=>|/|-)\s*[A-Z]{2,3}"
                     r"(?:-[A-Z]{2})?)+(?![\w-])")


def detect(text: str, default: Lang = "en",
           places: Callable[[list[str]], int] | None = None,
           describes: Callable[[str], bool] | None = None,
           vocabulary: Callable[[str], Lang | None] | None = None) -> Lang:
    """The language of ``text``: the one whose markers outscore the other's; ``default``
    when neither does (a bare place name, a tie). ``places``: how many of some folded words
    start a place name the caller knows (the gazetteer's ``known_place_words``), so a
    lower-case "de" inside one is no marker. ``describes``: whether a folded word is an
    adjective of how good or dear, or of a cuisine, that the caller knows (the subject
    reader's words), counted as Spanish after its noun in a Spanish form. ``vocabulary``:
    the language the kind's own words are written in (:mod:`scout.task.kindlang`), the
    last tiebreaker of a terse request ("folletos A4, 135 gr, mate")."""
    es = 2 * sum(text.count(c) for c in "¿¡") + 2 * len(re.findall(r"ñ", text, re.I))
    en = 0
    cal_en, cal_es = _calendar_words()
    for word in re.findall(r"[a-z]+", fold(_CODE_PAIR.sub(" ", text))):
        es += (word in _ES) + (word in cal_es)
        en += (word in _EN) + (word in cal_en)
    es += _de_outside_names(text, places) + len(_SPANISH_SUFFIX.findall(text)) \
        + _agreeing(text, describes)
    # the verb that asks, opening the request, is its frame: one who switches language
    # mid-sentence ("busco un hotel near the beach en Cancún for 3 nights") reads the
    # report in the frame's language, so it weighs as two more markers
    frame = _FRAME.match(text)
    if frame is not None:
        es, en = (es + 2, en) if frame.group("es") else (es, en + 2)
    if es == en and len(text.split()) > 1:  # a bare name is no request's language
        es += _accented(text, places)  # "champán francés", "tarifa móvil EE. UU."
    if es == en and len(text.split()) > 1:
        # a terse request of nouns, codes and signs ("hipoteca fija TIN <2,5", "flat 2 bed
        # zone 2 <1800pcm"): its words' spelling, which only one language writes
        es_spelt, en_spelt = spelling(text, places)
        es, en = es + es_spelt, en + en_spelt
    if es == en and vocabulary is not None and len(text.split()) > 1:
        # the kind's words in one language ("mate" the catalog's Spanish for "matte",
        # "paginas" an alias written "páginas"): what the request names, in whose words
        said = [vocabulary(w) for w in re.findall(r"[a-z]{3,}", fold(text))]
        es, en = es + said.count("es"), en + said.count("en")
    if es == en:
        return default
    return "es" if es > en else "en"


# a first-person verb of looking for, needing or wanting that opens a request
_FRAME = lazy_re(r"\s*(?:(?P<es>(?i:busco|buscamos|necesito|necesitamos|quiero|queremos|"
                 r"quisiera|quisi[eé]ramos|ocupo|ocupamos))|(?i:i\s+need|we\s+need|"
                 r"i\s+want|we\s+want|i'?m\s+looking|we'?re\s+looking|looking\s+for))\b")


# a noun typed in lower case with a suffix only Spanish writes ("introducción",
# "programación", "exposiciones"), or opening the request; capitalised amid it, it may
# be a place ("hotels in Asunción")
_SPANISH_SUFFIX = lazy_re(r"(?:^[A-ZÁÉÍÓÚÑ]|(?<!\w))[a-zñáéíóúü]+(?:ci|si)(?:ón|ones)(?!\w)")


# a Spanish adjective after its noun, agreeing with it ("sushi vegano", "tacos veganos",
# "brunch casero", "pizza italiana"): English puts its adjectives first ("vegan sushi"), so
# one typed after a word, in lower case, with a Spanish gender and number ending, marks
# Spanish even after an English loanword. Of diet and making (here), or how good or dear
# or which cuisine (the caller's ``describes``: the subject reader's words)
_AFTER_NOUN = lazy_re(r"(?<=[^\W\d_])[ \t]+([a-zñáéíóúü]+(?:o|a|os|as))(?![\w'’-])")
_DIET = lazy_re(r"(?:vegan|vegetarian|caser|artesan|ecologic|organic|fresc|ahumad|"
                r"frit|asad|integr)(?:o|a|os|as)")


def _agreeing(text: str, describes: Callable[[str], bool] | None) -> int:
    """How many Spanish adjectives of food or quality stand after a word of ``text``,
    agreeing with it ("sushi vegano", "tacos veganos", "ramen rico")."""
    count = 0
    for m in _AFTER_NOUN.finditer(text):
        word = fold(m.group(1))
        if word in _ES:
            continue  # counted already ("barato", "buena")
        count += bool(_DIET.fullmatch(word) or (describes is not None and describes(word)))
    return count


# a word typed in lower case with a Spanish accent not on its last letter ("francés",
# "champán", "móvil"; "café", "rosé" are English too)
_ACCENTED = lazy_re(r"(?<![\w])[a-zñü]*[áíóúé][a-zñáéíóúü]*[a-zñü](?![\w])")


def _accented(text: str, places: Callable[[list[str]], int] | None) -> int:
    """How many words of ``text`` Spanish accents mark, for a request with no function
    word of either language to decide ("champán francés", short requests full of
    loanwords): a word typed in lower case, not in a place ``places`` knows ("sóller" is
    the town in any language)."""
    return sum(1 for w in _ACCENTED.findall(text)
               if places is None or not places([fold(w)]))


# A word's spelling that only one of the languages writes, read for a terse request that
# names no function word of either. Spanish: an adjective's gendered ending ("fija",
# "usados", "eléctrica"), a noun's "-ción" typed without its accent ("-sion" is English
# too: "vision"), "-dad", "-eza", "-aje", "-mente". English: "-ing", "-tion", "-ness",
# "-ful", "-less", "-ght", "th", "sh", "ck", "w", a doubled "f" or "s", "ee" / "oo", a
# plural "-s" after a consonant ("panels", "beds": Spanish writes "-es"), or a last letter
# no Spanish word ends in ("flat", "deep", "cheap"). Words of four letters or more,
# letters only, typed in lower case (a capital may open a name), in no place the caller
# knows: abbreviations ("bcn", "pcm"), codes ("T4",
# "A100") and units ("kWh") say neither.
_ES_SPELT = lazy_re(r"[a-z]*(?:(?:ad|id|ic|iv|os|ij|xt)[oa]s?|cion|ciones|dad|"
                    r"dades|eza|ezas|aje|ajes|mente)")
_EN_SPELT = lazy_re(r"[a-z]*(?:ing|ings|tion|tions|ness|ful|less|ght|ghts|[^aeiouys]s|ys|"
                    r"[tpkgbmfhcwv])|[a-z]*(?:th|sh|ck|w|ff|ss|ee|oo)[a-z]*")
_SPELT_WORD = lazy_re(r"(?<![\w'’./-])[a-zñáéíóúü]{4,}(?![\w'’/-])")


def spelling(text: str, places: Callable[[list[str]], int] | None = None) -> tuple[int, int]:
    """How many words of ``text`` only Spanish spells so and how many only English does
    (see :data:`_ES_SPELT`): a terse request's language when it names no function word
    ("hipoteca fija", "deep clean office")."""
    es = en = 0
    for m in _SPELT_WORD.finditer(text):
        word = m.group(0)
        folded = fold(word)
        if places is not None and places([folded]):
            continue
        if _ES_SPELT.fullmatch(folded):
            es += 1
        elif _EN_SPELT.fullmatch(folded) and not _ACCENT.search(word) \
                and not _abbreviated(text, m):
            en += 1
    return es, en


# a letter English never writes ("págs", "núms"): no English spelling, whatever its end
_ACCENT = lazy_re(r"[ñáéíóúü]")
# a unit's or a count's abbreviation: a short plural with no vowel before its "s", after a
# number or closed by its dot ("48 pags", "3 hrs", "2 habs", "grs.", "uds."): Spanish and
# English both write them so
_ABBREVIATED = lazy_re(r"[a-z]{2,4}[^aeiouys]s")


def _abbreviated(text: str, m: re.Match[str]) -> bool:
    if not _ABBREVIATED.fullmatch(fold(m.group(0))):
        return False
    return text[m.end():m.end() + 1] == "." or bool(re.search(r"\d\s*$", text[:m.start()]))


# "de" / "del" and the words either side of it
_DE = lazy_re(r"(?:(?<=\s)|^)([^\W\d_]+\s+)?(de|del)\s+(\S)")


def _de_outside_names(text: str, places: Callable[[list[str]], int] | None) -> int:
    """How many "de" / "del" stand outside a name: inside one ("Palma de Mallorca",
    "Playa del Carmen", "rio de janeiro") it is no Spanish marker, but before a number
    ("crianza de 2019") or after a word in lower case in a request with capitals
    ("vinos naturales de Georgia") it is; typed all in lower case, it is unless it is in
    a place ``places`` knows ("ribera del duero crianza", but "palma de mallorca"), and
    with no ``places`` it is no marker."""
    cased = text != text.lower() and text != text.upper()
    folded = fold(text)  # one character for one, so a match's offsets hold in it
    count = 0
    for m in _DE.finditer(text):
        before, after = (m.group(1) or "").strip(), m.group(3)
        if after.isdigit():
            count += 1
        elif cased and before[:1].islower():
            count += 1
        elif not cased and before and places is not None:
            words = folded[m.start():m.start() + 120].split()  # a name's words at most
            count += not (places(words[:6]) or places(words[1:7]))
    return count


def coerce_lang(value: object) -> Lang:
    """``--set lang=es`` / mission ``inputs: {lang: es}``; raises ValueError otherwise."""
    s = str(value).strip().lower() if value is not None else ""
    aliases = {"en": "en", "english": "en", "inglés": "en", "ingles": "en",
               "es": "es", "spanish": "es", "español": "es", "espanol": "es", "castellano": "es"}
    if s in aliases:
        return aliases[s]  # type: ignore[return-value]
    # a value of thousands of characters quoted whole was past what a message localizes
    raise ValueError(f"'{cut_middle(str(value), 80)}' is not a language scout writes in; "
                     "use en or es")


# --- the language of an answer's prose --------------------------------------------------
# A model asked to answer in Spanish may answer in English (or the reverse). Running prose
# is read by its function words, written lower-case: capitalised words are names ("The
# Hoxton", "El Born", "La Boqueria"), and the particles of place names ("de", "del", "la",
# "las", "los", "el", "san") are left out, as are words both languages write ("a", "no",
# "me", "he", "son"). Hyphenated words do not count ("check-in", "en-suite").
_PROSE_ES = frozenset("""
que es son esta estan y con para por una un unos unas pero mas muy tambien tiene tienen
hay su sus se lo al entre sin desde sobre como cuesta cuestan segun este estos estas ese
esa donde cuando porque aunque ya otro otra otros otras puede pueden ser fue era nos
mientras sino cada todos todas ofrece ofrecen cerca precio precios noche habitaciones
mejor opcion en
""".split()) - {"son"}
_PROSE_EN = frozenset("""
the is are was were and of to with for from this that these those it its has have had
at by but not which also very more than can be an on in or while however their there
they them would could should will been being into about only each other most offers
near price prices night rooms best option per
""".split())
_TOKEN = lazy_re(r"(?<![\w-])[^\W\d_]+(?![\w-])")
#: quoted words are someone else's: a review quoted in English inside a Spanish answer
_QUOTED = lazy_re(r"\"[^\"\n]{0,400}\"|“[^”\n]{0,400}”|«[^»\n]{0,400}»|„[^“\n]{0,400}“"
                  r"|(?<!\w)'[^'\n]{0,400}'(?!\w)|‘[^’\n]{0,400}’(?!\w)|`[^`\n]{0,400}`")
#: fewer function words than this and an answer's language is not judged (a short answer)
MIN_PROSE_WORDS = 8
#: the share of the function words one language must hold for the prose to be in it
PROSE_SHARE = 0.8


def prose_words(text: str) -> tuple[int, int, int]:
    """``text``'s English function words, Spanish function words and lower-case words,
    outside quotes (names and a sentence's first word are not counted). English or
    Spanish prose is over a third function words; German, French, Italian or Portuguese
    prose a tenth or less of either's."""
    en = es = words = 0
    for word in _TOKEN.findall(_QUOTED.sub(" ", text)):
        if word != word.lower():
            continue  # a name, or a sentence's first word
        folded = fold(word)
        words += 1
        es += folded in _PROSE_ES
        en += folded in _PROSE_EN
    return en, es, words


def prose_lang(text: str) -> Lang | None:
    """The language ``text`` (an answer's prose) is written in, or None when that is not
    clear: fewer than :data:`MIN_PROSE_WORDS` function words outside quotes, or neither
    language holding :data:`PROSE_SHARE` of them (a mixed text)."""
    en, es, _words = prose_words(text)
    total = en + es
    if total < MIN_PROSE_WORDS:
        return None
    if es >= PROSE_SHARE * total:
        return "es"
    if en >= PROSE_SHARE * total:
        return "en"
    return None


def alias_in(aliases: Iterable[str], lang: str) -> str | None:
    """The first of an input's ``aliases`` written in ``lang``: one the detector gives to
    ``lang`` even when a tie would go to the other language ("desde" for Spanish, not
    "autonomía", which has no marker of either), or None."""
    other: Lang = "en" if lang == "es" else "es"
    return next((a for a in aliases if detect(a, default=other) == lang), None)


def word_for(name: str, aliases: Sequence[str], lang: str) -> str:
    """The word a request in ``lang`` names the input ``name`` by, as the parser reads it
    back (an example to write next to a value): an alias in ``lang`` (:func:`alias_in`);
    else, in English, the language a kind's identifiers are written in, an alias that is
    one of the name's words ("range" for ``min_range``, not "autonomía"), else the name's
    words; in Spanish, the first alias that is none of them ("peso" for ``max_weight``,
    not "weight"), else the first alias, else the name's words."""
    said = alias_in(aliases, lang)
    if said is not None:
        return said
    words = name.replace("_", " ")
    named = [a for a in aliases if a.lower() in words.lower().split()]
    if lang == "en":
        return next(iter(named), words)
    return next((a for a in aliases if a not in named), next(iter(aliases), words))
