"""A wait a request states for a ``duration`` input, kept from the date reader.

"entrega de fotos editadas en 1 semana", "delivery within 2 weeks", "photos delivered in 3
days", "plazo de entrega en 10 días": the length after "en" / "in" / "within" / "dentro de"
is how long the wait may be (a delivery's, a turnaround's), which a kind declares as a
``duration`` input labelled by those words. Read as dates it would be a window from today
("14–20 de diciembre"), and a price per day would be counted over it. So a length of time in
the clause a ``duration`` input's own name or alias opens is left to that input: the date
reader reads the request with those spans set aside (:meth:`QueryText.aside`), as it does a
schedule. A kind without such an input, or a length in another clause ("fotógrafo en 1
semana, entrega rápida"), reads dates as before.
"""

from __future__ import annotations

import re

from scout.spec.models import InputSpec
from scout.task.durations import find_durations
from scout.task.readers import name_forms

# a clause ends at a mark or a joining word that opens another ask
_CLAUSE_END = re.compile(r"[,;.!?()]|\s(?:y|and|pero|but)\s")
# the length is the wait's when a word of waiting leads to it ("en", "in", "within")
_LEAD = re.compile(r"(?:\ben|\bin|\bwithin|\bdentro\s+de|\bantes\s+de|\bno\s+more\s+than|"
                   r"\bmax(?:imo)?|\bcomo\s+mucho|\bat\s+most)\s*$")


def wait_spans(free: str, inputs: dict[str, InputSpec]) -> list[tuple[int, int]]:
    """The spans in ``free`` (the folded request, claimed characters blanked) of each
    length of time that a ``duration`` input's name or alias labels earlier in its clause,
    led by a word of waiting ("entrega ... en 1 semana", "delivered within 2 weeks"). Only
    inputs that declare ``aliases`` count: their words are the author's own."""
    out: list[tuple[int, int]] = []
    for name, spec in inputs.items():
        if spec.type != "duration" or not spec.aliases:
            continue
        label = re.compile(r"(?<!\w)(?:" + name_forms([name.replace("_", " "), *spec.aliases])
                           + r")(?!\w)")
        for m in label.finditer(free):
            end = _CLAUSE_END.search(free, m.end())
            clause_end = end.start() if end else len(free)
            for _seconds, (a, b) in find_durations(free[:clause_end], calendar=True):
                if a >= m.end() and _LEAD.search(free[m.end():a]):
                    out.append((a, b))
    return out
