"""A range of counts in a request: "de 8 a 12 años", "ages 13-15", "entre 5 y 9 años",
"kids aged 8 to 12", "2-3 habitaciones", "between 2 and 3 bedrooms".

A kind that declares a count and its top (an ``integer`` or ``number`` input ``age`` or
``min_age`` and one named ``max_age``) gets both ends at once: the first for the one, the
last for ``max_...``, as :func:`scout.task.year.year_range_inputs` gives two year inputs
theirs. One count input alone reads one end in its own turn
(:func:`scout.task.readers.find_number`): the low end, the top for an input named
``max_...``, as an area's or a data size's range is read. The range is found by the
inputs' names and aliases, before or after it; the ends must go up ("12-8" is no range).
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from scout.spec.models import InputSpec

if TYPE_CHECKING:
    from scout.task.readers import QueryText

# what may open a range: "de 8 a 12", "from 8 to 12", "entre 5 y 9", "between 2 and 3",
# "aged 8 to 12" (an alias before it is the input's own word, read by the second pattern)
_OPEN = r"(?:(?:de|del|from|between|entre|aged)\s+)?"
# what joins its ends: "8-12", "8 – 12", "8 a 12", "8 to 12", "5 y 9", "2 and 3", "8 al 12"
_JOIN = r"\s*(?:-|–|—|a|al|to|y|and|hasta)\s*"
_COUNTS = ("integer", "number")

End = tuple[float, tuple[int, int]]


def find_count_range(free: str, alt: str, num: str) -> tuple[End, End] | None:
    """The first range of counts in ``free`` named by ``alt`` (a regex of the inputs'
    words, :func:`scout.task.readers.name_forms`) before or after it, ``num`` the regex of
    one number (its digits in group ``n``): (low end, its span with the words before it),
    (top, its span with the joining word and the name). None when there is none."""
    lo_num, hi_num = num.replace("?P<n>", "?P<lo>"), num.replace("?P<n>", "?P<hi>")
    for pattern in (_OPEN + lo_num + _JOIN + hi_num + r"\s*-?\s*(?:" + alt + r")(?!\w)",
                    r"(?<!\w)(?:" + alt + r")\s*(?::|=|of|de)?\s*" + _OPEN + lo_num + _JOIN
                    + hi_num):
        for m in re.finditer(pattern, free):
            lo, hi = _value(m.group("lo")), _value(m.group("hi"))
            # hundreds of digits are no count a person means (JSON has no infinity)
            if lo is not None and hi is not None and lo < hi and math.isfinite(hi):
                return (lo, (m.start(), m.end("lo"))), (hi, (m.end("lo"), m.end()))
    return None


def _value(raw: str) -> float | None:
    digits = re.sub(r"[.,\u00a0\u202f](?=\d{3}(?!\d))", "", raw).replace(",", ".")
    try:
        return float(digits)
    except ValueError:
        return None


def pairs(inputs: dict[str, InputSpec]) -> list[tuple[str, str]]:
    """(first, last) for each count input named ``max_X`` whose partner ``X`` or
    ``min_X`` is a count input too: the two ends of one range."""
    out = []
    for name, spec in inputs.items():
        if spec.type in _COUNTS and name.startswith("max_"):
            base = name[len("max_"):]
            partner = next((p for p in (base, "min_" + base)
                            if p in inputs and inputs[p].type in _COUNTS), None)
            if partner is not None:
                out.append((partner, name))
    return out


def typed(value: float, spec: InputSpec) -> int | float:
    """An end as its input holds it: a whole number for an ``integer``."""
    return int(value) if spec.type == "integer" else value


def count_range_inputs(text: QueryText, inputs: dict[str, InputSpec], lang: str,
                       ) -> list[tuple[str, int | float, tuple[int, int]]]:
    """Both ends of a range of counts for each pair of :func:`pairs`, named by either
    input's name or aliases: [(first input, low end, its span), (max input, top, its
    span)], spans in ``text.free`` (a :class:`scout.task.readers.QueryText`)."""
    from scout.task.readers import digits_view, name_forms, number_re, widened

    out: list[tuple[str, int | float, tuple[int, int]]] = []
    for first, last in pairs(inputs):
        words = [n.replace("_", " ") for n in (first, last)
                 if not n.startswith(("min_", "max_"))]
        words += [*inputs[first].aliases, *inputs[last].aliases]
        if not words:
            continue
        free = digits_view(text.free)
        integer = "integer" in (inputs[first].type, inputs[last].type)
        ends = find_count_range(free, name_forms(words), number_re(integer, lang))
        if ends is None:
            continue
        (lo, lo_span), (hi, hi_span) = ends
        out += [(first, typed(lo, inputs[first]), widened(text.free, free, lo_span)),
                (last, typed(hi, inputs[last]), hi_span)]
    return out
