"""The place a request is about: after "in / at / near / to" or "en / cerca de / a", or
the first capitalised name ("Barcelona hotels").

Names run over several words with their particles ("Palma de Mallorca", "Santiago de
Compostela", "Las Palmas de Gran Canaria", "New York City"); a particle ("de", "del",
"la", "of"…) is kept only when a name word follows it. Accents are kept as written. When
the request is typed in capitals somewhere (ordinary writing), a place word must be
capitalised, so "Where to eat in San Francisco" does not read "eat"; a request typed all
in lower case (or all in capitals) is read case-blind and the name is title-cased ("en
sevilla" → "Sevilla", "rio de janeiro" → "Rio de Janeiro"). Read case-blind, a geographic
head noun ("playa", "costa") starts a name only before particles and a name ("playa del
carmen"), a one-letter word (chat's "x", "q") ends one, and a lone infinitive after "a" /
"to" ("a buscar") gives way to a name after another cue. In ordinary writing, capitals
that spell a particle are an abbreviation ("in LA", "in DC"); typed in lower case, a
short word with no vowel is one too ("cdmx" → "CDMX", "nyc" → "NYC", also first in a name
when the gazetteer knows it: "nyc pizza"). Text other extractors claimed (dates, money,
ratings) ends a name. With no cue word, what other inputs claimed is passed over ("best
pizza nyc", "ramen barcelona barato" once the dish is read), and so is a word counted by
a number ("2 baños madrid"), and so is whom it is for ("cursos de R para investigadores",
"for kids": after "para" / "for" only a name the gazetteer knows); "de" / "of" right after a claimed thing ties it to the place
that follows ("el mejor ramen de lyon", "tapas típicas de sevilla"). A lower-case article
before "ciudad" goes with the noun ("la ciudad de mexico" → "Ciudad de Mexico"), and so
do a lodging word's ("los mejores hoteles de sevilla"). Capitals only in claimed text
("30 USD") leave a request lower-case. Of several "en" cues a known name wins ("chile en
nogada en puebla"); after "near the" / "cerca de la" a landmark drops its article.
"""

from __future__ import annotations

import functools
import re

from scout.task import placewords as pw
from scout.task import subjectwords as sw
from scout.task.lang import fold
from scout.task.establishments import place_in_name
from scout.task.placecase import acronym, known_name, known_place, title

_WORD = re.compile(r"[^\W\d_][\w'’.-]*", re.UNICODE)


def _cues(lang: str, aliases: list[str]) -> list[str]:
    cues = list(pw.CUES_EN) + list(pw.CUES_ES if lang == "es" else ("en", "cerca de"))
    return [fold(a) for a in aliases] + cues


