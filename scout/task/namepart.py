"""A capitalised word that is the second word of a thing's own name, never a place: a car's
make and model ("cambio de aceite Seat León", "Seat Ibiza 1.0 2020", "Ford Focus 1.6
2015"), a product and its kind ("imprimir 200 Folletos Tríptico"). For the place
reader's pass over capitalised words (:mod:`scout.task.place`). And a name the gazetteer
does not know with a model's size or code after it ("Opel Zafira 1.6", "Peugeot 3008") is
a thing's, wherever it is; a year alone after a name says nothing ("Texas 2010-2020").

The word right before it is capitalised too, with only a space between, and is no place,
no request word and no word of the kind: it is what another input read (the job, the
product) or a model's code. Then the two are one name, unless the writer opened the
sentence with the first ("Ramen Barcelona", "Ramen Exeter": the thing, then the town, one
the gazetteer may lack); opening the sentence, the pair is a name only when what follows
says a model's: an engine's size, a year or a code ("Seat León 2018 pastillas", "Ford
Focus 1.6 2015").

Without a list of makes, two shapes more say a thing's name: after a possessive ("mi
Renault", "my Toyota") or after "un" / "an" / English "a" before a model's year, a
clause's end or a joining word ("un Toyota 2015 y ...", "a Vauxhall 2014"), a capitalised
name the gazetteer lacks (:func:`owned_thing`); and a make and model typed in lower case
at the request's start, then its code or year, then a town the gazetteer knows ("audi a4
2019 leeds"): the town is the place (:func:`town_after_model`).
"""
from __future__ import annotations

import re

from scout.task import placewords as pw
from scout.task.lang import fold
from scout.task.placecase import known_name
from scout.task.placename import kind_word

# what a model's name is followed by: an engine's size ("1.6", "2,0"), a year ("2018"), or
# a code of letters and digits ("A4", "CX-5", "6J"); never a bare count ("2 personas")
_MODEL_AFTER = re.compile(r"[ \t]+(?:[1-9][.,]\d(?!\d|[.,]\d)|(?:19|20)\d\d(?!\d|[.,]\d)|"
                          r"[A-Za-z]{1,3}-?\d+[A-Za-z]?\b|\d{1,3}[A-Za-z]{1,3}\b|"
                          r"\d{2,4}(?=[ \t]*(?:[,;:)]|$)))")
# a code of capitals and digits ("A4", "CX-5"): a model's, as the word before a name
_CODE = re.compile(r"[A-Z]{1,3}-?\d[\w-]*")
_SENTENCE_END = re.compile(r"(?:^|[.!?:;\n])[\s¿¡\"'“‘«(*>-]*$")


def second_name_word(original: str, free: str, words: list[re.Match[str]], i: int,
                     end: int) -> bool:
    """Whether ``words[i]`` (a capitalised word of ``original``; the name read from it
    ends at ``end``) is the second word of a thing's name the word before it opens."""
    if i == 0:
        return False
    prev, word = words[i - 1], words[i]
    if original[prev.end():word.start()] != " " or not prev.group(0)[0].isupper():
        return False
    head = prev.group(0)
    f = fold(head)
    if known_name(head) or f in pw.LEADING or f in pw.STOP or f in pw.VENUE_WORDS \
            or f in pw.TRIP_NOUNS or f in pw.PARTICLES or kind_word(head):
        return False
    if not (free[prev.start()] == "\x00" or _CODE.fullmatch(head)):
        return False  # an unread capitalised word before it: its own reading decides
    if not _SENTENCE_END.search(original[:prev.start()]):
        return True  # "cambio de aceite Seat León": mid-sentence, two capitals are one name
    # (an unknown second word opening the sentence is no sign: "Ramen Exeter", the dish
    # and a town the gazetteer lacks)
    return _MODEL_AFTER.match(original, end) is not None


# the same less a year: after a name alone a year may be an event's or data's ("Texas
# 2010-2020", "Glastonbury 2027"), an engine's size or a model's code may not
_SIZE_OR_CODE = re.compile(r"[ \t]+(?:[1-9][.,]\d(?!\d|[.,]\d)|[A-Za-z]{1,3}-?\d+[A-Za-z]?\b|"
                           r"\d{1,3}[A-Za-z]{1,3}\b|(?!(?:19|20)\d\d)\d{2,4}(?=[ \t]*(?:[,;:)]|$)))")


