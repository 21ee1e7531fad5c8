"""Prices on one footing for ``rank``: the period they are compared per, converting each
candidate's to it and saying so.

The period is the request's money's when it states one (a budget per month, a salary per
year). With no money in the request the listings are compared with each other, so the
period is the one most of them state (a nightly price among nightly ones, a yearly salary
among yearly ones): ``order_by: [h.price.amount]`` sorted 700 a week before 150 a night
when amounts per different periods were compared as numbers. A price that cannot be
converted (per person among nightly prices) is not compared — the rank sees no price —
and is flagged; the shortlist's notes say how many were converted or left out, in the
words of what they were compared with (a budget, the amount asked, the other listings).
Periods and their lengths: :mod:`scout.units`. Listings compared with each other in
several currencies are put in one too (:mod:`scout.steps.rank_peers`): the config's
base. A budget for the whole of the dates asked (``per`` "total": "600 € en total para
las tres noches")
is compared with a price per night times the span's nights, one per day times its days
of use, both ends included, whole calendar months as months, a duration's length
with no dates (:mod:`scout.steps.staylength`: 7–13 December is 6 nights, 7 days); a price per a period longer than the dates asked is the whole
period's price over them (:func:`paid_whole`: a month's desk for a week is paid for the
month, never compared as a week's share of it); without dates, times the length the result itself states
(:func:`stated_length`: a contract "for 12 months"), as is an amount per a period against
an amount asked that states none (a grant's "2.000 € al mes durante 36 meses" against "at
least 40.000 €"); with neither, such a price is not compared, and the flag and the note
say so. With the number of people the request is for (rank's ``people``), a price per
person is the group's, times them, and a budget per person is compared with a price per
day divided by them (:mod:`scout.steps.rank_heads`): "desde 35 €/persona" for 40 is
1.400 € against "1.500 € el día", never left uncompared nor compared as 35 €. A head
said beside a period
("45 € por persona y noche", "20 € por perro y noche": ``Money.each``) is counted the same
way, pets by rank's ``heads: {pet: pets}``. With the hours a week asked (rank's
``hours_per``), a price per hour is one per month at the hours a month holds, and one per
month over them (:class:`scout.steps.workbasis.Work`), the flag saying how many.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from scout.i18n import N_, N_plural
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.steps.dailycap import DAY_FLAGS, DAY_HOURS, DAY_NOTES, HELD, HOUR_RATES, hours_of_day
from scout.steps.rank_heads import PEOPLE_NOTES, PET_NOTES
from scout.steps.staylength import Span, days_used
from scout.steps.weekdays import candidate_week
from scout.steps.workbasis import Work
from scout.i18n.values import MEASURE_WORDS
from scout.units import (MEASURE_UNITS, OCCASIONS, PERIOD_DAYS, RATE_UNITS, TOTAL, WORK_UNITS,
                         per_factor, work_factor)

#: what a price was compared with, for the flag and the note: the request's budget, the
#: amount a salary request asked for (a floor), the other listings (no money asked), or a
#: budget for the whole of the dates asked
BUDGET, FLOOR, PEERS, WHOLE = "budget", "floor", "peers", "whole"
#: the period rank compares with when an amount asked (a floor: a salary, a grant's
#: funding) states none: "5.080 €/mes" is no more or less than "20.000 €" with no period,
#: so an amount stating one is not compared with it (flagged, noted), where a budget with
#: no period is compared as it is (a hotel's "under 200 EUR" is per night)
UNSTATED = "unstated"
_UNSTATED_FLOOR = "floor-unstated"
#: the bases of a price multiplied by the length its result states (no dates asked)
STATED_WHOLE, STATED_FLOOR = "whole-stated", "floor-stated"
#: the basis of a price per a period longer than the dates asked: the whole period's price
#: is what they cost (:func:`paid_whole`)
PAID_WHOLE = "paid-whole"
#: the basis of a price per a period times the length the request says with no dates
#: ("para 3 meses": :mod:`scout.steps.staylength`)
SAID_WHOLE = "whole-said"
#: a price per a unit of work multiplied by the work asked (scout/steps/workbasis.py), and
#: a price stating no unit against a budget per a unit of work
VOLUME, UNITLESS = "volume", "unitless"
#: a rate per a measure (m³, km) multiplied by the measure the request asks
MEASURE = "measure"
#: a price per hour times the hours asked a period holds, against a budget per that period
#: ("2 horas a la semana, máximo 200 € al mes": 20 €/hora is ~173 € a month), and a price
#: per a period over them against a budget per hour (:meth:`scout.steps.workbasis.Work.paced`)
PACED_UP, PACED_DOWN = "paced-up", "paced-down"
#: the units of work that are lengths of time: a price per one times the length asked is
#: said as a length's ("for the length asked"), never as work ("for the work asked")
_TIME_UNITS = frozenset({"hour", "minute"})

_FLAGS = {
    ("converted", BUDGET): N_("price per {per} converted to per {target} (approximate)"),
    ("converted", FLOOR): N_("amount per {per} converted to per {target} (approximate)"),
    ("converted", PEERS): N_("price per {per} converted to per {target} to compare it with "
                             "the others (approximate)"),
    ("incomparable", BUDGET): N_("price per {per} cannot be compared with a budget per "
                                 "{target}"),
    ("incomparable", FLOOR): N_("amount per {per} cannot be compared with the amount asked "
                                "per {target}"),
    ("incomparable", PEERS): N_("price per {per} cannot be compared with the others' prices "
                                "per {target}"),
    ("incomparable", _UNSTATED_FLOOR): N_("amount per {per} cannot be compared with an amount "
                                          "asked that states no period"),
    ("converted", WHOLE): N_("price per {per} times {count} for the dates asked, to compare "
                             "it with the total budget"),
    ("converted", SAID_WHOLE): N_("price per {per} times {count} for the length asked, to "
                                  "compare it with the total budget"),
    ("incomparable", WHOLE): N_("price per {per} cannot be compared with a total budget "
                                "without dates or a length it states"),
    **DAY_FLAGS,
    # the length the result itself states (scout/steps/statedlength.py): a grant's
    # "durante 36 meses", a contract's "for 12 months"
    ("converted", STATED_WHOLE): N_("price per {per} times {count} for the length it states, "
                                    "to compare it with the total budget"),
    ("converted", STATED_FLOOR): N_("amount per {per} times {count} for the length it states, "
                                    "to compare it with the amount asked"),
    # a period longer than the dates asked is paid whole (:func:`paid_whole`)
    ("converted", PAID_WHOLE): N_("price per {per} paid in full for the shorter dates "
                                  "asked, put per {target} to compare it"),
    ("converted", VOLUME): N_("price per {per} times {count} for the work asked, to compare "
                              "it with the budget for the whole job"),
    ("incomparable", VOLUME): N_("price per {per} cannot be compared with a budget for the "
                                 "whole job without the amount of work asked"),
    ("incomparable", UNITLESS): N_("price states no unit, so it cannot be compared with a "
                                   "budget per {target}"),
    ("converted", MEASURE): N_("price per {per} times {count}, the quantity asked, to compare "
                               "it with the total budget"),
    ("incomparable", MEASURE): N_("price per {per} cannot be compared with a total budget "
                                  "without the quantity asked"),
    ("converted", PACED_UP): N_("price per {per} times {count} hours per {target} (the hours "
                                "asked) to compare it with the budget"),
    ("converted", PACED_DOWN): N_("price per {per} divided by the {count} hours asked in it "
                                  "to compare it with the budget per {target}"),
}
#: the note per outcome, as a function of the count (N_plural: the catalog reads the
#: literal words)
_NOTES: dict[tuple[str, str], Callable[[int], str]] = {
    ("converted", BUDGET): lambda n: N_plural(
        "{count} price per {per} was converted to a price per {target} (approximate) to "
        "compare it with the budget",
        "{count} prices per {per} were converted to prices per {target} (approximate) to "
        "compare them with the budget", n),
    ("converted", FLOOR): lambda n: N_plural(
        "{count} amount per {per} was converted to an amount per {target} (approximate) "
        "to compare it with the amount asked",
        "{count} amounts per {per} were converted to amounts per {target} (approximate) "
        "to compare them with the amount asked", n),
    ("converted", PEERS): lambda n: N_plural(
        "{count} price per {per} was converted to a price per {target} (approximate) to "
        "compare it with the others",
        "{count} prices per {per} were converted to prices per {target} (approximate) to "
        "compare them with the others", n),
    ("incomparable", BUDGET): lambda n: N_plural(
        "{count} price per {per} could not be compared with the budget per {target}, so "
        "the budget was not checked",
        "{count} prices per {per} could not be compared with the budget per {target}, so "
        "the budget was not checked", n),
    ("incomparable", FLOOR): lambda n: N_plural(
        "{count} amount per {per} could not be compared with the amount asked per "
        "{target}, so it was not checked",
        "{count} amounts per {per} could not be compared with the amount asked per "
        "{target}, so they were not checked", n),
    ("incomparable", PEERS): lambda n: N_plural(
        "{count} price per {per} could not be put on the same footing as the others' "
        "prices per {target}, so it was not compared with them",
        "{count} prices per {per} could not be put on the same footing as the others' "
        "prices per {target}, so they were not compared with them", n),
    ("incomparable", _UNSTATED_FLOOR): lambda n: N_plural(
        "{count} amount per {per} could not be compared with the amount asked, which "
        "states no period, so it was not checked",
        "{count} amounts per {per} could not be compared with the amount asked, which "
        "states no period, so they were not checked", n),
    ("converted", WHOLE): lambda n: N_plural(
        "{count} price per {per} was multiplied by the length of the dates asked to "
        "compare it with the total budget",
        "{count} prices per {per} were multiplied by the length of the dates asked to "
        "compare them with the total budget", n),
    **DAY_NOTES,
    ("converted", SAID_WHOLE): lambda n: N_plural(
        "{count} price per {per} was multiplied by the length asked to compare it with "
        "the total budget",
        "{count} prices per {per} were multiplied by the length asked to compare them "
        "with the total budget", n),
    ("converted", STATED_WHOLE): lambda n: N_plural(
        "{count} price per {per} was multiplied by the length its listing states to "
        "compare it with the total budget",
        "{count} prices per {per} were multiplied by the lengths their listings state to "
        "compare them with the total budget", n),
    ("converted", STATED_FLOOR): lambda n: N_plural(
        "{count} amount per {per} was multiplied by the length its listing states to "
        "compare it with the amount asked",
        "{count} amounts per {per} were multiplied by the lengths their listings state to "
        "compare them with the amount asked", n),
    ("converted", PAID_WHOLE): lambda n: N_plural(
        "{count} price per {per} was paid in full for the shorter dates asked and put "
        "per {target} to compare it",
        "{count} prices per {per} were paid in full for the shorter dates asked and put "
        "per {target} to compare them", n),
    ("converted", VOLUME): lambda n: N_plural(
        "{count} price per {per} was multiplied by the work asked to compare it with the "
        "budget for the whole job",
        "{count} prices per {per} were multiplied by the work asked to compare them with "
        "the budget for the whole job", n),
    ("incomparable", VOLUME): lambda n: N_plural(
        "{count} price per {per} could not be compared with the budget for the whole job: "
        "the request does not say how much work it is",
        "{count} prices per {per} could not be compared with the budget for the whole job: "
        "the request does not say how much work it is", n),
    ("converted", MEASURE): lambda n: N_plural(
        "{count} price per {per} was multiplied by the quantity asked to compare it with "
        "the total budget",
        "{count} prices per {per} were multiplied by the quantity asked to compare them "
        "with the total budget", n),
    ("incomparable", MEASURE): lambda n: N_plural(
        "{count} price per {per} could not be compared with the total budget: the request "
        "does not say the quantity",
        "{count} prices per {per} could not be compared with the total budget: the request "
        "does not say the quantity", n),
    ("converted", PACED_UP): lambda n: N_plural(
        "{count} price per {per} was multiplied by the hours asked per {target} to compare "
        "it with the budget",
        "{count} prices per {per} were multiplied by the hours asked per {target} to "
        "compare them with the budget", n),
    ("converted", PACED_DOWN): lambda n: N_plural(
        "{count} price per {per} was divided by the hours asked in it to compare it with "
        "the budget per {target}",
        "{count} prices per {per} were divided by the hours asked in it to compare them "
        "with the budget per {target}", n),
    ("incomparable", UNITLESS): lambda n: N_plural(
        "{count} price that states no unit could not be compared with the budget per "
        "{target}, so the budget was not checked",
        "{count} prices that state no unit could not be compared with the budget per "
        "{target}, so the budget was not checked", n),
    ("incomparable", WHOLE): lambda n: N_plural(
        "{count} price per {per} could not be compared with the total budget: neither the "
        "request's dates nor its listing say how long to multiply it by",
        "{count} prices per {per} could not be compared with the total budget: neither the "
        "request's dates nor their listings say how long to multiply them by", n),
}


def _times(money: Money, days: float | None, work: Work | None = None) -> float | None:
    """What a price per its period is multiplied by to be the price of ``days`` (a price
    per a unit of work, of the work asked: ``work``); 1.0 for an amount with no period or
    for the whole already; None when it cannot be."""
    if money.per in (None, TOTAL):
        return 1.0
    if money.per in RATE_UNITS:
        return work.times(money.per) if work is not None else None
    if days is None or money.per not in PERIOD_DAYS:
        return None
    return days / PERIOD_DAYS[money.per]


def to_period(money: Money, per: str | None, days: float | None = None,
              week: int = 7, work: Work | None = None) -> Money | None:
    """``money`` per the period ``per`` (a weekly rent as a monthly one, approximate; a
    nightly price as the price of the ``days`` asked when ``per`` is the whole of them);
    itself when there is nothing to convert; None when the two cannot be compared (or the
    amount converted is past any float). ``week``: the days a week holds for it
    (:func:`scout.units.per_factor`). ``work``: the rank's units of work
    (:mod:`scout.steps.workbasis`): a page in words, the work asked for the whole job."""
    if per == UNSTATED and money.per == TOTAL:
        return money  # the whole of what it pays, as an amount asked with no period is
    if per is None and work is not None and work.whole:
        per = TOTAL  # a budget stating no unit, where the kind counts the work: the job's
    if per in WORK_UNITS - OCCASIONS and money.per is None:
        return None  # "desde 25 €" is no price per word: a cap per word checks those only
    # a listing's one price stating no unit ("Consulta: 60 €", "Paseo: 12 €") is an
    # occasion's: a budget per visit or per walk compares it as it is
    factor = _times(money, days, work) if per == TOTAL else per_factor(
        money.per, per, week, work.bases if work is not None else None)
    if factor is None and per != TOTAL and work is not None:
        factor = work.paced(money.per, per)  # an hour's price at the hours asked a month
    if factor is None:
        return None
    if factor == 1.0 and not (per == TOTAL and money.per not in (None, TOTAL)):
        return money
    # a period the dates asked fill exactly (a week's price for 7 nights) is the whole, times
    # 1: left per its period it would be no price the total budget could be compared with
    amount = round(money.amount * factor, 2)
    if not math.isfinite(amount):  # a listing's 1e308 per night is no amount per month
        return None
    low = round(money.min * factor, 2) if money.min is not None else None
    return money.model_copy(update={"amount": amount, "min": low, "per": per})


#: the shortest period paid whole for shorter dates (:func:`paid_whole`): a month
_WHOLE_FROM = PERIOD_DAYS["month"]


def paid_whole(money: Money, per: str | None, days: float | None) -> Money | None:
    """``money`` per ``per`` for dates asked that last ``days``, when its period is longer
    than they are: the whole period is paid (a desk at 140 € a month for a week costs 140 €,
    not a week's share of it), so its price over the days asked, put per ``per`` (140 € /
    the 7 days of use of 7–13 December, per day: :func:`days_used`). None when the dates
    fill its period (within a day), when ``per`` is no shorter than it, or when either is
    no period of time.

    Only a month or a year is paid whole: what is sold by the month or the year is a
    membership, a rent, a plan or a fee, not cut into days; a week's or a fortnight's price
    is as often a rate (a car's weekly rate, a week's holiday let) as a block, so shorter
    dates keep its share, as without dates (the carrental kind's 245 € a week for four days
    is 35 € a day)."""
    if days is None or days <= 0 or money.per not in PERIOD_DAYS or per not in PERIOD_DAYS:
        return None
    period = PERIOD_DAYS[money.per]
    if period < _WHOLE_FROM or days + 1 >= period or PERIOD_DAYS[per] >= period:
        return None
    factor = PERIOD_DAYS[per] / days
    amount = round(money.amount * factor, 2)
    if not math.isfinite(amount):
        return None
    low = round(money.min * factor, 2) if money.min is not None else None
    return money.model_copy(update={"amount": amount, "min": low, "per": per})


def put_on_period(c: Candidate, per: str, periods: dict[tuple[str, str, str], int] | None,
                  basis: str = BUDGET, span: Span | None = None,
                  work: Work | None = None) -> None:
    """Convert ``c``'s price to ``per``, or flag that it cannot be compared per it;
    ``periods`` counts each outcome per (outcome and basis, price's period, ``per``) for
    :func:`period_notes`. ``basis``: what the price is compared with (:data:`BUDGET`,
    :data:`FLOOR`, :data:`PEERS`); ``span``: how long the stay asked lasts
    (:func:`scout.steps.staylength.stay_span`): what a budget for the whole (``per`` "total") is for, and what a
    price per a longer period is paid whole for (:func:`paid_whole`). Without them, a
    price per a period compared with a whole (a total budget, an amount asked with no
    period) is multiplied by the length its result states (:func:`scout.steps.statedlength.stated_days`), when it states one."""
    base = c.price_converted or c.price
    assert base is not None
    # a pay is not paid for: the dates asked are no stay to pay a whole period of; a month
    # over days asked per day is over their days of use (7–13 December: 7)
    # (a single day asked, no night, converts only a day's price to a total: paid whole or
    # pro rata, a longer period over one day stays as it was)
    whole = paid_whole(base, per, days_used(span, per)) if basis != FLOOR \
        and span is not None and span.nights else None
    # the rest of a total's conversion only: a price per day times the days of use, one
    # per month times the calendar months asked
    days = days_used(span, base.per) if per == TOTAL else None
    stated = None
    if days is None and per in (TOTAL, UNSTATED) and base.per in PERIOD_DAYS:
        stated = stated_length(c)
    # an hour's rate for the hours asked: per day, or held to a day's price the page states
    # ("£3.20 per hour, daily maximum £14": scout.steps.dailycap)
    asked = work.times(str(base.per)) if work is not None and base.per in _TIME_UNITS \
        and stated is None and whole is None else None
    day = hours_of_day(base, asked * HOUR_RATES[str(base.per)], c, per) \
        if asked is not None else None
    timed: Money | None
    if day is not None and (per == "day" or day[1]):
        timed, basis = day[0], HELD if day[1] else DAY_HOURS
    elif stated is not None:
        timed = to_period(base, TOTAL, stated)
        basis = STATED_WHOLE if per == TOTAL else STATED_FLOOR
        days = stated
    elif whole is not None:
        timed, basis = whole, PAID_WHOLE
    else:
        # a day camp "de lunes a viernes": its week holds five days (scout.steps.weekdays);
        # a night's price is a stay's, whose week holds seven
        daily = {base.per, per} & {"day", "half day"}
        timed = to_period(base, per, days, (candidate_week(c) or 7) if daily else 7, work)
        basis = (MEASURE if per == TOTAL and base.per in MEASURE_UNITS
                 else VOLUME if per == TOTAL and base.per in WORK_UNITS
                 else (SAID_WHOLE if timed is not None and span is not None and span.said
                       else WHOLE) if per == TOTAL
                 else _UNSTATED_FLOOR if per == UNSTATED
                 else UNITLESS if per in WORK_UNITS and base.per is None else basis)
        if basis == VOLUME and base.per in _TIME_UNITS:
            # an hour of a court, a room or a boat is a length, not work: said so
            basis = SAID_WHOLE if timed is not None else WHOLE
        if basis == BUDGET and timed is not None and work is not None \
                and per_factor(base.per, per, 7, work.bases) is None \
                and work.paced(base.per, per):
            # at the hours asked: the flag says how many, the hour's or the period's
            basis = PACED_UP if base.per == "hour" else PACED_DOWN
    if timed is base:
        return
    outcome = "incomparable" if timed is None else "converted"
    if timed is not None:
        c.price_converted = timed
    times = _times(base, days, work) if basis in (WHOLE, SAID_WHOLE, STATED_WHOLE, STATED_FLOOR,
                                                  VOLUME, MEASURE, DAY_HOURS, HELD) else None
    if basis in (PACED_UP, PACED_DOWN) and work is not None:
        hours = work.hours_in(per if basis == PACED_UP else base.per)
        times = round(hours, 1) if hours is not None else None
    c.flags.append(_FLAGS[(outcome, basis)].format(
        per=MEASURE_WORDS.get(str(base.per), base.per), target=MEASURE_WORDS.get(per, per),
        count=f"{times:g}" if times is not None else ""))
    if periods is not None:
        key = (f"{outcome}:{basis}", MEASURE_WORDS.get(str(base.per), str(base.per)), per)
        periods[key] = periods.get(key, 0) + 1


def stated_length(c: Candidate) -> float | None:
    """How long ``c``'s result says its price lasts, in days: the first length its own
    texts state (its evidence, the lines stating its price first)."""
    from scout.steps.statedlength import stated_days

    texts = sorted(c.evidence, key=lambda e: e.price is None)
    for e in texts:
        days = stated_days(f"{e.title} {e.text}")
        if days is not None:
            return days
    return None


#: the basis two units of work were compared on, said once under the notes
_BASIS_NOTE = N_("compared on one basis: 1 {per} = {count} × {target}")


def period_notes(periods: dict[tuple[str, str, str], int],
                 work: Work | None = None) -> list[str]:
    """What the shortlist says about prices stated per another period than the one they
    were compared per (counted by :func:`put_on_period` and
    :func:`scout.steps.rank_heads.for_people`), and the basis prices per one unit of work
    were put on another's by ("1 page = 250 × word")."""
    notes: list[str] = []
    said: set[tuple[str, str]] = set()
    for (kind, per, target), n in sorted(periods.items()):
        outcome, basis = kind.split(":")
        note = (PEOPLE_NOTES[outcome] if basis == "people" else PET_NOTES[outcome]
                if basis == "pets" else _NOTES[(outcome, basis)])
        notes.append(note(n).format(count=n, per=per, target=target))
        # a price per word times 250 is one per page: the page is 250 words
        f = work_factor(per, target, work.bases if work is not None else None) \
            if outcome == "converted" and {per, target} <= WORK_UNITS else None
        if f:
            big, small, many = (target, per, f) if f >= 1 else (per, target, 1 / f)
            if (big, small) not in said:
                said.add((big, small))
                notes.append(_BASIS_NOTE.format(per=big, count=f"{many:g}", target=small))
    return notes


def is_period_flag(flag: str) -> bool:
    """Whether ``flag`` is one :func:`put_on_period` or
    :func:`scout.steps.rank_heads.for_people` adds (dropped before it runs again)."""
    return ("converted" in flag or "cannot be compared" in flag
            or flag.startswith(("price per ", "amount per ")) or " people, to compare" in flag
            or " pets, to compare" in flag)

