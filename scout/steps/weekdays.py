"""How many days a result's week holds: a day camp "de lunes a viernes", a course
"Monday to Friday", a venue "Mon-Sat", "5 días a la semana", "weekdays only".

A price per day is put on a week's footing (a budget a week, a price a week to compare
with) at the days the week holds; that is seven for a room or a car, whose days are all
sold, but five for what runs on weekdays only: a day camp's "45 € al día" is 225 € a week,
not 315 €. The listing says which (scout.units.per_factor takes the count); a result that
says nothing is counted at seven, as before.
"""

from __future__ import annotations

import re
from functools import lru_cache

from scout.schemas.records import Candidate
from scout.task.cldr import weekdays
from scout.text import strip_accents

#: a week said by its number of days ("5 días a la semana", "five days a week")
_COUNTS = {"cinco": 5, "five": 5, "seis": 6, "six": 6, "cuatro": 4, "four": 4}
_PER_WEEK = re.compile(r"\b(?P<n>[4-6]|" + "|".join(_COUNTS) + r")\s+(?:dias|days)\s+"
                       r"(?:a\s+la\s+semana|por\s+semana|a\s+week|per\s+week)\b")
#: the weekdays alone ("weekdays only", "entre semana", "días laborables")
_WEEKDAYS_ONLY = re.compile(r"\b(?:weekdays\s+only|on\s+weekdays|entre\s+semana|"
                            r"(?:dias|jornadas)\s+laborables|working\s+days)\b")


@lru_cache(maxsize=1)
def _range() -> re.Pattern[str]:
    """"de lunes a viernes", "Monday to Friday", "Mon-Fri", "lun. a vie." (folded)."""
    names = "|".join(sorted((re.escape(w) for w in weekdays() if w != "mar"),
                            key=len, reverse=True))
    return re.compile(rf"\b(?P<a>{names})\.?\s*(?:-|–|a|al|to|through|thru|until|hasta)\s*"
                      rf"(?P<b>{names})\b")


def week_days(text: str) -> int | None:
    """The days a week holds by what ``text`` says (5 for "de lunes a viernes"); None
    when it says nothing of it."""
    folded = strip_accents(text or "").lower()
    days = weekdays()
    for m in _range().finditer(folded):
        # a working week opens on Monday: "del viernes al domingo" is a stay, not a week
        count = (days[m.group("b")] - days[m.group("a")]) % 7 + 1
        if days[m.group("a")] == 0 and count in (5, 6):
            return count
    said = _PER_WEEK.search(folded)
    if said is not None:
        n = said.group("n")
        return _COUNTS.get(n) or int(n)
    return 5 if _WEEKDAYS_ONLY.search(folded) else None


def candidate_week(c: Candidate) -> int | None:
    """The days ``c``'s week holds by its own texts (the lines stating its price first)."""
    for e in sorted(c.evidence, key=lambda e: e.price is None):
        days = week_days(f"{e.title} {e.text}")
        if days is not None:
            return days
    return None
