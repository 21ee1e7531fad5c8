"""The date grammar: every form a date is written in, as a pattern over the folded text and
how its match resolves from ``today`` (day ranges across months or within one, a day, the
nth weekend or weekday of a month, a weekday or a weekend "of" a month with no day said
(the month: "un domingo de abril"), the weekend or the week of a day, ISO dates, a month and its year, a month
said next or last year, a bare month), with the forms of :mod:`scout.task.monthparts`,
:mod:`scout.task.daynums`, :mod:`scout.task.relative`, :mod:`scout.task.feasts` and
:mod:`scout.task.academic` (academic years and their halves) added. The rules the forms
follow are :mod:`scout.task.dates`'s, which tries them all and keeps the longest match.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from scout.schemas.task import DateRange, Month
from scout.task.cldr import weekdays
from scout.task.daynums import day_number_forms, weekend_holding
from scout.task.monthparts import YEAR, YEAR_SEP, month_part_forms
from scout.task.monthwords import month_words, weekday_typos
from scout.task.feasts import feast_forms
from scout.task.academic import academic_forms
from scout.task.ahead import ahead_forms
from scout.task.relative import (LAST_YEAR, Value, earlier, last_day, relative_forms,
                                 weekend_typos)


# A month word alone must be preceded by a cue when it is an abbreviation or an everyday word
# ("may"); "mar" (sea) and "ago" are read only next to a day or a year.
_NEEDS_CUE = {"may", "sep", "jun", "jul"}
_NEVER_BARE = {"mar", "ago"}
_CUE_BEFORE = re.compile(r"(?:\b(?:in|for|during|next|this|until|from|by|en|para|durante|"
                         r"proximo|este|hasta|desde)[\s-]+)$")
_Y = YEAR
# ordinals: English "3rd", Spanish "1º", "1ro", "1ero", "1er", "2do" (Latin America)
_D = r"(?P<{}>[0-3]?\d)(?:st|nd|rd|th|º|°|ª|ero|er|ro|do|to|vo|no)?"
# nouns a number counts: "agosto 4 personas", "julio 7 plazas", "june 6 people" say how
# many, not which day of the month; and units of a length: "el sábado 4 horas", "on
# Saturday 3 hours" say how long (a weekday and a day that is not it read no date at all)
_COUNTED = (r"(?:personas?|people|persons?|pax|adult(?:o)?s?|nin[oa]s|kids|children|"
            r"guests?|huespedes|plazas?|seats?|seater|asientos?|rooms?|habitacion(?:es)?|habs?|"
            r"camas?|beds?|noches?|nights?|dias?|days?|semanas?|weeks?|horas?|hours?|hrs?|h|"
            r"minutos?|minutes?|mins?|meses|months?|ways?|legs?|trips?|tickets?|billetes?|"
            r"trayectos?|viajes?|maletas?|bags?|suitcases?)\b"
            # "one-way", "3-star", "2-day": a number joined to its word by a hyphen is that
            # word's adjective, never a day of the month ("on Friday, one-way")
            r"|-[^\W\d_]{2,}")
# "del 3 al 7", "hasta el 7"; "March 15th to the 20th" as "hasta el" says it in Spanish
_SEP = (r"(?:\s*[-–&]\s*|\s+(?:al|a|hasta(?:\s+el)?|y(?:\s+el)?|"
        r"(?:to|until|till|through|and)(?:\s+the)?)\s+)")
_YSEP = YEAR_SEP
# a number after a weekday that is a day, not an amount nor a count: "saturday, 30 dollars
# max" and "el sábado, 4 adultos" keep their weekday ("friday or saturday"), "Fri 12th" /
# "viernes 12 de junio" do not;
# nor a clock time: "sat 6pm", "el sábado 18:00", "this Saturday 9am to 6pm", "el sábado 10:00-14:00", "este sábado
# 9-18h" say when in the day, which no day of the month is (read as "the 9th", a weekday
# and a day that is not it, the Saturday was lost)
_CLOCK_AFTER = (r"(?!\s*(?:am|pm|a\.m\.|p\.m\.)(?!\w)|:\d\d|\s*(?:-|–|a|to|hasta)\s*[0-2]?\d"
                r"(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|h|hs|hrs)(?!\w))")
_DAY_NOT_AMOUNT = (r"[0-3]?\d(?!\d)(?![.,]\d)(?!\s*(?:€|\$|£|euros?\b|eur\b|dollars?\b|dolares\b|usd\b|"
                   r"pounds?\b|libras?\b|gbp\b|quid\b|bucks\b|pesos?\b|%))(?!\s*" + _COUNTED + ")"
                   + _CLOCK_AFTER)


# a month's abbreviation typed alone in lower case is the month in a terse request ("hotel
# lisbon jan", "ski pass whistler 5 days feb"): no word of either language is spelt so,
# but a capitalised one may be a name ("Jan"), and one inside an address is its part
# ("jan.novak@uni.es", "/dec/"); "ene" is also a letter's name
_ADDRESS_NEXT = re.compile(r"[@./_-][\w]|['’]s\b")


def _terse_abbreviation(g: Grammar, m: re.Match[str]) -> bool:
    start, end = m.span("m")
    said = g.original[start:end]
    return (said.islower() and m.group("m").rstrip(".") != "ene"
            and not _ADDRESS_NEXT.match(g.original, end)
            and not (start and g.original[start - 1] in "@./_-"))


def cue_before(text: str, pos: int) -> bool:
    """``text[:pos]`` ends with a cue of a date (``_CUE_BEFORE``): searched from the word
    before the trailing spaces and dashes only, not over all the text before each bare
    month (quadratic in a long request)."""
    i = pos
    while i > 0 and (text[i - 1].isspace() or text[i - 1] == "-"):
        i -= 1
    while i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
        i -= 1
    return _CUE_BEFORE.search(text, i, pos) is not None


class Grammar:
    """The words one request's date forms are built from: its month names (typos
    included), weekdays and their abbreviations, and the year a month or a day without
    one falls in, from ``today``."""

    def __init__(self, text: str, original: str, today: dt.date) -> None:
        self.text, self.original, self.today = text, original, today
        self.words = month_words(text, original)
        self.weekend_typos = weekend_typos(text)
        self.days = {w: n for w, n in weekdays().items() if len(w) >= 5}
        self.days.update(weekday_typos(text, original, self.days))
        # abbreviations: CLDR's ("sat", "vie") and the longer English ones ("tues",
        # "thurs"); "mar" (Spanish Tuesday) is also March and the sea, never a weekday
        self.abbr = {w: n for w, n in weekdays().items() if len(w) < 5 and w != "mar"}
        self.abbr.update({full[:k]: n for full, n in weekdays().items() if len(full) > 6
                          for k in (4, 5) if full[:k] not in self.days})
        names = sorted(self.words, key=len, reverse=True)
        # a month's name ends its word: "3 mayores" (three seniors) and "2 marzipans"
        # are counts of a thing whose word begins like a month's, not 3 May
        self.mon_any = "(?:" + "|".join(re.escape(w) for w in names) + r")(?![a-z])\.?"
        self.mon_full = "(?:" + "|".join(
            re.escape(w) for w in names if self.words[w][1]) + ")(?![a-z])"

    def weekday_before_day(self) -> re.Pattern[str]:
        """A weekday said before a day number ("Fri 12th", "Sunday the 18th", "viernes 12 de diciembre", "el viernes día 11") or
        before a month and its day, the English order ("Saturday Dec 4th", "Sat, December
        4"), with the spaces after it; not before an amount or a count (``_DAY_NOT_AMOUNT``)."""
        return re.compile(r"\b(?:" + "|".join(sorted({**self.days, **self.abbr}, key=len, reverse=True))
                          + r")\.?,?\s+(?:the\s+|dia\s+)?(?=" + _DAY_NOT_AMOUNT + r"|(?:" + self.mon_any
                          + r")\.?\s+[0-3]?\d(?!\d)(?![.,]\d))")

    def mon(self, group: str, full: bool = False) -> str:
        return rf"(?P<{group}>{self.mon_full if full else self.mon_any})"

    def num(self, m: re.Match[str], group: str) -> int:
        return self.words[m.group(group).rstrip(".")][0]

    def next_month_year(self, month: int) -> int:
        return self.today.year if month >= self.today.month else self.today.year + 1

    def day_year(self, month: int, day: int) -> int:
        y = self.today.year
        last = last_day(y, month)
        return y if dt.date(y, month, min(day, last)) >= self.today else y + 1


#: which of a month's weekdays or weekends an ordinal says (-1: the last)
_NTH = {"first": 0, "primer": 0, "second": 1, "segundo": 1, "third": 2, "tercer": 2,
        "fourth": 3, "cuarto": 3, "last": -1, "ultimo": -1}


def _opt_year(m: re.Match[str], group: str) -> int | None:
    g = m.groupdict().get(group)
    return int(g) if g else None


def date_forms(g: Grammar) -> list[tuple[str, Callable[[re.Match[str]], Value | None]]]:
    t = g.today
    forms: list[tuple[str, Callable[[re.Match[str]], Value | None]]] = []

    def cross(m: re.Match[str]) -> Value | None:
        m1, m2 = g.num(m, "m1"), g.num(m, "m2")
        d1, d2 = int(m.group("d1")), int(m.group("d2"))
        y1, y2 = _opt_year(m, "y1"), _opt_year(m, "y2")
        if y1 is None and y2 is not None:
            y1 = y2 if m1 <= m2 else y2 - 1
        if y1 is None:
            y1 = g.day_year(m1, d1)
        if y2 is None:
            y2 = y1 if m2 >= m1 else y1 + 1
        return DateRange(start=dt.date(y1, m1, d1), end=dt.date(y2, m2, d2))

    forms.append((rf"\b(?:del?\s+|desde(?:\s+el)?\s+|entre\s+el\s+)?{_D.format('d1')}\s+de\s+"
                  rf"{g.mon('m1')}(?:\s+(?:de|del)\s+{_Y.format('y1')})?{_SEP}(?:el\s+)?"
                  rf"{_D.format('d2')}\s+de\s+{g.mon('m2')}(?:{_YSEP}{_Y.format('y2')})?", cross))
    forms.append((rf"\b(?:from\s+|between\s+)?{_D.format('d1')}\s+(?:of\s+)?{g.mon('m1')}"
                  rf"(?:,?\s+{_Y.format('y1')})?{_SEP}{_D.format('d2')}\s+(?:of\s+)?"
                  rf"{g.mon('m2')}(?:,?\s+{_Y.format('y2')})?", cross))
    forms.append((rf"\b(?:from\s+|between\s+)?{g.mon('m1')}\s+{_D.format('d1')}"
                  rf"(?:,?\s+{_Y.format('y1')})?{_SEP}{g.mon('m2')}\s+{_D.format('d2')}"
                  rf"(?:,?\s+{_Y.format('y2')})?", cross))

    def same(m: re.Match[str], month_first: bool = False) -> Value | None:
        mon, d1, d2 = g.num(m, "m"), int(m.group("d1")), int(m.group("d2"))
        if d2 < d1:  # "del 30 al 2 de enero", "Dec 30-2": across the month's turn
            return _turn(m, mon, d1, d2, month_first)
        y = _opt_year(m, "y") or g.day_year(mon, d2)
        return DateRange(start=dt.date(y, mon, d1), end=dt.date(y, mon, d2))

    def _turn(m: re.Match[str], mon: int, d1: int, d2: int, month_first: bool) -> Value | None:
        """A short stay over a month's end, the month said once: on the second day ("del
        30 al 2 de enero": 30 December) or on the first ("Dec 30-2": 2 January)."""
        try:
            if month_first:
                y = _opt_year(m, "y") or g.day_year(mon, d1)
                start = dt.date(y, mon, d1)
                end = dt.date(y + mon // 12, mon % 12 + 1, d2)
            else:
                y = _opt_year(m, "y") or g.day_year(mon, d2)
                end = dt.date(y, mon, d2)
                start = dt.date(y - (mon == 1), (mon - 2) % 12 + 1, d1)
        except ValueError:  # "del 31 al 2 de marzo": no 31 February
            return None
        return DateRange(start=start, end=end) if (end - start).days <= 15 else None

    forms.append((rf"\b(?:(?:del|desde(?:\s+el)?|entre(?:\s+el)?|de|from(?:\s+the)?|"
                  rf"between(?:\s+the)?)\s+)?"
                  rf"{_D.format('d1')}{_SEP}(?:el\s+|the\s+)?{_D.format('d2')}\s+(?:de\s+|of\s+)?"
                  rf"{g.mon('m')}(?:{_YSEP}{_Y.format('y')})?", same))
    forms.append((rf"\b{g.mon('m')}\s+{_D.format('d1')}{_SEP}{_D.format('d2')}\b"
                  rf"(?:,?\s+{_Y.format('y')})?", lambda m: same(m, month_first=True)))

    def first_named(m: re.Match[str]) -> Value | None:
        # "del 12 marzo al 15", "from 12 March to the 15th": the month said on the first
        # day is the second's too; "del 28 de marzo al 2" runs into the next month
        mon, d1, d2 = g.num(m, "m"), int(m.group("d1")), int(m.group("d2"))
        y = _opt_year(m, "y") or g.day_year(mon, d1)
        start = dt.date(y, mon, min(d1, last_day(y, mon)))
        if d2 >= d1:
            return DateRange(start=start, end=dt.date(y, mon, min(d2, last_day(y, mon))))
        ey, em = (y + 1, 1) if mon == 12 else (y, mon + 1)
        return DateRange(start=start, end=dt.date(ey, em, min(d2, last_day(ey, em))))

    # the second day bare: no month after it, and no amount, count or decimal
    forms.append((rf"\b(?:(?:del|desde(?:\s+el)?|entre\s+el|from(?:\s+the)?|between(?:\s+the)?)"
                  rf"\s+)?{_D.format('d1')}\s+(?:de\s+|of\s+)?{g.mon('m')}(?:{_YSEP}{_Y.format('y')})?"
                  rf"(?:\s*[-–]\s*|\s+(?:al|hasta(?:\s+el)?|y\s+el|to(?:\s+the)?|until(?:\s+the)?|"
                  rf"till|through|and\s+the)\s+){_D.format('d2')}\b(?!\s*(?:de\s+|of\s+)?"
                  rf"{g.mon_any})(?!\s*(?:[.,/:%]\d|[€$£]|noches?\b|nights?\b|dias?\b|days?\b|"
                  rf"personas?\b|people\b|euros?\b|dollars?\b|pounds?\b|pesos?\b))", first_named))

    forms.extend(month_part_forms(g, t))

    def nth_weekend(m: re.Match[str]) -> Value | None:
        mon = g.num(m, "m")
        y = _opt_year(m, "y") or g.next_month_year(mon)
        first = dt.date(y, mon, 1)
        sat = first + dt.timedelta(days=(5 - first.weekday()) % 7)
        saturdays = [sat + dt.timedelta(days=7 * k) for k in range(5)
                     if (sat + dt.timedelta(days=7 * k)).month == mon]
        pick = saturdays[_NTH[m.group("n")]]
        return DateRange(start=pick, end=pick + dt.timedelta(days=1))

    forms.append((rf"\b(?:the\s+)?(?P<n>first|second|third|fourth|last)\s+weekend\s+(?:of|in)\s+"
                  rf"{g.mon('m')}(?:,?\s+{_Y.format('y')})?", nth_weekend))
    forms.append((rf"\b(?:el\s+)?(?P<n>primer|segundo|tercer|cuarto|ultimo)\s+(?:fin\s+de\s+semana|finde)\s+"
                  rf"de\s+{g.mon('m')}(?:\s+(?:de|del)\s+{_Y.format('y')})?", nth_weekend))

    def some_day_of(m: re.Match[str]) -> Value | None:
        # "un domingo de abril", "a weekend in April": one of that month's, not said which
        # (the coming Sunday is not meant): the month
        mon = g.num(m, "m")
        return Month(year=_opt_year(m, "y") or g.next_month_year(mon), month=mon)

    days = "|".join(sorted(map(re.escape, g.days), key=len, reverse=True))
    forms.append((rf"\b(?:un|una|a|an|one|any|cualquier)\s+(?:{days}|weekend|fin\s+de\s+semana|"
                  rf"finde)\s+(?:de|del|in|en|of)\s+{g.mon('m')}(?!\w)(?:,?\s+(?:de\s+|del\s+)?"
                  rf"{_Y.format('y')})?", some_day_of))

    def nth_weekday(m: re.Match[str]) -> Value | None:
        # "el primer domingo de abril", "the last Sunday of April": that day
        mon, want = g.num(m, "m"), g.days[m.group("wd")]
        y = _opt_year(m, "y") or g.next_month_year(mon)
        first = dt.date(y, mon, 1)
        day = first + dt.timedelta(days=(want - first.weekday()) % 7)
        same = [day + dt.timedelta(days=7 * k) for k in range(5)
                if (day + dt.timedelta(days=7 * k)).month == mon]
        pick = same[_NTH[m.group("n")]]
        return DateRange(start=pick, end=pick)

    forms.append((rf"\b(?:the\s+)?(?P<n>first|second|third|fourth|last)\s+(?P<wd>{days})\s+"
                  rf"(?:of|in)\s+{g.mon('m')}(?!\w)(?:,?\s+{_Y.format('y')})?", nth_weekday))
    forms.append((rf"\b(?:el\s+)?(?P<n>primer|segundo|tercer|cuarto|ultimo)\s+(?P<wd>{days})\s+"
                  rf"de\s+{g.mon('m')}(?!\w)(?:\s+(?:de|del)\s+{_Y.format('y')})?", nth_weekday))

    def weekend_of(m: re.Match[str]) -> Value | None:
        mon, d = g.num(m, "m"), int(m.group("d1"))
        y = _opt_year(m, "y") or g.day_year(mon, d)
        return weekend_holding(dt.date(y, mon, d))

    forms.append((rf"\b(?:the\s+)?weekend\s+of\s+(?:the\s+)?{_D.format('d1')}\s+(?:of\s+)?"
                  rf"{g.mon('m')}(?:,?\s+{_Y.format('y')})?", weekend_of))
    forms.append((rf"\b(?:the\s+)?weekend\s+of\s+{g.mon('m')}\s+{_D.format('d1')}"
                  rf"(?:,?\s+{_Y.format('y')})?", weekend_of))
    forms.append((rf"\b(?:el\s+)?(?:fin\s+de\s+semana|finde|weekend)\s+del\s+{_D.format('d1')}\s+de\s+"
                  rf"{g.mon('m')}(?:\s+(?:de|del)\s+{_Y.format('y')})?", weekend_of))

    def week_of(m: re.Match[str]) -> Value | None:
        mon, d = g.num(m, "m"), int(m.group("d1"))
        y = _opt_year(m, "y") or g.day_year(mon, d)
        monday = dt.date(y, mon, d) - dt.timedelta(days=dt.date(y, mon, d).weekday())
        return DateRange(start=monday, end=monday + dt.timedelta(days=6))

    forms.append((rf"\b(?:(?:the\s+)?week\s+(?:of|commencing|beginning|starting)|w/[cb])\s+"
                  rf"(?:the\s+)?{_D.format('d1')}\s+(?:of\s+)?"
                  rf"{g.mon('m')}(?:,?\s+{_Y.format('y')})?", week_of))
    forms.append((rf"\b(?:the\s+)?week\s+of\s+{g.mon('m')}\s+{_D.format('d1')}"
                  rf"(?:,?\s+{_Y.format('y')})?", week_of))
    forms.append((rf"\b(?:la\s+)?semana\s+del\s+{_D.format('d1')}\s+de\s+{g.mon('m')}"
                  rf"(?:\s+(?:de|del)\s+{_Y.format('y')})?", week_of))

    def day(m: re.Match[str]) -> Value | None:
        mon, d = g.num(m, "m"), int(m.group("d1"))
        y = _opt_year(m, "y") or g.day_year(mon, d)
        return DateRange(start=dt.date(y, mon, d), end=dt.date(y, mon, d))

    forms.append((rf"\b(?:el\s+)?{_D.format('d1')}\s+(?:de\s+|of\s+)?{g.mon('m')}"
                  rf"(?:{_YSEP}{_Y.format('y')})?", day))
    # "dic 2 mil pesos", "may 3k": an amount after a month word, not a day; "agosto 4
    # personas": a count; "nov 2-5" a range's start, but "Nov 2 - wait, ..." the day
    forms.append((rf"\b{g.mon('m')}\s+{_D.format('d1')}\b(?!\s*[-–]\s*\d|\s*:|\d|\s*(?:mil|millon|k|thousand|"
                  rf"hundred|grand)\b|\s*[€$£¥%]|\s*{_COUNTED})(?:,?\s+{_Y.format('y')})?", day))

    def iso(m: re.Match[str]) -> Value | None:
        a = dt.date.fromisoformat(m.group("a"))
        b = dt.date.fromisoformat(m.group("b")) if m.group("b") else a
        return DateRange(start=a, end=b) if b >= a else None

    forms.append((r"\b(?P<a>\d{4}-\d{2}-\d{2})(?:\s*(?:\.\.|to|-|–|al|a|hasta)\s*"
                  r"(?P<b>\d{4}-\d{2}-\d{2}))?\b", iso))

    def month_year(m: re.Match[str]) -> Value | None:
        return Month(year=int(m.group("y")), month=g.num(m, "m"))

    forms.append((rf"\b{g.mon('m')}{_YSEP}{_Y.format('y')}\b", month_year))
    # "june '28", "sept ’27": a year in two digits after an apostrophe
    forms.append((rf"\b{g.mon('m')}\s*['’](?P<y>\d{{2}})\b",
                  lambda m: Month(year=2000 + int(m.group("y")), month=g.num(m, "m"))))
    forms.append((r"\b(?P<y>(?:19|20|21)\d{2})-(?P<mm>0?[1-9]|1[0-2])\b(?!-\d)",
                  lambda m: Month(year=int(m.group("y")), month=int(m.group("mm")))))

    rel_year = (r"(?:(?:el\s+)?ano\s+(?:que\s+viene|proximo|siguiente)|(?:el\s+)?(?:proximo|"
                r"siguiente)\s+ano|next\s+year)")

    def month_next_year(m: re.Match[str]) -> Value | None:
        return Month(year=t.year + 1, month=g.num(m, "m"))

    forms.append((rf"\b{g.mon('m')}\s+(?:(?:del|de|of)\s+)?{rel_year}", month_next_year))
    forms.append((rf"\b{rel_year},?\s+(?:in\s+|en\s+)?{g.mon('m', full=True)}\b", month_next_year))

    def day_rel_year(m: re.Match[str]) -> Value | None:
        # "el 12 de octubre del año que viene", "March 3 next year", "5 May last year"
        y = t.year - 1 if m.group("last") else t.year + 1
        d = dt.date(y, g.num(m, "m"), int(m.group("d1")))
        return DateRange(start=d, end=d)

    rel_or_last = rf"(?:{rel_year}|(?P<last>{LAST_YEAR}))"
    forms.append((rf"\b(?:el\s+)?{_D.format('d1')}\s+(?:de\s+|of\s+)?{g.mon('m')},?\s+"
                  rf"(?:(?:del|de|of)\s+)?{rel_or_last}", day_rel_year))
    forms.append((rf"\b{g.mon('m')}\s+{_D.format('d1')},?\s+{rel_or_last}", day_rel_year))

    def month_last(m: re.Match[str]) -> Value | None:
        # "septiembre pasado", "last September", "el pasado agosto": the latest one gone
        mon = g.num(m, "m")
        return Month(year=t.year if mon < t.month else t.year - 1, month=mon)

    forms.append((rf"\b{g.mon('m', full=True)}\s+pasado\b", month_last))
    forms.append((rf"\b(?:last|(?:el\s+)?pasado)\s+{g.mon('m', full=True)}\b", month_last))

    def month_last_year(m: re.Match[str]) -> Value | None:
        return Month(year=t.year - 1, month=g.num(m, "m"))

    forms.append((rf"\b{g.mon('m')}\s+(?:(?:del|de|of)\s+)?{LAST_YEAR}", month_last_year))
    # ("el que tuvimos el año pasado, en abril": the earlier stay's year, and April is the new one's)
    forms.append((rf"\b{LAST_YEAR},?\s+(?:in\s+|en\s+)?{g.mon('m', full=True)}\b",
                  lambda m: None if earlier(m) else month_last_year(m)))

    def bare(m: re.Match[str]) -> Value | None:
        word = m.group("m").rstrip(".")
        mon = g.num(m, "m")
        mod = (m.group("mod") or "").strip()
        post = (m.group("post") or "").strip()
        if word in _NEVER_BARE:
            return None
        if (word in _NEEDS_CUE or not g.words[word][1] and not _terse_abbreviation(g, m)) \
                and not mod and not cue_before(g.text, m.start()):
            return None
        y = g.next_month_year(mon)
        if (mod in ("next", "el proximo", "proximo") or post) and mon == t.month:
            y += 1
        return Month(year=y, month=mon)

    forms.append((rf"\b(?P<mod>next\s+|this\s+|(?:el\s+)?proximo\s+|este\s+)?"
                  rf"{g.mon('m')}(?!\w)(?P<post>\s+(?:que\s+viene|proximo))?", bare))

    forms.extend(day_number_forms(t, g.day_year, g.mon_any, g.original))
    forms.extend(relative_forms(t, g.days, rel_year, g.abbr, g.weekend_typos))
    forms.extend(ahead_forms(t))
    forms.extend(feast_forms(t))
    forms.extend(academic_forms(t))
    return forms
