"""The date reader: the date, date range or month a request gives, as a date or month
input holds it.

:func:`find_date` reads the query's free text (day numbers may be words: "del doce al
quince de marzo") through :mod:`scout.task.dates`, keeps the narrower of a date said twice
("de verano ... en julio": July, the summer claimed with it), and turns one day with "N
nights" into the stay from it ("3 nights from March 4"; never a price "a night" or "a
week", nor a date's own weeks "in two weeks"), and for a date input a start with a length
in months into the days they cover ("from January for 6 months", "3 meses desde el 15 de
enero"). :mod:`scout.task.parser` calls it in the
date and month inputs' turn.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from scout.schemas.task import OPEN_END, OPEN_START, DateRange, Month
from scout.task.readers import CLAIMED, QueryText, digits_view, widened


def find_date(text: QueryText, today: dt.date, as_type: str, *, count_nights: bool = True,
              back: bool = False) -> tuple[Any, tuple[int, int], bool] | None:
    """The date, date range or month the query gives, as an input of ``as_type`` holds it
    (a month read for a date input is its range), its span, and whether it is past. Day
    numbers may be words ("del doce al quince de marzo").
    ``count_nights``: one day with "N nights" is the stay from it (the parser says no when
    another input of the pipeline reads nights). ``back``: the input looks back (its label
    is a past participle: :func:`scout.schemas.task.looks_back`), so a date with no year is
    its latest past occurrence ("publicadas en noviembre": the November gone) and is not
    flagged past; a date input reads bounds as open ranges (:mod:`scout.task.bounds`)."""
    from scout.task.bounds import a_year_back
    from scout.task.dates import When, _find_one, find_when, month_range

    view = digits_view(text.free)  # "del doce al quince de marzo"
    opens = as_type == "date"
    when = find_when(view, text.original, today, back=back, opens=opens)
    if when is None:
        return None
    span = widened(text.free, view, when.span)
    if when.either:  # two dates far apart: the parser says so, and reads neither
        return None, span, False
    # a date said twice, the wider and a part of it ("de verano ... en julio", "summer
    # course in August"): the part is meant, and the wider one is claimed with it, so it
    # is no subject (a month input holds the month: it is left as it was)
    other = find_when(view[:span[0]] + CLAIMED * (span[1] - span[0]) + view[span[1]:],
                      text.original, today, back=back, opens=opens)
    # Unless the wider one is written as its two days ("estas navidades, del 23 de
    # diciembre al 7 de enero"): those days are what is asked, the feast named around them
    outer_days = len(re.findall(r"(?<!\d)\d{1,2}(?!\d)", view[span[0]:span[1]])) >= 2
    if as_type == "date" and other is not None and not other.either:
        if _narrower(other.value, when.value) and outer_days:
            text.claim(widened(text.free, view, other.span))
        elif _narrower(other.value, when.value):
            text.claim(span)
            when, span = other, widened(text.free, view, other.span)
        elif _narrower(when.value, other.value):
            text.claim(widened(text.free, view, other.span))
    value: Any = when.value
    if back:  # "publicadas en noviembre" on 6 December: the November gone, as asked
        if not (isinstance(value, DateRange) and value.open):
            value = a_year_back(value, when.span, view, text.original, today, _find_one)
        when = When(value, when.span)
    # "3 nights from March 4", "del 4 de marzo, 3 noches"; a feast's days with a length
    # ("10 days over Christmas", "una semana en Semana Santa"): that long from its first day
    feast = isinstance(value, DateRange) and _feast_days(value, view[span[0]:span[1]])
    if count_nights and isinstance(value, DateRange) and (value.start == value.end or feast):
        nights = _nights(text.free, days=feast)
        if nights is not None and not (span[0] < nights[1][1] and nights[1][0] < span[1]):
            value = DateRange(start=value.start, end=value.start + dt.timedelta(days=nights[0]))
            text.claim(nights[1])
    # a date input's stay only: a month input is when ("available from March", not a stay)
    stay = None if back or as_type != "date" else _months_from(value, text.free, span)
    if stay is not None:  # "from January for 6 months", "3 meses desde el 15 de enero"
        value = stay[0]
        if count_nights:  # else another input reads lengths ("contract"): it reads it too
            text.claim(stay[1])
    if as_type == "date":
        if isinstance(value, Month):
            value = month_range(value)
        if isinstance(value, DateRange) and value.start == value.end:
            value = value.start
    return value, span, when.past


def _bounds(value: Any) -> tuple[dt.date, dt.date] | None:
    """The first and last day of a date, a date range or a month."""
    from scout.task.dates import month_range

    if isinstance(value, Month):
        value = month_range(value)
    if isinstance(value, DateRange):
        return value.start, value.end
    return (value, value) if isinstance(value, dt.date) else None


def _narrower(inner: Any, outer: Any) -> bool:
    """Whether ``inner``'s days lie inside ``outer``'s and are fewer; a day that is one
    end of ``outer`` is that end said again ("retiro el 5/2 ... lo dejo el 12/2")."""
    a, b = _bounds(inner), _bounds(outer)
    if a is None or b is None or a == b or (a[0] == a[1] and a[0] in b):
        return False
    return b[0] <= a[0] and a[1] <= b[1]


# what names no feast in a span of days: "next week", "este finde", "the weekend"
_NO_FEAST = re.compile(r"\b(?:this|next|coming|the|el|la|los|las|este|esta|proxim[oa]|que|viene|"
                       r"en|de|del|of|for|over|during|durante|para|at|week|weekend|semana|"
                       r"fin|finde|long|largo|after|despues)\b|[\W_]")


def _feast_days(value: DateRange, said: str) -> bool:
    """Whether ``value``, read from the folded words ``said``, is a feast's few days named
    by its name alone ("Christmas", "Semana Santa", "el puente de diciembre"): no day
    number, no month (a month's part is longer), not a week or a weekend said alone."""
    return 0 < (value.end - value.start).days <= 9 and not re.search(r"\d", said) \
        and bool(_NO_FEAST.sub("", said))


def _nights(free: str, days: bool = False) -> tuple[int, tuple[int, int]] | None:
    """How many nights a request asks for from its one day ("for 3 nights", "dos noches",
    "a 4-night stay", "for a week": seven), and the span; None unless said once, from 1
    to 60 nights. ``days``: a length in days counts too, a night each ("10 days over
    Christmas": from a feast's first day, as a week is seven)."""
    from scout.task.numwords import count_words

    words = count_words(60)
    alt = "|".join(sorted((re.escape(w) for w in [*words, "una", "a", "one"]), key=len,
                          reverse=True))
    # "a week from the 14th", "una semana desde el 14", "two weeks from March 3": seven
    # nights a week; never a date's own weeks ("in two weeks", "dentro de una semana")
    found = [m for m in re.finditer(r"(?<![\w.,])(?P<n>\d{1,2}|" + alt + r")[\s-]+"
                                    r"(?:(?P<nights>nights?|noches?" + (r"|days?|dias?" if days else "")
                                    + r")|weeks?|semanas?)(?!\w)", free)
             if (m.group("nights") and m.group("n") != "a")  # "200 a night" is a price
             or (not m.group("nights") and not _WEEKS_AHEAD.search(free[:m.start()])
                 # "$1,500 a week" is a price too
                 and not (m.group("n") == "a" and _AMOUNT_BEFORE.search(free[:m.start()])))]
    if len(found) != 1:
        found = _corrected_nights(free, found)
        if len(found) != 1:
            return None
    elif (again := _nights_restated(free, found[0].end())) is not None:
        return again  # "3 noches, bueno, que sean 4": the count said again is meant
    raw = found[0].group("n")
    n = int(raw) if raw.isdigit() else words.get(raw, 1 if raw in ("una", "a", "one") else 0)
    n *= 1 if found[0].group("nights") else 7
    return (n, found[0].span()) if n and 1 <= n <= 60 else None


def _corrected_nights(free: str, found: list[re.Match[str]]) -> list[re.Match[str]]:
    """Of several lengths of stay, the one a correction says after the others ("2 nights
    from the 19th - actually make it 3 nights", "dos noches, no, mejor tres noches"): the
    last, when it stands in a correction's words and every other before them; else all
    (two lengths with no correction between say no one stay)."""
    from scout.task.corrections import segments

    if not found:
        return found
    last = found[-1]
    for (a, b), _old in segments(free):
        if a <= last.start() and last.end() <= b and all(m.end() <= a for m in found[:-1]):
            return [last]
    return found


# a correction's words that restate only a count ("que sean 4", "make it 4", "mejor
# cinco"): no day ("el 4", "the 4th"), no money, no other unit after the number
_BARE_COUNT = re.compile(r"\s*(?:(?:que|sean|seran|make|it|that|mejor|better|say|pon|ponle|"
                         r"ponme|mas\s+bien)\s+)*(?P<n>\d{1,2})(?:\s+(?:nights?|noches?))?\s*")


def _nights_restated(free: str, after: int) -> tuple[int, tuple[int, int]] | None:
    """A count of nights a correction restates bare right after the length said ("3
    noches, bueno, que sean 4", "two nights - actually make it 3"), and its span; None
    where another number stands between (the correction may be of that) or it says more."""
    from scout.task.corrections import segments
    from scout.task.readers import digits_view

    view = digits_view(free)
    for (a, b), _old in reversed(segments(free)):
        if a < after:
            break
        if re.search(r"\d", view[after:a]):
            return None
        m = _BARE_COUNT.fullmatch(view, a, b)
        n = int(m.group("n")) if m else 0
        return (n, (a, b)) if 1 <= n <= 60 else None
    return None


def _months_from(value: Any, free: str, span: tuple[int, int],
                 ) -> tuple[DateRange, tuple[int, int]] | None:
    """A start and a length in months as the days they cover, and the length's span: a
    month, one day or an open "from" range ("a partir de marzo") with "for 6 months" /
    "durante 10 meses" said once elsewhere. From a month or a 1st the last day is that
    of the Nth month (January for 6 months: to 30 June); from another day, the same day
    N months on ("3 meses desde el 15 de enero": to 15 April). None for anything else."""
    from scout.task.dates import last_day
    from scout.task.numwords import count_words

    if isinstance(value, Month):
        start, whole = dt.date(value.year, value.month, 1), True
    elif isinstance(value, DateRange) and value.start != OPEN_START and (
            value.end in (value.start, OPEN_END)):
        start, whole = value.start, value.start.day == 1  # "a partir de marzo": its 1st
    else:
        return None
    words = count_words(36)
    alt = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    found = [m for m in re.finditer(
        r"(?<![\w.,])(?:(?P<n>\d{1,2}|" + alt + r")|(?P<one>(?:for|durante|por)\s+(?:a|one|un)))"
        r"[\s-]+(?:months?|mes|meses)(?![\w-])(?!\s+(?:old|de\s+edad|ago)\b)", free)
        if not (span[0] < m.end() and m.start() < span[1])
        and not _WEEKS_AHEAD.search(free[:m.start()])]  # "in 3 months", "hace 6 meses"
    if len(found) != 1:
        return None
    raw = found[0].group("n")
    n = 1 if raw is None else int(raw) if raw.isdigit() else words.get(raw, 0)
    if not 1 <= n <= 36:
        return None
    year, month = divmod(start.month - 1 + n - (1 if whole else 0), 12)
    year += start.year
    end_day = last_day(year, month + 1) if whole else min(start.day, last_day(year, month + 1))
    return DateRange(start=start, end=dt.date(year, month + 1, end_day)), found[0].span()


# an amount just before "a week": its price's unit, no stay's length
_AMOUNT_BEFORE = re.compile(r"(?:\d|[€$£]|\b(?:euros?|eur|dollars?|dolares|usd|pounds?|libras?|"
                            r"gbp|pesos?|bucks|quid))\s*$")
# what makes "two weeks" a date rather than a stay's length: "in two weeks", "dentro de dos
# semanas", "en una semana", "within a week", "next"
_WEEKS_AHEAD = re.compile(r"\b(?:in|en|within|dentro\s+de|de\s+aqui\s+a|after|next|every|"
                          r"cada|ago|hace)\s*$")
