"""Where the keyless synthesis is less sure, said plainly: a price or rating that sources
state differently (every value with its sources, and the conservative one the check
used: scout/adapters/facts.py, the rule the rank step applies; two shops' prices are
their offers, no disagreement); excluded candidates that
missed one constraint narrowly (just over the budget, just under the rating), shown as
such and never as a recommendation; when nothing fits, the closest that one constraint
alone left out, however far; and the caveat that prices are what sources stated
when retrieved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scout.adapters.facts import per_source_prices, same_price, same_rating
from scout.adapters.localefmt import parse_date
from scout.adapters.contract import EvidenceItem
from scout.i18n.numbers import format_rating
from scout.schemas.sources import Conflict, ConflictValue, NearMiss, SynthesisSentence
from scout.schemas.task import Money
from scout.units import PERIOD_DAYS

if TYPE_CHECKING:
    from scout.adapters.structured import Builder
    from scout.adapters.subjects import Subject


def conflicts_for(syn: Builder, s: Subject) -> list[Conflict]:
    out: list[Conflict] = []
    groups: list[tuple[float, list[EvidenceItem]]] = []
    for e in s.evidence:
        if e.rating is None:
            continue
        for value, items in groups:
            if same_rating(value, e.rating):
                items.append(e)
                break
        else:
            groups.append((e.rating, [e]))
    if len(groups) >= 2 and s.rating is not None:
        twice = _said_twice([items for _, items in groups])
        values = [ConflictValue(value=_where(syn, _rating_as_stated(syn, v, items), items, twice),
                                citations=syn.cites.of(items)) for v, items in groups]
        used = syn.fmt.rating(s.rating)
        text = syn._("Sources disagree on the rating of {name}: {values}. The check "
                      "uses the lowest, {used}.", name=s.name,
                      values=", ".join(v.value for v in values), used=used)
        out.append(Conflict(key=s.brief.key, name=s.name, field="rating", values=values,
                            used=used, sentence=syn.sentence(
                                text, [e for _, items in groups for e in items])))
    if s.price is not None and len(s.brief.offers) < 2:  # shops' offers disagree on nothing
        currency = s.price.currency
        stated = [(e.url, e.price) for e in s.evidence
                  if e.price is not None and e.price.currency == currency]
        per_source = per_source_prices(stated, lambda m: m.amount)
        pgroups: list[tuple[Money, list[EvidenceItem]]] = []
        for url, price in per_source:
            items = [e for e in s.evidence if e.url == url and e.price == price]
            for stated_price, its in pgroups:
                if same_price(stated_price.amount, price.amount):
                    its.extend(items)
                    break
            else:
                pgroups.append((price, items))
        if len(pgroups) >= 2:
            values = [ConflictValue(value=syn.fmt.money(v), citations=syn.cites.of(its))
                      for v, its in pgroups]
            used = syn.price_text(s)
            said, label = ", ".join(v.value for v in values), syn.req.money_label
            # a cap on a rate is no budget: the check is named by its input's own label
            text = syn._("Sources disagree on the price of {name}: {values}. The check "
                         "against the limit you asked ({label}) uses the highest, {used}.",
                         name=s.name, values=said, label=label, used=used) if label else \
                syn._("Sources disagree on the price of {name}: {values}. The budget "
                      "check uses the highest, {used}.", name=s.name, values=said, used=used)
            out.append(Conflict(key=s.brief.key, name=s.name, field="price",
                                values=values, used=used, sentence=syn.sentence(
                                    text, [e for _, its in pgroups for e in its])))
    return out


def _said_twice(groups: list[list[EvidenceItem]]) -> set[str]:
    """The URLs that state two of the values: a site's search result (its listing's
    snippet) says one, its own page another. Each is one citation, so the values it
    stands under must say which part of it said what."""
    seen: dict[str, int] = {}
    for items in groups:
        for url in {e.url for e in items}:
            seen[url] = seen.get(url, 0) + 1
    return {url for url, n in seen.items() if n > 1}


def _where(syn: Builder, shown: str, items: list[EvidenceItem], twice: set[str]) -> str:
    """``shown`` with where its source said it, when that source (one citation) states
    another value too: "9.0/10 (in the search result) [2], 9.2/10 (on the page) [2] [7]",
    never "9.0/10 [2], 9.2/10 [2]", which reads as one source contradicting itself."""
    kinds = {e.kind or "" for e in items if e.url in twice}
    if not kinds:
        return shown
    if kinds == {"page"}:
        return syn._("{value} (on the page)", value=shown)
    if kinds == {"video"}:
        return syn._("{value} (in the video)", value=shown)
    if not kinds & {"page", "video"}:  # a snippet, a review's or price's search result
        return syn._("{value} (in the search result)", value=shown)
    return shown


def _rating_as_stated(syn: Builder, value: float, items: list[EvidenceItem]) -> str:
    """A rating on the kind's scale ("84/100"), and beside it as the sources stated it
    when that was another scale ("84/100 (stated 4.2/5)"): a reader checks a source by
    what it says."""
    shown = syn.fmt.rating(value)
    stated = list(dict.fromkeys(
        format_rating(e.rating, syn.fmt.lang, int(e.rating_scale)) for e in items
        if e.rating is not None and e.rating_scale and e.rating_scale.is_integer()
        and int(e.rating_scale) != syn.fmt.rating_scale))
    if not stated:
        return shown
    return syn._("{value} (stated {stated})", value=shown, stated=", ".join(stated))


def _missed_one(s: Subject) -> bool:
    """Left out, and for one reason alone: a wine over budget and of another vintage is
    no near miss of the budget, nor the closest to it (rank writes each reason once)."""
    return s.brief.rank is None and len(s.brief.excluded) <= 1


def near_miss(syn: Builder, s: Subject) -> NearMiss | None:
    if not _missed_one(s):
        return None
    price_ok, rating_ok = syn.price_ok(s), syn.rating_ok(s)
    if price_ok is False and rating_ok is not False:
        b = syn.limits.budget
        assert b is not None and s.checked is not None
        # held to what the ranking compared it by, where the kind's arithmetic made that
        # differ from its price (a call-out fee added to a rate): the reason said so too
        cost = s.brief.cost if s.brief.cost is not None else s.checked.amount
        if cost <= b.amount * (1 + syn.cfg.near_budget):
            value, limit = syn.price_text(s), _limit(syn, b)
            label = syn.req.money_label
            text = syn._("{name} is just over the limit you asked ({label}): {price} "
                         "against {limit}; it is not on the shortlist.", name=s.name,
                         label=label, price=value, limit=limit) if label else syn._(
                "{name} is just over budget: {price} against {budget}; it is not on the "
                "shortlist.", name=s.name, price=value, budget=limit)
            return NearMiss(key=s.brief.key, name=s.name, field="price", value=value,
                            limit=limit, sentence=syn.sentence(text, syn.price_items(s)))
    if rating_ok is False and price_ok is not False:
        m = syn.limits.min_rating
        assert m is not None and s.rating is not None
        if s.rating >= m - syn.cfg.near_rating:
            value, limit = syn.fmt.rating(s.rating), syn.fmt.rating(m)
            return NearMiss(key=s.brief.key, name=s.name, field="rating", value=value,
                            limit=limit, sentence=syn.sentence(
                                syn._("{name} is rated just under your minimum: "
                                       "{rating} against {minimum}; it is not on the "
                                       "shortlist.", name=s.name, rating=value,
                                       minimum=limit),
                                syn.rating_sources(s, s.rating)))
    return None


def _limit(syn: Builder, b: Money) -> str:
    """The money asked as a limit, as the prices held to it are written: with its unit
    and tax basis when said ("0,15 €/kWh", "6.000 € IVA incluido"), never a bare "0,15 €"
    beside a price per kWh."""
    return syn.fmt.money(b, free=False)


def closest(syn: Builder) -> list[SynthesisSentence]:
    """When nothing fits: the cheapest option that only the budget left out, and the best
    rated one that only the minimum rating did, each with the figure against the limit
    and cited, so a budget nobody meets still gets an answer. It is the cheapest of those
    that meet everything else, not of all found (a cheaper one may miss the rating), and
    the sentence says so. One a near miss already names is left to that list (said
    once)."""
    out: list[SynthesisSentence] = []
    alone = [s for s in syn.subjects if _missed_one(s) and near_miss(syn, s) is None]
    over = [s for s in alone if syn.price_ok(s) is False and syn.rating_ok(s) is not False]
    b = syn.limits.budget
    if over and b is not None and not syn.limits.floor:
        c = min(over, key=lambda s: s.brief.cost if s.brief.cost is not None
                else s.checked.amount if s.checked else 0.0)
        label, price = syn.req.money_label, syn.price_text(c)
        out.append(syn.sentence(syn._(
            "Of the options that meet everything else, the cheapest, {name}, costs {price}, "
            "over the limit you asked ({label}) of {limit}.", name=c.name, price=price,
            label=label, limit=_limit(syn, b)) if label else syn._(
            "Of the options that meet everything else, the cheapest, {name}, costs {price}, "
            "over your budget of {budget}.", name=c.name, price=price,
            budget=_limit(syn, b)), syn.price_items(c)))
    under = [s for s in alone if syn.rating_ok(s) is False and syn.price_ok(s) is not False]
    m = syn.limits.min_rating
    if under and m is not None:
        r = max(under, key=lambda s: s.rating or 0.0)
        out.append(syn.sentence(syn._(
            "Of the options that meet everything else, the best rated, {name}, is rated "
            "{rating}, under your minimum of {minimum}.", name=r.name, rating=syn.rating_text(r),
            minimum=syn.fmt.rating(m)), syn.rating_sources(r, r.rating or 0.0)))
    return out


def _charged_by_the_month(budget: Money | None, priced: list[Subject]) -> bool:
    """The amounts are for a month or longer (a rent, a salary, a year's fee): what one
    pays then does not move with the dates as a night's, a day's or a week's price does
    (a move-in month is no stay). The budget's period says it; without one asked, the
    periods the prices state do, when they all state one."""
    pers = [budget.per] if budget is not None and budget.per else [
        s.price.per for s in priced if s.price is not None]
    return bool(pers) and all(
        p is not None and PERIOD_DAYS.get(p, 0.0) >= PERIOD_DAYS["month"] for p in pers)


def _by_the_stretch(price: Money | None) -> bool:
    """A price by a stretch of time shorter than a month (a night's, a day's, a week's):
    what one pays moves with how many of them the dates hold."""
    per = price.per if price is not None else None
    return per is not None and 0.0 < PERIOD_DAYS.get(per, 0.0) < PERIOD_DAYS["month"]


def price_caveats(syn: Builder, short: list[Subject]) -> list[SynthesisSentence]:
    priced = [s for s in short if s.price is not None]
    if not priced:
        return []
    fetched = [d for s in priced for e in syn.price_items(s)
               if (d := parse_date(e.retrieved_at)) is not None]
    period = syn.fmt.period(syn.limits.period)
    kw = {"date": syn.fmt.date(max(fetched)) if fetched else "", "period": period}
    # "what you pay depends on your dates" is said only where it is true: the request
    # gave dates (a stay, a flight, an event), or its kind takes dates it was not given
    # and the prices are by the night, day or week (a hotel asked for with none). A kind
    # with no dates (laptops, cars), or a one-off fee a request gave no date for (a
    # course's), does not price by them
    dated = (bool(period) or (
        any(t in ("date", "month") for t in syn.req.task_types.values())
        and any(_by_the_stretch(s.price) for s in priced))
             ) and not _charged_by_the_month(syn.limits.budget, priced)
    if syn.limits.floor:
        # a salary is not paid "depending on your dates and availability", nor a price
        text = syn._("Amounts are what the sources stated when retrieved ({date}); they "
                      "may have changed since.", **kw) if fetched else syn._(
                          "Amounts are what the sources stated; they may have changed since.")
    elif not dated:
        text = syn._("Prices are what the sources stated when retrieved ({date}); they may "
                      "have changed since.", **kw) if fetched else syn._(
                          "Prices are what the sources stated; they may have changed since.")
    elif fetched and period:
        text = syn._("Prices are what the sources stated when retrieved ({date}); what "
                      "you pay depends on your dates ({period}) and on availability.", **kw)
    elif fetched:
        text = syn._("Prices are what the sources stated when retrieved ({date}); what "
                      "you pay depends on your dates and on availability.", **kw)
    elif period:
        text = syn._("Prices are what the sources stated; what you pay depends on your "
                      "dates ({period}) and on availability.", **kw)
    else:
        text = syn._("Prices are what the sources stated; what you pay depends on your "
                      "dates and on availability.")
    return [syn.sentence(text)]
