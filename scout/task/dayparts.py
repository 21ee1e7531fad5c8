"""A part of today named as one phrase: "tonight", "this evening", "esta noche", "esta
tarde", "esta mañana", written out as the day and its part ("today in the evening", "hoy
por la tarde") before any reader.

The date reader reads "today" / "hoy" as the parser's injected today, and a kind's time of
day input reads "in the evening" / "por la tarde" (its own words, or its value's name,
"evening"), so each phrase gives both: the day to a date input and the part of the day to
a kind that has a time input. Read as they were, "this evening" gave no day, "esta tarde"
neither a day nor a part, and "esta mañana" read "mañana" as tomorrow.

"Tonight" is the evening's: a kind's evening is what a person going out tonight asks for
(no kind here tells night from evening). What the phrase says is kept in either language:
an English request's Spanish phrase is written out in Spanish, and the other way round.
"""

from __future__ import annotations

import re

_PARTS = (
    (re.compile(r"\besta\s+ma(?:ñ|n)ana\b", re.IGNORECASE), "hoy por la mañana"),
    (re.compile(r"\besta\s+tarde\b", re.IGNORECASE), "hoy por la tarde"),
    (re.compile(r"\besta\s+noche\b", re.IGNORECASE), "hoy por la noche"),
    (re.compile(r"\bthis\s+morning\b", re.IGNORECASE), "today in the morning"),
    (re.compile(r"\bthis\s+afternoon\b", re.IGNORECASE), "today in the afternoon"),
    (re.compile(r"\b(?:this\s+evening|tonight)\b", re.IGNORECASE), "today in the evening"),
)


def today_parts(query: str) -> str:
    """``query`` with each phrase naming a part of today written out as the day and the
    part (by the rule above)."""
    for form, words in _PARTS:
        query = form.sub(words, query)
    return query
