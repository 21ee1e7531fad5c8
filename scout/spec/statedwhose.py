"""Whose figure a value ``stated`` finds is: a person's, the thing's own spec, a review's.

A record's texts state figures that are not the thing's measure. A review says what its
writer weighs or how tall they are ("soy un ciclista de 80 kg", "I weigh 95 kg", "a 90 kg
rider", "for riders up to 120 kg"): with ``pick='max'`` such a figure became an e-bike's
weight. And a listing's spec line ("Peso: 22,5 kg", a table's "Weight" cell, a line
holding the value alone) says the thing's measure, where a review's prose gives an
impression of it. So :mod:`scout.spec.stated`:

- leaves out a weight or a length its clause says is a person's (:class:`PersonFigures`;
  a person's age or a group's size is what a camp, a plan or a venue is for, its own
  spec: "chicos de 8 a 14 años"), unless the kind asked for it with ``of=`` words (``stated('kg', of=['rider'])``: the most a bike
  carries);
- reads a review's prose (evidence of kind ``review``) only where nothing else states the
  value: a spec line, in a review or anywhere, and every other source count first
  (:func:`review_texts`, :func:`is_spec_line`).

Pure, no I/O; the texts are folded (lower case, accents off) by the caller.
"""

from __future__ import annotations

import bisect
import re
from typing import Any

from scout.spec.evidence import record_texts
from scout.lazyre import lazy_re

#: a person, as a review names the one a figure belongs to (folded; singular and plural)
_PERSON = (r"(?:ciclistas?|riders?|personas?|persons?|people|usuari[oa]s?|users?|"
           r"conductor(?:es|as?)?|drivers?|pasajer[oa]s?|passengers?|adult[oa]s?|adults?|"
           r"hombres?|man|men|mujer(?:es)?|woman|women|chic[oa]s?|guys?|girls?|ti[oa]s?|"
           r"clientes?|customers?|reviewers?|testers?|probador(?:es|as?)?|corredor(?:es|as?)?|"
           r"runners?|senderistas?|hikers?|cyclists?)")
#: words between a person and the figure: "ciclista de 80 kg", "rider of up to 120 kg",
#: "max rider weight 130 kg", "peso máximo del ciclista: 130 kg"
_BETWEEN = (r"(?:(?:weight|peso|height|altura|estatura)\s*)?(?:max(?:imo|imum)?\.?\s+)?"
            r"(?::\s*|(?:de|of|at|con|with|que\s+pese|que\s+pesa|who\s+weighs?|weighing|"
            r"que\s+mide|who\s+is)\s+)?(?:(?:hasta|up\s+to|max(?:imo|imum)?\.?|unos|unas|"
            r"about|around|approx\.?|aprox\.?|casi|almost|over|mas\s+de|cerca\s+de|"
            r"alrededor\s+de|~)\s*)?")
#: the clause before a figure says it is a person's: a person then the figure, or one
#: speaking of themselves ("I weigh", "I'm", "yo peso", "peso unos")
#: one's other measures said first: "I'm 1.85 m and 95 kg", "mido 1,80 y peso 90 kg"
_OTHERS = r"(?:[\d.,]+\s*[a-z'\"]{0,6}\s*(?:,|and|y|e)?\s*(?:peso\s+|weigh\s+)?){0,3}"
_BEFORE = lazy_re(
    r"(?:\b" + _PERSON + r"\s*" + _BETWEEN
    + r"|\b(?:i\s+weigh(?:ed)?|i'?m|i\s+am|i\s+was|yo\s+peso|yo\s+mido|(?:peso|mido)\s+"
    r"(?=(?:unos|unas|casi|mas\s+de|cerca\s+de|alrededor\s+de)\b))\s*" + _OTHERS + _BETWEEN
    + r")$")
