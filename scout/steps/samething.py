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

The converse, :func:`two_things`, keeps apart names that look alike on one site (where
"most words shared" would merge them): the more specific name is another thing, never
the same one said more fully. A site's pages add words after a name freely ("fotos",
"opiniones", "admissions", its city), so only these say "another":

* one word followed by another number in each: a model, a generation, a flight number
  ("ThinkPad X1 Carbon Gen 11" and "Gen 12", "iPhone 14" and "iPhone 15", "IB 6251" and
  "IB 6253");
* one holds every word of the other, in order, and puts a word of its own between them
  (a time, a branch, a variant: "Iberia MAD JFK" and "Iberia evening MAD JFK");
* each has a word of its own, not a number, beside the words they share (two members
  of one family: "NH Collection Madrid" and "NH Madrid Atocha"), unless those are a
  model with its number ("Dell XPS 13 (2026)" and "XPS 13 deals"); a number alone on
  each side is a year, an edition, a size said or not ("Toyota Corolla 1.8 Hybrid
  Active", "Toyota Corolla Hybrid Active 2019"), left to the caller's other checks.

A name that only adds words after the other's stays its page ("Clínica Dental Ruzafa,
opiniones", "XPS 13 deals"): on one site that is no sign of another thing, unless what
it adds goes on with the name itself (:func:`variant_after`): nothing but a space before
it, written as a name's word is (a capital), not a number, not a word the search asked
for (its place) nor one a page about the thing adds (reviews, prices, a section of its
site: "Rooms", "Habitaciones"; the country it is in): "iPhone 15 Pro",
"Hotel Arts Residences", "Galaxy S24 Ultra" are variants of "iPhone 15", "Hotel Arts",
"Galaxy S24", and a chain's "NH Madrid Nacional" (the place asked may come between)
another thing than its home page's "NH Hotels". A fan-out's source about the longer one ("iPhone 15 Pro", "Arts Hotel
Lisbon") is still kept from the shorter by the words only the longer says
(:func:`scout.steps.mentions.others_words`).

A source is about one candidate by the words of its name it says
(:func:`scout.steps.mentions.names_candidate`); a number there is no word of its own
(too short, or said of anything), so :func:`numbered_otherwise` tells a text that
numbers the name's word otherwise ("ThinkPad X1 Carbon Gen 12 review" for "Gen 11",
"iPhone 15" for "iPhone 14") and never as the name does: it is about the other one.
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


def _numbered(words: Sequence[str]) -> dict[str, str]:
    """Each word followed by a number, with that number: {"gen": "11"}."""
    return {w: n for w, n in zip(words, words[1:]) if not _has_digit(w) and _has_digit(n)}


def _inserted(short: Sequence[str], long: Sequence[str]) -> bool:
    """Whether ``long`` holds ``short``'s words in order with a word of its own between
    the first and the last of them."""
    at: list[int] = []
    for w in short:
        start = at[-1] + 1 if at else 0
        if w not in long[start:]:
            return False
        at.append(long.index(w, start))
    return at[-1] - at[0] + 1 > len(short)


def two_things(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether the names whose words are ``a`` and ``b`` (each in order, as for
    :func:`one_thing`) are two things by the converse rule in the module docstring,
    however many words they share."""
    na, nb = _numbered(a), _numbered(b)
    if any(w in nb and nb[w] != n for w, n in na.items()):
        return True
    short, long = (a, b) if len(set(a)) <= len(set(b)) else (b, a)
    if len(set(short)) >= 2 and _inserted(short, long):
        return True
    shared = set(a) & set(b)
    # each a word of its own: a family's two members, unless what they share is a model
    # with its number ("Dell XPS 13 (2026)", "XPS 13 deals")
    return bool(shared) and all(any(not _has_digit(w) for w in set(x) - shared) for x in (a, b)) \
        and not _numbered([w for w in a if w in shared])


def numbered_otherwise(name: Sequence[str], text: Sequence[str]) -> bool:
    """Whether ``text`` (all its words, in order) follows a word that ``name`` (its
    words as for :func:`one_thing`) follows by a number with other numbers only."""
    mine = _numbered(name)
    said: dict[str, set[str]] = {}
    for word, after in zip(text, text[1:]):
        if word in mine and _has_digit(after):
            said.setdefault(word, set()).add(after)
    return any(word in said and number not in said[word] for word, number in mine.items())


#: a name's word as :func:`variant_after` reads it: the word (folded as for
#: :func:`one_thing`), whether it is written as a name's word is (a capital first), and
#: whether nothing but spaces (and words left out of the name's words) part it from the
#: word before
Marked = tuple[str, bool, bool]


def variant_after(short: Sequence[str], long: Sequence[Marked], asked: Collection[str] = (),
                  plain: Collection[str] = ()) -> bool:
    """Whether ``long`` says ``short``'s words together and in order, then goes on with a
    word of its own as the module docstring says a variant does; ``asked``: the search's
    words, ``plain``: the words a page about a thing adds after its name (reviews,
    prices, its site's sections, its country)."""
    words = [w for w, _named, _joined in long]
    size = len(short)
    if not size:
        return False
    for start in range(len(words) - size):
        if words[start:start + size] != list(short):
            continue
        at = start + size
        # the place asked for may come between: "NH Madrid Nacional" after "NH" for Madrid
        while at < len(words) - 1 and words[at] in asked and long[at][2]:
            at += 1
        word, named, joined = long[at]
        if named and joined and not _has_digit(word) and word not in asked \
                and word not in plain:
            return True
    return False
