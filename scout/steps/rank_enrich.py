"""How ``rank`` derives each candidate's rating and price from its evidence: the
evidence joins its candidate, sources that disagree give the conservative value, and the
price is put on the footing it is compared on, by the price-basis steps in order (the
versions asked, the currency, the people and heads counted, a team's seats, a pack or
bundle, the budget's period, a promotion's later price). What a phase's ``where`` and
``order_by`` then read of it is :mod:`scout.steps.rank`'s.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from scout.adapters.facts import conservative_price, conservative_rating, shop_offers
from scout.config.models import CurrencyTable
from scout.i18n import N_
from scout.schemas.records import Candidate, EvidenceSet, Offer
from scout.schemas.task import HEADS, Money, TaxBasis
from scout.units import PERIOD_DAYS, TOTAL, WORK_UNITS, per_factor
from scout.steps.samecandidate import domain_of
from scout.steps.promoprice import first_months, first_time, offer_amounts, promotion
from scout.steps.rank_heads import for_people
from scout.steps.periodnotes import BUDGET, FLOOR, PEERS, is_period_flag
from scout.steps.rank_periods import put_on_period, to_period
from scout.steps.dailycap import HOUR_RATES
from scout.steps.distancerate import for_distance
from scout.steps.eachprice import as_unit
from scout.steps.groupsize import for_group
from scout.steps.headprice import as_heads
from scout.steps.listprice import local_dollar, restate_items
from scout.steps.packprice import for_bundle, for_pack
from scout.steps.packterm import for_terms
from scout.steps.tripfare import as_one_persons, for_trip
from scout.steps.seasonprice import for_season
from scout.steps.nounprice import for_nouns
from scout.steps.seatprice import for_seats
from scout.steps.piecepacks import for_pieces, per_piece, restate_packs
from scout.steps.serviceprice import restate_service
from scout.steps.slotlength import flag_length, restate_lengths
from scout.steps.slotprice import for_slot
from scout.steps.staylength import Span
from scout.steps.taxprice import stated_on_basis
from scout.steps.termcost import for_term
from scout.steps.tierprice import flag_tier, restate_tiers
from scout.steps.variantprice import restate
from scout.steps.workbasis import Work
from scout.task.amounts import find_amounts, listed_amounts
from scout.task.audienceprice import children_amount
from scout.task.memberprice import members_amount


def convert(money: Money, target: str, table: CurrencyTable | None) -> Money | None:
    if money.currency == target:
        return money
    if money.amount == 0 and not money.min:  # free is free in every currency
        return money.model_copy(update={"currency": target})
    if table is None:
        return None
    rates = {table.base: 1.0, **table.rates}
    if money.currency not in rates or target not in rates:
        return None
    if not rates[money.currency] > 0 or not 0 < rates[target] < math.inf:
        return None  # a rate of 0, below 0, inf or NaN converts nothing
    amount = money.amount / rates[money.currency] * rates[target]
    if not math.isfinite(amount):  # 1e308 at a rate above 1: no price to compare
        return None
    # a listing's range's top converts with it ("28-34 GBP" is both ends in euros)
    top = round(money.max / rates[money.currency] * rates[target], 2) \
        if money.max is not None else None
    return money.model_copy(update={"amount": round(amount, 2), "currency": target,
                                    "max": top})


#: a price or rating only ``order_by`` reads, unknown: nothing went unchecked, the list's
#: order could not use it
_ORDER_ONLY = (N_("price unknown (used only to order the list)"),
               N_("rating unknown (used only to order the list)"))
#: the flags that say a record's price is unknown (rank drops them where the kind worked
#: its cost out without one)
PRICE_UNKNOWN = frozenset({_ORDER_ONLY[0], N_("price unknown")})


def enrich(candidates: list[Candidate], evidence_sets: list[EvidenceSet],
           currency: str | None, table: CurrencyTable | None,
           checks: frozenset[str] = frozenset({"price", "rating"}),
           per: str | None = None, periods: dict[tuple[str, str, str], int] | None = None,
           floor: bool = False, peers: bool = False,
           variants: tuple[dict[str, list[str]], list[str]] | None = None,
           span: Span | None = None, ordered: frozenset[str] = frozenset(),
           people: int | None = None, each: str | None = None, work: Work | None = None,
           heads: dict[str, int] | None = None,
           tax: TaxBasis | None = None,
           rates: dict[str, float] | None = None,
           bundle: tuple[str, list[str]] | None = None,
           pack: str | None = None, group: bool = False,
           member: bool = False, dates: Any = None, child: bool = False,
           term: tuple[tuple[str, ...], int, int | None] | None = None,
           counts_people: bool = True,
           trip: bool | None = None,
           one_persons: bool = False,
           head_words: tuple[list[str], list[str]] = ([], []),
           counted: dict[str, dict[tuple[str, str, str], int]] | None = None,
           tiers: Sequence[tuple[re.Pattern[str], float | None, bool]] = (),
           nouns: Sequence[tuple[str, int]] = (),
           start_month: int | None = None,
           items: tuple[Sequence[str], Sequence[str]] = ((), ()),
           slot_length: float | None = None,
           subject: frozenset[str] = frozenset(),
           pieces: float | None = None,
           ) -> tuple[list[Candidate], bool]:
    """Attach evidence and derive rating/price. Returns (candidates, any value converted).
    A candidate is flagged "price unknown" / "rating unknown" only for the fields in
    ``checks`` (what the phase's ``where`` and ``order_by`` read). ``per``: the budget's
    period; ``periods`` counts, per (outcome, price's period, budget's), the prices
    converted to it ("converted") or not comparable with it ("incomparable"). ``floor``:
    the request's money is a floor (a salary): of sources that disagree the lowest amount
    is the conservative one, and the flags speak of an amount, not a price. ``peers``:
    ``per`` is no money's in the request but the period the listings are compared with
    each other per (:func:`scout.steps.rank_peers.peer_period`). ``variants``: the
    versions an item is sold in, each value's words, and those asked: each source's
    price is one version's (:func:`scout.steps.variantprice.restate`). ``span``: how long
    the stay asked lasts (its dates, or a duration: :mod:`scout.steps.staylength`), for a
    budget for the whole of it (``per`` "total") and a price per a longer period, paid
    whole (:func:`scout.steps.rank_periods.paid_whole`).
    ``ordered``: the fields of ``checks`` only ``order_by`` reads: unknown, they checked
    nothing, and the flag says what they were for ("rating unknown (used only to order
    the list)"), not that a requirement went unchecked. ``people``: how many the request
    is for, a price per person being the group's
    (:func:`scout.steps.rank_heads.for_people`; ``group``: the kind's prices naming no
    head are the group's, rank's ``group_prices``); ``heads`` the other heads counted, by
    basis (``{"pet": 2}``), a price per pet being all of them's. ``each``: what the budget is per (a
    user, a seat: "€10 per user per month"), a team's price being shared by the number it
    covers (:func:`scout.steps.seatprice.for_seats`), and a pack's price stating no unit
    by the units of work it buys when the budget is per one, or (``pack``: no money asked)
    the others' prices are (:func:`scout.steps.packprice.for_pack`). ``work``: the phase's units of work
    (a page in words, the work asked: :mod:`scout.steps.workbasis`). ``tax``: the tax basis
    a page stating one price on both is read on (:func:`scout.steps.taxprice.stated_on_basis`),
    ``rates`` the config's tax rates it tells one price's two amounts by. ``bundle``: the
    kind's unit and the words a page counts it with, a price for several being divided by
    them (:func:`scout.steps.packprice.for_bundle`). ``member``: the request says whoever
    asks is a member, so a page's members' price beside the one anyone pays is the price
    (:func:`_as_asker`). ``dates``: the request's dates (a Task's value), the season a
    page's seasons' prices are read for (:func:`scout.steps.seasonprice.for_season`).
    ``term``: rank's ``term_cost`` (its fee words, its months with no contract, the months
    the request buys for when it says), a price a month being its average over the
    contract, or over the term asked (:func:`scout.steps.termcost.for_term`).
    ``counts_people``: rank declares the people or heads the kind counts; in a kind that
    declares none a page's "£65 each" is one unit's price (:mod:`scout.steps.eachprice`).
    ``trip``: rank's ``return_trip`` (None: undeclared), whether a return is asked, a
    fare being put on the trip asked (:func:`scout.steps.tripfare.for_trip`).
    ``one_persons``: rank's ``person_prices``, a price naming no head being one person's
    (:func:`scout.steps.tripfare.as_one_persons`).
    ``head_words``: the kind's words for the people and the pets it counts, with which a
    page says a price is one head's (:func:`scout.steps.headprice.as_heads`). ``counted``
    gets, per candidate's key, what it added to ``periods`` (so rank can take back a note
    on a record whose cost the kind worked out itself). ``tiers``: the readers of the
    inputs a page lists its prices by, size or count, each source's price the tier's the
    request asks (:func:`scout.steps.tierprice.restate_tiers`). ``start_month``: the
    request's today's month, when a contract's yearly rise in a named month first comes
    (:func:`scout.steps.termcost.for_term`). ``nouns``: the things the request counts,
    a page's price per one of them ("€45 per headshot") being that many times it
    against a budget for all of them (:func:`scout.steps.nounprice.for_nouns`). ``items``:
    the kind's add-ons' words and its nouns, a source's price read off an add-on's amount
    ("Silla de niño 5 €. Traslado 60 €") being the thing's
    (:func:`scout.steps.listprice.restate_items`). ``slot_length``: the minutes the
    request asks a slot to last, each source pricing several lengths being the one asked's
    (:func:`scout.steps.slotlength.restate_lengths`). ``subject``: the words of the
    request's subject, a source pricing several services being the one's it names
    (:func:`scout.steps.serviceprice.restate_service`). ``pieces``: the pieces the
    request counts (rank's ``tiers`` integer input), a pack's price ("bandeja 25 uds 30 €")
    being the packs they need (:mod:`scout.steps.piecepacks`)."""
    by_key = {c.key: c.model_copy(deep=True) for c in candidates}
    for es in evidence_sets:
        for ev in es.items:
            c = by_key.get(ev.subject or "")
            if c is not None and all(e.id != ev.id for e in c.evidence):
                c.evidence.append(ev)
    converted_any = False
    for c in by_key.values():
        before = dict(periods or {})
        c.evidence = restate_items(c.evidence, currency, *items)
        # "corte 18 €, tinte 35 €, mechas 60 €" for "mechas": the service asked's (before
        # the versions, tiers and lengths, which say more where a page states them)
        c.evidence = restate_service(c.evidence, subject)
        # "docena 9 €, media docena 5 €": the pack covering the pieces asked cheapest
        c.evidence = restate_packs(
            c.evidence, pieces, amount=lambda p: _comparable(p, currency, table, per, work))
        # a source pricing only other versions than the one asked states none for it
        # ("autónomos 40 €/mes" for a company asked): the candidate's own price, read off
        # the same words, is none either
        other_versions = False
        if variants is not None:
            priced = sum(e.price is not None for e in c.evidence)
            c.evidence = restate(c.evidence, *variants,
                                 amount=lambda p: _comparable(p, currency, table, per, work))
            other_versions = priced > 0 and all(e.price is None for e in c.evidence)
        if currency and currency != "USD":  # "semi cama $4.500" for a request in CLP
            c.evidence = [e.model_copy(update={"price": e.price.model_copy(
                update={"currency": currency})})
                if e.price is not None and e.price.currency == "USD"
                and local_dollar(f"{e.title} {e.text}", currency) else e for e in c.evidence]
        tiered: dict[str, tuple[str, str, str | None]] = {}
        if tiers:  # "1 dormitorio 45 €, 2 dormitorios 60 €": the size asked's
            c.evidence, tiered = restate_tiers(
                c.evidence, tiers, amount=lambda p: _comparable(p, currency, table, per, work))
        # "Clase 45 min 30 €, 60 min 38 €": the length asked's
        c.evidence, lengthed = restate_lengths(
            c.evidence, slot_length, amount=lambda p: _comparable(p, currency, table, per, work))
        # sources that disagree: the conservative value (lowest rating, highest price)
        stated = [e.rating for e in c.evidence if e.rating is not None]
        if stated:
            c.rating = round(conservative_rating(stated) or 0.0, 2)
            counts = [e.rating_count for e in c.evidence if e.rating_count]
            c.rating_count = max(counts) if counts else c.rating_count
        # a quote stating an amount on the period compared after its first price (a car
        # park's "desde 1,95 €/h ... abono mensual 75 €/mes" against a budget a month):
        # its price is that amount, so the report's evidence line beside the quote shows
        # what the table compares, never the rate left uncompared; a copy, for the
        # evidence set is the other phases' too
        c.evidence = [e.model_copy(update={"price": on}) if e.price is not None and (
            on := _on_period(as_unit(e.price, f"{e.title} {e.text}", counts_people, per),
                             f"{e.title} {e.text}", per, work)) != e.price else e
            for e in c.evidence]
        # a page stating one price on both tax bases: the one on the basis compared
        prices = [(e.url, stated_on_basis(_on_period(e.price, f"{e.title} {e.text}", per, work),
                                          f"{e.title} {e.text}", tax, rates))
                  for e in c.evidence if e.price is not None]
        # sources stating a period the budget's converts from say more than the others
        # (a "per person" price among monthly rents is not the rent)
        bases = work.bases if work is not None else None
        prices = [p for p in prices if per_factor(p[1].per, per, bases=bases) is not None] \
            or prices
        # with no budget's period to put them on, two sources' prices per other periods
        # (one's "15 €/mes", another's "120 €/año") are compared on one of theirs, never
        # raw: the dearer is the yearly 180 €, not the 120 € figure
        amount = functools.partial(_comparable, currency=currency, table=table,
                                   per=per if per in PERIOD_DAYS else _shared_period(
                                       [p for _url, p in prices]) or per, work=work)
        offers = [] if floor else shop_offers(prices, {c.url, *c.sources}, amount)
        c.offers = [Offer(url=url, shop=domain_of(url), price=p) for url, p in offers]
        if prices and floor:
            c.price = min((p for _url, p in prices), key=amount)
        elif offers:  # two shops' prices are two offers: the cheapest is the price
            c.price = offers[0][1]
        elif prices:
            c.price = conservative_price(prices, amount)
        elif other_versions:
            c.price = None
        c.flags = [f for f in c.flags if not f.endswith("unknown") and f not in _ORDER_ONLY
                   and not is_period_flag(f)]
        flag_tier(c, tiered)  # compared at a tier other than the one asked: said so
        flag_length(c, lengthed)  # and at a length other than the one asked
        if c.price is not None and member:
            _as_asker(c, members_amount, MEMBER_FLAG)
        if c.price is not None and child:  # "para mi hijo de 8 años": the children's price
            _as_asker(c, children_amount, CHILD_FLAG)
        if c.price is not None:  # "temporada alta 60 €, baja 45 €": the dearer season's
            for_season(c, dates)
        if c.price is not None and term is not None:  # an offer and fees over the contract
            for_term(c, *term, start_month=start_month)
        if c.price is not None and trip is not None:  # "ida y vuelta 89 €", a single twice
            for_trip(c, trip)
        if c.price is not None and one_persons:  # a fare's "desde 19,90 €": one passenger's
            as_one_persons(c)
        if c.price is not None and currency and c.price.currency != currency:
            conv = convert(c.price, currency, table)
            if conv is not None:
                c.price_converted = conv
                converted_any = True
                c.flags.append(N_("price converted from {currency} (approximate)").format(
                    currency=c.price.currency))
            else:
                c.flags.append(N_("price in {currency}, no rate to {target}").format(
                    currency=c.price.currency, target=currency))
        asked = {**(heads or {}), "person": people or 0}
        if c.price is not None and counts_people:
            # "Precio por niño: 180 €/semana": one child's, whatever its unit says
            as_heads(c, *head_words)
        if c.price is not None and (per == TOTAL or pack is None):
            # "Pack 4 h: 450 €, Pack 8 h: 800 €": the pack covering the hours asked (with
            # no money asked beside rates per hour, a pack is put per hour below instead)
            for_terms(c, per, work, span, people or 0)
        if c.price is not None:
            # a slot's price ("Pista 90 minutos: 24 €") for the length asked, before the
            # heads: once per person, for_people leaves it
            if not _by_terms(c):  # a pack covering the length is booked whole
                for_slot(c, per, people or 0, work)
            else:  # its flag quotes the pack compared: no second word on the length
                c.flags = [f for f in c.flags if f not in lengthed.values()]
            # "docena 9 €" against "1 € la unidad": per piece; "bandeja 25 uds 30 €" for
            # 50 against a budget for the order: two of them (a tier says itself)
            if not tiered and not per_piece(c, per, pieces, each):
                for_pieces(c, pieces, per)
            # "Menu for 10 people: £250" against a budget per person: the page's group
            for_group(c, per, people or 0)
            for_people(c, per, asked, periods, each, group, work)
        if c.price is not None and each and each not in HEADS:
            for_seats(c, each)
        if c.price is not None and nouns and each is None and per in (None, TOTAL):
            # "€45 per headshot" for 8 headshots: eight times it against the budget for all
            for_nouns(c, nouns)
        if c.price is not None and "price" in checks:
            # "250 €, desplazamiento 0,30 €/km": the rate times the distance asked, or said
            # to be on top of the price
            for_distance(c, per, work)
        if c.price is not None and bundle is not None:
            for_bundle(c, *bundle)
        elif c.price is not None and (unit := per if per in WORK_UNITS else pack) \
                and ("price" in checks or pack):
            # "Bono de 10 horas por 300 €" against a budget per hour, or with no money
            # asked beside the others' prices per hour (``pack``: what a report shows per
            # hour is then the ranking's, checked or not); a kind declaring its own
            # bundle has said how its prices count, so no second division
            for_pack(c, unit, peers=peers or per is None)
        # put on the budget's period only when the phase reads the price: a kind that
        # works out its own cost (a tariff's rate per kWh times the kWh asked) checked the
        # budget itself, and "price per kWh cannot be compared" would say it did not
        if c.price is not None and per and "price" in checks:
            put_on_period(c, per, periods, PEERS if peers else FLOOR if floor else BUDGET,
                          span, work)
        if counted is not None and periods is not None:
            counted[c.key] = {k: n - before.get(k, 0) for k, n in periods.items()
                              if n != before.get(k, 0)}
        if c.price is not None and c.video is None and c.term is None:  # "first month free"
            _flag_promotion(c)
        if c.video is not None:
            continue  # a video has no price or rating: their absence says nothing
        if c.price is None and "price" in checks:
            c.flags.append(_ORDER_ONLY[0] if "price" in ordered and not floor
                           else N_("amount unknown") if floor else N_("price unknown"))
        if c.rating is None and "rating" in checks:
            c.flags.append(_ORDER_ONLY[1] if "rating" in ordered else N_("rating unknown"))
    return list(by_key.values()), converted_any


def _shared_period(prices: Sequence[Money]) -> str | None:
    """The period two or more of ``prices`` are stated per, when they state different
    ones (the first stated), to compare them on one footing; None otherwise."""
    periods = [str(p.per) for p in prices if p.per in PERIOD_DAYS]
    return periods[0] if len(set(periods)) >= 2 else None


def _by_terms(c: Candidate) -> bool:
    """Whether ``c``'s price was put on its page's pack or term covering the length asked
    (:mod:`scout.steps.packterm`): the whole booking's, no slot's or head's to count."""
    return any(f.startswith("compared at the cheapest of the page's") for f in c.flags)


def _on_period(price: Money, text: str, per: str | None, work: Work | None) -> Money:
    """``price``, or another amount its ``text`` states per a period the budget's ``per``
    converts from when ``price``'s does not: a car park's "desde 1,95 €/h ... abono
    mensual 75 €/mes" against "menos de 90 € al mes" is 75 €/mes (the budget's own period
    first), where the rate per hour was left uncompared. A rate per hour or minute that the
    hours asked put on a day (:mod:`scout.steps.dailycap`) stays, and so does a price with
    no other amount on such a period."""
    bases = work.bases if work is not None else None
    if per not in PERIOD_DAYS or per_factor(price.per, per, bases=bases) is not None:
        return price
    if price.per in HOUR_RATES and work is not None and work.times(str(price.per)) is not None:
        return price
    fits = [m for m, _span in listed_amounts(text) if m.currency == price.currency
            and m.per is not None and per_factor(m.per, per, bases=bases) is not None]
    if not fits:
        return price
    return min(fits, key=lambda m: m.per != per).model_copy(update={"comparator": price.comparator})


MEMBER_FLAG = N_("members' price, as the request says it is a member's")
#: a page's amount for who asks beside the price anyone pays: (text, its amounts, price)
AmountFor = Callable[[str, Sequence[tuple[Money, tuple[int, int]]], Money], "Money | None"]
CHILD_FLAG = N_("children's price, as the request is for a child")


def _as_asker(c: Candidate, reader: AmountFor, flag: str) -> None:
    """The price a page states beside ``c``'s (the one anyone pays, the adults') for who
    asks: a member's (:func:`scout.task.memberprice.members_amount`), a child's
    (:func:`scout.task.audienceprice.children_amount`); ``reader(text, amounts, price)``
    finds it; flagged with ``flag``."""
    assert c.price is not None
    for e in c.evidence:
        if e.price is None or e.price.amount != c.price.amount:
            continue
        text = f"{e.title or ''} {e.text or ''}"
        theirs = reader(text, find_amounts(text), c.price)
        if theirs is not None:
            c.price = theirs.model_copy(update={"comparator": c.price.comparator})
            c.flags.append(flag)
            return


def _flag_promotion(c: Candidate) -> None:
    """Say so when a source states a promotional price that rises: the price compared is
    the later one (scout/steps/promoprice.py), and the reader sees both; or an offer for
    the first months only ("Primer mes gratis"): the price compared is the one after it,
    and an offer's own amount ("first month £1") is no price at all; or one for a first
    time only ("Primer envío gratis", "50% off your first order"): the price compared is
    what every time after it costs."""
    for e in c.evidence:
        text = f"{e.title or ''} {e.text or ''}"
        words = promotion(text) if e.price is not None else None
        if words:
            # "First month £1, then £42.50/month" is an offer for the first months, said
            # with the price after it: its own words, quoting both amounts
            first = first_months(text)
            said = _OFFER_FLAG if first and _overlap(first, words, text) else _PROMO_FLAG
            flag = said.format(words=words)
            if flag not in c.flags:
                c.flags.append(flag)
            if said is _OFFER_FLAG:
                c.intro_offer = words
            return
    for e in c.evidence:
        words = first_months(f"{e.title or ''} {e.text or ''}")
        if not words:
            continue
        if c.price is not None and c.price.amount in offer_amounts(words):
            c.price = c.price_converted = None  # the offer's, not what is paid after it
        flag = _OFFER_FLAG.format(words=words)
        if flag not in c.flags:
            c.flags.append(flag)
        c.intro_offer = words
        return
    for e in c.evidence:  # "Primer envío gratis": a first time's offer, never the price
        words = first_time(f"{e.title or ''} {e.text or ''}")
        if words:
            flag = _FIRST_TIME_FLAG.format(words=words)
            if flag not in c.flags:
                c.flags.append(flag)
            return


_FIRST_TIME_FLAG = N_("offer for a first time only, compared at the price paid every time "
                      "after it: “{words}”")
_PROMO_FLAG = N_("promotional price, compared at the price after it: “{words}”")
_OFFER_FLAG = N_("offer for the first months only, compared at the price after it: "
                 "“{words}”")


def _overlap(first: str, words: str, text: str) -> bool:
    """Whether the first months' offer ``first`` is said within (or across) the
    promotion ``words`` in ``text``: one offer, never another sentence's."""
    a, b = text.find(first), text.find(words)
    return a >= 0 and b >= 0 and a < b + len(words) and b < a + len(first)


def _comparable(money: Money, currency: str | None, table: CurrencyTable | None,
                per: str | None = None, work: Work | None = None) -> float:
    conv = convert(money, currency, table) if currency else None
    timed = to_period(conv or money, per, work=work)
    return (timed or conv or money).amount
