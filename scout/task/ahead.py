"""Dates counted from today in days, weeks or months, English and Spanish: "in 3 weeks",
"dentro de un mes", "en un mes", "a month from now", "in a couple of days", "de aquí a 15
días" (that day, that week, that calendar month: requests.yaml's conventions), and "the
next 10 days" / "los próximos 15 días" / "over the coming two weeks" and a deadline,
"within a month" / "en menos de un mes" / "en un plazo de 10 días" (today to the day that
far ahead: by then, not then). Forms for
:mod:`scout.task.dategrammar`, as :mod:`scout.task.relative`'s are.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from scout.schemas.task import DateRange, Month
from scout.task.numwords import count_words
from scout.task.relative import Form, Value, Renamed, add_months

_NUM_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
}
_NUM_WORDS.update({w: n for w, n in count_words(60).items() if w not in _NUM_WORDS})


def ahead_forms(t: dt.date) -> list[Form]:
    """The forms of a date counted from ``t`` (today)."""
    forms: list[Form] = []

    def offset(m: re.Match[str]) -> Value | None:
        raw = m.group("n")
        n = int(raw) if raw.isdigit() else 2 if raw.endswith(("of", "de")) else _NUM_WORDS.get(raw)
        if n is None or n > 400:
            return None
        unit = m.group("unit")
        if unit.startswith(("day", "dia")):
            d = t + dt.timedelta(days=n)
            return DateRange(start=d, end=d)
        if unit.startswith(("week", "semana", "fortnight")):
            d = t + dt.timedelta(days=(14 if unit.startswith("fortnight") else 7) * n)
            return DateRange(start=d, end=d + dt.timedelta(days=6))
        y, mo = add_months(t, n)
        return Month(year=y, month=mo)

    def coming(m: re.Match[str] | Renamed) -> Value | None:
        raw = m.group("n")
        n = int(raw) if raw.isdigit() else 2 if raw.endswith(("of", "de")) else _NUM_WORDS.get(raw)
        if n is None or n > 400:
            return None
        unit = m.group("unit")
        if unit.startswith(("mes", "month")):
            y, mo = add_months(t, n)
            end = dt.date(y, mo, min(t.day, calendar.monthrange(y, mo)[1]))
            return DateRange(start=t, end=end)
        days = n * (7 if unit.startswith(("week", "semana")) else 14 if unit.startswith(
            "fortnight") else 1)
        return DateRange(start=t, end=t + dt.timedelta(days=days))

    # "in the next 10 days", "los próximos 15 días", "over the coming two weeks": today to
    # the day that far ahead (the day "dentro de 15 días" names)
    forms.append((r"\b(?:(?:in|within|over|during|for)\s+)?(?:the\s+)?(?:next|coming|following)\s+"
                  r"(?P<n>\d{1,3}|a\s+couple\s+of|couple\s+of|" + "|".join(_NUM_WORDS)
                  + r")\s+(?P<unit>days|weeks)\b|\b(?:(?:en|durante|para)\s+)?(?:l[oa]s\s+)?"
                  r"(?:proxim[oa]s|siguientes)\s+(?P<n2>\d{1,3}|un\s+par\s+de|" + "|".join(_NUM_WORDS)
                  + r")\s+(?P<unit2>dias|semanas)\b",
                  lambda m: coming(Renamed(m, {"n": m.group("n") or m.group("n2"),
                                                "unit": m.group("unit") or m.group("unit2")}))))
    # "within a month", "en menos de un mes", "in less than 2 weeks", "en un plazo de 10
    # días": a deadline, today to the day that far ahead, as "the next 10 days" (the
    # length of the stay is a duration's: it was read before)
    count = r"(?P<n>\d{1,3}|a\s+couple\s+of|couple\s+of|un\s+par\s+de|" + "|".join(_NUM_WORDS) + ")"
    units = r"(?P<unit>days?|weeks?|fortnights?|months?|dias?|semanas?|mes|meses)\b"
    forms.append((r"\b(?:within|in\s+(?:less|under)\s+than|in\s+under|en\s+menos\s+de|"
                  r"(?:en|dentro\s+de)\s+(?:el|un)\s+plazo\s+(?:maximo\s+)?de|"
                  r"como\s+mucho\s+(?:en|dentro\s+de))\s+" + count + r"\s+" + units, coming))
    # "in a couple of weeks", "en un par de semanas", "de aquí a 15 días", "a month from
    # now": two, and N; that day, that week, that calendar month
    forms.append((r"\b(?:in|dentro\s+de|en|de\s+aqui\s+a)\s+" + count + r"\s+" + units, offset))
    forms.append((r"\b" + count + r"\s+" + units + r"\s+from\s+(?:now|today)\b", offset))
    return forms
