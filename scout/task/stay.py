"""A stay or a trip written as its two ends: "check-in Dec 3, check-out Dec 6", "checking
in the 14th, out the 16th", "entrada el 3 de mayo y salida el 6", "llegada el 3/5, salida
el 6/5"; for a round trip "ida el 3 y vuelta el 10", "departing Dec 3, returning Dec 10"; for a
rental car "recogida el 3 de marzo y devolución el 17", "pick up Jun 3, drop off Jun 10".

The arrival is the date expression between the arrival word and the departure word; the
departure is the one after the departure word, read as if today were the arrival day, so
a bare "el 6" or "the 16th" is the first such day on or after it. Together they make one
date range from the arrival to the departure, which wins over either end alone. The
finder is passed in (:func:`scout.task.dates.find_when`'s single-expression search), so
this module holds no grammar of its own.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from scout.schemas.task import DateRange

# the first end: a hotel's arrival, or a trip's outward leg ("ida el 3", "departing Dec 3")
_IN = re.compile(r"\b(?:check[- ]?in(?:g)?|checking\s+in|arriv(?:e|es|ing|al|als)|entrada|llegada|"
                 r"llegamos|llego|llega|llegan|ingreso|ida|salida|departing|depart|outbound|"
                 r"flying\s+out|"
                 # the arrival in another tense or mood: "llegaríamos el 30", "llegaremos",
                 # "flying in on the 23rd", "landing Dec 3", "getting in on the 5th"
                 r"llegar(?:ia|e|a)\w*|(?:fly|flying|flies|get|getting|gets)\s+in|"
                 r"land(?:s|ing)?|"
                 # a rental's pick-up: "recogida el 3 de marzo", "pick up Jun 3", "retiro el 5/2"
                 r"pick(?:ing)?[- ]?up|recogida|recoger|recojo|recogemos|retiro|retirar|"
                 r"retiramos)\b")
# the second end, after the first: a departure, or the way back ("vuelta el 10", "returning")
# (said of whom the request is for too: "she arrives on the 14th and leaves on the 17th",
# "llega el 9 de enero y se va el 12")
_OUT = re.compile(r"\b(?:check[- ]?out|checking\s+out|out|leav(?:e|es|ing)|depart(?:ure|ing|s)?|"
                  r"salida|salimos|salgo|sale|salen|regreso|regresa|regresan|volvemos|vuelve|"
                  r"vuelven|vuelta|return(?:s|ing)?|back|inbound|se\s+va|se\s+van|me\s+voy|"
                  r"nos\s+vamos|"
                  # the leaving in another tense or mood: "nos iríamos el 3", "me iré el 6",
                  # "volveríamos el 9", "saldríamos el 12", "regresaríamos", "flying back"
                  r"(?:me|te|se|nos|os)\s+(?:ir(?:e|a|ia)\w*|iba\w*)|volver(?:e|a|ia)\w*|"
                  r"regresar(?:e|a|ia)\w*|saldr(?:e|a|ia)\w*|(?:fly|flying|flies)\s+(?:back|home|out)|"
                  # a rental's return: "devolución el 17", "drop off on the 19th", "lo dejo
                  # en Neuquén el 12/2", "entrega en Oporto el 14"
                  r"drop(?:ping)?[- ]?off|devolucion|devolver|devuelvo|devolvemos|entrega|"
                  r"entregar|entrego|entregamos|(?:lo|la)\s+dej(?:o|amos)|dejarl[oa])\b")

Finder = Callable[[str, str, dt.date], Any]


def find_stay(free: str, original: str, today: dt.date, find: Finder) -> Any | None:
    """(value, span) of an arrival-departure pair as one DateRange, or None."""
    arrive = _IN.search(free)
    if arrive is None:
        return None
    leave = _OUT.search(free, arrive.end())
    if leave is None:
        return None
    blank = " " * len(free)
    start = find(free[:leave.start()] + blank[leave.start():], original, today)
    if start is None or start.span[0] < arrive.end():
        return None
    first = start.value.start if isinstance(start.value, DateRange) else None
    if first is None:
        return None
    # the departure's word stays in sight: "checking out 27th" is a day where "27th" alone
    # is not (scout.task.daynums)
    end = find(blank[:leave.start()] + free[leave.start():], original, first)
    if end is None or not isinstance(end.value, DateRange) or end.value.end <= first:
        return None
    # "llega a Lima el 9 de enero y se va el 12": a word between the arrival word and its
    # date (the place) is no part of the dates' span, left for its own reader
    gap = re.search(r"[a-z]{4,}", free[arrive.end():start.span[0]])
    # "drop off in Seville on the 19th", "lo dejo en Neuquén el 12/2": the return's place
    # is another input's (a one-way rental's drop-off): the span stops before the return
    # word, which that input's alias may be
    back_gap = re.search(r"[a-z]{4,}", free[leave.end():end.span[0]])
    return (DateRange(start=first, end=end.value.end),
            (start.span[0] if gap else arrive.start(),
             leave.start() if back_gap else end.span[1]), start.past)
