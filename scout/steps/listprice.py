"""The price a result's title and snippet state (an amount with its currency, per
night or person first, the regular price after a promotion's, not a rate per m², m³ or km
while it states a whole price, nor a fee charged once beside a rate, nor a price struck
through), and the currency a listing's
"free" is 0 in."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scout.schemas.records import Evidence
from scout.schemas.task import Money
from scout.steps.freeprice import says_free
from scout.steps.pricewords import (fixed_fee, former_price, labelled_period, labelled_price,
                                    pass_period, per_size, stated_period)
from scout.steps.promoprice import regular_index
from scout.task.amounts import listed_amounts, named_extra
from scout.task.itemprice import names_item, names_re
from scout.task.lang import fold
from scout.spec.statedmoney import SAYS_USD
from scout.task.taxbasis import page_basis
from scout.units import PERIOD_DAYS, measure_unit

_PER_UNIT = re.compile(r"\b(?:per|a|/)\s*(night|person|day)\b", re.I)


def find_price(text: str, currency: str | None = None, items: Sequence[str] = (),
               nouns: Sequence[str] = ()) -> Money | None:
    """The price in ``text``: one stated per night/person first, else the first amount
    (of a promotion that rises, "9 €/mes durante 6 meses, luego 14 €/mes", the later one:
    :mod:`scout.steps.promoprice`), on the tax basis said beside it, else the one the text
    says of its prices as a whole ("precios sin IVA", "all prices exclude VAT":
    :func:`scout.task.taxbasis.page_basis`);
    with no amount, 0 in ``currency`` (the context's: the request's budget) when the
    text says getting in is free (:func:`scout.steps.freeprice.says_free`). ``items`` and
    ``nouns``: the kind's add-ons' words and its nouns, folded, an add-on's amount beside
    the thing's being none (:mod:`scout.task.itemprice`)."""
    price = _find_price(text, currency, items, nouns)
    if price is not None and currency and price.currency == "USD" and local_dollar(text, currency):
        price = price.model_copy(update={"currency": currency})
    if price is not None and price.tax is None and price.amount and (basis := page_basis(text)):
        return price.model_copy(update={"tax": basis})
    return price


# what says a "$" on a page is the US dollar (one pattern with ``stated``'s)
_SAYS_USD = SAYS_USD
#: a "$" price with its period in English ("$6.99/mo", "$79.95 per month", "$120/yr", "$2.50
#: an hour"): a page priced for the US, read by a buyer elsewhere (a Mexican lab pricing a
#: US host), never a peso's "$249 al mes" / "$249/mes"
_ENGLISH_PERIOD = re.compile(
    r"\$\s?\d[\d.,]*\s*(?:/\s*(?:mo|mth|month|yr|year|hr|hour)\b|per\s+(?:month|year|hour|"
    r"night|day|week)\b|an?\s+(?:month|year|hour|night|day|week)\b|monthly\b|annually\b)",
    re.I)


def dollar_written(currency: str | None) -> bool:
    """Whether ``currency`` (the request's money) is one written with a bare "$" other
    than the US dollar (a peso, the Canadian or Australian dollar)."""
    from scout.task.cldr import currencies

    return bool(currency) and currency != "USD" and currency in currencies().symbols.get("$", ())


def local_dollar(text: str, currency: str) -> bool:
    """Whether the bare "$" of ``text`` is ``currency``, the request's money: a currency
    written with "$" other than the US dollar (Chile's, Mexico's, Argentina's, Colombia's
    peso, the Canadian or Australian dollar), and a page that never says the US dollar
    ("semi cama $4.500" read for "máximo 8.000 CLP" is 4.500 CLP, never 4,500 USD with no
    rate to compare it; "US$ 30", "USD", "dollars" keep the US dollar)."""
    return (dollar_written(currency) and "$" in text and not _SAYS_USD.search(text)
            and not (_ENGLISH_PERIOD.search(text) and not _SAYS_LOCAL.search(text)))


#: a page naming a peso or a local dollar by its code or its name ("$249 MXN al mes", "199
#: pesos"): its "$" is that currency's whatever period words it writes
_SAYS_LOCAL = re.compile(r"\b(?:MXN|CLP|ARS|COP|CAD|AUD|NZD|UYU|pesos?|CA\$|A\$)\b|"
                         r"\bMX\$|\bCOL\$", re.I)


