"""A length of time right after a duration input's own label is that input's, not a date.

"within 3 days", "delivery in 2 days", "entrega en 3 días", "plazo de entrega de 10 días":
read alone, "in 3 days" / "en 3 días" is a day three days from today, and the date readers
read first (:data:`scout.task.parser._ORDER`), so a kind with a deadline and a longest
delivery time gave the deadline a day the request never named. Here, before any date is
read, a length that follows one of a duration input's own words (its name or ``aliases``,
with at most "the next" / "los próximos" between) is read for that input and claimed.
"""

from __future__ import annotations

import re

from scout.spec.models import InputSpec
from scout.task.lang import fold
from scout.task.readers import CLAIMED, QueryText

# what may stand between the label and the length: "within the next 3 days", "en los
# próximos 10 días", "in under 48 hours", "en menos de 2 días"
_BETWEEN = re.compile(r"\s*(?:(?:the\s+)?next\s+|(?:l[oa]s\s+)?proxim[oa]s\s+|under\s+|"
                      r"less\s+than\s+|menos\s+de\s+|max(?:imo)?\s+|de\s+)?")
_REACH = 24  # the length starts within this many characters of its label


def labelled_lengths(text: QueryText, inputs: dict[str, InputSpec]
                     ) -> list[tuple[str, int, tuple[int, int]]]:
    """(name, seconds, span of label and length) of each duration input whose own label a
    length follows, the first such for each; only for a kind that also has a date input
    (with none, the duration's reader reads it in its turn as before)."""
    from scout.task.durations import find_duration

    if not any(s.type in ("date", "month") for s in inputs.values()):
        return []
    out: list[tuple[str, int, tuple[int, int]]] = []
    for name, spec in inputs.items():
        if spec.type != "duration":
            continue
        words = sorted({fold(w).strip() for w in [name.replace("_", " "), *spec.aliases]
                        if len(w.strip()) > 2}, key=len, reverse=True)
        if not words:
            continue
        label = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+")
                                                    for w in words) + r")(?!\w)")
        for m in label.finditer(text.free):
            gap = _BETWEEN.match(text.free, m.end())
            start = gap.end() if gap else m.end()
            end = min(len(text.free), start + _REACH)
            window = CLAIMED * start + text.free[start:end] + CLAIMED * (len(text.free) - end)
            hit = find_duration(window, high=name.startswith("max"), calendar=True)
            if hit is None or hit[1][0] != start:
                continue
            out.append((name, hit[0], (m.start(), hit[1][1])))
            break
    return out
