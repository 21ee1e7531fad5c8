"""A page pricing several services or things, for ``rank``: the one the request asks.

A salon's "Corte 18 €, tinte 35 €, mechas 60 €", a spa's "Masaje sueco 50 €, masaje
tailandés 65 €", a garage's "Oil change £60, MOT £45, brake pads £120" each price what
they sell by name. Where the request's subject (its ``subject`` input: "mechas en
Chamberí", "thai massage in Leeds") names one of those labels, each source's price is that
label's amount: "mechas" is 60 €, never the first 18 €. A label is the words right before
its amount in its own clause; the one sharing most of the subject's words is it, the one
with fewest other words on a tie ("corte" over "corte y peinado" for "corte"), a plural and
its singular one word ("tintes" and "tinte", "colchones" and "colchón"), and none is
where two tie still ("pizza margarita", "pizza cuatro quesos" for "pizza"). A page whose
labels name no subject word, or pricing one thing, is left as it was; so is a source
whose price is per a unit or a period other amounts' are not on (a rate beside a fee).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.schemas.records import Evidence
from scout.schemas.task import Money
from scout.task.amounts import find_amounts
from scout.task.lang import fold

#: what ends a label, before its amount's clause (folded text)
_BREAK = re.compile(r"[.;,\n|/·•()\[\]]")
#: words that name no service: articles, prepositions, a price's own words (folded)
_FILLER = frozenset({
    "de", "del", "la", "el", "los", "las", "un", "una", "y", "e", "o", "u", "con", "sin",
    "a", "al", "en", "por", "para", "desde", "precio", "precios", "tarifa", "the", "of",
    "and", "or", "with", "without", "for", "an", "in", "from", "price", "prices", "only",
    "solo", "just", "our", "nuestro", "nuestra", "each", "cada", "per", "pvp", "aprox",
})


def subject_words(subject: str | None) -> frozenset[str]:
    """The words of the request's ``subject`` a label is matched by: folded, a plural's
    ending dropped, filler left out."""
    return frozenset(_words(subject or ""))


def _words(text: str) -> list[str]:
    out = []
    for w in re.findall(r"[^\W\d_]+", fold(text)):
        if w in _FILLER or len(w) < 3:
            continue
        out.append(_stem(w))
    return out


#: the letters a plural adds "es" after, not "s" ("pasteles", "colchones", "classes",
#: "coaches"): "cortes" is "corte" and "massages" "massage", never "cort" or "massag"
_ES_AFTER = frozenset("lnrdjzxs")


def _stem(word: str) -> str:
    """``word`` without a plural's ending, the singular and the plural alike ("mechas" and
    "mecha", "cortes" and "corte", "colchones" and "colchón", "classes" and "class"); a
    word ending in "ss" is none ("class")."""
    if len(word) <= 3 or not word.endswith("s") or word.endswith("ss"):
        return word
    if word.endswith("es") and len(word) > 4 and (word[-3] in _ES_AFTER
                                                  or word.endswith(("ches", "shes"))):
        return word[:-2]
    return word[:-1]


def labelled_prices(text: str) -> list[tuple[frozenset[str], int, Money]]:
    """Each amount of ``text`` stating no period, with its label's words (the words right
    before it in its clause) and how many they are."""
    out: list[tuple[frozenset[str], int, Money]] = []
    prev = 0
    for money, (start, end) in find_amounts(text):
        seg = text[prev:start].rstrip(" :=-–")
        prev = end
        if money.per is not None:
            continue
        label = _BREAK.split(seg)[-1]
        words = _words(label)
        if words:
            out.append((frozenset(words), len(words), money))
    return out


def restate_service(evidence: list[Evidence], asked: frozenset[str]) -> list[Evidence]:
    """``evidence`` with each source's price, where it prices two labelled amounts or more
    and one label names the subject asked (``asked``: :func:`subject_words`), that label's
    amount; the others as they were."""
    if not asked:
        return evidence
    out: list[Evidence] = []
    for e in evidence:
        price = e.price
        text = f"{e.title or ''}. {e.text or ''}"
        listed = labelled_prices(text) if price is not None and price.per is None else []
        if price is None or len({m.amount for *_x, m in listed}) < 2:
            out.append(e)
            continue
        scored = sorted(((len(words & asked), len(words & asked) - size, m)
                         for words, size, m in listed
                         if words & asked and m.currency == price.currency),
                        key=lambda s: (s[0], s[1]), reverse=True)
        if not scored or (len(scored) > 1 and scored[0][:2] == scored[1][:2]
                          and scored[0][2].amount != scored[1][2].amount):
            out.append(e)  # no label names it, or two name it alike
            continue
        money = scored[0][2]
        if money.amount == price.amount:
            out.append(e)
            continue
        out.append(e.model_copy(update={"price": money.model_copy(
            update={"comparator": price.comparator})}))
    return out


def asked_subject(task: object, types: Sequence[str] = ("subject",)) -> str | None:
    """The request's subject: the value of its first input of type ``subject``."""
    kinds = getattr(task, "types", None) or {}
    values = getattr(task, "values", None) or {}
    for name, kind in kinds.items():
        if kind in types and isinstance(values.get(name), str) and values[name].strip():
            return str(values[name])
    return None
