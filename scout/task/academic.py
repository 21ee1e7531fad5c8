"""The academic calendar as a request says it: an academic year ("curso 2027-28", "el
curso académico 2027/2028", "academic year 2027/28", "the 2027-28 school year", "el curso
que viene", "next academic year", "este curso") and its halves ("primer cuatrimestre",
"2º cuatrimestre", "fall semester", "el semestre de primavera", "spring semester 2028").
Date forms for
:mod:`scout.task.dategrammar`, which keeps the longest match, so "spring semester" is
no meteorological spring and "curso 2027-28" no "2027" nor a number.

The year is the one most universities in Spain and Europe keep, and what a residence, a
course or a school lets by: 1 September to 30 June. Its first half (a first
cuatrimestre, a fall or autumn semester) is September to January, its second (a second
cuatrimestre, a spring semester) February to June. A bare "semestre" is not read:
Spanish says it of a calendar year's halves too ("el primer semestre de 2027" is January
to June); nor is a "term", whose dates each country's universities set apart (a UK
"spring term" is January to March, a US "summer term" a summer session).

A year pair must be consecutive ("2027-28", "2027/2028"; never "2027-29"). With no year,
a half is the next one that has not started (a request made in December for
"el primer cuatrimestre" looks ahead to September), "this" / "este" the one under way,
from today; an academic year alone the same way ("el curso que viene", "next academic
year" is the next to start; "este curso" the one under way, from today).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from scout.schemas.task import DateRange
from scout.spec.datesaid import SCHOOL_YEAR_END, SCHOOL_YEAR_START, school_year_start

Form = tuple[str, Callable[[re.Match[str]], "DateRange | None"]]

# an academic year's first and last day, by the year it starts in (a page's the same)
_START, _END = SCHOOL_YEAR_START, SCHOOL_YEAR_END
# each part of the year: (months after the year's start it opens, months it lasts)
_HALVES = {1: (0, 5), 2: (5, 5)}                  # Sep-Jan, Feb-Jun

_PAIR = r"(?P<y1>(?:19|20|21)\d{2})\s*[-/–]\s*(?P<y2>(?:19|20|21)?\d{2})\b"
_YEAR_WORD = (r"(?:(?:el\s+|the\s+)?(?:curso|ano\s+academico|ano\s+escolar)(?:\s+academico)?|"
              r"(?:the\s+)?(?:academic|school|university)\s+year)")
_THIS = r"(?:este|esta|this|current|el\s+actual)"
_NEXT = (r"(?:el\s+)?(?:proximo|siguiente)|(?:the\s+)?(?:next|coming|following|upcoming)")
_FIRST = r"(?:primer|primero|1\s*(?:er|º|°|o)?|first|1st)"
_SECOND = r"(?:segundo|2\s*(?:º|°|o|do)?|second|2nd)"


def _start_year(m: re.Match[str]) -> int | None:
    """The year an academic year said with its pair of years starts in; None when the
    pair is no academic year ("2027-29", "2027-2030"): as a page's is read
    (:func:`scout.spec.datesaid.school_year_start`)."""
    return school_year_start(m.group("y1"), m.group("y2"))


def _year(start: int) -> DateRange:
    return DateRange(start=dt.date(start, *_START), end=dt.date(start + 1, *_END))


def _part(start: int, opens: int, months: int) -> DateRange:
    """The part of the academic year starting in ``start`` that opens ``opens`` months
    after 1 September and lasts ``months`` months."""
    first = _START[0] - 1 + opens
    y, m = start + first // 12, first % 12 + 1
    last = first + months - 1
    ey, em = start + last // 12, last % 12 + 1
    nxt = dt.date(ey + (em == 12), em % 12 + 1, 1)
    return DateRange(start=dt.date(y, m, 1), end=nxt - dt.timedelta(days=1))


def _current_start(t: dt.date) -> int:
    """The year the academic year under way on ``t`` started in (in July and August, the
    coming one's)."""
    return t.year if t.month >= _START[0] or t.month > _END[0] else t.year - 1


def academic_forms(t: dt.date) -> list[Form]:
    """The forms of the academic calendar, resolved from ``t`` (see the module)."""
    forms: list[Form] = []

    def said_year(m: re.Match[str]) -> DateRange | None:
        start = _start_year(m)
        return None if start is None else _year(start)

    # "curso 2027-28", "el curso académico 2027/2028", "academic year 2027/28"
    forms.append((rf"\b{_YEAR_WORD}\s+(?:(?:de|del|of)\s+)?{_PAIR}", said_year))
    # "the 2027-28 academic year", "2027/28 school year"
    forms.append((rf"\b(?:the\s+)?{_PAIR}\s+(?:academic|school|university)\s+year\b", said_year))

    def relative_year(m: re.Match[str]) -> DateRange | None:
        current = _current_start(t)
        if m.groupdict().get("this"):
            whole = _year(current)
            return DateRange(start=max(t, whole.start), end=whole.end)
        return _year(current + 1 if dt.date(current, *_START) <= t else current)

    forms.append((rf"\b(?:(?P<this>{_THIS})|{_NEXT})\s+"
                  rf"(?:curso(?:\s+academico)?|ano\s+academico|(?:academic|school)\s+year)\b",
                  relative_year))
    forms.append((r"\b(?:el\s+)?(?:curso|ano\s+academico)(?:\s+academico)?\s+"
                  r"(?:que\s+viene|proximo|siguiente)\b", relative_year))

    def part(opens: int, months: int) -> Callable[[re.Match[str]], DateRange | None]:
        def make(m: re.Match[str]) -> DateRange | None:
            if m.group("y1"):
                start = _start_year(m)
                return None if start is None else _part(start, opens, months)
            if m.group("cy"):   # "fall semester 2027", "spring semester 2028": that year's
                y = int(m.group("cy"))
                span = _part(y, opens, months)
                return span if span.start.year == y else _part(y - 1, opens, months)
            current = _current_start(t)
            if m.group("this"):
                span = _part(current, opens, months)
                if span.end >= t:
                    return DateRange(start=max(t, span.start), end=span.end)
            for start in (current, current + 1):
                span = _part(start, opens, months)
                if span.start >= t:
                    return span
            return _part(current + 1, opens, months)
        return make

    of_year = (rf"(?:\s+(?:(?:de|del|of)\s+)?(?:(?:el|la|the)\s+)?(?:{_YEAR_WORD}\s+)?{_PAIR}"
               rf"(?:\s+(?:academic|school)\s+year)?|\s+(?:de\s+|of\s+)?(?P<cy>(?:19|20|21)\d{{2}})\b)?")
    this = rf"(?:(?P<this>{_THIS})\s+|(?:{_NEXT})\s+|(?:el|la|the)\s+)?"
    for n, (opens, months) in _HALVES.items():
        ordinal = _FIRST if n == 1 else _SECOND
        season = r"(?:fall|autumn|otono)" if n == 1 else r"(?:spring|primavera)"
        make = part(opens, months)
        # "primer cuatrimestre", "2º cuatrimestre", "first semester of the 2027-28 academic year"
        forms.append((rf"\b{this}{ordinal}\s+(?:cuatrimestre|semester){of_year}", make))
        # "fall semester", "spring semester 2028", "el semestre de primavera"
        forms.append((rf"\b{this}{season}\s+semester{of_year}", make))
        forms.append((rf"\b{this}semestre\s+de\s+(?:la\s+|el\s+)?{season}{of_year}", make))
    return forms
