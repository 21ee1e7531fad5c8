"""Floor areas in free text, English and Spanish: "40 m2", "60 m²", "75 metros cuadrados",
"500 sq ft", "at least 45 sqm", "1.200 pies cuadrados". The value of an ``area`` input is a
number of square metres; square feet are converted (1 sq ft = 0.09290304 m²). The unit
words are :mod:`scout.units`', which the ``stated`` filter reads listings with too.

A bare "metros" / "mts" is read as square metres (how Spanish listings and requests say a
flat's size: "piso de 60 metros") except where it is a distance: after "a" ("a 500 metros
de la playa") or before "de" / "del" / "from" / "to". Numbers: a "." or "," followed by
exactly three digits groups thousands ("1.200 m2", "1,200 sq ft"); otherwise it is the
decimal mark ("45,5 m2").
"""

from __future__ import annotations

import math
import re
from typing import Any

from scout.task.lang import fold
from scout.units import FT2 as _FT2
from scout.units import M2 as _M2
from scout.units import SQ_FT_IN_M2, convert_area

__all__ = ["SQ_FT_IN_M2", "find_area", "parse_area"]

_NUM = r"(?P<n>\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?)"
# "metros" / "mts" alone: square metres unless it is a distance ("a 500 metros de la playa")
# or a volume ("10 metros cúbicos")
_BARE = r"(?:metros|mts)(?!\s+(?:de|del|from|to)\b|\s+cubic)"
_AREA_RE = re.compile(
    r"(?<![\w.,])" + _NUM + r"\s*(?:(?P<m2>" + _M2 + r")|(?P<ft2>" + _FT2 + r")|(?P<bare>" + _BARE
    + r"))(?![\w²])")
_DISTANCE_BEFORE = re.compile(r"(?:^|\s)a\s*$")
# a range of areas: "70-90 m2", "entre 70 y 90 metros", "between 800 and 1,000 sq ft"
_RANGE_RE = re.compile(
    r"(?<![\w.,])(?:(?:between|entre|from|desde|de)\s+)?(?P<lo>\d+(?:[.,]\d+)?)\s*"
    r"(?:-|–|to|a|y|and|hasta)\s*" + _AREA_RE.pattern[len(r"(?<![\w.,])"):])


# an area said by its sides, with their unit: "un trastero de 2x3 m", "2 x 2,5 metros", "a
# 5x10 ft unit", "10 by 10 feet", "5' x 10'" (the unit after the second side, or after
# each). Sides with no unit ("un 5x5") are not read: feet in a US storage ad, metres in a
# Spanish one, and no guess is made
_SIDE = r"(?P<{}>\d+(?:[.,]\d+)?)"
_SIDE_UNIT = r"(?:m|mts?|metros?|met(?:er|re)s?|ft|feet|foot|pies|')"
_DIMS_RE = re.compile(
    r"(?<![\w.,])" + _SIDE.format("a") + r"\s*(?:" + _SIDE_UNIT + r"\s*)?(?:x|×|by|por)\s*"
    + _SIDE.format("b") + r"\s*(?P<u>" + _SIDE_UNIT + r")(?![\w²³'])")


def _sides(free: str) -> tuple[float, tuple[int, int]] | None:
    """The first area said by its sides in ``free``, in square metres, and its span."""
    for m in _DIMS_RE.finditer(free):
        value = _number(m.group("a")) * _number(m.group("b"))
        if not (math.isfinite(value) and value > 0):
            continue
        feet = m.group("u") in ("ft", "feet", "foot", "pies", "'")
        return (convert_area(value, "ft2", "m2") if feet else round(value, 2)), m.span()
    return None


def _number(raw: str) -> float:
    raw = raw.replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", raw):
        return float(re.sub(r"[.,]", "", raw))
    return float(raw.replace(",", "."))


def find_area(free: str, prefix: str = "", high: bool = False,
              ) -> tuple[float, tuple[int, int]] | None:
    """The first area in ``free`` (folded text) in square metres, and its span. ``prefix``
    is a regex for words claimed with it (a comparison: "at least 40 m2"). Of a range
    ("70-90 m2") the low end, the least a place may have; ``high``: the top (an input
    for the most, ``max_area``). An area said by its sides ("2x3 m", "5 x 10 ft") is
    their product."""
    sides = _sides(free)
    if sides is not None and not any(m.start() < sides[1][0] for m in _AREA_RE.finditer(free)):
        return sides
    for m in _RANGE_RE.finditer(free):
        lo, hi = _number(m.group("lo")), _number(m.group("n"))
        if not (math.isfinite(hi) and lo < hi):
            continue
        value = hi if high else lo
        if m.group("ft2"):
            value = convert_area(value, "ft2", "m2")
        return value, m.span()
    for m in re.finditer(prefix + _AREA_RE.pattern, free):
        if m.group("bare") and _DISTANCE_BEFORE.search(free[:m.start("n")]):
            continue
        value = _number(m.group("n"))
        if not math.isfinite(value):  # 400 digits: not an area anyone has
            continue
        if m.group("ft2"):
            value = convert_area(value, "ft2", "m2")
        return value, m.span()
    return None


def parse_area(value: Any) -> float:
    """An area written in a default, a mission or ``--set``: a number is square metres;
    text names its unit ("60 m2", "500 sq ft") or has none ("60")."""
    if isinstance(value, bool):
        raise ValueError("an area is a number of square metres, e.g. 60 or '60 m2'")
    if isinstance(value, (int, float)):
        area = float(value)
    elif isinstance(value, str):
        text = fold(value).strip()
        hit = find_area(text)
        if hit is not None and hit[1] == (0, len(text)):
            area = hit[0]
        elif re.fullmatch(r"\d+(?:[.,]\d+)?", text):
            area = float(text.replace(",", "."))
        else:
            raise ValueError(f"'{value}' is not an area; write square metres, e.g. 60 or "
                             "'60 m2', or square feet, e.g. '500 sq ft'")
    else:
        raise ValueError("an area is a number of square metres, e.g. 60 or '60 m2'")
    if area < 0 or not math.isfinite(area):
        raise ValueError(f"an area is a finite number of square metres, not {area:g}")
    return area
