"""The words that turn an option down: "over budget", "too expensive", "sold out", "no me
convence", "se nos sale del presupuesto", "está completo".

One list for the two readers that ask "does the person turn it down?": a reply's own words
refusing the offer it cites (scout.task.cited: its figures are the offer's, not the ask's)
and a sentence that turns an option down (scout.task.residence: its place is the option's,
not the ask's, when the request names another). Matched on folded text (no accents, lower
case), as both read it.
"""

from __future__ import annotations

import re

TURNED_DOWN = re.compile(
    # an opinion of it: "esta oferta me parece mala", "no me convence", "that quote is too
    # high", "it was bad", "es muy caro"
    r"\b(?:me\s+parece\s+(?:muy\s+)?(?:mal[ao]|car[ao]|demasiado)|"
    r"no\s+me\s+(?:convence|interesa|sirve)|"
    r"(?:is|seems|looks|was)\s+(?:way\s+)?(?:too\s+(?:high|expensive|much)|bad|poor)|"
    r"es\s+(?:muy\s+)?(?:mal[ao]|car[ao])|"
    # too dear for the budget: "it's over budget", "out of our budget", "demasiado caras",
    # "se nos sale del presupuesto", "fuera de mi presupuesto"
    r"over\s+(?:my\s+|our\s+|the\s+)?budget|out\s+of\s+(?:my\s+|our\s+)?budget|"
    r"too\s+(?:expensive|pricey|dear)|demasiado\s+(?:car[oa]s?|alt[ao])|"
    r"(?:se\s+)?(?:me\s+|nos\s+)?(?:sale|pasa|va)\s+del\s+presupuesto|"
    r"fuera\s+de(?:l|\s+mi|\s+nuestro)?\s+presupuesto|"
    # nothing left: "fully booked", "sold out", "estaba completo", "no hay disponibilidad"
    r"fully\s+booked|sold\s+out|(?:esta|estaba)\s+complet[oa]|no\s+hay\s+disponibilidad)\b")


def turned_down(folded: str) -> bool:
    """Whether ``folded`` (folded text) turns an option down anywhere."""
    return TURNED_DOWN.search(folded) is not None
