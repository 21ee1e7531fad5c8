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
writes as another: a room "at 24 EUR" is not what a reception's "24h" states. Figures in
words are read as digits on both sides ("doscientos euros", "a hundred and fifty":
:func:`in_digits`), a multiplier is applied ("€1.2k", "12 mil", "1,2 millones", "€3M"
beside money), and a rating written with its scale ("4,5/5", "8.6 out of 10", "9,2
sobre 10") is stated by any rating on another scale with the same share, to the
answer's rounding ("4,5/5" of "8.9/10", never "4.6/5" of "9/10"). Linear in the
answer's and the prompt's length.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from collections.abc import Callable, Iterable
from typing import Protocol

from scout.adapters.text import fold
from scout.task.numwords import rewrite

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
_SPACED = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3}){1,4}(?:[.,]\d{1,2}(?!\d))?(?![\d.,]\d)")
#: the scale of a rating said in words ("9 out of 10", "9 de 10", "4,5 sobre 5", "85 of
#: 100"): no figure a page must state, as "/10" is none
_SCALE_BEFORE = re.compile(r"\d\s{1,3}(?:out\s{1,3}of|of|de|sobre|on)\s{1,3}$", re.I)
_SCALES = frozenset({5.0, 10.0, 20.0, 100.0})
#: a figure with a multiplier after it ("€1.2k", "1,5K", "12 mil euros", "2.5 million",
#: "1,2 millones", "€3M"): the figure it says is the product
_SCALED = re.compile(r"(?<![\w.,/:])(?P<n>\d{1,4}(?:[.,]\d{1,3})?)(?:(?P<k>[kK])|\s?(?P<w>mil|"
                     r"thousand|million|millions|mill[oó]n|millones|M))(?![\w])")
_MULTIPLIER = {"k": 1e3, "mil": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6,
               "millions": 1e6, "millon": 1e6, "millón": 1e6, "millones": 1e6}
#: a rating with its scale ("4,5/5", "9 / 10", "4.5 out of 5", "8,6 sobre 10", "9 de 10"):
#: one on another scale says the same when the shares agree (4.5/5 is 9/10)
_RATED = re.compile(r"(?<![\w.,/:])(?P<n>\d{1,3}(?:[.,]\d{1,2})?)(?:\s?/\s?|\s{1,3}(?:out\s{1,3}"
                    r"of|of|de|sobre|on)\s{1,3})(?P<of>5|10|20|100)(?![\w.,]\d)", re.I)
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


#: a figure with one mark and a group of three digits after it ("1.234", "1,234"): the
#: mark is a thousands separator or a decimal one, and the answer's language says which
_ONE_GROUP = re.compile(r"\d{1,3}([.,])\d{3}")
#: the thousands separator of each language: Spanish writes "1.234 €" for 1234, English
#: "1,234": read in an answer in that language, the figure is that number alone
_THOUSANDS = {"es": ".", "en": ","}


def answer_readings(token: str, lang: str | None) -> set[float]:
    """:func:`readings` of a figure the answer writes, in ``lang`` (the answer's language,
    None when unknown): a figure with one mark before a group of three digits, the mark
    ``lang`` separates thousands with ("1.234 €" in Spanish, "1,234" in English), is that
    whole number only: read as a decimal too, a Spanish answer's "1.234 €" was supported
    by a page's "1.2 EUR". The other mark stays ambiguous (models write English groups
    in Spanish answers too), and pages are always read both ways."""
    values = readings(token)
    m = _ONE_GROUP.fullmatch(token)
    if m is not None and lang is not None and _THOUSANDS.get(lang) == m.group(1):
        return {float(token.replace(m.group(1), ""))}
    return values


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


def in_digits(text: str) -> str:
    """``text`` with its numbers written in words as digits, in place ("doscientos euros",
    "one hundred and fifty euros", "1,2 millones": :func:`scout.task.numwords.rewrite`),
    everything else as written (a currency code's capitals kept); as it was when folding
    changes its length."""
    folded = fold(text)
    if len(folded) != len(text):
        return text
    rewritten = rewrite(folded)
    if rewritten == folded or len(rewritten) != len(text):
        return text
    return "".join(r if r != f else t for t, f, r in zip(text, folded, rewritten))


