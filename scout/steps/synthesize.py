"""Step kind ``synthesize`` (P3): an answer with citations from the synthesis chain.

The request carries the Task (values, types, language), the candidate names, the
evidence gathered so far (shortlisted candidates' evidence first, the left-out ones'
last, with the prices, ratings and dates it stated) and the candidates as the rank step left them (shortlisted in
order, then excluded with reasons). Which adapter answered — Perplexity, or the
local extractive fallback — is stored on the Synthesis and shown in the report.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from typing import Any

from scout.errors import StepError
from scout.i18n import N_
from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
from scout.adapters.facts import same_price
from scout.schemas.records import Candidate, Candidates, Evidence, EvidenceSet, Shortlist
from scout.schemas.sources import Synthesis
from scout.schemas.task import Money, asked_money, declared_first
from scout.units import PERIOD_DAYS
from scout.stepkit.context import StepContext
from scout.stepkit.params import SynthesizeParams
from scout.schemas.ratingscale import candidates_in, rating_scale
from scout.steps.pagestatus import is_page_flag
from scout.steps.synthcheck import left_out_note
from scout.steps.synthnames import invented_names, invented_note
from scout.steps.synthorder import order_contradictions
from scout.task.values import to_jsonable


def collect_evidence(inputs: dict[str, Any]) -> tuple[list[str], list[Evidence]]:
    """Candidate names and evidence, shortlisted first, without duplicates; the evidence
    of the candidates rank left out comes last, so a near miss or the closest option the
    synthesis names ("just over budget: 27,50 €") cites the page that stated its figure
    even when the phase does not need the candidates themselves."""
    names: list[str] = []
    evidence: list[Evidence] = []
    seen: set[str] = set()

    def add(items: list[Evidence]) -> None:
        for e in items:
            if e.id not in seen:
                seen.add(e.id)
                evidence.append(e)

    for value in inputs.values():
        if isinstance(value, Shortlist):
            for item in value.items:
                names.append(item.candidate.name)
                add(item.candidate.evidence)
    for value in inputs.values():
        if isinstance(value, Candidates):
            for c in value.items:
                if c.name not in names:
                    names.append(c.name)
                add(c.evidence)
        elif isinstance(value, EvidenceSet):
            add(value.items)
    for value in inputs.values():
        if isinstance(value, Shortlist):
            for c, _ in value.excluded:
                add(c.evidence)
    return names, evidence


#: why a synthesis link did not answer, as the report says it (scout.i18n.messages localises it)
_LINK_NOTES = {"skipped": N_("{adapter} skipped: {reason}"),
               "error": N_("{adapter} error: {reason}"),
               "circuit_open": N_("{adapter} circuit open: {reason}")}


def evidence_item(e: Evidence) -> EvidenceItem:
    """What a synthesis adapter gets of one piece of evidence: its text and typed facts."""
    return EvidenceItem(
        url=e.url, title=e.title, text=e.text, subject=e.subject, kind=e.kind,
        rating=e.rating, rating_scale=e.rating_scale, rating_count=e.rating_count, price=e.price,
        published=e.published,
        retrieved_at=e.retrieved_at.isoformat() if e.retrieved_at else None)


#: how rank's flag for a record it kept without deciding a ``where`` begins
#: (scout.steps.rank: "could not check: {criterion}")
_UNCHECKED = "could not check: "


def _brief(c: Candidate, rank: int | None, excluded: list[str],
           said: Callable[[str], str] = str, cost: float | None = None,
           cost_per: str | None = None, currency: str | None = None) -> SubjectBrief:
    """``c`` as the synthesis sees it; ``said`` writes its "could not check" flags, and
    what its own page says changed (postponed, pre-order), in the reader's language (the kind's words are its project's catalog's, which no adapter
    holds); ``cost``: the amount the ranking compared it by, ``cost_per`` what it is for,
    ``currency`` the money it compared in (a record with no price whose cost the kind
    worked out is checked at that cost)."""
    checked = c.price_converted
    if c.price is None and cost is not None and currency:
        # no price read, but the kind worked out what it costs (a share of the amount
        # asked): that amount is what rank checked the budget with, in its money
        checked = Money(amount=cost, currency=currency, comparator="=",
                        per=cost_per if cost_per in PERIOD_DAYS else None)
    return SubjectBrief(key=c.key, name=c.name, rank=rank, excluded=list(excluded),
                        rating=c.rating, rating_count=c.rating_count, price=c.price,
                        price_checked=checked, cost=cost, cost_per=cost_per,
                        bundle=c.bundle, extras_added=c.extras_added,
                        is_video=c.video is not None,
                        offers=[o.url for o in c.offers],
                        unchecked=[said(f) for f in c.flags if f.startswith(_UNCHECKED)],
                        page_flags=[said(f) for f in c.flags if is_page_flag(f)])


def _amount(c: Candidate) -> float:
    price = c.price_converted or c.price
    return price.amount if price is not None else math.nan


def _compared_currency(shortlist: Shortlist, task: Any) -> str | None:
    """The money rank compared the shortlist in: its candidates' prices as compared, else
    the money the request states."""
    for i in shortlist.items:
        price = i.candidate.price_converted or i.candidate.price
        if price is not None:
            return price.currency
    values = getattr(task, "values", None) or {}
    return next((v.currency for v in values.values() if isinstance(v, Money)), None)


def collect_subjects(inputs: dict[str, Any],
                     said: Callable[[str], str] = str) -> list[SubjectBrief]:
    """Shortlisted candidates in rank order, then the excluded ones with their reasons
    (``said``: as :func:`_brief` takes it).

    Without a shortlist (a pipeline with no rank phase) every candidate is a subject with
    no rank: the synthesis then checks the Task's constraints itself.
    """
    task = inputs.get("task")
    for value in inputs.values():
        if isinstance(value, Shortlist):
            # the ranking's compared amounts travel only where the kind's arithmetic
            # made one differ from its price (3 × 285 € pipettes against a set of three
            # at 690 €), or could work none out for a priced record the others have one
            # for, its own value flagged unchecked (a filing asked that its page prices
            # nowhere: "could not check: cost"; a price rank could not put on the
            # budget's footing is said apart as before): "cheapest" then means
            # what the ranking means, never the page's price of one it could not cost
            costs = any(i.cost is not None and not same_price(i.cost, _amount(i.candidate))
                        for i in value.items) or (
                any(i.cost is not None for i in value.items)
                and any(i.cost is None and not math.isnan(_amount(i.candidate))
                        and any(f.startswith(_UNCHECKED) for f in i.candidate.flags)
                        for i in value.items))
            compared = _compared_currency(value, task)
            out = [_brief(i.candidate, i.rank, [], said, i.cost if costs else None,
                          i.cost_per if costs else None, compared)
                   for i in value.items]
            # a left-out record is held to the amount its reason was (the call-out fee
            # a kind adds to a rate), where the kind's arithmetic made it differ
            out += [_brief(c, None, reasons, said, cost, value.excluded_cost_per)
                    if (cost := value.excluded_costs.get(c.key)) is not None
                    and not same_price(cost, _amount(c)) else _brief(c, None, reasons, said)
                    for c, reasons in value.excluded]
            return out
    for value in inputs.values():
        if isinstance(value, Candidates):
            return [_brief(c, None, [], said) for c in value.items]
    return []


def _flag_words(ctx: StepContext, lang: str | None) -> Callable[[str], str]:
    """A flag rank wrote in English, in the request's language with the project's words
    (``locales/`` beside ``templates/``), as the report writes it."""
    from scout.i18n import lang_of, reader_translations
    from scout.i18n.messages import localize
    from scout.report.files import project_locales

    lang = lang_of(lang or "en")
    catalog = reader_translations(lang, project_locales(ctx.root / "templates"))
    return lambda flag: localize(flag, lang, catalog=catalog)


def _money_label(ctx: StepContext, task: Any) -> str:
    """The label of the money input the prices are held to (rank's, ``asked_money``)
    where it is no budget: an input other than the kind's first money input (a cap on a
    rate: "precio máximo por kWh"), labelled as "What you asked" labels it
    (``input_labels``, with the project's words); "" for the budget, or none asked."""
    from scout.i18n import lang_of, reader_translations
    from scout.report.files import project_locales
    from scout.spec.filters import FILTERS

    types = declared_first(getattr(task, "types", None) or {}, ctx.pipeline.inputs)
    asked = asked_money(types, getattr(task, "values", None) or {})
    first = next((n for n, t in types.items() if t == "money"), None)
    if asked is None or asked[0] == first:
        return ""
    lang = lang_of(getattr(task, "lang", None) or "en")
    catalog = reader_translations(lang, project_locales(ctx.root / "templates"))
    labels = FILTERS["input_labels"](list(types), ctx.pipeline.inputs, lang=lang,
                                     catalog=catalog)
    return str(labels[asked[0]])


def run(ctx: StepContext) -> Synthesis:
    params = ctx.params
    assert isinstance(params, SynthesizeParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: synthesize needs a chain and a renderer")
    question = (ctx.say or ctx.render)(params.question).strip() if params.question else (
        f"Summarise the evidence for: {getattr(ctx.task, 'query', '')}")
    names, evidence = collect_evidence(ctx.inputs)
    task = ctx.task
    request = SynthesisRequest(
        question=question,
        task={k: to_jsonable(v) for k, v in (task.values.items() if task else [])},
        candidates=names,
        evidence=[evidence_item(e) for e in evidence[: params.max_sources]],
        context_budget_chars=params.context_budget_chars,
        lang=getattr(task, "lang", None) or "en",
        # in the kind's declaration order, which the synthesis reads its limits in
        task_types=declared_first(task.types, ctx.pipeline.inputs) if task else {},
        rating_scale=rating_scale(task, candidates_in(ctx.inputs)),
        subjects=collect_subjects(ctx.inputs, _flag_words(ctx, getattr(task, "lang", None))),
        # the inputs' other words travel with their names and types: the keyless synthesis
        # holds none of what was asked against a listing (aspects.asked_words)
        input_aliases={n: list(s.aliases) for n, s in ctx.pipeline.inputs.items() if s.aliases},
        input_synonyms={n: {k: list(v) for k, v in s.synonyms.items()}
                        for n, s in ctx.pipeline.inputs.items() if s.synonyms},
        kind_nouns=list(ctx.pipeline.nouns),
        money_label=_money_label(ctx, task),
        prices_unread=any(isinstance(v, Shortlist) and v.prices_unread
                          for v in ctx.inputs.values()),
    )
    outcome = ctx.gateway.call(request)
    synthesis: Synthesis = outcome.value
    notes = list(synthesis.notes)
    for link in outcome.links:
        if link.result == "budget_exceeded" and link.message:
            # the cost cap refused the model: its own words say what it would have cost
            # and what was left ("perplexity was not called: it would have cost about…")
            notes.append(link.message)
            continue
        if link.result in ("skipped", "error", "circuit_open") and link.adapter != outcome.answered_by:
            msgid = _LINK_NOTES.get(link.result, N_("{adapter} {result}: {reason}"))
            notes.append(msgid.format(adapter=link.adapter, result=link.result.replace("_", " "),
                                      reason=link.message or link.error))
    left_out = left_out_note(synthesis, request.subjects, getattr(task, "query", "") or "")
    if left_out:
        notes.append(left_out)
    # a name no candidate and no source holds, and a superlative the shortlist's figures
    # contradict: their claims are marked, and the notes say why (synthnames, synthorder)
    invented = invented_note(invented_names(synthesis, request,
                                            [str(getattr(task, "query", "") or "")]))
    if invented:
        notes.append(invented)
    notes += order_contradictions(synthesis, request.subjects, request.rating_scale,
                                  request.lang)
    # the language asked for (the prompt asks a model for it; extractive writes in it)
    return synthesis.model_copy(update={"adapter": outcome.answered_by, "notes": notes,
                                        "lang": request.lang})
