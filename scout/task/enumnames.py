"""An enum word that is a proper name's, not the value asked (the enum reader,
:mod:`scout.task.enums`, passes over it): a synonym the kind writes as a name read only
with its capital ("First" the exam, not "the first lesson"), a word that opens a name
("the Spanish Civil War") or ends one, a person's surname ("de Laura Gallego"), and a
landform's noun that opens a place's name ("the Lake District", "los Picos de Europa")."""

from __future__ import annotations

import re

from scout.task.lang import fold
from scout.task.readers import QueryText
from scout.task.subjectwords import FUNCTION_WORDS


# one word written with its capital and no other: a name ("First", "Advanced")
_CAPITALISED = re.compile(r"[A-ZÁÉÍÓÚÑÜ][a-záéíóúñü]+")


def name_only(word: str) -> bool:
    """An enum synonym the kind writes as one capitalised word ("First", "Advanced" for
    Cambridge's exams) is a name: typed in lower case it is the ordinary word ("the first
    lesson is free", "advanced maths"), so it is read only typed with its capital. A place
    the gazetteer knows ("Europa", "Japan") is read in any case, as the place reader reads
    it; so are codes ("IELTS", "A-level") and longer synonyms ("Cambridge First")."""
    if not _CAPITALISED.fullmatch(word):
        return False
    from scout.task.placecase import known_name

    return not known_name(word)


# an article, then a capitalised enum word, then another capitalised word: a proper name
# the word opens ("the Spanish Civil War", "the French Revolution", "la Francesa ...")
_ARTICLE_BEFORE = re.compile(r"(?<!\w)(?:the|la|el|los|las)[ \t]+$")
_CAPITAL_AFTER = re.compile(r"[ \t]+[A-ZÁÉÍÓÚÑ][\w'’-]*")


def opens_proper_name(text: QueryText, span: tuple[int, int]) -> bool:
    """The enum word at ``span``, typed with its capital after an article, opens a name
    with a capitalised word after it ("about the Spanish Civil War"): the name's word, not
    the value (a book's language). A word with no article before it ("Spanish Novels" in
    a title-cased request) is still the value."""
    a, b = span
    return text.original[a:a + 1].isupper() \
        and _ARTICLE_BEFORE.search(text.free, max(0, a - 8), a) is not None \
        and _CAPITAL_AFTER.match(text.original, b) is not None


# a given name right before a capitalised enum word: the word is the person's surname
# ("novelas de Laura Gallego", "a book by Dawn French", "Carmen Castellano")
_GIVEN_BEFORE = re.compile(r"(?<![\w.,;:!?(])[ \t]*(?P<given>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})[ \t]+$")
_WORD = re.compile(r"[^\W\d_]+")


def ends_proper_name(text: QueryText, span: tuple[int, int], vocab: frozenset[str]) -> bool:
    """The enum word at ``span``, typed with its capital, follows a capitalised word inside
    a sentence that is no place and no enum word of the kind's ("de Laura Gallego"): a
    person's surname, not the value. Not in a request typed title-case ("Books In
    Spanish"), where every word has its capital, nor after the request's first word."""
    a, _b = span
    if not text.original[a:a + 1].isupper():
        return False
    before = _GIVEN_BEFORE.search(text.original, max(0, a - 24), a)
    if before is None or not text.original[:before.start("given")].strip():
        return False
    words = _WORD.findall(text.original)[1:]
    if any(w[:1].isupper() and fold(w) in FUNCTION_WORDS for w in words):
        return False  # title-cased ("Books In Spanish"): a capital says nothing
    given = before.group("given")
    from scout.task.demonymwords import is_demonym
    from scout.task.placecase import known_name

    # "Inglés Gallego" is two languages, "Madrid Español" a place and a value: no person
    return not (known_name(given) or is_demonym(fold(given)) or fold(given) in FUNCTION_WORDS
                or fold(given) in vocab)


def opens_landform_name(text: QueryText, span: tuple[int, int]) -> bool:
    """The word at ``span`` is a landform's noun that opens a place's name ("Lake" in "the
    Lake District", "picos" in "los Picos de Europa"): the name is the place's, so the
    noun is no enum word of the request (a trail's lake, a summit). Typed with capitals,
    the noun has its capital and a name follows it; typed in lower case, the gazetteer
    knows the name it opens or an article before it says it is one (:func:`lower_landform_name`)."""
    from scout.task.placename import is_cased, known_end, lower_landform_name, read_name
    from scout.task.placewords import LANDFORMS

    if fold(text.free[span[0]:span[1]]) not in LANDFORMS:
        return False
    if is_cased(text.original, text.free):
        if not text.original[span[0]:span[0] + 1].isupper():
            return False
        name = read_name(text.free, text.original, span[0], True)
        return name is not None and name[1][1] > span[1]
    end = known_end(text.free, span[0])
    return (end is not None and end > span[1]) \
        or lower_landform_name(text.free, text.original, *span)
