"""A cap said bare after a range that has its currency: "nos dijeron entre 12 y 15 mil
pesos al mes, queremos que no pase de 14 mil", "they quoted £800-£1,000 a week, we can do
900 max". The range is what was heard, the cap what is asked; said with no currency of its
own, it is in the range's currency and period (as a correction's bare number keeps its
amount's: :mod:`scout.task.corrections`). :func:`scout.task.money.find_money` asks here
when the first amount it reads is a range said as no cap.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scout.schemas.task import Money
from scout.task.figures import AMOUNT

# the words of a cap before an amount (folded): "que no pase de", "máximo", "up to", "max"
_CAP_BEFORE = re.compile(
    r"(?<![\w$€£¥])(?:under|below|less\s+than|max(?:imum)?|up\s+to|at\s+most|no\s+more\s+than|"
    r"not\s+more\s+than|go\s+up\s+to|menos\s+de|por\s+debajo\s+de|como\s+maximo|como\s+mucho|"
    r"maxim[oa]|hasta|no\s+mas\s+de|a\s+lo\s+sumo|tope(?:\s+de)?|no\s+pasen?\s+de|"
    r"no\s+(?:superen?|excedan?|sobrepasen?)|sin\s+pasar(?:se)?\s+de)\s+(?:de\s+)?"
    r"(?P<a>" + AMOUNT + r")(?:\s?(?P<k>k|mil)\b)?")
# ... or after it: "900 max", "14 mil como máximo", "900 tops"
_CAP_AFTER = re.compile(
    r"(?<![\w.,])(?P<a>" + AMOUNT + r")(?:\s?(?P<k>k|mil)\b)?\s+(?:max(?:imum)?|tops|maximo|"
    r"como\s+(?:maximo|mucho)|o\s+menos|or\s+less|at\s+most)\b")
# what makes a cap another thing's: a condition after it ("up to 130 if it has a pool"),
# a unit or a currency of its own (read by the money reader), a count ("hasta 14 personas")
_NOT_ASK = re.compile(r"\s*(?:[$€£¥%/]|si\b|if\b|en\s+caso|siempre\s+que|as\s+long\s+as|"
                      r"provided|[a-z])")

# the cap's clause ends there, or after the period it keeps ("14 mil al mes", "900 a week")
_ENDS = re.compile(r"\s*(?:(?:al|a|por|per|la|el|the|cada|each)\s+[a-z]+\s*)?(?:[,.;:!?)]|$)")


def cap_after_range(free: str, first: tuple[Money, tuple[int, int], str | None],
                    number: Callable[[str, str | None], float],
                    ) -> tuple[Money, tuple[int, int], str | None] | None:
    """The cap said bare after the range ``first`` (Money with a ``min``, its span, its
    assumed word), as Money in the range's currency and period, and the cap's span; None
    where no such cap follows, or its amount is no amount the range's scale allows.
    ``number``: the money reader's figure with its scale word ("14", "mil"), passed in so
    this module never imports the reader that calls it."""
    from scout.task.moneyunits import periodic

    # the range's period, said after it ("entre 12 y 15 mil pesos al mes"): the cap's too
    range_, span, assumed = periodic(first, free)[0], first[1], first[2]
    if range_.min is None:
        return None
    caps = [m for m in (*_CAP_BEFORE.finditer(free, span[1]), *_CAP_AFTER.finditer(free, span[1]))
            if not _NOT_ASK.match(free, m.end())
            or _ENDS.match(free, m.end())]
    if len(caps) != 1:
        return None  # none, or two: no one cap to read
    m = caps[0]
    try:
        amount = number(m.group("a"), m.group("k"))
    except ValueError:
        return None
    # the cap is of the range's size ("entre 12 y 15 mil ... 14 mil"): a number far off it
    # is another thing's ("hasta 14" people, "max 2" rooms)
    if not range_.min / 2 <= amount <= range_.amount * 2:
        return None
    return range_.model_copy(update={"amount": amount, "min": None}), m.span(), assumed
