"""Amounts of money in a page's text (a listing's snippet, a fetched page), for the steps
that read prices: every amount with a currency (:func:`scout.task.money.iter_money`), a
range's two ends apart, and of them those a listing may state as its price.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout.schemas.task import Money
from scout.task.lang import fold
from scout.task.audienceprice import children_only
from scout.task.bracketprice import bounds_only
from scout.task.fundedprice import funded_only
from scout.task.itemprice import items_only
from scout.task.memberprice import members_only
from scout.task.minimumspend import minimums_only
from scout.task.offpeak import off_peak_only
from scout.task.money import iter_money
from scout.task.pricelabel import LABEL_GAP, label_re
from scout.task.pageprices import shop_text, span_back
from scout.task.priceparts import with_parts
from scout.task.readers import QueryText
from scout.task.sharedperiod import shared_periods
from scout.units import PERIOD_DAYS

# a page's text read: longer than a query (a fetched page's price block), still bounded
_MAX_TEXT_CHARS = 10000  # five times a query's bound (parser.MAX_QUERY_CHARS)


def find_amounts(text: str) -> list[tuple[Money, tuple[int, int]]]:
    """Every amount with a currency in ``text`` (for price extraction from snippets). A
    range ("€120 - €200") gives both ends, low first, as separate amounts at one span, the
    low one carrying the top as its ``max`` (a listing's price is its range's low end,
    what "from €120" means, and still a range: :func:`scout.steps.listprice.find_price`
    keeps both ends). Prices written as shops
    write them ("1 299 Kč", "CHF 1'299.–") are read too (:mod:`scout.task.pageprices`);
    spans are ``text``'s. A period said once after a list of amounts is each one's
    (:mod:`scout.task.sharedperiod`)."""
    shop, starts, ends = shop_text(text[:_MAX_TEXT_CHARS])
    t = QueryText(shop)
    out: list[tuple[Money, tuple[int, int]]] = []
    for money, found, _ in iter_money(t.free, t.original, [], occasions=True):
        span = span_back(starts, ends, found)
        if money.min is not None and _currency_of_low_only(text[span[0]:span[1]]):
            # "19,99 € - 25% dto.", "30 € - 45 min": the figure after the dash is none
            out.append((money.model_copy(update={"amount": money.min, "min": None}), span))
            continue
        if money.min is not None:
            low = money.model_copy(update={"amount": money.min, "min": None,
                                           "max": money.amount})
            out.append((low, span))
            money = money.model_copy(update={"min": None})
        out.append((money, span))
    # "grado I 1.850 €, grado II 2.100 €, grado III 2.400 € al mes": each a month's
    return shared_periods(text, out, _ends_a_list, _priced)


# a currency said before a range's first figure ("$80-120", "EUR 80-120", "£28–34")
_SAID_BEFORE = re.compile(r"[^\w\s\-–]|\b[A-Z]{3}\b|\b[A-Z]{1,2}\$")
_FIGURE = re.compile(r"\d")


def _currency_of_low_only(said: str) -> bool:
    """Whether the range the money reader read in ``said`` has its currency written only
    right after its low figure, its top bare ("19,99 € - 25", before "% dto."): a price
    and another number, no range. A range says its currency before its first figure
    ("$80-120"), after its top ("28-34 €/mes") or at both ends ("£28–£34")."""
    said = said.rstrip()
    first = _FIGURE.search(said)
    return bool(said) and said[-1].isdigit() and first is not None \
        and _SAID_BEFORE.search(said[:first.start()]) is None


# the most a listing's amount may be: a grant of millions, a flat priced in pesos or in
# rupees is one (a bound only keeps numbers no price has, such as a phone number read
# with a currency, out)
MAX_LISTED_AMOUNT = 1e12


# what an amount under 1 is a rate of: "0,08 € por palabra", "$0.90 per audio minute",
# "0,15 €/kWh", "£0.05 a text"; a fraction said alone ("0,50 € de descuento") is no price
_RATE_AFTER = re.compile(r"\s*(?:/\s*|(?:per|por|an?|each|cada|x)\s+)[^\W\d_]")


# what is paid beside a price, named next to its amount: a fee, a deposit, a charge, a
# penalty, a start ("exit fee of £75", "300 € de fianza", "£20 joining fee", "standing charge
# 60p/day", a nursery's or a gym's "Matrícula 150 €" beside its fee a month); folded
# words, as labels are (:mod:`scout.task.moneylabels`). A gym's "cuota" is its price, and
# a tax is a price's basis (:mod:`scout.task.taxbasis`), not beside it; a page stating
# only a "matrícula" (a master's) states its price so
_BESIDE = ("fee", "deposit", "charge", "surcharge", "penalty", "comision", "fianza",
           "deposito", "penalizacion", "cargo", "recargo", "gastos", "matricula", "senal",
           "anticipo", "advance payment", "prepayment", "down payment", "pago a cuenta",
           "booking deposit", "por recarga", "per charge", "por conexion", "per connection",
           "por sesion de carga", "per charging session",
           # what starting costs, paid once ("onboarding £99, then £60 a month", "set-up
           # £150", an accountant's, a software tool's, a host's)
           "onboarding", "set-up", "setup")
# of those, what is paid ahead of the price, towards it or held against it: never the
# price, even where the page states no other amount ("Señal 50 € para reservar",
# "deposit £100 to secure your date" is no 50 € or £100 booking: its price is unknown)
_AHEAD = ("deposit", "fianza", "deposito", "senal", "anticipo", "advance payment", "prepayment",
          "down payment", "pago a cuenta", "booking deposit", "reserva con", "paga y senal",
          # a card's pre-authorisation, held and given back ("retención de 50 €", "a £30
          # pre-authorisation hold", as chargers, hotels and car hire take one)
          "retencion", "preautorizacion", "pre-autorizacion", "pre-authorisation",
          "pre-authorization", "preauthorisation", "preauthorization", "pre-auth", "hold",
          "bloqueo")
_AHEAD_BEFORE = re.compile(label_re(_AHEAD) + r"(?:\s+(?:de|del|of|for|para)\s+[^\W\d_]+)?"
                           # its share of the price said ("anticipo del 30 %: 450 €")
                           + r"(?:\s+(?:de|del|of)\s+(?:el\s+|la\s+)?\d{1,3}\s?%)?" + LABEL_GAP)
_AHEAD_AFTER = re.compile(r"\s*(?:(?:de|del|of|the|la|el|en|as|como)\s+)?(?:[^\W\d_]+\s+)?"
                          + label_re(_AHEAD))
# "£99 fees included", "120 € gastos incluidos": in the price
_IN_IT = r"(?!\s*(?:incl|inclu))"
# right before it, with what it is for between ("penalización por baja 60 €", "gastos de
# gestión: 20 €", "fee for early exit £30")
_BESIDE_BEFORE = re.compile(label_re(_BESIDE) + r"(?:\s+(?:por|de|del|of|for|para)\s+[^\W\d_]+)?"
                            + LABEL_GAP)
# right after the amount, one word between at most ("£20 joining fee", "300 € de
# fianza"), none that makes it the price's ("£99 plus fees", "120 € sin comisiones")
_BESIDE_AFTER = re.compile(
    r"\s*(?:(?:de|del|of|the|la|el|en|in)\s+)?"
    r"(?:(?!(?:plus|mas|y|and|or|o|no|sin|without|with|con|free|excl|incl)\b)[^\W\d_]+\s+)?"
    + label_re(_BESIDE) + _IN_IT)


# an amount per a unit of data moved or kept ("Egress: $20 per TB", "0,02 €/GB", "$0.10 per
# GB-month"): what using a service costs beside its price (a cloud machine's egress, its
# disk), the price only when the page states no other
_PER_DATA = re.compile(r"\s*(?:/\s*|(?:per|por|an?|el|the)\s+)(?:[kmgtp]i?b|gigas?|teras?)(?![^\W\d_])")


# what a price rises by, a contract's yearly rise ("sube 2 € al año", "price rises each
# April by £3", "se incrementa en 1,50 €", "£3.50 a month more every April"): no price of
# its own (scout/steps/pricerise.py adds it over the contract); what it rises to ("sube a
# 35 €", "rises to £42") is the later price
_RISE_BEFORE = re.compile(
    r"\b(?:sub(?:e|en|ira|iran)|aument(?:a|an|ara)|(?:se\s+)?incrementa(?:n|ra)?|rises?|"
    r"increases?|goes\s+up|go\s+up|(?:subida|aumento|incremento|rise|increase|uplift)\s+of|"
    r"(?:subida|aumento|incremento)\s+de)"
    r"(?:\s+(?:each|every|cada|al|a|per|por|in|en|the|el)\s+[^\W\d_]+)?"
    r"(?:\s+(?:by|en|de|un|of))?\s*$")
_RISE_AFTER = re.compile(r"(?:\s*(?:a|al|per|por|the|el|la)\s+(?:month|mes))?\s+(?:more|mas)\s+"
                         r"(?:each|every|cada|al|a|per|por)\b")


# a fee that is the whole price of a service, said so ("fixed fee £1,950", "£950 flat fee",
# "honorarios fijos"): a lawyer's or an agency's price, never a fee beside another price
_PRICE_FEE = r"(?:fixed|flat|all[\s-]?in(?:clusive)?|total|legal|professional)[\s-]+fees?"
_PRICE_FEE_BEFORE = re.compile(r"(?<![\w])" + _PRICE_FEE
                               + r"(?:\s+(?:por|de|del|of|for|para)\s+[^\W\d_]+)?" + LABEL_GAP)
_PRICE_FEE_AFTER = re.compile(r"\s*(?:(?:\+|plus|mas)\s*(?:vat|iva|tax)\s+)?" + _PRICE_FEE
                              + r"(?![\w])")


def _beside_price(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` of ``text`` is named as what is paid beside a
    price (a fee, a deposit, a charge) by a word right before or right after it, is what
    a price rises by (:data:`_RISE_BEFORE`), or is a rate per unit of data
    (:data:`_PER_DATA`). A fee said to be the whole price (:data:`_PRICE_FEE`) is none:
    "fixed fee £1,950 + VAT for a debt claim up to £25,000" is priced 1,950."""
    before = fold(text[max(0, span[0] - 40):span[0]])
    after = fold(text[span[1]:span[1] + 40])
    whole = _PRICE_FEE_BEFORE.search(before) is not None or _PRICE_FEE_AFTER.match(after)
    return (not whole and (_BESIDE_BEFORE.search(before) is not None
                           or _BESIDE_AFTER.match(after) is not None)) \
        or _RISE_BEFORE.search(before) is not None or _RISE_AFTER.match(after) is not None \
        or _PER_DATA.match(fold(text[span[1]:span[1] + 20])) is not None


