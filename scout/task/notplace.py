"""Words the place reader (:mod:`scout.task.place`) passes over as no place: the verb or
question word that opens a request ("¿Hay algún dentista ...?", "Who's a good physio"), a
lower-case word after a subject typed with capitals ("Senior Product Manager, fintech"),
and the field after "research in" / "máster en" ("máster en ciencia de datos"; typed as a
title after a degree's word: "Máster en Ingeniería de Software"), and a plural noun opening
a request that a later adjective agrees with ("datos meteorológicos diarios"), and a name
typed in lower case that holds a common noun's word ("servicios de limpieza", "expediente
académico", "contrato del alemán"). The subject reader
(:mod:`scout.task.subjectmarks`) reads the same fields as its topic.
"""

from __future__ import annotations

import re

from scout.task import placewords as pw
from scout.task import subjectwords as sw
from scout.task.lang import fold
from scout.task.placecase import known_name
from scout.task.placename import WORD, next_word, title_case


def capitals_claimed(original: str, free: str) -> bool:
    """Text another reader claimed holds a word its writer capitalised, not as a sentence's
    first word nor as a code ("Senior Product Manager, fintech": the role's "Product",
    "Manager"; not "USD"): the request is typed with capitals, only they were claimed, so
    a name left unclaimed in lower case with no cue is none unless the gazetteer knows it
    ("Ramen barcelona" still names Barcelona). A headline's capitals say nothing: every
    word has one (:func:`placename.title_case`)."""
    if title_case(original):
        return False
    for m in WORD.finditer(original):
        w = m.group(0)
        if free[m.start()] == "\x00" and w[0].isupper() and any(c.islower() for c in w[1:]) \
                and _mark_before(original, m.start()) not in _OPENERS:
            return True
    return False


# what stands before a sentence's first word: the text's start, its end mark, "¿" / "¡"
_OPENERS = ("", ".", "!", "?", "¿", "¡")


def _mark_before(text: str, pos: int) -> str:
    """The last character before ``pos`` that is not whitespace, "" at the text's start.
    Read backwards from ``pos``: slicing and stripping all the text before each word a
    reader asks about was quadratic on a long request."""
    i = pos
    while i > 0 and text[i - 1].isspace():
        i -= 1
    return text[i - 1] if i else ""


def asking(original: str, word: re.Match[str]) -> bool:
    """``word`` opens the request or a sentence of it and asks: the verb or question word
    of "¿Hay algún dentista ...?", "¿Conoces algún fisio?", "Who's a good physio",
    "Encuéntrame un fisio". It stands right after "¿", or an article, a quantifier or a
    pronoun follows it (:data:`placewords.AFTER_ASKING`), as none follows a place's name;
    a name the gazetteer knows is still one ("Madrid, ¿algún dentista?")."""
    before = _mark_before(original, word.start())
    if before not in _OPENERS:
        return False
    nxt = next_word(original, word.end())
    return (before == "¿" or nxt in pw.AFTER_ASKING) and not known_name(word.group(0))


def word_before(text: str, pos: int) -> str:
    r"""The letters (``[^\W\d_]+``) that end ``text[:pos]``, whitespace after them left
    out; "" when none. Read backwards from ``pos``: a regex search over everything before
    it, asked at each cue, was quadratic (and backtracked over a long run of letters)."""
    end = pos
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and text[start - 1].isalnum() and not text[start - 1].isdecimal():
        start -= 1
    return text[start:end]


def field_words(name: str) -> bool:
    """``name`` is only words that name a field or a course of study, with an article
    ("La Investigación", "Máster"): what kind of thing is asked for, no place."""
    words = [fold(w) for w in WORD.findall(name)]
    return any(w in sw.FIELD_HEADS for w in words) \
        and all(w in sw.FIELD_HEADS or w in pw.LEADING_ARTICLES for w in words)


