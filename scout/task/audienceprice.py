"""A price for each audience on one page: a show's "Niños 5 €, adultos 12 €", a panto's
"kids £6, adults £14", a museum's "Tarifa infantil 7 €, general 12 €".

Who a price is for is the audience asked, never an add-on to the thing: a child's ticket is
no extra bought with the adult's (a kind whose yes/no input says "niños", a family
outing's, read "niños 5 €" as one and added it to the adults' 12 €). Whoever asks is an
adult unless the request says the thing is for a child, so the amount a page labels for
children is no price while another is labelled for adults or the public
(:func:`children_only`, read by :func:`scout.task.amounts.listed_amounts`); a request for
a child ("para mi hijo de 8 años", "entrada infantil", "for my 6-year-old", "a kids'
ticket": :func:`asks_child`) takes the children's amount instead (:func:`children_amount`,
for ``rank``). A page stating only a child's price states its price so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.schemas.task import Money
from scout.task.lang import fold
from scout.task.pricelabel import LABEL_GAP

# who a child's price is for, folded, singular and plural: "niños", "infantil", "menores",
# "kids", "children", "child", "junior"
_CHILD = (r"(?:nin[oa]s?|infantil(?:es)?|menores|peques|chavales|kids?|child(?:ren)?|"
          r"juniors?|bebes?|babies|baby)")
# an adult's or anyone's price: "adultos", "adults", "general", "público general", "standard"
_ADULT = (r"(?:adult[oa]s?|adults?|mayores\s+de\s+\d{1,2}(?:\s+anos)?|over\s+\d{1,2}s?|"
          r"publico(?:\s+general)?|general(?:\s+public)?|general\s+admission|entrada\s+general|"
          r"standard|estandar|normal)")
_BETWEEN = (r"(?:\s+(?:price|prices|precio|precios|tarifa|tarifas|rate|ticket|tickets|"
            r"entrada|entradas|from|desde|\(?\d{1,2}\s*-\s*\d{1,2}\s*(?:anos|years?|yrs?)?\)?))?")
# a label right before an amount, opening its clause ("niños 5 €", "Entradas: niños 5 €",
# "Tarifa infantil 7 €", "kids (3-12) £6"): never a thing's complement, a child seat's
# "Silla de niño 5 €"
_OPENS = r"(?:^|[.;,:|(\n!?]|\d)\s*(?:(?:tarifas?|precios?|entradas?|tickets?|billetes?)\s+)?"
_CHILD_LABEL = re.compile(_OPENS + _CHILD + r"(?![\w])" + _BETWEEN + LABEL_GAP)
_ADULT_LABEL = re.compile(_OPENS + _ADULT + r"(?![\w])" + _BETWEEN + LABEL_GAP)
# how far back an amount's label is looked for: within its own clause
_BACK = 40


def _labels(text: str, found: Sequence[tuple[Money, tuple[int, int]]]) -> list[str]:
    labels, previous_end = [], 0
    for _m, (start, end) in found:
        labels.append(fold(text[max(previous_end, start - _BACK):start]))
        previous_end = end
    return labels


def children_only(text: str, found: Sequence[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of the ``found`` amounts of ``text`` labelled as a child's price
    ("niños 5 €", "kids £6") when another is labelled for adults or the public ("adultos
    12 €", "general 10 €"); none otherwise, so a page stating only a child's price keeps it."""
    child: set[int] = set()
    adult = False
    for i, label in enumerate(_labels(text, found)):
        if _CHILD_LABEL.search(label):
            child.add(i)
        elif _ADULT_LABEL.search(label):
            adult = True
    return child if adult else set()


def audience_labelled(text: str, found: Sequence[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of the ``found`` amounts of ``text`` labelled as an audience's price, a
    child's or an adult's ("niños 5 €", "adults £14"): no add-on's, whatever a kind's
    yes/no input is called (:mod:`scout.task.itemprice`, :mod:`scout.steps.extracharge`)."""
    return {i for i, label in enumerate(_labels(text, found))
            if _CHILD_LABEL.search(label) or _ADULT_LABEL.search(label)}


# a request for a child: "para mi hijo/hija", "para un niño de 8 años", "entrada infantil",
# "for my son/daughter", "for my 6-year-old", "a child's ticket", "kids' tickets" (folded)
_ASKS_CHILD = re.compile(
    r"\b(?:para\s+(?:mi|mis|nuestr[oa]s?|un|una)\s+(?:hij[oa]s?|nin[oa]s?|sobrin[oa]s?|niet[oa]s?)"
    r"|(?:entradas?|billetes?|tarifa|ticket)\s+infantil(?:es)?"
    r"|for\s+(?:my|our|a)\s+(?:son|daughter|kids?|child(?:ren)?|\d{1,2}[\s-]?(?:year|yr)[\s-]?old)"
    r"|(?:kids|child|children)['’]?s?\s+tickets?)\b")


def asks_child(query: str) -> bool:
    """Whether the request ``query`` says the thing is for a child (:data:`_ASKS_CHILD`)."""
    return _ASKS_CHILD.search(fold(query or "")) is not None


def children_amount(text: str, found: Sequence[tuple[Money, tuple[int, int]]],
                    price: Money) -> Money | None:
    """For a child's request: the children's amount of ``text`` (its ``found`` amounts)
    beside ``price``, the adults' or the public's; None when the page labels none."""
    child = children_only(text, found)
    if not child or not any(m.amount == price.amount and i not in child
                            for i, (m, _) in enumerate(found)):
        return None
    theirs = [found[i][0] for i in sorted(child)]
    return next((m for m in theirs if m.per == price.per), theirs[0])
