"""How long the request says the stay lasts, for a price compared with a budget for the
whole of it: its dates, or, with none, the length a duration says.

"de enero a junio, máximo 300 € en total" and "para 3 meses, máximo 200 € en total" both
ask for a price a month times the months of the stay. Dates are counted in nights (7–13
December is 6) and, for a price or a budget per day, in days of use, both ends included
(7); dates that cover whole calendar months ("de enero a junio", "for the summer") are
that many months for a price per a month or longer, so 42.50 a month from January to June
is 255, not 181 days' worth (251). With no dates, a duration input is the stay's length
("3 meses", "for 6 months", "para 10 días"), counted as it is said, never one day more;
unless the kind reads it otherwise: one its ``where`` compares (a flight's longest time, a
warranty, a minimum contract) or rank's ``volume`` counts the work by (an audio's length),
one under a day, or one no whole number of days or months ("30 hours a week").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from typing import Any, NamedTuple

from scout.schemas.task import OPEN_END, OPEN_START, DateRange
from scout.task.durations import DAY, MONTH
from scout.units import PERIOD_DAYS


class Span(NamedTuple):
    """The stay's length: ``nights`` (a duration's days), the whole calendar ``months``
    its dates cover (None when they do not), and ``said``: a duration's, whose days are
    its days of use already."""

    nights: float
    months: int | None = None
    said: bool = False


#: the periods a range of dates is counted in days of use for, both ends included: a desk
#: or a car per day from 7 to 13 December is used 7 days, where a room per night (or a
#: week's or a month's let, a stay) is paid for its 6 nights
_DAYS_OF_USE = frozenset({"day", "half day"})


def _whole_months(start: dt.date, end: dt.date) -> int | None:
    """How many calendar months ``start``–``end`` (both included) covers when it starts
    on a month's first day and ends on one's last; None otherwise."""
    if start.day != 1 or (end + dt.timedelta(days=1)).day != 1:
        return None
    return (end.year - start.year) * 12 + end.month - start.month + 1


def _said_length(seconds: Any) -> float | None:
    """A duration's seconds as a stay's days: a day or more, in whole days or months."""
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds < DAY:
        return None
    if seconds % DAY and abs(seconds / MONTH - round(seconds / MONTH)) * MONTH >= 1:
        return None
    return seconds / DAY


def stay_span(task: Any, bounds: Collection[str] = ()) -> Span | None:
    """The stay the request asks for: its first date range (end − start nights: 3–6 March
    is 3; a single day 0, one day of use of a price per day: a boat or a car for Saturday),
    else the one duration input it gives that is none of ``bounds`` (the inputs the kind
    compares or counts work by); None without either (a month is no span to multiply a
    price by), with dates that have an open end ("a partir del 5 de enero"), or with two
    such durations (which is the stay?)."""
    types = getattr(task, "types", None) or {}
    values = getattr(task, "values", None) or {}
    for name, type_name in types.items():
        value = values.get(name)
        if type_name == "date" and isinstance(value, DateRange) and OPEN_END > value.end \
                >= value.start > OPEN_START:
            return Span(float((value.end - value.start).days),
                        _whole_months(value.start, value.end))
        if type_name == "date" and isinstance(value, DateRange):
            return None  # "a partir del 5 de enero": an open end is no length to pay for
        if type_name == "date" and isinstance(value, dt.date):
            return Span(0.0)  # a single day: no night, one day of use of a price per day
    said = [days for name, type_name in types.items() if type_name == "duration"
            and name not in bounds and (days := _said_length(values.get(name))) is not None]
    return Span(said[0], said=True) if len(said) == 1 else None


def days_used(span: Span | None, per: str | None) -> float | None:
    """The stay's length in days for a price or budget per ``per``: dates covering whole
    months, those months for a period of a month or longer; their days of use, one more
    than their nights, for a period of days (:data:`_DAYS_OF_USE`); their nights for any
    other, and a duration's days as they are."""
    if span is None:
        return None
    if span.months and per in PERIOD_DAYS and PERIOD_DAYS[str(per)] >= PERIOD_DAYS["month"]:
        return span.months * PERIOD_DAYS["month"]
    if per in _DAYS_OF_USE and not span.said:
        return span.nights + 1
    return span.nights or None  # a single day holds no night to pay a night's price for
