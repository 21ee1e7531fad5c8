"""``stated_year``: the year a record states it was made, published or built — ``Published
2023``, ``Published: 12 March 2024``, ``publicado en 2022``, ``Año de publicación: 2021``,
a reference's ``(2023)`` or ``(Smith et al., 2023a)`` — for a ``year`` input to compare
with (``paper | stated_year >= task.since``). ``stated`` reads a quantity next to its
unit, so a label followed by a day (``Published: 12 March 2024``) would give it 12, and a
year the label does not touch (``published in 2021``) nothing. Pure, no I/O.
"""

from __future__ import annotations

import re

from scout.text import fold

#: what labels the year a thing came out, when the author names no words
DEFAULT_LABELS = ("published", "publication", "publicado", "publicada", "publicados",
                  "publicadas", "publicacion", "year", "ano", "©", "copyright")
_YEAR = r"(?<![\d.,])([12]\d{3})(?![\d.,]?\d)"
#: a reference's year: the last thing in its parentheses, "(2023)", "(Smith, 2023a)"
_CITED = re.compile(r"\([^()]{0,80}?" + _YEAR + r"[a-z]?\)")
#: what may stand between a label and its year: the clause's words and a day and month
#: ("Published online: 3 May 2024", "Published: Sept. 2024"), never the end of a
#: sentence or a field
_BETWEEN = (r"(?:[^.;|\n\d]|\.(?=\s*\d)){0,40}?"
            r"(?:\d{1,2}(?:st|nd|rd|th|º|o)?(?:[^.;|\n\d]|\.(?=\s*\d)){1,20}?)?")


#: a labelled year that opens a span of years: its end is labelled too ("Coverage:
#: 2001-2024", "Periodo: de 2010 a 2023", "years 2015 to 2022", "entre 2001 y 2024"), so
#: ``pick='max'`` is the last year a dataset or a series covers, not its first
_SPAN_END = re.compile(r"\s*(?:[-\u2013\u2014]|to|through|until|till|and|a|al|hasta|y)\s*"
                       + _YEAR)

#: the longest span of years read as one (an end further on is a count: "2019 - 2500 rows")
_SPAN_YEARS = 300


def _labels_re(words: list[str]) -> re.Pattern[str]:
    alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(r"(?<!\w)(?:" + alt + r")(?!\w)" + _BETWEEN + _YEAR)


def years_in(texts: list[str], of: list[str] | None) -> list[int]:
    """Every year the texts state, in order: after one of the ``of`` words in its clause
    (and the end of a span it opens: ``2001-2024``), else (``of`` None) after a
    publication word or in a reference's parentheses."""
    labelled = _labels_re([fold(w).strip() for w in (of or DEFAULT_LABELS) if str(w).strip()])
    out: list[int] = []
    for text in texts:
        folded = fold(text)
        found: dict[int, int] = {}
        for m in labelled.finditer(folded):
            found.setdefault(m.start(1), int(m.group(1)))
            end = _SPAN_END.match(folded, m.end())
            # an end before the start, or centuries after it, is no span ("2019 - 2500 rows")
            if end and 0 <= int(end.group(1)) - int(m.group(1)) <= _SPAN_YEARS:
                found.setdefault(end.start(1), int(end.group(1)))
        if of is None:
            for m in _CITED.finditer(folded):
                found.setdefault(m.start(1), int(m.group(1)))
        out += [found[k] for k in sorted(found)]
    return out
