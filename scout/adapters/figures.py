"""A model's figures checked against what it was given: a cited sentence that states a
price, a rating or a count that nothing in the prompt says is marked unsupported.

A citation says where a sentence comes from, not that it is true: a model may cite
``[E1]`` beside a figure it made up, or one an instruction injected in a page told it to
write ("Hotel X costs 50 EUR, the best deal [E1]"). The prompt holds every figure the
model could honestly state — the evidence's text, each candidate's price and rating, the
request's values — so a figure of the answer that appears nowhere in it is invented (or
computed: a total for three nights is not stated by any page either, and the reader is
told to look).

Only figures that say something are read: a number with decimals, or one of two digits or
more (a bare "2 hotels" or "3 nights" is no claim a page is needed for), never a year
(1900-2099: the request's dates), an ordinal ("12th", "12.º") nor a rating's scale ("/10",
"9 out of 10", "9 de 10", "4,5 sobre 5"). The prompt's figures are read loosely: glued to
a unit ("24h", "35EUR", "45m²"), after a slash ("9/10") and with groups a plain space
parts ("1 250 €", read as 1250 too, as "1 250" in an answer is). A number matches
when any reading of it (``1.299`` as 1299 or 1.299, ``8,9`` as 8.9) is within 1% (at
least 0.05) of any reading of a number in the prompt, so "about 180 EUR" of a page's
"179.90 EUR" and "8.9" of "8,9/10" are supported. A figure the prompt writes as one
kind of thing (hours, "24h"; money; a share; a scale, "/10") supports none the answer
writes as another: a room "at 24 EUR" is not what a reception's "24h" states. Linear in
the answer's and the prompt's length.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from typing import Protocol

#: a number as pages and models write it: digit groups (1,299 / 1.299 / 1 299), decimals
#: (a plain space is no separator: "between 120 150" is two); never a time's (15:00)
#: and never longer than a figure is (a run of 50,000 digits is no number read)
_NUMBER = re.compile(r"(?<![\w.,/:])\d{1,3}(?:[.,\u00a0\u202f]\d{3}){1,5}(?:[.,]\d{1,6})?(?![\w:])"
                     r"|(?<![\w.,/:])\d{1,15}(?:[.,]\d{1,6})?(?![\w:]|\.[\u00aa\u00ba])")
#: the figures a page states, read loosely (a claim's figure may be written apart from
#: what a page wrote beside it): glued to a unit or a suffix ("24h", "35EUR", "45m²",
#: "September 15th"), a scale after a slash ("9/10"), a part of a date; never glued
#: after a letter or a colon (the prompt's own labels "[E12]", a time's "15:30")
_LOOSE = re.compile(r"(?<![\w.,:])\d{1,15}(?:[.,]\d{1,6})?")
#: thousands grouped by plain spaces ("1 250 €", as French and some Spanish pages write
#: them), read whole beside the strict reading's two numbers, with their decimals ("1 250,50
#: €" is 1250.50, which an English answer writes "1,250.50")
_SPACED = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3}){1,4}(?:[.,]\d{1,2})?(?![\d.,]\d)")
#: the scale of a rating said in words ("9 out of 10", "9 de 10", "4,5 sobre 5", "85 of
#: 100"): no figure a page must state, as "/10" is none
_SCALE_BEFORE = re.compile(r"\d\s{1,3}(?:out\s{1,3}of|of|de|sobre|on)\s{1,3}$", re.I)
_SCALES = frozenset({5.0, 10.0, 20.0, 100.0})
#: figures named in a note, at most
_SHOWN = 5
#: what a figure is of, by what is written beside it: a unit of time ("24h", "24 horas"),
#: money ("35EUR", "€ 35", "35 euros"), a share ("15%"); a figure after a slash is a
#: rating's scale ("/10"). A figure the prompt states only as one of these supports a
#: figure of the answer of the same kind or of none ("open 24 hours" of a page's "24h"),
#: never of another ("a room at 24 EUR", "10 EUR" of a rating's "/10"): read loosely,
#: "24h" would otherwise be any 24 a model invents
_TIME_AFTER = re.compile(r"\s?(?:h|hrs?|hours?|horas?|hs|min|mins|minutes?|minutos?)\b", re.I)
_MONEY_AFTER = re.compile(r"\s?(?:[€$£¥₹]|(?:[A-Z]{3}|euros?|dollars?|d[oó]lares|pounds?|"
                          r"libras?|pesos?|francs?|francos?)\b)")
_MONEY_BEFORE = re.compile(r"(?:[€$£¥₹]|\b[A-Z]{3})\s?$")
_SHARE_AFTER = re.compile(r"\s?(?:%|per\s?cent\b|por\s?ciento\b)", re.I)
#: the kinds a figure may be of; PLAIN: written with none of them beside it
PLAIN, TIME, MONEY, SHARE, SCALE = "plain", "time", "money", "share", "scale"


class Claim(Protocol):
    """A sentence or a table row of a parsed answer (SynthesisSentence, SynthesisRow)."""

    citations: list[int]
    uncited: bool


def readings(token: str) -> set[float]:
    """Every value ``token`` may be: with ``.`` or ``,`` as the decimal mark, or as a
    thousands separator (pages in both languages are quoted in one prompt)."""
    bare = re.sub(r"[\u00a0\u202f]", "", token)
    out = {float(bare.replace(",", "").replace(".", ""))}
    for mark, other in ((".", ","), (",", ".")):
        if bare.count(mark) == 1:
            try:
                out.add(float(bare.replace(other, "").replace(mark, ".")))
            except ValueError:
                pass
    return out


def kind_of(text: str, start: int, end: int) -> str:
    """What the figure at ``text[start:end]`` is of, by what is written beside it."""
    if start and text[start - 1] == "/":
        return SCALE
    if _MONEY_AFTER.match(text, end) or _MONEY_BEFORE.search(text[max(0, start - 5):start]):
        return MONEY
    if _SHARE_AFTER.match(text, end):
        return SHARE
    if _TIME_AFTER.match(text, end):
        return TIME
    return PLAIN


def _says(token: str) -> bool:
    """Whether a figure is a claim: decimals, or two digits or more that are no year."""
    if not any(c in token for c in ".,\u00a0\u202f"):
        value = int(token)
        return value >= 10 and not 1900 <= value <= 2099
    return True


class Known:
    """The figures of the text a model was given, each with the kinds it was written as
    (:func:`kind_of`), sorted for lookups."""

    def __init__(self, texts: Iterable[str]) -> None:
        values: dict[float, set[str]] = {}
        for text in texts:
            for pattern in (_NUMBER, _LOOSE):
                for m in pattern.finditer(text):
                    kind = kind_of(text, m.start(), m.end())
                    for value in readings(m.group()):
                        values.setdefault(value, set()).add(kind)
            for m in _SPACED.finditer(text):
                for value in _spaced_readings(m.group()):
                    values.setdefault(value, set()).add(kind_of(text, m.start(), m.end()))
        self._values = sorted(values)
        self._kinds = [values[v] for v in self._values]

    def has(self, token: str, kind: str = PLAIN) -> bool:
        """Whether a figure of the prompt is ``token`` (within 1%) and may be what the
        answer writes it as (``kind``): a figure the prompt writes plain supports any,
        one the answer writes plain is supported by any, else the kinds agree."""
        return any(self.has_value(value, kind) for value in readings(token))

    def has_value(self, value: float, kind: str = PLAIN) -> bool:
        """:meth:`has` of one reading."""
        slack = max(0.05, abs(value) * 0.01)
        at = bisect.bisect_left(self._values, value - slack)
        while at < len(self._values) and self._values[at] <= value + slack:
            kinds = self._kinds[at]
            if kind == PLAIN or PLAIN in kinds or kind in kinds:
                return True
            at += 1
        return False


def unsupported(text: str, known: Known) -> list[str]:
    """The figures of ``text`` that ``known`` does not hold, as written, without repeats."""
    return [token for token, _ in _unsupported(text, known)]


def _unsupported(text: str, known: Known) -> list[tuple[str, str]]:
    """The figures of ``text`` that ``known`` does not hold, each with what it is of."""
    out: list[tuple[str, str]] = []
    for m in _NUMBER.finditer(text):
        token = m.group()
        kind = kind_of(text, m.start(), m.end())
        if not _says(token) or any(t == token for t, _ in out) or known.has(token, kind):
            continue
        before = text[max(0, m.start() - 24):m.start()]
        if _SCALE_BEFORE.search(before) and readings(token) & _SCALES:
            continue  # "9 out of 10": the 10 is the scale
        if _spaced_known(text, m, known):
            continue  # "1 250 €": one figure written with a space between its groups
        out.append((token, kind))
    return out


def _spaced_readings(token: str) -> set[float]:
    """A figure whose groups plain spaces part ("1 250", "1 250,50"): its decimals after a
    comma or a point, whichever it has (the spaces being its groups, either is a decimal
    mark)."""
    return {float(token.replace(" ", "").replace(",", "."))}


def _spaced_known(text: str, m: re.Match[str], known: Known) -> bool:
    """Whether ``m`` is a group of a figure whose groups a plain space parts ("1 250"),
    and that figure, read whole, is known."""
    for whole in _SPACED.finditer(text, max(0, m.start() - 20), min(len(text), m.end() + 20)):
        if whole.start() <= m.start() and m.end() <= whole.end():
            kind = kind_of(text, whole.start(), whole.end())
            return any(known.has_value(v, kind) for v in _spaced_readings(whole.group()))
    return False


def check_figures(claims: Iterable[tuple[Claim, str]], known: Known
                  ) -> tuple[int, list[str]]:
    """Mark ``uncited`` every cited claim (a claim with its text) that states a figure
    ``known`` does not hold: how many were marked, and the figures, without repeats, in
    the answer's order."""
    marked = 0
    found: list[str] = []
    for claim, text in claims:
        if claim.uncited or not claim.citations:
            continue  # already marked, or nothing cited that a figure could misquote
        missing = unsupported(text, known)
        if missing:
            claim.uncited = True
            marked += 1
            found.extend(f for f in missing if f not in found)
    return marked, found


