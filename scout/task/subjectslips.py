"""A frame word typed with a slip, and whether a word is never part of a subject.

The words of :mod:`scout.task.subjectwords` are what a request's subject leaves out;
people type the longer ones with a slip ("dnde", "resturante", "recomiendame"), and such a
slip is the word too. :func:`near` says which frame word a word is a typo of (an edit
distance with adjacent swaps, bounded by the word's length, the first letter kept), never
another word of the same stem ("espectaculos" is no slip of "espectacular");
:func:`is_stop` says a word is never part of a subject, as written or with a slip.
"""

from __future__ import annotations

import functools
import re

from scout.task.subjectwords import MEALS, QUALITY, REQUEST, STOP, VENUES

# the words a typo is still read as: the longer ones of asking, eating, searching and
# venues (a typo of "de" or "en" cannot be told from a word)
# Slang, names of voice assistants and short nouns that are one letter from food and other
# words are not typo targets: "curry" is no "curro", "rolls" no "roles", "chambers" no
# "chamba"; nor a relayed person's verbs and the copula ("white" is no "write"); nor a
# quality word one letter from a thing's noun ("valve" is no "value": "boiler valve")
_NO_SLIPS = frozenset("""
role roles chamba chambas curro curros laburo laburos che oye oiga oigan siri alexa google
cortana kindly pasame fijate
pide piden pidio solicita solicitan quiere quieren busca buscan desea desean deseo
prefiere prefieren requiere requieren say says said tell tells told write writes wrote
dice dicen dijo escribe escribio comenta comento sera seran seria serian era eran fue
were been
value
""".split())
_TYPO_TARGETS = frozenset(w for w in REQUEST | VENUES | QUALITY
                          if len(w) >= 5 and w.isalpha() and w not in _NO_SLIPS)


_TYPO_ORDER = tuple(sorted(_TYPO_TARGETS))  # a fixed order, whatever the hash seed


_SHORT_TARGETS = frozenset(w for w in REQUEST | VENUES | QUALITY
                           if len(w) == 4 and w.isalpha() and w not in _NO_SLIPS)


def _distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count one), stopping past ``limit``."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def _inflected(word: str, target: str) -> bool:
    """Whether ``word`` is ``target``'s stem with another ending of two letters at most
    ("espectaculos" / "espectacular"): another word (a show, not spectacular), not a typo;
    people slip inside a word, and one letter more or less at its end is still a typo
    ("restaurantes" is listed, "baratos" is one edit)."""
    stem = min(len(word), len(target)) - 2
    if word[:stem] == target[:stem] and word[stem:] != target[stem:] \
            and _distance(word, target, 2) == 2:
        return True
    # the Spanish noun in -ía of an adjective in -ico ("economía" / "económica",
    # "fotografía" / "fotográfica"): one letter apart, two words
    noun = re.fullmatch(r"(\w+)ias?", word)
    if noun is not None and re.fullmatch(re.escape(noun.group(1)) + r"ic[oa]s?", target):
        return True
    # the English noun in -ics of a Spanish adjective in -icos ("economics" / "económicos",
    # "electronics" / "electrónicos"): a field, not a slip
    return word.endswith("ics") and re.fullmatch(re.escape(word[:-1]) + r"[oa]s?", target) is not None


@functools.lru_cache(maxsize=4096)
def near(word: str) -> str | None:
    """The frame word ``word`` is a typo of ("dnde" → "donde", "resturante" →
    "restaurante"), or None. One edit for words of five to seven letters, two from eight
    letters when the lengths differ by one at most ("restorante", but "cocido" is no
    "conocido"), though not two letters changed in place ("guitarra" is no "gustaría");
    the first letter must match (people rarely miss it, and it keeps "pasty"
    from "tasty")."""
    if len(word) < 4 or word in STOP or word in MEALS:  # "cena" is no slip of "cenar"
        return None
    if len(word) == 4:  # a short word: two letters swapped ("bset"), or one left out below
        swapped = (word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(3))
        hit = next((w for w in swapped if w in _SHORT_TARGETS), None)
        if hit:
            return hit
    best: tuple[int, str] | None = None
    # the nearest target wins, then the first in alphabetical order: a set's order changes
    # with each process's string hashing, and "resturante" is two edits from both
    # "restaurante" and "restaurants", so the first one met made the reading vary by run
    for target in _TYPO_ORDER:
        if target[0] != word[0] or abs(len(target) - len(word)) > 2:
            continue
        limit = 2 if len(target) >= 8 and abs(len(target) - len(word)) <= 1 else 1
        dist = _distance(word, target, limit)
        if dist == 2 and len(word) == len(target):
            continue  # two letters changed in place: another word ("guitarra", "gustaría")
        if dist <= limit and not _inflected(word, target) and (best is None or dist < best[0]):
            best = (dist, target)
    return best[1] if best else None


def is_stop(text: str, *, slips: bool = True) -> bool:
    """``text`` (a folded word) is never part of a subject, also typed with a slip
    (``slips=False``: only as written)."""
    return text in STOP or all(p in STOP for p in text.split("-")) \
        or (slips and near(text) is not None)
