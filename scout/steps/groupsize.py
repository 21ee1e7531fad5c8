"""A listing's price for a group of a size it states, for ``rank``: a caterer's "Bufé para
grupos de 30 a 50 personas por 850 €", a restaurant's "Menu for 10 people: £250".

Against a budget per person such a price is one person's share of the group the page
prices, so it is divided by the size the page states (of a range, the people asked when
they fall in it, else its low end: the dearer share), flagged. Only where the page says
the price is *for* that many people, the count tied to the amount ("para 10 personas por
250 €", "250 € para 10 personas", "£250 (10 people)", "Menú para 2 personas, 60 €", "Family
ticket for 4, £60"), its count in words or in digits ("Camarote exterior para dos: 2.100 €",
"£1,890 for two", "2.100 € el camarote (precio total para 2 personas)": the count may
stand a few words after the amount, in its clause); a room's or a venue's capacity
("Salón para 100 personas, 40 €", "up to 100 guests") says how many fit, never what one
price is for, and is left alone.
"""

from __future__ import annotations

import re

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.steps.packprice import divided, price_lines
from scout.task.amounts import find_amounts
from scout.task.lang import fold
from scout.task.numwords import rewrite

#: the people a price is for, counted (folded): "personas", "people", "pax", "comensales"
_PEOPLE = (r"(?:personas?|people|persons|pax|comensales|invitados|guests|diners|adultos|"
           r"adults)")
#: a count of people, one or a range: "10", "30 a 50", "30-50", "30 to 50"
_COUNT = r"(?P<lo>\d{1,4})(?:\s*(?:a|-|–|to|y)\s*(?P<hi>\d{1,4}))?"
#: the count said as what the price is for, before the amount: "para (grupos de) 10
#: personas por", "menu for 10 people:", "for groups of 30-50 guests at", "Menú para 2
#: personas, 60 €", or in brackets: "Pack familiar (4 personas), 120 €"
_FOR_BEFORE = re.compile(r"(?:(?:\bpara|\bfor)\s+|\(\s*)(?:(?:un\s+)?grupos?\s+de\s+|"
                         r"(?:a\s+)?groups?\s+of\s+)?"
                         + _COUNT + r"\s+" + _PEOPLE
                         + r"\s*\)?\s*(?::|,|\bpor\b|\bfor\b|\bat\b|\ba\b|=|-|–)?\s*$")
#: ... or the count alone, when a mark sets it off from the amount: "Family ticket for 4,
#: £60", "Menú para 2: 60 €" (never "for 4 nights £60": no word may follow the count, and
#: never a year's "for 2025, £60": two digits at most)
_FOR_BARE_BEFORE = re.compile(r"(?:\bpara|\bfor)\s+(?P<lo>\d{1,2})(?:\s*(?:a|-|–|to|y)\s*"
                              r"(?P<hi>\d{1,2}))?\s*(?:,|:|=|-|–|\bpor\b|\bfor\b)\s*$")
#: ... or after it: "250 € para 10 personas", "£250 for 10 people", "£250 (10 people)"
_FOR_AFTER = re.compile(r"\s*(?:\bpara|\bfor|\()\s*(?:(?:un\s+)?grupos?\s+de\s+|"
                        r"(?:a\s+)?groups?\s+of\s+)?" + _COUNT + r"\s+" + _PEOPLE + r"\b")
#: ... or a few words after it, in its clause, as what it is for: "2.100 € el camarote
#: (precio total para 2 personas)", "$3,200 per cabin, total for 4 guests"; "for" /
#: "para" then the count and its people (the words between hold no clause's end)
_FOR_LATER = re.compile(r"[^.;:!?\n]{1,40}?(?:\bpara|\bfor)\s+(?:(?:un\s+)?grupos?\s+de\s+|"
                        r"(?:a\s+)?groups?\s+of\s+)?" + _COUNT + r"\s+" + _PEOPLE + r"\b")
#: ... or the count alone right after it, where nothing but the clause's end or how the
#: party shares follows: "£1,890 for two", "1.800 € para dos, en camarote doble", "$2,400
#: for 2 sharing" (never "£60 for 2 nights": a word of its own after the count is a unit)
_FOR_BARE_AFTER = re.compile(r"\s*(?:\bpara|\bfor)\s+(?P<lo>\d{1,2})\s*"
                             r"(?=$|[,.;:!?)\n]|(?:in|en|sharing|compartiendo|con|with|"
                             r"based|on|(?:en\s+)?camarote|cabin)\b)")
#: how many fit, not what the price is for: a room, a venue, a capacity, "up to", "hasta"
_CAPACITY = re.compile(r"\b(?:salon(?:es)?|salas?|rooms?|halls?|espacios?|spaces?|venues?|"
                       r"capacidad|capacity|aforo|hasta|up\s+to|max(?:imo)?|seats?|"
                       r"sentad[oa]s|seated|standing|de\s+pie)\b")

GROUP_FLAG = N_("price for a group of {count} people divided by them, to compare it with "
                "the budget per person")


def group_size(text: str, amount: float, asked: int = 0) -> int | None:
    """How many people ``text`` says its price ``amount`` (one stating no period or
    head) is for: the count tied to the amount (:data:`_FOR_BEFORE`, :data:`_FOR_AFTER`),
    of a range ``asked`` when it falls in it, else its low end; None when the text ties no
    count to it or says a capacity (:data:`_CAPACITY`)."""
    folded = fold(text or "")
    if len(folded) != len(text or ""):
        return None
    # a count in words is read as its digits, in place ("para dos" → "para    2")
    counted = rewrite(folded)
    if len(counted) == len(folded):
        folded = counted
    found = find_amounts(text)
    for i, (money, (start, end)) in enumerate(found):
        if money.amount != amount or money.per is not None or money.each is not None:
            continue
        low = found[i - 1][1][1] if i else 0
        high = found[i + 1][1][0] if i + 1 < len(found) else len(folded)
        before = folded[max(low, start - 80):start]
        after = folded[end:high]
        m = (_FOR_BEFORE.search(before) or _FOR_BARE_BEFORE.search(before)
             or _FOR_AFTER.match(after) or _FOR_BARE_AFTER.match(after)
             or _FOR_LATER.match(after))
        if m is None:
            continue
        said = before[:m.start()] if m.re in (_FOR_BEFORE, _FOR_BARE_BEFORE) else before[-40:]
        if _CAPACITY.search(said[-40:]) or _CAPACITY.search(m.group(0)):
            continue
        lo = int(m.group("lo"))
        hi = int(m.groupdict().get("hi") or lo)
        if not 1 < lo <= hi:
            continue
        return asked if lo <= asked <= hi else lo
    return None


def for_group(c: Candidate, per: str | None, people: int) -> None:
    """Against a budget per person (``per`` "person"), ``c``'s price for a group of a size
    its page states (:func:`group_size`) is one person's share of it: divided, put per
    person and flagged; left as it is otherwise."""
    base = c.price_converted or c.price
    if per != "person" or c.price is None or base is None or base.per is not None \
            or base.each is not None:
        return
    size = next((n for t in price_lines(c) if (n := group_size(t, c.price.amount, people))),
                None)
    if size is None:
        return
    update = divided(base, size)
    if update is None:
        return
    c.price_converted = base.model_copy(update={**update, "per": "person"})
    c.flags.append(GROUP_FLAG.format(count=size))
