"""Two date expressions joined into one request's dates: a span from one to the other
("del 20 de diciembre a Reyes", "from December 20 to Epiphany", "entre el 27 de diciembre
y Reyes"), or two offered ("Pascua o Navidad", "Easter or Christmas").

A span is the first expression's first day to the second's last day, when the second
comes after the first; a weekday that ends it is the first one after its start ("tomorrow
until Sunday" said on a Sunday ends on the coming one). Two offered that touch are the span that holds both ("julio o
agosto"); two within a week are left to the grammar ("monday or friday": its first); two
more than a week apart are two trips, and one date input cannot hold both:
:func:`find_joined` says so (``either``), and the parser notes it instead of guessing. Like :mod:`scout.task.stay`, the single-expression finder
is passed in, so this module holds no grammar of its own.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scout.schemas.task import DateRange, day_span

# what joins a span's two ends, after the first ("a", "al", "hasta", "to", "until", "-")
_TO = re.compile(r"\s*(?:-|–|\b(?:al?|hasta(?:\s+el)?|to|until|till|through|thru)\b)\s*"
                 r"(?:(?:el|la|the)\s+)?")
# "entre ... y ...", "between ... and ...": a span whose "y" / "and" joins the ends
_BETWEEN = re.compile(r"\b(?:entre|between)\s+(?:(?:el|la|the)\s+)?$")
_AND = re.compile(r"\s*\b(?:y|e|and)\b\s*(?:(?:el|la|the)\s+)?")
# what offers one or the other ("o", "or"), with a cue word of the second ("o en verano")
# (``\s*(?:,\s*)?``, not ``\s*,?\s*``: two quantifiers over the same spaces backtrack)
_OR = re.compile(r"\s*(?:,\s*)?\b(?:o|u|or)\b\s*(?:(?:en|el|la|in|on|for|para|por|durante|"
                 r"during|at)\s+)?(?:(?:el|la|the)\s+)?")
# two offered dates that touch are one stay that holds both ("julio o agosto"); two more
# than a week apart are two trips ("Pascua o Navidad")
_TOUCH, _FAR = dt.timedelta(days=1), dt.timedelta(days=7)


@dataclass
class Joined:
    value: DateRange | None  # None when ``either``: two dates far apart, none read
    span: tuple[int, int]
    past: bool
    either: bool = False


Finder = Callable[[str, str, dt.date], Any]


def _alone(free: str, original: str, today: dt.date, find: Finder, a: int, b: int) -> Any:
    """What ``find`` reads in ``free[a:b]`` alone (the rest blanked)."""
    blank = " " * len(free)
    return find(blank[:a] + free[a:b] + blank[b:], original, today)


_JOINERS = ((_TO, "to"), (_AND, "and"), (_OR, "or"))


def find_joined(free: str, original: str, today: dt.date, find: Finder,
                first: Any) -> Joined | None:
    """The span or the offer that ``first`` (the longest expression ``find`` read in
    ``free``, with ``.value``, ``.span``, ``.past``) makes with an expression joined to it
    on either side, or None when none is joined."""
    a, b = first.span
    for joiner, kind in _JOINERS:  # after it: "del 20 de diciembre a Reyes"
        m = joiner.match(free, b)
        if m is None or m.end() == b or (kind == "and" and not _BETWEEN.search(free[:a])):
            continue
        # the joining word stays in sight: "a Reyes" is the feast where "Reyes" alone is not
        other = _alone(free, original, today, find, m.start(), len(free))
        if other is not None and m.start() <= other.span[0] <= m.end():
            if kind == "to" and (later := _weekday_after(first, other, free, original, find,
                                                         m.start())) is not None:
                other = later
            return _join(first, other, kind, today)
    for joiner, kind in _JOINERS:  # before it: "Pascua o Navidad" ("Navidad" is longer)
        at = _joiner_before(joiner, free[:a])
        if at is None or not free[at:a].strip():
            continue
        other = _alone(free, original, today, find, 0, at)
        if other is None or free[other.span[1]:at].strip() \
                or (kind == "and" and not _BETWEEN.search(free[:other.span[0]])):
            continue
        if kind == "to" and (later := _weekday_after(other, first, free, original, find,
                                                     at)) is not None:
            first = later  # "de mañana a domingo" said on a Sunday: the coming one
        return _join(other, first, kind, today)
    return None


def _weekday_after(first: Any, other: Any, free: str, original: str, find: Finder,
                   at: int) -> Any:
    """``other``, a span's end read from today that falls on or before ``first`` starts,
    read again after ``first``'s first day (:func:`end_after`); else None."""
    d1 = day_span(first.value)
    return None if d1 is None else end_after(d1[0], other, free, original, find, at)


def end_after(start: dt.date, other: Any, free: str, original: str, find: Finder,
              at: int) -> Any:
    """``other``, a span's end read from today (written from ``at`` on) that falls on or
    before the span's ``start``, read again from the day after ``start`` when it then names
    the same weekday a week or more on ("tmrw til sun", "hasta el domingo" said on a Sunday:
    that Sunday is the coming one, not today: a span ends after it starts); else None. A
    date with its month ("del 20 al 3"), "today" or "tomorrow" does not move by whole weeks
    read from another day: left as it is."""
    d2 = day_span(other.value)
    if d2 is None or d2[1] > start:
        return None
    again = _alone(free, original, start + dt.timedelta(days=1), find, at, len(free))
    d3 = day_span(again.value) if again is not None else None
    if d3 is None or d3[1] <= start or (d3[1] - d2[1]).days % 7:
        return None
    return again


_SPACE = re.compile(r"\s+")


def _joiner_before(joiner: re.Pattern[str], text: str) -> int | None:
    r"""Where the joiner that ends ``text`` starts (leftmost, as ``re.search(joiner +
    "$", text)`` finds it), or None. Each run of whitespace is read as one space: a
    joiner only asks whether there is whitespace (``\s*``, ``\s+``), and a long run read
    as typed made ``\s*,?\s*`` backtrack over it from every position (a request padded
    with 2,000 spaces took 35 s)."""
    squeezed: list[str] = []
    where: list[int] = []  # the index in ``text`` of each character of ``squeezed``
    pos = 0
    for m in _SPACE.finditer(text):
        squeezed.append(text[pos:m.start()])
        where.extend(range(pos, m.start()))
        squeezed.append(" ")
        where.append(m.start())
        pos = m.end()
    squeezed.append(text[pos:])
    where.extend(range(pos, len(text)))
    hit = re.search("(?:" + joiner.pattern + ")$", "".join(squeezed))
    return None if hit is None else where[hit.start()] if hit.start() < len(where) else len(text)


def _join(one: Any, two: Any, kind: str, today: dt.date) -> Joined | None:
    d1, d2 = day_span(one.value), day_span(two.value)
    if d1 is None or d2 is None:
        return None
    span = (one.span[0], two.span[1])
    if kind in ("to", "and"):
        if d2[1] <= d1[0]:
            return None  # "del 20 al 3": not a span these two make
        return Joined(DateRange(start=d1[0], end=d2[1]), span, one.past)
    early, late = sorted((d1, d2))
    if late[0] - early[1] > _FAR:
        return Joined(None, span, False, either=True)
    if late[0] - early[1] > _TOUCH:
        return None  # "monday or friday": two days of one week, the grammar's own reading
    start, end = early[0], max(early[1], late[1])
    return Joined(DateRange(start=start, end=end), span, end < today)
