"""Where places stand among the subject reader's tokens (:mod:`scout.task.subject`): a
request's words as tokens (:class:`Tok`), the place after each cue the place reader would
read there ("in Lyon", "cerca de la sagrada familia"), a field after "máster en" / "research
in" (no place), every name the gazetteer knows ("madrid sushi"), and a rate's time after a
count ("500 responses a month"). The subject is read from what these leave.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass

from scout.task import subjectwords as sw
from scout.task.lang import fold
from scout.task.subjectslips import is_stop

# the words that name what a request is about ("about", "sobre", "acerca de")
_CUE_WORDS = frozenset({"about", "sobre", "acerca"})
_HEADS = frozenset({"ciudad", "city", "isla", "island", "islas", "playa", "costa", "puerto"})


@dataclass
class Tok:
    text: str  # folded
    start: int
    end: int
    word: bool  # a word (else claimed text, a number or punctuation)
    place: bool = False  # part of a place: never the subject
    counted: bool = False  # a word a number counts: "4 personas"
    joins: bool = False  # a cue the place reader passed over: "chile en nogada en puebla"
    year: bool = False  # a year, when the pipeline reads years: no model's number
    field: bool = False  # the "in" / "en" of "research in", "máster en": a field follows
    caps: bool = False  # typed in capitals amid ordinary writing: an acronym ("IA", "NLP")
    capital: bool = False  # typed with a capital amid ordinary writing: a name's word
    institution: bool = False  # an institution's initials where a country was looked for
    searched: bool = False  # what the kind finds (its name, a declared noun), claimed
    own: bool = False  # a stop word of the other language only, this request's noun ("sea")


# a rate after a count: "500 responses a month", "20 horas a la semana", "2 posts per
# week": how many in what time, no word of the subject
_PER = frozenset("a an per al por each every cada la".split())
_TIME_UNITS = frozenset("""
day days dia dias week weeks semana semanas month months mes meses year years ano anos
hour hours hora horas
""".split())


def per_time(toks: list[Tok], j: int) -> bool:
    """Tokens from ``j`` say "a month", "per week", "al mes", "a la semana"."""
    while j < len(toks) and toks[j].text in _PER:
        j += 1
    return j < len(toks) and j > 0 and toks[j - 1].text in _PER and toks[j].text in _TIME_UNITS


def rate_time(toks: list[Tok], k: int) -> bool:
    """Token ``k`` is the time of a rate after a count ("500 citations a month": the
    count read or a number, then "a" / "per" / "al" / "a la", then the unit), or after
    the word for what is counted, itself no subject ("two 1-hour lessons a week", "tres
    clases a la semana": how often, not what about)."""
    if toks[k].text not in _TIME_UNITS:
        return False
    j = k - 1
    while j >= 0 and toks[j].text in _PER and k - j <= 2:
        j -= 1
    return j < k - 1 and j >= 0 and (not toks[j].word or toks[j].counted
                                     or is_stop(toks[j].text, slips=False)
                                     and toks[j].text not in _PER)


def index_at(starts: list[int], pos: int) -> int | None:
    """The first token at or after ``pos`` (``starts``: the tokens' starts, in order)."""
    i = bisect.bisect_left(starts, pos)
    return i if i < len(starts) else None


def _other_inputs_cue(cue: str, chosen: int, free: str, aliases: list[str]) -> bool:
    """The name after ``cue`` and the place chosen at ``chosen`` follow two different
    words the kind declares for its places ("excursión a Sintra desde Lisboa": ``a`` for
    where it goes, ``desde`` for where it starts): two places, neither passed over, as
    "mussels in white wine in brussels" passes over a name after the same ``in``."""
    from scout.task.placecues import strong_cues

    own = {fold(a).strip() for a in aliases}
    before = next((m.group(0) for m in strong_cues(aliases).finditer(free, 0, chosen)
                   if m.end() == chosen), None)
    said = re.sub(r"\s+", " ", cue.strip())
    return before is not None and said in own \
        and re.sub(r"\s+", " ", before.strip()) in own - {said}


def mark_cue_places(toks: list[Tok], free: str, original: str, aliases: list[str],
                     lang: str, place_input: bool = True, countries: bool = False) -> bool:
    """Mark the place after each "in / en / near / cerca de": the name the place reader
    reads there, or (a lower-case landmark: "near the sagrada familia") the words up to the
    next frame word. A name after "in / en" before the place the place reader chose is
    one it passed over ("chile en nogada en puebla": a known place after a later cue wins),
    so it stays in the subject and its cue joins it. With no place input, lower-case words
    the gazetteer does not know are the topic's ("sesgos en modelos de lenguaje"), not a
    landmark. Where the place inputs are countries' (``countries``), an institution's
    initials after a cue ("en la UAB") are no place either. True when some place was marked."""
    from scout.task.gazetteer import known_place_words
    from scout.task.notplace import degree_cue, field_cue, nominal_cue, people_field
    from scout.task.place import find_place, name_at
    from scout.task.placecues import is_secondary, strong_cues
    from scout.task.placeinput import institution

    chosen = find_place(free, original, lang, aliases)
    found = False
    starts = [t.start for t in toks]
    for m in strong_cues(aliases).finditer(free):
        i = index_at(starts, m.end())
        if i is None or not toks[i].word:
            continue
        name = name_at(free, original, m.end())
        quarter = None if name else _quarter_name(free, original, m.end())
        name = name or quarter
        if name is None and len(toks[i].text.rstrip("+#")) == 1 and not is_stop(toks[i].text):
            # "statistics in R", "programación en C": a language or a grade, no place; the
            # cue joins it to the topic
            for tok in toks:
                if m.start() <= tok.start < m.end():
                    tok.joins = True
            continue
        if (field_cue(m.group(0), m.start(), original)
                and (name is None or not original[name[1][0]].isupper()
                     or degree_cue(m.group(0), m.start(), original))
                or people_field(m.group(0), m.start(), original)
                or nominal_cue(m.group(0), m.start(), original)) \
                and not known_place_words([t.text for t in toks[i:i + 5] if t.word]):
            # "investigación en cambio climático", "researchers in machine learning": the
            # field the head word names, no place
            for tok in toks:
                if m.start() <= tok.start < m.end():
                    tok.field = True
            continue
        # typed with capitals, "Chile en nogada en Puebla": the place reader passed over a
        # lower-case word it would read as a name case-blind; an article or a request word
        # there opens the place's area ("en el centro de Madrid"), no part of the subject
        passed = name or name_at(free, original, m.end(), cased=False)
        if passed is not None and chosen is not None and passed[1][1] <= chosen[1][0] \
                and quarter is None and not is_secondary(m.group(0)) \
                and not _other_inputs_cue(m.group(0), chosen[1][0], free, aliases):
            # the place reader's choice is the place; the name it passed over is the dish's
            # ("mussels in white wine in brussels"), a landmark after "near" stays a place
            k = index_at(starts, m.start())
            while k is not None and k < len(toks) and toks[k].start < m.end():
                toks[k].joins = True
                k += 1
            continue
        typed = original[name[1][0]:name[1][1]].strip() if name is not None else ""
        if countries and name is not None and len(typed) > 2 and institution(typed):
            # "becas en la UAB": an institution's initials, no country; the topic's when
            # the request names no field ("... para biología" does)
            for tok in toks[i:]:
                if tok.start >= name[1][1]:
                    break
                tok.institution = True
            continue
        if not place_input and (name is None or not original[name[1][0]].isupper()) \
                and not known_place_words([t.text for t in toks[i:i + 5] if t.word]):
            continue  # "sesgos en modelos de lenguaje": no place to leave, the topic goes on
        stop = name[1][1] if name else None
        # "charlas en inglés sobre redes neuronales": the subject's cue ends what "en" began
        cue = next((t.start for t in toks[i + 1:] if t.text in _CUE_WORDS
                    and (stop is None or t.start < stop)), None)
        stop = cue if cue is not None else stop
        marked = False
        for tok in toks[i:]:
            if stop is not None and tok.start >= stop:
                break
            if stop is None and (not tok.word or (tok.text in sw.FRAME and tok is not toks[i])):
                break
            tok.place = found = marked = True
        if marked and name is not None:
            _mark_second_name(toks, i, name[1], free, original)
        if marked and (" " in m.group(0).strip() or _other_alias(m.group(0), aliases)):
            # a cue of several words ("based in", "con sede en": a place input's alias)
            # is the place's, none of its words the subject's ("researchers based in Lisbon")
            for tok in toks[:i]:
                if m.start() <= tok.start < m.end():
                    tok.place = True
    return found


def own_aliases(aliases: Iterable[str]) -> set[str]:
    """Of a place input's ``aliases`` (folded), those scout does not know as a cue or a
    frame word ("covering", "based in", "hacia"; not "in", "en", "desde"): they are the
    place's, never the subject's, while scout's own may join a subject ("mussels in white
    wine in Brussels")."""
    from scout.task import placewords as pw

    known = {*pw.CUES_EN, *pw.CUES_ES}
    return {a for a in (re.sub(r"\s+", " ", fold(w)).strip() for w in aliases)
            if a and a not in known and not all(is_stop(p, slips=False) or p in sw.FRAME
                                                for p in a.split())}


def _other_alias(cue: str, aliases: list[str]) -> bool:
    """``cue`` is one of :func:`own_aliases`."""
    return re.sub(r"\s+", " ", fold(cue)).strip() in own_aliases(aliases)


def _mark_second_name(toks: list[Tok], i: int, span: tuple[int, int], free: str,
                      original: str) -> None:
    """The places listed after the cued name at ``span`` are places too, never the subject
    ("in England and Wales", "en Madrid y Barcelona", "in Lisbon, Porto or Faro": what
    :func:`scout.task.placelist.listed_after` reads); the place input takes the first."""
    from scout.task.placelist import listed_after

    for after in listed_after(free, original, span):
        for tok in toks[i:]:
            if tok.start >= after[1][1]:
                break
            if tok.start >= span[1]:
                tok.place = True


def _quarter_name(free: str, original: str, pos: int) -> tuple[str, tuple[int, int]] | None:
    """A neighbourhood's noun and its name after a cue ("en la colonia Roma", "in the
    district of Alfama"): the place's words, the noun's included, from ``pos`` to the
    name's end, so no part of them is the subject ("tacos en la colonia")."""
    from scout.task.place import name_at

    noun = _QUARTER.match(free, pos)
    name = name_at(free, original, noun.end()) if noun else None
    return (name[0], (pos, name[1][1])) if name else None


# a neighbourhood's noun before its name, with its article ("la colonia", "el barrio de")
_QUARTER = re.compile(r"(?:(?:la|el|the)\s+)?(?:colonia|barrio|distrito|district|"
                      r"neighbou?rhood)\s+(?:(?:de|del|of)\s+)?")


def mark_known_places(toks: list[Tok], free: str, original: str) -> bool:
    """Mark every name the gazetteer knows ("madrid sushi", "sushi buenos aires"), with
    what follows it when it goes on with a particle ("palma de mallorca")."""
    from scout.task.gazetteer import country_as_typed, known_place_words
    from scout.task.place import name_at
    from scout.task.placewords import LANDFORMS, NAME_HEADS, PARTICLES

    found = False
    i = 0
    while i < len(toks):
        run = []
        for tok in toks[i:i + 5]:
            if not tok.word or tok.place:
                break
            run.append(tok.text)
        n = known_place_words(run)
        if not n and run and country_as_typed(original[toks[i].start:toks[i].end]) and not (
                i + 1 < len(toks) and toks[i + 1].word and original[toks[i + 1].start].islower()):
            n = 1  # "Chile", "Malbec from Chile": the country ("Chile relleno": the dish)
        if not n and run and toks[i].capital and toks[i].text in LANDFORMS | NAME_HEADS:
            # "Lake District camp", "Costa Brava sailing": a landform's noun typed with a
            # capital before a name is a place's name the gazetteer need not know
            name = name_at(free, original, toks[i].start)
            if name is not None and name[1][1] > toks[i].end:
                n = sum(1 for t in toks[i:] if t.start < name[1][1])
        if not n:
            i += 1
            continue
        end = toks[i + n - 1].end
        if i + n < len(toks) and toks[i + n].text in PARTICLES:
            name = name_at(free, original, toks[i].start)
            end = max(end, name[1][1]) if name else end
        # "la ciudad de guatemala", "isla de margarita": a head noun before the name is its
        if i >= 2 and toks[i - 1].text in PARTICLES and toks[i - 2].text in _HEADS:
            i -= 3 if i >= 3 and toks[i - 3].text in PARTICLES else 2
        while i < len(toks) and toks[i].start < end:
            toks[i].place = found = True
            i += 1
    return found