def find_place(free: str, original: str, lang: str, aliases: list[str]) -> tuple[str, tuple[int, int]] | None:
    cased = is_cased(original, free)
    alt = "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in
                   sorted(set(_cues(lang, aliases)), key=len, reverse=True))
    later: tuple[str, tuple[int, int]] | None = None
    verbish: tuple[str, tuple[int, int]] | None = None
    first: tuple[str, tuple[int, int]] | None = None
    for m in re.finditer(r"(?<![\w])(?P<cue>" + alt + r")\s+", free):
        if _intro_cue(m, free, original):
            continue  # "an introduction to Machine Learning", "guía a Rust": the topic
        hit = place_in_name(original, _read_name(free, original, m.end(), cased), cased)
        if hit and not cased and (field_cue(m.group("cue"), m.start(), original)
                                  or _field_words(hit[0])) and not known_name(hit[0]):
            # "research in machine learning", "máster en ciencia de datos": a field;
            # "ayudas a la investigación": what kind, no place
            continue
        if not cased and re.sub(r"\s+", " ", m.group("cue")) in pw.SECONDARY:
            hit = _landmark(free, original, m.end(), hit)
        if hit and not cased and m.group("cue") in ("a", "to") and _infinitive(hit[0]):
            # "me ayudas a buscar hotel en cdmx": after "a" / "to" a lone -ar/-er/-ir word
            # typed in lower case is likelier a verb; a name after another cue wins
            verbish = verbish or hit
            continue
        if hit:
            # "near the Eiffel Tower in Paris": a name after "in"/"en" wins over a landmark
            # after "near"/"cerca de"; the first name after any cue otherwise
            if re.sub(r"\s+", " ", m.group("cue")) not in pw.SECONDARY:
                # "chile en nogada en puebla", "mussels in white wine in brussels": a dish
                # can hold "en" / "in", so a name the gazetteer knows after a later cue
                # wins over an unknown one; otherwise the first name is the place
                if known_name(hit[0]):
                    return hit
                first = first or hit
                continue
            later = later or hit
    if first or later or verbish:
        return first or later or verbish
    if not cased:
        # "hotel lisboa junio": after a leading request word, the first other word;
        # "sevilla en octubre": a request that opens with a name
        words = list(re.finditer(r"[^\W\d_][\w'’-]*", original))
        cue_words = {c for c in _cues(lang, aliases) if " " not in c}
        claimed = [free[m.start()] == "\x00" for m in words]
        # "2 baños madrid 1200": a word right after a number is what it counts, not a name
        counted = _counted(original, words)
        if words and fold(words[0].group(0)) in pw.LEADING_ARTICLES and not claimed[0]:
            # "las palmas de gran canaria", "los angeles": a request that opens with a
            # name carrying its article (the reader keeps it only before a name word)
            hit = _read_name(free, original, words[0].start(), cased)
            if hit and hit[1][0] == words[0].start() and _name_word_after(original, words[0]):
                return hit
        if words and (fold(words[0].group(0)) in pw.LEADING | pw.STOP | pw.VENUE_WORDS
                      or fold(words[0].group(0)) in sw.FIELD_HEADS or claimed[0]
                      or counted[0] or _kind_word(words[0].group(0))) \
                and _known_end(free, words[0].start()) is None:
            # "best pizza nyc", "ramen barcelona barato": what another input read (the
            # dish, a month, an amount) is skipped; right after it, "de" / "of" is that
            # thing's ("el mejor ramen de lyon", "tapas típicas de sevilla"), so the name
            # follows it
            # (an amount's or a count's word is no thing of the place: "100 euros de
            # presupuesto")
            after = (claimed[0] and not counted[0]) or fold(words[0].group(0)) in pw.VENUE_WORDS \
                or _kind_word(words[0].group(0))
            purpose = False  # after "para" / "for": whom or what it is for, up to a claim
            for k, m in enumerate(words[1:], 1):
                w = fold(m.group(0))
                if claimed[k] or (after and w in pw.BETWEEN):
                    after = (after and not claimed[k]) or (claimed[k] and not counted[k])
                    purpose = purpose and not claimed[k]
                    continue
                if counted[k]:
                    after = False  # "hotel 2 noches de relax": the "de" is the count's
                    continue
                if k >= 2 and fold(words[k - 1].group(0)) in sw.RELATIVE:
                    continue  # "cursos que empiecen en enero": the clause's verb
                if w in pw.PURPOSE:
                    purpose = True
                    continue
                if purpose and not _known_at(words, k) and _known_end(free, m.start()) is None:
                    continue  # "cursos de R para investigadores", "classes for kids"
                if after and w in pw.OF and k + 1 < len(words) \
                        and fold(words[k + 1].group(0)) not in sw.FIELD_HEADS:
                    hit = _read_name(free, original, words[k + 1].start(), cased)
                    if hit:
                        return hit
                    if claimed[k + 1]:
                        continue  # "congresos de medicina madrid": the "de" is the subject's
                if w in pw.LEADING_ARTICLES and k + 1 < len(words) and (
                        claimed[k + 1] or fold(words[k + 1].group(0)) in pw.ARTICLE_OF_WHAT
                        or fold(words[k + 1].group(0)) in sw.FIELD_HEADS):
                    continue  # "busco el mejor ramen de lyon": the article of what is asked
                if w in pw.PARTICLES or w in cue_words:
                    break  # past a cue or an article the cue pass has read what there was
                after = w in pw.VENUE_WORDS
                # "me recomiendas dónde comer ...": any word of asking is no name either
                if (w in pw.LEADING or w in pw.NOT_FIRST or after or w in sw.REQUEST
                        or w in sw.QUALITY  # "un buen rioja reserva": how good, no name
                        or w in sw.FIELD_HEADS  # "máster en ciencia de datos": what kind
                        or _kind_word(w)) and _known_end(free, m.start()) is None:
                    continue  # ("hotel christmas island": a known name's word is no stop)
                if pw.adjective_like(m.group(0)) and not _known_at(words, k) \
                        and _known_end(free, m.start()) is None:
                    continue  # "equipo pequeño", "friendly team": a word that describes

                return place_in_name(original, _read_name(free, original, m.start(), cased),
                                     cased)
        elif words and fold(words[0].group(0)) not in pw.PARTICLES:
            return place_in_name(original, _read_name(free, original, words[0].start(), cased),
                                 cased)
        return None
    # "Barcelona hotels": the first capitalised phrase that is not a command or a month
    if cased:
        for m in re.finditer(r"[^\W\d_][\w'’-]*", original):
            w = m.group(0)
            if not w[0].isupper() or free[m.start()] == "\x00" or fold(w) in pw.LEADING \
                    or fold(w) in pw.STOP or fold(w) in sw.INTRO or _kind_word(w):
                if fold(w) in pw.LEADING_ARTICLES and w[0].isupper() and free[m.start()] != "\x00":
                    hit = _read_name(free, original, m.start(), cased)  # "Los Angeles"
                    if hit and hit[1][0] == m.start() and _name_word_after(original, m):
                        return place_in_name(original, hit, cased)  # "Bar El Tigre"
                continue
            hit = place_in_name(original, _read_name(free, original, m.start(), cased), cased)
            if hit and _topic_after_intro(free, hit):
                continue  # "a beginner's guide to Rust": the topic, not a place
            if hit:
                return hit
        # "Looking for a hotel in lisbon, max 120 EUR": capitals only where a sentence starts
        # or in a code; the name after a cue was typed in lower case, so read it case-blind
        for m in re.finditer(r"(?<![\w])(?P<cue>" + alt + r")\s+", free):
            hit = None if _intro_cue(m, free, original) else _read_name(free, original,
                                                                         m.end(), False)
            if hit:
                return hit
    return None