def _multiplied(m: re.Match[str]) -> set[float]:
    """The values a figure with a multiplier after it says ("1.2k" → 1200)."""
    times = _MULTIPLIER[(m.group("k") or m.group("w")).lower()]
    return {value * times for value in readings(m.group("n"))}


def _counts(text: str, m: re.Match[str]) -> bool:
    """Whether a multiplied figure is one: a bare "M" multiplies money only ("€3M"; the
    "3M" of a name is none)."""
    return m.group("w") != "M" or kind_of(text, m.start(), m.end()) == MONEY


def _shares(token: str, scale: str) -> list[tuple[float, float]]:
    """(the share of its scale, the slack its rounding allows) of each reading of a
    rating ``token`` out of ``scale`` that fits on the scale ("4,5" of 5: 0.9 ± 0.01)."""
    of = float(scale)
    decimals = len(re.split(r"[.,]", token)[1]) if re.search(r"[.,]", token) else 0
    slack = 0.5 * 10 ** -decimals / of + 1e-9
    return [(value / of, slack) for value in readings(token) if value <= of]


class Known:
    """The figures of the text a model was given, each with the kinds it was written as
    (:func:`kind_of`), sorted for lookups, and the ratings' shares of their scales."""

    def __init__(self, texts: Iterable[str]) -> None:
        values: dict[float, set[str]] = {}
        shares: set[float] = set()
        for text in texts:
            text = in_digits(text)
            for m in _SCALED.finditer(text):
                if not _counts(text, m):
                    continue
                for value in _multiplied(m):
                    values.setdefault(value, set()).add(kind_of(text, m.start(), m.end()))
            for m in _RATED.finditer(text):
                shares.update(share for share, _ in _shares(m.group("n"), m.group("of")))
            for pattern in (_NUMBER, _LOOSE):
                for m in pattern.finditer(text):
                    kind = kind_of(text, m.start(), m.end())
                    for value in readings(m.group()):
                        values.setdefault(value, set()).add(kind)
            for m in _SPACED.finditer(text):
                values.setdefault(float(m.group().replace(" ", "").replace(",", ".")), set()).add(
                    kind_of(text, m.start(), m.end()))
        self._values = sorted(values)
        self._kinds = [values[v] for v in self._values]
        self._shares = sorted(shares)

    def has(self, token: str, kind: str = PLAIN) -> bool:
        """Whether a figure of the prompt is ``token`` (within 1%) and may be what the
        answer writes it as (``kind``): a figure the prompt writes plain supports any,
        one the answer writes plain is supported by any, else the kinds agree."""
        return any(self.has_value(value, kind) for value in readings(token))

    def has_value(self, value: float, kind: str = PLAIN) -> bool:
        """:meth:`has` for one value."""
        slack = max(0.05, abs(value) * 0.01)
        at = bisect.bisect_left(self._values, value - slack)
        while at < len(self._values) and self._values[at] <= value + slack:
            kinds = self._kinds[at]
            if kind == PLAIN or PLAIN in kinds or kind in kinds:
                return True
            at += 1
        return False

    def rates(self, token: str, scale: str) -> bool:
        """Whether the prompt states a rating with the share of its scale that ``token``
        out of ``scale`` has, to the answer's rounding ("4,5/5" of a page's "8.9/10")."""
        for share, slack in _shares(token, scale):
            at = bisect.bisect_left(self._shares, share - slack)
            if at < len(self._shares) and self._shares[at] <= share + slack:
                return True
        return False


def unsupported(text: str, known: Known, lang: str | None = None) -> list[str]:
    """The figures of ``text`` that ``known`` does not hold, as written, without repeats
    (``lang``: the language ``text`` is written in, :func:`answer_readings`)."""
    return [figure.token for figure in _unsupported(text, known, lang)]


