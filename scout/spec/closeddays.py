"""The weekdays a record says it is closed every week, for ``on_dates``: a museum "cerrado
los lunes", a zoo "closed on Mondays and Tuesdays", a shop whose hours say "Lunes:
cerrado", "open daily except Mondays", "abierto todos los días salvo el martes", or whose
opening days leave some out ("abierto de martes a domingo", "open Tuesday to Sunday":
closed on Mondays). A day asked that falls on such a weekday is a day the thing is not
open, so a request for Monday 15 March leaves out a museum closed on Mondays, as a dated
closure ("Closed 7-13 December", :mod:`scout.spec.datesaid`) leaves it out of those days.

A weekday with a day number after it is a date ("closed Monday 15 March"), no weekly
closing; a closing said negated ("no cierra los lunes", "not closed on Mondays") is none;
opening days are read as a run or a list only where the text names no other weekday (a
page that opens "de lunes a viernes" and also on "sábados" has more days than the run).
Weekday names come from CLDR through Babel, in English and Spanish (plurals too).
"""

from __future__ import annotations

import datetime as dt
import functools
import re

from scout.text import fold
from scout.lazyre import lazy_re

_CLOSED = r"(?:cerrad[oa]s?|cierran?|closed|shut)"
_OPEN = r"(?:abiert[oa]s?|abre|abrimos|open|opens)"
_EXCEPT = r"(?:excepto|salvo|menos|except|other than)"
_ART = r"(?:(?:on|every|todos\s+los|los|las|el|la)\s+)?"
_JOIN = r"\s*(?:,|\by\b|\be\b|\band\b|&|/|\bor\b|\bo\b)\s*"
_TO = r"\s*(?:\ba\b|\bal\b|\bto\b|\buntil\b|\bthrough\b|\bthru\b|-|–)\s*"
_NOT = lazy_re(r"(?:\bno|\bnot|\bnever|\bnunca|n't)\s+(?:\w+\s+)?$")


@functools.lru_cache(maxsize=1)
def _days() -> dict[str, int]:
    """Folded weekday name (wide, abbreviated, English plural) → Monday-based index."""
    from babel.dates import get_day_names

    out: dict[str, int] = {}
    for lang in ("en", "es"):
        for width in ("wide", "abbreviated"):
            for i, name in get_day_names(width, locale=lang).items():
                word = fold(str(name)).rstrip(".")
                out[word] = i
                if width == "wide":
                    out[word if word.endswith("s") else word + "s"] = i  # mondays, sábados
    return out


@functools.lru_cache(maxsize=1)
def _grammar() -> dict[str, re.Pattern[str]]:
    names = "|".join(sorted(map(re.escape, _days()), key=len, reverse=True))
    # a weekday, never one a day number follows (a date: "Monday 15 March", "lunes 15",
    # "Monday, 15 March"; "Tue-Sun, 9-17" is a time)
    any_day = rf"\b(?:{names})\b\.?"
    day = rf"{any_day}(?!\s*\d)(?!,\s*\d{{1,2}}(?:st|nd|rd|th)?\s+(?:de\s+|of\s+)?[a-z]{{3}})"
    # a week's list is seven days at most: bounded, so a page of 20,000 weekday names
    # costs one pass, not one per start
    days = rf"{day}(?:{_JOIN}{_ART}{day}){{0,6}}"
    return {
        "day": re.compile(day),
        "any_day": re.compile(any_day),
        # "cerrado los lunes", "closed on Mondays and Tuesdays", "cierra lunes y martes"
        "closed_after": re.compile(rf"{_CLOSED}\s*:?\s*{_ART}(?P<days>{days})"),
        # "Lunes: cerrado", "Mondays closed", "lunes y martes, cerrado"
        "closed_before": re.compile(rf"(?P<days>{days})\s*[:\-–]?\s*{_CLOSED}\b"),
        # "open daily except Mondays", "abierto todos los días salvo los martes"
        "except": re.compile(rf"{_OPEN}\b[^.;\n]{{0,40}}?\b{_EXCEPT}\s+{_ART}(?P<days>{days})"),
        # "abierto de martes a domingo", "open Tuesday to Sunday", "open Tue-Sun"
        "open_run": re.compile(rf"{_OPEN}\s*:?\s*(?:(?:from|de|del|desde)\s+)?"
                               rf"(?P<a>{day}){_TO}(?P<b>{day})"),
    }


def _named(words: str) -> set[int]:
    return {_days()[m.group(0).rstrip(".")] for m in _grammar()["any_day"].finditer(words)}


def closed_weekdays(text: str) -> frozenset[int]:
    """The weekdays (0 = Monday) ``text`` says the thing is closed every week."""
    folded = fold(text)
    g = _grammar()
    closed: set[int] = set()
    said: list[tuple[int, int]] = []  # the stretches that told closed or opening days
    for key in ("closed_after", "closed_before", "except"):
        for m in g[key].finditer(folded):
            if _NOT.search(folded[max(0, m.start() - 20):m.start()]):
                continue  # "no cierra los lunes", "not closed on Mondays"
            closed |= _named(m.group("days"))
            said.append(m.span())
    runs = list(g["open_run"].finditer(folded))
    for m in runs:
        said.append(m.span())
    if runs:
        # opening days leave the others closed, unless a weekday said elsewhere opens too
        elsewhere = any(not any(a <= d.start() < b for a, b in said)
                        for d in g["any_day"].finditer(folded))
        if not elsewhere:
            open_days: set[int] = set()
            for m in runs:
                a, b = _days()[m.group("a").rstrip(".")], _days()[m.group("b").rstrip(".")]
                open_days |= {(a + i) % 7 for i in range((b - a) % 7 + 1)}
            closed |= set(range(7)) - open_days
    return frozenset(closed)


def closed_every_day(texts: list[str], first: dt.date, last: dt.date) -> bool:
    """Whether each day from ``first`` to ``last`` falls on a weekday the texts say the
    thing is closed every week (a week or more asked holds every weekday: never, unless it
    is closed all week)."""
    closed: set[int] = set()
    for text in texts:
        closed |= closed_weekdays(text)
    if not closed:
        return False
    days = min((last - first).days + 1, 7)
    return days > 0 and all((first + dt.timedelta(i)).weekday() in closed for i in range(days))
