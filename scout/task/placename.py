"""Reading a place's name at a position of a request: its words, particles and articles,
abbreviations, where it ends (a stop word, a month, text another reader claimed, a word
typed in lower case amid capitals), and whether the request is typed "cased" (ordinary
writing, where a name must be capitalised) or case-blind. :mod:`scout.task.place` decides
where the place is; this module reads the name there.
"""

from __future__ import annotations

import functools
import re

from scout.task import placewords as pw
from scout.task import subjectwords as sw
from scout.task.cldr import weekdays
from scout.task.lang import fold
from scout.task.placecase import acronym, known_name, known_place, title
from scout.task.regionadjective import (adjective_then_landform, landform_after, narrows,
                                         region_adjective)
from scout.task.subdivisions import region_after

WORD = re.compile(r"[^\W\d_][\w'’.-]*", re.UNICODE)
# the number of a numbered part ("5", "12B"), no amount or time ("5,50", "2.30", "5h")
_PART_NUMBER = re.compile(r"\d{1,3}[A-Za-z]?(?![\w'’]|[.,:]\d)")


def read_name(free: str, original: str, pos: int, cased: bool) -> tuple[str, tuple[int, int]] | None:
    """The name at ``pos``, or the longer place name the gazetteer knows there, whose
    words may be stop words or feasts alone ("isla de navidad", "christmas island")."""
    hit, end = _read_words(free, original, pos, cased), known_end(free, pos)
    if end is None or (hit is not None and hit[1][1] >= end):
        return hit
    text = original[pos:end]
    return (text if cased and text[:1].isupper() else title(text)), (pos, end)


def known_end(free: str, pos: int) -> int | None:
    from scout.task.placespans import place_name_end

    end = place_name_end(free, pos)
    return end if end is not None and "\x00" not in free[pos:end] else None


