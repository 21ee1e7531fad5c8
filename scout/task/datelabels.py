"""Which of a kind's date inputs a date belongs to, by the words before it: a tender's
closing date and its publication date ("publicadas este mes, con plazo hasta finales de
enero", "published since 1 December, closing in February").

With one date input the first date of the request is its. With two or more, each used to
take the next date in the order they are declared, so "publicados este mes" filled the
closing date and "published since" was left as the subject. Here a date right after an
input's own label (its name, or one of its ``aliases``, a few words before it at most) is
that input's, and the label is claimed with it; what no label names is then read in
declaration order as before. A bare day said for a later input ("ida el 5 de febrero,
vuelta el 9") is the first such day on or after the date said before it, not the next one
from today (:func:`after_earlier`); one said for an earlier input after a later one's date
("vuelta el 3 de mayo, ida el jueves 29") is the last such day on or before it.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from scout.spec.models import InputSpec
from scout.task.lang import fold
from scout.task.readers import CLAIMED, QueryText

DATED = ("date", "month")
# how far after its label a date may stand: "published since 1 December", "plazo de
# presentación de ofertas hasta el 20 de enero"
_REACH = 48


def dated_inputs(inputs: dict[str, InputSpec]) -> list[str]:
    """The date and month inputs, when there are several (else none: nothing to route)."""
    names = [n for n, s in inputs.items() if s.type in DATED]
    return names if len(names) > 1 else []


def _labels(name: str, spec: InputSpec) -> list[str]:
    words = {fold(w).strip() for w in [name.replace("_", " "), *spec.aliases]}
    return sorted((w for w in words if len(w) > 2), key=len, reverse=True)


def labelled_dates(text: QueryText, inputs: dict[str, InputSpec], today: dt.date,
                   **kw: Any) -> list[tuple[str, Any, tuple[int, int], bool,
                                         tuple[int, int] | None]]:
    """Each of several date inputs whose label the request says before a date: (name,
    value, the span of its label and date, whether it is past, the stretch between them
    that holds a place input's cue and a word after it, else None: "ida de Madrid a
    Barcelona el 12 de enero" is the outward day's label, the route, then its date, and
    the route is the place inputs' to read), the first such date for each; ``kw`` as
    :func:`scout.task.datereader.find_date` takes it."""
    from scout.schemas.task import looks_back
    from scout.task.datereader import find_date

    out: list[tuple[str, Any, tuple[int, int], bool, tuple[int, int] | None]] = []
    taken: list[tuple[int, int]] = []
    cues = sorted({fold(a).strip() for o in inputs.values() if o.type == "place"
                   for a in o.aliases if fold(a).strip()}, key=len, reverse=True)
    route = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in cues)
                       + r")\s+[^\W\d_]") if cues else None
    # another input's longer words hold a label's ("ida y vuelta", a round trip's, holds
    # "vuelta", the return date's): there it is that input's, no date's label
    held = [m.span() for other, o in inputs.items() if o.type not in DATED
            for w in {fold(a).strip() for a in o.aliases} if " " in w
            for m in re.finditer(r"(?<!\w)" + re.escape(w).replace(r"\ ", r"\s+") + r"(?!\w)",
                                 text.free)]
    for name in dated_inputs(inputs):
        spec = inputs[name]
        words = _labels(name, spec)
        if not words:
            continue
        label = re.compile(r"(?<!\w)(?:" + "|".join(
            re.escape(w).replace(r"\ ", r"\s+") for w in words) + r")(?:e?s)?(?!\w)")
        for m in label.finditer(text.free):
            if any(a <= m.start() < b for a, b in taken) or any(
                    a <= m.start() and m.end() <= b and b - a > m.end() - m.start()
                    for a, b in held):
                continue
            end = min(len(text.free), m.end() + _REACH)
            # only the stretch after the label, up to another input's label or a clause's end
            stop = re.search(r"[;,.](?!\d)|\s(?:y|and|con|with)\s", text.free[m.end():end])
            end = m.end() + stop.start() if stop else end
            near = QueryText(text.original)
            # the label stays visible: one may end in a bound's own word ("published
            # since"), which says how its date reads
            near.free = (CLAIMED * m.start() + text.free[m.start():end]
                         + CLAIMED * (len(text.free) - end))
            when = find_date(near, today, spec.type, back=looks_back([name, *spec.aliases]),
                             **kw)
            if when is None or when[0] is None:
                continue
            span = (m.start(), when[1][1])
            gap = (m.end(), when[1][0])
            between = route.search(text.free, *gap) if route is not None else None
            out.append((name, when[0], span, when[2], gap if between is not None else None))
            taken.append(span)
            break
    return out


def _first_day(value: Any) -> dt.date | None:
    start = getattr(value, "start", value)
    return start if isinstance(start, dt.date) else None


def after_earlier(values: dict[str, Any], at: dict[str, tuple[int, int]],
                  inputs: dict[str, InputSpec], original: str, **kw: Any) -> None:
    """Of several date inputs, one day read from a bare day number ("vuelta el 9",
    "returning on the 17th") that falls before the first day of a date said earlier in the
    request is read again from that date, not from today: "el 5 de febrero, vuelta el 9" is
    9 February, never the 9th of this month; a weekday ("el viernes, vuelta el domingo",
    "fri, back sun" said on a Sunday) is the first one after that date. A day written with its month ("vuelta el 9 de
    diciembre") is kept as written. ``at``: where each value was read; ``kw`` as
    :func:`scout.task.datereader.find_date` takes it."""
    from scout.task.datereader import find_date

    names = [n for n in dated_inputs(inputs) if inputs[n].type == "date" and n in at]
    for name in names:
        value = values.get(name)
        if not isinstance(value, dt.date):
            continue
        # only an input declared before it: "vuelta el 3 de mayo, ida el jueves 29" says
        # the outward day after the return's, and the outward day is never moved past it
        for other in (o for o in names[:names.index(name)] if at[o][0] < at[name][0]):
            start = _first_day(values.get(other))
            if start is None or value >= start:
                continue
            # the words it was read from, alone: a day number is read before a text's end
            again = find_date(QueryText(original[at[name][0]:at[name][1]]), start, "date", **kw)
            # a month written with the day reads the same month from any day: kept as said
            # a weekday ("fri, back sun") reads the same weekday a week or more on
            if again is not None and isinstance(again[0], dt.date) and again[0] >= start \
                    and (again[0].month != value.month or (again[0] - value).days % 7 == 0):
                values[name] = again[0]
            break
        for other in (o for o in names[names.index(name) + 1:] if at[o][0] < at[name][0]):
            _before_later(values, name, _first_day(values.get(other)), original[slice(*at[name])],
                          **kw)
            break


def _before_later(values: dict[str, Any], name: str, end: dt.date | None, said: str,
                  **kw: Any) -> None:
    """The day of an input declared before another but said after that one's date, from a
    bare day number or weekday ("vuelta el 3 de mayo, ida el jueves 29", "back on 3 May,
    leaving on the 29th"): the last such day on or before that date (29 April), not the
    next from today; a day written with its month is kept as written."""
    from scout.task.datereader import find_date

    value = values.get(name)
    if end is None or not isinstance(value, dt.date) or value >= end:
        return
    for back in (7, 31):
        again = find_date(QueryText(said), end - dt.timedelta(days=back), "date", **kw)
        day = again[0] if again is not None else None
        if isinstance(day, dt.date) and value < day <= end and (
                day.day == value.day or (day - value).days % 7 == 0):
            values[name] = day
            return


def in_said_order(values: dict[str, Any], spans: dict[str, str],
                  at: dict[str, tuple[int, int]], inputs: dict[str, InputSpec],
                  original: str) -> None:
    """Of two date inputs that no label of theirs read, the one declared first takes the
    day said first when the days were dealt the other way round and the later input's
    falls before the earlier one's: "el viernes 30 ..., volviendo el domingo 2 de mayo"
    read the longer "2 de mayo" first for the outward day and left the return on the 30th,
    before it. A label read with its date ("publicadas desde ..., plazo hasta ...") keeps
    it: its words say whose it is."""
    names = [n for n in dated_inputs(inputs) if inputs[n].type == "date" and n in at]
    if len(names) != 2:
        return
    first, second = names
    a, b = _first_day(values.get(first)), _first_day(values.get(second))
    if a is None or b is None or not (b < a and at[second][0] < at[first][0]):
        return
    for name in names:
        said = fold(original[at[name][0]:at[name][1]])
        if any(re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", said)
               for w in _labels(name, inputs[name])):
            return
    values[first], values[second] = values[second], values[first]
    spans[first], spans[second] = spans.get(second, ""), spans.get(first, "")
    at[first], at[second] = at[second], at[first]

