"""Quantities a product is specified by, in free text, English and Spanish: data sizes
(``data_size``: "16 GB", "16GB de RAM", "512 GB SSD", "1 TB", "16 gigas") and weights
(``weight``: "1,5 kg", "menos de 1.200 g", "under 3 lbs", "2 kilos") and lengths (``length``:
"menos de 15 km", "under 5 miles", "1,500 feet", "a 300 metros") and volumes (``volume``:
"10 m3", "un trastero de 5 m³", "50 cubic feet", "100 pies cúbicos", "300 litros"). The
value of such an input is a number in its kind's base unit (gigabytes, kilograms, metres,
cubic metres:
:data:`scout.units.QUANTITIES`); other units are converted (1 TB = 1,000 GB, as storage is
sold; 1 lb = 0.45359237 kg; 1 mi = 1,609.344 m; 1 ft³ = 0.0283 m³).

The unit says what the number is, so no name or alias is needed. A product has several
quantities of one kind (memory and storage are both gigabytes), so an input's name or
aliases next to the value say whose it is: "16 GB de RAM", "RAM: 16GB", "512GB SSD",
"SSD de 1 TB", "1 TB NVMe SSD" (one word may stand between). The parser reads those first
for every input of the kind, then gives the values no word claims to the inputs still
empty, in the order the pipeline declares them, when there is one for each; fewer values
than inputs ("portátil con 16 GB" for memory and storage) is not guessed at: the Task
notes say which inputs it could be.

Numbers: a "." or "," followed by exactly three digits groups thousands ("1.200 g"),
otherwise it is the decimal mark ("1,5 kg").
"""

from __future__ import annotations

import math
import re
from typing import Any

from scout.task.lang import fold
from scout.task.numwords import halves_of_units
from scout.units import NEXT_AFTER, NEXT_BEFORE, QUANTITIES, convert_quantity

__all__ = ["allowance", "find_quantities", "find_quantity", "parse_quantity"]

_NUM = r"(?P<n>\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?)"
_AFTER, _BEFORE = NEXT_AFTER, NEXT_BEFORE


def _unit_re(kind: str, gigs: bool = False) -> str:
    units, _base = QUANTITIES[kind]
    return "(?:" + "|".join(f"(?P<u_{u}>{_GIGS if gigs and u == 'gb' else rx})"
                            for u, (rx, _f) in units.items()) + ")"


# a gigabyte with "gigs" alone ("20 gigs"): for an input about a data allowance, where no
# concert is meant (:func:`allowance`)
_GIGS = r"gb|gbs|gigabytes?|gigas?|gigs?"
# the words that say a data_size input is a data allowance (its name's or aliases'), not
# a memory or a disk, whose "gigs" need the word after them ("16 gigs of RAM")
_ALLOWANCE = frozenset("data datos gigas gigs internet megas".split())


def allowance(name: str, aliases: list[str]) -> bool:
    """A ``data_size`` input named ``name`` with ``aliases`` is a data allowance (a phone
    plan's "min_data", aliases "datos", "gigas"): "20 gigs" alone is its size."""
    return any(w in _ALLOWANCE for a in [name.replace("_", " "), *aliases]
               for w in fold(a).split())


# the low end of a range before the value: "de 8 a 16 GB", "8-16GB", "between 1 and 1.5 kg"
_LOW = (r"(?:(?:(?:between|entre|from|desde|de)\s+)?(?P<lo>\d+(?:[.,]\d+)?)\s*"
        r"(?:-|–|a|to|y|and|hasta)\s*)?")


# a height in feet and inches, one after the other ("6'2\"", "5 ft 10", "5 feet 10 inches",
# "5' 9''"): both count; a length's other forms read the feet alone
_FEET_INCHES = (r"(?P<ft>\d{1,2})\s*(?:'|’|ft\.?|feet|foot|pies)\s*(?P<inch>1[01]|\d)(?![\d.,]\d)"
                r"\s*(?:\"|”|''|’’|in\b\.?|inch(?:es)?\b|pulgadas\b)?")


def _qty_re(kind: str, gigs: bool = False) -> str:
    # "\s*(?:-\s*)?", never "\s*-?\s*": two quantifiers over one run of spaces try every
    # split of it ("1" before 20,000 spaces took 12 s)
    plain = _LOW + _NUM + r"\s*(?:-\s*)?" + _unit_re(kind, gigs) + r"(?![\w²])"
    if kind == "length":
        return r"(?<![\w.,])(?:" + _FEET_INCHES + "|" + plain + ")"
    return r"(?<![\w.,])" + plain


def _number(raw: str) -> float:
    raw = raw.replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", raw):
        return float(re.sub(r"[.,]", "", raw))
    return float(raw.replace(",", "."))


