"""Relative spans of a request, resolved from the injected ``today``: seasons, weekends,
weeks, weekdays, "today / tomorrow / hoy / mañana" (counted days, weeks and months, "in N
weeks", are :mod:`scout.task.ahead`'s), "the week / weekend after next", weekday ranges ("del lunes al miércoles"), "next / last month" ("el mes que
viene / pasado"), "last summer" / "el verano pasado", "next / last year" ("el año que
viene / pasado"; not an earlier stay's "last year": :func:`earlier`), a year alone,
feasts (Christmas, New Year, Easter, Semana Santa; those that move by weekday or belong
to a country, and the Spanish puentes, are :mod:`scout.task.feasts`'s).

The rules are documented in :mod:`scout.task.dates` (the longest match wins there);
:mod:`scout.task.dategrammar` adds these forms to its grammar.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from scout.schemas.task import DateRange, Month
from scout.task.monthwords import osa1

Value = Month | DateRange
#: "... del año que viene" / "next year's" after a feast: the feast of next year (here and
#: in :mod:`scout.task.feasts`)
NEXT_YEAR = (r"\s+(?:(?:del|de)\s+(?:ano\s+que\s+viene|proximo\s+ano|ano\s+proximo)|"
             r"(?:of\s+)?next\s+year)\b")
Form = tuple[str, Callable[[re.Match[str]], "Value | None"]]

# meteorological seasons, northern hemisphere: the month each one starts
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12,
            "primavera": 3, "verano": 6, "otono": 9, "invierno": 12}


def last_day(year: int, month: int) -> int:
    return calendar.monthrange(year, month)[1]


def add_months(d: dt.date, n: int) -> tuple[int, int]:
    k = d.year * 12 + d.month - 1 + n
    return k // 12, k % 12 + 1


def easter(year: int) -> dt.date:
    """Easter Sunday (Gregorian; the anonymous algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    ll = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ll) // 451
    month, day = divmod(h + ll - 7 * m + 114, 31)
    return dt.date(year, month, day + 1)


def _holiday(name: str, year: int) -> DateRange:
    if name in ("semana santa", "holy week", "easter week"):
        e = easter(year)
        return DateRange(start=e - dt.timedelta(days=7), end=e)
    if name in ("easter", "pascua"):
        e = easter(year)
        return DateRange(start=e - dt.timedelta(days=2), end=e + dt.timedelta(days=1))
    if name in ("christmas week", "semana de navidad"):  # Monday-Sunday around 25 December
        xmas = dt.date(year, 12, 25)
        monday = xmas - dt.timedelta(days=xmas.weekday())
        return DateRange(start=monday, end=monday + dt.timedelta(days=6))
    if name in ("christmas", "xmas", "x-mas", "navidad", "navidades"):
        return DateRange(start=dt.date(year, 12, 24), end=dt.date(year, 12, 26))
    if name in ("christmas eve", "xmas eve", "nochebuena"):
        return DateRange(start=dt.date(year, 12, 24), end=dt.date(year, 12, 24))
    if name in ("new year's eve", "new years eve", "nochevieja", "fin de ano"):
        return DateRange(start=dt.date(year, 12, 31), end=dt.date(year, 12, 31))
    if name in ("carnaval", "mardi gras", "shrove tuesday", "martes de carnaval"):
        # Carnaval: Fat Thursday to Shrove Tuesday; the Tuesday alone by its own names.
        # English "carnival" is any fair (Notting Hill's is in August): not read
        tuesday = easter(year) - dt.timedelta(days=47)
        first = tuesday - dt.timedelta(days=5) if name == "carnaval" else tuesday
        return DateRange(start=first, end=tuesday)
    fixed = {"halloween": (10, 31, 31), "valentine's day": (2, 14, 14), "valentines day": (2, 14, 14),
             "valentine's": (2, 14, 14), "san valentin": (2, 14, 14), "noche de reyes": (1, 5, 5),
             "dia de reyes": (1, 6, 6), "reyes": (1, 6, 6), "epiphany": (1, 6, 6),
             "st patrick's day": (3, 17, 17), "san patricio": (3, 17, 17),
             # Mexico's Day of the Dead is the 1st and 2nd; All Saints' the 1st
             "dia de muertos": (11, 1, 2), "dia de los muertos": (11, 1, 2),
             "day of the dead": (11, 1, 2), "todos los santos": (11, 1, 1),
             "all saints day": (11, 1, 1),
             # Pamplona's San Fermín: the chupinazo on the 6th to the Pobre de mí on the 14th
             "san fermin": (7, 6, 14), "sanfermines": (7, 6, 14),
             "noche de san juan": (6, 23, 23), "bonfire night": (11, 5, 5),
             "hogmanay": (12, 31, 31), "fourth of july": (7, 4, 4),
             # the calendar's other fixed days, said by their names: Britain's and
             # Ireland's 26 December, Spain's national days and Labour Day
             "boxing day": (12, 26, 26), "st stephen's day": (12, 26, 26),
             "dia de los inocentes": (12, 28, 28), "dia de los santos inocentes": (12, 28, 28),
             "burns night": (1, 25, 25), "may day": (5, 1, 1), "dia del trabajo": (5, 1, 1),
             "dia del trabajador": (5, 1, 1), "dia de la hispanidad": (10, 12, 12),
             "dia del pilar": (10, 12, 12), "dia de la constitucion": (12, 6, 6),
             "dia de la inmaculada": (12, 8, 8), "dia de sant jordi": (4, 23, 23)}.get(
                 re.sub(r"^all saints'?(?: day)?$", "all saints day",
                        re.sub(r"^(?:st\.?|saint) patrick'?s(?: day)?$", "st patrick's day",
                               re.sub(r"^(?:st\.?|saint) stephen'?s(?: day)?$",
                                      "st stephen's day", name))))
    if fixed:
        return DateRange(start=dt.date(year, fixed[0], fixed[1]), end=dt.date(year, fixed[0], fixed[2]))
    return DateRange(start=dt.date(year, 1, 1), end=dt.date(year, 1, 1))  # New Year's Day