def _counted(original: str, words: list[re.Match[str]]) -> list[bool]:
    r"""For each word, whether a number stands right before it ("2 baños"): a number that
    opens the text or follows whitespace, then spaces or tabs (``(?:^|\s)\d[\d.,]*[ \t]*$``
    over the text before the word). Read backwards from each word: that search, once per
    word over all the text before it, was quadratic."""
    out = []
    for m in words:
        end = m.start()
        # ``$`` also matches before a final newline
        ends = (end, end - 1) if end and original[end - 1] == "\n" else (end,)
        out.append(any(_number_before(original, e) for e in ends))
    return out


def _number_before(original: str, end: int) -> bool:
    i = end
    while i > 0 and original[i - 1] in " \t":
        i -= 1
    j = i
    while j > 0 and (original[j - 1] in ".," or original[j - 1].isdecimal()):
        j -= 1
    # the run opens with a digit (``\d`` and ``\s`` as the re module reads them), after
    # the text's start or whitespace
    return j < i and original[j].isdecimal() and (j == 0 or original[j - 1].isspace())


def cued(free: str, start: int, lang: str, aliases: list[str]) -> bool:
    """A cue ("in", "en", "cerca de") or "de" / "of" / "from", with or without an
    article, stands right before ``start`` ("from the Mosel", "de Rías Baixas")."""
    before = re.findall(r"[^\W\d_]+", free[max(0, start - 40):start])
    if before and before[-1] in pw.LEADING_ARTICLES:
        before.pop()
    cues = set(_cues(lang, aliases)) | pw.OF
    return any(" ".join(before[-n:]) in cues for n in (1, 2) if len(before) >= n)


def _read_name(free: str, original: str, pos: int, cased: bool) -> tuple[str, tuple[int, int]] | None:
    """The name at ``pos``, or the longer place name the gazetteer knows there, whose
    words may be stop words or feasts alone ("isla de navidad", "christmas island")."""
    hit, end = _read_words(free, original, pos, cased), _known_end(free, pos)
    if end is None or (hit is not None and hit[1][1] >= end):
        return hit
    text = original[pos:end]
    return (text if cased and text[:1].isupper() else title(text)), (pos, end)


def _after_intro(free: str, pos: int) -> bool:
    """The word before ``pos`` opens what a request is about ("introduction to", "guide
    to", "introducción a"): what follows is the topic, not where to go."""
    return _word_before(free, pos) in sw.INTRO


def _word_before(text: str, pos: int) -> str:
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


def _intro_cue(m: re.Match[str], free: str, original: str) -> bool:
    """The cue ``m`` is the "to" / "a" of "introduction to" / "guía a", and no place the
    gazetteer knows follows it."""
    return m.group("cue") in ("a", "to") and _after_intro(free, m.start()) \
        and _known_end(free, m.end()) is None \
        and not _known_at(list(_WORD.finditer(original, m.end())), 0)


