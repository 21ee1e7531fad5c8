"""A span said from another date: "the weekend after Easter", "la semana antes de Navidad",
"the day after Thanksgiving", "el fin de semana después del 4 de marzo".

:func:`around` finds "<the weekend | week | day> <after | before | después de | antes de |
tras> <a date expression>", reads the date expression with the date grammar it is given,
and moves from it: the weekend after is the first Saturday-Sunday after the date's last
day, the weekend before the last one before its first day; the week after is the seven
days after its last day, the week before the seven days before its first; the day after /
before is one day on either side. Without it the grammar read "the weekend" alone, as the
coming one, and "the week after Christmas" as Christmas itself.

"Until Sunday" / "hasta el 5 de diciembre" (with "from today" / "desde hoy" or not) is
today to that day, unless the grammar reads a range there ("del 3 hasta el 7 de junio");
that and the other bounds ("after 15 January", "since 1 December") are
:mod:`scout.task.bounds`'.
Two more spans said from another one: British "Saturday week" / "a week on Saturday" (the
Saturday a week after the coming one), and a part of a year ("early next year", "a
finales de 2028": its first, middle or last four months, as a month's parts are thirds).
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Callable
from typing import Any

from scout.schemas.task import DateRange, day_span
from scout.task.bounds import bound

_AROUND = re.compile(
    r"\b(?:the\s+|el\s+|la\s+)?(?P<u>weekend|week|day|fin\s+de\s+semana|finde|semana|dia)\s+"
    r"(?P<d>after|before|following|despues\s+del?|antes\s+del?|tras|previ[oa]\s+al?|"
    r"siguiente\s+al?)\s+(?:the\s+|la\s+|el\s+|las\s+|los\s+)?")


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# British "Saturday week" / "a week on Saturday": the Saturday a week after the coming one
_WEEK_ON = re.compile(r"\b(?:(?:on\s+)?(?P<a>" + "|".join(_DAYS) + r")\s+week|a\s+week\s+(?:on\s+)?"
                      r"(?P<b>" + "|".join(_DAYS) + r"))\b")
# a part of a year: "early next year", "a principios del año que viene", "late 2028", "a
# finales de 2028": its first, middle or last four months
_YEAR_PART = re.compile(
    r"\b(?:in\s+|en\s+|a\s+|por\s+)?(?P<p>early|mid|late|principios|inicios|comienzos|mediados|"
    r"finales|fines)(?:-|\s+)(?:(?:del?|of)\s+)?(?:(?:el\s+)?(?P<ny>next\s+year|ano\s+que\s+viene|"
    r"proximo\s+ano)|(?P<y>(?:19|20|21)\d{2}))\b")


def _week_on(free: str, today: dt.date) -> tuple[DateRange, tuple[int, int]] | None:
    m = _WEEK_ON.search(free)
    if m is None:
        return None
    wd = _DAYS.index(m.group("a") or m.group("b"))
    d = today + dt.timedelta(days=(wd - today.weekday()) % 7 + 7)
    return DateRange(start=d, end=d), m.span()


def _year_part(free: str, today: dt.date) -> tuple[DateRange, tuple[int, int]] | None:
    m = _YEAR_PART.search(free)
    if m is None:
        return None
    y = int(m.group("y")) if m.group("y") else today.year + 1
    part = m.group("p")
    first = 1 if part in ("early", "principios", "inicios", "comienzos") else \
        5 if part in ("mid", "mediados") else 9
    end = dt.date(y, first + 4, 1) - dt.timedelta(days=1) if first < 9 else dt.date(y, 12, 31)
    return DateRange(start=dt.date(y, first, 1), end=end), m.span()


# Each cue tried reads the whole text with the grammar again: a request says "the week
# after" once or twice, so the first few are tried and a text of hundreds of them (pasted
# or hostile) is not read hundreds of times over.
_TRIES = 8


def around(free: str, original: str, today: dt.date,
           find: Callable[[str, str, dt.date], Any], *, back: bool = False,
           opens: bool = False) -> tuple[DateRange, tuple[int, int]] | None:
    """The span and where it is written, or None. ``find(free, original, today)`` is the
    date grammar: what it reads must start right after the words that say how far.
    ``back`` and ``opens``: how a bound reads (:func:`scout.task.bounds.bound`)."""
    hit = _week_on(free, today) or _year_part(free, today) or bound(
        free, original, today, find, back=back, opens=opens)
    if hit is not None:
        return hit
    for m in itertools.islice(_AROUND.finditer(free), _TRIES):
        # the unit words blanked (same length), so the grammar does not read "weekend"
        inner = find(free[:m.start()] + " " * (m.end() - m.start()) + free[m.end():],
                     original, today)
        if inner is None or inner.span[0] != m.end():
            continue
        days = day_span(inner.value)
        if days is None:
            continue
        first, last = days
        unit, after = m.group("u"), m.group("d").startswith(("after", "follow", "despues",
                                                             "tras", "siguiente"))
        if unit in ("day", "dia"):
            d = last + dt.timedelta(days=1) if after else first - dt.timedelta(days=1)
            span = DateRange(start=d, end=d)
        elif unit.startswith(("week", "semana")) and "end" not in unit:
            span = (DateRange(start=last + dt.timedelta(days=1), end=last + dt.timedelta(days=7))
                    if after else DateRange(start=first - dt.timedelta(days=7),
                                            end=first - dt.timedelta(days=1)))
        elif after:  # the first Saturday after the last day
            sat = last + dt.timedelta(days=(5 - last.weekday()) % 7 or 7)
            span = DateRange(start=sat, end=sat + dt.timedelta(days=1))
        else:  # the last Sunday before the first day
            sun = first - dt.timedelta(days=(first.weekday() - 6) % 7 or 7)
            span = DateRange(start=sun - dt.timedelta(days=1), end=sun)
        return span, (m.start(), inner.span[1])
    return None