# what a listing offers beside the thing asked, for its own amount: a meal ("Comedor 90 € al
# mes" beside a nursery's "Cuota 380 €", a congress's "gala dinner €60"), parking, a
# supplement or an add-on. Folded words, as _BESIDE's. Unlike a fee it is a price itself
# (a restaurant's "cena 60 €", a car park's), so it is left out only where the page labels
# another amount as the price, its fee or its cuota (:func:`_extras`)
_EXTRA = ("comedor", "comida", "almuerzo", "cena", "desayuno", "meal", "lunch", "dinner",
          "breakfast", "catering", "parking", "aparcamiento", "garaje", "garage",
          "suplemento", "supplement", "add-on", "extra", "opcional", "optional")
_EXTRA_BEFORE = re.compile(label_re(_EXTRA) + LABEL_GAP)
_EXTRA_AFTER = re.compile(
    r"\s*(?:(?:de|del|of|for|para|por|the|la|el)\s+)?" + label_re(_EXTRA) + _IN_IT)
# what labels an amount as what is paid for the thing itself, right before it ("Precio:",
# "Cuota 380 €", "Tarifa", "Registration fee: €450", "Entrada 30 €"): a price word, or a
# fee's that may be the price (a deposit or a charge never is)
_THE_PRICE = re.compile(label_re(("precio", "price", "cuota", "mensualidad", "tarifa", "pvp",
                                  "fee", "matricula", "inscripcion", "registration",
                                  "ticket", "entrada", "admission"))
                        + r"(?:\s+(?:por|de|del|of|for|para)\s+[^\W\d_]+)?" + LABEL_GAP)


