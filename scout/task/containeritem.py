"""The thing a container holds, for a subject read as the container ("una caja de 2 kg de
polvorones", "a box of 1 kg of fudge", "una bolsa de medio kilo de rosquillas", "box of
shortbread"): what is ordered is what is inside, and the container and its measure say
how much of it (a count's or a weight's words, :mod:`scout.task.piececount`).

Only a container's noun heads it ("caja", "bandeja", "bolsa", "box", "tray", "bag", "tin",
"jar"...), and only a thing said after "de" / "of" (past a measure: "2 kg", "medio kilo",
"half a kilo") is taken, up to where its phrase ends (a cue, a joining word, a word
another input read). A container with nothing after it stays as read.
"""

from __future__ import annotations

import re

from scout.task.lang import fold

Hit = tuple[str, tuple[int, int]]

# a container's noun, singular or plural (folded)
CONTAINERS = frozenset("""
caja cajas bandeja bandejas bolsa bolsas paquete paquetes cesta cestas lata latas tarro tarros
bote botes tarrina tarrinas estuche estuches
box boxes tray trays bag bags tin tins jar jars basket baskets packet packets carton cartons
""".split())
# a measure of what it holds: "2 kg", "1,5 kilos", "medio kilo", "half a kilo", "500 g", "30"
_MEASURE = (r"(?:(?:\d+(?:[.,]\d+)?|un|una|one|a|medio|media|half(?:\s+a)?|cuarto\s+de|"
            r"quarter\s+of\s+a)\s*(?:kg|kgs|kilos?|kilogramos?|kilograms?|g|gr|gramos|grams?|"
            r"lb|lbs|pounds?|libras?|oz|l|litros?|litres?|liters?)?)")
_OF = r"\s+(?:de|of)\s+"
# where the thing's words end: a cue, a joining word, a clause's mark, a figure
_STOP = frozenset("""
en in para for con with sin without y and o or que that a al to por at near cerca del de of
el la los las the un una a an desde from hasta until this este esta next proximo
""".split())


def inside(hit: Hit, free: str, original: str) -> Hit:
    """``hit`` (what the subject reader read), or the thing the container it names holds
    (see the module's docstring); ``free``: the folded request with what other inputs
    read blanked."""
    words = fold(hit[0]).split()
    if not words or words[0] not in CONTAINERS:
        return hit
    start, end = hit[1]
    if len(words) > 2 and words[1] in ("de", "of"):
        # "box of shortbread": read whole, the thing after its "of"
        m = re.match(r"\s*[^\W\d_]+" + _OF, free[start:end])
        if m is not None and fold(free[start + m.end():end]).split()[0] not in _STOP:
            return original[start + m.end():end].strip(), (start + m.end(), end)
        return hit
    if len(words) != 1:
        return hit
    m = re.compile(_OF + r"(?:" + _MEASURE + _OF + r")?(?P<thing>[^\W\d_][^\W\d_'’-]*"
                   r"(?:\s+[^\W\d_][^\W\d_'’-]*){0,2})").match(free, end)
    if m is None:
        return hit
    thing = m.group("thing").split()
    kept = []
    for w in thing:
        if w in _STOP:
            break
        kept.append(w)
    if not kept:
        return hit
    a = m.start("thing")
    b = a + len(" ".join(kept))
    if "\x00" in free[a:b]:
        return hit
    return re.sub(r"\s+", " ", original[a:b]), (a, b)