def _read_words(free: str, original: str, pos: int, cased: bool) -> tuple[str, tuple[int, int]] | None:
    words: list[tuple[str, int, int]] = []
    pending: list[tuple[str, int, int]] = []
    i = pos
    while len(words) + len(pending) < 6:
        if words and not pending and fold(words[-1][0]) in pw.NUMBERED:
            number = _PART_NUMBER.match(original, i)
            if number is not None and "\x00" not in free[i:number.end()]:
                words.append((number.group(0), i, number.end()))  # "Terminal 5": its number
                gap = re.match(r"[ \t]+", original[number.end():])
                if not gap:
                    break
                i = number.end() + gap.end()
                continue
        m = WORD.match(original, i)
        if not m or "\x00" in free[m.start():m.end()]:
            break
        raw = m.group(0).rstrip(".")
        sentence_end = False  # "en la UAB. Busco becas": a request word after the dot opens a sentence
        if m.group(0).endswith(".") and len(raw) <= 3 and (
                raw[:1].isupper() or not re.search(r"[aeiouy]", fold(raw))):
            sentence_end = next_word(original, m.start() + len(raw) + 1) in pw.LEADING
            raw += "" if sentence_end else "."  # "St. Petersburg", "Mt. Fuji", "st. louis" (no vowel)
        possessive = re.search(r"['’]s$", raw)
        if possessive and known_place(raw[:possessive.start()]):
            raw = raw[:possessive.start()]  # "London's Soho": the name is London
        else:
            possessive = None  # "Martha's Vineyard", "King's Lynn": the possessive is the name
        end = m.start() + len(raw)
        low = fold(raw)
        first = not words
        # "LA", "DC" typed in capitals amid lower case are abbreviations, not "la" / "de"
        is_particle = low in pw.PARTICLES and not (cased and len(raw) > 1 and raw.isupper())
        if first:
            if cased and low in pw.LEADING_ARTICLES and not raw[0].isupper() and not pending \
                    and _next_is_name(free, original, end, cased):
                pass  # "en la Costa del Sol": the article is not part of the name
            elif not cased and low in pw.LEADING_ARTICLES and not pending \
                    and _landform_named(free, original, end):
                pending.append((raw, m.start(), end))  # "in the lake district"
            elif not cased and low in pw.LANDFORMS and _next_is_name(free, original, end, False):
                words.append((raw, m.start(), end))  # "la costa brava": its name follows
                pending = []
            elif not cased and low in pw.LEADING_ARTICLES and not pending \
                    and landform_after(original, end):
                pass  # "the greek islands": the article is not part of the name
            elif low == "the" and not cased:
                break  # typed in lower case, "near the beach" is a thing, not a name
            elif not cased and low in pw.LEADING_ARTICLES and not pending \
                    and next_word(original, end) in pw.COMMON_HEADS \
                    and _particle_then_name(free, original, end + 1 + len(next_word(original, end))):
                pass  # "en la ciudad de mexico": the article goes with "ciudad", not the name
            elif low in pw.LEADING_ARTICLES and not pending and _next_is_name(free, original, end,
                                                                            cased):
                pending.append((raw, m.start(), end))
            elif not cased and low in pw.NAME_HEADS and _particle_then_name(free, original, end):
                # "el puerto de santa maria" keeps its article, a landform's noun none: "la
                # sierra de gredos" is the Sierra de Gredos (as typed with capitals)
                words.extend(pending if low not in pw.LANDFORMS else [])
                words.append((raw, m.start(), end))
                pending = []
            elif is_particle or (not raw[0].isupper() if cased else
                                 low in pw.NOT_FIRST or kind_word(low)):
                break
            elif len(low) == 1:
                break  # "statistics in R", "a course in C", "en 5º B": a language or a grade
            elif low in pw.NEGATIONS and not (cased and raw[0].isupper()
                                              and _next_is_name(free, original, end, cased)):
                break  # "24 meses no, máximo 12", "No, en Sevilla": a negation alone is no
                # name ("No Name Key", capitalised before more name, is one)
            else:
                words.extend(pending if low not in pw.LANDFORMS else [])  # "los picos de europa"
                words.append((raw, m.start(), end))
                pending = []
        elif is_particle and not (cased and raw[0].isupper()):
            pending.append((raw, m.start(), end))
        elif low in pw.NEGATIONS and (raw.isupper() or not raw[0].isupper()):
            break  # "en Barcelona NO en el centro": a negation, stressed, ends the name
        elif (low in pw.STOP or low in _month_names() or low in _weekday_names()
              or kind_word(low)) \
                and not (cased and raw[0].isupper()) and not (pending and low in pw.POINTS):
            break  # "madrid julio o agosto", "sevilla monday": a month or a day ends a name
            # typed in lower case (a known one holding it is read whole: "santo domingo")
        elif not cased and len(low) == 1:
            break  # chat shorthand ("lugo x menos de 60": "x" is "por"), never a name word
        elif cased and not raw[0].isupper() and not (
                not pending and region_adjective(raw)
                and narrows(" ".join(w[0] for w in words))) and not (
                not pending and len(words) == 1
                and adjective_then_landform(words[0][0], original, words[0][2])):
            break  # "Pirineo aragonés", "Alpes suizos": the adjective narrows the region;
            # "the Norwegian fjords", "Greek islands": the landform a nationality names
        elif low in _weekday_names() and (pending or known_name(fold(" ".join(w[0] for w in words)))):
            break  # "in Lima on Thursday", "en Quito el Sábado", "in Lima Monday": the day
            # the name is for ("Santo Domingo", no name before the day, is one)
        elif _city_abbreviation(raw, cased):
            break  # "Coyoacán CDMX", "brooklyn nyc": the city, written short, after the name
        elif words and not pending and region_after(
                [fold(w[0]) for w in words], [fold(w) for w in WORD.findall(original, m.start())[:4]]):
            break  # "austin texas", "lima perú": where the city lies, dictated with no comma
        else:
            words.extend(pending)
            words.append((raw, m.start(), end))
            pending = []
        if possessive or sentence_end:
            break
        gap = re.match(r"[ \t]+", original[end:])
        if not gap or end + gap.end() >= len(original):
            break
        i = end + gap.end()
    if not words or (not cased and len(words) == 1 and fold(words[0][0]) in pw.LANDFORMS):
        return None  # "en la sierra", "near the lake" in lower case: a common noun alone
    start, stop = words[0][1], words[-1][2]
    text = original[start:stop]
    if not cased:
        text = title(text, keep_acronyms=not original.isupper())
    else:  # a word typed in capitals in ordinary writing: "en VALENCIA" → "Valencia"; but
        # a short one no place is named by is an acronym, kept ("cerca de la UNAM")
        text = " ".join(title(w) if w.isupper() and len(w) >= 4 and not acronym(w)
                        and (len(w) > 6 or known_name(fold(w))) else w for w in text.split())
    return text, (start, stop)


@functools.lru_cache(maxsize=1)
def _weekday_names() -> frozenset[str]:
    """The weekdays' full names, folded ("thursday", "sabado"): not their abbreviations,
    which are words of names ("mar" in "L'Ametlla de Mar", "sun", "sat")."""
    return frozenset(w for w in weekdays() if len(w) >= 5)


def kind_word(word: str) -> bool:
    """``word`` names what is searched for ("conferences", "jornadas", "talleres",
    "webinars", "charlas") or how ("online", "gratis"): never a place, whatever kind asks
    (a request that is only that word, "conferences", has no place), unless the gazetteer
    knows it."""
    low = fold(word)
    return (low in sw.VENUES or low in sw.MODES or low in sw.FREE) and not known_place(low)


def _month_names() -> frozenset[str]:
    from scout.task.cldr import months  # lazy: CLDR is loaded on the first parse

    # full names and abbreviations ("dic", "sept"), but not "mar" ("Viña del Mar")
    return frozenset(w for w in months() if len(w) >= 3 and w != "mar")


def _particle_then_name(free: str, original: str, end: int) -> bool:
    """"playa| del carmen", "playa| de las americas": particles, then a name word."""
    seen = False
    while m := re.match(r"[ \t]+([^\W\d_]+)", original[end:]):
        if fold(m.group(1)) not in pw.PARTICLES or "\x00" in free[end:end + m.end()]:
            break
        seen, end = True, end + m.end()
    return seen and _next_is_name(free, original, end, False)


