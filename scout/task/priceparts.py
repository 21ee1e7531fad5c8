"""A price a page states as the sum of its parts, joined by a plus: "montura desde 49 € +
cristales desde 60 €", "frames from £39 plus lenses from £45", "cuadro 300 € + montaje
80 €". What is paid for the whole is both, so the parts are read as one amount, their
sum, never the first part alone as the price (which compared a pair of glasses at its
frame's 49 €). Read by :func:`scout.task.amounts.listed_amounts`, after the amounts that
are no price (fees, deposits, extras, a child's or a member's price) are left out.

Only two amounts side by side in one currency and on one footing (both whole prices, or
both per the same period), the second named by a few words of its own with nothing but a
plus between them: a tax ("4.600 € + IVA"), a rate beside a fee ("salida 30 € + 35
€/hora"), a toll or a delivery ("+ peaje 5 €", "+ envío 3,95 €": extras a request asks
for or not, scout.steps.extracharge) and an add-on the kind's yes/no inputs name (a
lens's "antirreflejo +30 €") are no parts of the thing's price."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from scout.schemas.task import Money
from scout.task.lang import fold

# the plus that joins two parts ("+", "plus", "más"), then the second part's name: one to
# four words with no figure ("cristales progresivos", "lenses"), a colon at most
_JOIN = re.compile(r"\s*(?:\+|\bplus\b|\bmas\b)\s*")
_NAME = re.compile(r"\s*([^\W\d_]+(?:[\s-]+[^\W\d_]+){0,3})\s*:?\s*$")
# words of what is charged on top of a price, never a part of it: a tax, a toll, the
# delivery, a tip, and a fee charged once beside a job's price ("salida 30 € + mano de
# obra", a call-out: a kind adds it itself, scout.steps.pricewords)
_ON_TOP = re.compile(r"\b(?:iva|vat|tax|taxes|impuestos?|igic|igv|peajes?|tolls?|tasas?|"
                     r"envios?|shipping|postage|delivery|entrega|gastos|portes|"
                     r"propinas?|tips?|gratuity|service|servicio|fees?|charges?|cargos?|"
                     r"comision(?:es)?|commission|desplazamientos?|salida|call[\s-]?out|"
                     r"booking|reserva|bandera|deposit|fianza|senal)\b")


def with_parts(text: str, found: list[tuple[Money, tuple[int, int]]],
               apart: Callable[[tuple[int, int]], bool], items: Sequence[str] = (),
               ) -> list[tuple[Money, tuple[int, int]]]:
    """``found`` (amounts of ``text`` in order) with each two joined by a plus as parts of
    one price (module docstring) made one amount, their sum, spanning both; ``apart``: an
    amount named as a fee, a deposit or an extra, which is no part; ``items``: the kind's
    add-ons' words (its yes/no inputs' names and aliases)."""
    out: list[tuple[Money, tuple[int, int]]] = []
    i = 0
    while i < len(found):
        if i + 1 < len(found) and _parts(text, found[i], found[i + 1], apart, items):
            (a, (start, _)), (b, (_, end)) = found[i], found[i + 1]
            out.append((b.model_copy(update={"amount": round(a.amount + b.amount, 2),
                                             "max": None}), (start, end)))
            i += 2
            continue
        out.append(found[i])
        i += 1
    return out


def _parts(text: str, first: tuple[Money, tuple[int, int]],
           second: tuple[Money, tuple[int, int]],
           apart: Callable[[tuple[int, int]], bool], items: Sequence[str]) -> bool:
    (a, sa), (b, sb) = first, second
    if a.currency != b.currency or a.per != b.per or a.max is not None or b.max is not None:
        return False
    # the money reader may keep the plus in the first amount's span ("desde 49 € +")
    own = text[sa[0]:sa[1]].rstrip()
    between = fold(("+" if own.endswith("+") else "") + text[sa[1]:sb[0]])
    join = _JOIN.match(between)
    if join is None:
        return False
    name = _NAME.match(between[join.end():])
    if name is None or _ON_TOP.search(name.group(1)):
        return False
    said = name.group(1)
    if any(re.search(r"(?<!\w)" + re.escape(fold(w)) + r"(?!\w)", said)
           for w in items if w.strip()):
        return False  # an add-on asked for or not ("+ antirreflejo 30 €")
    # the first part is named too, in its clause ("montura desde 49 €"): a bare amount
    # before a plus is a whole price with something added
    clause = re.split(r"[.;:!?\n]", fold(text[max(0, sa[0] - 60):sa[0]]))[-1]
    if not re.search(r"[^\W\d_]{3,}", clause) or _ON_TOP.search(clause):
        return False  # "desplazamiento 15 € + mano de obra 40 €": a fee, then the job
    return not apart(sa) and not apart(sb)