#: the figure then the person it is of: "a 90 kg rider", "100 kg de ciclista"
_AFTER = lazy_re(r"\s*(?:de\s+|of\s+)?" + _PERSON + r"\b")
#: "with my 95 kg", "con mis 95 kg": one's own figure, nothing named after it
_MINE = lazy_re(r"(?:my|mis)\s+$")
_MINE_END = lazy_re(r"\s*(?:$|[.,;:!?)]|(?:y|e|and|pero|but|la|el|the|it|this|esta|"
                       r"este|no|not)\b)")
#: where a clause starts, for the words before a figure
_CLAUSE = lazy_re(r"[;!?\n|•·]|\.(?!\d)")  # "1.85 m" goes on
_REACH = 60  # characters looked at before a figure: a clause's last words


#: how the words :data:`_BEFORE` needs begin: a figure with none of them in the words
#: before it is read no further (a spec sheet states a thousand figures, none a person's)
_HINT = lazy_re(r"\b(?:ciclist|rider|person|people|usuari|user|conductor|driver|pasajer|"
                   r"passenger|adult|hombre|man\b|men\b|mujer|wom[ae]n|chic[oa]|guy|girl|"
                   r"ti[oa]s?\b|client|customer|review|tester|probador|corredor|runner|"
                   r"senderist|hiker|cyclist|i\b|i'?m\b|yo\b|peso\b|mido\b|my\b|mis\b)")


class PersonFigures:
    """Which figures of one folded text are said of a person (:meth:`said`), its words
    that may say so found once (a page stating many figures is read once, not once per
    figure)."""

    def __init__(self, folded: str) -> None:
        self.folded = folded
        self.hints = [m.start() for m in _HINT.finditer(folded)]
        self.known: dict[tuple[int, int], bool] = {}  # a figure several readers find

    def said(self, span: tuple[int, int]) -> bool:
        """Whether the figure at ``span`` (its number and unit) is a person's, by the
        words of its clause around it."""
        if span not in self.known:
            self.known[span] = self._said(span)
        return self.known[span]

    def _said(self, span: tuple[int, int]) -> bool:
        folded = self.folded
        if _AFTER.match(folded, span[1]):
            return True
        # the clause's start among the characters looked at before the figure
        base = max(0, span[0] - _REACH)
        cut = [m.end() for m in _CLAUSE.finditer(folded, base, span[0])]
        opens = cut[-1] if cut else base
        at = bisect.bisect_left(self.hints, opens)
        # a person's word there, the figure right after its words (anchored: tried at
        # each such word only)
        for hint in self.hints[at:bisect.bisect_left(self.hints, span[0])]:
            if _BEFORE.match(folded, hint, span[0]) or (
                    _MINE.match(folded, hint, span[0]) and _MINE_END.match(folded, span[1])):
                return True
        return False


#: a label at its line's start and its mark: "Peso: ", "Weight (kg) = ", "Autonomía - "
_LABEL = lazy_re(r"^\s*[^\W\d][\w ()/.'-]{0,40}?\s*(?:[:=]|\s[-–—])\s*$")


def is_spec_line(folded: str, start: int) -> bool:
    """Whether the figure starting at ``start`` is on a spec line: the value opens its line
    (a table's cell, "kg: 22,5") or follows a label and its mark there ("Peso: 22,5 kg")."""
    line = folded[max(0, start - _REACH):start].rsplit("\n", 1)[-1]
    line = re.split(r"[|•·;]", line)[-1]
    return not line.strip() or bool(_LABEL.match(line))


def review_texts(value: Any) -> set[str]:
    """The texts of a record's evidence of kind ``review`` (a review's title and prose)."""
    if isinstance(value, (str, list, tuple)) or value is None:
        return set()
    get = value.get if isinstance(value, dict) else (lambda k, d=None: getattr(value, k, d))
    out: set[str] = set()
    for ev in get("evidence", None) or []:
        kind = ev.get("kind") if isinstance(ev, dict) else getattr(ev, "kind", None)
        if kind == "review":
            out.update(record_texts(ev))
    return out
