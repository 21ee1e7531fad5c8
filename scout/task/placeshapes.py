"""Shapes of the words around a name that the place reader (:mod:`scout.task.place`)
checks when no cue stands before it: a place written short at the request's end ("SIM
only plan UK", "pizza nyc") or right after the thing sought ("guardamuebles bcn para ..."), and a word a number counts ("2 baños madrid": what is
counted, no name; a car's year before a town counts nothing: "audi a4 2019 leeds").
"""

from __future__ import annotations

import re

from scout.task.lang import fold
from scout.task.placecase import known_name

# what may follow a request's last word: what other readers claimed, punctuation, spaces
_AT_END = " \t\n\r\f\v\x00.,;:!?)]"
# a short way to write a place: "UK", "USA", "NYC", "EE. UU.", "cdmx" (letters and dots)
_ABBREVIATION = re.compile(r"(?<![\w.])(?:[^\W\d_]{1,2}\.\s?){1,3}(?:[^\W\d_]{1,2}\.?)?|"
                           r"(?<![\w.])[^\W\d_]{2,4}(?=[\s\x00.,;:!?)\]]*$)")


def abbreviation_at_end(free: str, original: str) -> tuple[str, tuple[int, int]] | None:
    """A place the gazetteer knows, written short, that ends the request with no cue
    before it ("SIM only plan UK", "tarifa móvil EE. UU.", "pizza nyc"): chat and
    headlines put a country's or a city's abbreviation last. A word typed in full is left
    to the other readings ("ramen girona barato" is about ramen, "hotel lisboa" reads the
    name after the kind's word)."""
    stop = len(free.rstrip(_AT_END))  # rstrip, not a regex search: linear on a long run
    for m in _ABBREVIATION.finditer(free, max(0, stop - 12), stop):
        text = original[m.start():m.end()].rstrip()
        bare = text.rstrip(".")
        text += "." if "." in bare and original[m.start() + len(text):][:1] == "." else ""
        if m.end() >= stop - 1 and "\x00" not in m.group(0) and known_name(bare) and (
                bare.isupper() or "." in bare or not any(c in "aeiou" for c in fold(bare))
                or len(bare) <= 3):
            name = text if "." in bare else bare if bare.isupper() else bare.upper()
            return name, (m.start(), m.start() + len(name))
    return None


def abbreviation_after(original: str, end: int) -> tuple[str, tuple[int, int]] | None:
    """A city's or country's abbreviation the gazetteer knows, typed in lower case with
    no vowel ("bcn", "cdmx", "nyc"), as the word right after ``end`` with only spaces
    between: "guardamuebles bcn para las cosas" → BCN, the thing sought then where, as
    :func:`abbreviation_at_end` reads one that ends the request. A word with a vowel
    ("trastero sevilla") is left to the name reader: it could be any word."""
    m = re.compile(r"[ \t]+([^\W\d_]{2,4})(?![\w'’-])").match(original, end)
    if m is None:
        return None
    word = m.group(1)
    if not word.islower() or any(c in "aeiou" for c in fold(word)) or not known_name(word):
        return None
    return word.upper(), m.span(1)


def counted(original: str, words: list[re.Match[str]]) -> list[bool]:
    r"""For each word, whether a number stands right before it ("2 baños"): a number that
    opens the text or follows whitespace, then spaces or tabs (``(?:^|\s)\d[\d.,]*[ \t]*$``
    over the text before the word). Read backwards from each word: that search, once per
    word over all the text before it, was quadratic. A year after a name's word or a
    model's code, before a town the gazetteer knows, counts nothing: "audi a4 2019 leeds",
    "vw golf 2016 bristol" are a car's year, then where."""
    out = []
    for m in words:
        end = m.start()
        # ``$`` also matches before a final newline
        ends = (end, end - 1) if end and original[end - 1] == "\n" else (end,)
        out.append(any(_number_before(original, e) for e in ends)
                   and not (_YEAR_AFTER_NAME.search(original, 0, end) and known_name(m.group(0))))
    return out


# a year typed bare after a word ("a4 2019 ", "golf 2016 ") or an engine's size after one
# ("corsa 1.2 2012 "), right before the word checked
_YEAR_AFTER_NAME = re.compile(r"(?<![\w.,])[^\W_]*[^\W\d_][^\W_]*[ \t]+(?:[1-9][.,]\d[ \t]+)?"
                              r"(?:19|20)\d\d[ \t]+$")


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
