"""A rate per km or mile a page states beside its price, for getting there or for the
distance driven: "Sesión de fotos 250 €, desplazamiento 0,30 €/km", "Session £250, mileage
£0.45 per mile", "Mudanza 300 €; 1,20 € por km".

The page's whole price is its price (:func:`scout.steps.listprice.find_price`), and the
rate beside it was dropped, so 250 € was compared as all the job costs. Where the request
gives the distance (the input rank's ``volume`` names for ``km`` or ``mi``: ``volume: {km:
distance}``, a ``length`` read in either) and the budget is for the whole job, the rate
times the distance is added to the price, flagged; otherwise the report says the rate is
on top of the price (in both languages), never compared as if it were none. A page stating
only a rate is priced per its measure already (rank compares it on that basis).
"""

from __future__ import annotations

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.steps.workbasis import Work
from scout.task.amounts import find_amounts
from scout.units import MEASURE_UNITS, TOTAL, measure_unit

#: the flag of a rate added for the distance asked ("0.3 EUR per km added for the 40 km
#: asked")
ADDED = N_("{rate} per {unit} added for the {distance} asked")
#: the flag of a rate the request gives no distance for
EXTRA = N_("plus {rate} per {unit}, not included in the price")

_DISTANCES = ("km", "mi")


def distance_rate(price: Money, text: str) -> tuple[Money, str] | None:
    """The rate per km or mile ``text`` states beside ``price`` (a whole price, in its
    currency), and its measure; None when it states none."""
    if price.per in MEASURE_UNITS:
        return None
    for found, (_start, end) in find_amounts(text):
        unit = measure_unit(text, end)
        if unit in _DISTANCES and found.currency == price.currency and found.amount > 0 \
                and found.amount != price.amount:
            return found, unit
    return None


def for_distance(c: Candidate, per: str | None, work: Work | None) -> None:
    """Add to ``c``'s price the rate per km its page states beside it times the distance
    asked (a budget for the whole job: ``per`` None or "total"), flagged; or flag it as on
    top of the price where none is asked (or the budget is per a period)."""
    if c.price is None:
        return
    base = c.price_converted or c.price
    said = next((r for e in c.evidence if e.price is not None
                 and e.price.amount == c.price.amount
                 and (r := distance_rate(e.price, f"{e.title} {e.text}")) is not None), None)
    if said is None:
        return
    rate, unit = said
    shown = str(rate.model_copy(update={"min": None, "max": None}))
    distance = work.times(unit) if work is not None else None
    if distance is None or per not in (None, TOTAL) or base.per not in (None, TOTAL) \
            or base.currency != rate.currency or base.each is not None:
        c.flags.append(EXTRA.format(rate=shown, unit=unit))
        return
    added = round(rate.amount * distance, 2)
    update: dict[str, object] = {"amount": round(base.amount + added, 2)}
    if base.max is not None:
        update["max"] = round(base.max + added, 2)
    c.price_converted = base.model_copy(update=update)
    c.flags.append(ADDED.format(rate=shown, unit=unit, distance=f"{distance:g} {unit}"))
