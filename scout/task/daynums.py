"""Days written without a month name: numeric dates ("15/09", "el 15/12", "del 10/01 al
15/01", "03.12.27"), two days sharing one numeric month ("3-7/5"), day ranges with no month ("del 3 al 5", "from the 3rd to the 7th") and a day
alone ("el 24", "on the 24th"), the weekend of a day ("el finde del 19") and its week ("la
semana del 14", "the week of the 14th": Monday to Sunday).

Resolution (from the injected ``today``): numeric dates are day/month unless that cannot
be ("9/15" is 15 September) or the request is an American's (in English, about places in
the United States, no pound or euro: "on 12/5" in Boston is 5 December), in the next year that holds them unless one is written;
with no cue word before them only a two-digit pair with a side over 12 or a leading
zero is a date ("15/09", "05/03"), never "8/10" (a rating) or "24/7"; a year written on
either side of a numeric range is the range's ("del 3/12/2027 al 6/12/2027"). A day or day range
with no month is this month's while its first day is ahead, else next month's. A day
alone needs "el" / "the" and must end the clause (the end, punctuation or a function
word), so "the 3rd floor" and "el 5 estrellas" are no dates. :mod:`scout.task.dategrammar`
adds these forms to its grammar (the longest match wins in :mod:`scout.task.dates`).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable

from scout.schemas.task import DateRange
from scout.task.relative import Form, Value


def weekend_holding(day: dt.date) -> DateRange:
    """The weekend that holds ``day``, or the one after it when the day is a weekday."""
    sat = day - dt.timedelta(days=1) if day.weekday() == 6 else \
        day + dt.timedelta(days=(5 - day.weekday()) % 7)
    return DateRange(start=sat, end=sat + dt.timedelta(days=1))


def day_number_forms(t: dt.date, day_year: Callable[[int, int], int], month_word: str = "(?!)",
                     whole: str = "") -> list[Form]:
    """(pattern, builder) pairs over folded text; ``day_year(month, day)`` is the year of
    the next such day; ``month_word`` a regex for a month's name (a day before one is
    the longer forms' of :mod:`scout.task.dategrammar`); ``whole`` the request as typed,
    whose numeric dates say their order (:func:`_month_first`), read or not yet."""
    forms: list[Form] = []

    def next_day(d: int) -> dt.date:
        """The next day ``d`` of a month: this month's while ahead, else the next month
        that has it ("el 31" on 17 November is 31 December)."""
        y, mon = t.year, t.month
        for _ in range(3):
            if (y, mon) != (t.year, t.month) or d >= t.day:
                try:
                    return dt.date(y, mon, d)
                except ValueError:
                    pass
            y, mon = (y + 1, 1) if mon == 12 else (y, mon + 1)
        raise ValueError(f"no day {d}")

    def days_only(m: re.Match[str]) -> Value | None:
        # "del 3 al 5", "from the 3rd to the 7th": the next such days, this month's when
        # the first is still ahead, else next month's; "del 28 al 2" runs into the next
        d1, d2 = int(m.group("d1")), int(m.group("d2"))
        start = next_day(d1)
        y, mon = start.year, start.month
        if d2 >= d1:
            return DateRange(start=start, end=dt.date(y, mon, d2))
        ey, em = (y + 1, 1) if mon == 12 else (y, mon + 1)
        return DateRange(start=start, end=dt.date(ey, em, d2))

    # only with a cue that these are days: Spanish "del"/"desde el"/"entre el", English
    # "the" or an ordinal ("from 3 to 5" alone could be anything: nights, prices)
    forms.append((r"\b(?:del|desde\s+el|entre\s+el)\s+(?P<d1>[0-3]?\d)(?:º)?\s+(?:al|hasta\s+el|"
                  r"y\s+el)\s+(?P<d2>[0-3]?\d)\b(?!\s*(?:[.,/:%]\d|de\s|noches?|dias?|euros?|"
                  r"personas?))", days_only))
    forms.append((r"\b(?:from|between)\s+the\s+(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:to|until|till|"
                  r"through|and)\s+the\s+(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?\b(?!\s*(?:[.,/:%]\d|of\s))",
                  days_only))
    # without "the", ordinals say they are days: "from 12th to 14th", "12th-14th"
    forms.append((r"\b(?:(?:from|between)\s+)?(?P<d1>[0-3]?\d)(?:st|nd|rd|th)\s*(?:[-–&]|\s(?:to|until|"
                  r"till|through|and))\s*(?:the\s+)?(?P<d2>[0-3]?\d)(?:st|nd|rd|th)\b"
                  r"(?!\s*(?:[.,/:%]\d|of\s))", days_only))

    def weekend_of_day(m: re.Match[str]) -> Value | None:
        # "el finde del 19", "the weekend of the 19th": the weekend that holds the next
        # such day (or follows it)
        try:
            return weekend_holding(next_day(int(m.group("d1"))))
        except ValueError:
            return None

    forms.append((r"\b(?:(?:el|the)\s+)?(?:fin\s+de\s+semana|finde|weekend)\s+(?:del|of\s+the)\s+"
                  r"(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\b(?!\s*(?:de\s+|of\s+)?" + month_word
                  + r")(?![.,/:]\d)", weekend_of_day))

    def week_of_day(m: re.Match[str]) -> Value | None:
        # "la semana del 14", "the week of the 14th": the Monday-Sunday week holding the
        # next such day
        try:
            d = next_day(int(m.group("d1")))
        except ValueError:
            return None
        monday = d - dt.timedelta(days=d.weekday())
        return DateRange(start=monday, end=monday + dt.timedelta(days=6))

    forms.append((r"\b(?:(?:la|the)\s+)?(?:semana\s+del|week\s+(?:of|commencing|beginning|"
                  r"starting)\s+the)\s+(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\b(?!\s*(?:de\s+|of\s+)?"
                  + month_word + r")(?![.,/:]\d)", week_of_day))

    def one_day(m: re.Match[str]) -> Value | None:
        # "el 24", "para el día 24", "on the 24th": the next such day (this month's while
        # ahead, else next month's)
        day = next_day(int(m.group("d1")))
        return DateRange(start=day, end=day)

    # a day alone only before the end, a punctuation mark or a function word: "the 3rd
    # floor", "el 2 de nota", "el 5 estrellas" are no dates; or before what a reader took
    # (\x00: a date label's stretch ends there, "returning the 10[, without stops]")
    # or before the hour's bound ("el lunes 29 antes de las 12", "the 3rd before noon"),
    # or before the day's slot ("el jueves 17 de 9 a 18 hs", "the 3rd from 9 to 5": no
    # "17 de 9", a ninth month)
    not_a_day = (r"(?=\s*(?:$|\x00|[,;!?)¿]|\.(?!\d)|(?:and|or|for|to|in|at|under|with|please|pls|"
                 r"until|till|y|o|para|por|en|con|a|al|hasta|menos|max|maximo|porfa|que|"
                 r"antes|despues|before|after|around|hacia|sobre)\b"
                 r"|(?:de|desde|from)\s+(?:las?\s+)?(?:[01]?\d|2[0-4])(?:[:.h][0-5]\d)?\s*"
                 r"(?:h|hs|hrs|am|pm)?\s*(?:a|-|–|to|hasta)\s*(?:las?\s+)?\d{1,2}(?![\d/.,])))")
    forms.append((r"\b(?:(?:para|desde|hasta)\s+)?el\s+(?:dia\s+)?(?P<d1>[1-9]|[12]\d|3[01])\b"
                  + not_a_day, one_day))
    forms.append((r"\b(?:(?:on|for|from|by|until)\s+)?the\s+(?P<d1>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b"
                  + not_a_day, one_day))
    # "returning the 10", "until the 15": a Spanish speaker's "el 10", its ordinal unwritten,
    # read after a word that says a day follows (a bare "the 10" may count people)
    forms.append((r"\b(?:returning|leaving|departing|arriving|going|coming|back|until|till|on)\s+"
                  r"the\s+(?P<d1>[1-9]|[12]\d|3[01])\b(?![.,:/]\d)" + not_a_day, one_day))
    # "checking out 27th", "back 3rd.": an ordinal day with no "the" (its suffix says a
    # day) after a word that says a day follows ("3rd floor", "2nd or 3rd week" are none)
    forms.append((r"\b(?:returning|leaving|departing|arriving|back|until|till|out|by)\s+"
                  r"(?P<d1>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b" + not_a_day, one_day))

    def numeric_day(ra: str, rb: str, y: str | None, month_first: bool = False) -> DateRange:
        a, b = int(ra), int(rb)
        # day/month unless that cannot be (or the range's other end says month/day)
        day, mon = (b, a) if b > 12 >= a or (month_first and b <= 31 and a <= 12) else (a, b)
        year = (2000 + int(y) if len(y) == 2 else int(y)) if y else day_year(mon, day)
        d = dt.date(year, mon, day)
        return DateRange(start=d, end=d)

    def numeric(m: re.Match[str]) -> DateRange:
        return numeric_day(m.group("a"), m.group("b"), m.group("y"),
                           _month_first(whole or m.string))

    # a travel date's own words cue it too: "leaving 12/28 and back 1/3", "vuelta el 3/1";
    # so does a noun of an occasion, which happens on a day: "first visit 12/3", "cita
    # 3/12", "appointment 1/14", "entrevista 10/1" (no rating or fraction follows one)
    forms.append((r"(?:\b(?:el|on|del|for|para|from|desde|until|hasta|al|back|returning|"
                  r"departing|leaving|arriving|vuelta|regreso|ida|salida|llegada|"
                  r"visits?|visitas?|citas?|appointments?|appts?|meetings?|reunion|"
                  r"entrevistas?|interviews?|consultas?|consultations?|bodas?|weddings?)\s+)"
                  r"(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?:/(?P<y>(?:19|20|21)?\d{2}))?\b(?!/)", numeric))
    # with no cue, only a pair that cannot be a rating, a fraction or "24/7" (_unambiguous)
    forms.append((r"(?<![\w/.,])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?:/(?P<y>(?:19|20|21)?\d{2}))?"
                  r"\b(?![/.,]?\d)", lambda m: numeric(m) if _unambiguous(m) else None))

    def numeric_range(m: re.Match[str]) -> Value | None:
        # "del 3/12/2027 al 6/12/2027", "12/03-15/03": a year on either side is both's
        # (the start's a year before the end's when it falls after it: "28/12 al 3/1/28")
        # one order for both ends: "1/11-1/14" is 11-14 January, for 1/14 is month first
        y1, y2 = m.group("y1"), m.group("y2")
        ends = [(int(m.group(x)), int(m.group(z))) for x, z in (("a", "b"), ("c", "d"))]
        month_first = any(b > 12 >= a for a, b in ends) and not any(a > 12 >= b for a, b in ends)
        start = numeric_day(m.group("a"), m.group("b"), y1 or y2, month_first).start
        end = numeric_day(m.group("c"), m.group("d"), y2 or y1, month_first).end
        if end < start and y1 is None and y2 is not None:
            start = start.replace(year=start.year - 1)
        elif end < start and y2 is None:  # "del 28/12 al 03/01": the end is in the next year
            end = end.replace(year=end.year + 1)
        return DateRange(start=start, end=end) if end >= start else None

    year = r"(?:/(?P<{}>(?:19|20|21)?\d{{2}}))?"
    forms.append((r"(?<![\w/.,])(?:(?:del|desde(?:\s+el)?|entre\s+el|from|between)\s+)?"
                  r"(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)" + year.format("y1")
                  + r"(?:\s*[-–]\s*|\s+(?:al|a|hasta(?:\s+el)?|y\s+el|to|until|till|and)\s+)"
                  r"(?P<c>[0-3]?\d)/(?P<d>[0-3]?\d)" + year.format("y2") + r"\b(?![/.,]?\d)",
                  numeric_range))
    forms.append((r"\b(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)/(?P<y>(?:19|20|21)\d{2})\b", numeric))
    # day.month.year with dots ("03.12.27", "3.12.2027"): Europe's order, never month
    # first; only with its year, as "3.12" alone is an amount or a rating, and with two
    # digits each side or the whole year, as "3.12.27" may be a version
    forms.append((r"(?<![\w.,/])(?:(?P<a>[0-3]\d)\.(?P<b>[01]\d)\.(?P<y>(?:19|20|21)?\d{2})"
                  r"|(?P<a2>[0-3]?\d)\.(?P<b2>[01]?\d)\.(?P<y2>(?:19|20|21)\d{2}))"
                  r"(?![\w/]|[.,]\d)",
                  lambda m: numeric_day(m.group("a") or m.group("a2"), m.group("b") or m.group("b2"),
                                        m.group("y") or m.group("y2"))))

    def shared_month(m: re.Match[str]) -> Value | None:
        # "3-7/5", "del 3 al 7/5", "12-15/06/2027": two days of the month written once
        # after them (day/month: the order of the Spanish-speaking and British world).
        # With no cue word it could be a fraction's range ("3-4/5 stars", "7-8/10"): read
        # only what no fraction writes, a second day over the month, a zero-led month or
        # a year
        d1, d2, mon, y = int(m.group("d1")), int(m.group("d2")), m.group("m"), m.group("y")
        if not (0 < d1 < d2 <= 31 and 0 < int(mon) <= 12):
            return None
        if not m.group("cue") and not (d2 > int(mon) or mon.startswith("0") or y):
            return None
        try:
            start = numeric_day(str(d1), mon, y).start
            return DateRange(start=start, end=start.replace(day=d2))
        except ValueError:  # "29-31/2"
            return None

    forms.append((r"(?<![\w/.,-])(?:(?P<cue>del|desde(?:\s+el)?|entre\s+el|los(?:\s+dias)?|"
                  r"from|between|on|for|para)\s+)?(?P<d1>[0-3]?\d)(?:\s*[-–]\s*|\s+(?:al|a|"
                  r"hasta(?:\s+el)?|y(?:\s+el)?|to|until|till|and)\s+)(?P<d2>[0-3]?\d)/"
                  r"(?P<m>[01]?\d)(?:/(?P<y>(?:19|20|21)?\d{2}))?\b(?![/.,]?\d)"
                  r"(?!\s*(?:stars?|estrellas?|puntos?|points?)\b)", shared_month))

    def week_of(m: re.Match[str]) -> Value | None:
        # "the week of 15/1", "la semana del 11/01": the Monday-Sunday week holding that day
        try:
            d = numeric(m).start
        except ValueError:
            return None
        monday = d - dt.timedelta(days=d.weekday())
        return DateRange(start=monday, end=monday + dt.timedelta(days=6))

    forms.append((r"\b(?:(?:the\s+)?week\s+(?:of|commencing|beginning|starting)(?:\s+the)?|w/[cb]|"
                  r"(?:la\s+)?semana\s+del?)\s+(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)"
                  r"(?:/(?P<y>(?:19|20|21)?\d{2}))?\b(?!/)", week_of))

    return forms


def _unambiguous(m: re.Match[str]) -> bool:
    """A numeric date with no cue: two digits each side ("24/7" is a service, "8/10" a
    rating), and a side over 12 or a leading zero ("15/09", "05/03")."""
    a, b = m.group("a"), m.group("b")
    return len(a) == len(b) == 2 and ((int(a) > 12) != (int(b) > 12) or "0" in (a[0], b[0]))


# a slash pair only one order can read: "12/28" is month first, "28/12" day first
_SLASH_PAIR = re.compile(r"(?<![\w/.,])(\d{1,2})/(\d{1,2})(?![\d.,])")


def _month_first(text: str) -> bool:
    """The request writes its numeric dates month first: one of them can only be read so
    ("leaving 12/28 and back 1/3": 1/3 is 3 January) and none only day first ("24/7" is a
    service, no date); or, none saying either, it is an American's (:func:`_american`)."""
    pairs = [(int(a), int(b)) for a, b in _SLASH_PAIR.findall(text) if (a, b) != ("24", "7")]
    if any(a > 12 >= b for a, b in pairs):
        return False
    return any(b > 12 >= a for a, b in pairs) or _american(text)


# money written as Europe or Britain does: its writer puts the day first
_DAY_FIRST_MONEY = re.compile(r"[£€]|\b(?:gbp|eur|euros?|pounds?|quid)\b", re.I)


# US dollars written out: a sign before an amount, the code, the words
_DOLLARS = re.compile(r"(?<![A-Za-z])\$\s?\d|\b(?:usd|us\$|dollars?|bucks)\b", re.I)


@functools.lru_cache(maxsize=64)
def _american(text: str) -> bool:
    """Whether ``text`` (the request as typed) is written the American way: in English,
    about places in the United States only (Canada's, which writes both ways, aside), or
    about no place known but in dollars, and with no pound or euro: "car from Newark to Manhattan on 12/5" is 5 December, as its
    writer means; a Spanish request about Miami ("del 5/12 al 8/12") stays day first."""
    from scout.task.feasts import named_territories
    from scout.task.lang import detect, fold

    if _DAY_FIRST_MONEY.search(text) or detect(text, "es") != "en":
        return False
    countries = set(named_territories(fold(text).lower()))
    if not countries:  # no place known: the money says it ("$90", "USD 400", "bucks")
        return bool(_DOLLARS.search(text))
    return "US" in countries and countries <= {"US", "CA"}