def _landform_named(free: str, original: str, end: int) -> bool:
    """"the| lake district", "la| costa brava": a landform's noun, then a word of its name
    (typed in lower case; "near the lake" names none)."""
    noun = re.match(r"[ \t]+([^\W\d_]+)", original[end:])
    return noun is not None and fold(noun.group(1)) in pw.LANDFORMS \
        and "\x00" not in free[end:end + noun.end()] \
        and _next_is_name(free, original, end + noun.end(), False)


def lower_landform_name(free: str, original: str, start: int, end: int) -> bool:
    """The landform's noun at ``start:end``, typed in lower case after an article, opens a
    name, as the place reader reads one ("the lake district", "los picos de europa"; "near
    the lake", "con lago" open none)."""
    before = re.search(r"(?<!\w)([^\W\d_]+)[ \t]+$", original[:start])
    return before is not None and fold(before.group(1)) in pw.LEADING_ARTICLES \
        and (_next_is_name(free, original, end, False)
             or _particle_then_name(free, original, end))


def next_word(original: str, end: int) -> str:
    m = re.match(r"[ \t]+([^\W\d_][\w'’-]*)", original[end:])
    return fold(m.group(1)) if m else ""


def _next_is_name(free: str, original: str, end: int, cased: bool) -> bool:
    m = re.match(r"[ \t]+([^\W\d_][\w'’-]*)", original[end:])
    if not m or "\x00" in free[end:end + m.end()]:
        return False
    w = m.group(1)
    return (w[0].isupper() if cased else fold(w) not in pw.STOP) and fold(w) not in pw.PARTICLES


@functools.lru_cache(maxsize=64)  # asked once per name read (name_at), of the same text
def is_cased(original: str, free: str | None = None) -> bool:
    """Ordinary writing (some capitals, not all): a name must then be capitalised. Text
    another input claimed in ``free`` is left out: the capitals of "kansas city 30 USD" are
    the currency code's, so the request is still typed in lower case."""
    if free is not None:
        original = "".join(o for o, f in zip(original, free) if f != "\x00")
    # English writes "I" in capitals however the rest is typed: "I want the best pho of
    # hanoi" is a lower-case request
    original = _I_WORD.sub("i", original)
    if title_case(original):
        return False
    return any(c.isupper() for c in original) and not original.isupper()


def title_case(original: str) -> bool:
    """Every word capitalised, three or more, a function or request word past the first
    among them ("Computer Vision Conferences In Europe", "Best Hotels In Madrid"): a
    headline's capitals say nothing of which words are names, so the request is read as
    if typed in lower case (names come back title-cased). Names alone keep their capitals,
    their articles and particles too ("Hotel Arts, Barcelona", "Bar El Tigre Madrid")."""
    words = _LETTERS.findall(original)
    return len(words) >= 3 and all(w[0].isupper() for w in words) \
        and any(fold(w) in sw.STOP and fold(w) not in pw.PARTICLES for w in words[1:])


_LETTERS = re.compile(r"[^\W\d_][\w'’-]*")


_I_WORD = re.compile(r"(?<![\w'’])I(?:['’](?:m|d|ll|ve))?(?![\w'’])")


def name_at(free: str, original: str, pos: int,
            cased: bool | None = None) -> tuple[str, tuple[int, int]] | None:
    """The place name that starts at ``pos``, read as :func:`find_place` reads one after a
    cue (particles, articles, abbreviations; claimed text ends it), or None. ``cased``:
    False reads it case-blind whatever the request's writing (None: as it is written)."""
    return read_name(free, original, pos, is_cased(original, free) if cased is None else cased)


def _city_abbreviation(typed: str, cased: bool) -> bool:
    """``typed`` is a place the gazetteer knows written short ("CDMX", "NYC", "cdmx"): in
    capitals amid ordinary writing, or with no vowel ("NEW YORK CITY" typed all in capitals
    is one name). After a name's word it is the city that name is in, no part of it."""
    low = fold(typed)
    return 2 <= len(low) <= 5 and ((cased and typed.isupper()) or not re.search(r"[aeiouy]", low)) \
        and known_name(low)


def spanish_word_name(free: str, original: str, pos: int, lang: str,
                      cue: str) -> tuple[str, tuple[int, int]] | None:
    """The word at ``pos`` after an English cue ("in", "at", "near", "to") of an English
    request typed in lower case, when it is a Spanish function word the name reader stops
    at ("hotel near the lake in como"): in English prose it is no function word, so it is
    a name (Como). Only a word alone (the request or a clause ends after it), no article
    ("in el centro"), and only where the name reader read none."""
    from scout.task.lang import function_lang

    if lang != "en" or cue not in ("in", "at", "near", "to"):
        return None
    m = re.match(r"([^\W\d_]{3,})(?=[\s\x00]*(?:[.,;:!?)]|$))", free[pos:])
    word = fold(m.group(1)) if m else ""
    if m is None or word in pw.LEADING_ARTICLES or word not in pw.STOP \
            or function_lang(word) != "es":
        return None
    typed = original[pos:pos + m.end(1)]
    return typed[:1].upper() + typed[1:], (pos, pos + m.end(1))