def _field_words(name: str) -> bool:
    """``name`` is only words that name a field or a course of study, with an article
    ("La Investigación", "Máster"): what kind of thing is asked for, no place."""
    words = [fold(w) for w in _WORD.findall(name)]
    return any(w in sw.FIELD_HEADS for w in words) \
        and all(w in sw.FIELD_HEADS or w in pw.LEADING_ARTICLES for w in words)


def field_cue(cue: str, start: int, original: str) -> bool:
    """``cue`` (folded, found at ``start``) is the "in" / "en" of "research in", "PhD in",
    "máster en": what follows it names a field (a place only when the gazetteer knows it).
    The word before is read from the request as typed, for another reader may have claimed
    it ("máster" as the subject, "early-career researchers" as an enum's)."""
    return cue.strip() in ("in", "en") and fold(_word_before(original, start)) in sw.FIELD_HEADS


def _topic_after_intro(free: str, hit: tuple[str, tuple[int, int]]) -> bool:
    """``hit`` stands right after "introduction to" / "guide to" and the gazetteer does
    not know it ("guide to Rust"; "guide to Lisbon" stays a place)."""
    before = re.search(r"(?:^|\s)(to|a)\s+$", free[:hit[1][0]])
    return before is not None and _after_intro(free, before.start(1)) and not known_name(hit[0])


def _known_at(words: list[re.Match[str]], k: int) -> bool:
    """A place the gazetteer knows starts at ``words[k]`` ("para sevilla", "for new york")."""
    from scout.task.gazetteer import known_place_words

    return known_place_words([fold(x.group(0)) for x in words[k:k + 5]]) > 0


def _known_end(free: str, pos: int) -> int | None:
    from scout.task.gazetteer import place_name_end

    end = place_name_end(free, pos)
    return end if end is not None and "\x00" not in free[pos:end] else None


def _read_words(free: str, original: str, pos: int, cased: bool) -> tuple[str, tuple[int, int]] | None:
    words: list[tuple[str, int, int]] = []
    pending: list[tuple[str, int, int]] = []
    i = pos
    while len(words) + len(pending) < 6:
        m = _WORD.match(original, i)
        if not m or "\x00" in free[m.start():m.end()]:
            break
        raw = m.group(0).rstrip(".")
        if m.group(0).endswith(".") and len(raw) <= 3 and (
                raw[:1].isupper() or not re.search(r"[aeiouy]", fold(raw))):
            raw += "."  # "St. Petersburg", "Mt. Fuji", "st. louis" (no vowel: an abbreviation)
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
            elif low == "the" and not cased:
                break  # typed in lower case, "near the beach" is a thing, not a name
            elif not cased and low in pw.LEADING_ARTICLES and not pending \
                    and _next_word(original, end) in pw.COMMON_HEADS \
                    and _particle_then_name(free, original, end + 1 + len(_next_word(original, end))):
                pass  # "en la ciudad de mexico": the article goes with "ciudad", not the name
            elif low in pw.LEADING_ARTICLES and not pending and _next_is_name(free, original, end,
                                                                            cased):
                pending.append((raw, m.start(), end))
            elif not cased and low in pw.NAME_HEADS and _particle_then_name(free, original, end):
                words.extend(pending)  # "el puerto de santa maria" keeps its article
                words.append((raw, m.start(), end))
                pending = []
            elif is_particle or (not raw[0].isupper() if cased else
                                 low in pw.NOT_FIRST or _kind_word(low)):
                break
            elif len(low) == 1:
                break  # "statistics in R", "a course in C", "en 5º B": a language or a grade
            else:
                words.extend(pending)
                words.append((raw, m.start(), end))
                pending = []
        elif is_particle and not (cased and raw[0].isupper()):
            pending.append((raw, m.start(), end))
        elif low in pw.NEGATIONS and (raw.isupper() or not raw[0].isupper()):
            break  # "en Barcelona NO en el centro": a negation, stressed, ends the name
        elif (low in pw.STOP or low in _month_names() or _kind_word(low)) \
                and not (cased and raw[0].isupper()) and not (pending and low in pw.POINTS):
            break  # "madrid julio o agosto": a month ends a name typed in lower case
        elif not cased and len(low) == 1:
            break  # chat shorthand ("lugo x menos de 60": "x" is "por"), never a name word
        elif cased and not raw[0].isupper():
            break
        else:
            words.extend(pending)
            words.append((raw, m.start(), end))
            pending = []
        if possessive:
            break
        gap = re.match(r"[ \t]+", original[end:])
        if not gap or end + gap.end() >= len(original):
            break
        i = end + gap.end()
    if not words:
        return None
    start, stop = words[0][1], words[-1][2]
    text = original[start:stop]
    if not cased:
        text = title(text, keep_acronyms=not original.isupper())
    else:  # a word typed in capitals in ordinary writing: "en VALENCIA" → "Valencia"
        text = " ".join(title(w) if w.isupper() and len(w) >= 4 and not acronym(w) else w
                        for w in text.split())
    return text, (start, stop)