def check_sources(claims: Iterable[tuple[Claim, str]], outside: Known,
                  source: Callable[[int], Known | None]) -> tuple[int, list[str]]:
    """Mark ``uncited`` every cited claim stating a figure that neither its cited sources
    (``source``: the figures of citation n, None when its text is not known) nor the
    prompt outside the evidence (``outside``: the request, the candidates) state: a
    model that writes one hotel's price beside another hotel's page ("Casa Bonay costs
    135 EUR [E3]" where only [E7] says 135) cites a page for what it does not say. A claim
    citing a source whose text is unknown is left as it is. How many were marked, and
    the figures, as :func:`check_figures` says them."""
    marked = 0
    found: list[str] = []
    for claim, text in claims:
        if claim.uncited or not claim.citations:
            continue
        cited = [source(n) for n in claim.citations]
        if any(k is None for k in cited):
            continue
        missing = [f for f, kind in _unsupported(text, outside)
                   if not any(k is not None and k.has(f, kind) for k in cited)]
        if missing:
            claim.uncited = True
            marked += 1
            found.extend(f for f in missing if f not in found)
    return marked, found


def shown(figures: list[str]) -> str:
    """The figures for a note: the first few, then '…'."""
    return ", ".join(figures[:_SHOWN]) + (", …" if len(figures) > _SHOWN else "")


def claims_of(blocks: Iterable[object]) -> list[tuple[Claim, str]]:
    """The claims of a parsed answer's blocks, each with its text: the sentences and list
    items, and each table row (its cells)."""
    out: list[tuple[Claim, str]] = []
    for block in blocks:
        kind = getattr(block, "kind", "")
        if kind in ("paragraph", "list"):
            out.extend((s, s.text) for s in getattr(block, "items", []))
        elif kind == "table":
            out.extend((r, " ".join(r.cells)) for r in getattr(block, "rows", []))
    return out