# a bare "weekend" after an occasion is that occasion's, not the coming one: "Memorial Day
# weekend", "bank holiday weekend", "half term weekend", "July 4th weekend"
_OCCASIONS = frozenset("day days holiday holidays bank term festival fest fair feria fiesta "
                       "fiestas puente carnival carnaval pride break long".split())


def _occasion_before(m: re.Match[str]) -> bool:
    before = re.findall(r"[a-z0-9]+", m.string[max(0, m.start() - 30):m.start()])
    return bool(before) and (before[-1] in _OCCASIONS or re.fullmatch(r"\d+(?:st|nd|rd|th)",
                                                                        before[-1]) is not None)


class Renamed:
    """A match seen with some groups renamed (two spellings of one form share a builder)."""

    def __init__(self, m: re.Match[str], groups: dict[str, str | None]) -> None:
        self._m, self._g = m, groups

    def group(self, name: str) -> str | Any:  # as re.Match's: None where no group took part
        return self._g[name] if name in self._g else self._m.group(name)


def _opt_year(m: re.Match[str], group: str) -> int | None:
    g = m.groupdict().get(group)
    return int(g) if g else None


# "last year" / "el año pasado": read so that a request for a gone date is kept and flagged
LAST_YEAR = r"(?:(?:the\s+)?last\s+year|(?:el\s+)?ano\s+pasado|(?:el\s+)?pasado\s+ano)\b"


# an earlier stay or purchase the request compares with, not when the new one is: "como el
# del año pasado", "the one we had last year", "cheaper than the €140 we paid there last
# year", "last year's": a past verb or a comparison in the clause before the words, or a
# possessive after them (folded text)
_EARLIER_BEFORE = re.compile(
    r"\b(?:como|igual\s+que|than|que|like|as|del|de\s+l[oa]s?|paid|had|stayed|went|got|"
    r"used|booked|rented|bought|tried|loved|liked|visited|did|spent|took|was|were|pagamos|"
    r"pague|pago|tuvimos|tuve|estuvimos|estuve|fuimos|fui|usamos|reservamos|reserve|"
    r"alquilamos|compramos|quedamos|alojamos|gusto|gastamos|hicimos|fue)\b[^,.;:!?\n]*$")


# the same told after the words: "el año pasado pagamos 300 €", "last year it cost us £80",
# "last year we stayed in Leeds" (a past verb a few words on, in the same clause; a price
# said in the present, "last year's prices are up", is no earlier stay's)
_EARLIER_AFTER = re.compile(
    r"\s*,?\s*(?:[a-z]+\s+){0,3}?(?:paid|had|stayed|went|got|booked|rented|bought|tried|"
    r"visited|spent|took|was|were|cost|charged|pagamos|pague|pago|pagaron|tuvimos|tuve|"
    r"estuvimos|estuve|fuimos|fui|usamos|reservamos|reserve|alquilamos|compramos|quedamos|"
    r"alojamos|gastamos|hicimos|fue|costo|cobraron|cobro|salio|nos\s+salio)\b")


