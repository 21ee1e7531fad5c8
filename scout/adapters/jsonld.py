"""schema.org JSON-LD: read the blocks of a page and pull out the facts scout reports.

Pages describe themselves in ``<script type="application/ld+json">`` blocks (and in
microdata, which :mod:`scout.adapters.microdata` turns into the same shape). A block may
hold one object, a list of objects, or an ``@graph``, and may carry ``//`` or ``/* */``
comments, trailing commas, JavaScript escapes, junk after the value, a comma or an
escape left out (read anyway by :mod:`scout.adapters.ldjson`; strings are left intact).

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
is not that candidate's. Its rating may be a separate node linked by ``@id``. The facts
templates need (values read by :mod:`scout.adapters.ldvalues`):

- ``name`` (a JobPosting's ``title``);
- ``rating`` on a 0-10 scale (``ratingValue / bestRating * 10``, bestRating defaults to
  5 as schema.org says) and ``rating_count`` (ratingCount, else reviewCount);
- ``price_range`` (``priceRange``, else built from Offer / AggregateOffer prices, else a
  job posting's ``baseSalary``: "EUR 2800 - 3400 per month");
- ``address`` (a PostalAddress joined into one line, or the string given; else the
  ``location`` or ``jobLocation``'s);
- ``event_status``: its ``eventStatus`` other than scheduled ("cancelled", "postponed",
  "rescheduled", "moved online"), and ``valid_through``: the day a job posting (or any
  entity stating it) stops being offered (``validThrough``, as YYYY-MM-DD);
- ``availability``: what its ``offers`` say when it cannot be had as usual ("sold out",
  "out of stock", "discontinued", "reserved" when every offer says so; "pre-order", "back
  order", "limited availability", "made to order", "presale"), and ``event_end``: the last day an event takes place
  (``endDate``, else an event's ``startDate``, as YYYY-MM-DD). rank leaves out what its own
  page says is off (:mod:`scout.steps.pagestatus`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from scout.adapters.ldjson import read_block
from scout.adapters.ldvalues import (availability, day_of, deref, event_status, first_of,
                                     format_address, number_of, price_from_offers,
                                     salary_range, text_of)

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


_OFFER_TYPES = ("Offer", "AggregateOffer")
_RATING_TYPES = ("AggregateRating", "Rating")


@dataclass
class Facts:
    name: str | None = None
    rating: float | None = None
    rating_count: int | None = None
    price_range: str | None = None
    address: str | None = None
    entity_type: str | None = None
    event_status: str | None = None
    valid_through: str | None = None
    availability: str | None = None
    event_end: str | None = None


def parse_blocks(texts: list[str]) -> tuple[list[dict[str, Any]], int]:
    """Parse JSON-LD script bodies; returns (top-level objects, number of broken blocks).

    A list at the top level contributes each object. Broken blocks are counted, not
    raised: one bad block must not hide the others (pages do ship broken JSON-LD; what
    is read anyway is :mod:`scout.adapters.ldjson`'s).
    """
    out: list[dict[str, Any]] = []
    broken = 0
    for raw in texts:
        values = read_block(raw)
        if values is None:
            broken += 1
            continue
        for data in values:
            for item in data if isinstance(data, list) else [data]:
                if isinstance(item, dict):
                    out.append(item)
    return out, broken


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


def _same(a: Any, b: dict[str, Any], ids: dict[str, dict[str, Any]]) -> bool:
    """Whether reference ``a`` (an ``itemReviewed``) names entity ``b``."""
    a = deref(first_of(a), ids)
    if a is b:
        return True
    if isinstance(a, dict):
        if a.get("@id") and a.get("@id") == b.get("@id"):
            return True
        return bool(text_of(a.get("name"))) and text_of(a.get("name")) == text_of(b.get("name"))
    return False


def normalise_rating(node: dict[str, Any]) -> tuple[float | None, int | None]:
    """(rating on 0-10, count) from an AggregateRating/Rating node."""
    value = number_of(node.get("ratingValue"))
    best = number_of(node.get("bestRating")) or 5.0
    worst = number_of(node.get("worstRating"))
    count = number_of(node.get("ratingCount"))
    if count is None:
        count = number_of(node.get("reviewCount"))
    rating = None
    # rated by nobody ("0 - No Rating Yet": ratingValue 0 beside a count of 0), or 0 on a
    # scale that starts at 1 (schema.org's worstRating default): a placeholder, not the
    # worst rating there is
    unrated = count == 0 or (value is not None and value <= 0 and worst is None)
    if value is not None and best > 0 and (worst is None or worst < best) and not unrated:
        rating = round(max(0.0, min(10.0, value / best * 10.0)), 2)
    return rating, (int(count) if count is not None and count >= 0 else None)


def extract_facts(objects: list[dict[str, Any]],
                  microdata: list[dict[str, Any]] | None = None) -> Facts:
    """Normalised facts of the page's main entity (empty Facts when there is none);
    ``microdata``: the page's items, when ``objects`` are its JSON-LD."""
    picked = pick_entity(objects, microdata)
    objects = objects + (microdata or [])
    if picked is None:
        return Facts()
    entity, entity_type = picked
    ids = _index(objects)
    facts = Facts(entity_type=entity_type, name=_label(entity))
    rating = deref(first_of(entity.get("aggregateRating")), ids)
    if not isinstance(rating, dict):
        # a page may state the rating as a separate top-level node that points back at
        # the entity (a rating nested in some other node rates something else)
        rating = next((n for n in main_nodes(objects)
                       if "AggregateRating" in types_of(n) and n is not entity
                       and ("itemReviewed" not in n or _same(n["itemReviewed"], entity, ids))),
                      None)
    if isinstance(rating, dict):
        facts.rating, facts.rating_count = normalise_rating(rating)
    facts.price_range = text_of(entity.get("priceRange"))
    if facts.price_range is None:
        offers = entity.get("offers") or entity.get("makesOffer")
        if offers is not None:
            facts.price_range = price_from_offers(offers, ids)
        elif entity.get("baseSalary") is not None:  # a job posting's price is its pay
            facts.price_range = salary_range(entity["baseSalary"], ids)
    if facts.price_range is None:
        # a hotel that prices its rooms (containsPlace → HotelRoom → offers), a course its
        # sessions (hasCourseInstance → CourseInstance → offers): its price is theirs
        parts = _part_offers(entity, ids)
        facts.price_range = price_from_offers(parts, ids) if parts else None
    if facts.price_range is None and _free(entity.get("isAccessibleForFree")):
        # an offer priced 0 is no price alone (a placeholder reads the same), but an
        # entity that says it is free to attend is: a free talk or meetup passes a budget
        facts.price_range = "Free"
    facts.address = format_address(entity.get("address"), ids)
    if facts.address is None:
        # an event (or an offer of a stay) is where its location is, a job where its
        # jobLocation is
        place = deref(first_of(entity.get("location") or entity.get("jobLocation")), ids)
        if isinstance(place, dict):
            facts.address = format_address(place.get("address"), ids) or text_of(place.get("name"))
    facts.event_status = event_status(entity.get("eventStatus"))
    facts.valid_through = day_of(entity.get("validThrough"))
    # what is sold (a product, an event's tickets): a business's standing offers
    # (makesOffer) and a hotel's rooms are had or not by the dates asked, not the page's
    facts.availability = availability(entity["offers"], ids) if "offers" in entity else None
    facts.event_end = _last_day(entity, entity_type, objects, ids)
    return facts


#: schema.org's Event subtypes whose names do not end in "Event"
_EVENTS_OTHERWISE_NAMED = frozenset({"Festival", "Hackathon"})


def _happens(entity_type: str) -> bool:
    """Whether a thing of this type takes place on its ``startDate`` when no ``endDate``
    says otherwise (an event); a series, a season or a programme goes on after it starts."""
    return entity_type.endswith("Event") or entity_type in _EVENTS_OTHERWISE_NAMED


def _last_day(entity: dict[str, Any], entity_type: str, objects: list[dict[str, Any]],
              ids: dict[str, dict[str, Any]]) -> str | None:
    """The last day the entity takes place (its ``endDate``, else an event's
    ``startDate``), over every day the page states it: one show on several days at one
    place is one thing (:func:`_listed`), still on while its last day is to come."""
    def last(node: dict[str, Any]) -> str | None:
        return day_of(node.get("endDate")) or (
            day_of(node.get("startDate")) if _happens(entity_type) else None)

    name, where = _folded(_label(entity)), _where(entity, ids)
    days = [d for n in main_nodes(objects)
            if (n is entity or (entity_type in _kinds(n) and _folded(_label(n)) == name
                                and _where(n, ids) == where))
            and (d := last(n)) is not None]
    return max(days) if days else None


#: where a thing lists the parts it is sold as: a lodging's rooms, a course's sessions
_PART_KEYS = ("containsPlace", "hasCourseInstance")


def _part_offers(entity: dict[str, Any], ids: dict[str, dict[str, Any]]) -> list[Any]:
    """The offers of the parts (rooms, course sessions) an entity lists."""
    out: list[Any] = []
    for key in _PART_KEYS:
        parts = entity.get(key)
        for part in parts if isinstance(parts, list) else [parts]:
            part = deref(part, ids)
            if isinstance(part, dict):
                offers = part.get("offers") or part.get("makesOffer")
                out += offers if isinstance(offers, list) else [offers] if offers else []
    return out


def _free(value: Any) -> bool:
    """schema.org's ``isAccessibleForFree``: true as a boolean, "true"/"True", or the
    ``https://schema.org/True`` enumeration member pages also write."""
    value = value[0] if isinstance(value, list) and value else value
    if isinstance(value, bool):
        return value
    return isinstance(value, str) and value.strip().rsplit("/", 1)[-1].lower() == "true"