def _find_price(text: str, currency: str | None, items: Sequence[str] = (),
                nouns: Sequence[str] = ()) -> Money | None:
    """:func:`find_price`'s price, on the basis said beside it only."""
    # a range's top is read beside its low end, at one span: the price is the low end
    # carrying the top ("entre 28 y 34 €/mes" is 28-34 €/mes, compared from 28), never
    # a second price a promotion's or a label's rule could take for the one asked
    listed = listed_amounts(text, items, nouns)
    stated = [f for i, f in enumerate(listed) if not (i and _range_top(listed[i - 1], f))]
    if not stated:
        # an amount wins over "free": "Rooms 120 €, free entry to the beach club" is
        # 120, and a wrong 0 would pass every budget
        if currency and says_free(text):
            return Money(amount=0, currency=currency, comparator="=")
        return None
    # a rate per m², m³ or km is no whole price: a listing that states one beside it is
    # priced by that one; one that states only a rate is priced per its measure ("35
    # €/m³": per "m3"), which rank compares only on that basis or times the measure asked
    found = [(m, span) for m, span in stated
             if not per_size(text, span[1]) and measure_unit(text, span[1]) is None]
    if len(found) < len(stated):
        # "bajada de bandera 2,50 €, 1,20 €/km": a fee charged once beside a rate is no
        # price (the trip's is the rate's), and nor is an extra added to it ("Suplemento
        # aeropuerto 5,50 €", "parking 3 €"), as a listing's extras are none beside its price;
        # nor an add-on the kind's yes/no inputs name ("2,90 €/kg. Recogida a domicilio
        # 5 €"), which items_only cannot weigh against a rate by its amount: what it adds
        # when asked is scout.steps.extracharge's
        found = [(m, span) for m, span in found
                 if not fixed_fee(text, span) and not named_extra(text, span)
                 and not names_item(text, span, items, nouns)]
    else:
        # "salida 30 € + 35 €/hora", "£60 call-out, then £45/hour", "desplazamiento 20 €,
        # montaje desde 60 €": beside a rate or a price of its own, such a fee is none
        # either; a page stating only the fee states its price so
        priced = [(m, span) for m, span in found if not fixed_fee(text, span)]
        found = priced or found
    if not found:
        rate = next(((m, measure) for m, span in stated
                     if (measure := measure_unit(text, span[1])) is not None), None)
        if rate is None:
            return None
        return rate[0].model_copy(update={"per": rate[1], "comparator": "="})
    # a price struck through is not the one asked now, when the one asked now follows
    # ("Was $120.00 Now $60.00", "Antes 120 € - Ahora 99 €")
    found = [(m, span) for i, (m, span) in enumerate(found)
             if i == len(found) - 1 or not former_price(text, span)]
    spans = [span for _, span in found]
    for i, (_, span) in enumerate(found):
        unit = _PER_UNIT.search(text[span[1]: span[1] + 20])
        if unit:
            # a promotion's price is not the one paid after it: read the later one
            later, _ = found[regular_index(text, spans, i)]
            per = later.per or unit.group(1).lower()
            return later.model_copy(update={"per": per, "comparator": "="})
    # the amount labelled as the price, else the first ("Comunidad: 60 €/mes. Precio:
    # 210.000 €" is 210.000); a stay's price per night or person stays first
    stay = any(m.per in ("night", "person", "day") for m, _ in found)
    first = 0 if stay else next(
        (i for i, (_, span) in enumerate(found) if labelled_price(text, span[0])), 0)
    price, span = found[regular_index(text, spans, first)]
    # "Turno de 15 días: 690 €", "€900 for the 2-week session": a session's price
    # "Semana: 3.500 €", "Half day: €600": a price list's period written as its label
    period = None if price.per else stated_period(text, span) or labelled_period(text, span)
    if not period and not price.per and (said := pass_period(text, span)):
        # "Adult day pass CHF 72": a pass's period; a design choice: beside passes for
        # other periods ("pase de día 15 €, bono mensual 140 €") the listing sells several,
        # none its one period, so the first is left with none, compared in the request's
        others = {pass_period(text, s) or labelled_period(text, s) or m.per
                  for m, s in found if s != span} & PERIOD_DAYS.keys()
        period = None if others - {said} else said
    return price.model_copy(update={"comparator": "=", **({"per": period} if period else {})})


def _range_top(before: tuple[Money, tuple[int, int]],
               this: tuple[Money, tuple[int, int]]) -> bool:
    """Whether ``this`` amount is the top of the range whose low end is ``before``
    (:func:`scout.task.amounts.find_amounts` reads both at one span)."""
    return before[1] == this[1] and before[0].max == this[0].amount


def listing_currency(task: Any, config: Any = None) -> str | None:
    """The currency a listing's "free" is 0 in: the request's first amount's (what its
    prices are compared in), else the base of the config's currency table."""
    first = getattr(task, "first_of_type", None)  # a Task (none before F0 has run)
    budget = first("money") if first is not None else None
    if isinstance(budget, Money):
        return budget.currency
    table = getattr(config, "currency", None)
    return getattr(table, "base", None)


def restate_items(evidence: list[Evidence], currency: str | None, items: Sequence[str],
                  nouns: Sequence[str] = ()) -> list[Evidence]:
    """``evidence`` with each price read off its text as the first amount restated as the
    thing's own where that amount was an add-on's (the kind's ``items``, its ``nouns``:
    :mod:`scout.task.itemprice`): a transfer's "Silla de niño 5 €. Traslado 60 €" is
    60, never 5. Copies: the evidence set is the other phases' too."""
    said = names_re(items)
    if said is None:
        return evidence
    out = []
    for e in evidence:
        text = f"{e.title} {e.text}"
        if e.price is not None and said.search(fold(text)) and find_price(text, currency) == e.price \
                and (again := find_price(text, currency, items, nouns)) is not None \
                and again != e.price:
            e = e.model_copy(update={"price": again})
        out.append(e)
    return out
