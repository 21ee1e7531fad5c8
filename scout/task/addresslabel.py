"""An address's label and what follows it, as the single-place reader
(:func:`scout.task.place.find_place`) skips it: "Lab address: Building 7", "Dirección de
entrega: Edificio 7", "Address: 12 Hill Road" name whose address it is and its building or
street, no town (a town the gazetteer knows there is still read: "Pickup address:
Leeds", which the caller checks first).
"""

from __future__ import annotations

import re

# an address's label after the name read: "Lab address:", "Delivery address -"
_ADDRESS_LABEL = re.compile(r"[ \t]+(?:address|addr\.?|postcode|zip\s+code)[ \t]*[:=-]", re.I)
# the label's own word opening the name read ("Dirección de entrega: ...")
_ADDRESS_WORD = re.compile(r"(?:direcci[oó]n|address|domicilio)\b", re.I)
# an address's label and a street number before the name read ("Address: 12 Hill Road")
# ("Dirección del laboratorio: Edificio 7": a Spanish label names whose after it)
_ADDRESS_AFTER = re.compile(r"(?:address|addr\.?|direcci[oó]n(?:[ \t]+(?:del?|de[ \t]+la)[ \t]+\w+)?)"
                            r"[ \t]*[:=-][ \t]*(?:\d[\w/.-]*[ \t,]*)?$", re.I)


def address_part(original: str, span: tuple[int, int]) -> bool:
    """The name at ``span`` of ``original`` is an address's label ("Lab address:"), opens
    with the label's own word ("Dirección de entrega"), or follows a label and a street
    number ("Address: 12 Hill Road")."""
    start, end = span
    return bool(_ADDRESS_LABEL.match(original, end) or _ADDRESS_WORD.match(original, start)
                or _ADDRESS_AFTER.search(original, max(0, start - 40), start))