def _extras(text: str, found: list[tuple[Money, tuple[int, int]]]) -> set[int]:
    """The indexes of the ``found`` amounts named as an extra (:data:`_EXTRA`) when another
    one is labelled as the price, a cuota or a fee (:data:`_THE_PRICE`), or, with none so
    labelled, those a dearer amount no word names as an extra or a fee stands beside:
    "Registration fee: €450, gala dinner €60." is priced 450, "Breakfast £12, room £95"
    95, "Cena degustación 60 €, vino 20 €" is a restaurant's 60."""
    extra = {i for i, (_, (start, end)) in enumerate(found)
             if _EXTRA_BEFORE.search(fold(text[max(0, start - 40):start]))
             or _EXTRA_AFTER.match(fold(text[end:end + 40]))}
    priced = any(i not in extra and _THE_PRICE.search(fold(text[max(0, start - 40):start]))
                 for i, (_, (start, _end)) in enumerate(found))
    if priced:
        return extra
    # no amount labelled as the price: an extra is still none beside a dearer amount
    # that is no extra and no fee, for as much ("Breakfast £12, room £95" is 95: what is
    # added costs less than what it is added to); a cheaper one is no main amount
    # ("Cena degustación 60 €, vino 20 €" stays 60), nor one for another period ("Parking
    # 2,50 € la hora, abono 60 € al mes"); a breakfast per person beside a room per night is
    main = [m for i, (m, span) in enumerate(found)
            if i not in extra and not _beside_price(text, span)]
    return {i for i in extra
            if any(m.amount > found[i][0].amount and m.currency == found[i][0].currency
                   and not _other_periods(m.per, found[i][0].per) for m in main)}


