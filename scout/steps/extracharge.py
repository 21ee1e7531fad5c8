"""Extras a page states beside its price that the request's ride, stay or job pays: a
surcharge for the time or the day asked ("suplemento nocturno 20 % de 22:00 a 06:00",
"recargo festivos 10 %", "weekend supplement £5"), one for a place the request names
("airport fee £5", "suplemento aeropuerto 5,50 €"), an item the request asks for ("silla
de niño 5 €", "child seats available for $10", with the kind's yes/no input or the
request's own words asking for it), and charges said to be on top ("peajes no incluidos",
"tolls not included", "+ tasas 12 €").

What applies is added to the price rank compares (a share of it, or an amount in its
currency on a whole price), flagged with the working ("45 EUR + 20 % (suplemento
nocturno…) = 54 EUR"). Where the page gives no amount, or the amount cannot go on the
price compared (a fixed fee on a rate per km), the flag says it applies and was not
added; where it cannot be told whether it applies (a night surcharge and no time asked, a
holiday's and a date that may be one, a place the request does not name), the flag says
so instead of guessing. An item or a named fee the request never asks for is the page's
option, left alone.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scout.i18n import N_
from scout.schemas.records import Candidate
from scout.schemas.task import Money
from scout.task.amounts import find_amounts
from scout.task.audienceprice import audience_labelled
from scout.task.lang import fold
from scout.units import TOTAL

#: an extra added, with the working ("45 EUR + 20 % (suplemento nocturno) = 54 EUR")
ADDED = N_("extra added to the price compared: {base} + {extra} ({words}) = {after}")
#: an extra that may apply: the request does not say what tells
MAYBE = N_("an extra may apply, not added (the request does not say whether it does): "
           "{words}")
#: an extra that applies with no amount stated
UNPRICED = N_("an extra applies whose amount the page does not state, not added: {words}")
#: an extra that applies but cannot go on the price compared (a fee on a rate per km)
APART = N_("an extra applies that could not be added to the price compared: {words}")

# what names a surcharge (folded words): it applies to everyone its condition meets
_SURCHARGE = r"(?:suplementos?|recargos?|surcharges?|supplements?)"
# a fee named by what it is for ("airport fee", "tasa de aeropuerto"): it applies when the
# request names that thing
_FEE = r"(?:fees?|tasas?|charges?|cargos?)"
# charges said to be on top of the price, whoever rides or stays
_ON_TOP = re.compile(
    r"\b(?:peajes?|tolls?|tasas?(?:\s+(?:turisticas?|aeroportuarias?|de\s+\w+))?|"
    r"(?:city|tourist|airport|resort)\s+tax(?:es)?|impuestos?\s+locales|taxes)\b"
    r"(?=[^.;]*?\b(?:no\s+incluid[oa]s?|not\s+included|excluded|aparte|extra|on\s+top|"
    r"se\s+pagan?\s+aparte|payable\s+locally)\b)"
    r"|(?:\+|\bplus\b|\bmas\b)\s*(?:los\s+|las\s+)?(?:peajes|tolls|tasas|taxes)\b"
    r"|\b(?:no\s+incluye|does\s+not\s+include|excludes?|excluding|sin\s+incluir)\s+"
    r"(?:los\s+|las\s+|the\s+)?(?:peajes|tolls|tasas|taxes)\b")
_TOLLS = re.compile(r"\b(?:peajes?|tolls?)\b")
# a charge said free or included is none ("tolls included", "peajes incluidos")
_INCLUDED = re.compile(r"\b(?:incluid[oa]s?|included|inclusive|incl|gratis|free|gratuit[oa]s?|"
                       r"sin\s+coste|at\s+no\s+(?:extra\s+)?cost)\b")
_NEGATED = re.compile(r"\b(?:no|not|sin)\s+(?:incluid[oa]s?|included)\b")
# a night's words, and a window of clock times ("de 22:00 a 06:00", "10pm-6am", "entre las
# 22 y las 6", "between 10pm and 6am")
_NIGHT = re.compile(r"\b(?:nocturn[oa]s?|noche|night(?:time|s)?|overnight|madrugada|late)\b")
_CLOCK = r"(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|h|hs)?"
_WINDOW = re.compile(r"(?:\b(?:de|desde|from|entre|between)\s+(?:las?\s+)?)?" + _CLOCK
                     + r"\s*(?:-|–|\ba\b|\bto\b|\by\b|\band\b|\buntil\b|\bhasta\b)\s*"
                     r"(?:las?\s+)?" + _CLOCK + r"(?![\d%])")
# a day's words: a holiday, a Sunday, a weekend
_HOLIDAY = re.compile(r"\b(?:festiv[oa]s?|feriados?|holidays?|bank\s+holidays?)\b")
_WEEKEND = re.compile(r"\b(?:fines?\s+de\s+semana|weekends?|finde)\b")
_SUNDAY = re.compile(r"\b(?:domingos?|sundays?)\b")
_SATURDAY = re.compile(r"\b(?:sabados?|saturdays?)\b")
_PERCENT = re.compile(r"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*(?:%|por\s*ciento|per\s*cent)")
# a clause of a page: split at sentence ends and commas, never inside a number or a time,
# and at brackets: an extra said in brackets in the price's clause is its own ("45 €
# (suplemento nocturno 20 %)", "£60 (airport fee £5)")
_CLAUSE = re.compile(r"(?<!\d)[.;,](?!\d)|[.;,](?=\s)|\n|\||[()\[\]]")
# words no condition is named by
_PLAIN = frozenset(
    "de del la las el los a al en por para con y o the of for a an at to on in with and or "
    "per each cada un una available disponible disponibles request solicitud pedido "
    "desde from hasta until applies aplica se es is are price precio extra extras".split())


@dataclass(frozen=True)
class Asked:
    """What the request says that an extra's condition is read against: its folded text,
    the minute of the day it names (None: none), its date (None: none), and the words of
    the kind's yes/no inputs it answers yes; ``per_one``: its budget is one unit's ("under
    £4 per coat" for 10 coats), which a fee charged once on the order ("Collection
    £3.99") does not go on whole."""

    text: str
    minute: int | None
    date: dt.date | None
    wanted: tuple[str, ...]
    per_one: bool = False


def asked_of(task: Any, inputs: Any) -> Asked:
    """The :class:`Asked` of a Task: its query, the time it says, its first date, and the
    names and aliases (folded) of the boolean inputs it sets true."""
    query = fold(str(getattr(task, "query", "") or ""))
    values = getattr(task, "values", None) or {}
    wanted: list[str] = []
    for name, spec in (inputs or {}).items():
        if getattr(spec, "type", None) == "boolean" and values.get(name) is True:
            wanted += [fold(w) for w in (name.replace("_", " "),
                                         *(getattr(spec, "aliases", None) or [])) if w.strip()]
    per_one = any(getattr(v, "each", None) == "unit" for v in values.values()
                  if isinstance(v, Money))
    return Asked(query, asked_minute(query), _first_date(task), tuple(wanted), per_one)


def _first_date(task: Any) -> dt.date | None:
    types = getattr(task, "types", None) or {}
    values = getattr(task, "values", None) or {}
    for name, kind in types.items():
        value = values.get(name)
        if kind == "date" and isinstance(value, dt.date):
            return value
        start = getattr(value, "start", None)
        if kind == "date" and isinstance(start, dt.date):
            return start
    return None


_ASKED_CLOCK = re.compile(
    r"\b(a\s+las?|at|sobre\s+las|hacia\s+las|around)\s+" + _CLOCK
    + r"|(?<![\d.,£$€])(\d{1,2}):(\d{2})\s*(am|pm|a\.m\.|p\.m\.|h)?(?![\d€$£])"
    r"|(?<![\d.,])(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)(?!\w)")


def asked_minute(folded: str) -> int | None:
    """The minute of the day a request's folded text names ("a las 23:30", "at 11pm",
    "landing 06:15"), None when it names none. A bare number after "at" is an hour only
    with minutes or am / pm ("at 3 stops" is none); Spanish's "a las 23" is one."""
    for m in _ASKED_CLOCK.finditer(folded):
        if m.group(2):
            hour, minute, mark = m.group(2), m.group(3), _mark(m.group(4))
            if not (minute or mark in ("am", "pm") or m.group(1).startswith("a la")):
                continue
        elif m.group(5):
            hour, minute, mark = m.group(5), m.group(6), _mark(m.group(7))
        else:
            hour, minute, mark = m.group(8), None, _mark(m.group(9))
        got = _minutes(hour, minute, mark)
        if got is not None:
            return got
    return None


def _minutes(hour: str, minute: str | None, mark: str | None) -> int | None:
    h = int(hour)
    if h > 24 or (minute is not None and int(minute) > 59):
        return None
    if mark == "pm" and h < 12:
        h += 12
    elif mark == "am" and h == 12:
        h = 0
    return (h % 24) * 60 + int(minute or 0)


@dataclass(frozen=True)
class Extra:
    """One extra a page states: its words as written, a share of the price (percent) or
    an amount, and whether it applies (True, False, or None: cannot be told)."""

    words: str
    percent: float | None
    amount: Money | None
    applies: bool | None


def page_extras(text: str, price: Money, asked: Asked,
                compared: float | None = None) -> list[Extra]:
    """The extras ``text`` states beside ``price`` (the page's own amount, never counted
    as its extra), each with whether it applies to what ``asked`` says; ``compared``: what
    the price comes to as rank compares it, in the page's money (a price per serving times
    the servings asked), which an item asked for costs less than. The page's
    amounts are read once (a fetched page holds hundreds of clauses), each clause given
    its own."""
    found = find_amounts(text)
    # an audience's price ("niños 5 €, adultos 12 €") is a band of the price, never an
    # extra bought with it (scout.task.audienceprice)
    audience = audience_labelled(text, found)
    found = [f for i, f in enumerate(found) if i not in audience]
    out: list[Extra] = []
    start = 0
    bounds = [m.start() for m in _CLAUSE.finditer(text)] + [len(text)]
    for k, end in enumerate(bounds):
        lo, start = start, end + 1
        clause = text[lo:end]
        if not clause.strip(_ENDS) or not _MAY_SAY.search(clause):
            continue
        own = [m for m, (a, b) in found if lo <= a and b <= end]
        extra = _clause_extra(clause.strip(_ENDS), own, price, asked, compared)
        if extra is not None and not _waived_after(text, end, bounds[k + 1:]):
            out.append(extra)
    return out


# an extra waived with what is bought, said right after it in its sentence ("eye test
# £25, free with glasses", "revisión 20 € (gratis con tus gafas)", "lavado 5 €, gratis con
# el corte", "diagnosis £40, waived if we do the repair"): whoever buys the thing asked
# pays none of it. Waived for someone else ("free for under-16s", "gratis para
# estudiantes") or from a spend ("free over £50": a threshold) is no waiver here
_WAIVED = re.compile(
    r"\s*(?:(?:but|pero|y|and|although|aunque)\s+)?(?:(?:it\s+is|it'?s|is|es|son|sale|salen)\s+)?"
    r"(?:free|gratis|gratuit[oa]s?|included|incluid[oa]s?|waived|refunded|refundable|"
    r"reembolsad[oa]s?|reembolsable|deducted|descontad[oa]s?|sin\s+(?:coste|cargo)|"
    r"at\s+no\s+(?:extra\s+)?cost)\b"
    r"(?:\s+(?:de\s+regalo|again))?\s+(?:with|con|if|si|when|cuando|al|upon|on\s+purchase|"
    r"from|del|de\s+la|de\s+los|de\s+las)\b")


def _waived_after(text: str, end: int, later: list[int]) -> bool:
    """Whether the clause after the one ending at ``end`` (``later``: the clause bounds
    after it), in the same sentence (a comma or a bracket between them), says the extra is
    waived with what is bought (:data:`_WAIVED`)."""
    if end >= len(text) or text[end] not in ",()[]" or not later:
        return False
    nxt = fold(text[end + 1:later[0]]).lstrip(" ([")
    return _WAIVED.match(nxt) is not None


# what a clause's ends are stripped of
_ENDS = " .;,|\n()[]"
# what a clause needs to hold an extra: an amount's figure or a charge's word on top
_MAY_SAY = re.compile(r"\d|peaje|toll|tasa|tax", re.IGNORECASE)


def _clause_extra(clause: str, found: list[Money], price: Money,
                  asked: Asked, compared: float | None = None) -> Extra | None:
    folded = fold(clause)
    own = any(m.amount == price.amount and m.currency == price.currency for m in found)
    amounts = [m for m in found if m.amount != price.amount and m.currency == price.currency]
    amount = amounts[0] if amounts else None
    share = _PERCENT.search(folded)
    percent = float(share.group(1).replace(",", ".")) if share and amount is None else None
    on_top = _ON_TOP.search(folded) is not None
    if own and not on_top:
        return None  # the price's own clause ("Traslado 45 €"), unless it says tolls on top
    surcharge = re.search(r"\b" + _SURCHARGE + r"\b", folded) is not None
    fee = re.search(r"\b" + _FEE + r"\b", folded) is not None
    if _INCLUDED.search(folded) and not _NEGATED.search(folded) and not on_top:
        return None  # "tolls included", "free child seat"
    if on_top:
        if amount is None and price.tax == "excluded" and not _TOLLS.search(folded):
            return None  # "$300 + taxes": the price's tax basis, put on it by taxprice
        return Extra(clause, percent, amount, True)
    if not surcharge:
        if fee and (amount is not None or percent is not None):
            return _named(clause, folded, percent, amount, asked)
        if amount is not None and _wanted(folded, asked) \
                and amount.amount < max(price.amount, compared or 0.0):
            # an item asked for ("child seat £8", "child seats $8 each"): one of it, its
            # "each" the item's, never a head's; what is added costs less than what it is
            # added to (a "return €330" beside "€180 one way" is the return's own fare),
            # which is the whole order's price where a price per head is multiplied ("£4
            # per slice" for 12 is £48: its "Delivery £8" is added)
            if amount.per in ("person", "unit") or amount.each is not None:
                amount = amount.model_copy(update={"per": None, "each": None})
            return Extra(clause, None, amount, True)
        return None
    window = _WINDOW.search(folded)
    if _NIGHT.search(folded) or window is not None:
        return Extra(clause, percent, amount, _time_applies(window, asked.minute))
    if _HOLIDAY.search(folded) or _WEEKEND.search(folded) or _SUNDAY.search(folded) \
            or _SATURDAY.search(folded):
        day = _day_applies(folded, asked)
        return None if day is False else Extra(clause, percent, amount, day)
    return _named(clause, folded, percent, amount, asked)


def _named(clause: str, folded: str, percent: float | None, amount: Money | None,
           asked: Asked) -> Extra | None:
    """A surcharge or a fee named by what it is for ("airport fee", "suplemento
    aeropuerto"): it applies when the request names that, or a yes/no input it answers yes
    does; one naming nothing ("recargo 10 %") applies to all. One for a thing the request
    does not name (a breakfast's supplement, an exit fee) is the page's option, left
    alone."""
    words = _label_words(folded)
    if not words or any(_said(w, asked.text) for w in words) or _wanted(folded, asked):
        return Extra(clause, percent, amount, True)
    return None


def _label_words(folded: str) -> list[str]:
    """The words a clause names its condition by: its letters' words, less a surcharge's
    or a fee's own and the plain ones (articles, "per", "available")."""
    words = re.findall(r"[a-z]{3,}", folded)
    return [w for w in words if w not in _PLAIN
            and not re.fullmatch(_SURCHARGE + "|" + _FEE + r"|eur|euros?|usd|gbp|libras?|"
                                 r"pounds?|dollars?|dolares|pesos?", w)]


def _said(word: str, text: str) -> bool:
    """Whether ``text`` (folded) says ``word`` in either number ("airport", "airports")."""
    stem = re.sub(r"(?:es|s)$", "", word) if len(word) > 4 else word
    return re.search(r"\b" + re.escape(stem) + r"(?:s|es)?\b", text) is not None


def _wanted(folded: str, asked: Asked) -> bool:
    """Whether the clause names a thing the request asks for by a yes/no input (its name
    or an alias: "silla infantil" for ``child_seat``), in either number."""
    return any(re.search(r"\b" + re.escape(w) + r"(?:s|es)?\b", folded) for w in asked.wanted)


def _time_applies(window: re.Match[str] | None, minute: int | None) -> bool | None:
    """Whether the time asked is in the surcharge's window (or, with none stated, in the
    hours no one calls other than night, 22:00 to 06:00; out of it, 07:00 to 20:00); None
    with no time asked or one between."""
    if minute is None:
        return None
    if window is not None:
        start = _minutes(window.group(1), window.group(2), _mark(window.group(3)))
        end = _minutes(window.group(4), window.group(5), _mark(window.group(6)))
        if start is None or end is None:
            return None
        return start <= minute < end if start < end else minute >= start or minute < end
    if minute >= 22 * 60 or minute < 6 * 60:
        return True
    return False if 7 * 60 <= minute < 20 * 60 else None


def _mark(mark: str | None) -> str | None:
    return mark.replace(".", "") if mark else None


def _day_applies(folded: str, asked: Asked) -> bool | None:
    """Whether a day's surcharge applies on the date asked: a Sunday's or a weekend's by
    its weekday; a holiday's when the request says one, else cannot be told (a date may be
    a holiday where it is). None also with no date asked."""
    holiday, weekend = _HOLIDAY.search(folded), _WEEKEND.search(folded)
    sunday, saturday = _SUNDAY.search(folded), _SATURDAY.search(folded)
    if holiday and _HOLIDAY.search(asked.text):
        return True
    if asked.date is None:
        return None
    day = asked.date.weekday()
    if (sunday or weekend) and day == 6 or (saturday or weekend) and day == 5:
        return True
    return None if holiday else False


def add_extras(c: Candidate, asked: Asked) -> None:
    """Add to ``c``'s compared price the extras its page states that apply to ``asked``,
    flagged with the working; flag those that may apply, or apply with no amount or none
    that goes on the price compared."""
    if c.price is None:
        return
    base = c.price_converted or c.price
    texts = [f"{e.title} {e.text}" for e in c.evidence if e.price is not None
             and e.price.amount == c.price.amount]
    # what the price comes to as compared (a price per serving times the servings
    # asked), which an item asked for costs less than: only in the page's own money
    whole = base.amount if base.currency == c.price.currency else None
    extras = _unique(x for t in texts[:1] for x in page_extras(t, c.price, asked, whole))
    total = base
    for x in extras:
        if x.applies is False:
            continue
        if x.applies is None:
            c.flags.append(MAYBE.format(words=x.words))
            continue
        if x.percent is None and x.amount is None:
            c.flags.append(UNPRICED.format(words=x.words))
            continue
        # a fee in money is the order's, once: on one unit's price against a budget per
        # unit it would be counted whole on each ("£4.50 per lab coat" + "Collection
        # £3.99" is no 8.49 a coat), so it is said to apply, not added
        added = None if asked.per_one and x.percent is None else _added(total, base, c.price, x)
        if added is None:
            c.flags.append(APART.format(words=x.words))
            continue
        shown = f"{x.percent:g} %" if x.percent is not None else str(x.amount)
        new = total.model_copy(update={
            "amount": round(total.amount + added, 2),
            **({"max": round(total.max + added, 2)} if total.max is not None else {})})
        c.flags.append(ADDED.format(base=str(_plain(total)), extra=shown, words=x.words,
                                    after=str(_plain(new))))
        total = new
    if total is not base:
        c.price_converted = total
        c.extras_added = round(total.amount - base.amount, 2)


def _added(total: Money, base: Money, stated: Money, x: Extra) -> float | None:
    """What ``x`` adds to ``total``: its share of the price, or its amount (in the page's
    currency, at the rate ``base`` was converted by) on a whole price; None when it goes
    on none (an amount beside a price per km, per person or per night)."""
    if x.percent is not None:
        return round(total.amount * x.percent / 100, 2)
    assert x.amount is not None
    if total.per not in (None, TOTAL) or total.each is not None or x.amount.per is not None \
            or x.amount.currency != stated.currency or not stated.amount:
        return None
    return round(x.amount.amount * base.amount / stated.amount, 2) \
        if base.currency != stated.currency else x.amount.amount


def _plain(m: Money) -> Money:
    return m.model_copy(update={"min": None, "max": None, "comparator": "="})


def _unique(extras: Iterable[Extra]) -> list[Extra]:
    seen: set[str] = set()
    out = []
    for x in extras:
        if x.words not in seen:
            seen.add(x.words)
            out.append(x)
    return out
