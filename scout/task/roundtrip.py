"""A round trip a request implies by giving a return date: "ida 17 dic, vuelta 3 de enero",
"out on 3 Dec, back on the 7th".

A kind that asks for a trip may declare both a return date and a flag for a return
ticket (the trains kind's ``return_date`` and ``round_trip``). A person who gives the
day they come back has asked for the return, though they never write "ida y vuelta":
here the flag is set true where the kind's return date was read beside an outward one and
the request said nothing of the flag itself (a flag said either way is read by its own
reader first). The opposite of a round trip, "solo ida", "one way", "a single ticket",
"billete de ida", sets the flag false: it is said, not left unsaid. Which inputs these are
is told by the inputs' own names and aliases, the words a trip's return is said with in
either language, never by a kind's name; a kind whose trip type is an enum is left alone.
"""

from __future__ import annotations

import re
from typing import Any

from scout.spec.models import InputSpec
from scout.task.lang import fold

# a flag for the trip back: "ida y vuelta", "round trip", "return ticket", "viaje redondo"
_ROUND = re.compile(r"\b(?:ida\s+y\s+vuelta|round[\s_-]?trip|roundtrip|return(?:\s+(?:ticket|"
                    r"trip|journey|fare))?|(?:viaje\s+)?redondo|billete\s+de\s+vuelta)\b")
# a date of the trip back: "vuelta", "regreso", "returning", "coming back"
_BACK = re.compile(r"\b(?:vuelta|regreso|retorno|volviendo|return(?:ing)?|coming\s+back|"
                   r"back)\b")

# the opposite: "solo ida", "sólo ida", "ida nada más", "one way", "one-way", "single ticket",
# "billete de ida" (never "de ida y vuelta"), "sin vuelta", "no return"; on folded text
_ONE_WAY = re.compile(r"\b(?:s[oó]lo\s+(?:de\s+)?ida|solamente\s+(?:de\s+)?ida|ida\s+nada\s+mas|"
                      r"(?:just\s+|only\s+)?one[\s-]way|single\s+(?:ticket|journey|fare|trip|"
                      r"leg)s?|(?:billetes?|boletos?|pasajes?|trayectos?)\s+de\s+ida|"
                      r"trayecto\s+simple|sin\s+(?:la\s+)?vuelta|no\s+return(?:\s+(?:trip|"
                      r"ticket|journey|needed))?)\b(?!\s*(?:y|e|and|&|/)\s*(?:vuelta|back|return))")


def _words(name: str, spec: InputSpec) -> list[str]:
    return [fold(name.replace("_", " "))] + [fold(a) for a in spec.aliases]


def implied_round_trip(values: dict[str, Any], spans: dict[str, str],
                       inputs: dict[str, InputSpec], folded: str = "") -> None:
    """Set the kind's one round-trip flag false where ``folded`` (the request, folded) says
    one way, else true where its return date and an outward date were both read, and the
    flag was not (``values`` and ``spans`` as the parser keeps them)."""
    flags = [n for n, s in inputs.items() if s.type == "boolean"
             and any(_ROUND.fullmatch(w) for w in _words(n, s))]
    if len(flags) != 1 or flags[0] in values:
        return
    if (single := _ONE_WAY.search(folded)) is not None:
        values[flags[0]] = False
        spans[flags[0]] = single.group(0)
        return
    dates = [n for n, s in inputs.items() if s.type == "date" and values.get(n) is not None]
    back = [n for n in dates if any(_BACK.search(w) for w in _words(n, inputs[n]))]
    if len(back) == 1 and len(dates) >= 2:
        values[flags[0]] = True
        spans[flags[0]] = spans.get(back[0], "")