def model_follows(original: str, end: int) -> bool:
    """Whether a model's size or code follows ``end`` ("Opel Zafira 1.6", "Peugeot 3008,",
    "Kia XCeed GT2"): a name the gazetteer does not know before one is a thing's."""
    return _SIZE_OR_CODE.match(original, end) is not None


_NOUN_BEFORE = re.compile(r"([^\W\d_]+)[ \t]+(?:(?:de|del|of|the|el|la)[ \t]+)?$")


def after_landmark(original: str, start: int) -> bool:
    """Whether a landmark's common noun stands right before ``start`` ("aeropuerto de
    Barajas T4", "Heathrow airport Terminal 5"... "airport Barajas T4"): the code there
    numbers a place's part, no model's."""
    m = _NOUN_BEFORE.search(original, max(0, start - 40), start)
    return m is not None and fold(m.group(1)) in pw.GENERIC


def numbered_part(name: str) -> bool:
    """Whether ``name`` holds a noun a place's part is numbered by ("Pabellón 3 de IFEMA",
    "Terminal 2"): its number is the place's, no model's code."""
    return any(fold(w) in pw.NUMBERED for w in name.split())


# a model's code, engine size or year, one or more, after a make typed in lower case and
# before the next word: "audi a4 2019 ", "vw golf 1.6 2016 "
_MODEL_TAIL = re.compile(r"(?:[ \t]+(?:[1-9][.,]\d(?!\d)|(?:19|20)\d\d|[a-z]{1,3}-?\d+[a-z]?))+"
                         r"[ \t]+(?=[^\W\d_])")


def town_after_model(free: str, original: str, hit: tuple[str, tuple[int, int]] | None,
                     ) -> tuple[str, tuple[int, int]] | None:
    """The town the gazetteer knows right after a thing's model said at the request's
    start in lower case ("audi a4 2019 leeds", "vw golf 2016 bristol"): ``hit``, the name
    read from the first word, is then the make and model, no place; None otherwise."""
    from scout.task.placename import read_name

    if hit is None or known_name(hit[0]):
        return None
    tail = _MODEL_TAIL.match(original, hit[1][1])
    if tail is None or not re.search(r"\d", hit[0] + tail.group(0)):
        return None
    nxt = read_name(free, original, tail.end(), False)
    return nxt if nxt is not None and known_name(nxt[0]) else None


# whose a thing is, or one of a kind: a car, a brand's product ("mi Renault", "my Honda",
# "un Toyota 2015", "a Vauxhall, 2014"); a place takes neither ("en Getafe", "in Leeds")
_POSSESSIVE = frozenset({"mi", "mis", "tu", "tus", "su", "sus", "nuestro", "nuestra", "vuestro",
                         "vuestra", "my", "our", "your", "his", "her", "their"})
_ONE_OF = frozenset({"un", "una", "an"})
# what may follow such a thing's name: the sentence's or a clause's end, a joining word, or
# its model's size, year or code ("un Toyota 2015", "a Mazda CX-5")
_THING_END = re.compile(r"[ \t]*(?:$|[,.;:!?)\n]|(?:y|e|o|and|or|que|that|which|con|with|para|"
                        r"for|pero|but|de|del|from|del)\b)")


def owned_thing(original: str, start: int, end: int, lang: str) -> bool:
    """Whether the capitalised name at ``start:end`` of ``original`` (one the gazetteer
    does not know: the caller's to check) is a thing's, said after a possessive ("mi
    Renault", "the brakes on my Toyota") or after "un" / "an" ("a" in English) where a
    model's year, size or code, a clause's end or a joining word follows it ("tengo un
    Kia y ...", "clutch for a Vauxhall 2014"); "a Glastonbury ticket" stays the town's."""
    before = re.search(r"(?<![\w'’])([^\W\d_]+)[ \t]+$", original[max(0, start - 12):start])
    if before is None:
        return False
    word = fold(before.group(1))
    if word in _POSSESSIVE:
        return True
    if word not in _ONE_OF and not (word == "a" and lang == "en"):
        return False
    return _THING_END.match(original, end) is not None or _MODEL_AFTER.match(original, end) is not None
