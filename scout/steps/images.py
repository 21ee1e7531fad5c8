"""Step kind ``images``: what each candidate looks like, from sources a reader can check.

Per candidate (a fan-out item) up to ``limit`` photos, each with the image URL, the page
it appears on and the site's name — the credit the report prints — and the size when
the source states it:

1. first-party photos: the candidate's own page's ``og:image`` and JSON-LD ``image``,
   read by the fetch phase (``pages``), marked ``first_party`` and credited to the
   candidate's site when that site serves them (one another site serves is credited to
   it, "shown on" the candidate's page); at most ``first_party`` of them lead the gallery;
2. then the ``images`` chain's answer for ``query`` (Brave, Google, SearxNG image search,
   whichever is configured first), less the photos that name another candidate of the
   fan-out and not this one (a "best hotels" page's photo of the hotel next door, which
   the report would credit to this one).

When no link of the chain is configured (every ``name?`` link skipped) the search is
skipped, visibly: the artifact says why (``skipped``) and the galleries keep their
first-party photos. Nothing is downloaded here: a ``thumbnails`` phase does that
(``download: true``; scout/steps/thumbnails.py), so this step needs one chain only.
"""

from __future__ import annotations

from typing import Any

import httpx

from scout.errors import NoUsableLink, StepError
from scout.i18n import N_plural
from scout.adapters.contract import ImageSearchRequest
from scout.schemas.records import Candidate, EvidenceSet
from scout.schemas.sources import Gallery, Photo, PhotoSet
from scout.stepkit.context import ItemOutcome, StepContext
from scout.steps.mentions import names_candidate, shared_words, sibling_names
from scout.steps.namewords import name_words
from scout.steps.outcomes import failure_notes
from scout.stepkit.params import ImagesParams


def _host(url: str) -> str:
    try:
        return httpx.URL(url).host.removeprefix("www.")
    except (httpx.InvalidURL, TypeError):
        return ""


def _site(host: str) -> str:
    """The registrable part of a host, near enough to tell one site from another:
    ``img.casabonay.com`` → ``casabonay.com``, ``www.hotel.co.uk`` → ``hotel.co.uk`` (a
    country code under a short second level: ``co.uk``, ``com.es``)."""
    labels = host.lower().rstrip(".").split(".")
    if all(label.isdigit() for label in labels) or ":" in host:  # an IP address is its own
        return host
    keep = 3 if len(labels) >= 3 and len(labels[-1]) == 2 and len(labels[-2]) <= 3 else 2
    return ".".join(labels[-keep:])


def first_party_photos(pages: Any, subject: str, name: str) -> list[Photo]:
    """The photos the candidate's own page shows, from the fetch phase's page evidence.
    One the page's own site serves (its domain, a subdomain of it) is ``first_party``,
    credited to the candidate; one another site serves is credited to that site, shown
    on the candidate's page (``shown_on``), after the site's own: a page may show a photo
    that is not its own (a shared template's, a chain's, another hotel's), and the credit
    says whose it is."""
    if not isinstance(pages, EvidenceSet):
        return []
    out: list[Photo] = []
    for ev in pages.items:
        if ev.kind != "page" or ev.subject != subject:
            continue
        page_site = _site(_host(ev.url))
        for url in ev.images:
            image_host = _host(url)
            if not image_host or _site(image_host) == page_site:
                out.append(Photo(image_url=url, page_url=ev.url, source=name or _host(ev.url),
                                 title=ev.title, first_party=True, adapter=ev.adapter))
            else:
                out.append(Photo(image_url=url, page_url=ev.url, source=image_host,
                                 shown_on=name or _host(ev.url), title=ev.title,
                                 adapter=ev.adapter))
    return sorted(out, key=lambda p: not p.first_party)  # its own site's first


def about_another(photo: Photo, name: str, siblings: list[str], context: str = "") -> bool:
    """Whether a search photo names another candidate of the fan-out and not ``name``
    (its title, page and image URLs are what the search tells of it). Words the
    candidates share, and the words of ``context`` (the search query) that are not in
    ``name`` (the city in "Hotel Arts Barcelona"), tie a photo to no one. A photo that
    names none of them is kept: image titles are often only the alt text."""
    others = [s for s in siblings if s and s != name]
    if not name or not others:
        return False
    own = set(name_words(name))
    shared = shared_words([name, *others]) | {w for w in name_words(context) if w not in own}
    text = f"{photo.title or ''} {photo.page_url or ''} {photo.image_url}"
    if names_candidate(name, text, shared):
        return False
    return any(names_candidate(other, text, shared) for other in others)


def gallery(first: list[Photo], found: list[Photo], limit: int, first_cap: int) -> list[Photo]:
    """First-party photos first (at most ``first_cap``), then the search's, no repeats."""
    out: list[Photo] = []
    seen: set[str] = set()
    for p in first[:first_cap] + found + first[first_cap:]:
        if p.image_url in seen:
            continue
        seen.add(p.image_url)
        out.append(p)
    return out[:limit]


def run(ctx: StepContext) -> PhotoSet:
    params = ctx.params
    assert isinstance(params, ImagesParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: images needs a chain and a template renderer")
    item = getattr(ctx.item, "candidate", ctx.item)  # a shortlist's RankedItem too
    subject = item.key if isinstance(item, Candidate) else str(ctx.item_index or 0)
    name = item.name if isinstance(item, Candidate) else ""
    first = first_party_photos(ctx.inputs.get(params.pages) if params.pages else None,
                               subject, name)
    query = " ".join((ctx.say or ctx.render)(params.query).split())
    notes: list[str] = []
    skipped = None
    found: list[Photo] = []
    if query:
        try:
            outcome = ctx.gateway.call(ImageSearchRequest(query=query, limit=params.limit,
                                                          options=params.options))
            found = [p for p in outcome.value if isinstance(p, Photo)]
            siblings = sibling_names(ctx)
            kept = [p for p in found if not about_another(p, name, siblings, query)]
            # from msgids, so a Spanish report says it in Spanish (scout.i18n.messages)
            said = {"count": len(found), "subject": name or subject,
                    "adapter": outcome.answered_by, "left": len(found) - len(kept)}
            notes.append((N_plural("{count} photo of {subject} from {adapter}, {left} of "
                                   "another candidate left out",
                                   "{count} photos of {subject} from {adapter}, {left} of "
                                   "another candidate left out", len(found))
                          if len(kept) < len(found) else
                          N_plural("{count} photo of {subject} from {adapter}",
                                   "{count} photos of {subject} from {adapter}",
                                   len(found))).format(**said))
            found = kept
        except NoUsableLink as exc:
            skipped = f"image search skipped: {exc.message.split(': ', 1)[-1]}"
    photos = gallery(first, found, params.limit, params.first_party)
    return PhotoSet(galleries=[Gallery(subject=subject, name=name, photos=photos,
                                       notes=notes)],
                    notes=notes, skipped=skipped)


def gather(outcomes: list[ItemOutcome], phase: Any = None) -> PhotoSet:
    """One PhotoSet for the fan-out: every item's gallery, in item order."""
    galleries: list[Gallery] = []
    notes: list[str] = []
    skipped = None
    for o in outcomes:
        if o.ok and isinstance(o.value, PhotoSet):
            galleries.extend(o.value.galleries)
            notes.extend(o.value.notes)
            skipped = skipped or o.value.skipped
    notes.extend(failure_notes(outcomes))
    return PhotoSet(galleries=galleries, notes=notes, skipped=skipped)
