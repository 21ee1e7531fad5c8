"""A page's list of packs or terms of time, for ``rank``: the one covering the length asked.

A photographer's "Pack 4 h: 450 €, Pack 8 h: 800 €", a hire shop's "1 día 30 €, fin de
semana 45 €, semana 90 €" or "£40 first day, £20 each extra day" sell lengths whole. With
the length the request asks known (rank's ``volume: {hour: hours}``, or its dates or a
duration for a budget for the whole hire) the price compared is the cheapest of those
terms that covers it: 8 hours asked is the 8-hour pack's 800 €, not the first 450 €; 5
days is the week's 90 €, not 5 × 30 €. Terms are summed only where the page says so
("each extra day", "día adicional", "hora extra"): a first term plus the extra units it
leaves. Flagged in both languages, quoting the page's own words.

A line stating one term only, a length the request does not ask in the terms' unit (days
asked of packs of hours), or no term long enough (10 days of a list topping at a week,
with no extra day said) is left to the readings before (a slot, a pack per hour, a rate
per day times the days: :mod:`scout.steps.slotprice`, :mod:`scout.steps.packprice`,
:mod:`scout.steps.rank_periods`).
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.steps.packprice import price_lines
from scout.steps.staylength import Span, days_used
from scout.steps.workbasis import Work
from scout.task.amounts import find_amounts
from scout.task.lang import fold
from scout.units import TOTAL

#: hours a label states: "Pack 4 h", "8 horas", "2-hour", "3 hrs" (folded)
_HOURS = re.compile(r"(?<![\d.,])(\d{1,2}(?:[.,]5)?)\s*(?:-\s*)?(?:horas?|hours?|hrs?|h)(?!\w)")
#: days a label states: "1 día", "3 days", "2-day", "dos días" is no figure (folded)
_DAYS = re.compile(r"(?<![\d.,])(\d{1,2})\s*(?:-\s*)?(?:dias?|days?|jornadas?)(?!\w)")
_WEEKS = re.compile(r"(?<![\d.,])(\d{1,2})\s*(?:-\s*)?(?:semanas?|weeks?)(?!\w)")
#: one term said in words (folded): a weekend is its two days, a week its seven
_WEEKEND = re.compile(r"\b(?:fin(?:es)?\s+de\s+semana|week-?ends?)\b")
_WEEK = re.compile(r"\b(?:semana|week)\b")
_DAY = re.compile(r"\b(?:(?:un|1|one|a|primer|first)\s+)?(?:dia|day|jornada(?:\s+completa)?|"
                  r"full\s+day)\b")
_HOUR = re.compile(r"\b(?:(?:una|1|one|an|primera|first)\s+)?(?:horas?|hours?)\b")
#: the page summing terms itself: "each extra day", "día adicional", "hora extra" (folded)
_EXTRA = re.compile(r"\b(?:extra|adicional(?:es)?|additional|further|more|mas|siguientes?|"
                    r"subsequent)\b")
#: an amount's own period, a rate paid as often as the length asked needs (unit, length)
_RATE_OF = {"hour": ("hour", 1.0), "day": ("day", 1.0), "week": ("day", 7.0),
            "fortnight": ("day", 14.0)}
#: "3-day week": a week priced as days, another convention than a length; not read here
_AS_DAYS = re.compile(r"\d\s*-?\s*(?:day|dias?)\s+(?:week|semana)")

#: a conjunction ending a term said after its amount: "25 € el primer día y ..." (as written)
_TRAILING = re.compile(r"(?:\s+(?:y|e|o|u|and|or|plus|then|luego|\+))+\s*$", re.IGNORECASE)

TERM_HOURS_FLAG = N_("compared at the cheapest of the page's packs that covers the {count} "
                     "hours asked: {term}")
TERM_DAYS_FLAG = N_("compared at the cheapest of the page's terms that covers the {count} "
                    "days asked: {term}")
EXTRA_HOURS_FLAG = N_("compared at the cheapest of the page's packs for the {count} hours "
                      "asked: {term}, plus {extra} × {rate}")
EXTRA_DAYS_FLAG = N_("compared at the cheapest of the page's terms for the {count} days "
                     "asked: {term}, plus {extra} × {rate}")

SHARED_FLAG = N_("that price divided by {count} people, to compare it with the budget per "
                 "person")


class Term(NamedTuple):
    """One pack or term a line states: its ``length`` (in ``unit``, "hour" or "day"),
    ``amount``, the page's words for it (``said``), whether it is the rate of each
    extra unit (``extra``), and whether its amount is said per its length, to be paid as
    often as the length asked needs (``again``: "45 € al día", "£250 per week")."""

    unit: str
    length: float
    amount: float
    said: str
    extra: bool
    again: bool = False


def _length(label: str) -> tuple[str, float] | None:
    """The length a term's ``label`` (folded) states, as (unit, length): hours where it
    says them ("jornada completa (8 horas)"), else days, weeks or a weekend."""
    if m := _HOURS.search(label):
        return "hour", float(m.group(1).replace(",", "."))
    if m := _WEEKS.search(label):
        return "day", 7.0 * int(m.group(1))
    if m := _DAYS.search(label):
        return "day", float(m.group(1))
    if _WEEKEND.search(label):
        return "day", 2.0
    if _WEEK.search(label):
        return "day", 7.0
    if _DAY.search(label):
        return "day", 1.0
    if _HOUR.search(label):
        return "hour", 1.0
    return None


def terms(text: str, currency: str) -> list[Term]:
    """The packs or terms ``text`` lists in ``currency``, each amount's label read on
    the side the line writes them (before its first amount: "Pack 4 h: 450 €"; else
    after: "£40 first day, £20 each extra day"). Empty when ``text`` folds to another
    length (its spans would not match) or a "3-day week" convention is said."""
    folded = fold(text or "")
    if len(folded) != len(text or "") or _AS_DAYS.search(folded):
        return []
    found = [(m, span) for m, span in find_amounts(text) if m.currency == currency]
    if not found:
        return []
    first = found[0][1][0]
    before = _length(folded[max(0, first - 40):first]) is not None
    out = []
    for i, (money, (start, end)) in enumerate(found):
        if before:
            low = found[i - 1][1][1] if i else max(0, start - 40)
            a, b = low, start
        else:
            high = found[i + 1][1][0] if i + 1 < len(found) else min(len(folded), end + 40)
            a, b = end, high
        label = re.split(r"[.;\n]", folded[a:b])[-1 if before else 0]
        if before:  # "Wedding packages: 4 hours £650": the term's own words, no heading
            parts = label.split(":")
            label = next((":".join(parts[k:]) for k in range(len(parts) - 1, -1, -1)
                          if _length(":".join(parts[k:])) is not None), label)
        else:  # "10 € cada día adicional": an amount's span may hold its unit
            label = folded[start:end] + label
        rate = _RATE_OF.get(str(money.per))
        read = rate or _length(label)
        if read is None or read[1] <= 0 or not money.amount or not math.isfinite(money.amount):
            continue
        extra = bool(_EXTRA.search(label))
        quote = (text[b - len(label):end].lstrip(" ,;:(") if before
                 else _TRAILING.sub("", text[start:start + len(label)]).strip(" ,;:()"))
        out.append(Term(read[0], read[1], money.amount, quote, extra,
                        again=rate is not None and not extra))
    return out


class Cover(NamedTuple):
    """How a list of terms covers a length: ``amount`` in all, the ``term`` taken
    ``times`` over (a rate per its length: "2 × 250 € a la semana"), plus ``more`` units
    at the page's ``rate`` for each extra one."""

    amount: float
    term: Term
    times: int = 1
    more: int = 0
    rate: Term | None = None


