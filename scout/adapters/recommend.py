"""The keyless synthesis's recommendation: the best rated option that fits the request,
the cheapest one (by the amount the ranking compared: a set's price for the quantity
asked, not a unit's; none where the money is a floor: a salary), and the trade-off between
the top two of the shortlist, each fact cited to the evidence that stated it (prices on
one tax basis: a price said before tax that no rate put on the others' basis is only
the least it costs, so it is never the cheapest against one with the tax or not saying, and
a difference from it is "at least"; the sentence says why); when nothing fits, it says so and names the closest (a list of videos, or of
anything a kind neither rates nor prices, is recommended by the kind's own ranking).
When the kind ranks by something else first (neither the best rated nor the cheapest
heads the table), the table's first is named first, so the synthesis and the table's
order do not disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scout.adapters.candidate_notes import own_passages
from scout.adapters.conflicts import closest
from scout.adapters.facts import same_price, same_rating
from scout.i18n.messages import localize
from scout.schemas.sources import SynthesisSentence
from scout.schemas.task import Money
from scout.units import PERIOD_DAYS, RATE_UNITS, TOTAL

if TYPE_CHECKING:
    from scout.adapters.contract import EvidenceItem
    from scout.adapters.structured import Builder
    from scout.adapters.subjects import Subject


def recommend(syn: Builder, short: list[Subject]) -> list[SynthesisSentence]:
    if not short:
        if not syn.subjects:
            # the section still answers: an empty one under its heading reads as a fault
            return [syn.sentence(syn._("The searches found no candidate, so there is "
                                       "nothing to recommend."))]
        return [syn.sentence(syn._("None of the candidates fits every constraint of "
                                     "your request."))] + closest(syn)
    out: list[SynthesisSentence] = []
    rated = [s for s in short if s.rating is not None]
    priced = [s for s in short if s.checked is not None]
    if any(s.brief.cost is not None for s in short):
        # the ranking compared amounts of its own (a salon's services asked added up): one
        # it could not work out is no cheaper by its page's price (a cut alone, 25 €)
        priced = [s for s in priced if s.brief.cost is not None]
    best = min(rated, key=lambda s: (-(s.rating or 0.0), short.index(s))) if rated else None
    # "cheapest" by the amount the ranking compared (a set of three against 3 × one),
    # else by the price as checked
    # a price no other can be compared with (another currency, a rate per hour among
    # prices for the job) leaves the others' cheapest standing: the cheapest is said among
    # the largest group compared on one footing, and the ones left out are named
    priced, apart = comparable_group(priced)
    cheap = min(priced, key=lambda s: (cost(s), short.index(s))) if priced else None
    ranked = all(p.brief.cost is not None for p in priced)  # rank put them on one basis
    if cheap is not None and len({p.checked.currency for p in priced if p.checked}) > 1:
        cheap = None  # prices in several currencies with no common one: no "cheapest"
    if cheap is not None and not ranked \
            and len({p.checked.per for p in priced if p.checked and p.checked.per}) > 1:
        cheap = None  # nor in several periods rank could not put on one (per person, per night)
    if cheap is not None and not ranked and not all(_same_footing(p, priced[0]) for p in priced):
        cheap = None  # nor a price each among prices for a whole group
    # nor "+ IVA" against "IVA incluido" (or a price not saying) with no rate to put them
    # on one: a price before tax is only the least it costs, so the lowest is the
    # cheapest only when it is not one said before tax among prices that are not
    untaxed = cheap if cheap is not None and _before_tax_lowest(cheap, priced) else None
    if untaxed is not None:
        cheap = None
    if syn.limits.floor:
        cheap = None  # a salary asked as a minimum: the lowest is the worst paid
    # one known price among several options is no "cheapest": the others may cost less
    sole_price = cheap if cheap is not None and len(priced) == 1 and len(short) > 1 else None
    if sole_price is not None:
        cheap = None
    twin = _twin(cheap, priced) if cheap is not None else None
    if twin is not None and (best is cheap or best is twin):
        # the best rated costs as much as another (27 € a page is ≈ 0.11 € a word, as is
        # 0.11 € a word): it is no "best rated and cheapest"; the best rated is said so,
        # the trade-off says they cost the same (two others alike: said below)
        cheap = None
    if best is None and cheap is None and sole_price is None \
            and all(x.brief.is_video for x in short):
        # talks and tutorials are not rated or priced: the kind's ranking decides
        first = short[0]
        return [syn.sentence(syn._n(
            "{name} is the only video ({count}) that fits your request.",
            "{name} comes first of the {count} videos that fit your request.",
            len(short), name=first.name, count=syn.fmt.number(len(short))),
            own_passages(syn, first)[:1])]
    if best is None and cheap is None and sole_price is None and not syn.limits.rated:
        # a kind with no rating input (events, flats) is not about ratings: say what is
        # known, a single option, or that no price tells the options apart
        if len(short) == 1:
            unsure = unchecked(syn, short[0])
            return [syn.sentence(syn._(
                "{name} is the only option on the shortlist, though it may not fit your "
                "request ({unchecked}).", name=short[0].name, unchecked=unsure) if unsure else
                syn._("{name} is the only option that fits your request.",
                      name=short[0].name))]
        if not syn.limits.priced or syn.limits.floor:
            # nor about prices (papers, talks), or about an amount wanted high (a
            # salary): the kind's own ranking is the verdict
            # "the shortlist's order": the table's rows, which the kind's ranking set (a
            # request ranks nothing, so it is not said to)
            return [syn.sentence(syn._(
                "{name} comes first of the {count} options that fit your request, in "
                "the shortlist's order.", name=short[0].name,
                count=syn.fmt.number(len(short))))]
        return [_tax_sentence(syn, untaxed, priced) if untaxed else
                _no_price_sentence(syn, short)]
    if len(short) == 1 and (best is not None or cheap is not None):
        # one option is no "best rated" or "cheapest": say it is the only one, with
        # what is known of it
        only = short[0]
        facts = [syn.rating_text(only)] if best is not None else []
        facts += [syn.price_text(only)] if cheap is not None else []
        items = (syn.rating_sources(only, only.rating or 0.0) if best is not None else []) \
            + (syn.price_items(only) if cheap is not None else [])
        unsure = unchecked(syn, only)
        return [syn.sentence(syn._(
            "{name} is the only option on the shortlist, though it may not fit your "
            "request ({unchecked}): {facts}.", name=only.name, unchecked=unsure,
            facts=", ".join(facts)) if unsure else
            syn._("{name} is the only option that fits your request: {facts}.",
                  name=only.name, facts=", ".join(facts)), items)]
    if best is None and cheap is None and sole_price is None:
        if untaxed:
            return [_tax_sentence(syn, untaxed, priced)]
        if any(s.price is not None for s in short):
            # prices stated that rank could not put on one footing (a fixed price beside
            # a rate per hour with no hours asked): never "no known price", which the
            # shortlist's own prices would contradict
            return [syn.sentence(syn._("No option that fits your request has a known "
                                       "rating, and the prices they state could not be "
                                       "compared on one footing, so none is recommended "
                                       "over the others."))]
        return [syn.sentence(syn._("No option that fits your request has a known "
                                   "rating or price, so none is recommended over the "
                                   "others."))]
    first = short[0]
    if first is not best and first is not cheap and first is not sole_price:
        # the kind ranks by something else first (direct trips before one with a change):
        # the table's first row is named as first, so "the cheapest" below is no
        # contradiction of the table's order but the trade-off it makes
        out.append(syn.sentence(syn._(
            "{name} comes first of the {count} options that fit your request, in "
            "the shortlist's order.", name=first.name,
            count=syn.fmt.number(len(short)))))
    if best is not None and best is cheap:
        unsure = unchecked(syn, best)
        out.append(syn.sentence(
            syn._("{name} is both the best rated and the cheapest option on the shortlist, "
                  "though it may not fit your request ({unchecked}): {rating}, {price}.",
                  name=best.name, unchecked=unsure, rating=syn.rating_text(best),
                  price=_cheapest_text(syn, best)) if unsure else
            syn._("{name} is both the best rated and the cheapest option that fits "
                   "your request: {rating}, {price}.", name=best.name,
                   rating=syn.rating_text(best), price=_cheapest_text(syn, best)),
            syn.rating_sources(best, best.rating or 0.0) + syn.price_items(best)))
    else:
        if best is not None:
            unsure = unchecked(syn, best)
            out.append(syn.sentence(
                syn._("{name} is the best rated option on the shortlist, though it may not "
                      "fit your request ({unchecked}): {rating}.", name=best.name,
                      unchecked=unsure, rating=syn.rating_text(best)) if unsure else
                syn._("{name} is the best rated option that fits your request: "
                       "{rating}.", name=best.name, rating=syn.rating_text(best)),
                syn.rating_sources(best, best.rating or 0.0)))
        if cheap is not None and twin is not None and not unchecked(syn, cheap) \
                and not unchecked(syn, twin):
            # two cost the least alike: naming one "the cheapest" would be untrue
            out.append(syn.sentence(
                syn._("{name} and {other} are the cheapest options that fit your request, "
                      "at the same price: {price}.", name=cheap.name, other=twin.name,
                      price=_cheapest_text(syn, cheap)),
                syn.price_items(cheap) + syn.price_items(twin)))
        elif cheap is not None and apart:
            # the cheapest of those compared, and which could not be compared with them
            out.append(syn.sentence(syn._(
                "{name} is the cheapest among the options whose prices could be compared "
                "({price}); the price of {others} could not be compared with theirs.",
                name=cheap.name, price=_cheapest_text(syn, cheap),
                others="; ".join(f"{a.name} ({syn.price_text(a)})" for a in apart)),
                syn.price_items(cheap) + [i for a in apart for i in syn.price_items(a)]))
        elif cheap is not None:
            unsure = unchecked(syn, cheap)
            out.append(syn.sentence(
                syn._("{name} is the cheapest option on the shortlist, though it may not fit "
                      "your request ({unchecked}): {price}.", name=cheap.name, unchecked=unsure,
                      price=_cheapest_text(syn, cheap)) if unsure else
                syn._("{name} is the cheapest option that fits your request: {price}.",
                       name=cheap.name, price=_cheapest_text(syn, cheap)),
                syn.price_items(cheap)))
    if untaxed is not None:
        out.append(_tax_sentence(syn, untaxed, priced))
    if sole_price is not None:
        out.append(syn.sentence(
            syn._("{name} is the only option that fits your request with a known price: "
                  "{price}.", name=sole_price.name, price=syn.price_text(sole_price)),
            syn.price_items(sole_price)))
    if len(short) >= 2:
        trade = trade_off(syn, short[0], short[1])
        if trade is not None:
            out.append(trade)
    return out



def _cheapest_text(syn: Builder, s: Subject) -> str:
    """``s``'s price where a sentence calls it the cheapest: a range (``28-34 €/mes``) is
    the cheapest by its low end, which may be under a budget its top is over, so it is
    said "from" that end ("from 28 €/mes (28-34 €/mes)"), never as if the whole range
    cost that little; any other price as :meth:`Builder.price_text` says it."""
    said = syn.price_text(s)
    price = s.price
    if price is None or price.max is None or price.max <= price.amount:
        return said
    return syn._("from {low} ({price})", low=syn.fmt.money(price.model_copy(
        update={"max": None})), price=said)


def unchecked(syn: Builder, s: Subject) -> str:
    """What the ranking could not check of ``s`` (its "could not check: ..." flags), in
    the request's language, and what its own page says a reader must know (postponed,
    only on pre-order: ``page_flags``, already in that language); empty when it was
    checked in full and its page says nothing so. A subject kept so is not said to fit
    the request: a venue stating only its standing capacity is not known to seat the 200
    asked, and a postponed concert is not "the best rated option that fits" without its
    flag."""
    return "; ".join([localize(f, syn.req.lang or "en", catalog=syn.tr)
                      for f in s.brief.unchecked] + list(s.brief.page_flags))


def trade_off(syn: Builder, a: Subject, b: Subject) -> SynthesisSentence | None:
    items = (syn.rating_sources(a, a.rating or 0.0) if a.rating is not None else []) + \
        (syn.rating_sources(b, b.rating or 0.0) if b.rating is not None else []) + \
        syn.price_items(a) + syn.price_items(b)
    ranked = a.brief.cost is not None and b.brief.cost is not None  # on rank's one basis
    # one said before tax and one not: the difference is only the least it is, and none
    # where the one before tax is the lower (the tax may take it past the other)
    at_least = _tax_differs(a, b)
    untaxed_lower = at_least and _lower_before_tax(a, b)
    comparable = (a.checked is not None and b.checked is not None
                  and a.checked.currency == b.checked.currency
                  and (ranked or _same_footing(a, b)) and not untaxed_lower
                  and not syn.limits.floor)  # "costs less" is no merit of a salary
    if not syn.limits.floor and ((not ranked and _bases_differ(a, b)) or (
            untaxed_lower and (a.rating is not None or b.rating is not None))):
        return _on_other_bases(syn, a, b, items)
    if a.rating is None or b.rating is None:
        if a.rating is None and b.rating is None:
            return None  # the cheapest sentence already says what can be said
        if not comparable or a.checked is None or b.checked is None:
            return None
        lo, hi = (a, b) if cost(a) <= cost(b) else (b, a)
        unknown = a if a.rating is None else b
        if same_price(cost(a), cost(b)):
            # "costs 0 € less" is no difference
            return syn.sentence(syn._(
                "Between the top two, {a} and {b} cost the same ({price}); the rating of "
                "{unknown} is not known.", a=a.name, b=b.name, price=syn.price_text(a),
                unknown=unknown.name), items)
        return syn.sentence(syn._(
            "Between the top two, {cheap} costs {diff} less than {other} ({pc} against "
            "{po}); the rating of {unknown} is not known.", cheap=lo.name, other=hi.name,
            diff=_diff(syn, hi, lo, at_least), pc=syn.price_text(lo), po=syn.price_text(hi),
            unknown=unknown.name), items)
    if same_rating(a.rating, b.rating):
        if not comparable or a.checked is None or b.checked is None:
            return syn.sentence(syn._("Between the top two, {a} and {b} are rated the "
                                        "same ({rating}).", a=a.name, b=b.name,
                                        rating=syn.rating_text(a)), items)
        if same_price(cost(a), cost(b)):
            return syn.sentence(syn._(
                "Between the top two, {a} and {b} are rated the same ({rating}) and cost "
                "the same ({price}).", a=a.name, b=b.name, rating=syn.rating_text(a),
                price=syn.price_text(a)), items)
        lo, hi = (a, b) if cost(a) < cost(b) else (b, a)
        return syn.sentence(syn._(
            "Between the top two, {a} and {b} are rated the same ({rating}); {cheap} "
            "costs {diff} less ({pc} against {po}).", a=a.name, b=b.name,
            rating=syn.rating_text(a), cheap=lo.name, diff=_diff(syn, hi, lo, at_least),
            pc=syn.price_text(lo), po=syn.price_text(hi)), items)
    hi, lo = (a, b) if a.rating > b.rating else (b, a)
    kw = dict(better=hi.name, other=lo.name, rb=syn.rating_text(hi),
              ro=syn.rating_text(lo))
    if not comparable or hi.checked is None or lo.checked is None:
        unknown = hi if hi.checked is None else lo
        return syn.sentence(syn._(
            "Between the top two, {better} is rated higher than {other} ({rb} against "
            "{ro}); the price of {unknown} is not known.", unknown=unknown.name, **kw)
            if (hi.checked is None) != (lo.checked is None) and not syn.limits.floor else
            syn._("Between the top two, {better} is rated higher than {other} ({rb} "
                   "against {ro}).", **kw), items)
    if cost(hi) > cost(lo) and not same_price(cost(hi), cost(lo)):
        return syn.sentence(syn._(
            "Between the top two, {better} is rated higher than {other} ({rb} against "
            "{ro}) but costs {diff} more ({pb} against {po}).", diff=_diff(syn, hi, lo, at_least),
            pb=syn.price_text(hi), po=syn.price_text(lo), **kw), items)
    if same_price(cost(hi), cost(lo)):
        return syn.sentence(syn._(
            "Between the top two, {better} is rated higher than {other} ({rb} against "
            "{ro}) and costs the same ({pb}).", pb=syn.price_text(hi), **kw), items)
    return syn.sentence(syn._(
        "Between the top two, {better} is rated higher than {other} ({rb} against {ro}) "
        "and also costs {diff} less ({pb} against {po}).", diff=_diff(syn, lo, hi, at_least),
        pb=syn.price_text(hi), po=syn.price_text(lo), **kw), items)



def comparable_group(priced: list[Subject]) -> tuple[list[Subject], list[Subject]]:
    """The ``priced`` subjects whose prices can be compared with each other, and those left
    apart: the largest group on one footing (one currency, and either both put on one
    basis by rank or on the same footing as stated: :func:`_same_footing`) when it holds
    at least two and no other group is as large; else all of them, none left apart (the
    callers' own checks then say no "cheapest"). One 35 USD/hour among four prices for
    the job in EUR is named apart, never the reason no cheapest is said of the four."""
    groups: list[list[Subject]] = []
    for p in priced:
        home = next((g for g in groups if all(_comparable(p, q) for q in g)), None)
        if home is None:
            groups.append([p])
        else:
            home.append(p)
    if len(groups) < 2:
        return priced, []
    sizes = sorted((len(g) for g in groups), reverse=True)
    if sizes[0] < 2 or sizes[0] == sizes[1]:
        return priced, []
    main = max(groups, key=len)
    return main, [p for p in priced if all(p is not q for q in main)]


def _comparable(a: Subject, b: Subject) -> bool:
    """Whether ``a``'s and ``b``'s checked prices can be called cheaper or dearer than each
    other: one currency, and rank's amounts for both, or the same footing as stated (and
    no two periods: a night's against a week's)."""
    if a.checked is None or b.checked is None or a.checked.currency != b.checked.currency:
        return False
    if a.brief.cost is not None and b.brief.cost is not None:
        return True
    pa, pb = a.checked.per, b.checked.per
    return (pa == pb or pa is None or pb is None) and _same_footing(a, b)


def _same_footing(a: Subject, b: Subject) -> bool:
    """Whether ``a``'s and ``b``'s prices are for as much: a price each (``per`` person)
    and one that states no ``per`` (a private tour's 240 € for the group, a table's
    menu for two) are not, so neither is called cheaper or dearer than the other; nor
    are prices per different units of work (66 USD an hour against 1.20 USD a minute, a
    price per word against one stating no unit) that rank did not put on one basis; nor
    prices on two periods rank left as they are, or one a head's and one not (a half day's
    share a head against a day's: 75 €/persona/media jornada is not cheaper than 90 €/
    persona/día)."""
    pa, pb = (a.checked.per if a.checked else None), (b.checked.per if b.checked else None)
    if (a.checked.each if a.checked else None) != (b.checked.each if b.checked else None) \
            or pa != pb and pa in PERIOD_DAYS and pb in PERIOD_DAYS:
        return False
    return pa == pb or ("person" not in (pa, pb) and not {pa, pb} & RATE_UNITS)


def _bases_differ(a: Subject, b: Subject) -> bool:
    """Whether ``a`` and ``b`` both state a price, on different units of work (or one on
    none) that rank did not put on one basis: 66 USD an hour and 1.20 USD a minute."""
    if a.checked is None or b.checked is None:
        return False
    pa, pb = a.checked.per, b.checked.per
    return pa != pb and bool({pa, pb} & RATE_UNITS)


def _on_other_bases(syn: Builder, a: Subject, b: Subject,
                    items: list[EvidenceItem]) -> SynthesisSentence:
    """The top two's trade-off when their prices are on different bases: said so, with
    both prices as stated, never one called cheaper or a difference subtracted."""
    pa, pb = syn.price_text(a), syn.price_text(b)
    if a.rating is not None and b.rating is not None and not same_rating(a.rating, b.rating):
        (hi, ph), (lo, pl) = sorted(((a, pa), (b, pb)), key=lambda t: -(t[0].rating or 0.0))
        return syn.sentence(syn._(
            "Between the top two, {better} is rated higher than {other} ({rb} against {ro}); "
            "their prices are on different bases ({pb} against {po}), so neither is called "
            "cheaper.", better=hi.name, other=lo.name, rb=syn.rating_text(hi),
            ro=syn.rating_text(lo), pb=ph, po=pl), items)
    return syn.sentence(syn._(
        "Between the top two, the prices of {a} and {b} are on different bases ({pa} "
        "against {pb}), so neither is called cheaper.", a=a.name, b=b.name, pa=pa, pb=pb),
        items)


def _before_tax(s: Subject) -> bool:
    """Whether ``s``'s price, as the budget check left it (no rate put it on another
    basis), is said before tax ("+ IVA", "excl. VAT"): the least it costs."""
    return s.checked is not None and s.checked.tax == "excluded"


def _before_tax_lowest(cheap: Subject, priced: list[Subject]) -> bool:
    """Whether the lowest price, ``cheap``'s, is said before tax while another of the
    ``priced`` is not (said with the tax in it, or not saying): the tax may take it past
    that one, so it is not the cheapest. A price with the tax, or not saying, below
    prices before tax is the cheapest whatever their tax."""
    return _before_tax(cheap) and any(not _before_tax(p) for p in priced
                                      if p is not cheap and p.checked is not None)


def _tax_differs(a: Subject, b: Subject) -> bool:
    """Whether one of ``a`` and ``b`` states its price before tax and the other not."""
    return a.checked is not None and b.checked is not None and _before_tax(a) != _before_tax(b)


def _lower_before_tax(a: Subject, b: Subject) -> bool:
    """Whether the one of ``a`` and ``b`` said before tax costs no more than the other as
    stated (its tax may take it past the other: neither is called cheaper)."""
    taxed, other = (a, b) if _before_tax(a) else (b, a)
    return cost(taxed) <= cost(other) or same_price(cost(taxed), cost(other))


def _tax_sentence(syn: Builder, lowest: Subject, priced: list[Subject]) -> SynthesisSentence:
    """Why the lowest price, said before tax, is not called the cheapest: against prices
    with the tax in them, or against prices that do not say."""
    if any(p.checked is not None and p.checked.tax == "included" for p in priced):
        return syn.sentence(syn._(
            "Some prices include tax and others do not, and no tax rate puts them on one "
            "basis, so none is called the cheapest."))
    return syn.sentence(syn._(
        "{name} states the lowest price but before tax ({price}), while the others do not "
        "say whether theirs include it, so none is called the cheapest.",
        name=lowest.name, price=syn.price_text(lowest)), syn.price_items(lowest))


def _twin(cheap: Subject, priced: list[Subject]) -> Subject | None:
    """The first other of the ``priced`` options that costs as much as ``cheap``."""
    assert cheap.checked is not None
    return next((p for p in priced if p is not cheap and p.checked is not None
                 and same_price(cost(p), cost(cheap))), None)


def _diff(syn: Builder, hi: Subject, lo: Subject, at_least: bool = False) -> str:
    """How much more ``hi`` costs than ``lo``, for what both prices are for: "0.10
    USD/minute", "45 EUR/night", "5 EUR/person" (a difference of prices per minute is no
    0.10 USD in all); the tax basis stays with the prices the sentence quotes."""
    assert hi.checked is not None and lo.checked is not None
    # a difference of the ranking's own amounts (a set's for the quantity) is for what the
    # kind says they are for (a month: a yearly estimate's twelfth), else for no period
    per = hi.checked.per if hi.checked.per != TOTAL and hi.brief.cost is None else \
        hi.brief.cost_per if hi.brief.cost is not None and hi.brief.cost_per != TOTAL else None
    each = hi.checked.each if per == hi.checked.per else None  # "5 €/persona/día"
    amount = syn.fmt.money(Money(amount=cost(hi) - cost(lo), currency=hi.checked.currency,
                                 per=per, each=each))
    # the dearer said before tax: its tax only widens the gap, so the gap is a floor
    return syn._("at least {amount}", amount=amount) if at_least else amount


def cost(s: Subject) -> float:
    """What ``s`` costs as the ranking compared it: the amount its ``order_by`` computed
    on the request's basis (a set's price for the quantity asked, a per-year fee on the
    month's basis) where the kind's arithmetic made it differ from the price, else the
    price as checked; infinite with no price (never the cheapest)."""
    if s.brief.cost is not None:
        return s.brief.cost
    return s.checked.amount if s.checked is not None else float("inf")


def _no_price_sentence(syn: Builder, short: list[Subject]) -> SynthesisSentence:
    """Why no option is recommended by its price: none states one, or, when some do, their
    prices could not be compared with each other or with the budget (a day's price against
    a total budget with no dates to multiply it by): never "no known price" then, which
    the shortlist's own prices would contradict."""
    if any(s.price is not None for s in short):
        return syn.sentence(syn._("The options that fit your request state prices that could "
                                  "not be compared on one footing, so none is recommended "
                                  "over the others."))
    return syn.sentence(syn._("No option that fits your request has a known price, "
                              "so none is recommended over the others."))
