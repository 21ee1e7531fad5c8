"""The notice a listing needs, for ``rank``: a bakery's "pedidos con 48 h de antelación", a
caterer's "order 3 days ahead", a venue's "minimum notice 2 weeks", against the date asked.

Where the request asks a date (a kind's ``date`` input: "para el viernes", "on 12
December") and a candidate's page says how long ahead it must be asked, a date sooner
than that after today is flagged in the reader's language with the page's own words
(``needs more notice than the date asked leaves: “48 h de antelación”``), which the report
shows beside it; the candidate is kept (the page may still take it, asked). A page saying
no notice, a request with no date, or one with the notice left, is left as it was.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import OPEN_START, DateRange
from scout.task.lang import fold

_N = r"(?P<n>\d{1,3}|una?|uno|dos|tres|cuatro|cinco|one|two|three|four|five|an?)"
_U = r"(?P<u>h|hrs?|horas?|hours?|dias?|days?|semanas?|weeks?)"
#: a notice said with its length (folded text): "48 h de antelación", "con 3 días de
#: antelación", "una semana de preaviso", "3 days' notice", "order 2 days ahead", "48
#: hours in advance", "antelación mínima de 72 horas", "minimum notice of 2 weeks"
_NOTICES = (
    re.compile(r"(?<![\w.,])" + _N + r"\s*-?\s*" + _U + r"(?:'|’|’s)?\s+(?:de\s+)?"
               r"(?:antelacion|anticipacion|preaviso|aviso\s+previo|notice|in\s+advance|ahead|"
               r"beforehand)\b"),
    re.compile(r"\b(?:antelacion|anticipacion|preaviso|(?:minimum\s+)?notice(?:\s+period)?)"
               r"(?:\s+(?:minim[oa]|minimum))?(?:\s+(?:de|of|is|es))?\s*:?\s*" + _N + r"\s*"
               + _U + r"\b"),
)
_WORDS = {"un": 1, "una": 1, "uno": 1, "a": 1, "an": 1, "one": 1, "dos": 2, "two": 2,
          "tres": 3, "three": 3, "cuatro": 4, "four": 4, "cinco": 5, "five": 5}
_HOURS = {"h": 1, "hr": 1, "hrs": 1, "hora": 1, "horas": 1, "hour": 1, "hours": 1,
          "dia": 24, "dias": 24, "day": 24, "days": 24, "semana": 168, "semanas": 168,
          "week": 168, "weeks": 168}

NOTICE_FLAG = N_("needs more notice than the date asked leaves: “{words}”")


def notice_needed(text: str) -> tuple[float, str] | None:
    """The notice ``text`` says an order or a booking needs, in hours, and its words as
    written; None when it says none."""
    folded = fold(text or "")
    if len(folded) != len(text or ""):
        return None
    m = next((m for pattern in _NOTICES if (m := pattern.search(folded))), None)
    if m is None:
        return None
    n_said, unit = m.group("n"), m.group("u")
    count = _WORDS.get(n_said) if not n_said.isdigit() else int(n_said)
    if not count or unit not in _HOURS:
        return None
    return float(count * _HOURS[unit]), text[m.start():m.end()].strip()


def first_day(dates: Any) -> dt.date | None:
    """The first day of the request's date or dates (a Task's value); None for a month or
    a range with an open start."""
    if isinstance(dates, DateRange):
        return None if dates.start == OPEN_START else dates.start
    if isinstance(dates, dt.date) and not isinstance(dates, dt.datetime):
        return dates
    return None


def flag_notice(c: Candidate, dates: Any, today: dt.date | None) -> None:
    """Flag ``c`` when a page of it needs more notice than the date asked leaves after
    ``today`` (:func:`notice_needed`)."""
    day = first_day(dates)
    if day is None or today is None or day < today:
        return
    left = (day - today).days * 24
    for e in c.evidence:
        said = notice_needed(f"{e.title or ''}. {e.text or ''}")
        if said is not None and said[0] > left:
            flag = NOTICE_FLAG.format(words=said[1])
            if flag not in c.flags:
                c.flags.append(flag)
            return