def after_field_cue(free: str, original: str, pos: int) -> bool:
    """The word at ``pos`` follows the "en" / "in" of a degree ("Máster en", "PhD in")."""
    cue = re.search(r"(?<![\w])(in|en)\s+$", free[max(0, pos - 4):pos])
    return cue is not None and degree_cue(cue.group(1), max(0, pos - 4) + cue.start(1),
                                           original)


def degree_cue(cue: str, start: int, original: str) -> bool:
    """``cue`` is the "in" / "en" after a degree's word ("Máster en", "Grado en", "PhD in",
    "Master's in"): typed with capitals, the field after it is written as a title
    ("Máster en Ingeniería de Software"), so its capitals name no place; after a course's
    or a grant's word they may ("a pottery course in Shoreditch")."""
    # the word before, read from a short window: a search anchored at the end of all the
    # text before each cue is quadratic on a long request
    before = re.search(r"([^\W\d_]+)(?:['’]s)?\s*$", original[max(0, start - 40):start])
    return cue.strip() in ("in", "en") and before is not None \
        and fold(before.group(1)) in pw.DEGREES


def field_cue(cue: str, start: int, original: str) -> bool:
    """``cue`` (folded, found at ``start``) is the "in" / "en" of "research in", "PhD in",
    "máster en": what follows it names a field (a place only when the gazetteer knows it).
    The word before is read from the request as typed, for another reader may have claimed
    it ("máster" as the subject, "early-career researchers" as an enum's)."""
    return cue.strip() in ("in", "en") and fold(word_before(original, start)) in sw.FIELD_HEADS


def people_field(cue: str, start: int, original: str) -> bool:
    """``cue`` (folded, at ``start``) is the "de" / "of" after a noun for people
    ("estudiantes de marketing", "profesores de inglés", "students of law"): what follows
    names their field, a place only when the gazetteer knows it ("estudiantes de Madrid")."""
    return cue.strip() in ("de", "of") and sw.person_noun(fold(word_before(original, start)))


# the endings of a Spanish noun made of a verb ("afiliación", "cotización", "pertenencia",
# "nombramiento"): its "a" leads to what it is of, as the verb's does; not a going's
# ("excursión a Sintra", "expedición a", "peregrinación a", "emigración a": a place)
_NOMINAL = re.compile(r"(?<!expedi)(?<!peregrina)(?<!migra)(?:cion|miento|encia|ancia)$")


def nominal_cue(cue: str, start: int, original: str) -> bool:
    """``cue`` (folded, at ``start``) is the "a" of a noun made of a verb ("afiliación a la
    Seguridad Social", "cotización a la Seguridad Social", "pertenencia a la OTAN"): what follows is
    what the noun is of, a place only when the gazetteer knows it."""
    return cue.split()[0] in ("a", "al") \
        and _NOMINAL.search(fold(word_before(original, start))) is not None


def agreed_plural(words: list[re.Match[str]]) -> bool:
    """The request's opening word is a plural noun a later plural adjective or participle
    agrees with ("series de paro actualizadas", "datos meteorológicos diarios"): what is
    asked for, no town (a town's name takes no plural adjective)."""
    first = fold(words[0].group(0))
    if len(first) < 4 or not first.endswith("s"):
        return False
    return any(w.endswith("s") and (sw.adjective(w) or re.search(r"[ai]d[oa]s$", w))
               for w in (fold(m.group(0)) for m in words[1:4]))


def plural_of_claimed(free: str, words: list[re.Match[str]]) -> bool:
    """The request's opening word is a plural noun with "de" / "of" and what another reader
    claimed after it ("datos de paro desde 2005": the topic's "paro"; "mapas de ruido"):
    what the read words are of, no town (a town's "de" leads to the rest of its name)."""
    first = fold(words[0].group(0))
    return len(first) >= 4 and first.endswith("s") \
        and re.match(r"[ \t]+(?:de|del|of)[ \t]+\x00", free[words[0].end():]) is not None


