"""How many pieces a request orders, said by the dozen or by the container they come in:
"2 docenas de cupcakes" is 24, "media docena de donuts" 6, "three dozen cookies" 36,
"docena y media de churros" 18, "bandeja de 50 mini croissants" 50, "a tray of 40 mini
brownies" 40, "2 bandejas de 30 minicroissants" 60, "una caja de 100 bombones" 100.

The count is the value of the kind's integer input that counts how many are asked
(:func:`scout.task.itemcount.counts_items`: ``rank``'s ``tiers`` prices the packs for it,
scout/steps/piecepacks.py); the words saying it ("2 docenas de", "bandeja de 50") are the
count's, so the item stays the thing itself ("cupcakes", "mini croissants"), never
"docenas de cupcakes" nor a count of 2. A dozen is a count said anywhere in the request
(no number means dozens of anything else); a container counts only with a number of
pieces after it, a word following (not a unit: "bandeja de 30 cm", "caja de 2 kg" are
sizes, and "para 20 personas" is people, read by the input's own aliases first).
"""

from __future__ import annotations

import re

from scout.i18n import COUNT_WORDS
from scout.task.readers import CLAIMED

#: a count said in words or digits (folded text; "un"/"una"/"a" read as one)
_N = r"(?P<{g}>\d{{1,3}}(?![\d.,:/])|" + "|".join(
    sorted((w for w in COUNT_WORDS if w != "once"), key=len, reverse=True)) + r"|an?)"
#: half a dozen more ("dos docenas y media", "a dozen and a half")
_AND_HALF = r"(?P<half_more>\s+(?:y\s+media|and\s+a\s+half))?"
#: the words between the count and the pieces ("de", "of"): the count's too
_OF = r"(?:\s+(?:de|of)(?!\w))?"
_DOZEN = re.compile(
    r"(?<!\w)(?:(?P<half>media\s+docena|half\s+(?:a\s+)?dozen|half-dozen)"
    r"|(?:" + _N.format(g="n") + r"\s+)?(?:docenas?|dozens?)" + _AND_HALF + r")" + _OF
    + r"(?=\s+[^\W\d_])")
#: a container a number of pieces comes in ("bandeja de 50", "a tray of 40", "caja de
#: 12", "box of 24", "pack de 6"), the pieces' word after it
_CONTAINER = re.compile(
    r"(?<!\w)(?:" + _N.format(g="packs") + r"\s+)?"
    r"(?:bandejas?|cajas?|paquetes?|packs?|lotes?|surtidos?|trays?|boxe?s?|platters?|packets?)"
    r"\s+(?:de|of|con|with)\s+(?P<n>\d{1,4})(?![\d.,:/])"
    r"(?=\s+[^\W\d_]{3,})")
#: a unit after the number: a size, a weight, a length of time or people, no pieces
#: ("paquete de 10 horas" of lessons, "pack of 5 days")
_UNIT = re.compile(r"\s+(?:cm|mm|kg|kilos?|gramos|grams?|g|litros?|litres?|liters?|"
                   r"horas?|hours?|minutos?|minutes?|dias?|days?|semanas?|weeks?|meses|"
                   r"months?|anos?|years?|noches?|nights?|"
                   r"pulgadas|inches|inch|raciones|personas|people|persons|guests|"
                   r"invitados|comensales|euros?|pounds?|libras?|dolares|dollars?)(?!\w)")
#: what a number of results or of a length is counted in, never pieces ordered ("a dozen
#: options", "una docena de proveedores", "a dozen years")
_NOT_PIECES = re.compile(r"\s+(?:options?|opciones|results?|resultados|ideas?|places|sitios|"
                         r"lugares|suppliers?|proveedores|shops?|tiendas|stores?|vendors?|"
                         r"companies|empresas|quotes?|presupuestos|cotizaciones)(?!\w)")
#: an article counting one dozen ("una docena", "a dozen") after an amount is its unit
_ARTICLES = frozenset({"a", "an", "un", "una"})
_PRICED = re.compile(r"(?:[\d€$£\x00]|euros?|pounds?|libras?|dolares|dollars?)\s*$")


def _value(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return 1 if word in ("a", "an") else COUNT_WORDS.get(word)


def piece_count(free: str, whole: str) -> tuple[int, tuple[int, int]] | None:
    """The pieces ``free`` (folded, claimed text blanked) orders by the dozen or by the
    container, and the span of the words saying it (the pieces' own words left out); the
    first such count, else None. ``whole`` is ``free`` with nothing blanked (as long): a
    container may be a word the kind's nouns claimed ("bandeja", "tray"), so it is read
    there, its number still unclaimed."""
    found: list[tuple[int, int, tuple[int, int]]] = []
    for m in _DOZEN.finditer(free):
        if m.group("half"):
            value: int | None = 6
        else:
            if not m.group("n") and not m.group("half_more"):
                continue  # "por docena", "dozens of": no count said
            if (not m.group("n") or m.group("n") in _ARTICLES) and _PRICED.search(
                    free[max(0, m.start() - 24):m.start()]):
                continue  # "10 € la docena", "£12 a dozen": a price's unit, no count
            value = _value(m.group("n")) if m.group("n") else 1
            if value is not None:
                value = value * 12 + (6 if m.group("half_more") else 0)
        if value and not (_UNIT.match(free, m.end()) or _NOT_PIECES.match(free, m.end())):
            found.append((m.start(), value, m.span()))
    for m in _CONTAINER.finditer(whole if len(whole) == len(free) else free):
        if CLAIMED in free[m.start("n"):m.end("n") + 1]:
            continue  # the number is another input's already
        packs = _value(m.group("packs")) if m.group("packs") else 1
        if packs and not _UNIT.match(free, m.end("n")) and not _NOT_PIECES.match(free, m.end("n")) \
                and (each := int(m.group("n"))) > 1:
            # "2 bandejas de 30": the pieces of both ("a tray of 40": one)
            found.append((m.start(), packs * each, m.span()))
    if not found:
        return None
    _, pieces, span = min(found)
    return pieces, span
