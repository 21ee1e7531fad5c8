"""A listing page's things become candidates of their own.

A candidate whose own page (a ``fetch`` phase's, ``extract: [jsonld]``) turns out to be a
listing — a ranking, a directory, a booking site's results: its ``ItemList``
(:mod:`scout.adapters.itemlist`) — is no thing to rank (:mod:`scout.steps.pagestatus`
leaves it out). What it lists is: ``rank`` adds each listed thing no candidate already
is as a candidate, before it reads prices and ratings, citing the listing page (its
evidence: "<name>, listed on <page>") and linked to its own address where the page gives
one, with the price and rating the list gives it (:mod:`scout.adapters.itemlist`). A thing already found elsewhere (the same name key, another of its names, its own
site) gets the listing's citation instead of a second candidate. At most
:data:`MAX_NEW` are added in all, in the order the pages list them: a page of 10,000
items adds no more than :data:`scout.adapters.itemlist.MAX_LISTED`.
"""

from __future__ import annotations

from collections.abc import Iterable

from scout.schemas.records import Candidate, Evidence, EvidenceSet
from scout.steps.extract import evidence_id
from scout.steps.fetch import price_from_range
from scout.steps.namewords import name_key
from scout.steps.samecandidate import domain_of

#: the most candidates listing pages add to one ranking
MAX_NEW = 200


def _listings(cands: list[Candidate], sets: Iterable[EvidenceSet]) -> list[Evidence]:
    """The page evidence, of these candidates, that lists things, in candidate order."""
    keys = {c.key for c in cands}
    pages = [e for c in cands for e in c.evidence if e.kind == "page" and e.listed]
    pages += [e for s in sets for e in s.items
              if e.kind == "page" and e.listed and e.subject in keys]
    return list({e.id: e for e in reversed(pages)}.values())[::-1]  # each once, first kept


def listed_candidates(cands: list[Candidate], sets: Iterable[EvidenceSet]) -> list[Candidate]:
    """``cands`` with the things their listing pages list (see the module docstring)."""
    pages = _listings(cands, sets)
    if not pages:
        return cands
    out = [c.model_copy(deep=True) for c in cands]  # the artifact read is not changed
    by_key = {c.key: c for c in out}
    by_name = {name_key(a): c for c in out for a in c.aliases}
    by_site = {c.domain: c for c in out if c.domain and c.url.rstrip("/").count("/") <= 2}
    added = 0
    for page in pages:
        for thing in page.listed:
            key = name_key(thing.name)
            if not key or key == page.subject:
                continue
            own = domain_of(thing.url) if thing.url else ""
            target = by_key.get(key) or by_name.get(key) or (by_site.get(own) if own else None)
            text = f"{thing.name}, listed on {page.title or page.url}"
            rated = f"rated {thing.rating:g}/10" if thing.rating is not None else None
            said = ", ".join(filter(None, [thing.price_range, rated]))
            text += f" ({said})" if said else ""
            # the list's own price and rating, cited to it: a candidate found nowhere else
            # is then ranked on them rather than left unknown
            ev = Evidence(id=evidence_id(page.url, text), kind="snippet", text=text,
                          url=page.url, title=page.title, adapter=page.adapter,
                          phase=page.phase, retrieved_at=page.retrieved_at,
                          price=price_from_range(thing.price_range), rating=thing.rating,
                          rating_count=thing.rating_count)
            if target is None:
                if added >= MAX_NEW:
                    continue
                added += 1
                target = Candidate(key=key, name=thing.name, url=thing.url or page.url,
                                   domain=own or domain_of(page.url), adapter=page.adapter)
                out.append(target)
                by_key[key] = target
            if any(e.id == ev.id for e in target.evidence):
                continue
            ev.subject = target.key
            target.evidence.append(ev)
            for url in (page.url, thing.url):
                if url and url not in target.sources:
                    target.sources.append(url)
    return out
