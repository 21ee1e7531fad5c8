"""Prices on one footing for ``rank``: the period they are compared per, converting each
candidate's to it and saying so.

The period is the request's money's when it states one (a budget per month, a salary per
year). With no money in the request the listings are compared with each other, so the
period is the one most of them state (a nightly price among nightly ones, a yearly salary
among yearly ones): ``order_by: [h.price.amount]`` sorted 700 a week before 150 a night
when amounts per different periods were compared as numbers. A price that cannot be
converted (per person among nightly prices) is not compared — the rank sees no price —
and is flagged; the shortlist's notes say how many were converted or left out, in the
words of what they were compared with (a budget, the amount asked, the other listings:
:mod:`scout.steps.periodnotes`).
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
month over them (:class:`scout.steps.workbasis.Work`), the flag saying how many; with the
days a week asked (rank's ``days_per_week``), a price per day is put per a week or a month
at those days, not at the days the listing's week holds.
"""

from __future__ import annotations

import math

from scout.schemas.records import Candidate
from scout.schemas.task import HEADS, Money
from scout.steps.dailycap import DAY_HOURS, HELD, HOUR_RATES, hours_of_day
from scout.steps.periodnotes import (BUDGET, FLAGS, FLOOR, MEASURE, PACED_DOWN, PACED_UP,
                                     HEAD_STAY, PAID_WHOLE, SAID_WHOLE, STATED_FLOOR, STATED_WHOLE,
                                     UNITLESS, UNSTATED, UNSTATED_FLOOR, VOLUME, WEEK_DAYS,
                                     WHOLE)
from scout.steps.staylength import Span, days_used
from scout.steps.weekdays import candidate_week
from scout.steps.workbasis import Work
from scout.i18n.values import MEASURE_WORDS
from scout.units import (MEASURE_UNITS, OCCASIONS, PERIOD_DAYS, RATE_UNITS, TOTAL, WORK_UNITS,
                         per_factor)

#: the units of work that are lengths of time: a price per one times the length asked is
#: said as a length's ("for the length asked"), never as work ("for the work asked")
_TIME_UNITS = frozenset({"hour", "minute"})


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
              week: float = 7, work: Work | None = None) -> Money | None:
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
    if per in HEADS and money.each == per and (money.per in PERIOD_DAYS or money.per == TOTAL):
        # one head's share of a period's price (:func:`scout.steps.rank_heads.for_people`)
        # against a budget per head stating no period is compared as it is, its period kept;
        # so is that head's whole stay (:func:`put_on_period`)
        return money
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
    top = round(money.max * factor, 2) if money.max is not None else None
    return money.model_copy(update={"amount": amount, "min": low, "max": top, "per": per})


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
    top = round(money.max * factor, 2) if money.max is not None else None
    return money.model_copy(update={"amount": amount, "min": low, "max": top, "per": per})


def put_on_period(c: Candidate, per: str, periods: dict[tuple[str, str, str], int] | None,
                  basis: str = BUDGET, span: Span | None = None,
                  work: Work | None = None) -> None:
    """Convert ``c``'s price to ``per``, or flag that it cannot be compared per it;
    ``periods`` counts each outcome per (outcome and basis, price's period, ``per``) for
    :func:`scout.steps.periodnotes.period_notes`. ``basis``: what the price is compared
    with (:mod:`scout.steps.periodnotes`: ``BUDGET``, ``FLOOR``, ``PEERS``); ``span``: how long the stay asked lasts
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
        stated = stated_length(c, base.per)
    # an hour's rate for the hours asked: per day, or held to a day's price the page states
    # ("£3.20 per hour, daily maximum £14": scout.steps.dailycap)
    asked = work.times(str(base.per)) if work is not None and base.per in _TIME_UNITS \
        and stated is None and whole is None else None
    day = hours_of_day(base, asked * HOUR_RATES[str(base.per)], c, per) \
        if asked is not None else None
    # one head's price per night against a budget per that head stating no period ("45 €
    # por persona y noche", a room's night shared, against "menos de 300 € por persona"):
    # with dates asked, that head's whole stay (3 nights: 135 €), its head kept; without,
    # compared as it is (:func:`to_period`). A design choice: only a night's, for nights
    # are paid for each one the dates hold, where a day's or a week's price is as often
    # for one day of a window of dates (a venue "in June", a boat some day that week)
    head_days = days_used(span, base.per) if per in HEADS and base.each == per \
        and base.per == "night" and basis != FLOOR and span is not None and not span.said \
        else None
    timed: Money | None
    if head_days is not None:
        timed, basis, days = to_period(base, TOTAL, head_days), HEAD_STAY, head_days
    elif day is not None and (per == "day" or day[1]):
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
        # the days a week the request asks (rank's days_per_week: a day centre "3 días por
        # semana") before the days the listing's week holds
        asked_week = work.week_days if work is not None and work.week_days and daily \
            and per in PERIOD_DAYS and base.per in PERIOD_DAYS else None
        week = asked_week or ((candidate_week(c) or 7) if daily else 7)
        timed = to_period(base, per, days, week, work)
        basis = (MEASURE if per == TOTAL and base.per in MEASURE_UNITS
                 else VOLUME if per == TOTAL and base.per in WORK_UNITS
                 else (SAID_WHOLE if timed is not None and span is not None and span.said
                       else WHOLE) if per == TOTAL
                 else UNSTATED_FLOOR if per == UNSTATED
                 else UNITLESS if per in RATE_UNITS and base.per is None else basis)
        if basis == VOLUME and base.per in _TIME_UNITS:
            # an hour of a court, a room or a boat is a length, not work: said so
            basis = SAID_WHOLE if timed is not None else WHOLE
        if basis == BUDGET and asked_week and timed is not None and timed is not base:
            basis = WEEK_DAYS
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
                                                  VOLUME, MEASURE, DAY_HOURS, HELD,
                                                  HEAD_STAY) else None
    if basis in (PACED_UP, PACED_DOWN) and work is not None:
        hours = work.hours_in(per if basis == PACED_UP else base.per)
        times = round(hours, 1) if hours is not None else None
    if basis == WEEK_DAYS and work is not None:
        times = work.week_days
    c.flags.append(FLAGS[(outcome, basis)].format(
        per=MEASURE_WORDS.get(str(base.per), base.per), target=MEASURE_WORDS.get(per, per),
        count=f"{times:g}" if times is not None else ""))
    if periods is not None:
        key = (f"{outcome}:{basis}", MEASURE_WORDS.get(str(base.per), str(base.per)), per)
        periods[key] = periods.get(key, 0) + 1


def stated_length(c: Candidate, per: str | None = None) -> float | None:
    """How long ``c``'s result says its price (one ``per`` that period) lasts, in days:
    the first length its own texts state (its evidence, the lines stating its price
    first); a trip's nights only for a price per night. A price rank's ``term_cost``
    averaged over some months (:mod:`scout.steps.termcost`) lasts those months: its
    average is that term's cost a month, so a total budget is compared with all of it."""
    from scout.steps.statedlength import stated_days

    if c.term is not None and (per is None or per == "month"):
        return c.term.months * PERIOD_DAYS["month"]
    texts = sorted(c.evidence, key=lambda e: e.price is None)
    for e in texts:
        days = stated_days(f"{e.title} {e.text}", per)
        if days is not None:
            return days
    return None