def language(name: str) -> bool:
    """``name`` (a place reader's hit) is one word naming a language ("en francés", "in
    German", "visita en alemán"): what is spoken, never a place, whether or not the kind
    declares a language input with its words (CLDR's names, both languages; a place the
    gazetteer knows, "Panamá", is left out of them)."""
    from scout.task.wordshapes import language_name

    return " " not in name.strip() and language_name(fold(name.strip()))


# a currency's "whose" words a nationality table need not hold ("dólares americanos",
# "libras esterlinas")
_CURRENCY_WHOSE = frozenset({"americanos", "esterlinas", "esterlina", "americano"})


def currency_word(name: str) -> bool:
    """``name`` (a place reader's hit) names a currency, as CLDR writes its head word or
    its full name in English or Spanish ("en soles", "in pesos", "pagar en dólares
    americanos"): what the money is paid or received in, never a place, unless the
    gazetteer knows the name as one."""
    from scout.task.cldr import currencies

    folded = " ".join(fold(w) for w in WORD.findall(name))
    if not folded or known_name(name):
        return False
    from scout.task.demonymwords import is_demonym
    from scout.task.wordshapes import adjective

    table = currencies()
    words = folded.split()
    # a head word alone, or with the adjective that says whose ("dólares americanos",
    # "pesos chilenos", "libras esterlinas") where CLDR's full name is another
    return folded in table.names or words[0] in table.heads and (
        len(words) == 1 or len(words) == 2 and (adjective(words[1]) or is_demonym(words[1])
                                or words[1] in _CURRENCY_WHOSE))


# the endings of a noun made of a verb or an adjective, Spanish and English ("limpieza",
# "mantenimiento", "contratación", "seguridad", "translation", "management"): a thing
# (not "-sion", "-ness": "Mission", "Inverness"; short words left alone: "Baeza")
_ABSTRACT = re.compile(r"(?:cion|miento|eza|idad|tion|ment)$")


def common_words(name: str) -> bool:
    """``name`` (a name read in lower case the gazetteer does not know) holds a common
    noun's word: one made of a verb or an adjective ("servicios de limpieza", "partida de
    nacimiento"), a language after "de" / "of" ("contrato del alemán"; "greek islands" is a
    region) or, past its first word, an adjective ("expediente académico", "contratación
    pública"): what is asked for, no place."""
    from scout.task.wordshapes import adjective, language_name

    words = [fold(w) for w in WORD.findall(name)]
    return not known_name(name) and any(
        len(w) >= 7 and _ABSTRACT.search(w) or i and adjective(w)
        or i and words[i - 1] in pw.OF and language_name(w)
        for i, w in enumerate(words))


# the indefinite articles: no place takes one ("para una reunión", "for an island");
# English "a" only in English ("a Toledo" is Spanish "to")
_INDEFINITE = {"es": frozenset({"un", "una", "unos", "unas"}),
               "en": frozenset({"a", "an", "un", "una", "unos", "unas"})}


def common_noun(original: str, free: str, start: int, lang: str) -> bool:
    """The name at ``start`` was typed without its capital right after an indefinite
    article: a common noun, whatever the gazetteer knows of it ("sala para una reunión"
    is no Réunion, "un chile relleno" no Chile)."""
    return not original[start:start + 1].isupper() \
        and word_before(free, start) in _INDEFINITE.get(lang, _INDEFINITE["es"])


def date_said(original: str, span: tuple[int, int]) -> bool:
    """The place reader's find at ``span`` of the request ``original`` is a date said
    whole: a month, a weekday, a feast ("nursery in Madrid from September", "next
    Monday", "en Navidad"), which no place input takes, whether or not the kind reads
    dates ("Isla de Navidad" is a place). Read with the two words before it, as the date
    reader reads a request: "in Augusta" is a town, no slip of "August"."""
    import datetime as dt

    from scout.task.dates import find_when

    start, end = span
    lead = max(0, start - 40)  # a bounded look back: a hostile run of letters stays linear
    before = re.search(r"(?:\S+\s+){0,2}$", original[lead:start])
    a = lead + before.start() if before else start
    window = original[a:end]
    # the day is fixed: only whether the words are a date counts, never which
    when = find_when(fold(window), window, dt.date(2000, 1, 3)) if window.strip() else None
    return when is not None and when.span[0] <= start - a and when.span[1] >= end - a


