"""Step kind ``rank``: attach evidence to candidates, then filter and order them.

1. Evidence from every needed EvidenceSet joins its candidate by ``subject`` key.
2. Each candidate's rating and price are derived from that evidence conservatively
   (scout/steps/rank_enrich.py, over scout/adapters/facts.py): the lowest stated
   rating, and per source the lowest per-unit price, across sources the highest of
   those (but two or more shops listing it for sale are offers: the cheapest, each
   shop's kept in ``offers``; a page listing its prices by size or count, the tier of the
   request's value that ``tiers`` names: scout/steps/tierprice.py); prices are converted to the Task's money currency with
   the dated rates table in config, and such values are flagged approximate. When both
   the price and the Task's money state the period they are for (scout.units), a price
   per another period is converted to the budget's (350 a week is ~1,522 a month;
   flagged approximate, said in the notes), and one that cannot convert (per person
   against a budget per month) is not compared: ``<as>.price`` is none for it, it is
   flagged and the notes say so (scout/steps/rank_periods.py). With no money in the
   request the listings are compared per the period most of them state, the same way (a
   weekly price among nightly ones is read per night): scout/steps/rank_peers.py;
   and, when they state several currencies, in the config's base currency (converted and
   flagged the same way). A price with no rate to the currency compared in is flagged and
   never compared as a raw amount: ``<as>.price`` is none for it. Prices said with the
   tax and before it ("IVA incluido", "+ IVA") are put on one basis at the config's
   ``tax_rates`` (scout/steps/taxprice.py), or, with no rate, not compared with a budget
   said on the other.
   With ``method: embedding`` (the ml extra) each candidate's evidence is then scored by
   cosine similarity to the Task and ordered by it, and ``<as>.relevance`` can be used
   in ``order_by`` (scout/ml/relevance.py). ``lexical``, the default, needs no torch.
3. ``where:`` expressions filter, ``order_by:`` expressions sort, ``limit`` cuts.
   A candidate its own page says is cancelled, sold out, no longer offered or already
   past, or shows to be a list of things rather than one, is left out first (the things
   it lists are candidates of their own: scout/steps/listedthings.py), one it says is postponed, rescheduled, moved online or only on
   pre-order flagged
   (scout/steps/pagestatus.py). Excluded candidates keep their reasons. A candidate a ``where`` could not decide (it
   failed on a missing value) is kept when ``keep_unknown``, and one it kept only by its
   own guard on a missing value (``X is none or ...``: scout/steps/rank_unknown.py) is
   kept; either way it is flagged "could not check: <the values it reads>", whatever the
   value (never its author's reason, which says why a record failed it).

``items`` may also name a videos artifact: each video is ranked as a candidate whose
expressions also see the video's own fields (``v.duration`` in seconds, ``v.channel``,
``v.view_count``, ``v.upload_date``, ``v.year``), with the transcript evidence about it.
A video is never flagged for a price or rating it cannot have.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from jinja2 import TemplateError, Undefined

from scout.errors import StepError
from scout.i18n import N_
from scout.schemas.records import (
    Candidate, Candidates, EvidenceSet, RankedItem, Shortlist, VideoList,
)
from scout.schemas.task import Money, TaxBasis, asked_money
from scout.spec.filters import SYNONYMS_VAR, synonym_table
from scout.spec.statedmoney import DOLLAR_VAR, MONEY_VAR, TAX_VAR
from scout.steps.extracharge import add_extras, asked_of
from scout.steps.listprice import dollar_written
from scout.spec.namedvalues import compiled, evaluate
from scout.units import TOTAL
from scout.spec.sharedenv import compiled_expression
from scout.spec.templating import DATA_ERRORS, make_env
from scout.stepkit.context import StepContext
from scout.stepkit.params import RankParams
from scout.steps.listedthings import listed_candidates
from scout.steps.pagestatus import asked_from, changed_flags, off_reasons
from scout.report.kindwords import enum_words
from scout.schemas.ratingscale import rating_scale
from scout.steps.rank_asked import (capped_input, head_words, people, return_asked, term_asked,
                                    tiers, variants)
from scout.steps.rank_enrich import PRICE_UNKNOWN, enrich
from scout.steps.rank_reasons import reason, reason_templates
from scout.steps.rank_peers import peer_currency, peer_period, sole_rate
from scout.steps.periodnotes import UNSTATED, is_incomparable_flag, period_notes
from scout.steps.rank_periods import to_period
from scout.steps.nounprice import counted_inputs
from scout.steps.rank_unknown import (already_flagged, cost_order, fields_and_inputs,
                                      fields_checked, guarded, record_words,
                                      value_guard_words)
from scout.steps.seasonprice import asked_dates
from scout.steps.noticeneeded import flag_notice
from scout.steps.serviceprice import asked_subject, subject_words
from scout.steps.slotlength import asked_minutes
from scout.steps.staylength import stay_span
from scout.steps.unstatedbudget import compare_unstated, set_apart
from scout.steps.taxprice import (asked_basis, basis_note, compared_basis, off_basis,
                                  put_on_basis)
from scout.steps.workbasis import Work, rank_work
from scout.steps.videos import video_candidate
from scout.task.audienceprice import asks_child
from scout.task.memberprice import says_member
from scout.task.itemprice import item_words
from scout.task.lang import fold


class CandidateView:
    """What ``where``/``order_by`` see: the candidate, price in the budget's currency and
    per the budget's period (``per``); none when its period cannot be compared with it, or
    its currency has no rate to the one compared in (``currency``), or it is said on
    another tax basis than the one compared on (``tax``) with no rate to put it on it."""

    def __init__(self, candidate: Candidate, per: str | None = None,
                 currency: str | None = None, work: Work | None = None,
                 tax: TaxBasis | None = None) -> None:
        self._c = candidate
        self._per = per
        self._currency = currency
        self._work = work
        self._tax = tax

    def __getattr__(self, name: str) -> Any:
        if name == "price":
            price = self._c.price_converted or self._c.price
            if price is not None and (to_period(price, self._per, work=self._work) is None or (
                    self._currency and price.currency != self._currency)
                    or off_basis(price, self._tax)):
                return None  # not comparable: never checked as if it were
            return price
        if name == "evidence_count":
            return self._c.evidence_count
        video = self._c.video
        if video is not None and name not in Candidate.model_fields:
            if name == "year":  # upload_date is "YYYY-MM-DD" when the provider gave one
                return int(video.upload_date[:4]) if video.upload_date else None
            return getattr(video, name)
        return getattr(self._c, name)


def _target_money(task: Any, order: Iterable[str] = ()) -> Money | None:
    """The Task's money asked (:func:`scout.schemas.task.asked_money`, in the declaration
    order ``order``): prices are compared in its currency and period."""
    if task is None:
        return None
    asked = asked_money(getattr(task, "types", {}), task.values, order)
    return asked[1] if asked is not None else None


def _stated_currency(task: Any) -> str | None:
    """The currency of the first money a request states that is no budget
    (:func:`scout.schemas.task.asked_money` found none), or None."""
    values = getattr(task, "values", None) or {}
    return next((v.currency for v in values.values() if isinstance(v, Money)), None)


def _bounds(params: RankParams, where: list[str]) -> set[str]:
    """The inputs rank reads otherwise than as the stay's length: those its ``where``
    compares (a flight's longest time, a minimum contract) and its ``volume`` counts the
    work by (an audio's length), and its ``hours_per`` the hours a week by."""
    read = (fields_and_inputs(w, params.as_) for w in where)
    return ({n for pair in read if pair for n in pair[1]} | set(params.volume.values())
            | set(params.hours_per.values()))


def _cost(score: list[Any], at: int | None, descending: bool,
          price: Money | None, priced: bool = True,
          stand_ins: frozenset[float] | None = None) -> float | None:
    """The amount the ranking compares a candidate by (its ``order_by`` reading the
    price, the sort's direction undone: ``-(x.price.amount)`` ranked descending is the
    price); None with no such order, no comparable price when the order reads the price
    (``priced``; one reading amounts the record states needs none), or an order that
    wants the dearest first (a negative amount is no cost). With ``stand_ins`` (the
    numbers the order writes out), an order reading the price that still works out an
    amount for a record with none is the kind's own cost ("20% of the sum recovered" times
    the amount asked), unless that amount is one of them (a missing price's ``9999``)."""
    value = score[at] if at is not None else None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    if priced and price is None and (stand_ins is None or float(value) in stand_ins
                                     or float(-value) in stand_ins):
        return None
    cost = -value if descending else value
    return float(cost) if math.isfinite(cost) and cost >= 0 else None


def _excluded_cost(order: Any, scope: dict[str, Any], descending: bool,
                   price: Money | None, priced: bool) -> float | None:
    """The cost a left-out record's ``order`` works out (:func:`_cost`), or None where it
    fails on a missing value."""
    value = _ordered(order, scope)
    return None if value is None else _cost([value], 0, descending, price, priced)


def _ordered(order: Any, scope: dict[str, Any]) -> Any:
    """What an ``order_by`` expression gives a record, None where it fails on a missing
    value, whether it raises or gives jinja's undefined (``c.price.amount`` of a record
    with no price, in an ``a if ... else c.price.amount`` the order takes): such a record
    sorts last, as one with no value does, never fails the phase."""
    try:
        value = order(**scope)
    except (TemplateError, AttributeError, *DATA_ERRORS):
        return None
    return None if isinstance(value, Undefined) else value


def _costed_itself(c: Candidate, added: dict[tuple[str, str, str], int],
                   periods: dict[tuple[str, str, str], int], price: Money | None) -> None:
    """``c``'s cost the kind worked out itself (its ``values``: a rate per m² times the m²
    asked times the visits a month) though its price could not be put on the budget's
    period: "price per m² cannot be compared with a budget per month" and the note counting
    it would say the budget went unchecked, which the kind's own cost checked. Both go."""
    if price is not None:
        return  # its price was compared: what was said of it stands
    c.flags = [f for f in c.flags if not is_incomparable_flag(f)]
    for key, n in added.items():
        if key[0].startswith("incomparable:") and key in periods:
            periods[key] -= n
            if periods[key] <= 0:
                del periods[key]


def _sort_key(values: list[Any], descending: bool) -> tuple:
    key: list[tuple[bool, Any]] = []
    for v in values:
        missing = v is None
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            key.append((missing, -v if descending else v))
        else:
            key.append((missing, str(v) if v is not None else ""))
    return tuple(key)


def run(ctx: StepContext) -> Shortlist:
    params = ctx.params
    assert isinstance(params, RankParams)
    source = ctx.inputs.get(params.items)
    if isinstance(source, VideoList):
        source = Candidates(items=[video_candidate(v) for v in source.items])
    if not isinstance(source, Candidates):
        raise StepError(f"phase {ctx.phase_id}: '{params.items}' is not a candidates or "
                        "videos artifact",
                        hint=N_("rank the artifact a search phase (extract: {record: "
                                "candidate}) or a videos phase produces"))
    evidence_sets = [v for k, v in ctx.inputs.items() if isinstance(v, EvidenceSet)]
    target = _target_money(ctx.task, ctx.pipeline.inputs)
    # a salary (Task.money_floor): its lowest stated amount is checked, in amount words
    floor = bool(getattr(ctx.task, "money_floor", False))
    currency, per = (target.currency, target.per) if target else (None, None)
    if target is not None and floor and per is None:
        per = UNSTATED  # an amount per month is not compared with one asked with no period
    # no money asked: listings are compared with each other, per the period most state
    peers = target is None and (per := peer_period(source.items, evidence_sets)) is not None
    # a kind's units of work: a page in words, the work asked for a budget for the whole
    work = rank_work(params, ctx.task, target, floor)
    if work is not None and work.whole:
        per = TOTAL  # "8000 palabras, menos de 800 €": a price per word times the words
    table = ctx.config.currency
    if target is None:  # and in one currency: the config's base, its rates converting
        # unless the request states money that is no budget (a property's value, in
        # "120 millones de pesos"): its currency is the reader's, and a page's "$" is it
        currency = _stated_currency(ctx.task) or peer_currency(
            source.items, evidence_sets, table.base if table else None)
    periods: dict[tuple[str, str, str], int] = {}
    counted: dict[str, dict[tuple[str, str, str], int]] = {}  # what each record added
    # each value's name written out as its expression (scout.spec.namedvalues): what the
    # expressions read (a value reading the price reads it) is worked out from them
    where, order_by = params.expanded_where(), params.expanded_order_by()
    read = fields_checked(where, order_by, params.as_, ctx.task)
    # a listing page's things are candidates of their own (it is left out below)
    found = listed_candidates(source.items, evidence_sets)
    span = stay_span(ctx.task, _bounds(params, where))
    cands, converted = enrich(found, evidence_sets, currency, table, read, per,
                              periods, floor, peers, variants(ctx, params.variants),
                              span,
                              ordered=read - fields_checked(where, [], params.as_,
                                                            ctx.task),
                              people=people(ctx, params.people),
                              heads={h: n for h, names in params.heads.items()
                                     if (n := people(ctx, names))},
                              each=getattr(target, "each", None) if not floor else None,
                              work=work, group=params.group_prices,
                              member=says_member(getattr(ctx.task, "query", "")),
                              child=asks_child(getattr(ctx.task, "query", "")),
                              dates=asked_dates(ctx.task),
                              # no money asked, no period shared: packs beside rates per hour
                              pack=sole_rate(source.items, evidence_sets)
                              if target is None and per is None else None,
                              # the request's basis, else what is paid (a pay: only asked)
                              tax=asked_basis(ctx.task) or (None if floor else "included"),
                              rates=getattr(ctx.config, "tax_rates", None) or {},
                              bundle=(params.bundle.unit, params.bundle.words)
                              if params.bundle is not None else None,
                              term=(tuple(params.term_cost.fees), params.term_cost.months,
                                    term_asked(ctx, params.term_cost.term))
                              if params.term_cost is not None else None,
                              # what the kind counts, as its author declared it
                              counts_people=bool(params.people or params.heads
                                                 or params.group_prices),
                              trip=return_asked(ctx, params.return_trip),
                              one_persons=params.person_prices
                              and bool(people(ctx, params.people)),
                              head_words=head_words(ctx, params), counted=counted,
                              tiers=tiers(ctx, params.tiers),
                              nouns=counted_inputs(getattr(ctx.pipeline, "inputs", None) or {},
                                                   getattr(ctx.task, "values", None) or {},
                                                   [*where, *order_by])
                              if target is not None and not floor else (),
                              start_month=getattr(getattr(ctx.task, "today", None), "month",
                                                  None),
                              # a page's add-on beside the thing: its yes/no inputs' words
                              items=(item_words(getattr(ctx.pipeline, "inputs", None)),
                                     [fold(n) for n in getattr(ctx.pipeline, "nouns", None)
                                      or ()]),
                              slot_length=asked_minutes(ctx.task, work, _bounds(params, where)),
                              subject=subject_words(asked_subject(ctx.task)),
                              pieces=next((asked for _p, asked, area in tiers(ctx, params.tiers)
                                           if not area and asked), None))
    # "pedidos con 48 h de antelación" for a date sooner than that: said beside it
    for c in cands:
        flag_notice(c, asked_dates(ctx.task), getattr(ctx.task, "today", None))
    # a budget said with no period ("máximo 500 €") against prices stated per one: read per
    # the period most of them state, and said so (scout.steps.unstatedbudget)
    # (and one per a period among one-off prices with no money asked, a laptop's
    # financing "45 €/mes": ranked after them, flagged and noted the same way)
    apart: set[str] = set()  # prices no like-for-like check compared: ranked after
    unstated = compare_unstated(cands, periods, span, work, counted, apart) \
        if target is not None and not floor and per is None and "price" in read else \
        set_apart(cands, apart) if target is None and per is None and "price" in read \
        else []
    rates = getattr(ctx.config, "tax_rates", None) or {}
    # a salary's "before tax" is gross pay, no VAT: an amount wanted high is never put on
    # another basis at a VAT rate, only left uncompared with one on the other
    rates = {} if floor else rates
    asked = asked_basis(ctx.task)
    basis = compared_basis(asked, cands, rates)
    for c in cands:  # "4.600 € + IVA" against "5.490 € IVA incluido": on one basis
        put_on_basis(c, basis, rates, budget=asked is not None)
    said_basis = basis_note(cands, basis, asked, rates)  # the basis compared, said
    if "price" in read and not floor:
        # "suplemento nocturno 20 %" for a ride at 23:30, "child seat £8" for one asked,
        # "peajes no incluidos": what applies is added to the total compared, or said
        extras_asked = asked_of(ctx.task, getattr(ctx.pipeline, "inputs", None))
        for c in cands:
            add_extras(c, extras_asked)
    embedding_note = None
    if params.method == "embedding":
        cands, embedding_note = _embedding_relevance(ctx, params, cands)

    # compiled once a process: the same text for every mission of the kind
    wheres = [(w, compiled_expression(x)) for w, x in zip(params.where, where)]
    values = compiled(params.values)
    reasons = reason_templates(params, getattr(ctx.task, "lang", None) or "en", ctx.root,
                               rating_scale(ctx.task, cands),
                               enum_words(getattr(ctx.pipeline, "inputs", None)),
                               getattr(ctx.task, "shown_units", None))
    orders = [compiled_expression(o) for o in order_by]
    cost_at = cost_order(order_by, params.as_)
    # an order costing the record from amounts it states needs no comparable price
    # (energy's rate per kWh against a budget a month): only one reading the price does
    from scout.steps.costorder import literals, reads_price, reads_price_field
    priced = cost_at is not None and reads_price_field(order_by[cost_at], params.as_)
    stand_ins = literals(order_by[cost_at]) if priced and cost_at is not None else None
    scope_base = {"task": ctx.task, **{k: v for k, v in ctx.inputs.items() if k != params.items},
                  SYNONYMS_VAR: synonym_table(getattr(ctx.pipeline, "inputs", None)),
                  # a stated amount in units of two currencies, read in the one compared
                  MONEY_VAR: (currency, {table.base: 1.0, **table.rates})
                  if currency and table is not None else None,
                  # a page's bare "$" is the request's pesos where they are written so
                  DOLLAR_VAR: dollar_written(currency),
                  # a stated amount said before tax ("45 €/h + IVA") on the basis compared:
                  # the request's, else what is paid (never a pay's: rates is empty)
                  TAX_VAR: (asked or "included", rates, basis_said) if rates else None}

    declared = frozenset(getattr(ctx.task, "types", None) or {})  # a stated value's name
    checks = [(guarded(w, params.as_, declared),
               (fields_and_inputs(w, params.as_) or (frozenset(),))[0])
              for w in where]  # each where's guarded copy, and what it reads
    # what a criterion that could not decide names: the values it reads, never the
    # author's reason, which says why a record failed it (a comparison the record's data
    # may contradict: "funds 1,500,000 EUR, under 40,000 EUR"); the expression if none
    undecided = [record_words(x, params.as_, declared) or w
                 for w, x in zip(params.where, where)]
    said_once = [record_words(x, params.as_) or w
                 for w, x in zip(params.where, where)]  # said once each
    named_guards = [value_guard_words(w, (params.values or {}).keys()) for w in params.where]
    kept: list[tuple[Candidate, list[Any], list[str], float | None, dict[str, Any]]] = []
    excluded: list[tuple[Candidate, list[str]]] = []
    excluded_costs: dict[str, float] = {}
    today = getattr(ctx.task, "today", None)
    since = asked_from(ctx.task)
    for c in cands:
        off = off_reasons(c, today, since)  # its own page says it is cancelled or over
        if off:
            excluded.append((c, off))
            continue
        scope = {**scope_base, params.as_: CandidateView(c, per, currency, work, basis)}
        named = evaluate(values, scope)  # for the reasons and the report's templates
        scope.update(named)
        failed, unknown, unchecked = [], [], []  # unchecked: kept by its guard
        flags: list[str] = []
        seen: set[str] = set()  # the values flagged: a range's two ends are one
        for i, (text, expr) in enumerate(wheres):
            guard, fields = checks[i]
            try:
                ok = expr(**scope)
            except (TemplateError, AttributeError, *DATA_ERRORS):
                said, value = undecided[i], said_once[i]
                unknown.append(said)  # not decided: keep_unknown says
            else:
                if not ok:
                    failed.append(reason(reasons, i, scope, text))
                if not ok or guard is None or guard.holds(**scope):
                    continue
                # a named value the where guards ("total is none or total <= ...") is
                # named so, never by every figure its expression reads
                said = named_guards[i] or guard.words or undecided[i]
                value = (guard.value if guard.words else None) or said_once[i]
                unchecked.append(said)
            flag = N_("could not check: {criterion}").format(criterion=said)
            # two wheres guarding one value (a range's two ends): said once
            if not already_flagged(fields, c.flags, c.video is not None) \
                    and flag not in flags and value not in seen:
                flags.append(flag)
            seen.add(value)
        if failed or (unknown and not params.keep_unknown):
            excluded.append((c, failed + [N_("could not check: {criterion}").format(criterion=u)
                                          for u in unknown]))
            if cost_at is not None and (cost := _excluded_cost(
                    orders[cost_at], scope, params.descending, scope[params.as_].price,
                    priced)) is not None:
                excluded_costs[c.key] = cost  # what the reason held to the budget
            if cost_at is not None and _excluded_cost(orders[cost_at], scope, params.descending,
                                                      None, False) is not None:
                _costed_itself(c, counted.get(c.key, {}), periods, scope[params.as_].price)
            continue
        c.flags.extend(flags + changed_flags(c))
        unknown += unchecked
        score = []
        for expr in orders:
            score.append(_ordered(expr, scope))
        if _cost(score, cost_at, params.descending, None, False) is not None:
            _costed_itself(c, counted.get(c.key, {}), periods, scope[params.as_].price)
        cost = _cost(score, cost_at, params.descending, scope[params.as_].price, priced,
                     stand_ins)
        if cost is not None and scope[params.as_].price is None:
            # the kind worked out what it costs with no price read (a share of the amount
            # asked): no "price unknown", which would say the budget went unchecked
            c.flags = [f for f in c.flags if f not in PRICE_UNKNOWN]
        kept.append((c, score, unknown, cost, named))
    notes: list[str] = [*unstated, *period_notes(periods, work)]
    if said_basis is not None:
        notes.append(said_basis)
    if embedding_note is not None:
        notes.append(embedding_note)
    # an order by price puts a price compared as it is, per a period among one-off
    # prices, after those it could not be compared with like for like
    by_price = cost_at is not None and priced
    kept.sort(key=lambda t: (by_price and t[0].key in apart,
                             _sort_key(t[1], params.descending)))
    if params.limit:
        for c, *_ in kept[params.limit:]:
            excluded.append((c, [N_("beyond the top {limit}").format(limit=params.limit)]))
        kept = kept[: params.limit]
    items = [
        RankedItem(candidate=c, rank=i + 1,
                   score=[s if isinstance(s, (int, float, str)) or s is None else str(s)
                          for s in score],
                   unknown=unknown, cost=cost,
                   cost_per=params.cost_per if cost is not None else None, values=named)
        for i, (c, score, unknown, cost, named) in enumerate(kept)
    ]
    return Shortlist(
        items=items, excluded=excluded, excluded_costs=excluded_costs,
        excluded_cost_per=params.cost_per if excluded_costs else None,
        budget_input=capped_input(ctx, where, params.as_) if ctx.task is not None else None,
        criteria=list(params.where),
        approximate_currency=converted, rates_as_of=table.as_of if (table and converted) else None,
        notes=notes, prices_unread=not any(reads_price(e, params.as_)
                                           for e in (*where, *order_by)),
    )


def _embedding_relevance(ctx: StepContext, params: RankParams,
                         cands: list[Candidate]) -> tuple[list[Candidate], str]:
    """``method: embedding``: evidence relevance to the Task (needs the ml extra)."""
    from scout.ml.relevance import score_candidates, task_text  # torch loads only here

    rendered = None
    if params.query:
        if ctx.render is not None:
            rendered = ctx.render(params.query)
        else:
            rendered = make_env().from_string(params.query).render(task=ctx.task)
    text = task_text(ctx.task, rendered)
    if not text:
        raise StepError(f"phase {ctx.phase_id}: method embedding has nothing to compare "
                        "evidence with (no Task and no query)",
                        hint=N_("add needs: [task] or a with.query to the rank phase"))
    scored = score_candidates(cands, text, settings=ctx.config.ml, root=ctx.root)
    return scored, N_("evidence ranked by embedding similarity to: {text}").format(text=repr(text))


def basis_said(folded: str, span: tuple[int, int]) -> str | None:
    """The tax basis ``folded`` (a page's text) says of the amount at ``span``: the words
    right after it or before it, else the page's for its prices as a whole (a stated
    amount's, :data:`scout.spec.statedmoney.TAX_VAR`)."""
    from scout.task.taxbasis import basis_at, page_basis

    return basis_at(folded, span) or page_basis(folded)

