"""What the subject reader (:mod:`scout.task.subject`) leaves out before it reads: the
text the other readers would read (amounts, dates, ratings, durations, areas, sizes) for
the types the pipeline does not declare, blanked the same length ("ramen para esta noche"
is about ramen), and, whatever the pipeline declares, a stretch of time off that no
calendar fixes ("during the school holidays", "durante las vacaciones escolares"). A date
that names a thing stays: a day's dish ("sunday roast") and a feast's meal or dish ("cena
de Acción de Gracias", "Christmas Eve dinner", "roscón de Reyes"). Whom the thing is for,
a child or relative said with whose they are ("for my son", "para mis hijos"), is blanked
too.
"""

from __future__ import annotations

import datetime as dt
import re

from scout.i18n import COUNT_WORDS
from scout.task import placewords as pw
from scout.task import subjectwords as sw
from scout.task.personage import PERSON
from scout.task.subjectslips import is_stop

CLAIMED = "\x00"


def mask_readings(free: str, original: str, today: dt.date, declared: frozenset[str]) -> str:
    """``free`` with what the other readers would read blanked, for the types the pipeline
    does not declare (a declared one's reader has claimed its text)."""
    from scout.task.area import find_area
    from scout.task.dates import find_when
    from scout.task.durations import find_duration
    from scout.task.money import iter_money
    from scout.task.quantity import find_quantity
    from scout.task.rating import find_rating

    def blank(text: str, span: tuple[int, int]) -> str:
        return text[:span[0]] + CLAIMED * (span[1] - span[0]) + text[span[1]:]

    if "money" not in declared:
        for _money, span, _word in iter_money(free, original, []):
            free = blank(free, span)
    # a declared date's reader claimed its own text; a second date left ("campamento de
    # verano ... en julio", "summer course in July") is when too, never the subject
    for _ in range(3):
        when = find_when(free, original, today)
        if when is None:
            break
        a, b = when.span
        # "sunday roast": a date of one word right before another word (no frame word:
        # "Nochevieja en Madrid" is the day) names a thing of that day (the subject keeps
        # it); "brunch on sunday" is the day. A meal's feast ("cena de Acción de Gracias")
        # stays as one word no stop list holds ("gracias" is a thank-you), the same length
        nxt = re.match(r"\s+([^\W\d_]+)", free[b:])
        if _meal_of(free, a, b):
            free = free[:a] + re.sub(r"\S", "z", free[a:b]).replace(" ", "z") + free[b:]
            continue
        if " " not in free[a:b].strip() and nxt and nxt.group(1) not in sw.FRAME:
            break
        # "el día de Navidad", "the night of Halloween": the day's words are the date's
        day = re.search(r"\b(?:(?:el|la|the)\s+)?(?:dia|day|noche|night)\s+(?:de|del|of)\s+$",
                        free[:a])
        free = blank(free, (day.start() if day else a, b))
    for m in _PERIOD.finditer(free):  # "during the school holidays": a time, not the subject
        free = blank(free, m.span())
    for m in _PARTY.finditer(free):  # "mesa para 8": how many book, not what is sought
        free = blank(free, m.span())
    for m in _KIN.finditer(free):  # "camp for my son": whom it is for, not what is sought
        free = blank(free, m.span())
    readers = {"rating": lambda t: find_rating(t, None), "duration": find_duration,
               "area": find_area, "data_size": lambda t: find_quantity(t, "data_size"),
               "weight": lambda t: find_quantity(t, "weight"),
               "length": lambda t: find_quantity(t, "length"),
               "volume": lambda t: find_quantity(t, "volume")}
    for name, reader in readers.items():
        hit = None if name in declared else reader(free)
        if hit is not None:
            free = blank(free, hit[1])
    return free


# a stretch of time off named by whose or which it is, which no calendar fixes ("during the
# school holidays", "over the Christmas break", "durante las vacaciones escolares", "en
# vacaciones de verano"): its words, the modifiers included, are when, not what is sought
_PERIOD = re.compile(
    r"\b(?:during|over|throughout|in\s+the)\s+(?:(?:the|my|our|their)\s+)?"
    r"(?:[^\W\d_][\w'’-]*\s+){0,2}?(?:holidays?|hols|vacations?|break|half-term|halfterm|recess)\b"
    r"|\b(?:durante|en|para)\s+(?:(?:las|los|la|el|mis|sus|nuestras)\s+)?"
    r"(?:vacaciones|receso|asueto|feriados?)(?:\s+(?:de(?:l)?\s+[^\W\d_]+|[^\W\d_]+es)\b)?")


# a child or a relative with whose they are ("my son", "our two boys", "mi hijo"): whom the
# thing is for ("son of a gun burgers" keeps its words: no one's son)
_KIN = re.compile(r"\b(?:my|our|your|his|her|their|mi|mis|tu|tus|su|sus|nuestr[oa]s?)\s+"
                  r"(?:(?:two|three|dos|tres|little|young|older|oldest|eldest|youngest|peque(?:n[oa]s?)?)\s+)?"
                  + PERSON + r"\b")


# a booking for a party ("mesa para 8", "a table for 4 people", "reserva para dos"): the
# booking's noun and its count say how many come, no dish or thing sought ("pizza para 4"
# is a pizza)
_PARTY = re.compile(
    r"\b(?:(?:una?|a)\s+)?(?:mesa|table|reserva|reservation|booking)s?\s+(?:para|for)\s+"
    r"(?:\d{1,3}|" + "|".join(sorted(COUNT_WORDS, key=len, reverse=True)) + r")\b"
    r"(?:\s+(?:personas?|people|persons|pax|comensales|guests|adult(?:o)?s))?")


def _meal_of(free: str, a: int, b: int) -> bool:
    """The date at ``a:b`` names a meal or a dish ("cena de Acción de Gracias", "Christmas
    Eve dinner", "menú de Nochevieja", "roscón de Reyes"): the subject keeps it."""
    from scout.task.placecase import known_name

    after = re.match(r"\s+([^\W\d_]+)", free[b:])
    before = re.search(r"(?:(?<!\w)(en|in|at)\s+)?([^\W\d_]+)\s+(?:de|del|of)\s+$", free[:a])
    if before and (before.group(1) or known_name(before.group(2))) \
            and before.group(2) not in sw.MEALS:
        return False  # "taller en sevilla del lunes": the place, then the day
    return bool(after and after.group(1) in sw.MEALS) or bool(
        before and (before.group(2) in sw.MEALS or not is_stop(before.group(2))
        and before.group(2) not in pw.STOP))
