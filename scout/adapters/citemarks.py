"""The citation marks in a chat model's answer, read as the labels they name.

``[E3]`` names evidence item 3 of the prompt (``prompt.py`` labels them so); a bare
``[3]`` is resolved by the adapter (a web citation for Perplexity, evidence item 3 for a model that has only the evidence). Models write other marks too,
and these are read as well: ``[E1, E4]``, ``[E1][E4]``, ``[E1; 4]``, ``[E1 y E4]``,
ranges ``[E1-E3]`` / ``[E1–E3]`` / ``[E1-3]``, ``(E2)`` (in parentheses only with the E,
or after a word: ``(Fuente: 2)``; a bare ``(2)`` cites only in an answer that numbers
nothing in parentheses, "(1) the price, (2) …", and only a label that was sent), OpenAI's
``【3】`` / ``【3†source】`` / ``【3:0†source】``, Azure On Your Data's ``[doc3]``, footnotes ``[^2]`` (a definition line ``[^2]: [E4] …`` maps it to E4
and is dropped from the text), ``[Fuente: E2]`` / ``[Source E2]`` / ``[Sources: E1, E3]``,
a label linked to its URL ``[E2](https://…)`` and superscripts ``¹`` / ``¹˒³`` after a
word or punctuation (not ``m²``, ``km²``, ``10³``, ``x²``), in HTML too (``<sup>1</sup>``,
``<sup>[2]</sup>``, ``<sup>1,3</sup>``; not ``m<sup>2</sup>``). A label keeps citing with
a place in its source after it (``[E2, p.1]``, ``[E2 pp. 3-4]``, ``[3, pág. 2]``), a ``#``
before its number (``[#1]``) or a full stop inside its bracket (``[E2.]``). Brackets that are no citation
stay text: a bare number of four digits or 0 (``[2024]``, ``[2020-2024]``, ``[0]``),
words (``[sic]``), a link's text. A bracket left empty around a mark (``([E2])``,
``[[E2]]``, ``(see [2])``) goes with it. Marks right after a sentence's full stop (``… 120 EUR.
[E3] Next``) belong to that sentence. A label that resolves to nothing is dropped from
the text and reported, so the adapter can note it; a sentence, item or row left citing
nothing is marked ``uncited``.

Shared by every chat-completion adapter through :mod:`scout.adapters.answer`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: resolve(kind, number) → Citation.index, or None when the label points at nothing.
#: ``kind`` is "E" for an evidence label, "" for a bare number.
Resolver = Callable[[str, int], "int | None"]

#: a citation group's items: E3, 3, E1-E3 / E1–E3 / E1-3 (a range), joined by , ; & "and" "y"
_ITEM_RE = r"#?E?\s?\d{1,4}(?:\s*[-\u2013\u2014]\s*#?E?\s?\d{1,4})?"
#: one way only to read the space between two items, and the items are never given back
#: (possessive): an unclosed "[Fuente: E1, E1, …" from a model must fail in linear time,
#: where overlapping spaces made it exponential (a minute for 8 KB)
_SEP_RE = r"(?:\s*[,;&]\s*(?:(?:and|y)\s+)?|\s+(?:and|y)\s+)"
_GROUP_RE = rf"{_ITEM_RE}(?:{_SEP_RE}{_ITEM_RE})*+"
#: words models put before the labels: [Fuente: E2], [Source E2], (see E1, E3)
_WORD_RE = (r"(?:sources?|fuentes?|evidence|evidencias?|refs?|references?|referencias?|"
            r"docs?|documents?|documentos?|see|ver|v[eé]ase|cf\.?|seg[uú]n)")
#: where in a source a model says its claim is, after the label ("[E2, p.1]", "[E2 pp. 3-4]",
#: "[3, pág. 2]"): the label cites, the place in it is not kept
_LOCATOR_RE = (r"(?:\s*+[,;]?+\s*+(?:pp?|p[aá]gs?|pages?|p[aá]ginas?|secs?|sections?|secci[oó]n|"
               r"§)\.?\s?\d{1,4}(?:\s*[-\u2013]\s*\d{1,4})?)?")
#: a footnote's definition line: "[^2]: E2, Casa Bonay (https://…)"
_FOOTNOTE_DEF = re.compile(r"^\s{0,3}\[\^(\d{1,4})\]:\s?(.*)$")
#: one citation mark, in any of the forms models write (see :meth:`Cites.take`)
LABEL = re.compile(
    rf"<sup>\s*+\[?+\s*+(?P<ht>{_GROUP_RE})\s*+\]?+\s*+</sup>"            # <sup>1</sup>: HTML
    rf"|\[\s*(?:(?P<sw>{_WORD_RE})\s*+:?\s*+)?(?P<sq>{_GROUP_RE}){_LOCATOR_RE}\s*+\.?+\s*+\]"
    r"(?:\((?:https?://|/)[^)\s]{0,2000}\))?"                      # [E2](url): a linked label
    rf"|\[\^(?P<fn>\d{{1,4}})\]"                                   # [^2]: a footnote mark
    rf"|\(\s*(?:(?P<pw>{_WORD_RE})\s*+:?\s*+)?(?P<pa>{_GROUP_RE})\s*\)"  # (E2), (Fuente: E2)
    rf"|\u3010\s*(?P<lt>{_GROUP_RE})(?::\d{{1,4}})?\s*(?:\u2020[^\u3011]{{0,40}})?\u3011"  # 【3†source】
    r"|(?P<sup>[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+"          # superscripts: ¹, ²˒³
    r"(?:[,\u02d2\u22c5\u00b7][\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)*)",
    re.I)
_ONE = re.compile(r"(E?)\s?(\d+)(?:\s*[-\u2013\u2014]\s*(E?)\s?(\d+))?", re.I)
_SUPERSCRIPT = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079",
                             "0123456789")
#: words a superscript number follows as an exponent, not a citation: m², km², ft³
_UNITS = frozenset("m cm mm km dm ft in mi yd".split())
#: a range longer than this is not expanded (its ends are read)
MAX_RANGE = 20

#: a bare "(n)" followed by a word: the answer numbers things in parentheses ("(1) the
#: price, (2) the place", "options (2) and (3)"), so its bare "(n)" are no citations
ENUMERATION = re.compile(r"\(\s*\d{1,3}\s*\)\s*[^\W\d_]")
#: where a removed mark was: a wrapper left empty around it ("([E2])", "[[E2]]",
#: "(see [1])") goes with it
_GONE = "\x00"
_EMPTY_WRAPPER = re.compile(rf"[(\[]\s*(?:{_WORD_RE}\s*:?\s*)?(?:{_GONE}[\s,;]*)+[)\]]"
                            rf"|<sup>\s*(?:{_GONE}[\s,;]*)+</sup>", re.I)


class Cites:
    """Collects the citations of one piece of text and the labels that resolved to nothing.

    ``footnotes``: what a footnote mark ``[^n]`` names, from the answer's definition lines
    (``[^2]: [E4] Casa Bonay`` → evidence item 4); a mark without one is a bare ``[n]``.
    ``paren_bare``: whether a bare ``(2)`` cites (an answer that numbers nothing in
    parentheses, :data:`ENUMERATION`, and writes its marks so: "120 EUR (2).")."""

    def __init__(self, resolve: Resolver, unknown: list[str],
                 footnotes: dict[int, tuple[str, int]] | None = None,
                 paren_bare: bool = False) -> None:
        self.resolve = resolve
        self.unknown = unknown
        self.footnotes = footnotes or {}
        self.paren_bare = paren_bare

    def marked(self, text: str) -> bool:
        """Whether ``text`` holds a citation mark (resolving nothing)."""
        return any(_labels(m, self.footnotes, self.paren_bare) is not None
                   for m in LABEL.finditer(text))

    def take(self, text: str) -> tuple[str, list[int]]:
        """(text without its citation labels, Citation.index values in order)."""
        found: list[int] = []

        def one(match: re.Match[str]) -> str:
            labels = _labels(match, self.footnotes, self.paren_bare)
            if labels is None:
                return match.group(0)  # no citation: [2024], (2), m², [sic]
            indexes = [self.resolve(kind, number) for kind, number in labels]
            if None in indexes and _bare_paren(match):
                return match.group(0)  # "(12)" of an answer citing so: a number, not a label
            for (kind, number), index in zip(labels, indexes):
                if index is None:
                    label = f"[{kind}{number}]"
                    if label not in self.unknown:
                        self.unknown.append(label)
                elif index not in found:
                    found.append(index)
            return _GONE

        out = LABEL.sub(one, text.replace(_GONE, ""))
        if _GONE in out:
            out = _EMPTY_WRAPPER.sub("", out).replace(_GONE, "")
        return out, found


def _group(text: str) -> list[tuple[str, int]]:
    """The (kind, number) labels of a group's text: "E1, E3-E5" → E1, E3, E4, E5."""
    labels: list[tuple[str, int]] = []
    for part in re.split(r"[,;&]|\s(?:and|y)\s", text, flags=re.I):
        m = _ONE.search(part)
        if m is None:
            continue
        first = int(m.group(2))
        kind = "E" if m.group(1) or m.group(3) else ""
        if m.group(4) is None:
            labels.append((kind, first))
            continue
        last = int(m.group(4))
        numbers = range(first, last + 1) if 0 <= last - first <= MAX_RANGE else (first, last)
        labels += [(kind, n) for n in numbers]
    return labels


