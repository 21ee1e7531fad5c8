"""An off-peak rate beside the rate of the rest of the day, on a page that states both: a
charger's "Valle 0,39 €/kWh de 0 a 8 h, 0,55 €/kWh el resto del día", an energy
tariff's "off-peak 45p/kWh, day rate 79p/kWh", a car park's "tarifa nocturna 1 €/hora".
Whoever asks pays the day's rate unless they come in the window, which a request seldom
says and a page's hours do not match to it, so the off-peak amount is no price while a
rate of the same unit no such label names stands beside it (:func:`off_peak_only`); a
page stating only an off-peak rate states its price so. Only rates per a unit of energy
or time (kWh, MWh, hour, minute): a night's price is a stay's, and "Hotel Valle: 90 €"
names a place. Pure, no I/O.
"""

from __future__ import annotations

import re

from scout.schemas.task import Money
from scout.task.lang import fold

#: the units a rate that changes with the hour of the day is per
_RATED = frozenset({"kWh", "MWh", "hour", "minute"})
# an off-peak label right before the amount, with at most a colon or "a" / "at" / "de"
# between ("Valle 0,39 €/kWh", "horario valle: 0,29", "off-peak £0.45/kWh", "tarifa
# nocturna 1 €/h", "night rate 12p/kWh"), folded
_LABEL = (r"(?:(?:horario|periodo|tarifa|hora|horas)\s+)?(?:super\s*)?valle|off[\s-]?peak|"
          r"(?:tarifa\s+)?nocturna|night(?:\s+(?:rate|tariff))?|overnight")
_BEFORE = re.compile(r"(?<![\w-])(?:" + _LABEL + r")(?:\s*[:=]|\s+(?:a|at|de|from|desde|rate))?"
                     r"\s*$")
# ... or right after it ("0,29 €/kWh en horario valle", "45p/kWh off-peak", "1 €/h por la
# noche")
_AFTER = re.compile(r"^\s*[(,]?\s*(?:en\s+(?:horario\s+|periodo\s+)?valle|off[\s-]?peak|"
                    r"overnight|at\s+night|por\s+la\s+noche|de\s+noche|nocturn[ao])(?![\w-])")


def off_peak_only(text: str, found: list[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of the ``found`` amounts of ``text`` labelled as an off-peak rate
    (:data:`_BEFORE`, :data:`_AFTER`) when another amount of the same currency and unit
    stands beside them with no such label: none otherwise."""
    off: set[int] = set()
    for i, (m, (start, end)) in enumerate(found):
        if m.per not in _RATED:
            continue
        previous = found[i - 1][1][1] if i else 0
        before = fold(text[max(previous, start - 30):start])
        after = fold(text[end:end + 30])
        if _BEFORE.search(before) or _AFTER.match(after):
            off.add(i)
    day = {(m.currency, m.per) for i, (m, _) in enumerate(found)
           if i not in off and m.per in _RATED}
    return {i for i in off if (found[i][0].currency, found[i][0].per) in day}
