"""Feasts whose days move from year to year or belong to one country, as date forms for
:mod:`scout.task.dategrammar` (over folded text; the longest match wins in
:mod:`scout.task.dates`):

* a weekday of a month: Thanksgiving / Acción de Gracias (the fourth Thursday of
  November; in Canada, when the request names a Canadian place, the second Monday of
  October), Black Friday and Cyber Monday after it, Memorial Day (the last Monday of
  May), Labor Day (the first Monday of September), Martin Luther King Day and Presidents'
  Day (the third Monday of January and February), Columbus Day (the second Monday of
  October), Mexico's Benito Juárez and Revolution days (the third Monday of March and of
  November). "Thanksgiving weekend" is Thursday to
  Sunday, a Monday holiday's weekend Saturday to Monday (so is "el puente de <feast>" /
  "the long weekend of <feast>"), "<feast> week" its Monday-Sunday;
* Easter's: Pentecost / Pentecostés (49 days after), Corpus Christi (the Thursday 60 days
  after);
* a Spanish "puente" ("el puente de diciembre", "de mayo", "del Pilar", "de Todos los
  Santos", "de agosto", "de Reyes", "de San José"): the holiday's days joined to the
  weekend next to them when one or two working days lie between (6 December 2027 is a
  Monday, 8 December a Wednesday: the puente is Saturday 4 to Wednesday 8);
* Fiestas Patrias: the country's own, from a place or country the request names (Chile
  18-19 September, Peru 28-29 July, Mexico 15-16 September, ...); with none known the
  words are not read as a date, since the countries' days differ;
* the cherry blossom season (sakura, hanami, "los cerezos en flor"): late March to early
  April (21 March-10 April, as "late"/"early" <month> are read).
* Las Fallas 15-19 March; Oktoberfest from the Saturday 15 days before the first Sunday
  of October to that Sunday (to 3 October when the Sunday is the 1st or 2nd);
* two days of the Christmas season joined ("Nochevieja y Año Nuevo", "between Christmas
  and New Year", "de Navidad a Reyes") or offered ("Navidad o Reyes", "Christmas or New
  Year": either, so the span that holds both): from the earlier to the later;
* "in / after the new year" is January (what is to happen then, not on the 1st);
* "... del año que viene" / "next year" after a feast (here and in
  :mod:`scout.task.relative`): that feast of next year, not the whole year.

* Seville's Feria de Abril ("la Feria de Sevilla", "the April Fair"): two weeks after
  Easter, from the Saturday of the pescaíto (Easter + 13 days) to the next Saturday.

Not read, and said so (:func:`unfixed`): feasts whose days follow the moon's sighting or
a lunar calendar (Ramadan, Eid, Chinese / Lunar New Year, Diwali, Hanukkah, Passover,
Rosh Hashanah, Yom Kippur) and those each country keeps on its own day (Mother's Day,
Father's Day): a guess would be wrong somewhere.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable

from scout.schemas.task import DateRange, Month
from scout.task.relative import NEXT_YEAR, easter

Form = tuple[str, Callable[[re.Match[str]], "DateRange | Month | None"]]

# (month, weekday 0=Monday, which: 1..4 or -1 for the last)
_NTH = {
    "thanksgiving": (11, 3, 4), "accion de gracias": (11, 3, 4),
    "memorial day": (5, 0, -1), "labor day": (9, 0, 1), "labour day": (9, 0, 1),
    "martin luther king day": (1, 0, 3), "mlk day": (1, 0, 3),
    "presidents day": (2, 0, 3),
    # the UK's bank holidays on a Monday ("the August bank holiday weekend": Saturday-Monday)
    "early may bank holiday": (5, 0, 1), "may bank holiday": (5, 0, 1),
    "spring bank holiday": (5, 0, -1), "august bank holiday": (8, 0, -1),
    "summer bank holiday": (8, 0, -1),
    # Mexico's holidays moved to a Monday (its "puentes"): Benito Juárez's birthday the third
    # Monday of March, the Revolution the third of November; the US's Columbus Day the
    # second Monday of October
    "benito juarez": (3, 0, 3), "natalicio de benito juarez": (3, 0, 3),
    "dia de benito juarez": (3, 0, 3), "revolucion mexicana": (11, 0, 3),
    "dia de la revolucion": (11, 0, 3), "columbus day": (10, 0, 2),
}
# days after Thanksgiving
_AFTER_THANKSGIVING = {"black friday": 1, "cyber monday": 4}
# days after Easter Sunday
_AFTER_EASTER = {"pentecost": 49, "pentecostes": 49, "whitsun": 49, "corpus christi": 60}
# a puente's holidays (month, first day, last day)
_PUENTES = {
    "diciembre": (12, 6, 8), "constitucion": (12, 6, 8), "inmaculada": (12, 6, 8),
    "mayo": (5, 1, 1), "primero de mayo": (5, 1, 1), "pilar": (10, 12, 12),
    "octubre": (10, 12, 12), "todos los santos": (11, 1, 1), "noviembre": (11, 1, 1),
    "agosto": (8, 15, 15), "asuncion": (8, 15, 15), "reyes": (1, 6, 6),
    "san jose": (3, 19, 19),
}
# Fiestas Patrias by country (independence days as they are kept): month, first, last
_PATRIAS = {
    "CL": (9, 18, 19), "PE": (7, 28, 29), "MX": (9, 15, 16), "CR": (9, 15, 15),
    "GT": (9, 15, 15), "HN": (9, 15, 15), "SV": (9, 15, 15), "NI": (9, 14, 15),
    "CO": (7, 20, 20), "VE": (7, 5, 5), "EC": (8, 10, 10), "BO": (8, 6, 6),
    "UY": (8, 25, 25), "PY": (5, 14, 15), "DO": (2, 27, 27), "PA": (11, 3, 4),
}
_CHERRY = ((3, 21), (4, 10))
# the Christmas season's days, as a pair joined by "y / and" or "entre ... y" reads them:
# (month, first day, last day); New Year and Reyes are after the turn of the year
_SEASON_DAYS = {
    "nochebuena": (12, 24, 24), "christmas eve": (12, 24, 24), "navidad": (12, 24, 26),
    "navidades": (12, 24, 26), "christmas": (12, 24, 26), "nochevieja": (12, 31, 31),
    "new years eve": (12, 31, 31), "fin de ano": (12, 31, 31), "ano nuevo": (1, 1, 1),
    "new year": (1, 1, 1), "new years": (1, 1, 1), "new years day": (1, 1, 1),
    "reyes": (1, 6, 6), "dia de reyes": (1, 6, 6), "epiphany": (1, 6, 6),
}


def _nth_weekday(year: int, month: int, weekday: int, which: int) -> dt.date:
    if which > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (which - 1))
    nxt = dt.date(year + month // 12, month % 12 + 1, 1)
    last = nxt - dt.timedelta(days=1)
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


def bridged(start: dt.date, end: dt.date) -> DateRange:
    """A puente: the holidays joined to the weekend before when one or two working days
    lie between (the holiday on a Sunday, Monday or Tuesday) and to the one after when the
    last holiday is a Thursday, Friday or Saturday."""
    if start.weekday() in (6, 0, 1):
        start -= dt.timedelta(days=(start.weekday() - 5) % 7)
    if end.weekday() in (3, 4, 5):
        end += dt.timedelta(days=6 - end.weekday())
    return DateRange(start=start, end=end)


def named_territories(free: str) -> list[str]:
    """The countries the folded request names, by a city or a country's name."""
    from scout.task.cldr import currencies
    from scout.task.gazetteer import territory_of

    words = re.findall(r"[a-z]+", free)
    names = currencies().territory_names
    out: list[str] = []
    for i in range(len(words)):
        for j in range(min(len(words), i + 4), i, -1):
            phrase = " ".join(words[i:j])
            code = names.get(phrase) or (territory_of(phrase) if j - i > 1 or len(phrase) > 3
                                         else None)
            if code and code not in out:
                out.append(code)
    return out


