"""When a request is for: months, days, ranges, seasons, weekends, relative spans, found
as the longest date expression in its text (the forms are :mod:`scout.task.dategrammar`'s;
the relative forms live in :mod:`scout.task.relative`; numeric dates and days written
without a month name in :mod:`scout.task.daynums`).

A small grammar over the folded text (lower case, no accents; see
:func:`scout.task.lang.fold`), English and Spanish side by side. Month names and
abbreviations come from CLDR (:func:`scout.task.cldr.months`); a misspelt month name
within one edit is read as that month ("septmber", "agostoo"; for the five-letter names,
only a transposition or a doubled letter: "abirl", "marzzo", never "marco"; see
:mod:`scout.task.monthwords`). Every form is tried; the longest match wins, so "del 28 de
junio al 3 de julio" beats "28 de junio".

Resolution, from the injected ``today`` (never the clock):

* a month without a year is the next such month (the current one included); a day
  without a year the next such day; an explicit year is kept even when past, and
  :attr:`When.past` says so;
* seasons are meteorological and **northern-hemisphere** (spring March-May, summer
  June-August, autumn September-November, winter December-February): "en verano" is the
  next summer, "this winter" the current one when today is in it (from today);
* "this weekend" / "este fin de semana" is the coming Saturday-Sunday (today when it is
  Sunday), and so is Spanish "el próximo fin de semana" / "el finde que viene" (Fundéu:
  "próximo" is the nearest ahead); English "next weekend" is the one after it;
* "next week" / "la semana que viene" is next Monday-Sunday; "this week" today-Sunday
  (said on a Sunday, the week ahead);
* "in N days" is that day; "in N weeks" the seven days from N weeks ahead; "in N
  months" / "dentro de un mes", "next month" / "el mes que viene" the calendar month;
  "next year" / "el año que viene" the whole year, and "<month> next year" /
  "<mes> del año que viene" that month of it; "last month" / "el mes pasado", "last
  year" / "el año pasado" and "<mes> del año pasado" are read too, and flagged as past;
* feasts: Christmas / Navidad 24-26 December, New Year's Eve / Nochevieja 31 December,
  New Year / Año Nuevo 1 January, Easter / Pascua Good Friday to Easter Monday, Semana
  Santa / Holy Week Palm Sunday to Easter Sunday (the next one, or the year written);
  Carnaval, and fixed feasts by their date (Halloween, Reyes, St Patrick's Day, Día de
  Muertos, San Fermín, Hogmanay ...: :func:`scout.task.relative._holiday` lists them);
  feasts that move by weekday (Thanksgiving, Memorial Day ...) or with Easter (Corpus
  Christi), a country's (Fiestas Patrias), the Spanish puentes joined to their weekend,
  and the cherry blossom season: :mod:`scout.task.feasts`; "the weekend / week / day
  after / before <a date>" moves from it (:mod:`scout.task.around`);
* "early/mid/late June", "a principios/mediados/finales de junio": days 1-10 / 11-20 /
  21-end; "the last week of June": its last seven days; "first/second half",
  "primera/segunda quincena": days 1-15 / 16-end.
* a day range with the month on its first day only ("del 12 marzo al 15", "from 12 March
  to the 15th") is in that month (the next one when the second day is smaller); "el
  finde / weekend del 19", "the weekend of the 19th" the weekend that holds that day;
* a day range with no month ("del 3 al 5", "from the 3rd to the 7th") or a day alone
  ("el 24", "on the 24th", only before the end, punctuation or a function word) is this
  month's while its first day is ahead, else next month's; "a finales de mes" / "early
  next month" a part of this or next month; "<month> pasado" / "last <month>" the
  latest such month gone (flagged past);
* an academic year ("curso 2027-28", "next academic year") is 1 September to 30 June,
  its halves ("primer cuatrimestre", "spring semester") September-January and
  February-June: :mod:`scout.task.academic`;
* numeric dates are day/month unless that cannot be ("9/15" is 15 September); with no
  cue word ("el", "on", "del"…) only a two-digit pair with a side over 12 or a leading
  zero is a date ("15/09", "05/03"), never "8/10" (a rating) or "24/7".
* words inside a longer place name the gazetteer knows are the place's, not a date
  ("Christmas Island", "Isla de Navidad", "Isla de Pascua"), and so are words a
  geographic noun opens or ends ("Puerto Navidad", "Christmas Cove"):
  :func:`scout.task.placespans.place_names`, :func:`scout.task.placespans.headed_names`.

dateparser was evaluated for the relative forms (1.2.2 here): it reads "next month" and
"in two weeks" but returns one instant, not a span, and does not read "el año que viene",
seasons, weekends, day ranges ("del 3 al 7 de junio", "June 3-7") or "the last week of
June"; importing it costs ~115 ms and four dependencies (regex, pytz, tzlocal, dateutil).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass

from scout.lazyre import compiled
from scout.schemas.task import DateRange, Month
from scout.task.cldr import weekdays
from scout.task.around import around
from scout.task.dategrammar import Grammar, date_forms
from scout.task.placespans import headed_names, place_names
from scout.task.joined import find_joined
from scout.task.relative import Value, last_day
from scout.task.stay import find_stay


@dataclass
class When:
    value: Value | None  # None with ``either``
    span: tuple[int, int]
    past: bool = False
    either: bool = False  # two dates offered far apart ("Pascua o Navidad"): none is read


def _span(y: int, m: int, d1: int, d2: int | None = None) -> DateRange:
    last = last_day(y, m)
    return DateRange(start=dt.date(y, m, min(d1, last)), end=dt.date(y, m, min(d2 or d1, last)))


def find_when(free: str, original: str, today: dt.date, *, back: bool = False,
              opens: bool = False) -> When | None:
    """The longest date expression in ``free`` (folded, claimed spans blanked), or a stay
    written as its two ends ("check-in Dec 3, check-out Dec 6": :mod:`scout.task.stay`).
    A bound ("after 15 January", "since 1 December") is a range with one end today or
    open: ``opens`` reads the open forms, ``back`` reads it looking back
    (:mod:`scout.task.bounds`)."""
    stay = find_stay(free, original, today, _find_one)
    if stay is not None:
        value, span, past = stay
        return When(value, span, past=past)
    # "the weekend after Easter", "closing after 15 January"
    moved = around(free, original, today, _find_one, back=back, opens=opens)
    if moved is not None:
        return When(moved[0], moved[1], past=_is_past(moved[0], today))
    one = _find_one(free, original, today)
    joined = find_joined(free, original, today, _find_one, one) if one is not None else None
    if joined is not None:  # "del 20 de diciembre a Reyes", "Pascua o Navidad"
        return When(joined.value, joined.span, past=joined.past, either=joined.either)
    return one


_DIGITS = re.compile(r"\d+")


def _find_one(free: str, original: str, today: dt.date) -> When | None:
    g = Grammar(free, original, today)
    # "Fri 12th", "viernes 12 de diciembre": a weekday before a day number only decorates
    # it, so it is blanked (same length) and the day forms read what follows; the date
    # read claims it too, so "in Dublin on Friday 12 March" leaves no place "Dublin on Friday"
    weekdays = g.weekday_before_day()
    decorated = {m.end(): m.start() for m in weekdays.finditer(free)}
    free = weekdays.sub(functools.partial(_as_article, free), free)
    best: tuple[int, int, When] | None = None
    names = [*place_names(free), *headed_names(free, original)]
    for order, (pattern, build) in enumerate(date_forms(g)):
        for m in compiled(pattern).finditer(free):
            if any(a <= m.start() and m.end() <= b and (a, b) != m.span() for a, b in names):
                continue  # "hotel in Christmas Island": the feast is the island's name
            try:
                value = build(m)
            except (ValueError, KeyError, OverflowError):
                continue
            if value is None:
                continue
            # a number's digits say no more than another's: "el 5/12 ... vuelta el 19/12"
            # is two dates of one form, the first said (a longer form still wins)
            length = len(_DIGITS.sub("0", m.group(0)))
            if best is None or length > best[0]:
                best = (length, -order, When(value, m.span(), past=_is_past(value, today)))
    if best is None:
        return None
    when = best[2]
    start, end = when.span
    if start in decorated:
        when = When(when.value, (decorated[start], end), past=when.past, either=when.either)
    return when


# "el" or "the" just before a weekday: the day form after it reads the article said
_ARTICLE_BEFORE = re.compile(r"(?<!\w)(?:el|the)\s+$")
_NUMERIC_NEXT = re.compile(r"\d{1,2}\s*[/.-]\s*\d")
# a day number right after a weekday (not hours from one to another: "sábado 10 a 14",
# "open Saturday 10 to 2")
_DAY_NEXT = re.compile(r"[0-3]?\d(?P<o>st|nd|rd|th)?\b(?!\s*(?:-|–|a|to|hasta|till|until)\s*\d)")


def _as_article(free: str, m: re.Match[str]) -> str:
    """A weekday before its day number, blanked to the length it had, as the article the
    day's form reads before a bare number: "Sunday 18th" as "the 18th", "viernes 30" as "el
    30", "sab 9" as "el 9" ("el viernes 30", "on Sunday the 18th" keep the one they say).
    The date read still opens at the weekday, so a day it is not is noted
    (:func:`wrong_weekday`)."""
    if _ARTICLE_BEFORE.search(free, max(0, m.start() - 6), m.start()) or len(m.group(0)) < 4 \
            or _NUMERIC_NEXT.match(free, m.end()):  # "by Friday 10/12": the numeric date's
        return " " * len(m.group(0))
    day = _DAY_NEXT.match(free, m.end())
    if day is None:
        return " " * len(m.group(0))
    # the day forms read "the" before an ordinal ("the 18th") and "el" before a bare number
    word = "the" if day.group("o") else "el"
    return word + " " * (len(m.group(0)) - len(word))


def wrong_weekday(said: str, value: object) -> tuple[int, int] | None:
    """``(the weekday said, the date's own)`` (ISO, Monday 0) when ``said`` (a date's
    folded words, as :func:`find_when` spans them) opens with a weekday that its one day
    is not: "viernes 12 de diciembre" when 12 December is a Saturday; None otherwise (no
    weekday said, it agrees, or the value is a span of days). The parser keeps the date as
    written (the day number is what a booking names) and says so in a Task note."""
    day = value.start if isinstance(value, DateRange) and value.start == value.end else value
    if not isinstance(day, dt.date):
        return None
    names = {w: n for w, n in weekdays().items() if w != "mar"}  # "mar": March too
    m = re.match(r"\s*(?:(?:el|on|the)\s+)?(" + "|".join(sorted(names, key=len, reverse=True))
                 + r")\b", said)
    if m is None or names[m.group(1)] == day.weekday():
        return None
    return names[m.group(1)], day.weekday()


def _is_past(value: Value, today: dt.date) -> bool:
    if isinstance(value, Month):
        return (value.year, value.month) < (today.year, today.month)
    return value.end < today


def month_range(value: Month) -> DateRange:
    """A whole month as a date range (for ``date`` inputs)."""
    return _span(value.year, value.month, 1, last_day(value.year, value.month))