def cheapest(listed: list[Term], unit: str, asked: float) -> Cover | None:
    """The cheapest way ``listed`` covers ``asked`` units of ``unit``: a term long enough
    whole, a rate per its length as often as needed, or a term plus the extra units the
    page prices (``each extra day``). None when the line lists fewer than two terms of
    that unit (one price is no list), two for one length (two things, two seasons), or
    none covers ``asked``."""
    terms_ = [t for t in listed if t.unit == unit and not t.extra]
    extras = [t for t in listed if t.unit == unit and t.extra and t.length == 1]
    if not terms_ or (len(terms_) < 2 and not extras):
        return None
    if len({t.length for t in terms_}) < len(terms_):
        return None
    options = [Cover(t.amount, t) for t in terms_ if t.length >= asked - 1e-6]
    options += [Cover(t.amount * n, t, times=n) for t in terms_
                if t.again and (n := math.ceil(asked / t.length - 1e-6)) > 1]
    for rate in extras[:1]:
        for t in terms_:
            if t.length < asked:
                more = math.ceil(asked - t.length - 1e-6)
                options.append(Cover(t.amount + more * rate.amount, t, more=more, rate=rate))
    return min(options, key=lambda o: o.amount) if options else None


def for_terms(c: Candidate, per: str | None, work: Work | None, span: Span | None,
              people: int = 0) -> None:
    """Put ``c``'s price on the cheapest of its page's packs or terms covering the length
    asked (``work``'s hours, else ``span``'s days of use), against a budget for the whole
    (``per`` unset or "total") or, shared by ``people``, per person (a court's players);
    left as it is when no line lists such terms, or the price is per a head already."""
    price, base = c.price, c.price_converted or c.price
    shared = per == "person" and people >= 1
    if price is None or base is None or not price.amount or base.each is not None \
            or not (per in (None, TOTAL) or shared):
        return
    hours = work.times("hour") if work is not None else None
    days = days_used(span, "day")
    asked = [("hour", hours)] if hours else []
    asked += [("day", days)] if days else []
    for line in price_lines(c):
        listed = terms(line, price.currency)
        if not any(t.amount == price.amount for t in listed):
            continue  # a line stating another price than the one compared
        for unit, length in asked:
            assert length is not None
            best = cheapest(listed, unit, length)
            if best is None:
                continue
            if best.term.again and best.term.length == 1 and best.rate is None:
                return  # a rate per hour or day times the length: today's reading says so
            amount, more, rate = best.amount, best.more, best.rate
            said = best.term.said if best.times == 1 else f"{best.times} × {best.term.said}"
            factor = base.amount / price.amount  # the page's currency to the one compared
            total = round(amount * factor / (people if shared else 1), 2)
            if not math.isfinite(total):
                return
            c.price_converted = base.model_copy(update={
                "amount": total, "min": None, "max": None,
                "per": per if per in (TOTAL, "person") else None})
            count = f"{length:g}"
            if rate is None:
                flag = TERM_HOURS_FLAG if unit == "hour" else TERM_DAYS_FLAG
                c.flags.append(flag.format(count=count, term=said))
            else:
                flag = EXTRA_HOURS_FLAG if unit == "hour" else EXTRA_DAYS_FLAG
                c.flags.append(flag.format(count=count, term=said, extra=more,
                                           rate=rate.said))
            if shared:
                c.flags.append(SHARED_FLAG.format(count=people))
            return
