"""Step kind ``search`` (F1, F2, F4): render the query, call the chain, extract records.

``extract.record`` decides what the Sources become: ``candidate`` (a Candidates artifact,
merged by name and domain), ``review`` / ``price`` (evidence about the fan-out item) or
``source`` (the Sources as they are). Who answered is kept on every record.
"""

from __future__ import annotations

from typing import Any

from scout.errors import StepError
from scout.i18n import N_, N_plural
from scout.adapters.contract import SearchRequest
from scout.spec.evidence import enum_values, enum_words
from scout.schemas.records import Candidate, Candidates, EvidenceSet, SourceList
from scout.stepkit.context import ItemOutcome, StepContext
from scout.steps.outcomes import failure_notes, merge_evidence
from scout.steps.extract import listing_dropped, to_candidates, to_evidence
from scout.steps.listprice import listing_currency
from scout.steps.mentions import evidence_shared, others_words, sibling_names, sibling_texts
from scout.steps.freetext import free_fields
from scout.steps.placenames import request_places
from scout.stepkit.params import SearchParams


def run(ctx: StepContext) -> Any:
    params = ctx.params
    assert isinstance(params, SearchParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: search needs a chain and a template renderer")
    # a query is words a search engine reads: the kind's in the request's language
    query = (ctx.say or ctx.render)(params.query).strip()
    if not query:
        raise StepError(f"phase {ctx.phase_id}: the rendered query is empty",
                        hint=N_("check the template in with.query"))
    outcome = ctx.gateway.call(
        SearchRequest(query=query, limit=params.limit, options=params.options,
                      free_fields=free_fields(params.query, ctx.pipeline, "query"))
    )
    sources = list(outcome.value)[: params.limit]
    rules = params.extract
    answered = outcome.answered_by
    note = (N_("'{query}' answered by {adapter} (cache)") if outcome.from_cache
            else N_("'{query}' answered by {adapter}")).format(query=query, adapter=answered)
    currency = listing_currency(ctx.task, ctx.config)
    if rules.record == "candidate":
        places = request_places(ctx.task) if rules.strip_place else None
        nouns = getattr(ctx.pipeline, "nouns", None) or ()
        cands, dropped = to_candidates(sources, rules, adapter=answered, phase=ctx.phase_id,
                                       places=places, currency=currency, query=query,
                                       kind_words=enum_words(getattr(ctx.pipeline, "inputs", None)),
                                       kind_values=enum_values(getattr(ctx.pipeline, "inputs", None)),
                                       nouns=nouns)
        merged: list[str] = []
        if params.dedup == "none":
            pass  # to_candidates already merged; 'none' only skips the semantic pass
        elif params.dedup == "semantic":
            from scout.steps.dedup import semantic_merge_report  # the optional ml extra

            cands, merges = semantic_merge_report(
                cands, threshold=params.dedup_threshold, root=ctx.root, context=query,
                settings=ctx.config.ml)
            merged = [f"semantic dedup {m}" for m in merges]
        notes = [note] + merged
        if dropped:
            notes.append(N_plural("dropped {count} list/aggregator page",
                                  "dropped {count} list/aggregator pages",
                                  len(dropped)).format(count=len(dropped)))
        listings = [s.title for s in sources if listing_dropped(s, rules, nouns)]
        return Candidates(items=cands, excluded=dropped, listings=listings, notes=notes)
    if rules.record in ("review", "price"):
        subject = ctx.item if isinstance(ctx.item, Candidate) else None
        names = sibling_names(ctx)
        shared = evidence_shared(names, sibling_texts(ctx),
                                 getattr(ctx.task, "query", None) or "")
        items, n_dropped = to_evidence(sources, rules, kind=rules.record, subject=subject,
                                       adapter=answered, phase=ctx.phase_id, shared=shared,
                                       others=others_words(names, subject, shared),
                                       currency=currency)
        notes = [note]
        if n_dropped and rules.record == "review":
            # a review record is any evidence a fan-out gathers (a paper's year, a
            # conference's fees): what was dropped did not name the candidate, which is
            # what to say, not that it "carried no review"
            notes.append(N_plural("{count} result did not name {name}",
                                  "{count} results did not name {name}", n_dropped).format(
                count=n_dropped, name=subject.name if subject else N_("the subject")))
        elif n_dropped:
            notes.append(N_plural("{count} result did not carry a {record} of {name}",
                                  "{count} results did not carry a {record} of {name}",
                                  n_dropped).format(
                count=n_dropped, record=rules.record,
                name=subject.name if subject else N_("the subject")))
        return EvidenceSet(items=items, sources=sources, notes=notes)
    return SourceList(items=sources)


def gather(outcomes: list[ItemOutcome], phase: Any = None) -> Any:
    """Fan-out results, in item order, merged into one artifact; failed items noted."""
    done = [o.value for o in outcomes if o.ok and o.value is not None]
    if done and all(isinstance(r, Candidates) for r in done):
        merged = Candidates(notes=[N_("no result for {item}").format(item=n)
                                   for n in failure_notes(outcomes)])
        seen: set[str] = set()
        for r in done:
            for c in r.items:
                if c.key not in seen:
                    seen.add(c.key)
                    merged.items.append(c)
            merged.excluded += r.excluded
            merged.listings += r.listings
            merged.notes += r.notes
        return merged
    if done and all(isinstance(r, SourceList) for r in done):
        return SourceList(items=[s for r in done for s in r.items])
    return merge_evidence(outcomes)
