"""When two results from different sites name one thing: a shop's listing and another
shop's of the same bottle, book or laptop, titled with or without its maker.

Shops title one product differently: "Pago de Carraovejas Crianza 2019" on one,
"Carraovejas Crianza 2019" on another; "Apple MacBook Air 13 M3" and "MacBook Air 13
M3"; "Bodegas Emilio Moro 2019" and "Emilio Moro 2019". Their name
keys differ, so the search step kept them as two options, each with one shop's price.
The rule here is deliberately narrow, since two things often share most of their words
("Emilio Moro 2019" and "Emilio Moro Malleolus 2019" are two wines; "iPhone 15" and
"iPhone 15 128 GB" an item and a version of it):

* the shorter name's words are the longer's last words, in order: the longer only puts
  words before them (a maker, a brand, an author, a category), never between or after
  (an edition, a size, a version);
* those leading words hold no number (a vintage, a model, an edition number: "2 x", a
  "2018" against a "2019" is another thing);
* the shorter name says enough to name one thing: two words and a number (a vintage, a
  model: "Carraovejas Crianza 2019", "MacBook Air 13 M3"), else three words ("Data
  Scientist" and "Senior Data Scientist" are two jobs), one of them not a word the search
  asked for ("Crianza 2019" names no one wine);
* it is one thing only: a name that could be the tail of two candidates joins neither.

The caller (:func:`scout.steps.extract.to_candidates`) gives the names' words with the
generic, function and listing words left out, and checks that they state no different
quantities or enum values.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


def _has_digit(word: str) -> bool:
    return any(ch.isdigit() for ch in word)


def one_thing(a: Sequence[str], b: Sequence[str], asked: Collection[str] = ()) -> bool:
    """Whether the names whose words are ``a`` and ``b`` (each in order) name one thing
    by the rule in the module docstring; ``asked``: the search's own words."""
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if not short or len(short) == len(long) or list(long[len(long) - len(short):]) != list(short):
        return False
    if any(_has_digit(w) for w in long[:len(long) - len(short)]):
        return False
    words = [w for w in short if not _has_digit(w)]
    # enough to name one thing: a number with two words ("Carraovejas Crianza 2019",
    # "MacBook Air 13"), else three ("Senior Data Scientist" is not "Data Scientist")
    enough = len(words) >= 3 or (len(words) >= 2 and len(words) < len(short))
    return enough and any(w not in asked for w in words)