def feast_forms(t: dt.date) -> list[Form]:
    """The forms for these feasts, the next one from ``t`` (the current one while it
    lasts), or that of a year written after it ("Thanksgiving 2028")."""
    def next_of(m: re.Match[str], make: Callable[[int], DateRange | None]) -> DateRange | None:
        y = m.group("y")
        if y:
            return make(int(y))
        if m.group("ny"):
            return make(t.year + 1)
        span = make(t.year)
        if span is None or span.end < t:
            return make(t.year + 1)
        # the current one while it lasts, from today: its days gone are no stay's
        return span if span.start >= t else DateRange(start=t, end=span.end)

    def day(m: re.Match[str]) -> DateRange | None:
        name = re.sub(r"\s+", " ", m.group("f")).replace("'", "").replace("’", "")
        name = re.sub(r"^(?:el\s+|the\s+)", "", name)
        # "el Día de Acción de Gracias" is Acción de Gracias; "el día de la Revolución" is
        # itself a name
        bare = re.sub(r"^dia\s+de\s+", "", name)
        name = bare if bare in _NTH or bare in _AFTER_EASTER or bare in _AFTER_THANKSGIVING \
            or name == bare or "king" in bare or bare.startswith("mlk") else name
        # "el puente de Benito Juárez", "the long weekend of ...": said before, as after
        tail = (m.group("tail") or ("puente" if m.group("pre") else "")).strip()
        # Canada's Thanksgiving is the second Monday of October
        canada = name in ("thanksgiving", "accion de gracias") and "CA" in named_territories(m.string)

        def make(year: int) -> DateRange:
            if canada:
                d = _nth_weekday(year, 10, 0, 2)
            elif name in _AFTER_EASTER:
                d = easter(year) + dt.timedelta(days=_AFTER_EASTER[name])
            elif name in _AFTER_THANKSGIVING:
                d = _nth_weekday(year, 11, 3, 4) + dt.timedelta(days=_AFTER_THANKSGIVING[name])
            else:
                d = _nth_weekday(year, *_NTH["martin luther king day" if "king" in name
                                             or name.startswith("mlk") else name])
            if tail in ("week", "semana"):
                monday = d - dt.timedelta(days=d.weekday())
                return DateRange(start=monday, end=monday + dt.timedelta(days=6))
            if tail:  # weekend, long weekend, puente, fin de semana, finde
                if d.weekday() == 0:  # a Monday holiday: the Saturday before to it
                    return DateRange(start=d - dt.timedelta(days=2), end=d)
                return DateRange(start=d, end=d + dt.timedelta(days=6 - d.weekday()))
            return DateRange(start=d, end=d)
        return next_of(m, make)

    def puente(m: re.Match[str]) -> DateRange | None:
        month, first, last = _PUENTES[re.sub(r"\s+", " ", m.group("p"))]
        return next_of(m, lambda y: bridged(dt.date(y, month, first), dt.date(y, month, last)))

    def bare_puente(m: re.Match[str]) -> DateRange | None:
        # "este puente", "para el puente": the next of Spain's puentes not yet over (a
        # holiday joined to its weekend; a Wednesday's alone is no puente); not where the
        # request names another country, whose puentes are others
        if any(c != "ES" for c in named_territories(m.string)):
            return None
        spans = [r for y in (t.year, t.year + 1) for month, first, last in set(_PUENTES.values())
                 if (r := bridged(dt.date(y, month, first), dt.date(y, month, last))).end >= t
                 and (r.end - r.start).days > last - first]
        if not spans:
            return None
        span = min(spans, key=lambda r: r.start)
        return span if span.start >= t else DateRange(start=t, end=span.end)

    def patrias(m: re.Match[str]) -> DateRange | None:
        known = [c for c in named_territories(m.string) if c in _PATRIAS]
        if len(known) != 1:  # no country, or two: their days differ
            return None
        month, first, last = _PATRIAS[known[0]]
        return next_of(m, lambda y: DateRange(start=dt.date(y, month, first),
                                              end=dt.date(y, month, last)))

    def fallas(m: re.Match[str]) -> DateRange | None:  # la plantà (15th) to la cremà (19th)
        return next_of(m, lambda y: DateRange(start=dt.date(y, 3, 15), end=dt.date(y, 3, 19)))

    def oktoberfest(m: re.Match[str]) -> DateRange | None:
        def make(y: int) -> DateRange:
            # it ends on the first Sunday of October (on the 3rd, German Unity Day, when
            # that Sunday is the 1st or 2nd) and opens on the Saturday 15 days before it
            first = dt.date(y, 10, 1)
            sunday = first + dt.timedelta(days=(6 - first.weekday()) % 7)
            return DateRange(start=sunday - dt.timedelta(days=15), end=max(sunday, dt.date(y, 10, 3)))
        return next_of(m, make)

    def season_pair(m: re.Match[str]) -> DateRange | None:
        def key(raw: str) -> str:
            return re.sub(r"\s+", " ", raw).replace("'", "").replace("’", "")
        days = [_SEASON_DAYS[key(m.group("a"))], _SEASON_DAYS[key(m.group("b"))]]
        # one season: its December days in the year, its January days after the turn
        turn = any(month == 12 for month, _f, _l in days)

        def make(y: int) -> DateRange | None:
            def at(month: int, day: int) -> dt.date:
                return dt.date(y + (1 if turn and month == 1 else 0), month, day)
            # from the earlier to the later, whichever is named first: "Navidad o Reyes"
            # and "Reyes o Navidad" are both 24 December to 6 January
            start = min(at(month, first) for month, first, _l in days)
            end = max(at(month, last) for month, _f, last in days)
            return DateRange(start=start, end=end) if end > start else None
        return next_of(m, make)

    def feria(m: re.Match[str]) -> DateRange | None:
        return next_of(m, lambda y: DateRange(start=easter(y) + dt.timedelta(days=13),
                                              end=easter(y) + dt.timedelta(days=20)))

    def cherry(m: re.Match[str]) -> DateRange | None:
        (m1, d1), (m2, d2) = _CHERRY
        return next_of(m, lambda y: DateRange(start=dt.date(y, m1, d1), end=dt.date(y, m2, d2)))

    def new_year_month(m: re.Match[str]) -> Month:
        # "available in the new year", "after the new year": January, not the 1st alone
        return Month(year=t.year if t.month == 1 else t.year + 1, month=1)

    return list(zip(_patterns(), (day, puente, bare_puente, patrias, fallas, oktoberfest, season_pair,
                                   cherry, new_year_month, feria)))


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[str, ...]:
    """The forms' patterns, in :func:`feast_forms`'s order of builders (built once)."""
    year = (r"(?:\s+(?:de\s+|del\s+|of\s+)?(?P<y>(?:19|20|21)\d{2})\b|(?P<ny>" + NEXT_YEAR
            + r"))?")
    names = "|".join(sorted((re.escape(n).replace(r"\ ", r"\s+") for n in
                             [*_NTH, *_AFTER_THANKSGIVING, *_AFTER_EASTER]), key=len,
                            reverse=True))
    names = names.replace("martin\\s+luther\\s+king\\s+day", "(?:martin\\s+luther\\s+king|mlk)"
                          "(?:\\s+jr\\.?)?(?:['’]?s)?(?:\\s+day)?").replace(
        "presidents\\s+day", "presidents['’]?\\s+day")
    pair = "|".join(sorted((n.replace("years", "year['’]?s").replace(" ", r"\s+")
                            for n in _SEASON_DAYS), key=len, reverse=True))
    return (
        r"\b(?P<pre>(?:el\s+)?(?:puente|fin\s+de\s+semana\s+largo|finde\s+largo)\s+"
        r"(?:del?\s+(?:la\s+)?)?|"
        r"(?:the\s+)?long\s+weekend\s+(?:of|for)\s+)?"
        r"(?P<f>(?:(?:el\s+)?dia\s+de\s+)?(?:" + names + r"))\b"
        r"(?P<tail>\s+(?:long\s+weekend|weekend|week|puente|fin\s+de\s+semana|finde|semana))?"
        + year,
        # "el finde largo de San José", "el fin de semana largo del Pilar": a puente said
        # by what it is, a weekend made long by the holiday
        r"\b(?:el\s+)?(?:puente|fin\s+de\s+semana\s+largo|finde\s+largo)\s+"
        r"(?:del\s+|de\s+(?:la\s+|los\s+)?)(?P<p>" + "|".join(
            re.escape(p).replace(r"\ ", r"\s+") for p in sorted(_PUENTES, key=len, reverse=True))
        + r")\b" + year,
        # "este puente", "para el puente", "el próximo puente" with no feast after it (that
        # is the form above); after a word of time only ("vistas sobre el puente" is a bridge)
        r"\b(?:este|(?:para|durante|en|por)\s+el|(?:(?:para|durante|en|por)\s+)?el\s+"
        r"(?:proximo|siguiente))\s+puente\b(?!\s+(?:de|del|of)\b)(?P<y>)(?P<ny>)",
        r"\b(?:las\s+|the\s+)?fiestas\s+patrias\b" + year,
        r"\b(?:las\s+)?fallas\b" + year,
        r"\b(?:the\s+|el\s+)?oktoberfest\b" + year,
        # "Nochevieja y Año Nuevo", "between Christmas and New Year", "Navidad o Reyes": from
        # the one to the other
        r"\b(?:(?:entre|between|from|desde|de)\s+)?(?:la\s+|el\s+|the\s+)?(?P<a>" + pair
        + r")\s+(?:y|e|and|&|to|till|until|through|a|al|hasta|o|u|or)\s+(?:la\s+|el\s+|the\s+)?(?P<b>"
        + pair + r")\b" + year,
        r"\b(?:the\s+)?(?:(?:cherry\s+blossoms?|sakura)(?:\s+season)?|hanami(?:\s+season)?|"
        r"(?:la\s+)?(?:temporada|epoca|floracion)\s+de\s+(?:(?:los\s+)?cerezos(?:\s+en\s+flor)?|"
        r"(?:la\s+)?sakura))\b" + year,
        r"\b(?:in|into|after|early\s+in)\s+the\s+new\s+year\b(?!['’]?s)",
        r"\b(?:la\s+|the\s+)?(?:feria\s+de\s+(?:abril(?:\s+de\s+sevilla)?|sevilla)|"
        r"(?:seville|sevilla)\s+(?:april\s+)?fair|april\s+fair)\b" + year,
    )


# feasts a calendar of the sun cannot place: the moon's, a lunar calendar's, or a day each
# country keeps its own way
_UNFIXED = re.compile(
    r"\b(?:ramadan|ramadhan|eid(?:\s+al[- ](?:fitr|adha))?|aid\s+el[- ](?:fitr|kebir)|"
    r"fiesta\s+del\s+cordero|(?:chinese|lunar)\s+new\s+year|ano\s+nuevo\s+(?:chino|lunar)|"
    r"diwali|divali|hanukk?ah|chanukah|januca|passover|pesaj|rosh\s+hashanah?|yom\s+kippur|"
    r"mother['’]?s\s+day|father['’]?s\s+day|dia\s+de\s+la\s+madre|dia\s+del\s+padre)\b")


def unfixed(free: str) -> tuple[int, int] | None:
    """The span of a feast in the folded request whose days this parser cannot know
    (the moon's, a lunar calendar's, a country's own: "Ramadan", "Chinese New Year",
    "el Día de la Madre"), or None."""
    m = _UNFIXED.search(free)
    return m.span() if m else None
