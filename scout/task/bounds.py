"""A date said as a bound: "until / hasta / by / no later than / before / antes del <date>"
(its end), "after / since / a partir del / no earlier than / <date> onwards / en adelante"
(its start), read as a date range with that end and the other one today or open.

* An end said ahead ("closing before 20 January", "plazo hasta el 15 de febrero") runs
  from today to it; "before" ends the day before the date, or on the last day of a
  span's end said as one ("before the end of January": 31 January).
* A start said ahead ("closing after 15 January": from the 16th; "a partir del 10 de
  enero", "from March onwards") has no end (:data:`scout.schemas.task.OPEN_END`).
* Said looking back ("since 1 December", "publicadas desde el 1 de diciembre": ``back``,
  an input whose label is a past participle, see :func:`scout.schemas.task.looks_back`), a date with no
  year is its latest past occurrence, a start runs to today and an end has no start
  ("published before 1 December": :data:`scout.schemas.task.OPEN_START`).

Only ``date`` inputs read the open forms (``opens``); a month input keeps the month
("disponible a partir de marzo": March). "From <date>" and "desde <date>" alone are a
stay's or a rental's first day, not a bound, unless "onwards" / "en adelante" follows or
the input looks back. "The day / week / weekend after <date>" is
:mod:`scout.task.around`'s.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Callable
from typing import Any

from scout.schemas.task import OPEN_END, OPEN_START, DateRange, Month, day_span
from scout.task.joined import end_after

Find = Callable[[str, str, dt.date], Any]

_BOUND = re.compile(
    r"\b(?:(?:from\s+(?:today|now)|desde\s+hoy|a\s+partir\s+de\s+hoy)\s+)?(?:"
    # an end, the date included
    r"(?P<until>until|till|through|thru|hasta|by|no\s+later\s+than|not\s+later\s+than|"
    r"no\s+mas\s+tarde\s+del?|a\s+mas\s+tardar\s+el|como\s+(?:muy\s+)?tarde\s+el)|"
    # an end, the date left out
    r"(?P<before>before|prior\s+to|earlier\s+than|antes\s+del?)|"
    # a start, the date left out
    r"(?P<after>after|later\s+than|despues\s+del?|posterior(?:es)?\s+al?)|"
    # a start, the date included
    r"(?P<since>since|a\s+partir\s+del?|no\s+earlier\s+than|not\s+before|"
    r"(?P<from>from|desde))"
    r")\s+(?:el\s+|the\s+|la\s+)?")
# the article that ends a cue ("hasta el", "until the")
_ARTICLE_END = re.compile(r"\b(?:el|the|la)\s+$")
# "the week after", "el día antes de": a span moved from the date (scout.task.around)
_UNIT_BEFORE = re.compile(r"\b(?:weekend|week|day|dia|semana|finde|fin\s+de\s+semana)\s*$")
# what makes "from <date>" a start with no end
_ONWARDS = re.compile(r"\s*(?:,\s*)?(?:on(?:wards?)?|forward|and\s+(?:later|after)|"
                      r"en\s+adelante|o\s+(?:despues|mas\s+tarde))\b")
# a span's end said as one: "before the end of January", "antes de finales de enero"
_END_OF = re.compile(r"(?:the\s+)?(?:end|close)\s+of\b|(?:a\s+)?(?:finales|fines|fin)\s+de\b")
# how many cues are tried: each reads the text again (a hostile text of hundreds of them
# is not read hundreds of times)
_TRIES = 8
def a_year_back(value: Any, span: tuple[int, int], free: str, original: str,
                today: dt.date, find: Find) -> Any:
    """``value`` (read at ``span``) as its latest past occurrence when it lies ahead and
    no year was written: the grammar read again from a year before today gives the same
    day a year earlier ("1 December" on 6 December 2026: 1 December 2026). A date that
    reads otherwise from there (a year written, "next week") is kept."""
    days = day_span(value) if not isinstance(value, dt.date) else (value, value)
    if days is None or days[0] <= today:
        return value
    before = today.replace(year=today.year - 1, day=min(today.day, 28)
                           if today.month == 2 else today.day)
    again = find(free, original, before)
    if again is None or again.span != span:
        return value
    moved = day_span(again.value) if not isinstance(again.value, dt.date) else (
        again.value, again.value)
    if moved is None or moved[1] > today or (moved[0].month, moved[0].day, moved[0].year) != (
            days[0].month, days[0].day, days[0].year - 1):
        return value
    return again.value


def bound(free: str, original: str, today: dt.date, find: Find, *, back: bool = False,
          opens: bool = True) -> tuple[DateRange, tuple[int, int]] | None:
    """The range a bound says and where it is written, or None. ``find(free, original,
    today)`` is the date grammar; what it reads must start right after the cue.
    ``back``: the date looks back; ``opens``: the open forms are read (``date``
    inputs), else only an end from today ("until Sunday")."""
    whole: list[Any] = []  # the whole text's reading, once
    for m in itertools.islice(_BOUND.finditer(free), _TRIES):
        side = next(k for k in ("until", "before", "after", "since") if m.group(k))
        if not opens and not re.fullmatch(r"until|till|through|thru|hasta", m.group("until") or ""):
            continue  # a month input: only "until <date>", from today, as before
        if _UNIT_BEFORE.search(free, 0, m.start()):
            continue
        # the article stays in sight: an abbreviated weekday is read only after its cue
        # ("hasta el dom")
        art = _ARTICLE_END.search(m.group(0))
        keep = m.end() - (len(art.group(0)) if art else 0)
        blanked = free[:m.start()] + " " * (keep - m.start()) + free[keep:]
        inner = find(blanked, original, today)
        if inner is None and not art and keep - m.start() >= 3:
            # the cue itself says a day follows, as "on" does: "by 10/12", "hasta 3/12", a
            # numeric date the grammar reads only after such a word ("10/12" alone may
            # be a rating); "on" stands in the cue's place, and the date is read after it
            cued = blanked[:keep - 3] + "on " + blanked[keep:]
            again = find(cued, original, today)
            if again is not None and again.span[0] == keep - 3:
                inner, blanked = type(again)(again.value, (keep, again.span[1]),
                                             past=again.past, either=again.either), cued
        if inner is None or inner.span[0] not in (keep, m.end()):
            continue
        end = inner.span[1]
        onwards = _ONWARDS.match(free, end)
        looking_back = back or m.group("since") in ("since",)
        if m.group("from") and not (onwards or looking_back):
            continue  # "from 5 May": a first day, not a bound
        if not whole:
            whole.append(find(free, original, today))
        said = whole[0]  # "del 3 hasta el 7 de junio", "from 3 to 7 June": a range already
        if said is not None and said.span[0] < m.start() <= said.span[1] or (
                said is not None and m.group("from") and said.span[0] == m.start()
                and said.span[1] > end):
            return None
        value = inner.value
        if looking_back:
            value = a_year_back(value, inner.span, blanked, original, today, find)
        days = day_span(value) if not isinstance(value, dt.date) else (value, value)
        if isinstance(value, Month):
            days = day_span(value)
        if days is None:
            continue
        one = dt.timedelta(days=1)
        if side in ("until", "before") and not m.group("from") and _after_date(free, original,
                                                                             today, find, m):
            return None  # "desde mañana hasta el domingo": both ends said, a span
        if side == "until" and not looking_back and days[1] == today \
                and (later := end_after(today, inner, blanked, original, find,
                                        inner.span[0])) is not None:
            days = day_span(later.value) or days  # "hasta el domingo" said on a Sunday
        if side in ("until", "before"):
            last = days[1] if side == "until" or _END_OF.match(free, m.end()) else days[0] - one
            if looking_back:
                span = DateRange(start=OPEN_START, end=last)
            elif last < today:
                continue
            else:
                span = DateRange(start=today, end=last)
        else:
            first = days[1] + one if side == "after" else days[0]
            span = DateRange(start=first, end=today if looking_back and first <= today
                             else OPEN_END)
        return span, (m.start(), onwards.end() if onwards else end)
    return None


def _after_date(free: str, original: str, today: dt.date, find: Find, m: re.Match[str]) -> bool:
    """Whether a date expression ends right before the bound's cue ("desde mañana hasta el
    domingo", "from Monday until Friday"): the span's start, so the two ends are one span
    (:mod:`scout.task.joined`), not a bound from today."""
    prior = find(free[:m.start()] + " " * (len(free) - m.start()), original, today)
    return prior is not None and not free[prior.span[1]:m.start()].strip()