def named_extra(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` of ``text`` is named as an extra (:data:`_EXTRA`: a
    supplement, parking, a meal) by a word right before or right after it: beside a rate
    per km or m³ it is what is added to the rate, never the price ("1,20 €/km.
    Suplemento aeropuerto 5,50 €": :func:`scout.steps.listprice.find_price`)."""
    before = fold(text[max(0, span[0] - 40):span[0]])
    return _EXTRA_BEFORE.search(before) is not None \
        or _EXTRA_NAMED_BEFORE.search(re.split(r"[.;|\n]|\d", before)[-1]) is not None \
        or _EXTRA_AFTER.match(fold(text[span[1]:span[1] + 40])) is not None


# an extra's word with what it is for after it, in its clause, as Spanish says it
# ("suplemento aeropuerto 5,50 €", "suplemento nocturno 20 %", "parking de larga estancia
# 12 €")
_EXTRA_NAMED_BEFORE = re.compile(label_re(_EXTRA) + r"(?:\s+(?:de\s+|del\s+)?[^\W\d_]+){1,2}"
                                 + LABEL_GAP)


def _ahead(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is named as paid ahead of the price or held against
    it (:data:`_AHEAD`: a deposit, a "señal", an advance), by a word right before or right
    after it."""
    before = fold(text[max(0, span[0] - 40):span[0]])
    return _AHEAD_BEFORE.search(before) is not None \
        or _AHEAD_AFTER.match(fold(text[span[1]:span[1] + 40])) is not None


# the spend above which something is free, a condition and never a price ("envío gratis
# desde 60 €", "gratis a partir de 60 €", "free delivery on orders over £50", "free
# shipping above $40"): "free" then, in its clause, the threshold's word right before the
# amount; "Free delivery. Cakes from £45" and "entrega gratis, tartas desde 30 €" stay prices
_THRESHOLD_BEFORE = re.compile(
    r"\b(?:gratis|gratuit[oa]s?|free|sin coste|sin cargo)\b[^.,;:!?\d€$£]{0,40}?"
    r"(?:\bdesde|\ba partir de|\bpor encima de|\bmas de|\bsuperior(?:es)? a|\bover|\babove|"
    r"\bfrom|\bupwards of|\bwhen you spend|\bif you spend|\bal superar)\s*[^\w\s]{0,3}\s*$")


def _threshold(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is the spend above which something is free
    (:data:`_THRESHOLD_BEFORE`): a condition, no price."""
    # the money reader keeps the comparator in the amount's span ("desde 60 €"), so the
    # threshold's word is read up to the figure
    figure = re.search(r"\d", text[span[0]:span[1]])
    end = span[0] + (figure.start() if figure else 0)
    return _THRESHOLD_BEFORE.search(fold(text[max(0, end - 60):end])) is not None


# what is paid after a sum paid ahead, the rest of the price ("Señal 300 €, resto 900 €",
# "deposit £200, balance £650 due on the day", "900 € restantes"): the price is both
_BALANCE = ("resto", "restante", "pendiente", "saldo", "balance", "remaining", "remainder",
            "rest", "el resto", "the rest", "balance due", "final payment", "pago final")
_BALANCE_BEFORE = re.compile(label_re(_BALANCE) + r"(?:\s+(?:de|del|of|a|to)\s+[^\W\d_]+)?"
                             + LABEL_GAP)
_BALANCE_AFTER = re.compile(r"\s*(?:(?:de|del|of|the|el|la)\s+)?" + label_re(_BALANCE))
# the day a rest is paid on, no period ("950 € el día de la boda", "the day of the event")
_ON_THE_DAY = re.compile(r"\b(?:el|the)\s+(?:dia|day)\s+(?:de|del|of)\b")
# what is held against the price, never paid towards it: no part of it
_HELD = re.compile(r"(?<![\w])(?:fianzas?|security\s+deposits?|damage\s+deposits?|retencion(?:es)?|"
                   r"pre-?autori[sz]ations?|pre-?autorizacion(?:es)?|holds?)(?![\w])")


def _with_balance(text: str, found: list[tuple[Money, tuple[int, int]]]
                  ) -> list[tuple[Money, tuple[int, int]]]:
    """``found`` with an amount named as the rest of the price after one paid ahead of it
    (:data:`_BALANCE`, :func:`_ahead`; in its currency and period) made the two's sum: the
    price is what is paid in all ("Señal 300 €, resto 900 €" is 1.200 €); a deposit held
    against the price (a "fianza") is none of it."""
    out = list(found)
    ahead: tuple[Money, tuple[int, int]] | None = None
    for i, (m, span) in enumerate(found):
        before = fold(text[max(0, span[0] - 40):span[0]])
        if _ahead(text, span) and not _HELD.search(before) \
                and not _HELD.match(fold(text[span[1]:span[1] + 30]).lstrip()):
            ahead = (m, span)
            continue
        if ahead is not None and m.per == "day" and ahead[0].per is None \
                and _ON_THE_DAY.search(fold(text[span[0]:span[1] + 12])):
            m = m.model_copy(update={"per": None})  # "resto 950 € el día de la boda"
        if ahead is not None and m.currency == ahead[0].currency and m.per == ahead[0].per \
                and m.min is None and (_BALANCE_BEFORE.search(before)
                                       or _BALANCE_AFTER.match(fold(text[span[1]:span[1] + 30]))):
            out[i] = (m.model_copy(update={"amount": round(m.amount + ahead[0].amount, 2),
                                           "max": None}), span)
            ahead = None
    return out


def _ends_a_list(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is named as a fee, a deposit or a charge
    (:func:`_beside_price`) or an extra (:data:`_EXTRA`): no item of a list of versions'
    prices that share one period (:mod:`scout.task.sharedperiod`)."""
    return _beside_price(text, span) \
        or _EXTRA_BEFORE.search(fold(text[max(0, span[0] - 40):span[0]])) is not None \
        or _EXTRA_AFTER.match(fold(text[span[1]:span[1] + 40])) is not None


def _priced(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is labelled as the price (:data:`_THE_PRICE`)."""
    return _THE_PRICE.search(fold(text[max(0, span[0] - 40):span[0]])) is not None


#: the periods an amount may be per, an hour's among them
_TIMES = frozenset({*PERIOD_DAYS, "hour", "minute"})


def _other_periods(a: str | None, b: str | None) -> bool:
    """Whether ``a`` and ``b`` are two different periods (an hour and a month)."""
    return a != b and a in _TIMES and b in _TIMES


def listed_amounts(text: str, items: Sequence[str] = (),
                   nouns: Sequence[str] = ()) -> list[tuple[Money, tuple[int, int]]]:
    """The amounts ``find_amounts`` reads in ``text`` that a listing may state as its
    price: at least 1 and at most ``MAX_LISTED_AMOUNT``; with none such, those under 1
    that a unit follows, a rate per word or minute (a phone plan's "0,01 €/min" beside its
    "10 €/mes" is a call's rate, not the plan's price). An amount named as a fee, a
    deposit or a charge is none while another amount is one: a tariff's "exit fee of
    £75" is not its price over its rates per kWh, nor a flat's deposit over its rent; a
    page stating only fees (a course's "fee") states its price so. An amount named as an
    extra (a meal, parking, a supplement) is none where another is labelled as the
    price, its cuota or its fee (:func:`_extras`); so is a members' price beside the price
    anyone pays (:func:`scout.task.memberprice.members_only`: "Socios 16 €, no socios
    28 €" is 28), nor an off-peak rate beside the day's (:func:`scout.task.offpeak.
    off_peak_only`: "Valle 0,39 €/kWh, 0,55 €/kWh el resto del día" is 0,55), nor is a funded or public place's beside a private one
    (:func:`scout.task.fundedprice.funded_only`: "plaza concertada 1.200 €, plaza privada
    2.300 €" is 2.300), nor a child's beside an adult's
    (:func:`scout.task.audienceprice.children_only`: "niños 5 €, adultos 12 €" is 12), nor
    a fee bracket's bound or a share's floor (:func:`scout.task.bracketprice.bounds_only`:
    "hasta 500 €: 4,99 €" is 4,99, "1 % (mín. 3 €)" none). With the kind's add-ons' words (``items``) and nouns, an add-on's
    amount beside the thing's is none either (:func:`scout.task.itemprice.items_only`:
    "Silla de niño 5 €. Traslado 60 €" is 60). The spend above which something is free
    ("envío gratis desde 60 €", "free delivery over £50") is never one (:func:`_threshold`),
    nor a minimum order, spend or booking (:func:`scout.task.minimumspend.minimums_only`:
    "Pedido mínimo 300 €. Menú 25 €/persona" is 25)."""
    found = _with_balance(text, find_amounts(text))
    # a minimum order is a condition, first: the amounts beside it are read without it
    minimums = minimums_only(text, found)
    found = [f for i, f in enumerate(found) if i not in minimums]
    # a membership that buys a lower rate per kWh: the page states two of them
    two_rates = len({m.amount for m, _ in found if m.per in _ENERGY}) >= 2
    extras = _extras(text, found) | members_only(text, found) | funded_only(text, found) \
        | children_only(text, found) | bounds_only(text, found) \
        | items_only(text, found, items, nouns) | off_peak_only(text, found)
    found = [f for i, f in enumerate(found) if i not in extras and not _threshold(text, f[1])]
    # "montura 49 € + cristales 60 €": the parts of one price, their sum
    found = with_parts(text, found, lambda span: _ends_a_list(text, span) or _ahead(text, span),
                       items)
    plain = [(m, span) for m, span in found
             if not _beside_price(text, span) and not _ahead(text, span)]
    # a page stating only fees states its price so, never one stating only what is paid
    # ahead of it (a deposit, a "señal")
    fees = [(m, span) for m, span in found if not _ahead(text, span)]
    for pool in (plain, fees):
        whole = [(m, span) for m, span in pool if 1 <= m.amount <= MAX_LISTED_AMOUNT]
        # the money reader keeps a unit it knows in the amount's span ("0,08 €/palabra":
        # per word), so the words after the span are read only for one it does not
        rates = [(m, span) for m, span in pool if 0 < m.amount < 1 and (
            m.per is not None or _RATE_AFTER.match(text, span[1]) is not None)]
        if two_rates and whole and rates and all(_membership(text, span) for _, span in whole) \
                and any(m.per in _ENERGY for m, _ in rates):
            # "0,49 €/kWh; con suscripción 9,99 €/mes 0,35 €/kWh", "69p/kWh for subscribers
            # (£7.85 a month), 87p/kWh pay as you go": a plan's fee buys a member a lower
            # rate, so it is what a member pays beside the energy's rate, no price of it (a
            # membership beside one rate, "Charging 12p/kWh, membership £8 a month", stays
            # the price: the rate may be an extra of what the membership buys)
            return rates
        if whole or rates:
            return whole or rates
    return []


#: units energy is sold by: a rate per one is the price beside a membership's fee
_ENERGY = frozenset({"kWh", "MWh"})
# a membership or a subscription named by the amount, in its clause: "suscripción 9,99
# €/mes", "for subscribers (£7.85 a month)", "membership £4.99/month"
_MEMBERSHIP = ("suscripcion", "subscription", "subscriber", "suscriptor", "membership",
               "membresia", "members", "socios")
_MEMBERSHIP_BEFORE = re.compile(label_re(_MEMBERSHIP) + r"[^\d.;:!?]{0,12}$")
_MEMBERSHIP_AFTER = re.compile(r"[^\d.;:!?]{0,8}?" + label_re(_MEMBERSHIP))


def _membership(text: str, span: tuple[int, int]) -> bool:
    """Whether the amount at ``span`` is named as a membership's or a subscription's fee
    (:data:`_MEMBERSHIP`), right before it or right after it."""
    return _MEMBERSHIP_BEFORE.search(fold(text[max(0, span[0] - 40):span[0]])) is not None \
        or _MEMBERSHIP_AFTER.match(fold(text[span[1]:span[1] + 30])) is not None
