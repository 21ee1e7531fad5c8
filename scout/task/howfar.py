"""Whether a length in a request says how far the thing is from somewhere, not its size.

"easy hikes within 30 km of Edinburgh, under 8 km": the 30 km is where the trail may be,
the 8 km how long it is; so are "20 km from Madrid", "a 15 km de Granada", "a menos de 50
km del centro", "5 km away", "a 3 km de distancia". A length input of the thing (a trail's
distance, a van's height) never takes such a value. What counts (folded text):

- the length followed by "away" / "de distancia" / "from" / "desde";
- followed by "of" with "within" (or "a radius of") before it ("within 2 km of the venue");
- followed by "de" / "del" with the Spanish "a" of where before it ("a 20 km de Madrid",
  "a menos de 5 km del congreso"): a bare "de" after a length is the thing's own ("ruta de
  12 km de recorrido");

unless what it is from is a word of the length input's own: a hotel's ``max_beach``
(aliases "beach", "playa") is "200 m from the beach", a distance by design.

Times said so are read apart by :mod:`scout.task.durations` ("10 minutes' walk of ...").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["how_far"]

_AWAY = re.compile(r"\s*(?:away|de\s+distancia|from|desde)(?![\w-])")
_OF = re.compile(r"\s+of(?![\w-])")
_WITHIN = re.compile(r"(?<![\w-])(?:within|inside|radius\s+of)\s+(?:about\s+|around\s+|some\s+)?$")
_DE = re.compile(r"\s+del?(?![\w-])")
_AT = re.compile(r"(?<![\w-])a\s+(?:menos\s+de\s+|unos\s+|unas\s+|no\s+mas\s+de\s+|mas\s+de\s+|"
                 r"max(?:imo)?\s+|solo\s+)?$")


def how_far(folded: str, span: tuple[int, int], own: Sequence[str] = ()) -> bool:
    """Whether the length at ``span`` of ``folded`` says how far away, not how long;
    ``own``: the folded words of the inputs it could be, one of which after it ("200 m
    from the beach" for an input aliased "beach") makes it that input's distance."""
    start, end = span
    before = folded[max(0, start - 24):start]
    said = (_AWAY.match(folded, end) or _OF.match(folded, end) and _WITHIN.search(before)
            or _DE.match(folded, end) and _AT.search(before))
    if not said:
        return False
    after = folded[end:end + 40]
    return not any(re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", after) for w in own if w)
