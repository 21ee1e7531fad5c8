"""A fare for the trip asked, one way or a return (rank's ``return_trip``): a train's,
a coach's, a ferry's or a transfer's page states a single fare ("desde 19,90 €", "£19.90
one way", "24 € por trayecto") and often a return one beside it ("ida y vuelta 89,90 €",
"open return £120", "return from £45"). A request asking a return (the kind's yes/no
input, or a return date) is compared at the page's return fare where it states one, else
at its single fare twice; a request asking one way is never compared at a return fare
when the page states a single one beside it. Each is flagged so the report says how the
fare was put on the trip asked. Chain: none."""

from __future__ import annotations

import re

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.steps.packprice import price_lines
from scout.task.amounts import listed_amounts
from scout.task.lang import fold
from scout.units import MEASURE_UNITS

# a return fare's words, folded: "ida y vuelta", "i/v", "round trip", "roundtrip",
# "open return", "day return", "return" said of the amount beside it
_RETURN = (r"(?:billetes?\s+de\s+|tarifas?\s+de\s+|precio\s+de\s+)?(?:ida\s+y\s+vuelta|i\s*/\s*v|"
           r"round[\s-]?trips?|(?:open|day|off[\s-]peak|anytime|super\s+off[\s-]peak)?\s*returns?)"
           r"(?:\s+(?:fares?|tickets?))?")
# between the label and the amount: a cue of a price, never another clause
_CUE = r"\s*(?::|-|desde|from|a\s+partir\s+de|por|for|at|de|only|solo)?\s*(?:desde|from)?\s*"
_BEFORE = re.compile(r"\b" + _RETURN + _CUE + r"$")
_AFTER = re.compile(r"^\s*(?:\(|,)?\s*(?:en\s+)?" + _RETURN + r"\b")
# an amount said right after a label (its cue between): the label is that amount's
_NEXT_AMOUNT = re.compile(_CUE + r"[$€£¥]?\s*\d")
# a single fare's words: a price said to be for one way ("solo ida", "each way")
_SINGLE = re.compile(r"\b(?:s[oó]lo\s+ida|one[\s-]way|single|each\s+way|por\s+trayecto|"
                     r"per\s+journey|cada\s+trayecto|por\s+sentido)\b")

# a price said to be the booking's or the party's, not one passenger's
_WHOLE = re.compile(r"\b(?:total|en\s+total|in\s+total|per\s+booking|por\s+reserva|family|familiar|"
                    r"familia|group|grupo|for\s+(?:two|2|\d+\s+(?:people|adults|passengers))|"
                    r"para\s+(?:dos|2|\d+\s+(?:personas|adultos|pasajeros)))\b")
ONE_PERSON_FLAG = N_("a fare naming no passenger taken as one person's, to compare it as the "
                     "group's")
RETURN_FLAG = N_("the return fare its page states, to compare it as the return trip asked")
DOUBLED_FLAG = N_("single fare times 2, to compare it as the return trip asked")
SINGLE_FLAG = N_("return fare: the one-way trip asked may cost less")


def is_return(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` of ``text`` is said to be a return fare: the words
    right before it ("ida y vuelta desde 89,90 €", "return: £45") or right after it
    ("89 € ida y vuelta", "£120 open return")."""
    before = fold(text[max(0, span[0] - 40):span[0]])
    before = re.split(r"[.;|\n]|\d", before)[-1]  # the clause the amount is said in
    after = fold(text[span[1]:span[1] + 40])
    label = _AFTER.search(after)
    if label is not None and _NEXT_AMOUNT.match(after, label.end()):
        # "ida 40 €, ida y vuelta 70 €", "£40 single, return £70": the return's words
        # after a comma lead the next amount, whose label they are
        label = None
    return bool(_BEFORE.search(before) or label)


def _amounts(c: Candidate, currency: str) -> list[tuple[Money, bool, str]]:
    """Every amount in ``currency`` ``c``'s evidence states, whether each is a return
    fare, and its text."""
    out = []
    for e in c.evidence:
        text = f"{e.title or ''}. {e.text or ''}"
        for m, span in listed_amounts(text):
            if m.currency == currency and m.amount:
                out.append((m, is_return(text, span), text))
    return out


def for_trip(c: Candidate, asked_return: bool) -> None:
    """Put ``c``'s price on the trip asked: a return at the return fare its pages state
    (the least of them), else its single fare twice; one way at a single fare its pages
    state beside a return one. Flagged; the price's head and period are kept."""
    price = c.price
    if price is None or not price.amount or price.per in MEASURE_UNITS:
        # a taxi's "1,20 €/km" is the same rate either way: a return doubles the km,
        # never the rate (rank's ``volume`` puts it on the distance asked)
        return
    said = _amounts(c, price.currency)
    chosen_is_return = any(r for m, r, _ in said if m.amount == price.amount)
    if asked_return:
        fares = [m for m, r, _ in said if r]
        if fares:
            fare = min(fares, key=lambda m: m.amount)
            if fare.amount != price.amount:
                c.price = fare.model_copy(update={
                    "comparator": price.comparator, "per": fare.per or price.per,
                    "each": fare.each or price.each})
            c.flags.append(RETURN_FLAG)
            return
        if any(_SINGLE.search(fold(t)) for t in price_lines(c)) or not chosen_is_return:
            c.price = price.model_copy(update={
                "amount": price.amount * 2,
                "max": price.max * 2 if price.max is not None else None})
            c.flags.append(DOUBLED_FLAG)
        return
    if not chosen_is_return:
        return
    singles = [m for m, r, _ in said if not r]
    if singles:
        one = min(singles, key=lambda m: m.amount)
        c.price = one.model_copy(update={"comparator": price.comparator,
                                         "per": one.per or price.per})
        return
    c.flags.append(SINGLE_FLAG)


def as_one_persons(c: Candidate) -> None:
    """Rank's ``person_prices``: ``c``'s price naming no head and no period (a fare's
    "desde 19,90 €", "£35.50 Advance Single") is one person's, so the people asked
    multiply it (:func:`scout.steps.rank_heads.for_people`); a line saying the price is
    the booking's or the party's ("£60 for 2 adults", "89 € en total") keeps it whole."""
    price = c.price
    if price is None or price.per is not None or price.each is not None:
        return
    if any(_WHOLE.search(fold(t)) for t in price_lines(c)):
        return
    c.price = price.model_copy(update={"per": "person"})
    c.flags.append(ONE_PERSON_FLAG)
