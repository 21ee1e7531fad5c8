"""A rating read from a result's title and snippet (x/10, x/5, "x out of 5", "x stars",
a critic's "93 points", "rated 8.7"), put on a 0-10 scale with the scale it was stated
on and the review count when one is said."""

from __future__ import annotations

import re

# one quantifier over a run of spaces, never two ("\s*:?\s*" tries every split of the run:
# a snippet's "valoración" before 20,000 spaces took 8 s of CPU)
_RATING_PATTERNS: list[tuple[re.Pattern[str], float | None]] = [
    (re.compile(r"(?<![\d.])(\d{1,2}(?:[.,]\d{1,2})?)\s*/\s*(10|5|100)\b"), None),
    (re.compile(r"(?<![\d.])(\d(?:[.,]\d{1,2})?)\s*out of\s*(10|5)\b", re.I), None),
    (re.compile(r"(?<![\d.])(\d(?:[.,]\d)?)\s*-?stars?\b(?!\s*hotel)", re.I), 5.0),
    # "93 puntos Parker", "91 points (Wine Spectator)": critics score out of 100, from 50
    (re.compile(r"(?<![\d.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:\+\s*)?(?:points?|puntos?|pts)\b(?!\s*(?:of|de)\b)",
                re.I), -1.0),
    (re.compile(r"\b(?:rated|rating|score[d]?|guest rating|puntuaci[oó]n|puntuad[oa]|nota|"
                r"valoraci[oó]n|valorad[oa])\s*(?::\s*)?(?:con\s+(?:una?\s+)?)?(\d{1,3}(?:[.,]\d{1,2})?)\b",
                re.I), 0.0),
]
_COUNT = re.compile(r"\b(\d{1,3}(?:[,.\s]\d{3})*|\d+)\s+(?:reviews|ratings|opinions|reseñas)\b",
                    re.I)


def find_rating(text: str) -> tuple[float, int | None] | None:
    """A rating on a 0-10 scale (and a review count when stated), or None."""
    found = stated_rating(text)
    return found[:2] if found else None


def stated_rating(text: str) -> tuple[float, int | None, float] | None:
    """:func:`find_rating`, with the scale the text stated it on ("4.2/5": 5), which the
    report shows beside the converted value where sources disagree."""
    for pattern, fixed_scale in _RATING_PATTERNS:
        for m in pattern.finditer(text):
            try:
                num = float(m.group(1).replace(",", "."))
            except ValueError:
                continue
            if fixed_scale is None:
                scale = float(m.group(2))
            elif fixed_scale == 0.0:  # "rated 8.7" / "rating 4.5" / "score 92": guess the scale
                scale = 5.0 if num <= 5 else 10.0 if num <= 10 else 100.0
            elif fixed_scale < 0:  # points: out of 10, or out of 100 as critics give them
                scale = 10.0 if num <= 10 else 100.0
                if scale == 100.0 and num < 50:
                    continue  # "20 points off", "earn 30 points": no critic scores under 50
            else:
                scale = fixed_scale
            if 0 < num <= scale:
                count = None
                c = _COUNT.search(text)
                if c:
                    count = int(re.sub(r"[,.\s]", "", c.group(1)))
                return round(num * 10.0 / scale, 2), count, scale
    return None
