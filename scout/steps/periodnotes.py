"""What rank says of prices put on one period (:mod:`scout.steps.rank_periods`): the
bases a price is compared on (a budget, the amount asked, the other listings, the whole of
the dates asked...), the flag each outcome adds to a candidate, the shortlist's note
counting them (:func:`period_notes`), and which flags are these (:func:`is_period_flag`:
dropped before rank puts prices on a period again). The day's cap (:mod:`scout.steps.dailycap`)
and the heads a price is for (:mod:`scout.steps.rank_heads`) bring their own words in.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scout.i18n import N_, N_plural
from scout.steps.dailycap import DAY_FLAGS, DAY_NOTES
from scout.steps.rank_heads import PEOPLE_NOTES, PET_NOTES
from scout.steps.workbasis import Work
from scout.units import WORK_UNITS, work_factor

#: what a price was compared with, for the flag and the note: the request's budget, the
#: amount a salary request asked for (a floor), the other listings (no money asked), or a
#: budget for the whole of the dates asked
BUDGET, FLOOR, PEERS, WHOLE = "budget", "floor", "peers", "whole"
#: the period rank compares with when an amount asked (a floor: a salary, a grant's
#: funding) states none: "5.080 €/mes" is no more or less than "20.000 €" with no period,
#: so an amount stating one is not compared with it (flagged, noted), where a budget with
#: no period is compared as it is (a hotel's "under 200 EUR" is per night)
UNSTATED = "unstated"
UNSTATED_FLOOR = "floor-unstated"
#: the bases of a price multiplied by the length its result states (no dates asked)
STATED_WHOLE, STATED_FLOOR = "whole-stated", "floor-stated"
#: the basis of a price per a period longer than the dates asked: the whole period's price
#: is what they cost (:func:`scout.steps.rank_periods.paid_whole`)
PAID_WHOLE = "paid-whole"
#: the basis of a price per a period times the length the request says with no dates
#: ("para 3 meses": :mod:`scout.steps.staylength`)
SAID_WHOLE = "whole-said"
#: a price per a unit of work multiplied by the work asked (scout/steps/workbasis.py), and
#: a price stating no unit against a budget per a unit of work
VOLUME, UNITLESS = "volume", "unitless"
#: the basis of one head's price per a period ("45 €/persona y noche", or a room's night
#: shared) times the dates asked, against a budget per head stating no period ("menos de
#: 300 € por persona" for 3 nights): that head's whole stay
HEAD_STAY = "head-stay"
#: a rate per a measure (m³, km) multiplied by the measure the request asks
MEASURE = "measure"
#: a price per hour times the hours asked a period holds, against a budget per that period
#: ("2 horas a la semana, máximo 200 € al mes": 20 €/hora is ~173 € a month), and a price
#: per a period over them against a budget per hour (:meth:`scout.steps.workbasis.Work.paced`)
PACED_UP, PACED_DOWN = "paced-up", "paced-down"
#: a price per day put per a week or a month at the days a week asked (rank's
#: ``days_per_week``: "3 días por semana", 28 €/día is ~364 € a month)
WEEK_DAYS = "week-days"

FLAGS = {
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
    ("incomparable", UNSTATED_FLOOR): N_("amount per {per} cannot be compared with an amount "
                                          "asked that states no period"),
    ("converted", WHOLE): N_("price per {per} times {count} for the dates asked, to compare "
                             "it with the total budget"),
    ("converted", SAID_WHOLE): N_("price per {per} times {count} for the length asked, to "
                                  "compare it with the total budget"),
    ("incomparable", WHOLE): N_("price per {per} cannot be compared with a total budget "
                                "without dates or a length it states"),
    ("converted", HEAD_STAY): N_("price per {per} times {count} for the dates asked, to "
                                 "compare it with the budget per {target}"),
    **DAY_FLAGS,
    # the length the result itself states (scout/steps/statedlength.py): a grant's
    # "durante 36 meses", a contract's "for 12 months"
    ("converted", STATED_WHOLE): N_("price per {per} times {count} for the length it states, "
                                    "to compare it with the total budget"),
    ("converted", STATED_FLOOR): N_("amount per {per} times {count} for the length it states, "
                                    "to compare it with the amount asked"),
    # a period longer than the dates asked is paid whole (:func:`scout.steps.rank_periods.paid_whole`)
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
    ("converted", WEEK_DAYS): N_("price per {per} at the {count} days a week asked, converted "
                                 "to per {target} (approximate)"),
}
#: the note per outcome, as a function of the count (N_plural: the catalog reads the
#: literal words)
NOTES: dict[tuple[str, str], Callable[[int], str]] = {
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
    ("incomparable", UNSTATED_FLOOR): lambda n: N_plural(
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
    ("converted", HEAD_STAY): lambda n: N_plural(
        "{count} price per {per} was multiplied by the length of the dates asked to "
        "compare it with the budget per {target}",
        "{count} prices per {per} were multiplied by the length of the dates asked to "
        "compare them with the budget per {target}", n),
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
    ("converted", WEEK_DAYS): lambda n: N_plural(
        "{count} price per {per} was put per {target} at the days a week asked "
        "(approximate) to compare it with the budget",
        "{count} prices per {per} were put per {target} at the days a week asked "
        "(approximate) to compare them with the budget", n),
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




#: the basis two units of work were compared on, said once under the notes ("a page counted
#: as 250 words"): {one} and {many} are the unit's words below, said in the reader's words
#: by the catalog's "work unit, one" / "work unit, many" entries (scout.i18n.messages'
#: IN_CONTEXT)
BASIS_NOTE = N_("compared on one basis: {one} counted as {count} {many}")
#: the same for a unit no words below name, and as runs stored before the wording above
#: read (their reports rendered again still say it in Spanish)
_BASIS_NOTE = N_("compared on one basis: 1 {per} = {count} × {target}")
#: each unit of work (scout.units.WORK_UNITS) said once and counted, in English: the
#: msgids of the catalog's "work unit, one" and "work unit, many" words
UNIT_WORDS: dict[str, tuple[str, str]] = {
    "word": ("a word", "words"), "page": ("a page", "pages"),
    "minute": ("a minute", "minutes"), "hour": ("an hour", "hours"),
    "item": ("an item", "items"), "visit": ("a visit", "visits"), "walk": ("a walk", "walks"),
    "kWh": ("a kWh", "kWh"), "MWh": ("an MWh", "MWh"), "Wp": ("a Wp", "Wp"),
    "kWp": ("a kWp", "kWp")}


def basis_note(big: str, many: float, small: str) -> str:
    """The note that ``big`` was counted as ``many`` of ``small`` ("a page counted as 250
    words"), in English."""
    if big in UNIT_WORDS and small in UNIT_WORDS:
        return BASIS_NOTE.format(one=UNIT_WORDS[big][0], count=f"{many:g}",
                                 many=UNIT_WORDS[small][1])
    return _BASIS_NOTE.format(per=big, count=f"{many:g}", target=small)


def period_notes(periods: dict[tuple[str, str, str], int],
                 work: Work | None = None) -> list[str]:
    """What the shortlist says about prices stated per another period than the one they
    were compared per (counted by :func:`scout.steps.rank_periods.put_on_period` and
    :func:`scout.steps.rank_heads.for_people`), and the basis prices per one unit of work
    were put on another's by ("a page counted as 250 words")."""
    notes: list[str] = []
    said: set[tuple[str, str]] = set()
    for (kind, per, target), n in sorted(periods.items()):
        outcome, basis = kind.split(":")
        note = (PEOPLE_NOTES[outcome] if basis == "people" else PET_NOTES[outcome]
                if basis == "pets" else NOTES[(outcome, basis)])
        notes.append(note(n).format(count=n, per=per, target=target))
        # a price per word times 250 is one per page: the page is 250 words
        f = work_factor(per, target, work.bases if work is not None else None) \
            if outcome == "converted" and {per, target} <= WORK_UNITS else None
        if f:
            big, small, many = (target, per, f) if f >= 1 else (per, target, 1 / f)
            if (big, small) not in said:
                said.add((big, small))
                notes.append(basis_note(big, many, small))
    return notes


def is_period_flag(flag: str) -> bool:
    """Whether ``flag`` is one :func:`scout.steps.rank_periods.put_on_period` or
    :func:`scout.steps.rank_heads.for_people` adds (dropped before it runs again)."""
    return ("converted" in flag or "cannot be compared" in flag
            or flag.startswith(("price per ", "amount per ")) or " people, to compare" in flag
            or " pets, to compare" in flag)



def is_incomparable_flag(flag: str) -> bool:
    """Whether ``flag`` says a price could not be put on the footing compared (its period,
    its unit): the flags :func:`scout.steps.rank_periods.put_on_period` adds for an
    outcome "incomparable"."""
    return any(p.fullmatch(flag) for p in _INCOMPARABLE)


#: the flags of an outcome "incomparable", each as a pattern of its words
_INCOMPARABLE = [re.compile(re.sub(r"\\\{\w+\\\}", ".+", re.escape(text)))
                 for (outcome, _basis), text in FLAGS.items() if outcome == "incomparable"]
