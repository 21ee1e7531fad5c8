"""Weekdays said as a schedule, not as dates: "de lunes a viernes", "Monday to Friday",
"Mon-Fri", "weekdays only", "los fines de semana", "on weekends", "entre semana", "los
martes", "every Monday".

A weekday range read as dates is the next one ("del lunes al miércoles", "from Friday to
Sunday": the coming days), and a request that says when the thing is used or open ("a
coworking de lunes a viernes", "events on weekends") got the days of next week, or a
subject "weekends". Such words are a schedule: they give no date and no other value, so
the parser claims them before any reader. What makes them a schedule, in both languages:

* a plural ("weekends", "los fines de semana", "mondays", "los lunes", "los sábados") or
  "every" / "cada" / "todos los" before a day, "weekdays", "entre semana";
* a range of four days or more (a working week, "de lunes a viernes", "Mon–Sat") with
  nothing that names one week: no article ("del lunes al viernes"), no "this" / "next" /
  "este" / "próximo", no day number ("lunes 7 a viernes 11"), no week after it ("de
  lunes a viernes de la semana que viene"), not said from a start until an end ("from
  Monday until Friday", "desde lunes hasta viernes"). A shorter range ("de viernes a domingo") is
  a stay, read as dates.

A date said beside the schedule is still read ("de lunes a viernes, desde el 1 de
febrero"). Words that are an input's own (a clinic's ``weekend`` boolean with the alias
"fines de semana") are left to that input.
"""

from __future__ import annotations

import re

from scout.lazyre import compiled
from scout.spec.models import InputSpec
from scout.task.cldr import weekdays
from scout.task.lang import fold
from scout.task.readers import QueryText

_PLURALS = (r"mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|"
            r"sabados|domingos")
_EVERY = r"(?:every|each|cada|todos\s+los|all)"


def _forms() -> tuple[re.Pattern[str], re.Pattern[str]]:
    days = weekdays()
    names = "|".join(sorted((w for w in days if w != "mar"), key=len, reverse=True))
    span = re.compile(
        r"(?<!\w)(?P<det>(?:del|el|al|this|next|coming|este|proximo|the)\s+)?"
        r"(?:(?P<from>de|from|desde)\s+)?(?P<a>" + names + r")\.?\s*(?:[-–/]|\s(?P<to>a|al|to|"
        r"through|thru|till|until|hasta))\s*(?P<b>" + names + r")\.?(?!\w)(?P<after>\s*(?:\d|(?:(?:de|of)\s*)?"
        r"(?:(?:la|this|next|esta)\s*)?(?:semana|week)|que\s+viene|proxim))?")
    habit = re.compile(
        r"(?<!\w)(?:(?:on|los|on\s+the)\s+)?(?:weekdays|weekends|fines\s+de\s+semana|"
        + _PLURALS + r")(?!\w)|(?<!\w)entre\s+semana(?!\w)|(?<!\w)" + _EVERY
        + r"\s+(?:weekend|fin\s+de\s+semana|" + names + r")(?!\w)|(?<!\w)los\s+(?:lunes|"
        r"martes|miercoles|jueves|viernes)(?!\s*\d)(?!\w)")
    return span, habit


_SPAN, _HABIT = _forms()


def schedule_spans(folded: str) -> list[tuple[int, int]]:
    """The spans of ``folded`` (a folded request) that say weekdays as a schedule."""
    days = weekdays()
    out = [m.span() for m in _HABIT.finditer(folded)]
    for m in _SPAN.finditer(folded):
        if m.group("det") or m.group("after"):
            continue  # "del lunes al viernes", "lunes 7 a viernes 11": one week's days
        if m.group("from") in ("from", "desde") and m.group("to") in ("till", "until", "hasta"):
            continue  # "from monday until friday", "desde lunes hasta viernes": a stretch
            # with a start and an end, the coming one (a schedule runs "to" / "a")
        if (days[m.group("b")] - days[m.group("a")]) % 7 >= 3:
            out.append(m.span())
    return out


def claim_schedule(text: QueryText, inputs: dict[str, InputSpec]) -> list[tuple[int, int]]:
    """Claim in ``text`` each schedule that no input of ``inputs`` names by its own words;
    the spans of those that one does, left to it: still no dates (the parser reads its
    date inputs with them set aside, :meth:`QueryText.aside`), since the date readers come
    before a boolean's or an enum's ("abono mensual de lunes a viernes" for a ``weekdays``
    flag with that alias got the days of next week, and the flag nothing)."""
    # an enum's own value too: a driving school's schedule ``weekends`` ("weekends only")
    own = [fold(str(w)) for n, s in inputs.items() if s.type not in ("date", "month")
           for w in [n.replace("_", " "), *s.aliases, *(s.enum or []),
                     *(x for words in (s.synonyms or {}).values() for x in words)]]
    owned = []
    for a, b in schedule_spans(text.folded):
        said = text.folded[a:b]
        if any(compiled(r"(?<!\w)" + re.escape(w) + r"(?!\w)").search(said) for w in own if w):
            owned.append((a, b))
        else:
            text.claim((a, b))
    return owned


# an input that counts the days of a week something happens on: its name or an alias says
# so ("days a week", "días por semana", "dias a la semana", "days/week")
_WEEK_DAYS = re.compile(r"(?<!\w)(?:days?|dias?)\s*(?:a|per|por|/|a\s+la|each|every|cada)\s*"
                        r"(?:la\s+)?(?:week|semana)(?!\w)")


def counts_week_days(name: str, aliases: list[str]) -> bool:
    """Whether the integer input ``name`` (with ``aliases``) counts days a week."""
    return bool(_WEEK_DAYS.search(fold(" ".join([name.replace("_", " "), *aliases]).lower())))


def schedule_days(folded: str) -> tuple[int, tuple[int, int]] | None:
    """How many days a week the first weekday range said as a schedule spans, and where:
    "de lunes a viernes" 5, "Mon-Sat" 6 (for an input that counts days a week; the range
    is claimed as no date, :func:`claim_schedule`)."""
    days = weekdays()
    spans = set(schedule_spans(folded))
    for m in _SPAN.finditer(folded):
        if m.span() in spans:
            return (days[m.group("b")] - days[m.group("a")]) % 7 + 1, m.span()
    return None