"""Which node of a page's schema.org data (JSON-LD, microdata) the page is about: the
entity :mod:`scout.adapters.jsonld` reads its facts from, and the nodes a listing's are
(:mod:`scout.adapters.itemlist`).

The entity the facts come from is the page's **main** one: a top-level node (a block's
object, an ``@graph`` member, a microdata item) or the ``mainEntity`` (or a web page's
``about``) of one — preferring, among those, the most specific known type (a Hotel over
the site's Organization). A node nested inside another (a Review's ``itemReviewed``, an
aggregateRating's ``author``, an event's ``location``, a hotel's ``containsPlace``) is
never picked: it describes something else. When no main node has a specific known type,
the first main node that names something (an event, a job posting, a course, a recipe;
not the page furniture: WebSite, WebPage, BreadcrumbList, an FAQ's Questions…, nor a
byline, an article or a Thing it mentions) is used with its own type, before a generic
LocalBusiness, Place or Organization (nearly every page names its publisher), and those
before a byline or an article. A page whose top lists two or more different things of
one type (a band's tour dates, a venue's programme, a chain's hotels: :func:`_listed`) is
about none of them, unless one is its declared ``mainEntity`` (or the one its headline
names): the page is fetched for one candidate, and one listed thing's price or address
is not that candidate's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scout.adapters.ldvalues import deref, first_of, format_address, text_of

#: entity types scout extracts facts from, most specific first
ENTITY_TYPES: tuple[str, ...] = (
    "Hotel", "Resort", "Motel", "Hostel", "BedAndBreakfast", "Campground",
    "VacationRental", "LodgingBusiness", "Restaurant", "FoodEstablishment", "Product",
    "LocalBusiness", "Place", "Organization",
)

#: the generic ones, in the order preferred: nearly every page also names its publisher
#: (an Organization, a Corporation…) or a venue, so any other named main node (an event,
#: a job posting, a course, a recipe) comes first
_GENERIC_TYPES = ("LocalBusiness", "Place", "Organization", "Corporation", "OnlineStore",
                  "OnlineBusiness")
#: named nodes that are who wrote about the page's subject, the writing itself, or a topic
#: it mentions: the subject only when nothing else is named (a blog post, a news story)
_BYLINE_TYPES = frozenset({"Person", "Brand", "Review", "Comment", "BlogPosting",
                           "LiveBlogPosting", "SocialMediaPosting", "DiscussionForumPosting",
                           "Report", "Thing"})


#: the spelling types are compared in, by their lower case: microdata itemtypes come in
#: any case ("http://schema.org/person", "…/hotel") and mean schema.org's type all the same
_CANONICAL = {t.lower(): t for t in (*ENTITY_TYPES, *_GENERIC_TYPES, *_BYLINE_TYPES)}


def _kinds(node: dict[str, Any]) -> list[str]:
    return [_CANONICAL.get(k.lower(), k) for k in types_of(node)]


def _generic_rank(kinds: list[str]) -> int | None:
    """Where a publisher or venue type stands in :data:`_GENERIC_TYPES` (an
    ``…Organization`` subtype with Organization); None for any other type."""
    ranks = [_GENERIC_TYPES.index("Organization" if k.endswith("Organization") else k)
             for k in kinds if k in _GENERIC_TYPES or k.endswith("Organization")]
    return min(ranks) if ranks else None


def _byline(kinds: list[str]) -> bool:
    return any(k in _BYLINE_TYPES or k.endswith("Article") for k in kinds)


def types_of(node: dict[str, Any]) -> list[str]:
    """The node's @type values without a schema.org prefix."""
    raw = node.get("@type")
    values = raw if isinstance(raw, list) else [raw]
    return [str(v).rsplit("/", 1)[-1].rsplit(":", 1)[-1] for v in values if v]


