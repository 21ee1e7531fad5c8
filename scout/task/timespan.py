"""A slot between two clock times read as its length, for a duration input that opts in
(``from_times: true``): "de 19 a 21" is two hours, "6-7:30pm" an hour and a half, "from
10 to 12" two hours, "de 10:00 a 11:30 h" ninety minutes.

Only where the kind says so: a court or a room booked for a slot is booked for its
length, but a flight's "salida entre las 8 y las 10" is a window to leave in, no length
(so "entre" / "between" never open one here), and a kind with no such input never reads
a time as one. Two bare numbers ("de 19 a 21", "from 10 to 12") are a slot only when the
clause ends after them or a word of when follows ("el jueves", "on Saturday"): "de 19 a
21 de marzo" is dates, "from 10 to 12 people" a count.
"""

from __future__ import annotations

import re

# one clock time: "19", "19h", "7:30", "7.30", "20h30", "7:30pm", "10 a.m."
_CLOCK = r"(?P<{h}>[01]?\d|2[0-4])(?:[:.h](?P<{m}>[0-5]\d))?\s?(?P<{p}>am|pm|a\.m\.|p\.m\.|h|hs|hrs)?"
_FROM = _CLOCK.format(h="h1", m="m1", p="p1")
_TO = _CLOCK.format(h="h2", m="m2", p="p2")
# what may follow two bare numbers in a slot: the clause's end or a word of when (a day, a
# part of it); never "horas" / "hours": "de 2 a 3 horas" is how long, no slot
_WHEN_AFTER = (r"(?=\s*(?:[,;.!?)]|$)|\s+(?:on|this|next|every|tomorrow|today|"
               r"tonight|el|la|los|este|esta|cada|manana|hoy|por\s+la|in\s+the|the|y|and|con|"
               r"with|para|for|en|in|at|cerca|near)\b"
               # ("de 8 a 10 de la mañana": the part of the day, no month after "de")
               r"|\s+de\s+la\s+(?:manana|tarde|noche)\b)")
# (folded text: "a las", "desde las" with the accents dropped)
TIME_RANGE = re.compile(
    r"(?<![\w.,:/-])(?:(?P<lead>de|desde|from)\s+(?:las?\s+)?)?" + _FROM
    + r"\s*(?P<join>-|–|a|to|till|until|hasta)\s*(?:las?\s+)?" + _TO
    + r"(?![\w:/-]|[.,]\d)", re.IGNORECASE)
# a day said right before two bare numbers, which makes them its hours ("this saturday 9 to
# 18", "el sabado 10 a 12", "tomorrow 9-13", "el 12 de diciembre 10 a 14"); folded text
_WEEKDAY = (r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?|"
            r"(?:lunes|martes|miercoles|jueves|viernes|sabados?|domingos?)")
_MONTH = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|"
          r"(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|sept?iembre|octubre|"
          r"noviembre|diciembre)")
_DAY_BEFORE = re.compile(
    r"(?:\b(?:" + _WEEKDAY + r"|today|tomorrow|tonight|hoy|manana|weekend|finde)"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:de\s+|of\s+)?(?:" + _MONTH + r")"
    r"|\b(?:" + _MONTH + r")\s+\d{1,2}(?:st|nd|rd|th)?"
    r"|(?<![\w/])\d{1,2}/\d{1,2}(?:/\d{2,4})?)\s*,?\s*$")
_LONGEST = 12 * 3600  # a slot of more than half a day is no booking's length


_AM_PM = ("am", "pm", "a.m.", "p.m.")


def _marked(m: re.Match[str]) -> bool:
    """Whether either end is written as a clock's: minutes or am / pm, or "h" from an hour
    of the day on ("de 19 a 21h"; "de 2 a 3h" is two to three hours long)."""
    if m.group("m1") or m.group("m2") or m.group("p1") in _AM_PM or m.group("p2") in _AM_PM:
        return True
    return bool(m.group("lead") and (m.group("p1") or m.group("p2")) and int(m.group("h1")) >= 6)


def _after_day(folded: str, m: re.Match[str]) -> bool:
    """Whether the bare "H to H" ``m`` (no "de" / "from") comes right after a day said
    ("this saturday 9 to 18", "el sabado 10 a 12") and both are hours of a day with no
    mark after either: then it is that day's slot, as "de 9 a 18" is."""
    if m.group("lead") or m.group("p1") or m.group("p2"):
        return False
    if not (0 <= int(m.group("h1")) < 24 and 0 < int(m.group("h2")) <= 24):
        return False
    return _DAY_BEFORE.search(folded, max(0, m.start() - 40), m.start()) is not None


def _minutes(hour: str, minute: str | None, mark: str | None) -> int:
    h = int(hour) % 24
    mark = (mark or "").replace(".", "").lower()
    if mark == "pm" and h < 12:
        h += 12
    elif mark == "am" and h == 12:
        h = 0
    return h * 60 + int(minute or 0)


def slot_length(folded: str) -> tuple[int, tuple[int, int]] | None:
    """The length in seconds of the first slot between two clock times in ``folded``
    (folded text) and its span; None when there is none. The second end's am / pm is
    the first's too when the first has none ("6-7:30pm"); an end before the start
    wraps by twelve hours ("de 11 a 1"), and one still before it runs past midnight ("de 20h
    a 2h", "8pm to 1am")."""
    for m in TIME_RANGE.finditer(folded):
        # (the words right before it only: a long request is never scanned again per slot)
        if re.search(r"\b(?:entre|between)\s+(?:las?\s+)?$", folded[max(0, m.start() - 16):m.start()]):
            continue  # "salida entre las 8 y las 10", "between 6-8pm": a window to start in
        if not _marked(m) and not ((m.group("lead") and m.group("join") != "-"
                                    or _after_day(folded, m))
                                   and re.match(_WHEN_AFTER, folded[m.end():])):
            continue  # "3-4 nights", "de 2 a 3 habitaciones", "de 19 a 21 de marzo"
        if not _marked(m) and (m.group("p1") or m.group("p2")):
            continue  # "de 2 a 3h": two to three hours long
        own = m.group("p1") if m.group("p1") in _AM_PM else None
        late = m.group("p2") if m.group("p2") in _AM_PM else None
        end = _minutes(m.group("h2"), m.group("m2"), late)
        start = _minutes(m.group("h1"), m.group("m1"), own or late)
        if end <= start and not own:  # "11-1pm": the morning's 11
            start = _minutes(m.group("h1"), m.group("m1"), None)
        if end < start and not late:  # "de 11 a 1": past noon
            end += 12 * 60
        if end < start:  # "de 20h a 2h", "8pm to 1am": past midnight, into the next day
            end += 24 * 60 if late else 12 * 60
        length = (end - start) * 60
        if 0 < length <= _LONGEST:
            return length, m.span()
    return None
