"""The cue words a place follows in a request, for the place readers: "in / at / near /
to", "en / cerca de / a" and a place input's own aliases (:func:`place_cues`), whether one
stands right before a name (:func:`cued`), the ones a name after "in" / "en" wins over
(:func:`is_secondary`), the strong ones other readers skip a place after
(:func:`strong_cues`), and the "to" / "a" that is no cue: "introduction to", "guía a", an
English infinitive (:func:`intro_cue`). Used by :mod:`scout.task.place`.
"""

from __future__ import annotations

import re

from scout.task import placewords as pw
from scout.task import subjectwords as sw
from scout.task.lang import fold
from scout.task.notplace import word_before as _word_before
from scout.task.placecase import known_name
from scout.task.placename import WORD, known_end


def place_cues(lang: str, aliases: list[str]) -> list[str]:
    """The cues a place follows in a request in ``lang``, a place input's ``aliases``
    first (folded)."""
    cues = list(pw.CUES_EN) + list(pw.CUES_ES if lang == "es" else ("en", "cerca de"))
    own = [fold(a) for a in aliases]
    # an alias that ends with its preposition cues without it too, as notes and chat
    # write it ("pick-up Faro airport" for "pick-up in", "devolución Sevilla")
    bare = [a.rsplit(" ", 1)[0] for a in own
            if " " in a and a.rsplit(" ", 1)[1] in _CUE_TAILS and len(a.rsplit(" ", 1)[0]) > 3]
    return own + bare + cues


_CUE_TAILS = frozenset({"in", "en", "at", "from", "desde"})


def cued(free: str, start: int, lang: str, aliases: list[str], *, of: bool = True) -> bool:
    """A cue ("in", "en", "cerca de") or, with ``of``, "de" / "of" / "from", with or
    without an article, stands right before ``start`` ("from the Mosel", "de Rías
    Baixas")."""
    # another input's words in between part the cue from the name ("motor en el [buje]
    # trasero": "trasero" follows the motor's word, no "en")
    before = re.findall(r"[^\W\d_]+", free[max(0, start - 40):start].rpartition("\x00")[2])
    if before and before[-1] in pw.LEADING_ARTICLES:
        before.pop()
    cues = set(place_cues(lang, aliases)) | (pw.OF if of else set())
    return any(" ".join(before[-n:]) in cues for n in (1, 2) if len(before) >= n)


def _after_intro(free: str, pos: int) -> bool:
    """The word before ``pos`` opens what a request is about ("introduction to", "guide
    to", "introducción a"): what follows is the topic, not where to go."""
    return _word_before(free, pos) in sw.INTRO


# verbs an English infinitive follows: "we need to change the rental" (a verb, no place)
_TO_VERBS = frozenset({"need", "needs", "want", "wants", "have", "has", "had", "going", "like",
                       "love", "try", "trying", "plan", "planning", "hope", "hoping", "wish",
                       "able", "used", "supposed", "decided", "forgot"})


def intro_cue(m: re.Match[str], free: str, original: str) -> bool:
    """The cue ``m`` is the "to" / "a" of "introduction to" / "guía a", or the "to" of an
    infinitive ("we need to change the rental"), and no place the gazetteer knows follows
    it."""
    return m.group("cue") in ("a", "to") and (
        _after_intro(free, m.start())
        or (m.group("cue") == "to" and _word_before(free, m.start()) in _TO_VERBS)) \
        and known_end(free, m.end()) is None \
        and not known_at(list(WORD.finditer(original, m.end())), 0)


def topic_after_intro(free: str, hit: tuple[str, tuple[int, int]]) -> bool:
    """``hit`` stands right after "introduction to" / "guide to" and the gazetteer does
    not know it ("guide to Rust"; "guide to Lisbon" stays a place)."""
    before = re.search(r"(?:^|\s)(to|a)\s+$", free[:hit[1][0]])
    return before is not None and _after_intro(free, before.start(1)) and not known_name(hit[0])


def known_at(words: list[re.Match[str]], k: int) -> bool:
    """A place the gazetteer knows starts at ``words[k]`` ("para sevilla", "for new york")."""
    from scout.task.gazetteer import known_place_words

    return known_place_words([fold(x.group(0)) for x in words[k:k + 5]]) > 0


# ------------------------------------------------------- for readers that must skip places
# (their cues, :data:`placewords.STRONG_CUES`, leave "a" / "to" out)


def strong_cues(aliases: list[str]) -> re.Pattern[str]:
    """The words after which a place comes in any request (and a place input's aliases),
    as a pattern over folded text whose match ends where the place starts."""
    cues = sorted({fold(a) for a in aliases} | set(pw.STRONG_CUES), key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(c).replace(r"\ ", r"\s+")
                                                 for c in cues) + r")\s+")


def is_secondary(cue: str) -> bool:
    """``cue`` (folded, as matched) is one a name after "in" / "en" wins over ("near",
    "cerca de"): :func:`scout.task.place.find_place` never passes over a name after it
    for a later one."""
    return re.sub(r"\s+", " ", cue.strip()) in pw.SECONDARY
