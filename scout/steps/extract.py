"""``extract:`` rules: turn search results (Sources) into typed records.

All of it is driven by the YAML rules (``ExtractRules``), never by the research kind:
names are cleaned with the author's strip patterns, list/aggregator pages are dropped
with the exclude patterns and by their look (:mod:`scout.steps.listingpage`), ratings (:mod:`scout.steps.ratings`) and prices with currency
(:mod:`scout.steps.listprice`) are read from titles and snippets, and candidates are
merged by normalised name (:mod:`scout.steps.namewords`) and by domain (except on shared
sites such as booking.com that list many candidates, and between pages of one site whose
names share less than most of their words, unless one is its home page:
:mod:`scout.steps.samecandidate`). A fan-out's results are evidence about a candidate
when they name it (:mod:`scout.steps.mentions`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from scout.spec import saferegex
from scout.schemas.records import Candidate, Evidence
from scout.schemas.sources import Source
from scout.stepkit.params import ExtractRules
from scout.steps.listprice import find_price, listing_currency
from scout.steps.listingpage import LISTING, is_listing_page
from scout.steps.mentions import (
    _mentions, evidence_shared, names_candidate, others_words, shared_words, sibling_names,
    sibling_texts,
)
from scout.steps.namewords import _core_words, _ordered_words, name_key, name_words
from scout.steps.placenames import Places, strip_place
from scout.steps.ratings import find_rating, stated_rating
from scout.steps.samecandidate import _one_thing_across_sites, _same_subject, domain_of, is_shared
from scout.text import strip_accents

# the names callers (tests, plug-ins) read from here, each owned by the module it is imported from
__all__ = ["_ordered_words", "clean_name", "domain_of", "evidence_id", "evidence_shared",
           "excluded", "find_price", "find_rating", "is_shared", "listing_currency",
           "listing_dropped", "name_key",
           "name_words", "names_candidate", "others_words", "shared_words", "sibling_names",
           "sibling_texts", "snippet_evidence", "stated_rating", "strip_accents", "to_candidates",
           "to_evidence"]


def clean_name(title: str, rules: ExtractRules, places: Places | None = None) -> str:
    """A result's title as a name: the author's strip patterns, then (``strip_place``)
    the request's place at the end; the place last, since sites append their own name
    after it ("Casa Lucio, Madrid - TheFork")."""
    name = title.strip()
    for i, pat in enumerate(rules.strip_patterns):  # bounded: titles come from the web
        name = saferegex.sub(pat, "", name, where=f"extract.strip_patterns[{i}]").strip()
    name = re.sub(r"\s{2,}", " ", name).strip(" -|–:·")
    if places and rules.strip_place:
        name = strip_place(name, places).strip(" -|–:·")
    return name


def excluded(source: Source, rules: ExtractRules, nouns: Iterable[str] = ()) -> bool:
    """Whether ``source`` is a list/aggregator page to drop: the author's
    ``exclude_patterns`` on its title or URL, else (``listing_pages: drop``) a listing
    page by its title and address, read with the kind's ``nouns``
    (:mod:`scout.steps.listingpage`)."""
    return _by_patterns(source, rules) or listing_dropped(source, rules, nouns)


def _by_patterns(source: Source, rules: ExtractRules) -> bool:
    hay = f"{source.title}\n{source.url}"
    return any(saferegex.search(p, hay, where=f"extract.exclude_patterns[{i}]")
               for i, p in enumerate(rules.exclude_patterns))


def listing_dropped(source: Source, rules: ExtractRules, nouns: Iterable[str] = ()) -> bool:
    """Whether :func:`excluded` drops ``source`` as a listing page (``listing_pages:
    drop``) rather than by the author's patterns: the report counts those apart, since
    the things they list are lost unless the kind keeps or expands them."""
    return (rules.listing_pages == "drop" and not _by_patterns(source, rules)
            and is_listing_page(source.title, source.url, nouns))


def _listing(src: Source, name: str, adapter: str) -> Candidate:
    """``listing_pages: expand``: a listing result as a candidate of its own, marked so
    (:data:`scout.steps.listingpage.LISTING`), merged with no other."""
    return Candidate(key=f"listing-{name_key(name) or evidence_id(src.url, '')}", name=name,
                     url=src.url, domain=domain_of(src.url), adapter=src.adapter or adapter,
                     sources=[src.url], flags=[LISTING])


def evidence_id(url: str, text: str) -> str:
    return hashlib.sha256(f"{url}\n{text}".encode()).hexdigest()[:16]


def to_candidates(
    sources: list[Source], rules: ExtractRules, *, adapter: str, phase: str,
    places: Places | None = None, currency: str | None = None, query: str = "",
    kind_words: Iterable[str] = (),
    kind_values: list[list[tuple[str, ...]]] | None = None, nouns: Iterable[str] = (),
) -> tuple[list[Candidate], list[str]]:
    """Candidates merged by name key and (non-shared) domain, and across sites when one
    names the other with its maker added (:mod:`scout.steps.samething`); returns
    (candidates, dropped).
    ``places``: the request's (:func:`scout.steps.placenames.request_places`), stripped
    from the end of names when the rules' ``strip_place`` is on; ``currency``: what a
    free listing's 0 is in (:func:`scout.steps.listprice.listing_currency`); ``query``: the
    search's, whose words do not make two pages of one site one candidate
    (:func:`scout.steps.samecandidate._same_subject`);
    ``kind_words``: the kind's own words for what it lists (its inputs' ``enum`` values and
    ``synonyms``: ``dentist``, ``clínica dental``, ``piso``), which count as the query's:
    a directory's "Clínica Dental Ruzafa" and "Clínica Dental Benimaclet" share only them;
    ``kind_values``: the same words by input and value, so names that name two values of
    one input ("British School of Valencia", "American School of Valencia") stay two;
    ``nouns``: the kind's words for what it finds, which tell its listing pages
    (:func:`excluded`)."""
    asked = frozenset(_core_words(" ".join([query, *kind_words])))
    by_key: dict[str, Candidate] = {}
    by_domain: dict[str, list[str]] = {}  # domain -> keys of the candidates first seen there
    dropped: list[str] = []
    for src in sources:
        if excluded(src, rules, nouns):
            dropped.append(src.title)
            continue
        name = clean_name(src.title, rules, places)
        key = name_key(name)
        if not key:
            dropped.append(src.title)
            continue
        if rules.listing_pages == "expand" and is_listing_page(src.title, src.url, nouns):
            listing = _listing(src, name, adapter)
            by_key.setdefault(listing.key, listing)  # its things are found on its page
            continue
        domain = domain_of(src.url)
        target = by_key.get(key)
        if target is None and domain and not is_shared(domain, rules):
            # one site, several things (a shop's products): only a same subject merges
            site = by_domain.get(domain, [])
            target = next((by_key[k] for k in site if _same_subject(
                by_key[k], name, src.url, asked, kind_values, alone=len(site) == 1)), None)
        if target is None:  # another shop's listing of one already found
            target = _one_thing_across_sites(
                (c for c in by_key.values() if c.domain != domain), name, asked,
                kind_values or [])
        ev = snippet_evidence(src, rules, adapter=adapter, phase=phase, subject=None,
                              currency=currency)
        if target is None:
            target = Candidate(key=key, name=name, url=src.url, domain=domain,
                               adapter=src.adapter or adapter)
            by_key[key] = target
            if domain and not is_shared(domain, rules):
                by_domain.setdefault(domain, []).append(key)
        elif name != target.name and name not in target.aliases:
            target.aliases.append(name)
        if src.url not in target.sources:
            target.sources.append(src.url)
        ev.subject = target.key
        target.evidence.append(ev)
        if ev.rating is not None and target.rating is None:
            target.rating, target.rating_count = ev.rating, ev.rating_count
        if ev.price is not None and target.price is None:
            target.price = ev.price
        # prefer the candidate's own site as its link
        if is_shared(domain_of(target.url), rules) and domain and not is_shared(domain, rules):
            target.url, target.domain = src.url, domain
    cands = list(by_key.values())
    if rules.max_records:
        cands = cands[: rules.max_records]
    return cands, dropped


def snippet_evidence(
    src: Source, rules: ExtractRules, *, adapter: str, phase: str, subject: str | None,
    kind: str = "snippet", currency: str | None = None,
) -> Evidence:
    text = src.snippet or src.title
    rating = stated_rating(f"{src.title} {src.snippet}") if rules.rating else None
    price = find_price(f"{src.title} {src.snippet}", currency) if rules.price else None
    return Evidence(
        id=evidence_id(src.url, text), kind=kind, subject=subject, text=text, url=src.url,  # type: ignore[arg-type]
        title=src.title, adapter=src.adapter or adapter, phase=phase,
        rating=rating[0] if rating else None, rating_count=rating[1] if rating else None,
        rating_scale=rating[2] if rating and rating[2] != 10 else None,
        price=price, published=src.published, retrieved_at=src.retrieved_at,
    )


def to_evidence(
    sources: list[Source], rules: ExtractRules, *, kind: str, subject: Candidate | None,
    adapter: str, phase: str, shared: frozenset[str] = frozenset(),
    currency: str | None = None, others: frozenset[str] = frozenset(),
) -> tuple[list[Evidence], int]:
    """Evidence about ``subject`` (reviews or prices): results that name it by its own
    words, not only by words ``shared`` with the other candidates, in their title or
    snippet (a URL counts only as its own site or its whole name:
    :func:`scout.steps.mentions._url_names`); ``others``: the other candidates' own words
    (:func:`scout.steps.mentions.others_words`). Returns (evidence, dropped count)."""
    out: list[Evidence] = []
    dropped = 0
    for src in sources:
        if subject is not None and not _mentions(subject, src, rules, shared, others):
            dropped += 1  # about something else: not evidence for this candidate
            continue
        ev = snippet_evidence(src, rules, adapter=adapter, phase=phase,
                              subject=subject.key if subject else None, kind=kind,
                              currency=currency)
        if kind == "price" and ev.price is None:
            dropped += 1
            continue
        out.append(ev)
    return out, dropped
