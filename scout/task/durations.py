"""Lengths of time in free text and in written values, English and Spanish, as seconds.

A ``duration`` input (a video's longest length, a tour's, a class's) is read from the
phrasings people use: ``20 minutos``, ``90 min``, ``under an hour`` / ``una hora``,
``1h30`` / ``1 h 30 min``, ``2 hours and a half`` / ``dos horas y media``, ``hora y
media``, ``half an hour`` / ``media hora``, ``a quarter of an hour`` / ``un cuarto de
hora``, ``1.5 hours`` / ``1,5 horas``, and the calendar's units a warranty, a delivery
time, a turnaround or a contract is said in: ``garantía de 2 años`` / ``a 2-year
warranty``, ``entrega en menos de 2 semanas`` / ``within 10 days``, ``within 5 business
days`` / ``10 días laborables``, ``6 meses`` (a day is 24 hours, whatever its qualifier; a
month is 365.25 / 12 days, a year 365.25 days). An age (``a 12-year-old``), a recent window
(``the last 2 years``, ``hace 2 años``), a frequency (``cada 2 semanas``) or a rate's period
(``30 € a month``) is no length, nor is how far a place is said in time (``2 mins from
the start``, ``a 5 minutos del metro``). A number needs its unit: ``20`` alone is no length. The
comparison words around it (``under``, ``de menos de``) are not kept: name
the input for its direction (``max_duration``), as for numbers; one written the other way
round ("más de 20 minutos" for ``max_duration``) is not read (scout.task.accept.against). The value is whole
seconds, so a template compares it with a video's ``duration`` directly. A kind with
two lengths (a warranty and a delivery time, an audio's length and a turnaround) tells
them apart by the words next to each (``words`` of :func:`find_duration`), read by
:mod:`scout.task.quantityinputs`.

Written values (``default:``, a mission's ``inputs:``, ``--set``) take the same words
plus the spec's own duration forms (``20m``, ``1h30m``, ``90s``) and ``1:30:00``; a bare
number is refused, since a unit matters.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from scout.task.lang import fold
from scout.task.personage import PERSON

_UNITS = {"h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "hora": 3600,
          "horas": 3600, "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
          "minuto": 60, "minutos": 60, "s": 1, "sec": 1, "secs": 1, "second": 1,
          "seconds": 1, "segundo": 1, "segundos": 1}
# the calendar's units: a warranty's years, a delivery's weeks or days (DAY * 365.25 a year)
DAY, WEEK, MONTH, YEAR = 86400, 604800, 2629800, 31557600
_UNITS.update({"day": DAY, "days": DAY, "dia": DAY, "dias": DAY, "week": WEEK, "weeks": WEEK,
               "semana": WEEK, "semanas": WEEK, "month": MONTH, "months": MONTH, "mes": MONTH,
               "meses": MONTH, "year": YEAR, "years": YEAR, "yr": YEAR, "yrs": YEAR,
               "ano": YEAR, "anos": YEAR})
_WORDS = {"a": 1, "an": 1, "one": 1, "un": 1, "una": 1, "uno": 1, "two": 2, "dos": 2,
          "three": 3, "tres": 3, "four": 4, "cuatro": 4, "five": 5, "cinco": 5, "six": 6,
          "seis": 6, "ten": 10, "diez": 10, "fifteen": 15, "quince": 15, "twenty": 20,
          "veinte": 20, "thirty": 30, "treinta": 30, "forty": 40, "cuarenta": 40,
          "forty-five": 45, "sixty": 60, "sesenta": 60, "ninety": 90, "noventa": 90}
_NUM = r"(?:\d{1,4}(?:[.,]\d{1,2})?|" + "|".join(
    sorted((re.escape(w) for w in _WORDS), key=len, reverse=True)) + r")"
_HOUR = r"(?:h|hrs?|hours?|horas?)"
_MIN = r"(?:m|mins?|minutes?|minutos?)"
_SEC = r"(?:s|secs?|seconds?|segundos?)"
# a calendar unit needs its number ("2 semanas", "a 2-year warranty"): "next week", "este
# mes" and "the year" say when, not how long; days and weeks may be qualified ("5 business
# days", "10 días laborables"), and are still whole days of 24 hours
_CAL = (r"(?:(?:(?:business|working|calendar)\s+)?(?:days?|weeks?)"
        r"|(?:dias?|semanas?)(?:\s+(?:laborables?|habiles|naturales))?"
        r"|months?|mes|meses|years?|yrs?|anos?)")
# what makes years an age: "12-year-old", "3 years old", "7 años de edad"
_AGE = re.compile(r"[\s-]*(?:olds?\b|de\s+edad\b|ago\b)")
# whose age a number of years is, right before it: "un niño de 9 años", "mi hija de 8
# años", "alumnos de 12 años", "a child of 9 years", the last of a list ("2 niños de 8 y
# 11 años", "2 adultos de 40 y 42 años") (folded text): an age, not how long
_WHOSE_AGE = re.compile(r"\b(?:" + PERSON + r"|alumn[oa]s?|estudiantes?|students?|pupils?|"
                        r"adult[oa]?s?|personas?|people|persons)"
                        r"\s+(?:de|of|aged)\s+(?:\d{1,2}\s*(?:,|y|e|and|&)\s*){0,6}$")
_WHEN_BEFORE = re.compile(r"\b(?:last|past|previous|prior|every|ultim[oa]s|pasad[oa]s|"
                          r"anteriores|hace|cada)\s+$")
# a time that says how far something is ("2 mins from the start", "5 minutes' walk to
# the beach", "a 5 minutos del metro", "a 10 min andando"): a distance, no length
# ("10 minutes' walk of Piccadilly", "15 min drive to Sintra": after a way of going, "of"
# or "to" says where with any name after it; a bare "2 hours of tennis" is how long)
_AWAY = re.compile(r"['’]?(?:\s+(?:walk(?:ing)?|drive|driving|ride|on\s+foot|by\s+(?:car|foot|bus|"
                   r"train|metro|tube|subway))\s+(?:from|away|to|of)\b"
                   r"|\s+(?:from|away|(?:to|of)\s+(?:the|a|an|my|our)\b))")
# "for a week", "for a day", "during a month": the article is the count, "for" says it is
# how long (a bare "a week" after an amount is a rate: "300 € a week"); so does a limit
# on how long ("delivered within a week", "in under a day", "in less than a month"), but
# not "in a week", which says when
_FOR_BEFORE = re.compile(r"(?<![\w])(?:for|during|lasting|within|inside|(?:in\s+)?under|"
                         r"(?:in\s+)?less\s+than)\s+(?:about\s+|around\s+|just\s+)?$")
# ... and the unit ends its phrase: "for a day trip", "for a day pass" name a thing
_FOR_AFTER = re.compile(r"\s*(?:$|[,.;:!?)\n]|(?:in|on|at|from|with|and|or|to|starting|this|next|"
                        r"of|around|during|for|by|before|after)\b)", re.I)
# ... or, with no "for", the unit goes on with when or where ("a week in July", "a month
# from March 3", "a weekend in Lisbon"): how long, unless it is a rate's period after a
# count or an amount ("10 hours a week", "300 € a week in July", "twice a month"; what another
# reader claimed is blanked, \x00) or how early ("a week in advance")
# a count of days (or weeks, months) said per a longer period is how often, never how
# long: "3 días a la semana", "3 days a week", "2 días por semana", "5 days/week", "two
# weeks a year", "4 días al mes" (a cleaner's, a nursery's, a gym's days); hours per a
# period stay a length ("4 horas a la semana" is 4 hours of each week: a tutor's, a cleaner's)
_PER_PERIOD_AFTER = re.compile(
    r"\s*(?:/\s*|(?:a|per|por|each|every|cada|al|a\s+la|la)\s+)(?:la\s+)?"
    r"(?P<period>weeks?|semanas?|months?|mes|meses|years?|anos?|fortnight|quincena)\b", re.I)
_PERIOD_LENGTH = {"week": WEEK, "semana": WEEK, "month": MONTH, "mes": MONTH, "year": YEAR,
                  "ano": YEAR, "fortnight": 2 * WEEK, "quincena": 2 * WEEK}


def _how_often(free: str, m: re.Match[str]) -> bool:
    """Whether the calendar length at ``m`` is counted per a longer period after it ("3
    days a week", "3 días a la semana"): how often something happens, no length."""
    after = _PER_PERIOD_AFTER.match(free, m.end())
    if after is None or m.group("num") is None or m.group("num2") or m.group("num3"):
        return False
    period = fold(after.group("period")).lower()
    period = period[:-1] if period.endswith("s") and period != "mes" else period
    period = "mes" if period == "mese" else period
    return _unit(m.group("unit")) < _PERIOD_LENGTH.get(period, 0)


_BARE_AFTER = re.compile(r"\s+(?:in|on|from|starting|this|next|around|during|over|between)\b"
                         r"(?!\s+(?:advance|ahead|a\s+row)\b)", re.I)
_RATE_BEFORE = re.compile(r"(?:[\d\x00€$£¥%]|\b(?:times|twice|once|thrice|per|each|every|"
                          r"hours?|hrs?|days?|sessions?|classes|lessons?|visits?)\b)[\s.,]*"
                          r"(?:\w+\s+){0,2}$", re.I)


def _bare_length(free: str, m: re.Match[str]) -> bool:
    """Whether "a <unit>" at ``m``, with no "for" before it, is how long: when or where
    follows (:data:`_BARE_AFTER`) and no count, amount or frequency stands just before it."""
    return bool(_BARE_AFTER.match(free, m.end())) \
        and not _RATE_BEFORE.search(free, max(0, m.start() - 30), m.start())


_AT_BEFORE = re.compile(r"(?<![\w])a\s+(?:unos\s+|menos\s+de\s+|solo\s+)?$")
_AT_AFTER = re.compile(r"\s+(?:(?:andando|caminando|a\s+pie|en\s+(?:coche|metro|bus|tren))\b"
                       r"|del?\b)")
_UNIT = rf"(?:{_HOUR}|{_MIN}|{_SEC}|{_CAL})"
# what a size in metres is said to be after it: "3m high", "2m de alto", "4m wide"
_DIMENSION = re.compile(r"\s*(?:high|tall|wide|long|deep|in\s+height|alt[oa]|ancho|larg[oa]|"
                        r"de\s+(?:alto|altura|ancho|largo|fondo))\b")
_HALF = r"(?:(?:\s+and|\s+y)\s+(?:a\s+)?(?:half|media))"
# one length: "1h30", "1 h 30 min", "2 horas y 15 minutos", "hora y media", "half an hour"
_PATTERN = re.compile(
    r"(?<![\w.,])(?:"
    r"(?P<half>half\s+an?\s+hour|media\s+hora)"
    r"|(?P<quarter>(?:a\s+|un\s+)?(?:quarter|cuarto)\s+(?:of\s+an\s+|de\s+)?(?:hour|hora))"
    r"|(?:(?P<num>" + _NUM + r")(?P<gap>\s*(?:-\s*)?))?(?P<unit>" + _UNIT + r")(?![a-z])"
    r"(?P<and_half>" + _HALF + r")?"
    # the next unit down: named ("1 h 30 min", "2 horas y 15 minutos") or, right after
    # the hours with no space, bare ("1h30"); never a number after a comma ("2 hours, 30
    # people")
    r"(?:(?:\s*|\s+(?:and|y)\s+)(?P<num2>\d{1,2}|" + "|".join(
        sorted((re.escape(w) for w in _WORDS if _WORDS[w] > 1), key=len, reverse=True))
    + r")\s*(?P<unit2>" + _MIN + r"|" + _SEC + r")(?![a-z])|(?P<num3>\d{2})(?![\w.,]))?"
    # a unit letter that opens a code ("8 H100", "2 A100s", "60m2"): a model's name or
    # square metres, no length (only "1h30" writes digits right after its unit)
    r"(?!\d)"
    r")", re.IGNORECASE)


def _number(text: str) -> float:
    text = text.lower()
    return float(_WORDS[text]) if text in _WORDS else float(text.replace(",", "."))


def _unit(text: str) -> int:
    # "business days", "días laborables": the word of time in it says the unit
    for word in fold(text).split():
        if word in _UNITS:
            return _UNITS[word]
    raise KeyError(text)


def _seconds(m: re.Match[str]) -> int | None:
    if m.group("half"):
        return 1800
    if m.group("quarter"):
        return 900
    if (m.group("num") or "0")[0].isalpha() and not m.group("gap"):
        return None  # "ahora" (now) is no "a hora", "unhour" no hour: a word number stands apart
    unit = _unit(m.group("unit"))
    if unit == 1 and (m.group("num") or "").lower() in ("a", "an", "un", "una", "uno"):
        return None  # "a second-floor flat", "un segundo piso": the ordinal, no 1 s
    if unit >= DAY and (m.group("num") is None or m.group("num").lower() in ("a", "an")
                        or m.group("num2") or m.group("num3")):
        # "next week", "a month" (a rate's: "30 € a month"): when or how often, not how
        # long; "2 weeks 30 min" is no way to say one
        return None
    if m.group("num") is None:
        # a bare unit is a length only when it is a whole word for one ("una hora" reads
        # its number; "hora y media", "an hour" is "an" + hour): "m" or "s" alone is not,
        # nor a plural, which counts none ("por horas sueltas", "billed in hours")
        if unit != 3600 or len(m.group("unit")) < 4 or m.group("unit").lower().endswith("s"):
            return None
        value = 1.0
    else:
        value = _number(m.group("num"))
    total = value * unit
    if m.group("and_half"):
        total += unit / 2
    if m.group("num2"):
        total += _number(m.group("num2")) * _unit(m.group("unit2"))
    elif m.group("num3"):
        if m.group("gap") or unit != 3600:
            return None  # "1h30" only: "2 min30" or "1 h30" is no way people write it
        total += int(m.group("num3")) * 60
    return int(round(total)) if total > 0 else None


# the low end of a range said with the top's unit: "2-3 hours", "de 2 a 3 horas", "1 or 2
# hours", "entre 2 y 3 horas"; its number is in the top's unit
_LOW_END = re.compile(r"(?<![\w.,])(?:(?:between|entre)\s+(?P<b>\d{1,4}(?:[.,]\d{1,2})?)\s+(?:and|y)"
                      r"|(?:de\s+|from\s+)?(?P<n>\d{1,4}(?:[.,]\d{1,2})?)\s*(?:-|–|to|a|or|o))\s*$")


def _durations(free: str, high: bool = False, calendar: bool = False,
               ) -> Iterator[tuple[int, tuple[int, int]]]:
    """Every length of time in ``free``, in text order (see :func:`find_duration`)."""
    for m in _PATTERN.finditer(free):
        if _unit(m.group("unit") or "h") >= DAY and (
                not calendar or _AGE.match(free, m.end())
                or _WHEN_BEFORE.search(free, max(0, m.start() - 16), m.start())
                or _WHOSE_AGE.search(free, max(0, m.start() - 24), m.start())
                or _how_often(free, m)):
            # "a 12-year-old", "niños de 3 años de edad", "un niño de 9 años": an age; "the last 2 years", "hace 2
            # años", "2 years ago", "cada 2 semanas", "3 días a la semana": when or how
            # often, not a length
            continue
        if _AWAY.match(free, m.end()) or (_AT_BEFORE.search(free, max(0, m.start() - 16), m.start())
                                          and _AT_AFTER.match(free, m.end())):
            continue  # "2 mins from the start", "a 5 minutos del metro": how far, no length
        if m.group("unit") in ("m", "s") and (m.group("gap") or m.group("num") is None):
            continue  # "100 m" is metres, "5 s" a letter: one letter counts only as "20m"
        if (m.group("unit") or "").lower() == "m" and (re.search(r"[.,]", m.group("num") or "")
                                               or _DIMENSION.match(free, m.end())):
            continue  # "2.1m", "1,85m", "3m high": a height or a length in metres, no minutes
        if len(m.group("unit") or "") == 1 and not (m.group("num") or "0")[0].isdigit():
            continue  # "unam", "unas", "dosh": a word, not "una" + a unit's letter
        if m.group("num") is None and not (m.group("half") or m.group("quarter")):
            # "an hour", "una hora", "hora y media": the article before it is the number
            if not re.fullmatch(r"hours?|horas?", m.group("unit") or "", re.I):
                continue
        seconds = _seconds(m)
        if seconds is None and (m.group("num") or "").lower() in ("a", "an") \
                and not (m.group("num2") or m.group("num3") or m.group("and_half")) \
                and (_FOR_BEFORE.search(free, max(0, m.start() - 20), m.start())
                     and _FOR_AFTER.match(free, m.end()) or _bare_length(free, m)) \
                and not (m.group("unit") or "").lower().endswith("s"):
            seconds = _unit(m.group("unit"))  # "for a week": one week
        if seconds is None:
            continue
        low = _LOW_END.search(free, max(0, m.start() - 24), m.start()) \
            if m.group("num") and not m.group("num2") and not m.group("num3") else None
        if low is not None:
            value = _number(low.group("b") or low.group("n")) * _unit(m.group("unit"))
            if 0 < value < seconds:
                yield (seconds if high else int(round(value))), (low.start(), m.end())
                continue
        yield seconds, m.span()


def _labelled(free: str, span: tuple[int, int], words: str, since: int) -> bool:
    """Whether ``words`` (a regex: the input's name and aliases) label the length at
    ``span``: right before it, up to four short words between ("garantía de 2 años",
    "entrega en un plazo de 3 días", "delivery within 5 days"), or right after it ("2 años
    de garantía", "a 2-week delivery", "3 days turnaround"), or taking in its unit ("20
    hours of interviews" for an alias "hours of"). A label right after the length
    before it (which ends at ``since``, or which another reader claimed) is that one's, not
    this one's: in "20 hours of audio in 10 days" the audio is 20 hours."""
    after = re.compile(r"\s*(?:(?:de|of|for|para)\s+)?(?:(?:la|el|the)\s+)?(?:" + words + r")\b")
    # "\x00" marks a claimed character (readers.CLAIMED; numberinput, which imports this
    # module, imports readers)
    since = max(since, free.rfind("\x00", since, span[0]) + 1)
    between = free[since:span[0]]
    taken = after.match(between) if since else None
    window = between[taken.end():] if taken else between
    before = re.search(r"\b(?:" + words + r")(?:\s*:)?(?:\s+[^\W\d_]{1,7}){0,4}\s*$",
                       window[-60:])
    if before is not None or after.match(free, span[1]) is not None:
        return True
    # an alias that takes in the unit ("hours of", "horas de") labels the length it runs on
    # from: "20 hours of Spanish interviews"
    inside = re.compile(r"(?<!\w)(?:" + words + r")\b")
    return any(m.start() < span[1] < m.end()
               for m in inside.finditer(free[:span[1] + 40], span[0]))


# a number with one capital letter glued to it, as typed ("16S" rRNA, "3D", "5G"): a code's
# name, no length; a unit's letter is typed in lower case ("16s", "20m", "2h"), and the
# readers see folded text, where the two are one
_CODED = re.compile(r"\d+(?:[.,]\d+)?[A-Z]")


def coded(original: str) -> Callable[[tuple[int, int]], bool]:
    """Whether the length at a span of the folded text is, in ``original`` (the request as
    typed, one character for one), a number with a capital letter glued to it: a
    ``skip`` for :func:`find_duration`."""
    return lambda span: _CODED.fullmatch(original[span[0]:span[1]].strip()) is not None


def find_duration(free: str, prefix: str = "", words: str | None = None,
                  high: bool = False, calendar: bool = False,
                  skip: Callable[[tuple[int, int]], bool] | None = None,
                  ) -> tuple[int, tuple[int, int]] | None:
    """The first length of time in ``free`` (the folded query, claimed spans blanked):
    (seconds, span), or None. Of a range ("2-3 hours", "de 2 a 3 horas") the low end,
    the top with ``high`` (an input named ``max_...``), and the span covers both.
    ``words``: a regex for the input's name and aliases, which must then label it (see
    :func:`_labelled`; a kind with two durations: a warranty's and a delivery's, an audio's
    and a turnaround); ``prefix`` is unused (the
    comparison words are left to the notes), kept so the quantity readers' callers fit.
    ``calendar``: days, weeks, months and years count too (a ``duration`` input's reader;
    not the subject's mask, where "a 12-year-old" is whom it is for). ``skip``: whether a
    length's span is another input's word (:func:`scout.task.enums.rival_at`: "excursión
    de un día", a tour's full day, no length asked)."""
    since = 0  # where the length before ends
    for seconds, span in _durations(free, high, calendar):
        if skip is not None and skip(span):
            continue
        if words is None or _labelled(free, span, words, since):
            return seconds, span
        since = span[1]
    return None


def find_durations(free: str, prefix: str = "", high: bool = False, calendar: bool = False,
                   ) -> list[tuple[int, tuple[int, int]]]:
    """Every length of time in ``free``, in text order (no words asked for)."""
    return list(_durations(free, high, calendar))


_CLOCK = re.compile(r"(?:(\d+):)?(\d{1,2}):(\d{2})")


def parse_duration(value: Any) -> int:
    """A written duration (``20m``, ``1h30m``, ``90 min``, ``1:30:00``, ``una hora``) as
    whole seconds; raises ``ValueError`` with what to write instead."""
    if isinstance(value, bool) or isinstance(value, (int, float)):
        raise ValueError(f"write durations with a unit, e.g. '{value} min' or '{value}s'")
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a duration, e.g. '20 min' or '1h30m'")
    text = fold(value.strip())
    clock = _CLOCK.fullmatch(text)
    if clock:
        h, m, s = (int(g) if g else 0 for g in clock.groups())
        return h * 3600 + m * 60 + s
    spec = re.fullmatch(r"(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?", text)
    if spec and any(spec.groups()):
        hours, mins, secs = (float(g) if g else 0.0 for g in spec.groups())
        return int(round(hours * 3600 + mins * 60 + secs))
    hit = find_duration(text, calendar=True)
    if hit is not None and not text[:hit[1][0]].strip() and not text[hit[1][1]:].strip():
        return hit[0]
    if re.fullmatch(r"\d+(?:[.,]\d+)?", text):
        raise ValueError(f"write durations with a unit, e.g. '{value} min' or '{value}s'")
    raise ValueError(f"'{value}' is not a duration (e.g. '20 min', '1h30m', '1:30:00')")


# weeks for a count of days: "a 3-week trip", "2 weeks", "de una semana", "for a week",
# "a fortnight" / "una quincena"; "a week" after an amount is a rate ("10 GB a week"), and
# "next week" / "la semana que viene" have no count: neither is read
_WEEKS = re.compile(
    r"(?<![\w/])(?:(?P<n>\d{1,2}|one|two|three|four|five|six|una|dos|tres|cuatro|cinco|seis)"
    r"[\s-]*(?:weeks?|semanas?)|(?:for|durante|de|por)\s+(?P<a>a|una)\s+(?:week|semana)|"
    r"(?P<f>(?:a|una)\s+(?:fortnight|quincena)))(?!\w)")


def days_in_weeks(free: str) -> tuple[int, tuple[int, int]] | None:
    """A number of days said in weeks in ``free`` (folded), and its span."""
    m = _WEEKS.search(free)
    if m is None:
        return None
    if m.group("f"):
        return 14, m.span()
    n = m.group("n")
    weeks = 1 if m.group("a") else int(n) if n.isdigit() else _WORDS[n]
    return (7 * weeks, m.span()) if weeks else None


# a commitment said by the period it runs for, with no number: "annual term", "yearly
# contract", "contrato anual", "permanencia de un año" is counted above; the period's
# adjective before an English noun, after a Spanish one (folded)
_PERIODIC = {"annual": YEAR, "yearly": YEAR, "anual": YEAR, "monthly": MONTH, "mensual": MONTH,
             "quarterly": 3 * MONTH, "trimestral": 3 * MONTH, "semestral": 6 * MONTH,
             "biannual": 6 * MONTH, "weekly": WEEK, "semanal": WEEK}
_COMMITMENTS = ("term", "terms", "contract", "contracts", "commitment", "subscription",
                "contrato", "plazo", "permanencia", "suscripcion", "compromiso")


def period_term(free: str, labels: list[str]) -> tuple[int, tuple[int, int]] | None:
    """The length of a commitment said by its period's adjective beside a commitment's
    noun or the input's own ``labels`` (its name and aliases, folded): "annual term",
    "yearly contract", "contrato anual", "plazo mensual" (one year, one month). A rate's
    period ("billed monthly", "40 €/mes") names no noun and is left to the amount."""
    nouns = "|".join(re.escape(n).replace(r"\ ", r"\s+")
                     for n in sorted({*_COMMITMENTS, *(w for w in labels if w)}, key=len, reverse=True))
    adj = "|".join(_PERIODIC)
    m = re.search(r"(?<![\w\x00])(?:(?P<a>" + adj + r")\s+(?:" + nouns + r")|(?:" + nouns
                  + r")\s+(?P<b>" + adj + r"))(?![\w\x00])", free)
    if m is None:
        return None
    return _PERIODIC[m.group("a") or m.group("b")], m.span()
