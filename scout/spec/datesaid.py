"""The dates a record's evidence states, for the ``on_dates`` filter: whether an event,
an exhibition or an offer is on the days a request asks for.

Listings write dates as a day and a month (``5 de diciembre``, ``Sat 12 Dec``, ``December
13, 2026``), ISO dates, numbers with their year (``15/03/2027``: the day first), day ranges in one month (``del 3 al 7 de junio``, ``June 3-7``,
``4-6 Dec``) and runs across months (``del 1 de octubre al 31 de enero``, ``until 31
January``, ``hasta el 10 de enero``: an end; ``from 20 December``, ``desde el 3 de mayo``:
a start). A deadline's words (``by 30 June``, ``antes del 1 de marzo``, ``no later than``)
state a day to act by, never when the thing happens. Month names come from CLDR
through Babel, in English and Spanish. A year left out is the one that puts the date
nearest the span asked for. Month words that are everyday words too ("may", "march",
"mar") count only where written as months (:func:`_month_is_meant`). This lives beside the filters, below :mod:`scout.task`'s
request grammar (which reads relative dates from the request's point of view): a listing
states dates, it does not say "next weekend".

A date a listing gives for something other than when the thing happens (a submission
deadline, a closing date, a sale, a publication: ``Deadline for papers: 1 May 2027``,
``plazo de envío: 15 de enero``, ``on sale from 1 November``) is not one of its dates: a
congress in September whose call closes in May is not on in May. ``of=`` asks for those
dates instead (``stated_date(of=['deadline', 'plazo'])``: when the call closes); such a
date said with an end or deadline word ("plazo abierto hasta el 30 de junio", "deadline:
apply by 1 May") is that one day. A date the thing is closed, booked up or sold out
(``Closed 7-13 December``, ``cerrada por obras del 1 de septiembre al 30 de junio``) is
not one of its dates either, and one such run that covers every day asked is a "no"; so
is a weekday it is closed every week (``cerrado los lunes``, ``closed on Mondays``:
:mod:`scout.spec.closeddays`) on which every day asked falls.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Any

from scout.schemas.task import OPEN_END as _OPEN_END
from scout.schemas.task import OPEN_START as _OPEN_START
from scout.spec.closeddays import closed_every_day
from scout.spec.labelsaid import CLOSED_LABELS, OTHER_LABELS, is_labelled, label_re
from scout.spec.monthsaid import month_spans
from scout.text import fold_aligned
from scout.lazyre import lazy_re

Span = tuple[dt.date, dt.date]


@functools.lru_cache(maxsize=1)
def _months() -> dict[str, int]:
    """Folded month names and abbreviations (CLDR, English and Spanish) → 1-12."""
    from babel.dates import get_month_names

    out: dict[str, int] = {}
    for lang in ("en", "es"):
        for width in ("wide", "abbreviated"):
            for num, name in get_month_names(width, locale=lang).items():
                word = fold_aligned(str(name)).rstrip(".")
                if len(word) >= 3:
                    out[word] = int(num)
    out.update({"sept": 9, "setiembre": 9})
    return out


@functools.lru_cache(maxsize=1)
def _month_next() -> re.Pattern[str]:
    return re.compile(r"(?:st|nd|rd|th|º)?\s+(?:de\s+)?(?P<m>"
                      + "|".join(sorted(map(re.escape, _months()), key=len, reverse=True))
                      + r")\.?(?![a-z])")


def month_follows(folded: str, pos: int) -> bool:
    """Whether a month name starts at ``pos`` of ``folded`` text (after a day's ordinal,
    a space and a Spanish ``de``): the number before ``pos`` is a day ("12 March", "3 de
    mayo"), not a quantity. "may", "march" and "mar" are months here only as
    :data:`_MONTH_FOLLOWS` says ("3 may apply" is no date)."""
    m = _month_next().match(folded, pos)
    if m is None:
        return False
    return m.group("m") not in _AMBIGUOUS or _MONTH_FOLLOWS.match(folded, m.end()) is not None


@functools.lru_cache(maxsize=1)
def _grammar() -> dict[str, re.Pattern[str]]:
    mon = r"(?P<{g}>" + "|".join(sorted(map(re.escape, _months()), key=len, reverse=True)) \
        + r")\.?(?![a-z])"
    day = r"(?P<{g}>[0-3]?\d)(?:st|nd|rd|th|º)?"
    year = r"(?:,?\s+(?:de\s+|del\s+)?(?P<{g}>(?:19|20)\d\d))?"
    sep = r"\s*(?:-|–|al|a|to|until|till|through|hasta(?:\s+el)?)\s*"
    dm = day.format(g="d1") + r"\s+(?:de\s+)?" + mon.format(g="m1") + year.format(g="y1")
    md = mon.format(g="m1") + r"\s+" + day.format(g="d1") + year.format(g="y1")

    # between an end or start word and its date: "hasta el día", "a partir del próximo"
    lead = r"(?:\s+(?:el|del|de|la))?(?:\s+(?:proximo|dia))*\s+(?:"

    def c(pattern: str) -> re.Pattern[str]:
        return re.compile(r"(?<![\w-])" + pattern + r"(?![\w])")

    pair = r"(?P<y1>(?:19|20)\d\d)\s*[-/–]\s*(?P<y2>(?:19|20)?\d\d)(?![\d/-])"
    return {
        # a school year a page states with its two years ("plazas para el curso 2027-28",
        # "academic year 2027/2028", "the 2027-28 school year"): 1 September to 30 June
        "school_year": c(r"(?:(?:curso|ano\s+escolar|ano\s+academico)(?:\s+academico)?|"
                         r"(?:academic|school)\s+year)\s+(?:(?:de|del|of)\s+)?" + pair
                         + r"|" + pair.replace("y1", "y3").replace("y2", "y4")
                         + r"\s+(?:academic|school)\s+year"),
        "iso": c(r"(?P<y1>\d{4})-(?P<m1>\d\d)-(?P<d1>\d\d)"),
        # "15/03/2027", "15-03-2027", "15.03.2027": the day first, as the request's own
        # "el 15/09" reads, unless only the other order is a date ("03/15/2027"); with
        # its four-digit year only, so a score ("8/10") or "24/7" is no date
        "num": c(r"(?P<d1>[0-3]?\d)(?P<sep>[/.-])(?P<m1>[0-3]?\d)(?P=sep)(?P<y1>(?:19|20)\d\d)"),
        # "del 1 de octubre al 31 de enero", "1 October to 31 January 2027"
        "dm_dm": c(r"(?:del?\s+)?" + dm + sep + day.format(g="d2") + r"\s+(?:de\s+)?"
                   + mon.format(g="m2") + year.format(g="y2")),
        # "December 5, 2026 to April 20, 2027", "from Dec 5 - Apr 20": a run written month
        # first, as English pages write a season, is one run, not its two ends
        "md_md": c(r"(?:from\s+)?" + md + sep + mon.format(g="m2") + r"\s+"
                   + day.format(g="d2") + year.format(g="y2")),
        # "del 3 al 7 de junio", "4-6 Dec"
        "dd_m": c(r"(?:del?\s+)?" + day.format(g="d1") + sep + day.format(g="d2")
                  + r"\s+(?:de\s+)?" + mon.format(g="m1") + year.format(g="y1")),
        # "June 3-7"
        "m_dd": c(mon.format(g="m1") + r"\s+" + day.format(g="d1") + r"\s*[-–]\s*"
                  + day.format(g="d2") + year.format(g="y1")),
        # "until 31 January", "hasta el 10 de enero": what is on runs up to it
        "until": c(r"(?:until|till|through|to|hasta)" + lead + dm + ")"),
        # "by 30 June", "antes del 1 de marzo", "no later than 5 May", "a más tardar el
        # 12 de enero": a deadline's words, never when the thing happens
        "by": c(r"(?:by|before|no\s+later\s+than|antes|a\s+mas\s+tardar)" + lead + dm + ")"),
        # "from 20 December", "desde el 1 de", "a partir del día 3 de mayo"
        "from": c(r"(?:from|since|starting|desde|a\s+partir)" + lead + dm + ")"),
        # the same written month first, as English pages write them: "until April 20",
        # "by March 1", "from December 5"
        "until_md": c(r"(?:until|till|through|to)" + lead + md + ")"),
        "by_md": c(r"(?:by|before|no\s+later\s+than)" + lead + md + ")"),
        "from_md": c(r"(?:from|since|starting)" + lead + md + ")"),
        "dm": c(dm),
        "md": c(md),
    }


#: the readings written month first that mean what their day-first ones mean
_MONTH_FIRST = {"until_md": "until", "by_md": "by", "from_md": "from"}


#: month words that are also everyday words: English "may" (the modal: "10 may apply")
#: and "march", Spanish "mar" (the sea: "vistas al mar 15 habitaciones")
_AMBIGUOUS = frozenset({"may", "march", "mar"})
#: what may follow such a word written in lower case for it to be a month: the end, a
#: mark, a number (a time), or a Spanish joining word ("10 may en el Teatro Real"); an
#: English modal or verb is followed by its verb or object ("10 may apply")
_MONTH_FOLLOWS = lazy_re(
    r"\s*(?:$|[^\w\s]|\d|(?:en|a|al|de|del|y|e|o|hasta|desde|para|por|las|los|el)(?!\w))")


@functools.lru_cache(maxsize=1)
def _weekday() -> re.Pattern[str]:
    """A weekday name (CLDR, English and Spanish) just before a date: "Sat 10 may"."""
    from babel.dates import get_day_names

    names = {fold_aligned(str(n)).rstrip(".") for lang in ("en", "es")
             for width in ("wide", "abbreviated") for n in get_day_names(width, locale=lang).values()}
    alts = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return re.compile(r"(?<![\w])(?:" + alts + r")\.?,?\s*(?:del?\s+)?$")


#: how far before a date its weekday is looked for: the longest name ("miércoles",
#: "wednesday"), its mark and the spaces between, with room to spare; a search from the
#: text's start was one pass over the page per "may" (20,000 "10 may apply": 100 s)
_WEEKDAY_REACH = 40


def _month_is_meant(m: re.Match[str], text: str, folded: str) -> bool:
    """Whether the month words of ``m`` are months: a word that is also an everyday word
    ("may", "march", "mar") counts when written with a capital ("10 May"), with a
    year, after a weekday, or followed by what follows a date, not by a verb."""
    words = [g for g in ("m1", "m2") if m.groupdict().get(g) and m.group(g) in _AMBIGUOUS]
    if not words:
        return True
    if m.groupdict().get("y1") or m.groupdict().get("y2"):
        return True
    for g in words:
        written = text[m.start(g): m.end(g)]
        # a capital says month, unless the text shouts (all of it in capitals)
        if written[:1].isupper() and (not written.isupper() or text != text.upper()):
            continue
        if _weekday().search(folded, max(0, m.start() - _WEEKDAY_REACH), m.start()) or _MONTH_FOLLOWS.match(folded, m.end()):
            continue
        return False
    return True


def _date(year: int | None, month: int, day: int, near: dt.date) -> dt.date | None:
    """The date, in the year given or else the one nearest ``near``."""
    try:
        if year is not None:
            return dt.date(year, month, day)
        options = [dt.date(near.year + k, month, day) for k in (-1, 0, 1)]
    except ValueError:  # 31 June, 29 February of a common year
        return None
    return min(options, key=lambda d: abs((d - near).days))


#: an academic year's first and last day (month, day), by the year it starts in: what
#: most of Spain's and Europe's schools, nurseries and universities keep
SCHOOL_YEAR_START, SCHOOL_YEAR_END = (9, 1), (6, 30)


def school_year_start(y1: str, y2: str) -> int | None:
    """The year an academic year written as a pair of years starts in ("2027", "28" or
    "2028": 2027); None when the years do not follow each other ("2027-29")."""
    first = int(y1)
    second = int(y2) if len(y2) == 4 else (first // 100) * 100 + int(y2)
    return first if second == first + 1 else None


def spans_in(text: str, near: dt.date, of: Any = None, by_month: bool = False) -> list[Span]:
    """Every date or run of dates ``text`` states, as (first, last) days; the longest
    reading wins where two overlap ("del 3 al 7 de junio" is one run, not "7 de junio").
    A date labelled as a deadline, a sale or a publication (:data:`OTHER_LABELS`) is left
    out (:mod:`scout.spec.labelsaid`); with ``of`` (a word or a list of words), only the dates labelled with them count.
    ``by_month``: months named with no day count too, as their days ("temporada media
    (junio y septiembre)", "open May to September": :mod:`scout.spec.monthsaid`)."""
    folded = fold_aligned(text)  # one character for one: a capital is looked up in text
    words = ([of] if isinstance(of, str) else list(of)) if of else [*OTHER_LABELS,
                                                                    *CLOSED_LABELS]
    # "completo" / "full" as a closure: with the closure labels (on_dates, or no of=)
    label = label_re(tuple(str(w) for w in words), full=not of or of is CLOSED_LABELS)
    months = _months()
    # which characters a reading already holds: checking a match is then as long as the
    # match, not as long as the list of readings so far (a page of a thousand dates)
    taken = bytearray(len(folded))
    out: list[tuple[int, Span]] = []

    def free(m: re.Match[str]) -> bool:
        return not any(taken[m.start():m.end()])

    for kind, rx in _grammar().items():
        for m in rx.finditer(folded):
            if not free(m) or not _month_is_meant(m, text, folded):
                continue
            g = m.groupdict()
            kind = _MONTH_FIRST.get(kind, kind)
            if kind == "school_year":
                start = school_year_start(g["y1"] or g["y3"], g["y2"] or g["y4"])
                if start is not None:
                    taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
                    if is_labelled(folded, m.start(), m.end(), label) == bool(of):
                        out.append((m.start(), (dt.date(start, *SCHOOL_YEAR_START),
                                                dt.date(start + 1, *SCHOOL_YEAR_END))))
                continue
            y1 = int(g["y1"]) if g.get("y1") else None
            m1 = int(g["m1"]) if kind in ("iso", "num") else months[g["m1"]]
            d1 = int(g["d1"])
            if kind == "num" and m1 > 12 >= d1:
                m1, d1 = d1, m1  # "03/15/2027": the month first
            first = _date(y1, m1, d1, near)
            if first is None:
                continue
            if kind in ("dm_dm", "md_md"):
                y2 = int(g["y2"]) if g.get("y2") else None
                last = _date(y2, months[g["m2"]], int(g["d2"]), near)
                if last is not None and y1 is None and (y2 is not None or last < first):
                    # "from 1 August to 31 August 2027": the first end is in the year the
                    # second states, or the one before when it comes later in the year
                    back = (m1, int(g["d1"])) > (last.month, last.day)
                    first = _date(last.year - back, m1, int(g["d1"]), near) or first
                span = (first, last) if last and last >= first else None
            elif kind in ("dd_m", "m_dd"):
                last = _date(first.year, m1, int(g["d2"]), near)
                span = (first, last) if last and last >= first else None
            elif kind == "until":
                # an end date: what is on ("exhibition until 31 January") runs up to it,
                # while a labelled date ("plazo abierto hasta el 30 de junio", "apply by
                # 1 May") is that day: the call closes then, it is not open all the time
                # before (a deadline in January is not met by "until 30 June")
                span = (first, first) if of else (_OPEN_START, first)
            elif kind == "by":
                span = (first, first)  # a deadline: the thing's own date only under of=
            elif kind == "from":
                span = (first, _OPEN_END)
            else:
                span = (first, first)
            if span is not None:
                taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
                labelled = is_labelled(folded, m.start(), m.end(), label)
                if (labelled or (kind == "by" and not of)) == bool(of):
                    out.append((m.start(), span))
    if by_month:  # after every reading with a day: "del 3 al 7 de junio" is no June
        for start, end, span in month_spans(text, folded, near, taken):
            if is_labelled(folded, start, end, label) == bool(of):
                out.append((start, span))
    return [span for _start, span in sorted(out)]  # in the order the text states them


def asked_span(value: Any) -> Span | None:
    """A Task's date range, month or day (a model or its JSON dump) as (first, last)."""
    import calendar

    get = value.get if isinstance(value, dict) else (lambda k, d=None: getattr(value, k, d))
    if isinstance(value, dt.date):
        return (value, value)
    if isinstance(value, str):
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            return None
        return (day, day)
    start, end = get("start", None), get("end", None)
    if start is not None and end is not None:
        s = start if isinstance(start, dt.date) else dt.date.fromisoformat(str(start))
        e = end if isinstance(end, dt.date) else dt.date.fromisoformat(str(end))
        return (s, e)
    year, month = get("year", None), get("month", None)
    if isinstance(year, int) and isinstance(month, int):
        return (dt.date(year, month, 1), dt.date(year, month, calendar.monthrange(year, month)[1]))
    return None


def on_dates(texts: list[str], span: Any, of: Any = None) -> bool | None:
    """True when some text states a date (or run) that meets ``span``; False when they
    state dates and none does; None when they state none, or no span was asked (so a
    ``where`` keeps the record, as it keeps one with no price). ``of``: see
    :func:`spans_in`."""
    asked = asked_span(span) if span is not None else None
    if asked is None:
        return None
    # a year a text leaves out is the one nearest the days asked: their finite end when
    # the request said a bound ("published before 1 December": no first day)
    near = asked[0] if asked[0] != _OPEN_START else asked[1]
    if of is None:
        # closed, booked up or sold out on every day asked: not on then, whatever else
        # the texts state ("open all year; closed 1-31 August" for August); a run with one
        # end open ("closed from 1 August") is no closure of known days
        closed = [s for t in texts for s in spans_in(t, near, CLOSED_LABELS, by_month=True)
                  if _OPEN_START not in s and _OPEN_END not in s]
        if any(a <= asked[0] and b >= asked[1] for a, b in closed):
            return False
        # closed every week on each weekday asked ("cerrado los lunes" for a Monday)
        if _OPEN_START not in asked and _OPEN_END not in asked \
                and closed_every_day(texts, asked[0], asked[1]):
            return False
    found = [s for t in texts for s in spans_in(t, near, of, by_month=True)]
    if not found:
        return None
    return any(a <= asked[1] and b >= asked[0] for a, b in found)


def stated_date(texts: list[str], of: Any = None, pick: str = "max",
                near: dt.date | None = None) -> dt.date | None:
    """The day the texts state (labelled with ``of``, else the thing's own dates): a run
    counts by its last day for ``max`` and its first for ``min`` (an open run, "until 31
    January", by the day it names); ``first`` is the first one stated. A year left out is
    the one nearest ``near`` (default: today). None when no text states one."""
    near = near or dt.date.today()
    days: list[dt.date] = []
    for text in texts:
        for a, b in spans_in(text, near, of):
            lo = a if a != _OPEN_START else b
            hi = b if b != _OPEN_END else a
            days.append(lo if pick in ("min", "first") else hi)
    if not days:
        return None
    return days[0] if pick == "first" else (min(days) if pick == "min" else max(days))
