"""A price per hour for the hours asked in one day, held to the day's price its page states.

Car parks, bike and locker hire, coworking desks and some courts sell time by the hour
with a most a day costs: "£3.20 per hour, daily maximum £14", "desde 1,95 €/h, máximo
diario 22 €", "2,50 €/hora (máx. 18 €/día)", or a day's ticket beside the hourly rate
("£4 per hour; all day £20"). A request for some hours on one day ("this Saturday from 9
to 18", rank's ``volume: {hour: length}``) against a budget per day or for the whole
booking pays the hours at the rate, never more than that day's price: 9 hours at £3.20 is
£28.80, but £14 is paid. Without this, a price per hour against a budget per day was
not compared at all (an hour is no part of a day for a pay, :data:`scout.units.WORK_UNITS`).

:func:`day_price` reads that day's price from the candidate's own texts: an amount per
day in the currency of its rate, in a text that states the rate, or an amount a cap word
names ("daily maximum", "máximo diario", "tope diario", "max", "24 h"); of sources that
disagree, the highest (as rank reads prices: the one that may be paid). :func:`hours_of_day`
puts the rate on the day's footing (rate times the hours asked, held to it). Called by
:func:`scout.steps.rank_periods.put_on_period`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from scout.i18n import N_, N_plural
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.task.amounts import find_amounts
from scout.task.lang import fold

#: the hours a day holds: a length asked longer than one is no day's hours
HOURS_A_DAY = 24.0
#: an hour and a minute, in hours: the rates a day's hours are paid at
HOUR_RATES = {"hour": 1.0, "minute": 1 / 60}

#: the bases rank flags and notes these prices on: the hours asked in one day against a
#: budget per day, and held to the day's price the page states
DAY_HOURS, HELD = "day-hours", "held"
#: their flags and notes, merged into rank_periods' by outcome and basis
DAY_FLAGS = {
    ("converted", DAY_HOURS): N_("price per {per} times {count} for the length asked, to "
                                 "compare it with the budget per {target}"),
    # "capped at the daily maximum": the words a car park's page and its reader use
    ("converted", HELD): N_("price per {per} times {count} for the length asked, capped at "
                            "the daily maximum it states, to compare it with the budget"),
}
DAY_NOTES: dict[tuple[str, str], Callable[[int], str]] = {
    ("converted", DAY_HOURS): lambda n: N_plural(
        "{count} price per {per} was multiplied by the length asked to compare it with "
        "the budget per {target}",
        "{count} prices per {per} were multiplied by the length asked to compare them "
        "with the budget per {target}", n),
    ("converted", HELD): lambda n: N_plural(
        "{count} price per {per} for the length asked was capped at the daily maximum its "
        "listing states",
        "{count} prices per {per} for the length asked were capped at the daily maximum "
        "their listings state", n),
}

# words that name the amount after them the most a day costs (folded): "daily maximum",
# "max per day", "máximo diario", "máx. diario", "tope diario", "24 h:", "all day",
# "día completo", "day ticket"; at most a few words between the cap and its amount
_CAP = re.compile(
    r"(?:daily\s+(?:max(?:imum)?|cap|rate|ticket)|max(?:imum)?\.?\s+(?:per|a)\s+day|"
    r"day\s+(?:max(?:imum)?|ticket|rate)|all[\s-]day|24\s*h(?:ours?|oras?|rs?)?\b|"
    r"max(?:imo)?\.?\s+(?:diario|al\s+dia|por\s+dia|24\s*h)|tope\s+diario|"
    r"dia\s+completo|tarifa\s+diaria|diario)[\s:.(]*(?:de\s+|of\s+)?$")

#: where an amount's figure starts: its first digit or currency sign
_FIGURE = re.compile(r"[\d\u00a3\u20ac$]")


def _day_amounts(text: str, currency: str) -> list[float]:
    """The amounts ``text`` states as a day's price in ``currency``, when it also states
    a rate per hour or minute in it: one per day, or one a cap word names."""
    amounts = find_amounts(text)
    if not any(m.per in HOUR_RATES and m.currency == currency for m, _ in amounts):
        return []
    folded = fold(text)
    out = []
    for m, (a, b) in amounts:
        if m.currency != currency or m.per in HOUR_RATES:
            continue
        # the words before its figure: the amount's span may hold its label ("maximum £14")
        lead = folded[max(0, a - 30):a] + _FIGURE.split(folded[a:b], maxsplit=1)[0]
        if m.per == "day" or (m.per is None and _CAP.search(lead)):
            out.append(m.amount)
    return out


def day_price(c: Candidate, currency: str) -> float | None:
    """The most a day costs at ``c`` by its own texts, in ``currency`` (that of its rate
    per hour); None when none states one beside a rate."""
    found = [a for e in c.evidence for a in _day_amounts(f"{e.title}. {e.text}", currency)]
    return max(found) if found else None


def hours_of_day(money: Money, hours: float | None, c: Candidate,
                 per: str) -> tuple[Money, bool] | None:
    """``money``, a rate per hour or minute, for the ``hours`` asked, put per ``per``:
    per "day" (``hours`` within one day), the rate times them; per "total", for the whole
    length. Each day of it held to the day's price ``c`` states (a day of 24 hours and
    the hours left over, each at most that price: 30 hours at £3.20 with a £14 day is
    £28); with whether that price held it. None when ``money`` is no such rate, or
    ``hours`` are none or more than a day for a price per day."""
    if money.per not in HOUR_RATES or hours is None or hours <= 0 or per not in ("day", "total"):
        return None
    if per == "day" and hours > HOURS_A_DAY:
        return None
    rate = money.amount / HOUR_RATES[str(money.per)]
    amount = rate * hours
    cap = day_price(c, money.currency)
    held = False
    if cap is not None:
        whole, rest = divmod(hours, HOURS_A_DAY)
        capped = whole * min(rate * HOURS_A_DAY, cap) + min(rate * rest, cap)
        held = capped < amount
        amount = min(amount, capped)
    if not math.isfinite(amount):
        return None
    return money.model_copy(update={"amount": round(amount, 2), "min": None, "max": None,
                                     "per": per}), held
