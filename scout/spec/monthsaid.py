"""Months a listing names with no day, read as those months' dates for ``on_dates``
(:func:`scout.spec.datesaid.spans_in`): a season or an opening written by its months
("temporada media (junio y septiembre)", "open May to September", "de octubre a marzo",
"julio-agosto", "hasta septiembre", "from June", "closed in August") states the days of
those months, and a request for a day in one of them meets it.

Only a month's whole name counts ("junio", "September", "sept", "setiembre"), never an
abbreviation standing alone: "ago" is English for the past ("2 days ago") and "dic", "sep"
or "mar" are other words. "may" and "march" are English words too: alone they are months
only written with a capital and followed by what follows a date, never by a verb ("May I",
"we march"). A month in a street's or a square's name ("Plaza de Mayo", "Avenida de
Mayo") is no date. A year left out is the one that puts the run nearest the day
:func:`month_spans` is given; a run whose second month comes earlier in the year ends in
the next one ("de octubre a marzo").
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from collections.abc import Iterator

Span = tuple[dt.date, dt.date]

#: the month names of :func:`month_spans`: CLDR's wide names (English and Spanish), folded
_EXTRA = {"sept": 9, "setiembre": 9}
#: everyday words that are month names too, in English
_AMBIGUOUS = frozenset({"may", "march"})
#: what follows a month standing alone: the end, a mark, a number, a joining word
_FOLLOWS = re.compile(r"\s*(?:$|[^\w\s]|\d|(?:and|or|to|through|until|till|y|e|o|a|al|hasta|"
                      r"de|del|en|para|por)(?!\w))")
#: a street's, a square's or a bridge's name before it ("Plaza de Mayo", "Calle Agosto")
_PLACE_NAME = re.compile(r"(?:plaza|avenida|avda|av|calle|paseo|puente|barrio|colonia|"
                         r"street|st|avenue|ave|square|road|bridge)\.?\s+(?:de\s+|del\s+)?$")


@functools.lru_cache(maxsize=1)
def _names() -> dict[str, int]:
    from babel.dates import get_month_names

    from scout.text import fold_aligned

    out = {fold_aligned(str(name)): int(num) for lang in ("en", "es")
           for num, name in get_month_names("wide", locale=lang).items()}
    return {**out, **_EXTRA}


@functools.lru_cache(maxsize=1)
def _grammar() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A run of months ("de mayo a septiembre", "May-September 2027", "from October to
    March", "hasta septiembre", "desde junio") and a month alone ("junio", "in August
    2027")."""
    names = "|".join(sorted(map(re.escape, _names()), key=len, reverse=True))
    mon = r"(?P<{g}>" + names + r")(?!\w)"
    year = r"(?:,?\s+(?:de\s+|del\s+)?(?P<{g}>(?:19|20)\d\d))?"
    sep = r"(?:\s*[-–—/]\s*|\s+(?:al?|to|until|till|through|thru|hasta)\s+)"
    run = re.compile(
        r"(?<![\w-])(?:(?:between|entre)\s+" + mon.format(g="b1") + year.format(g="z1")
        + r"\s+(?:and|y|e)\s+|(?:(?:from|de|desde|del)\s+)?" + mon.format(g="m1")
        + year.format(g="y1") + sep + r")" + mon.format(g="m2") + year.format(g="y2"))
    one = re.compile(r"(?<![\w-])(?:(?P<open>until|till|through|hasta|from|since|starting|"
                     r"desde|a\s+partir\s+de)\s+(?:(?:el\s+)?mes\s+de\s+)?)?"
                     + mon.format(g="m1") + year.format(g="y1"))
    return run, one


def _whole(year: int, first: int, last: int) -> Span:
    end_year = year + (last < first)
    return (dt.date(year, first, 1),
            dt.date(end_year, last, calendar.monthrange(end_year, last)[1]))


def _nearest(spans: list[Span], near: dt.date) -> Span:
    def gap(span: Span) -> int:
        a, b = span
        return 0 if a <= near <= b else min(abs((a - near).days), abs((b - near).days))
    return min(spans, key=gap)


def _run(first: int, last: int, y1: int | None, y2: int | None, near: dt.date) -> Span:
    """The days of months ``first`` to ``last``, in the years said or the nearest."""
    if y1 is not None:
        return _whole(y1, first, last) if y2 is None or y2 == y1 + (last < first) \
            else (dt.date(y1, first, 1), _whole(y2, last, last)[1])
    if y2 is not None:
        return _whole(y2 - (last < first), first, last)
    return _nearest([_whole(near.year + k, first, last) for k in (-1, 0, 1)], near)


def _meant(text: str, folded: str, start: int, end: int) -> bool:
    """Whether the month word at ``start:end`` is one: "may" / "march" with a capital
    and what follows a date after it, any month outside a street's name."""
    if _PLACE_NAME.search(folded, max(0, start - 12), start):
        return False
    word = folded[start:end]
    if word not in _AMBIGUOUS:
        return True
    written = text[start:end]
    return written[:1].isupper() and not (written.isupper() and text == text.upper()) \
        and _FOLLOWS.match(folded, end) is not None


def month_spans(text: str, folded: str, near: dt.date,
                free: bytearray) -> Iterator[tuple[int, int, Span]]:
    """Each run of months or month alone ``text`` names (``folded``: it folded, one
    character for one) where ``free`` holds no other reading, as (start, end, (first day,
    last day)); an open end ("hasta septiembre": until its last day; "desde junio": from
    its first) with :data:`scout.schemas.task.OPEN_START` / ``OPEN_END``."""
    from scout.schemas.task import OPEN_END, OPEN_START

    names = _names()
    run, one = _grammar()
    for rx in (run, one):
        for m in rx.finditer(folded):
            if any(free[m.start():m.end()]):
                continue
            g = m.groupdict()
            words = [(m.start(k), m.end(k)) for k in ("b1", "m1", "m2") if g.get(k)]
            if not all(_meant(text, folded, a, b) for a, b in words):
                continue
            if g.get("b1"):  # "between May and September"
                g = {**g, "m1": g["b1"], "y1": g["z1"]}
            y1 = int(g["y1"]) if g.get("y1") else None
            first = names[g["m1"]]
            if rx is run:
                y2 = int(g["y2"]) if g.get("y2") else None
                span = _run(first, names[g["m2"]], y1, y2, near)
            else:
                span = _run(first, first, y1, None, near)
                opened = (g.get("open") or "").split(" ")[0]
                if opened in ("until", "till", "through", "hasta"):
                    span = (OPEN_START, span[1])
                elif opened:
                    span = (span[0], OPEN_END)
            free[m.start():m.end()] = b"\x01" * (m.end() - m.start())
            yield m.start(), m.end(), span
