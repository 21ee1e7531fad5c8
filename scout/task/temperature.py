"""A temperature said in Fahrenheit for a number input measured in Celsius.

A pipeline declares a temperature as a ``number`` whose aliases name Celsius ("°C",
"grados"), and an American request says it in Fahrenheit ("an ULT freezer rated to -112
°F", "down to -112 degrees Fahrenheit"): the value the input holds is the Celsius one
(-80), to a tenth of a degree. For :func:`scout.task.numberinput.find_number`, before the
input's own words are looked for (so "-112 degrees F" is never -112 degrees).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.task.lang import fold

# an alias that says the input is in Celsius
_CELSIUS = frozenset({"°c", "ºc", "° c", "celsius", "centigrados", "degrees c", "grados c"})
# the unit after the figure: "°F", "ºF", "° F", "F" glued to it, "degrees Fahrenheit",
# "grados Fahrenheit", "deg F"
_FAHRENHEIT = (r"(?:f|\s*[°º]\s?f|\s*(?:degrees?|deg|grados?)\s+(?:f|fahrenheit)|\s*fahrenheit)"
               r"(?![a-z])")


def celsius_input(aliases: Sequence[str]) -> bool:
    """The number input's aliases say it is measured in Celsius."""
    return any(fold(a).strip() in _CELSIUS for a in aliases)


def fahrenheit(free: str, number: str) -> tuple[float, tuple[int, int]] | None:
    """The first figure (``number``: a regex with a group ``n``, a minus sign in ``neg``)
    said in Fahrenheit in the folded ``free``, as Celsius to a tenth, and its span; None
    when there is none."""
    m = re.search(number + _FAHRENHEIT, free)
    if m is None:
        return None
    try:
        value = float(m.group("n").replace(",", "."))
    except ValueError:
        return None
    if m.groupdict().get("neg"):
        value = -value
    return round((value - 32) * 5 / 9, 1), m.span()
