"""An add-on's price beside the price of what a kind sells, on a page that states both:
a transfer's "Silla de niño 5 €. Traslado 60 €", a boat's "Patrón 150 €/día, barco
400 €/día", a flight's "checked bag £30, fare £25". The add-on's words are the kind's own,
never a list: its yes/no inputs' names and aliases (``child_seat``: "silla de niño",
"booster"; ``skipper``: "patrón"), what a request may ask to have with the thing. An
amount its clause labels by one of them is the add-on's (:func:`items_only`), no price
while the page states the thing's own: one its clause labels by a kind's noun ("vuelo
25 €", "barco 400 €"), whatever each costs, else one no add-on's word labels that costs
over twice as much (an add-on costs well under what it goes on; a version's price, a
student's "45 €" beside "60 €", a night train's, is near the other's and stays one). What
the add-on adds when the request asks for it is :mod:`scout.steps.extracharge`'s.
Read by :func:`scout.task.amounts.listed_amounts`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from scout.schemas.task import Money
from scout.task.audienceprice import audience_labelled
from scout.task.lang import fold

# what ends an amount's clause before it: a sentence's end, a list's comma (never a
# decimal's: "5,50 €"), a line, a table's bar, another figure
_CLAUSE_BEFORE = re.compile(r"[.;|\n!?(]|,(?!\d)|\d")
# ... and after it, to the next clause's start
_CLAUSE_AFTER = re.compile(r"[.;|\n!?()]|,(?!\d)|\d")
# how far an amount's label is looked for, each side
_REACH = 48


def item_words(inputs: object) -> tuple[str, ...]:
    """The folded names and aliases of a kind's yes/no inputs (``inputs``: a pipeline's
    ``InputSpec`` by name), the add-ons a request may ask for: "child seat", "silla de
    niño", "booster"; two letters at least."""
    words: list[str] = []
    for name, spec in (inputs or {}).items() if isinstance(inputs, dict) else ():
        if getattr(spec, "type", None) != "boolean":
            continue
        for w in (name.replace("_", " "), *(getattr(spec, "aliases", None) or [])):
            w = fold(str(w)).strip()
            if len(w) > 1 and w not in words:
                words.append(w)
    return tuple(words)


def names_re(words: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern for any of ``words`` (folded) as whole words, in either number."""
    alts = sorted({re.escape(w) for w in words if w.strip()}, key=len, reverse=True)
    if not alts:
        return None
    return re.compile(r"(?<![\w])(?:" + "|".join(alts) + r")(?:e?s)?(?![\w])")


def _label(text: str, span: tuple[int, int]) -> str:
    """The words of the amount at ``span``'s clause, right before it and right after it
    ("Silla de niño " of "Silla de niño 5 €", " child seat" of "$8 child seat"), folded."""
    before = fold(text[max(0, span[0] - _REACH):span[0]])
    after = fold(text[span[1]:span[1] + _REACH])
    return _CLAUSE_BEFORE.split(before)[-1] + " | " + _CLAUSE_AFTER.split(after)[0]


def names_item(text: str, span: tuple[int, int], items: Sequence[str],
               nouns: Sequence[str] = ()) -> bool:
    """Whether the amount at ``span`` of ``text`` is labelled, in its clause, by one of
    the kind's add-ons (``items``: :func:`item_words`) and by none of its ``nouns``:
    "Recogida a domicilio 5 €" for a laundry's ``collection`` aliased so. Asked beside a
    rate per a measure (:func:`scout.steps.listprice.find_price`), whose amount is no
    match for a whole one: "2,90 €/kg ... recogida 5 €" is priced by the kilo."""
    item_re, noun_re = names_re(items), names_re(nouns)
    if item_re is None:
        return False
    label = _label(text, span)
    return item_re.search(label) is not None and (
        noun_re is None or noun_re.search(label) is None)


def items_only(text: str, found: Sequence[tuple[Money, tuple[int, int]]],
               items: Sequence[str], nouns: Sequence[str] = ()) -> set[int]:
    """The indexes of the ``found`` amounts of ``text`` whose clause names an add-on
    (``items``: :func:`item_words`) and no kind's noun (``nouns``, folded), where another
    amount in their currency and period is the thing's own: one a noun labels, or one no
    add-on's word labels costing over twice as much."""
    item_re, noun_re = names_re(items), names_re(nouns)
    if item_re is None or len(found) < 2:
        return set()
    labels = [_label(text, span) for _, span in found]
    nouned = [noun_re is not None and noun_re.search(lab) is not None for lab in labels]
    # an audience's price ("niños 5 €, adultos 12 €") is no add-on, whatever a yes/no
    # input is called: scout.task.audienceprice says which one is compared
    audience = audience_labelled(text, found)
    item = [not n and i not in audience and item_re.search(lab) is not None
            for i, (lab, n) in enumerate(zip(labels, nouned))]
    out: set[int] = set()
    for i, (m, _span) in enumerate(found):
        if not item[i]:
            continue
        if any(not item[j] and o.currency == m.currency and o.per == m.per
               and (nouned[j] or o.amount > 2 * m.amount)
               for j, (o, _) in enumerate(found) if j != i):
            out.add(i)
    return out