def _value(m: re.Match[str], kind: str, high: bool = False) -> float | None:
    """The value in the kind's base unit; of a range ("de 8 a 16 GB") the low end, the
    least a product may have, or with ``high`` the top (an input for the most)."""
    if m.groupdict().get("ft"):  # feet and inches: 0.3048 m and 0.0254 m
        return round(int(m.group("ft")) * 0.3048 + int(m.group("inch")) * 0.0254, 3)
    value = _number(m.group("n"))
    if not math.isfinite(value):  # hundreds of digits: not a size anyone has
        return None
    if m.group("lo") and not high and _number(m.group("lo")) < value:
        value = _number(m.group("lo"))
    unit = next(k[2:] for k, v in m.groupdict().items() if k.startswith("u_") and v)
    if unit == "g" and re.fullmatch(r"\d", m.group("n")) and m.end("n") == m.start("u_g"):
        return None  # "4G", "5G": a mobile network, not four grams
    return convert_quantity(value, unit, QUANTITIES[kind][1])


def find_quantity(free: str, kind: str, prefix: str = "", words: str | None = None,
                  high: bool = False, gigs: bool = False) -> tuple[float, tuple[int, int]] | None:
    """The first ``kind`` quantity in ``free`` (folded text), in its base unit, and its
    span. ``prefix``: a regex for a comparison claimed with it ("at least 16 GB");
    ``words``: a regex for the input's name and aliases, which must then stand next to
    the value (after it, "16 GB de RAM", or before it, "RAM: 16 GB"), and are claimed;
    ``high``: of a range, the top (see :func:`_value`); ``gigs``: "gigs" alone is a unit
    (:func:`allowance`). A length after its words written as metres and centimetres
    needs no unit ("mido 1,80", "altura 1.75": one digit, two decimals); "mido 180" does."""
    qty = _qty_re(kind, gigs)
    free = halves_of_units(free)  # "media milla": half a mile
    if words is None:
        patterns = [prefix + qty]
    else:
        patterns = [prefix + qty + _AFTER + words + r"(?!\w)",
                    r"(?<!\w)" + words + _BEFORE + prefix + qty]
        if kind == "length":  # "mido 1,80": metres and centimetres, the unit left unsaid
            # a clause's comma may follow ("mido 1,80, y ..."), not a third digit
            bare = r"(?<![\w.,])(?P<bare>\d[.,]\d{2})(?![\w²]|[.,]\d)"
            patterns += [r"(?<!\w)" + words + _BEFORE + prefix + bare,
                         prefix + bare + _AFTER + words + r"(?!\w)"]
    best: tuple[float, tuple[int, int]] | None = None
    for pattern in patterns:
        for m in re.finditer(pattern, free):
            value = _number(m.group("bare")) if "bare" in m.groupdict() else _value(m, kind, high)
            if value is not None:
                if best is None or m.start() < best[1][0]:
                    best = (value, m.span())
                break
    return best


def find_quantities(free: str, kind: str, prefix: str = "", high: bool = False,
                    gigs: bool = False) -> list[tuple[float, tuple[int, int]]]:
    """Every ``kind`` quantity in ``free``, in text order (no words asked for)."""
    out = []
    for m in re.finditer(prefix + _qty_re(kind, gigs), halves_of_units(free)):
        value = _value(m, kind, high)
        if value is not None:
            out.append((value, m.span()))
    return out


_HOW = {"data_size": "a data size in gigabytes, e.g. 16 or '16 GB', '1 TB'",
        "weight": "a weight in kilograms, e.g. 1.5 or '1.5 kg', '3 lbs'",
        "length": "a length in metres, e.g. 300 or '300 m', '15 km', '5 miles'",
        "volume": "a volume in cubic metres, e.g. 10 or '10 m3', '50 cubic feet', '300 l'"}


def parse_quantity(value: Any, kind: str) -> float:
    """A data size, a weight, a length or a volume written in a default, a mission or
    ``--set``: a number is in the kind's base unit (GB, kg, m, m³); text names its unit
    ("1 TB", "3 lbs", "5 mi", "50 cu ft") or has none."""
    if isinstance(value, bool):
        raise ValueError(f"write {_HOW[kind]}")
    if isinstance(value, (int, float)):
        amount = float(value)
    elif isinstance(value, str):
        text = fold(value).strip()
        hit = find_quantity(text, kind)
        if hit is not None and hit[1] == (0, len(text)):
            amount = hit[0]
        elif re.fullmatch(r"\d+(?:[.,]\d+)?", text):
            amount = float(text.replace(",", "."))
        else:
            raise ValueError(f"'{value}' is not {_HOW[kind]}")
    else:
        raise ValueError(f"write {_HOW[kind]}")
    if amount < 0 or not math.isfinite(amount):
        raise ValueError(f"write {_HOW[kind]}, not {amount:g}")
    return amount


def parse_data_size(value: Any) -> float:
    return parse_quantity(value, "data_size")


def parse_weight(value: Any) -> float:
    return parse_quantity(value, "weight")


def parse_length(value: Any) -> float:
    return parse_quantity(value, "length")


def parse_volume(value: Any) -> float:
    return parse_quantity(value, "volume")