def iter_nodes(objects: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every dict node, depth first in document order (``@graph`` members included)."""
    stack: list[Any] = list(reversed(objects))
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def _index(objects: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Nodes by @id, so that ``{"@id": "#rating"}`` references can be followed."""
    ids: dict[str, dict[str, Any]] = {}
    for node in iter_nodes(objects):
        node_id = node.get("@id")
        if isinstance(node_id, str) and len(node) > 1:
            ids.setdefault(node_id, node)
    return ids


#: types that describe the page or the site rather than what the page is about
_PAGE_TYPES = frozenset({
    "WebSite", "WebPage", "ItemPage", "AboutPage", "CollectionPage", "SearchResultsPage",
    "ContactPage", "ProfilePage", "QAPage", "FAQPage", "CheckoutPage", "MedicalWebPage",
    "RealEstateListing", "BreadcrumbList", "ListItem", "ItemList", "SearchAction",
    "Breadcrumb",  # data-vocabulary.org's, still in older pages' microdata
    "SiteNavigationElement", "WPHeader", "WPFooter", "WPSideBar", "ImageObject",
    "VideoObject", "EntryPoint", "ReadAction", "Offer", "AggregateOffer",
    "AggregateRating", "Rating", "PostalAddress", "GeoCoordinates",
    "Question", "Answer",  # an FAQ block's entries (an FAQPage's mainEntity)
    "AudioObject", "MediaObject",
})
_PAGE_TYPES_FOLDED = frozenset(t.lower() for t in _PAGE_TYPES)


def main_nodes(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The nodes that can be the page's subject, declared main entities first.

    Top-level objects and ``@graph`` members, and what a top-level node names as its
    ``mainEntity`` (or, for a web page, ``about``); never a node found deeper inside.
    """
    return _main(objects)[0]


def _main(objects: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], set[int]]:
    """(:func:`main_nodes`, the identities of those declared main entities)."""
    top: list[dict[str, Any]] = []
    for obj in objects:
        graph = obj.get("@graph")
        if isinstance(graph, list):
            top += [g for g in graph if isinstance(g, dict)]
        if types_of(obj) or not isinstance(graph, list):
            top.append(obj)
    ids = _index(objects)
    declared: list[dict[str, Any]] = []
    for node in top:
        keys = ["mainEntity"]
        if any(t.endswith("Page") for t in types_of(node)):
            keys.append("about")
        for key in keys:
            value = node.get(key)
            for item in value if isinstance(value, list) else [value]:
                item = deref(item, ids)
                if isinstance(item, dict) and types_of(item):
                    declared.append(item)
    out: list[dict[str, Any]] = []
    seen: set[int] = set()  # by identity, in one pass: a page of 100,000 blocks is linear
    for node in declared + top:
        if id(node) not in seen:
            seen.add(id(node))
            out.append(node)
    return out, {id(n) for n in declared}


def _label(node: dict[str, Any]) -> str | None:
    """What the node calls itself: its ``name`` (a JobPosting's is its ``title``)."""
    return text_of(node.get("name")) or text_of(node.get("title"))


def _thing_kind(kinds: list[str]) -> str | None:
    """The type a node is one thing of (a Hotel, an Event, a Product); None for a
    publisher, a venue or a byline, which a page names beside its subject."""
    return next((k for k in kinds if _generic_rank([k]) is None and not _byline([k])), None)


def _folded(text: str | None) -> str:
    return " ".join((text or "").casefold().split())


def _where(node: dict[str, Any], ids: dict[str, dict[str, Any]]) -> str:
    """Where a thing is (its address, else its location's), folded: what tells two
    things of one name apart (a tour's dates are all named after the band, each at its
    own venue), while one show on several days at one theatre is one thing."""
    place = deref(first_of(node.get("location") or node.get("jobLocation")), ids)
    where = format_address(node.get("address"), ids) or (
        (format_address(place.get("address"), ids) or text_of(place.get("name")))
        if isinstance(place, dict) else text_of(place))
    return _folded(where)


#: how many of the page's own names and headlines are read, each how far, and of how
#: many listed things one is looked for in them: a page is titled once or twice, and one
#: that lists hundreds of things is a listing whatever its title (a page of 100,000 nodes
#: stays linear)
_TITLES, _TITLE_CHARS, _TITLED_THINGS = 8, 300, 50


def _listed(nodes: list[tuple[dict[str, Any], list[str]]], declared: set[int],
            objects: list[dict[str, Any]]) -> set[int]:
    """The nodes (by identity) of a listing among one form of the page's data's main
    ``nodes`` (its JSON-LD's, or its microdata's: a recipe named one way in each is one
    recipe), each with its types: two or more different things of one type (a venue's or
    a band's dates, a chain's hotels, a shop's products). None of them is the page's
    subject, whose facts (a price, an address) would be one listed thing's said of the
    page's candidate; unless exactly one of them is a ``declared`` main entity, else the
    one the page's own name or headline (a WebPage's, an Article's) names: a recipe page
    that also gives the recipes of its sauces is about its dish. ``objects``: the page's,
    whose ``@id`` references a thing's place may be."""
    by_name: dict[str, dict[str, list[dict[str, Any]]]] = {}  # by type, then name
    titles: list[str] = []
    for node, kinds in nodes:
        kind = _thing_kind(kinds)
        name = _folded(_label(node))
        if kind is not None and name and not {k.lower() for k in kinds} & _PAGE_TYPES_FOLDED:
            by_name.setdefault(kind, {}).setdefault(name, []).append(node)
        elif len(titles) < _TITLES:
            titles += [_folded(text_of(node.get(k)))[:_TITLE_CHARS] for k in ("name", "headline")]
    ids: dict[str, dict[str, Any]] | None = None  # read only when a name is said twice
    by_kind: dict[str, dict[tuple[str, str], list[dict[str, Any]]]] = {}
    for kind, names in by_name.items():
        things = by_kind.setdefault(kind, {})
        for name, same in names.items():
            if len(same) == 1:
                things[(name, "")] = same
                continue
            ids = _index(objects) if ids is None else ids
            for node in same:
                things.setdefault((name, _where(node, ids)), []).append(node)
    out: set[int] = set()
    for things in by_kind.values():
        if len(things) < 2:
            continue
        main = [key for key, same in things.items() if any(id(n) in declared for n in same)]
        if not main and len(things) <= _TITLED_THINGS:
            main = [key for key in things if any(key[0] in t for t in titles if t)]
        out |= {id(n) for key, same in things.items() if len(main) != 1 or key != main[0]
                for n in same}
    return out


def pick_entity(objects: list[dict[str, Any]], microdata: list[dict[str, Any]] | None = None
                ) -> tuple[dict[str, Any], str] | None:
    """The node the page is about (see the module docstring) and the type it was read as;
    ``microdata``: the page's other form of its data (its items), read after ``objects``."""
    items = {id(n) for n in iter_nodes(microdata)} if microdata else set()
    objects = objects + (microdata or [])
    main, declared = _main(objects)
    nodes = [(n, _kinds(n)) for n in main]
    listed = set().union(*(_listed([(n, k) for n, k in nodes if (id(n) in items) == form],
                                   declared, objects) for form in (False, True)))
    # furniture never (a misspelt "Website" neither), whatever its name
    nodes = [(n, kinds) for n, kinds in nodes if kinds and id(n) not in listed
             and not {k.lower() for k in kinds} & _PAGE_TYPES_FOLDED]
    for wanted in ENTITY_TYPES:
        if wanted in _GENERIC_TYPES:
            break
        for node, kinds in nodes:
            if wanted in kinds:
                return node, wanted
    # an event, a job posting, a course… before the site's publisher
    for node, kinds in nodes:
        if _generic_rank(kinds) is None and not _byline(kinds) and _label(node):
            return node, kinds[0]
    generic = [(rank, i) for i, (_, kinds) in enumerate(nodes)
               if (rank := _generic_rank(kinds)) is not None]
    if generic:
        node, kinds = nodes[min(generic)[1]]
        return node, min((k for k in kinds if _generic_rank([k]) is not None),
                         key=lambda k: _generic_rank([k]) or 0)
    for node, kinds in nodes:
        if _label(node):
            return node, kinds[0]
    return None