def _exponent(match: re.Match[str], space: bool = False) -> bool:
    """Whether a superscript number is an exponent or stands alone, no citation: after a
    digit (10³), a single letter (x²), a unit (m², "45 m<sup>2</sup>"), nothing, or a
    space (unless ``space``: an HTML ``<sup>`` after a space is still raised)."""
    before = match.string[max(0, match.start() - 40):match.start()]
    if space:
        before = before.rstrip()
    elif before and before[-1].isspace():
        return True
    if not before or before[-1].isdigit():
        return True
    word = re.search(r"[^\W\d_]+$", before)
    return word is not None and (len(word.group(0)) < 2 or word.group(0).lower() in _UNITS)


def _superscript(match: re.Match[str]) -> list[tuple[str, int]] | None:
    """A superscript number is a citation after punctuation or a word ("EUR¹", "rooms.²"),
    not after a digit (10³), a space, a single letter (x²) or a unit (m², km²)."""
    if _exponent(match):
        return None
    numbers = re.split(r"[,\u02d2\u22c5\u00b7]", match.group("sup").translate(_SUPERSCRIPT))
    if any(len(n) > 4 for n in numbers):
        return None  # labels have at most four digits, as in brackets; a longer run is text
    return [("", int(n)) for n in numbers if n]


def _bare_paren(match: re.Match[str]) -> bool:
    """Whether a mark is a bare number in parentheses ("(2)", "(1, 3)"), no E, no word."""
    return match.group("pa") is not None and match.group("pw") is None \
        and "e" not in match.group("pa").lower()


