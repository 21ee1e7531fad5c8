"""A money input's label said beside its amount: the words between a label and its amount
("sesión de 60 euros", "consulta: máximo 50 €"), a label as a pattern (its plural too),
a label said absent ("sin matrícula", "no joining fee"), and an amount's span widened over
its own label, so the label is not read as a place. The money reader
(:mod:`scout.task.money`) finds the amounts; which of several inputs an amount is, by
these labels, is :mod:`scout.task.moneylabels`'s."""

from __future__ import annotations

import re
from collections.abc import Iterable

from scout.task.lang import fold
from scout.task.moneyunits import CAP_CLAUSE

# words between a price's label and its amount: "sesión de 60 euros", "sessions under 70
# euros", "consulta: máximo 50 €", "presupuesto mensual de 60 €" (never a name: a place
# between stays the place's)
LABEL_GAP = (r"(?:\s*:|\s+(?:de|del|of|under|below|over|por|a|at|menos|max|maximo|maxima|hasta|"
             r"para|less|than|no|mas|more|up|to|around|unos|unas|about|sobre|is|es|costs?|"
             r"cuesta|cuestan|tops|at\s+most|como\s+mucho|mensual(?:es)?|monthly|anual(?:es)?|"
             r"annual|yearly|" + CAP_CLAUSE + r"))*\s*$")


def label_re(words: Iterable[str]) -> str:
    """A pattern for any of ``words`` (folded labels) said as a whole word, a plural's
    "s" or "es" after it allowed ("sesiones", "fees")."""
    return r"(?<![\w])(?:" + "|".join(map(re.escape, words)) + r")(?:e?s)?(?![\w])"


# "sin matrícula", "no joining fee", "without a deposit", "free of enrolment fee": a money
# input's label said absent (scout.task.moneylabels)
NONE = r"(?<![\w])(?:sin|no|without|zero|free of|cero)\s+(?:(?:a|an|any|the|ningun[ao]?)\s+)?"
# ... right before a label, or before the words of a longer one it ends ("no joining fee":
# the monthly fee's "fee" is no more said than the joining fee is): it names no amount
NONE_BEFORE = re.compile(NONE + r"(?:[a-z]+\s+){0,2}$")


def labelled(free: str, span: tuple[int, int], labels: list[str]) -> tuple[int, int]:
    """``span`` (an amount in ``free``, folded) widened over the money input's own label
    said just before it ("sesión de 60 euros", "sessions under 70 euros"): the label names
    what the amount is for, and left alone it was read as the place ("Sesión")."""
    words = sorted({fold(w).strip() for w in labels if fold(w).strip()}, key=len, reverse=True)
    if not words:
        return span
    before = free[max(0, span[0] - 40):span[0]]
    m = re.search(label_re(words) + LABEL_GAP, before)
    if m and NONE_BEFORE.search(before, 0, m.start()):
        return span  # "no joining fee under £30 a month": the absent fee's words are its own
    return (span[0] - (min(40, span[0]) - m.start()), span[1]) if m else span