def date_tail(original: str, hit: tuple[str, tuple[int, int]]) -> tuple[str, tuple[int, int]]:
    """``hit`` less a tail after "de" / "del" / "of" typed in lower case that is a date
    said whole ("coche en malaga de mañana": Malaga, the day is the date reader's; "hotel
    en sevilla del lunes"); a name with a capital there is a name ("Isla de Navidad").
    With only a space before it, such a tail goes where what is left is a name the
    gazetteer knows ("sushi en valencia mañana x la noche", "bilbao pasado mañana": a kind
    with no date input claims no day, and "mañana" is a word, never a stop word, as it is
    Spain's "morning" too); a name it knows whole is never cut (``known_name`` is asked
    first: "santo domingo")."""
    name, (a, b) = hit
    for m in re.finditer(r"\s+(?:(?:de|del|of)\s+)?", original[a:b]):
        start = a + m.end()
        if m.start() == 0 or original[start:start + 1].isupper():
            continue
        bare = not m.group(0).strip()
        head = original[a:a + m.start()]
        if bare and not known_name(head):
            continue
        if date_said(original, (start, b)):
            kept = len(head.split())
            return " ".join(name.split()[:kept]), (a, a + m.start())
    return hit


def trip_modifier(original: str, words: list[re.Match[str]], k: int) -> bool:
    """``words[k]`` (a name the gazetteer does not know) says what kind of trip or stay a
    trip's noun beside it is, typed with only spaces between: in Spanish the word after the
    noun ("viaje familiar", "escapada rural", "casa rural"), in English one of the two
    before it ("family trip", "city break", "romantic weekend getaway"). Neither language
    puts a place there without a cue ("viaje a Sevilla", "trip to Lisbon"); a place the
    gazetteer knows still is one ("lisbon trip")."""
    def trip(i: int) -> bool:
        return 0 <= i < len(words) and fold(words[i].group(0)) in pw.TRIP_NOUNS

    def joined(i: int, j: int) -> bool:  # words[i] .. words[j] with only spaces between
        return all(not original[words[n].end():words[n + 1].start()].strip()
                   for n in range(i, j))

    if known_name(words[k].group(0)):
        return False
    return trip(k - 1) and joined(k - 1, k) \
        or any(trip(k + n) and joined(k, k + n) for n in (1, 2))


def number_name(name: str) -> bool:
    """``name`` (a place reader's hit) opens with a number word ("Two 1-hour lessons",
    "three lessons a week", "Tres clases") the gazetteer does not know the whole of ("Tres
    Cantos", "Seven Sisters" are places): a count typed in words, no place."""
    from scout.task.numwords import count_words

    words = fold(name).split()
    return bool(words) and words[0] in count_words(1000) and not known_name(name)


def unknown_opener(original: str, hit: tuple[str, tuple[int, int]]) -> bool:
    """``hit`` (read from a word typed with a capital) is the request's first word and the
    gazetteer does not know it, nor as a slip for a name it knows ("Storage unit
    Manchester", "Self storage Leeds", "Trastero Valencia"): the capital is the sentence's, and what a request opens with is
    its thing far more often than an unknown town (one after a cue, "in Zahara", is read
    by the cue's pass)."""
    from scout.task.placetypos import misspelt_place
    from scout.task.subdivisions import known_region

    # (a known city typed with a slip, "Lodnon", is still read and corrected later; a
    # region CLDR names, "Alaska cruise from Seattle", is known though no city)
    return not original[:hit[1][0]].strip(" \t\n\r¿¡\"'“‘«(-*>") and not known_name(hit[0]) \
        and misspelt_place(fold(hit[0])) is None and not known_region(fold(hit[0]))

