"""Step kind ``fetch``: read a candidate's own page and turn it into page evidence.

JSON-LD (schema.org Hotel/Restaurant/Product... with aggregateRating and priceRange) and
OpenGraph facts from the candidate's site are stronger than a search snippet: ``rank``
prefers a page's rating over ratings quoted in snippets. A product's structured specs
(:mod:`scout.adapters.pagespecs`) join the evidence's text, one "label: value" line each.
A page that lists things rather than being one thing's (a ranking, a directory: a
schema.org ``ItemList``, :mod:`scout.adapters.itemlist`) carries their names
(``listed``): ``rank`` leaves its candidate out (:mod:`scout.steps.pagestatus`).
"""

from __future__ import annotations

from typing import Any

import re

from scout.adapters.itemlist import listed_things
from scout.adapters.page_images import page_images
from scout.adapters.pagespecs import spec_lines
from scout.errors import StepError
from scout.adapters.contract import FetchRequest
from scout.schemas.records import Candidate, Evidence, EvidenceSet
from scout.schemas.sources import Page
from scout.schemas.task import Money
from scout.stepkit.context import ItemOutcome, StepContext
from scout.steps.outcomes import merge_evidence
from scout.steps.extract import evidence_id
from scout.steps.listprice import find_price, listing_currency
from scout.task.amounts import find_amounts
from scout.text import fold
from scout.stepkit.params import FetchParams

_FREE_WORDS = frozenset({"free", "gratis", "gratuito", "gratuita", "free admission",
                         "free entry", "entrada gratuita", "entrada libre"})


def price_from_range(price_range: str | None, currency: str | None = None) -> Money | None:
    """'COP 118.000 - 165.470' → 118000 COP (the low end); 'EUR 2800 - 3400 per month'
    (a job's pay) → 2800 EUR a month; '$$' → None; 'Free' (the whole field: it is the
    page's price) → 0 in ``currency``, the context's."""
    if price_range and currency and fold(price_range).strip(" .!") in _FREE_WORDS:
        return Money(amount=0, currency=currency, comparator="=")
    if not price_range or not re.search(r"\d", price_range):
        return None
    # the whole number or nothing: "EUR 1e+300" (a page's priceRange) read as 1 EUR
    m = re.match(r"\s*([A-Z]{3})\s+(\d[\d.,]*)(?![\d.,]|[eE][-+]?\d)", price_range)
    if m:
        # the page's structured figure (JSON-LD, microdata): read whole, with no cap on
        # the amount as for a snippet's (a salary in pesos or dong is millions), its
        # code after it as people write it and the rest (a period: "per month") kept
        found = find_amounts(f"{m.group(2)} {m.group(1)}{price_range[m.end():]}")
        return found[0][0].model_copy(update={"comparator": "="}) if found else None
    return find_price(price_range)


def page_evidence(page: Page, subject: str | None, *, adapter: str, phase: str,
                  wanted: list[str], currency: str | None = None) -> Evidence:
    description = page.opengraph.get("og:description") if "opengraph" in wanted else None
    text = description or (page.text[:400] if "text" in wanted else "") or (page.title or "")
    # the maker's own specs ("Weight: 21.5 kg") after the summary: what ``stated`` and the
    # synthesis read before a review's impression of them
    specs = spec_lines(page.jsonld, page.microdata) if "jsonld" in wanted else []
    text = "\n".join([text, *specs]) if text and specs else text or "\n".join(specs)
    return Evidence(
        id=evidence_id(page.final_url, text), kind="page", subject=subject, text=text,
        url=page.final_url, title=page.name or page.title or page.final_url, adapter=adapter,
        phase=phase,
        rating=page.rating if "jsonld" in wanted else None,
        rating_count=page.rating_count if "jsonld" in wanted else None,
        price=price_from_range(page.price_range, currency) if "jsonld" in wanted else None,
        images=page_images(page.final_url, page.opengraph if "opengraph" in wanted else {},
                           page.jsonld if "jsonld" in wanted else [],
                           page.microdata if "jsonld" in wanted else []),
        event_status=page.event_status if "jsonld" in wanted else None,
        valid_through=page.valid_through if "jsonld" in wanted else None,
        availability=page.availability if "jsonld" in wanted else None,
        event_end=page.event_end if "jsonld" in wanted else None,
        listed=listed_things(page.jsonld, page.microdata) if "jsonld" in wanted else [],
    )


def run(ctx: StepContext) -> EvidenceSet:
    params = ctx.params
    assert isinstance(params, FetchParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: fetch needs a chain and a template renderer")
    url = ctx.render(params.url).strip()
    if not url.startswith(("http://", "https://")):
        raise StepError(f"phase {ctx.phase_id}: {url!r} is not an http(s) URL")
    outcome = ctx.gateway.call(FetchRequest(url=url))
    page: Page = outcome.value
    subject = ctx.item.key if isinstance(ctx.item, Candidate) else None
    ev = page_evidence(page, subject, adapter=outcome.answered_by, phase=ctx.phase_id,
                       wanted=list(params.extract),
                       currency=listing_currency(ctx.task, ctx.config))
    facts = [f"rating {ev.rating:g}/10" if ev.rating is not None else "",
             f"price range {page.price_range}" if page.price_range else "",
             f"a listing of {len(ev.listed)} things" if ev.listed else ""]
    note = f"{url}: " + (", ".join(f for f in facts if f) or "no structured facts")
    return EvidenceSet(items=[ev], notes=[note])


def gather(outcomes: list[ItemOutcome], phase: Any = None) -> EvidenceSet:
    return merge_evidence(outcomes)