def earlier(m: re.Match[str]) -> bool:
    """Whether "last year" / "el año pasado" at ``m`` says when an earlier stay was."""
    clause = re.split(r"[,.;:!?\n]", m.string[max(0, m.start() - 80):m.start()])[-1]
    return bool(_EARLIER_BEFORE.search(clause)) or m.string.startswith(("'s", "’s"), m.end()) \
        or bool(_EARLIER_AFTER.match(m.string, m.end()))


def weekend_typos(text: str) -> list[str]:
    """The words of folded ``text`` one edit from "weekend" ("wekend", "weeknd",
    "weekedn"): people type the word fast, and seven letters leave no other English or
    Spanish word one edit away ("weekends" is its plural; "weekday" is two edits)."""
    return sorted({w for w in re.findall(r"[a-z]{6,8}", text)
                   if w not in ("weekend", "weekends") and osa1(w, "weekend")})


def relative_forms(t: dt.date, days: dict[str, int], rel_year: str,
                   abbr: dict[str, int] | None = None, typos: list[str] | None = None) -> list[Form]:
    """(pattern, builder) pairs over folded text; ``days`` are weekday names → 0-6,
    ``abbr`` their abbreviations ("sat", "thurs", "vie"), read only with a cue;
    ``typos`` the text's misspellings of "weekend" (:func:`weekend_typos`)."""
    forms: list[Form] = []
    abbr = abbr or {}
    weekend_alt = "".join("|" + re.escape(w) for w in typos or ())
    every = {**days, **abbr}

    def season(m: re.Match[str]) -> Value | None:
        first = _SEASONS[m.group("s")]
        mod = re.sub(r"\s+", " ", (m.group("mod") or "").strip())
        y = _opt_year(m, "y")
        if m.group("s") == "fall" and not (mod or y):
            return None  # "fall" is a verb too

        def of(year: int) -> DateRange:
            ey, em = add_months(dt.date(year, first, 1), 2)
            return DateRange(start=dt.date(year, first, 1), end=dt.date(ey, em, last_day(ey, em)))

        if y is not None:
            return of(y)
        latest = of(t.year if dt.date(t.year, first, 1) <= t else t.year - 1)
        if mod in ("last", "el pasado", "la pasada") or (m.group("post") or "").strip() in (
                "pasado", "pasada"):  # "last summer": the latest one over
            return latest if latest.end < t else of(latest.start.year - 1)
        nxt = mod in ("next", "el proximo", "la proxima", "proximo", "proxima") or bool(
            m.group("post"))
        if latest.end < t or nxt:  # over, or "next" while we are in it: the following one
            return of(latest.start.year + 1)
        return DateRange(start=t, end=latest.end) if latest.start < t else latest

    season_re = (r"(?:(?P<mod>next|this|coming|last|the|el\s+proximo|la\s+proxima|proximo|"
                 r"proxima|el\s+pasado|la\s+pasada|este|esta|el|la|in|en|for|para|during|"
                 r"durante)\s+)?"
                 r"(?P<s>spring|summer|autumn|fall|winter|primavera|verano|otono|invierno)\b"
                 r"(?P<post>\s+(?:que\s+viene|proximo|proxima|pasado|pasada))?"
                 r"(?:\s+(?:de\s+|del\s+|of\s+)?(?P<y>(?:19|20|21)\d{2})\b)?")
    forms.append((r"\b" + season_re, season))

    def season_part(m: re.Match[str]) -> Value | None:
        # "early spring" / "a principios de la primavera" is its first month, "mid" the
        # second, "late" / "finales" the third
        whole = season(m)
        if not isinstance(whole, DateRange):
            return None
        k = 0 if m.group("part").startswith(("early", "princip", "inicio", "comienzo")) else \
            1 if m.group("part").startswith(("mid", "mediado")) else 2
        y, mo = add_months(dt.date(whole.end.year, whole.end.month, 1), k - 2)
        ended = "last" in (m.group("mod") or "") or "pasad" in (m.group("mod") or "") + (
            m.group("post") or "")
        if (y, mo) < (t.year, t.month) and not (ended or m.group("y")):
            y += 1  # "mid-winter" on 14 February: that part of this winter is gone
        return Month(year=y, month=mo)

    forms.append((r"\b(?:in\s+|en\s+|a\s+)?(?P<part>early|mid|late|principios|inicios|comienzos|mediados|"
                  r"finales|fines)[\s-]+(?:de\s+|del\s+)?(?:the\s+)?" + season_re, season_part))

    def weekend(m: re.Match[str]) -> Value | None:
        if not m.group("det") and _occasion_before(m):
            return None  # "Memorial Day weekend", "July 4th weekend": some other weekend
        sat = _coming_saturday(t)
        start, end = max(sat, t), sat + dt.timedelta(days=1)
        if m.group("next"):  # English "next weekend": the one after this one
            start, end = sat + dt.timedelta(days=7), sat + dt.timedelta(days=8)
        return DateRange(start=start, end=end)

    def weekend_after_next(m: re.Match[str]) -> Value | None:
        sat = _coming_saturday(t)
        return DateRange(start=sat + dt.timedelta(days=14), end=sat + dt.timedelta(days=15))

    # "the weekend after next": the one after English "next weekend", as "the week after
    # next" is the one after "next week"
    forms.append((r"\b(?:the\s+)?weekend\s+after\s+next\b|\b(?:el\s+)?(?:fin\s+de\s+semana|finde)\s+"
                  r"(?:siguiente\s+al|despues\s+del)\s+(?:proximo|que\s+viene)\b", weekend_after_next))

    # Spanish "el próximo fin de semana" / "que viene" is the nearest one (Fundéu: "próximo"
    # is the closest ahead), as "este fin de semana" is; "finde" is how Spain writes it short;
    # so is English "the next weekend", the calque a Spanish speaker writes of it (a native
    # says "next weekend", with no article, for the one after: a design decision, blind18)
    forms.append((r"\b(?P<det>(?P<next>next)\s+|(?:this|este|el\s+proximo|the\s+next|el|the|coming)\s+)?"
                  r"(?:week-?end|wknd|wkend|fin\s+de\s+semana|finde" + weekend_alt + r")\b(?!\s+largo)"
                  r"(?:\s+(?:que\s+viene|proximo))?",
                  weekend))

    def week(m: re.Match[str]) -> Value | None:
        if m.group("this") and t.weekday() != 6:
            return DateRange(start=t, end=t + dt.timedelta(days=6 - t.weekday()))
        # said on a Sunday, "this week" is the one ahead (its own is over for a plan, as
        # "this weekend" is the coming one): next Monday-Sunday
        mon = t + dt.timedelta(days=7 - t.weekday() + (7 if m.group("after") else 0))
        return DateRange(start=mon, end=mon + dt.timedelta(days=6))

    # "the week after next" / "la semana siguiente a la próxima": the Monday-Sunday after
    forms.append((r"\b(?:(?P<this>this|esta)\s+(?:week|semana)\b|"
                  r"(?P<after>(?:the\s+)?week\s+after\s+next|(?:la\s+)?semana\s+(?:siguiente|"
                  r"despues)\s+(?:a|de)\s+la\s+(?:que\s+viene|proxima))\b|(?:the\s+)?next\s+week\b|"
                  r"(?:la\s+)?semana\s+(?:que\s+viene|proxima)|(?:la\s+)?proxima\s+semana)", week))

    def month_rel(m: re.Match[str]) -> Value | None:
        y, mo = add_months(t, 0 if m.group("this") else -1 if m.group("last") else 1)
        return Month(year=y, month=mo)

    # "last month" / "el mes pasado" is read too: the request is kept and flagged as past
    forms.append((r"\b(?:(?P<this>this\s+month|este\s+mes)\b|(?:the\s+)?next\s+month\b|"
                  r"(?:el\s+)?mes\s+(?:que\s+viene|proximo|siguiente)|"
                  r"(?:el\s+)?(?:proximo|siguiente)\s+mes\b|"
                  r"(?P<last>(?:the\s+)?last\s+month\b|(?:el\s+)?mes\s+pasado\b|"
                  r"(?:el\s+)?pasado\s+mes\b))", month_rel))

    def year_rel(m: re.Match[str]) -> Value | None:
        if m.group("last") and earlier(m):
            return None
        if m.group("this"):
            return DateRange(start=t, end=dt.date(t.year, 12, 31))
        y = t.year - 1 if m.group("last") else t.year + 1
        return DateRange(start=dt.date(y, 1, 1), end=dt.date(y, 12, 31))

    forms.append((rf"\b(?:(?P<this>this\s+year|este\s+ano)\b|{rel_year}|"
                  rf"(?P<last>{LAST_YEAR}))", year_rel))

    def weekday(m: re.Match[str] | Renamed) -> Value | None:
        wd = every[m.group("wd")]
        if m.group("next"):  # English "next Friday": the Friday of next week
            d = t + dt.timedelta(days=7 - t.weekday() + wd)
        else:
            # "el domingo que viene", "this coming Sunday" said on a Sunday: the one ahead
            ahead = 7 if wd == t.weekday() and m.group("ahead") else 0
            d = t + dt.timedelta(days=(wd - t.weekday()) % 7 + ahead)
        return DateRange(start=d, end=d)

    forms.append((r"\b(?:(?P<next>next)\s+|(?:(?P<ahead>(?:this\s+)?coming|el\s+proximo)|this|on|el|"
                  r"este|the)\s+)?(?P<wd>" + "|".join(sorted(days, key=len, reverse=True)) + r")\b"
                  r"(?:\s+(?P<ahead2>que\s+viene|proximo))?",
                  lambda m: weekday(Renamed(m, {"ahead": m.group("ahead") or m.group("ahead2")}))))
    # an abbreviation ("sat", "thurs", "vie") only with a cue before it or "night" after it
    # ("on sun" is likelier the sun than Sunday: "sun" only in a range or before "night")
    short = "|".join(sorted((w for w in abbr if w != "sun"), key=len, reverse=True))
    forms.append((r"\b(?:(?P<next>next)\s+|(?:this|coming|on|el|este)\s+)(?P<wd>" + short
                  + r")\b\.?(?:\s+(?:night|noche))?|\b(?P<wd2>" + short + r"|sun)\.?\s+(?:night|noche)\b",
                  lambda m: weekday(Renamed(m, {"wd": m.group("wd") or m.group("wd2"),
                                                 "ahead": None}))))

    def weekday_range(m: re.Match[str]) -> Value | None:
        # "del lunes al miércoles", "from Friday to Sunday", "sábado y domingo": the next
        # first day (today included), to the first second day after it; "viernes o sábado"
        # (either) too, when the two are at most two days apart
        a, b = every[m.group("wd1")], every[m.group("wd2")]
        if m.group("alt") and (b - a) % 7 > 2:
            return None  # "monday or friday": two days, not the week between them
        start = t + dt.timedelta(days=(a - t.weekday()) % 7 + (7 if m.group("next") else 0))
        end = start + dt.timedelta(days=(b - a) % 7)
        return DateRange(start=start, end=end) if end > start else None

    wd_alt = "|".join(sorted(every, key=len, reverse=True))  # a range is its own cue
    forms.append((r"\b(?:(?:del|desde\s+el|from|between|(?P<next>next)|this|este|el|on)\s+)?"
                  r"(?P<wd1>" + wd_alt + r")\.?\s*(?:[-–]|\s(?:al|a|hasta(?:\s+el)?|to|till|until|"
                  r"through|and|y(?:\s+el)?|(?P<alt>or|o(?:\s+el)?)))\s*(?P<wd2>" + wd_alt + r")\b",
                  weekday_range))

    def year_only(m: re.Match[str]) -> Value | None:
        y = int(m.group("y"))
        start = max(dt.date(y, 1, 1), t) if y == t.year else dt.date(y, 1, 1)
        return DateRange(start=start, end=dt.date(y, 12, 31))

    forms.append((r"\b(?:in|en|for|para|during|durante|del\s+ano|in\s+the\s+year)\s+"
                  r"(?P<y>20\d{2})\b(?![-/.,]\d)", year_only))

    def day_word(m: re.Match[str]) -> Value | None:
        w = re.sub(r"\s+", " ", m.group("w"))
        n = {"today": 0, "hoy": 0, "tonight": 0, "esta noche": 0, "tomorrow": 1, "manana": 1,
             "day after tomorrow": 2, "pasado manana": 2}.get(w)
        if n is None:  # the chat spellings: "tmrw", "2moro", "tomorow", "tonite", "2nite"
            n = 0 if re.fullmatch(r"tonite|2nite|tdy", w) else 1
        d = t + dt.timedelta(days=n)
        return DateRange(start=d, end=d)

    # "mañana" is also "morning": not after "la" ("por la mañana")
    forms.append((r"(?<!\bla\s)\b(?:the\s+)?(?P<w>day\s+after\s+tomorrow|pasado\s+manana|today|"
                  r"tonight|tomorrow|hoy|esta\s+noche|manana|tmrw?|tomm?orr?ow|2moro|2morrow|tonite|"
                  r"2nite)\b", day_word))

    def holiday(m: re.Match[str]) -> Value | None:
        name = re.sub(r"\s+", " ", m.group("h")).replace("’", "'")
        if name.startswith("x"):
            name = "xmas eve" if name.endswith("eve") else "xmas"
        name = "carnaval" if name == "carnavales" else name
        y = _opt_year(m, "y") or (t.year + 1 if m.group("ny") else None)
        if y is not None:
            return _holiday(name, y)
        span = _holiday(name, t.year)
        return span if span.end >= t else _holiday(name, t.year + 1)

    # fixed and movable feasts (Christmas is 24-26 December; Easter Good Friday to Monday;
    # Semana Santa / Holy Week Palm Sunday to Easter Sunday)
    forms.append((r"\b(?:the\s+)?(?P<h>semana\s+santa|holy\s+week|easter\s+week|easter|pascua|"
                  r"christmas\s+week|semana\s+de\s+navidad|christmas\s+eve|x-?mas\s+eve|nochebuena|"
                  r"christmas|x-?mas|"
                  r"navidad(?:es)?|new\s+year['’]?s\s+eve|nochevieja|fin\s+de\s+ano|"
                  r"new\s+year['’]?s(?:\s+day)?|new\s+year|ano\s+nuevo|halloween|"
                  r"valentine['’]?s(?:\s+day)?|valentines\s+day|san\s+valentin|epiphany|"
                  # "Reyes" alone is a name ("Los Reyes", "calle Reyes Católicos"): the feast
                  # is the day or night of, or "reyes" after en / por / para, or as the
                  # end of a span ("del 20 de diciembre a Reyes", "hasta Reyes")
                  r"noche\s+de\s+reyes|dia\s+de\s+reyes|(?<=en\s)reyes(?!\s+catolicos)|"
                  r"(?<=por\s)reyes|(?<=para\s)reyes|(?<=\ba\s)reyes(?!\s+catolicos)|"
                  r"(?<=hasta\s)reyes|(?<=\by\s)reyes(?!\s+catolicos)|carnavales|carnaval|"
                  r"mardi\s+gras|shrove\s+tuesday|martes\s+de\s+carnaval|"
                  r"(?:st\.?|saint)\s+patrick['’]?s(?:\s+day)?|san\s+patricio|"
                  r"dia\s+de\s+(?:los\s+)?muertos|day\s+of\s+the\s+dead|todos\s+los\s+santos|"
                  r"all\s+saints['’]?(?:\s+day)?|san\s+fermin|sanfermines|noche\s+de\s+san\s+juan|"
                  r"bonfire\s+night|hogmanay|fourth\s+of\s+july|boxing\s+day|"
                  r"(?:st\.?|saint)\s+stephen['’]?s(?:\s+day)?|dia\s+de\s+los\s+(?:santos\s+)?inocentes|"
                  r"burns\s+night|may\s+day|dia\s+del\s+trabaj(?:o|ador)|dia\s+de\s+la\s+hispanidad|"
                  r"dia\s+del\s+pilar|dia\s+de\s+la\s+constitucion|dia\s+de\s+la\s+inmaculada|"
                  r"dia\s+de\s+sant\s+jordi)\b"
                  # "the Easter weekend", "Christmas holidays": the feast's own days
                  r"(?:\s+(?:weekend|holidays?|break|fin\s+de\s+semana|puente))?"
                  r"(?:\s+(?:de\s+|del\s+|of\s+)?(?P<y>(?:19|20|21)\d{2})\b|(?P<ny>" + NEXT_YEAR
                  + r"))?", holiday))
    return forms


def _coming_saturday(t: dt.date) -> dt.date:
    """The Saturday of the weekend a request means: today's on a Saturday; on a Sunday the
    coming one, as a weekend asked for on its last day ("este finde", "el finde que viene",
    "this weekend") is one still to plan, not the evening left of it."""
    return t + dt.timedelta(days=(5 - t.weekday()) % 7)