def _labels(match: re.Match[str], footnotes: dict[int, tuple[str, int]],
            paren_bare: bool = False) -> list[tuple[str, int]] | None:
    """The labels one mark names, or None when it is no citation but text."""
    if match.group("fn") is not None:
        n = int(match.group("fn"))
        return [footnotes.get(n, ("", n))]
    if match.group("sup") is not None:
        return _superscript(match)
    if match.group("ht") is not None and _exponent(match, space=True):
        return None  # "45 m<sup>2</sup>", "10<sup>3</sup>": an exponent
    group = match.group("sq") or match.group("pa") or match.group("lt") or match.group("ht")
    labels = _group(group)
    if not labels:
        return None
    worded = match.group("sw") or match.group("pw")
    bare = [n for kind, n in labels if not kind]
    if match.group("pa") is not None and bare and not worded and (
            not paren_bare or re.search(r"\d[,.]\d", match.group("pa"))):
        # "(2)", "(1, 3)": an enumeration, unless the answer cites so; never "(1,234)"
        return None  # only (E2) or (Fuente: 2) always cite
    if bare and not worded and any(n == 0 or n >= 1000 for n in bare):
        return None  # a year or an amount in brackets: [2024], [2020-2024]; labels are 1-based
    return labels


def read_footnotes(lines: list[str]) -> tuple[list[str], dict[int, tuple[str, int]]]:
    """The answer's lines without footnote definitions, and what each footnote names: the
    first evidence label of its definition ("[^1]: [E3] Casa Bonay", "[^1]: E3")."""
    kept: list[str] = []
    named: dict[int, tuple[str, int]] = {}
    for line in lines:
        m = _FOOTNOTE_DEF.match(line)
        if m is None:
            kept.append(line)
            continue
        label = re.search(r"\bE\s?(\d{1,4})\b", m.group(2), re.I)
        if label is not None:
            named.setdefault(int(m.group(1)), ("E", int(label.group(1))))
    return kept, named
