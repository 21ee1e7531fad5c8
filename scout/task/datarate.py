"""A data rate said a thousand times larger than the input's unit: "fibra de 1 Gb", "1
Gbps", "2.5 gigabit" for a number input in megabits (aliases "Mb", "Mbps", "megas"):
1000, 2500. An author lists the unit the input holds; a request says the speed in
whichever unit reads shortest, and the scale between the two is fixed. A "GB" in
capitals is bytes, a data allowance (a data-size input's), never a speed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.task.lang import fold

# an input's alias that names megabits (folded)
_MEGABITS = frozenset({"mb", "mbps", "mbit", "mbits", "mb/s", "mbit/s", "megas", "megabit",
                       "megabits", "megabits/s", "mbps."})
# a number then gigabits as typed: "1 Gb", "1Gbps", "2,5 Gbit/s", "1 gigabit"; "GB" is
# bytes ("10 GB de datos"), "gigas" a data allowance in Spain's and Mexico's speech
_GIGABITS = re.compile(r"(?<![\w.,])(?P<n>\d{1,3}(?:[.,]\d{1,2})?)\s?(?:Gb(?:ps|its?|it/s|/s)?|"
                       r"GBPS|Gbps|gbps|GBps|[Gg]igabits?(?:/s)?)(?![\w/])")


def in_megabits(aliases: Sequence[str]) -> bool:
    """Whether an input's ``aliases`` say it holds megabits (a line's speed)."""
    return any(fold(a).strip() in _MEGABITS for a in aliases)


def gigabits(original: str) -> tuple[float, tuple[int, int]] | None:
    """The one speed in gigabits ``original`` says, in megabits, and its span; None where
    none or several are said."""
    found = list(_GIGABITS.finditer(original))
    if len(found) != 1:
        return None
    m = found[0]
    return float(m.group("n").replace(",", ".")) * 1000, m.span()
