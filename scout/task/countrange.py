"""A range of counts in a request: "de 8 a 12 años", "ages 13-15", "entre 5 y 9 años",
"kids aged 8 to 12", "2-3 habitaciones", "between 2 and 3 bedrooms"; a list of three or
more is its lowest to its highest ("3 niños de 4, 7 y 12 años", "aged 4, 7 and 12").

A kind that declares a count and its top (an ``integer`` or ``number`` input ``age`` or
``min_age`` and one named ``max_age``, :func:`pairs`) gets both ends at once: the first for
the one, the last for ``max_...`` (:func:`scout.task.numberinput.count_range_inputs`), as
:func:`scout.task.year.year_range_inputs` gives two year inputs theirs. One count input
alone reads one end in its own turn (:func:`scout.task.numberinput.find_number`): the low end,
the top for an input named ``max_...``, as an area's or a data size's range is read. The range is found by the
inputs' names and aliases, before or after it; the ends must go up ("12-8" is no range).
"""

from __future__ import annotations

import math
import re

from scout.spec.models import InputSpec

# what may open a range: "de 8 a 12", "from 8 to 12", "entre 5 y 9", "between 2 and 3",
# "aged 8 to 12" (an alias before it is the input's own word, read by the second pattern)
_OPEN = r"(?:(?:de|del|from|between|entre|aged)\s+)?"
# what joins its ends: "8-12", "8 – 12", "8 a 12", "8 to 12", "5 y 9", "2 and 3", "8 al 12",
# and two children's ages with their articles: "a 6 and an 8 year old", "uno de 6 y otro de 9"
_JOIN = r"\s*(?:-|–|—|a|al|to|y|and|hasta)\s*(?:(?:an?|un[oa]?|otr[oa](?:\s+de)?)\s+)?"
_COUNTS = ("integer", "number")
# the counts a list says between its first and its last: "de 4, 7 y 12 años", "aged 4, 7
# and 12" (a space after each comma: "4,7" is a decimal); the range is the list's lowest
# to its highest, in any order
_MIDDLE = r"(?P<mid>(?:\s*,\s+\d{1,3}(?![\d.,]\d))*)"
_LIST_JOIN = re.compile(r"\s*,?\s*(?:y|and)\s")

End = tuple[float, tuple[int, int]]


def find_count_range(free: str, alt: str, num: str, heads: str = "",
                     ) -> tuple[End, End] | None:
    """The first range of counts in ``free`` named by ``alt`` (a regex of the inputs'
    words, :func:`scout.task.readers.name_forms`) before or after it, ``num`` the regex of
    one number (its digits in group ``n``): (low end, its span with the words before it),
    (top, its span with the joining word and the name). None when there is none.

    ``heads``: a regex of whom the counts are of, said before them only ("kids 8 and 11",
    "un niño de 8 y otro de 11": two children's ages; "de 2 a 3 niños" counts children):
    the word stays unclaimed, for the input that counts them."""
    lo_num, hi_num = num.replace("?P<n>", "?P<lo>"), num.replace("?P<n>", "?P<hi>")
    # "\s*(?:-\s*)?", never "\s*-?\s*": two quantifiers over one run of spaces try every
    # split of it (a name before 20,000 spaces took 8 s)
    lo_num += _MIDDLE
    patterns = [_OPEN + lo_num + _JOIN + hi_num + r"\s*(?:-\s*)?(?:" + alt + r")(?!\w)",
                r"(?<!\w)(?:" + alt + r")\s*(?:(?::|=|of|de)\s*)?" + _OPEN + lo_num + _JOIN
                + hi_num]
    if heads:  # the clause ends after the top: "kids 8 and 11 years" is the age's own word;
        # or another reader's text does ("un niño de 8 y otro de 11 y 2 adultos": the party's);
        # the ages may be in brackets ("2 kids (6 and 9)")
        patterns.append(r"(?<!\w)(?P<who>" + heads + r")\s*(?:\(\s*)?(?:(?::|of|de)\s*)?" + lo_num + _JOIN
                        + hi_num + r"(?=\s*(?:[,;.!?)\x00]|$)|\s+(?:y|e|and|but|pero|with|con)\s)")
    for pattern in patterns:
        for m in re.finditer(pattern, free):
            lo, hi = _value(m.group("lo")), _value(m.group("hi"))
            if m.group("mid"):
                # a list: only "y" / "and" joins its last ("4, 7 y 12"; "4, 7 a 12" is none)
                if not _LIST_JOIN.match(free, m.end("mid")):
                    continue
                said = [lo, hi, *(float(d) for d in re.findall(r"\d+", m.group("mid")))]
                if None in said:
                    continue
                lo, hi = min(v for v in said if v is not None), max(v for v in said if v is not None)
            # hundreds of digits are no count a person means (JSON has no infinity)
            if lo is not None and hi is not None and lo < hi and math.isfinite(hi):
                start = m.end("who") if "who" in m.re.groupindex else m.start()
                # a list's top is quoted from its second count ("7 y 12 años"), not its comma
                top = m.end("lo") + len(m.group("mid")) - len(m.group("mid").lstrip(" ,"))
                return (lo, (start, m.end("lo"))), (hi, (top, m.end()))
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

