"""A stay written as its two ends: "check-in Dec 3, check-out Dec 6", "checking in the
14th, out the 16th", "entrada el 3 de mayo y salida el 6", "llegada el 3/5, salida el 6/5".

The arrival is the date expression between the arrival word and the departure word; the
departure is the one after the departure word, read as if today were the arrival day, so
a bare "el 6" or "the 16th" is the first such day on or after it. Together they make one
date range from the arrival to the departure, which wins over either end alone. The
finder is passed in (:func:`scout.task.dates.find_when`'s single-expression search), so
this module holds no grammar of its own.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from scout.schemas.task import DateRange

_IN = re.compile(r"\b(?:check[- ]?in(?:g)?|checking\s+in|arriv(?:e|ing|al)|entrada|llegada|"
                 r"llegamos|llego|ingreso)\b")
_OUT = re.compile(r"\b(?:check[- ]?out|checking\s+out|out|leav(?:e|ing)|depart(?:ure|ing)?|"
                  r"salida|salimos|salgo|regreso|volvemos)\b")

Finder = Callable[[str, str, dt.date], Any]


def find_stay(free: str, original: str, today: dt.date, find: Finder) -> Any | None:
    """(value, span) of an arrival-departure pair as one DateRange, or None."""
    arrive = _IN.search(free)
    if arrive is None:
        return None
    leave = _OUT.search(free, arrive.end())
    if leave is None:
        return None
    blank = " " * len(free)
    start = find(free[:leave.start()] + blank[leave.start():], original, today)
    if start is None or start.span[0] < arrive.end():
        return None
    first = start.value.start if isinstance(start.value, DateRange) else None
    if first is None:
        return None
    end = find(blank[:leave.end()] + free[leave.end():], original, first)
    if end is None or not isinstance(end.value, DateRange) or end.value.end <= first:
        return None
    return DateRange(start=first, end=end.value.end), (arrive.start(), end.span[1]), start.past
