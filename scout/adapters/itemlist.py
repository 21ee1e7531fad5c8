"""The things a page lists when it is a listing rather than one thing's page.

A ranking, a directory or a booking site's results page says so in its data: a
schema.org ``ItemList`` among its main nodes (top level, an ``@graph`` member, a web
page's ``mainEntity``) whose ``itemListElement`` names two or more things (each a
``ListItem`` with a ``name`` / ``url``, or its ``item``, or the thing itself), or two or
more different things of one type at its top (:func:`scout.adapters.ldentity._listed`: a
chain's hotels). Such a page is a listing only when it is about none thing of its own
(:func:`scout.adapters.ldentity.pick_entity` finds no specific entity: a hotel's page that
also lists "hotels nearby" is the hotel's). A ``BreadcrumbList`` or an ``OfferCatalog``
(a hotel's rooms) is no listing of things to compare.

What the list says of each thing, the way Google's carousels mark it up (an item's
``offers`` price or ``priceRange``, its ``aggregateRating``), is read with it: the
listed candidate's price and rating, cited to the listing page.

``fetch`` (:mod:`scout.steps.fetch`) carries the names on the page's evidence
(``listed``), and ``rank`` leaves out a candidate its own page shows to be a listing
(:mod:`scout.steps.pagestatus`). At most :data:`MAX_LISTED` are read: a page of 10,000
items is read no further.
"""

from __future__ import annotations

from typing import Any

from scout.adapters.jsonld import normalise_rating
from scout.adapters.ldentity import (_GENERIC_TYPES, _PAGE_TYPES_FOLDED, _index, _kinds, _label,
                                     _listed, _main, pick_entity)
from scout.adapters.ldvalues import deref, first_of, price_from_offers, text_of
from scout.schemas.records import Listed

#: the most listed things read off one page
MAX_LISTED = 100
#: the most list elements looked at (a page of 100,000 stays quick)
_MAX_ELEMENTS = 1000


def _element(element: Any, ids: dict[str, dict[str, Any]]) -> Listed | None:
    """A ``ListItem``'s thing (its ``item``, else itself), when it has a name."""
    if not isinstance(element, dict):
        return None
    item = deref(element.get("item"), ids)
    thing = item if isinstance(item, dict) else element
    name = _label(thing) or _label(element)
    if not name:
        return None
    url = text_of(thing.get("url")) or text_of(element.get("url")) or (
        item if isinstance(item, str) else None)
    return _thing(thing, name, url, ids)


def _thing(node: dict[str, Any], name: str, url: str | None,
           ids: dict[str, dict[str, Any]]) -> Listed:
    """A listed thing with what the list says of its price and rating."""
    price = text_of(node.get("priceRange"))
    if not (price and any(ch.isdigit() for ch in price)):  # "$$" is a level, no figure
        offers = node.get("offers")
        price = price_from_offers(offers, ids) if offers is not None else None
    rated = deref(first_of(node.get("aggregateRating")), ids)
    rating, count = normalise_rating(rated) if isinstance(rated, dict) else (None, None)
    return Listed(name=name.strip()[:200], url=_web(url), price_range=price,
                  rating=rating, rating_count=count)


def _web(url: str | None) -> str | None:
    """An http(s) address, else None: a listed thing is cited at no other."""
    url = (url or "").strip()
    return url if url.startswith(("http://", "https://")) and len(url) <= 2000 else None


def _item_lists(nodes: list[dict[str, Any]], ids: dict[str, dict[str, Any]]) -> list[Listed]:
    out: list[Listed] = []
    for node in nodes:
        if "ItemList" not in _kinds(node):
            continue
        elements = node.get("itemListElement")
        out += filter(None, (_element(e, ids) for e in (elements if isinstance(elements, list)
                                                        else [])[:_MAX_ELEMENTS]))
    return _once(out)


def _once(things: list[Listed]) -> list[Listed]:
    """``things`` each once (by name and address), at most :data:`MAX_LISTED`."""
    seen: set[tuple[str, str | None]] = set()
    out: list[Listed] = []
    for thing in things:
        if (thing.name, thing.url) not in seen and len(out) < MAX_LISTED:
            seen.add((thing.name, thing.url))
            out.append(thing)
    return out


def listed_things(objects: list[dict[str, Any]],
                  microdata: list[dict[str, Any]] | None = None) -> list[Listed]:
    """The things the page lists (see the module docstring), at most :data:`MAX_LISTED`;
    empty for a page about one thing or one listing fewer than two."""
    picked = pick_entity(objects, microdata)
    if picked is not None and picked[1] not in _GENERIC_TYPES:
        return []  # about a thing of its own: what it also lists is not what it is
    every = objects + (microdata or [])
    main, declared = _main(every)
    at = _index(every)
    things = _item_lists(main, at)
    if len(things) < 2:
        nodes = [(n, k) for n in main if (k := _kinds(n))
                 and not {t.lower() for t in k} & _PAGE_TYPES_FOLDED]
        ids = _listed(nodes, declared, every)
        things = _once([_thing(node, name, text_of(node.get("url")), at)
                        for node in main if id(node) in ids and (name := _label(node))])
    return things if len(things) >= 2 else []