@dataclass(frozen=True)
class _Figure:
    """A figure of an answer: as written, what it is of, the values it may be (a
    multiplier applied, a spaced figure read whole too) and the scale it rates on."""

    token: str
    kind: str
    values: frozenset[float]
    scale: str | None = None

    def held(self, known: Known) -> bool:
        # a rating said as a percentage ("rated 90%" of a page's "9/10" or "4.5/5") states
        # the share the rating has of its scale
        return any(known.has_value(v, self.kind) for v in self.values) or (
            self.scale is not None and known.rates(self.token, self.scale)) or (
            self.kind == SHARE and known.rates(self.token.rstrip("%"), "100"))


def _figures(text: str, lang: str | None = None) -> list[_Figure]:
    """The figures of ``text`` (written in ``lang``) that are claims, in order, without
    repeats."""
    text = in_digits(text)
    out: list[tuple[int, _Figure]] = []
    multiplied: list[tuple[int, int]] = []
    for m in _SCALED.finditer(text):
        if _counts(text, m):
            multiplied.append((m.start(), m.end()))
            out.append((m.start(), _Figure(m.group(), kind_of(text, m.start(), m.end()),
                                           frozenset(_multiplied(m)))))
    for m in _NUMBER.finditer(text):
        token = m.group()
        at = bisect.bisect_right(multiplied, (m.start(), len(text) + 1)) - 1
        if (at >= 0 and m.start() < multiplied[at][1]) or not _says(token):
            continue  # "1.2k", "12 mil": read whole above
        before = text[max(0, m.start() - 24):m.start()]
        if _SCALE_BEFORE.search(before) and readings(token) & _SCALES:
            continue  # "9 out of 10": the 10 is the scale
        values = answer_readings(token, lang) | _spaced(text, m)
        rated = _RATED.match(text, m.start())
        scale = rated.group("of") if rated is not None and rated.group("n") == token else None
        out.append((m.start(), _Figure(token, kind_of(text, m.start(), m.end()),
                                       frozenset(values), scale)))
    unique: dict[str, _Figure] = {}
    for _, figure in sorted(out, key=lambda pair: pair[0]):
        unique.setdefault(figure.token, figure)
    return list(unique.values())


def _unsupported(text: str, known: Known, lang: str | None = None) -> list[_Figure]:
    """The figures of ``text`` (written in ``lang``) that ``known`` does not hold."""
    return [figure for figure in _figures(text, lang) if not figure.held(known)]


def _spaced(text: str, m: re.Match[str]) -> set[float]:
    """The whole value when ``m`` is a group of a figure whose groups a plain space parts
    ("1 250", "1 234,56"), read whole; else nothing."""
    for whole in _SPACED.finditer(text, max(0, m.start() - 20), min(len(text), m.end() + 20)):
        if whole.start() <= m.start() and m.end() <= whole.end():
            return {float(whole.group().replace(" ", "").replace(",", "."))}
    return set()


def check_figures(claims: Iterable[tuple[Claim, str]], known: Known,
                  lang: str | None = None) -> tuple[int, list[str]]:
    """Mark ``uncited`` every cited claim (a claim with its text) that states a figure
    ``known`` does not hold: how many were marked, and the figures, without repeats, in
    the answer's order (``lang``: the answer's language, :func:`answer_readings`)."""
    marked = 0
    found: list[str] = []
    for claim, text in claims:
        if claim.uncited or not claim.citations:
            continue  # already marked, or nothing cited that a figure could misquote
        missing = unsupported(text, known, lang)
        if missing:
            claim.uncited = True
            marked += 1
            found.extend(f for f in missing if f not in found)
    return marked, found


def check_sources(claims: Iterable[tuple[Claim, str]], outside: Known,
                  source: Callable[[int], Known | None], lang: str | None = None
                  ) -> tuple[int, list[str]]:
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
        missing = [f.token for f in _unsupported(text, outside, lang)
                   if not any(k is not None and f.held(k) for k in cited)]
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
