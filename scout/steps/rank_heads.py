"""A price put on the footing of a request for a number of people or pets, for ``rank``:
a price per head is all of them's (times the count), a group's or a day's against a
budget per head is one head's share (divided by them), flagged and counted for the
shortlist's notes (:func:`scout.steps.rank_periods.period_notes`), before the price is
put on the budget's period (:func:`scout.steps.rank_periods.put_on_period`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from scout.i18n import N_, N_plural
from scout.schemas.records import Candidate
from scout.schemas.task import HEADS
from scout.steps.workbasis import Work
from scout.units import PERIOD_DAYS

#: the units of time a price may be per that the length asked counts (rank's ``volume``)
_TIMED = frozenset({"hour", "minute"})

#: a price put on the footing of a request for a number of people or pets
#: (:func:`for_people`), by how and whether the heads are pets
_HEAD_FLAGS = {
    ("times", True): N_("price per pet times {count} pets, to compare it as all of them"),
    ("divided", True): N_("price per {per} divided by {count} pets, to compare it with the "
                          "budget per pet"),
}
_PEOPLE_FLAGS = {
    "times": N_("price per person times {count} people, to compare it as the group's"),
    "divided": N_("price per {per} divided by {count} people, to compare it with the "
                  "budget per person"),
    # a court's or a room's price per hour, for the length asked, shared
    "timed": N_("price per {per} times {hours} for the length asked, divided by {count} "
                "people, to compare it with the budget per person"),
}
#: one head's price per hour for the length asked ("6 € por jugador y hora", 90 minutes)
_ONE_TIMED = N_("price per person per {per} times {hours} for the length asked, to compare "
                "it with the budget per person")
PEOPLE_NOTES: dict[str, Callable[[int], str]] = {
    "times": lambda n: N_plural(
        "{count} price per person was multiplied by the number of people asked, to compare "
        "it as the group's",
        "{count} prices per person were multiplied by the number of people asked, to "
        "compare them as the group's", n),
    "divided": lambda n: N_plural(
        "{count} price per {per} was divided by the number of people asked, to compare it "
        "with the budget per person",
        "{count} prices per {per} were divided by the number of people asked, to compare "
        "them with the budget per person", n),
    # a court's price per hour is the length asked's before it is shared: both said
    "timed": lambda n: N_plural(
        "{count} price per {per} was multiplied by the length asked and divided by the "
        "number of people asked, to compare it with the budget per person",
        "{count} prices per {per} were multiplied by the length asked and divided by the "
        "number of people asked, to compare them with the budget per person", n),
}
PET_NOTES: dict[str, Callable[[int], str]] = {
    "times": lambda n: N_plural(
        "{count} price per pet was multiplied by the number of pets asked, to compare it "
        "as all of them",
        "{count} prices per pet were multiplied by the number of pets asked, to compare "
        "them as all of them", n),
    "divided": lambda n: N_plural(
        "{count} price per {per} was divided by the number of pets asked, to compare it "
        "with the budget per pet",
        "{count} prices per {per} were divided by the number of pets asked, to compare "
        "them with the budget per pet", n),
}
_HEAD_FLAGS.update({(how, False): flag for how, flag in _PEOPLE_FLAGS.items()})


def for_people(c: Candidate, per: str | None, counts: dict[str, int],
               periods: dict[tuple[str, str, str], int] | None, each: str | None = None,
               group: bool = False, work: Work | None = None) -> None:
    """Put ``c``'s price on the footing of a request for ``counts`` heads (people, pets:
    ``{"person": 3, "pet": 2}``), ``per`` and ``each`` being the budget's period and head: a
    price per head (``per`` "person", or ``Money.each`` a head beside its period: "45 €
    por persona y noche") is all of them (times the count, the period kept) when the
    budget is not per that head; the whole group's ("240 € por grupo") is one head's share
    (divided by them) when the budget is per head, and so is a price per a period of time
    against a budget per person stating none ("máximo 50 € por persona" for a room's
    "2.400 € el día"). A design choice: against a budget per head beside its period ("90 €
    al mes por persona") a price per that period stating no head is one head's, compared as
    it is: an insurance's, a gym's or a room's "62 €/mes" is one person's, and dividing
    it would let a dearer plan through. A price stating no period is left as it is (a
    menu's "45 €" may be a head's or the room's). ``group``: the kind says its prices
    naming no head are the whole group's (rank's ``group_prices``: a boat's "600 € al
    día"), so against a budget per person, beside its period or not, one with a period or
    none is divided by them too ("200 € por persona y día" for 6 checks 100 € a head).
    A price per hour (or minute) against a
    budget per person stating no period is the price of the length asked (rank's
    ``volume``, ``work``) shared: a court's "28 €/hora" for 2 hours and 4 players is 14 €
    each, and one player's "6 € por jugador y hora" for 90 minutes 9 €; with no length
    asked it is not compared. Counted in ``periods`` for
    :func:`scout.steps.rank_periods.period_notes`, flagged, and before
    :func:`scout.steps.rank_periods.put_on_period`."""
    base = c.price_converted or c.price
    if base is None:
        return
    # a budget per person with no period ("under 300 € per person") keeps a listing's
    # price per person per night as it is, both units: one person's, and per night, which
    # the dates asked make that person's stay (scout.steps.rank_periods.put_on_period)
    if per == "person" and base.each == "person" and base.per in _TIMED and work is not None \
            and (hours := work.times(base.per)):
        # "6 € por jugador y hora" for 90 minutes is one player's 9 €: no one else's share
        amount = round(base.amount * hours, 2)
        if math.isfinite(amount):
            top = round(base.max * hours, 2) if base.max is not None else None
            c.price_converted = base.model_copy(update={"amount": amount, "min": None, "max": top,
                                                        "per": "person", "each": None})
            c.flags.append(_ONE_TIMED.format(per=base.per, hours=f"{hours:g}"))
        return
    head: str | None = base.each if base.each in HEADS else \
        "person" if base.per == "person" else None
    asked = each if each in HEADS else "person" if per == "person" else None
    update: dict[str, Any]
    if head is not None and head != asked and counts.get(head, 0) < 1:
        if base.each in HEADS and per is not None:
            # no count of the heads: one head's price per night is no price for them all;
            # compared per the head, as before a head was kept beside a period, it cannot
            # be compared with a budget per night, and is flagged so
            c.price_converted = base.model_copy(update={"per": base.each, "each": None})
        return
    if head is not None and head != asked:
        how, who = "times", head
        update = {"per": None if base.per == "person" else base.per, "each": None}
    elif asked is not None and head is None and counts.get(asked, 0) >= 1 and (
            base.per == "group" or per == "person" and base.per in PERIOD_DAYS
            or group and asked == "person" and (base.per is None or base.per in PERIOD_DAYS)):
        how, who = "divided", asked
        # a period's share keeps its period beside the head ("150 €/medio día" for 2 is 75
        # € a head per half day): put "per person" alone, a half day's share and a day's
        # read as one price, and the cheaper was named by the shorter period
        update = {"each": asked} if per != "person" or base.per in PERIOD_DAYS \
            else {"per": "person"}
    elif asked == "person" and per == "person" and head is None and counts.get(asked, 0) >= 1 \
            and base.per in _TIMED and work is not None and work.times(base.per):
        how, who = "timed", asked
        update = {"per": "person"}
    else:
        return
    n = counts[who]
    hours = work.times(base.per) if how == "timed" and work is not None else None
    count = float(n) if how == "times" else (hours or 1.0) / n
    amount = round(base.amount * count, 2)
    if not math.isfinite(amount):
        return
    low = round(base.min * count, 2) if base.min is not None else None
    top = round(base.max * count, 2) if base.max is not None else None
    c.price_converted = base.model_copy(update={"amount": amount, "min": low, "max": top,
                                                **update})
    pet = who == "pet"
    c.flags.append(_HEAD_FLAGS[(how, pet)].format(per=base.per, count=n,
                                                  hours=f"{hours:g}" if hours else ""))
    if periods is not None:
        key = (f"{how}:{'pets' if pet else 'people'}", str(base.per), "person")
        periods[key] = periods.get(key, 0) + 1