def _landmark(free: str, original: str, pos: int,
              hit: tuple[str, tuple[int, int]] | None) -> tuple[str, tuple[int, int]] | None:
    """The name after "near" / "cerca de" typed in lower case, when an article opens it:
    a landmark's article is grammar ("cerca de la sagrada familia" → Sagrada Familia, "near
    the eiffel tower"), unless the article is part of a place the gazetteer knows ("cerca
    de las palmas", "near los angeles"); a common noun alone is no landmark ("near the
    beach", "cerca de la estación")."""
    art = re.match(r"(?:the|la|las|los|el)[ \t]+", free[pos:])
    if not art or (hit is not None and known_name(hit[0])):
        return hit
    inner = _read_name(free, original, pos + art.end(), False)
    if inner is None or (" " not in inner[0] and fold(inner[0]) in pw.GENERIC):
        return None
    return inner


def _name_word_after(original: str, article: re.Match[str]) -> bool:
    """The word after ``article`` can start a name ("Las| Palmas"), not a request word
    ("El| Mejor Hotel de Madrid", "la| mejor paella")."""
    nxt = _next_word(original, article.end())
    return bool(nxt) and nxt not in pw.STOP and nxt not in pw.LEADING


def _kind_word(word: str) -> bool:
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


def _infinitive(name: str) -> bool:
    return " " not in name and len(name) > 3 and fold(name).endswith(("ar", "er", "ir"))


def _particle_then_name(free: str, original: str, end: int) -> bool:
    """"playa| del carmen", "playa| de las americas": particles, then a name word."""
    seen = False
    while m := re.match(r"[ \t]+([^\W\d_]+)", original[end:]):
        if fold(m.group(1)) not in pw.PARTICLES or "\x00" in free[end:end + m.end()]:
            break
        seen, end = True, end + m.end()
    return seen and _next_is_name(free, original, end, False)


def _next_word(original: str, end: int) -> str:
    m = re.match(r"[ \t]+([^\W\d_][\w'’-]*)", original[end:])
    return fold(m.group(1)) if m else ""


def _next_is_name(free: str, original: str, end: int, cased: bool) -> bool:
    m = re.match(r"[ \t]+([^\W\d_][\w'’-]*)", original[end:])
    if not m or "\x00" in free[end:end + m.end()]:
        return False
    w = m.group(1)
    return (w[0].isupper() if cased else fold(w) not in pw.STOP) and fold(w) not in pw.PARTICLES


# ------------------------------------------------------- for readers that must skip places
# (their cues, :data:`placewords.STRONG_CUES`, leave "a" / "to" out)


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


def strong_cues(aliases: list[str]) -> re.Pattern[str]:
    """The words after which a place comes in any request (and a place input's aliases),
    as a pattern over folded text whose match ends where the place starts."""
    cues = sorted({fold(a) for a in aliases} | set(pw.STRONG_CUES), key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(c).replace(r"\ ", r"\s+")
                                                 for c in cues) + r")\s+")


def is_secondary(cue: str) -> bool:
    """``cue`` (folded, as matched) is one a name after "in" / "en" wins over ("near",
    "cerca de"): :func:`find_place` never passes over a name after it for a later one."""
    return re.sub(r"\s+", " ", cue.strip()) in pw.SECONDARY


def name_at(free: str, original: str, pos: int,
            cased: bool | None = None) -> tuple[str, tuple[int, int]] | None:
    """The place name that starts at ``pos``, read as :func:`find_place` reads one after a
    cue (particles, articles, abbreviations; claimed text ends it), or None. ``cased``:
    False reads it case-blind whatever the request's writing (None: as it is written)."""
    return _read_name(free, original, pos, is_cased(original, free) if cased is None else cased)
