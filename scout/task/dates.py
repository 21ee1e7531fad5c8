"""When a request is for: months, days, ranges, seasons, weekends, relative spans (the
relative forms live in :mod:`scout.task.relative`; numeric dates and days written without
a month name in :mod:`scout.task.daynums`).

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
* "next week" / "la semana que viene" is next Monday-Sunday; "this week" today-Sunday;
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
* numeric dates are day/month unless that cannot be ("9/15" is 15 September); with no
  cue word ("el", "on", "del"…) only a two-digit pair with a side over 12 or a leading
  zero is a date ("15/09", "05/03"), never "8/10" (a rating) or "24/7".
* words inside a longer place name the gazetteer knows are the place's, not a date
  ("Christmas Island", "Isla de Navidad", "Isla de Pascua"), and so are words a
  geographic noun opens or ends ("Puerto Navidad", "Christmas Cove"):
  :func:`scout.task.gazetteer.place_names`, :func:`scout.task.gazetteer.headed_names`.

dateparser was evaluated for the relative forms (1.2.2 here): it reads "next month" and
"in two weeks" but returns one instant, not a span, and does not read "el año que viene",
seasons, weekends, day ranges ("del 3 al 7 de junio", "June 3-7") or "the last week of
June"; importing it costs ~115 ms and four dependencies (regex, pytz, tzlocal, dateutil).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

from scout.schemas.task import DateRange, Month
from scout.task.cldr import weekdays
from scout.task.daynums import day_number_forms, weekend_holding
from scout.task.monthparts import YEAR, YEAR_SEP, month_part_forms
from scout.task.monthwords import month_words, weekday_typos
from scout.task.around import around
from scout.task.feasts import feast_forms
from scout.task.gazetteer import headed_names, place_names
from scout.task.joined import find_joined
from scout.task.relative import LAST_YEAR, Value, last_day, relative_forms, weekend_typos
from scout.task.stay import find_stay


@dataclass
class When:
    value: Value | None  # None with ``either``
    span: tuple[int, int]
    past: bool = False
    either: bool = False  # two dates offered far apart ("Pascua o Navidad"): none is read


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
# many, not which day of the month
_COUNTED = (r"(?:personas?|people|persons?|pax|adult(?:o)?s?|nin[oa]s|kids|children|"
            r"guests?|huespedes|plazas?|seats?|seater|asientos?|rooms?|habitacion(?:es)?|habs?|"
            r"camas?|beds?|noches?|nights?|dias?|days?|semanas?|weeks?)\b")
_SEP = r"(?:\s*[-–&]\s*|\s+(?:al|a|hasta(?:\s+el)?|y(?:\s+el)?|to|until|till|through|and)\s+)"
_YSEP = YEAR_SEP
# a number after a weekday that is a day, not an amount nor a count: "saturday, 30 dollars
# max" and "el sábado, 4 adultos" keep their weekday ("friday or saturday"), "Fri 12th" /
# "viernes 12 de junio" do not
_DAY_NOT_AMOUNT = (r"[0-3]?\d(?!\d)(?![.,]\d)(?!\s*(?:€|\$|£|euros?\b|eur\b|dollars?\b|dolares\b|usd\b|"
                   r"pounds?\b|libras?\b|gbp\b|quid\b|bucks\b|pesos?\b|%))(?!\s*" + _COUNTED + ")")


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


def _span(y: int, m: int, d1: int, d2: int | None = None) -> DateRange:
    last = last_day(y, m)
    return DateRange(start=dt.date(y, m, min(d1, last)), end=dt.date(y, m, min(d2 or d1, last)))


class _Grammar:
    def __init__(self, text: str, original: str, today: dt.date) -> None:
        self.text, self.today = text, today
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
        self.mon_any = "(?:" + "|".join(re.escape(w) for w in names) + r")\.?"
        self.mon_full = "(?:" + "|".join(
            re.escape(w) for w in names if self.words[w][1]) + ")"

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


def _opt_year(m: re.Match[str], group: str) -> int | None:
    g = m.groupdict().get(group)
    return int(g) if g else None


def _forms(g: _Grammar) -> list[tuple[str, Callable[[re.Match[str]], Value | None]]]:
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

    def same(m: re.Match[str]) -> Value | None:
        mon, d1, d2 = g.num(m, "m"), int(m.group("d1")), int(m.group("d2"))
        if d2 < d1:
            return None
        y = _opt_year(m, "y") or g.day_year(mon, d2)
        return DateRange(start=dt.date(y, mon, d1), end=dt.date(y, mon, d2))

    forms.append((rf"\b(?:(?:del|desde(?:\s+el)?|entre(?:\s+el)?|de|from(?:\s+the)?|"
                  rf"between(?:\s+the)?)\s+)?"
                  rf"{_D.format('d1')}{_SEP}(?:el\s+|the\s+)?{_D.format('d2')}\s+(?:de\s+|of\s+)?"
                  rf"{g.mon('m')}(?:{_YSEP}{_Y.format('y')})?", same))
    forms.append((rf"\b{g.mon('m')}\s+{_D.format('d1')}{_SEP}{_D.format('d2')}\b"
                  rf"(?:,?\s+{_Y.format('y')})?", same))

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
        n = {"first": 0, "primer": 0, "second": 1, "segundo": 1, "third": 2, "tercer": 2,
             "fourth": 3, "cuarto": 3, "last": -1, "ultimo": -1}[m.group("n")]
        pick = saturdays[n]
        return DateRange(start=pick, end=pick + dt.timedelta(days=1))

    forms.append((rf"\b(?:the\s+)?(?P<n>first|second|third|fourth|last)\s+weekend\s+(?:of|in)\s+"
                  rf"{g.mon('m')}(?:,?\s+{_Y.format('y')})?", nth_weekend))
    forms.append((rf"\b(?:el\s+)?(?P<n>primer|segundo|tercer|cuarto|ultimo)\s+(?:fin\s+de\s+semana|finde)\s+"
                  rf"de\s+{g.mon('m')}(?:\s+(?:de|del)\s+{_Y.format('y')})?", nth_weekend))

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
    # personas": a count
    forms.append((rf"\b{g.mon('m')}\s+{_D.format('d1')}\b(?!\s*[-–:]|\d|\s*(?:mil|millon|k|thousand|"
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
    forms.append((rf"\b{LAST_YEAR},?\s+(?:in\s+|en\s+)?{g.mon('m', full=True)}\b", month_last_year))

    def bare(m: re.Match[str]) -> Value | None:
        word = m.group("m").rstrip(".")
        mon = g.num(m, "m")
        mod = (m.group("mod") or "").strip()
        post = (m.group("post") or "").strip()
        if word in _NEVER_BARE:
            return None
        if (word in _NEEDS_CUE or not g.words[word][1]) and not mod \
                and not cue_before(g.text, m.start()):
            return None
        y = g.next_month_year(mon)
        if (mod in ("next", "el proximo", "proximo") or post) and mon == t.month:
            y += 1
        return Month(year=y, month=mon)

    forms.append((rf"\b(?P<mod>next\s+|this\s+|(?:el\s+)?proximo\s+|este\s+)?"
                  rf"{g.mon('m')}(?!\w)(?P<post>\s+(?:que\s+viene|proximo))?", bare))

    forms.extend(day_number_forms(t, g.day_year, g.mon_any))
    forms.extend(relative_forms(t, g.days, rel_year, g.abbr, g.weekend_typos))
    forms.extend(feast_forms(t))
    return forms


def find_when(free: str, original: str, today: dt.date) -> When | None:
    """The longest date expression in ``free`` (folded, claimed spans blanked), or a stay
    written as its two ends ("check-in Dec 3, check-out Dec 6": :mod:`scout.task.stay`)."""
    stay = find_stay(free, original, today, _find_one)
    if stay is not None:
        value, span, past = stay
        return When(value, span, past=past)
    moved = around(free, original, today, _find_one)  # "the weekend after Easter"
    if moved is not None:
        return When(moved[0], moved[1], past=_is_past(moved[0], today))
    one = _find_one(free, original, today)
    joined = find_joined(free, original, today, _find_one, one) if one is not None else None
    if joined is not None:  # "del 20 de diciembre a Reyes", "Pascua o Navidad"
        return When(joined.value, joined.span, past=joined.past, either=joined.either)
    return one


def _find_one(free: str, original: str, today: dt.date) -> When | None:
    g = _Grammar(free, original, today)
    # "Fri 12th", "viernes 12 de diciembre": a weekday before a day number only decorates
    # it, so it is blanked (same length) and the day forms read what follows; the date
    # read claims it too, so "in Dublin on Friday 12 March" leaves no place "Dublin on Friday"
    weekdays = re.compile(r"\b(?:" + "|".join(sorted({**g.days, **g.abbr}, key=len, reverse=True))
                          + r")\.?,?\s+(?=" + _DAY_NOT_AMOUNT + ")")
    decorated = {m.end(): m.start() for m in weekdays.finditer(free)}
    free = weekdays.sub(lambda m: " " * len(m.group(0)), free)
    best: tuple[int, int, When] | None = None
    names = [*place_names(free), *headed_names(free, original)]
    for order, (pattern, build) in enumerate(_forms(g)):
        for m in re.finditer(pattern, free):
            if any(a <= m.start() and m.end() <= b and (a, b) != m.span() for a, b in names):
                continue  # "hotel in Christmas Island": the feast is the island's name
            try:
                value = build(m)
            except (ValueError, KeyError, OverflowError):
                continue
            if value is None:
                continue
            length = m.end() - m.start()
            if best is None or length > best[0]:
                best = (length, -order, When(value, m.span(), past=_is_past(value, today)))
    if best is None:
        return None
    when = best[2]
    start, end = when.span
    if start in decorated:
        when = When(when.value, (decorated[start], end), past=when.past, either=when.either)
    return when


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
