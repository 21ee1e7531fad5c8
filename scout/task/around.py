"""A span said from another date: "the weekend after Easter", "la semana antes de Navidad",
"the day after Thanksgiving", "el fin de semana después del 4 de marzo".

:func:`around` finds "<the weekend | week | day> <after | before | después de | antes de |
tras> <a date expression>", reads the date expression with the date grammar it is given,
and moves from it: the weekend after is the first Saturday-Sunday after the date's last
day, the weekend before the last one before its first day; the week after is the seven
days after its last day, the week before the seven days before its first; the day after /
before is one day on either side. Without it the grammar read "the weekend" alone, as the
coming one, and "the week after Christmas" as Christmas itself.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from scout.schemas.task import DateRange, Month

_AROUND = re.compile(
    r"\b(?:the\s+|el\s+|la\s+)?(?P<u>weekend|week|day|fin\s+de\s+semana|finde|semana|dia)\s+"
    r"(?P<d>after|before|following|despues\s+del?|antes\s+del?|tras|previ[oa]\s+al?|"
    r"siguiente\s+al?)\s+(?:the\s+|la\s+|el\s+|las\s+|los\s+)?")


def _range(value: Any) -> tuple[dt.date, dt.date] | None:
    if isinstance(value, DateRange):
        return value.start, value.end
    if isinstance(value, Month):
        first = dt.date(value.year, value.month, 1)
        nxt = dt.date(value.year + value.month // 12, value.month % 12 + 1, 1)
        return first, nxt - dt.timedelta(days=1)
    return None


def around(free: str, original: str, today: dt.date,
           find: Callable[[str, str, dt.date], Any]) -> tuple[DateRange, tuple[int, int]] | None:
    """The span and where it is written, or None. ``find(free, original, today)`` is the
    date grammar: what it reads must start right after the words that say how far."""
    for m in _AROUND.finditer(free):
        # the unit words blanked (same length), so the grammar does not read "weekend"
        inner = find(free[:m.start()] + " " * (m.end() - m.start()) + free[m.end():],
                     original, today)
        if inner is None or inner.span[0] != m.end():
            continue
        days = _range(inner.value)
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
