"""Parts of months and spans of months: "early / mid / late June", "a principios /
mediados / finales de junio" (days 1-10 / 11-20 / 21-end), "the first / second / last
week of June", "la primera / segunda quincena de junio" (1-15 / 16-end), "a finales de
mes" / "early next month" (this or next month's part), two parts ("early-mid June", "de
mediados a finales de junio"), and month spans ("entre julio y agosto", "from November
to January": first day to last day), and parts of a year ("el segundo semestre de 2027",
"Q3 2027", "the first half of next year"). :mod:`scout.task.dategrammar` adds these forms to
its grammar (the longest match wins in :mod:`scout.task.dates`); ``g`` is its grammar
(month words, years).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from scout.schemas.task import DateRange
from scout.task.relative import Form, Value, last_day

# a year (a named group to fill in) and what may stand between a month and its year;
# scout.task.dategrammar uses the same two
YEAR = r"(?P<{}>(?:19|20|21)\d{{2}})"
YEAR_SEP = r"(?:\s*(?:,\s*)?|\s+(?:de|del|of)\s+)"
_Y, _YSEP = YEAR, YEAR_SEP


def _part_of(y: int, mon: int, part: str) -> DateRange:
    """A named part of a month: "early" / "a principios" days 1-10, "mid" 11-20, "late"
    21-end, "first/last week", "first/second half" / "quincena"."""
    last = last_day(y, mon)
    p = re.sub(r"\s+", " ", part)
    for digits, word in (("1st", "first"), ("2nd", "second"), ("3rd", "third"), ("4th", "fourth")):
        p = p.replace(digits, word)
    ranges = {
        "first week": (1, 7), "primera semana": (1, 7), "second week": (8, 14),
        "segunda semana": (8, 14), "third week": (15, 21), "tercera semana": (15, 21),
        "fourth week": (22, 28), "cuarta semana": (22, 28),
        "last week": (last - 6, last), "ultima semana": (last - 6, last),
        "first half": (1, 15), "primera quincena": (1, 15), "primera mitad": (1, 15),
        "second half": (16, last), "segunda quincena": (16, last),
        "segunda mitad": (16, last),
        "early": (1, 10), "beginning of": (1, 10), "principios": (1, 10),
        "primeros": (1, 10), "start of": (1, 10), "inicios": (1, 10), "comienzos": (1, 10),
        "mitad": (11, 20),
        "mid": (11, 20), "middle of": (11, 20), "mediados": (11, 20),
        "late": (21, last), "end of": (21, last), "finales": (21, last),
        "fines": (21, last), "fin": (21, last), "ultimos": (21, last),
    }
    a, b = ranges[p]
    return DateRange(start=dt.date(y, mon, a), end=dt.date(y, mon, b))


def _opt_year(m: re.Match[str], group: str) -> int | None:
    g = m.groupdict().get(group)
    return int(g) if g else None


def month_part_forms(g: Any, t: dt.date) -> list[Form]:
    """(pattern, builder) pairs over folded text, built on the grammar ``g``."""
    forms: list[Form] = []

    def part(m: re.Match[str]) -> Value | None:
        mon = g.num(m, "m")
        y = _opt_year(m, "y") or g.next_month_year(mon)
        return _part_of(y, mon, m.group("part"))

    def month_span(m: re.Match[str]) -> Value | None:
        # "entre julio y agosto", "from July to August": the first day of one to the last
        # of the other (the next such months; the second after the first)
        m1, m2 = g.num(m, "m1"), g.num(m, "m2")
        y = _opt_year(m, "y")  # a year written after the second month is that month's
        y1 = (y if m1 <= m2 else y - 1) if y else g.next_month_year(m1)
        y2 = y1 if m2 >= m1 else y1 + 1
        if (y2, m2) == (y1, m1):
            return None
        return DateRange(start=dt.date(y1, m1, 1), end=dt.date(y2, m2, last_day(y2, m2)))

    forms.append((rf"\b(?:entre|between|from|de|desde)\s+(?:el\s+mes\s+de\s+)?"
                  rf"{g.mon('m1', full=True)}\s+(?:y|and|to|a|hasta|until|till|through)\s+"
                  rf"{g.mon('m2', full=True)}\b(?:{_YSEP}{_Y.format('y')})?", month_span))
    # the same with no word before: "in April-May", "April to May", "julio-agosto" (not
    # "y" / "and": "June and July" may be two months apart, each asked for)
    forms.append((rf"\b{g.mon('m1', full=True)}\s*(?:-|–|/|\s(?:to|through|thru|until|till|a|"
                  rf"hasta)\s)\s*{g.mon('m2', full=True)}\b(?:{_YSEP}{_Y.format('y')})?",
                  month_span))

    def part_rel(m: re.Match[str]) -> Value | None:
        # "a finales de mes", "end of this month", "early next month", "a principios del
        # mes que viene": this month's part, or next month's
        nxt = m.groupdict().get("next") or m.groupdict().get("next2")
        y, mon = (t.year, t.month) if not nxt else (
            (t.year + 1, 1) if t.month == 12 else (t.year, t.month + 1))
        return _part_of(y, mon, m.group("part"))

    forms.append((r"\b(?:the\s+|in\s+the\s+|at\s+the\s+)?(?P<part>early|mid|late|beginning\s+of|"
                  r"start\s+of|end\s+of|middle\s+of)[\s-]+(?:(?:this|the)\s+|(?P<next>next)\s+)?month\b",
                  part_rel))
    forms.append((r"\b(?:a\s+|para\s+)?(?P<part>principios|inicios|comienzos|mediados|mitad|finales|"
                  r"fines|fin|primeros|ultimos)\s+(?:de|del)\s+(?:(?:este|el)\s+)?(?:(?P<next>proximo|"
                  r"siguiente)\s+)?mes\b"
                  r"(?P<next2>\s+(?:que\s+viene|proximo|siguiente))?", part_rel))

    def parts(m: re.Match[str]) -> Value | None:
        # "early-mid June", "mid to late June", "de mediados a finales de junio": from the
        # first part's first day to the second part's last
        mon = g.num(m, "m")
        y = _opt_year(m, "y") or g.next_month_year(mon)
        a, b = _part_of(y, mon, m.group("p1")), _part_of(y, mon, m.group("part"))
        return DateRange(start=a.start, end=b.end) if b.end > a.end else None

    en_part = r"early|mid|late|beginning\s+of|start\s+of|end\s+of|middle\s+of"
    es_part = r"principios|inicios|comienzos|mediados|mitad|finales|fines"
    forms.append((rf"\b(?:the\s+|in\s+the\s+)?(?P<p1>early|mid|late)\s*(?:[-–/]|\s(?:to|or)\s)\s*"
                  rf"(?P<part>{en_part})[\s-]+(?:of\s+)?{g.mon('m')}(?:,?\s+{_Y.format('y')})?", parts))
    forms.append((rf"\b(?:de|desde|entre)\s+(?P<p1>{es_part})\s+(?:a|hasta|y)\s+(?P<part>{es_part})\s+de\s+"
                  rf"{g.mon('m')}(?:\s+(?:de|del)\s+{_Y.format('y')})?", parts))

    forms.append((rf"\b(?:the\s+)?(?P<part>(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+"
                  rf"(?:week|half))"
                  rf"\s+of\s+{g.mon('m')}(?:,?\s+{_Y.format('y')})?", part))
    forms.append((rf"\b(?:la\s+)?(?P<part>(?:primera|segunda|tercera|cuarta|ultima)\s+semana|"
                  rf"(?:primera|segunda)\s+(?:quincena|mitad))\s+de\s+{g.mon('m')}"
                  rf"(?:\s+(?:de|del)\s+{_Y.format('y')})?", part))
    def weeks_of(m: re.Match[str]) -> Value | None:
        # "the weeks of 5 and 12 July", "las semanas del 5 y el 12 de julio": Monday of the
        # first day's week to Sunday of the last's
        mon, d1, d2 = g.num(m, "m"), int(m.group("d1")), int(m.group("d2"))
        y = _opt_year(m, "y") or g.day_year(mon, d1)
        a, b = dt.date(y, mon, d1), dt.date(y, mon, d2)
        if b <= a:
            return None
        monday = a - dt.timedelta(days=a.weekday())
        return DateRange(start=monday, end=b + dt.timedelta(days=6 - b.weekday()))

    forms.append((rf"\b(?:the\s+)?weeks\s+(?:of|commencing|starting)\s+(?:the\s+)?"
                  rf"(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:and|&)\s+(?:the\s+)?"
                  rf"(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?{g.mon('m')}"
                  rf"(?:,?\s+{_Y.format('y')})?", weeks_of))
    forms.append((rf"\b(?:las\s+)?semanas\s+del\s+(?P<d1>[0-3]?\d)\s+y\s+(?:el\s+)?"
                  rf"(?P<d2>[0-3]?\d)\s+de\s+{g.mon('m')}(?:\s+(?:de|del)\s+{_Y.format('y')})?",
                  weeks_of))
    forms.append((rf"\b(?:the\s+|in\s+the\s+)?(?P<part>early|mid|late|beginning\s+of|start\s+of|"
                  rf"end\s+of|middle\s+of)[\s-]+(?:of\s+)?{g.mon('m')}(?:,?\s+{_Y.format('y')})?",
                  part))
    forms.append((rf"\b(?:a\s+)?(?P<part>principios|inicios|comienzos|mediados|mitad|finales|fines|"
                  rf"primeros|ultimos)"
                  rf"\s+de\s+{g.mon('m')}(?:\s+(?:de|del)\s+{_Y.format('y')})?", part))

    def part_after(m: re.Match[str]) -> Value | None:
        # "en diciembre, mejor la segunda quincena", "in March - ideally the first half":
        # the month said, then narrowed to a part of it (a second thought or a preference)
        mon = g.num(m, "m")
        y = _opt_year(m, "y") or g.next_month_year(mon)
        return _part_of(y, mon, _BARE_PART.get(m.group("part"), m.group("part")))

    # the part stands alone, its clause ending there: "la segunda quincena de enero" after
    # the month is another month's part, read by the forms above
    forms.append((rf"\b{g.mon('m', full=True)}(?:{_YSEP}{_Y.format('y')})?"
                  rf"(?:\s*[,;:(\u2013\u2014-]\s*|\s+)(?:{_NARROW}\s*,?\s*){{0,2}}"
                  rf"(?:(?:a|en|para|hacia|la|el|las|los|the|in|at|towards|around)\s+){{0,2}}"
                  rf"(?P<part>(?:primera|segunda|tercera|cuarta|ultima)\s+semana|"
                  rf"(?:primera|segunda)\s+(?:quincena|mitad)|"
                  rf"(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?:week|half)|"
                  rf"principios|inicios|comienzos|mediados|finales|fines|"
                  rf"early|mid|late|beginning|start|end|middle)"
                  # "in May, the end of the month": that month's end, not this one's
                  rf"(?:\s+(?:of\s+(?:the|that)|del?|de\s+ese)\s+(?:month|mes)\b|"
                  rf"(?=\s*(?:[,.;:)!?\u2026]|$|\s(?:y|and|pero|but)\s)))", part_after))

    def year_part(m: re.Match[str]) -> Value | None:
        # "el segundo semestre de 2027", "Q3 2027", "the first half of next year": its
        # months, first day to last; with no year the next such part (this one while it lasts)
        g_ = m.groupdict()
        word = (g_.get("n") or g_.get("q") or "").strip()
        n = _ORDINALS.get(word) or int(word)
        size = 6 if g_.get("half") else 3
        if not 1 <= n <= 12 // size:
            return None
        y = _opt_year(m, "y") or (t.year + 1 if g_.get("next") else None)
        if y is None and ((g_.get("half") or "") in ("half", "mitad", "h") or g_.get("q")) \
                and not (g_.get("q") and _WHEN_CUE.search(m.string, 0, m.start())):
            return None  # "the second half", "Q3" alone may be a match's, a street's: a year says
            # (or a word of time before a "Q": "in Q1", "sometime in Q2", "para el Q3")
        first = (n - 1) * size + 1
        if y is None:
            y = t.year if dt.date(t.year, first + size - 1, 1) >= dt.date(t.year, t.month, 1) \
                else t.year + 1
        start = dt.date(y, first, 1)
        end = dt.date(y, first + size - 1, last_day(y, first + size - 1))
        # this one while it lasts, from today (as "this winter" is)
        return DateRange(start=max(start, t) if not _opt_year(m, "y") and end >= t else start,
                         end=end)

    year = (rf"(?:(?:,?\s+|\s+(?:de|del|of)\s+(?:(?:el|the)\s+)?){_Y.format('y')}|"
            rf"\s+(?:of\s+|del\s+)?(?P<next>next\s+year|ano\s+que\s+viene|proximo\s+ano))?")
    forms.append((r"\b(?:el\s+|the\s+|in\s+the\s+|en\s+el\s+)?(?P<n>primer|first|segundo|second|"
                  r"tercer|third|cuarto|fourth|1st|2nd|3rd|4th|1er|1o|2o|3er|3o|4o)\s+"
                  r"(?:(?P<half>semestre|half|mitad)|trimestre|quarter)" + year + r"\b", year_part))
    forms.append((r"\b(?:(?P<half>h)|q)(?P<q>[1-4])" + year + r"\b", year_part))

    return forms


# the words that narrow a month just said to its part: "mejor", "preferably", "no, ..."
_NARROW = (r"(?:no|mejor|preferiblemente|preferentemente|idealmente|mas\s+bien|sobre\s+todo|"
           r"en\s+concreto|concretamente|o\s+sea|pero|better|preferably|ideally|actually|"
           r"rather|specifically|but|or\s+rather|mainly|ojala)")
# a part said with no "of": "the beginning", "the end" are "beginning of", "end of"
_BARE_PART = {"beginning": "beginning of", "start": "start of", "end": "end of",
              "middle": "middle of"}

# a word that says a time comes next: "in Q1", "during Q2", "para el Q3", "by Q4"
_WHEN_CUE = re.compile(r"\b(?:in|during|for|by|until|before|after|en|durante|para|antes\s+del?|"
                       r"despues\s+del?|hasta)(?:\s+(?:el|the))?\s+$")

_ORDINALS = {"primer": 1, "first": 1, "1st": 1, "1er": 1, "1o": 1, "segundo": 2, "second": 2,
             "2nd": 2, "2o": 2, "tercer": 3, "third": 3, "3rd": 3, "3er": 3, "3o": 3,
             "cuarto": 4, "fourth": 4, "4th": 4, "4o": 4}
