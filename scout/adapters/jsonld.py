"""schema.org JSON-LD: read the blocks of a page and pull out the facts scout reports.

Pages describe themselves in ``<script type="application/ld+json">`` blocks (and in
microdata, which :mod:`scout.adapters.microdata` turns into the same shape). A block may
hold one object, a list of objects, or an ``@graph``, and may carry ``//`` or ``/* */``
comments and trailing commas (read anyway; strings are left intact).

The entity the facts come from is the page's **main** one: a top-level node (a block's
object, an ``@graph`` member, a microdata item) or the ``mainEntity`` (or a web page's
``about``) of one — preferring, among those, the most specific known type (a Hotel over
the site's Organization). A node nested inside another (a Review's ``itemReviewed``, an
aggregateRating's ``author``, an event's ``location``, a hotel's ``containsPlace``) is
never picked: it describes something else. When no main node has a known type, the first
main node that names something (not the page furniture: WebSite, WebPage, BreadcrumbList…)
is used with its own type. Its rating may be a separate node linked by ``@id``. The facts
templates need:

- ``name``;
- ``rating`` on a 0-10 scale (``ratingValue / bestRating * 10``, bestRating defaults to
  5 as schema.org says) and ``rating_count`` (ratingCount, else reviewCount);
- ``price_range`` (``priceRange``, else built from Offer / AggregateOffer prices);
- ``address`` (a PostalAddress joined into one line, or the string given).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: entity types scout extracts facts from, most specific first
ENTITY_TYPES: tuple[str, ...] = (
    "Hotel", "Resort", "Motel", "Hostel", "BedAndBreakfast", "Campground",
    "VacationRental", "LodgingBusiness", "Restaurant", "FoodEstablishment", "Product",
    "LocalBusiness", "Place", "Organization",
)

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


def parse_blocks(texts: list[str]) -> tuple[list[dict[str, Any]], int]:
    """Parse JSON-LD script bodies; returns (top-level objects, number of broken blocks).

    A list at the top level contributes each object. Broken blocks are counted, not
    raised: one bad block must not hide the others (pages do ship broken JSON-LD).
    """
    out: list[dict[str, Any]] = []
    broken = 0
    for raw in texts:
        text = _clean(raw)
        if not text:
            continue
        try:
            data = json.loads(text, strict=False)  # strict=False: raw newlines in strings
        except (ValueError, RecursionError):  # RecursionError: nested deeper than Python
            try:
                # sites write JSON-LD by hand or from templates: // and /* */ comments,
                # a trailing comma before } or ] (often left by a commented-out line)
                data = json.loads(strip_comments(text), strict=False)
            except (ValueError, RecursionError):
                broken += 1
                continue
        for item in data if isinstance(data, list) else [data]:
            if isinstance(item, dict):
                out.append(item)
    return out, broken


#: a JSON string (kept as is), a // or /* */ comment, or a comma that only blanks and
#: comments separate from the } or ] it would wrongly precede
_BLOCK = r"/\*(?:[^*]|\*(?!/))*(?:\*/|$)"  # an unclosed one runs to the end: linear
_JS_NOISE = re.compile(
    r'(?P<string>"(?:\\.|[^"\\])*")'  # raw newlines allowed, as strict=False does
    rf"|(?P<line>//[^\n]*)"
    rf"|(?P<block>{_BLOCK})"
    rf"|(?P<comma>,(?=(?:\s|//[^\n]*|{_BLOCK})*[}}\]]))",
)


def strip_comments(text: str) -> str:
    """``text`` without JavaScript comments and trailing commas, strings left intact.

    Strings are matched first, so ``"https://example.com"`` or ``"a /* b */ c"`` inside a
    string are kept as written; one regular-expression pass, linear in the text.
    """

    def keep(match: re.Match[str]) -> str:
        if match.group("string") is not None:
            return match.group("string")
        return " " if match.group("block") is not None else ""

    return _JS_NOISE.sub(keep, text)


def _clean(raw: str) -> str:
    text = raw.strip()
    # some CMSs wrap the JSON in an HTML comment or CDATA section
    text = re.sub(r"^\s*(<!--|<!\[CDATA\[)", "", text)
    text = re.sub(r"(-->|\]\]>)\s*$", "", text)
    return text.strip().rstrip(";")


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


def _deref(value: Any, ids: dict[str, dict[str, Any]]) -> Any:
    if isinstance(value, dict) and set(value) == {"@id"}:
        return ids.get(value["@id"], value)
    return value


def _first(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else value


def _text(value: Any) -> str | None:
    value = _first(value)
    if isinstance(value, dict):
        value = value.get("@value") or value.get("name")
    if value is None or isinstance(value, (dict, list)):
        return None
    text = " ".join(str(value).split())
    return text or None


def _number(value: Any) -> float | None:
    """A finite number, or None: pages write ``1e999`` (which ``json`` reads as inf),
    ``NaN`` or an int of hundreds of digits as easily as ``120``, and such a value is no
    price or rating (it used to raise, or "1e999" to read as 1)."""
    value = _first(value)
    if isinstance(value, dict):
        value = value.get("@value")
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        number = value
    else:
        text = str(value).strip()
        if re.fullmatch(r"-?\d+,\d{1,2}", text):
            text = text.replace(",", ".")  # "4,5": a decimal comma
        else:
            text = text.replace(",", "")  # "1,234": a thousands separator
        match = re.search(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", text)
        if not match:
            return None
        number = match.group()  # type: ignore[assignment]
    try:
        out = float(number)
    except OverflowError:  # an int past a float's range
        return None
    return out if math.isfinite(out) else None


#: types that describe the page or the site rather than what the page is about
_PAGE_TYPES = frozenset({
    "WebSite", "WebPage", "ItemPage", "AboutPage", "CollectionPage", "SearchResultsPage",
    "ContactPage", "ProfilePage", "QAPage", "FAQPage", "CheckoutPage", "MedicalWebPage",
    "RealEstateListing", "BreadcrumbList", "ListItem", "ItemList", "SearchAction",
    "SiteNavigationElement", "WPHeader", "WPFooter", "WPSideBar", "ImageObject",
    "VideoObject", "EntryPoint", "ReadAction", "Offer", "AggregateOffer",
    "AggregateRating", "Rating", "PostalAddress", "GeoCoordinates",
})


def main_nodes(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The nodes that can be the page's subject, declared main entities first.

    Top-level objects and ``@graph`` members, and what a top-level node names as its
    ``mainEntity`` (or, for a web page, ``about``); never a node found deeper inside.
    """
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
                item = _deref(item, ids)
                if isinstance(item, dict) and types_of(item):
                    declared.append(item)
    out: list[dict[str, Any]] = []
    seen: set[int] = set()  # by identity, in one pass: a page of 100,000 blocks is linear
    for node in declared + top:
        if id(node) not in seen:
            seen.add(id(node))
            out.append(node)
    return out


def pick_entity(objects: list[dict[str, Any]]) -> tuple[dict[str, Any], str] | None:
    """The node the page is about (see the module docstring) and the type it was read as."""
    nodes = main_nodes(objects)
    for wanted in ENTITY_TYPES:
        for node in nodes:
            if wanted in types_of(node):
                return node, wanted
    for node in nodes:
        kinds = types_of(node)
        if kinds and not set(kinds) & _PAGE_TYPES and _text(node.get("name")):
            return node, kinds[0]
    return None


def _same(a: Any, b: dict[str, Any], ids: dict[str, dict[str, Any]]) -> bool:
    """Whether reference ``a`` (an ``itemReviewed``) names entity ``b``."""
    a = _deref(_first(a), ids)
    if a is b:
        return True
    if isinstance(a, dict):
        if a.get("@id") and a.get("@id") == b.get("@id"):
            return True
        return bool(_text(a.get("name"))) and _text(a.get("name")) == _text(b.get("name"))
    return False


def normalise_rating(node: dict[str, Any]) -> tuple[float | None, int | None]:
    """(rating on 0-10, count) from an AggregateRating/Rating node."""
    value = _number(node.get("ratingValue"))
    best = _number(node.get("bestRating")) or 5.0
    worst = _number(node.get("worstRating"))
    count = _number(node.get("ratingCount"))
    if count is None:
        count = _number(node.get("reviewCount"))
    rating = None
    if value is not None and best > 0 and (worst is None or worst < best):
        rating = round(max(0.0, min(10.0, value / best * 10.0)), 2)
    return rating, (int(count) if count is not None and count >= 0 else None)


def _format_price(value: float | None) -> str | None:
    if value is None:
        return None
    return f"{value:g}" if value != int(value) else str(int(value))


def price_from_offers(offers: Any, ids: dict[str, dict[str, Any]]) -> str | None:
    """'COP 118000 - 165470' / 'EUR 120' from Offer, AggregateOffer or priceSpecification."""
    lows: list[float] = []
    highs: list[float] = []
    currency: str | None = None
    for raw in offers if isinstance(offers, list) else [offers]:
        offer = _deref(raw, ids)
        if not isinstance(offer, dict):
            continue
        spec = _deref(_first(offer.get("priceSpecification")), ids)
        spec = spec if isinstance(spec, dict) else {}
        currency = currency or _text(offer.get("priceCurrency")) \
            or _text(spec.get("priceCurrency"))
        low = (_number(offer.get("lowPrice")) or _number(spec.get("minPrice"))
               or _number(offer.get("price")) or _number(spec.get("price")))
        high = _number(offer.get("highPrice")) or _number(spec.get("maxPrice")) or low
        if low is not None and low >= 0:  # a price below 0 is no price
            lows.append(low)
        if high is not None and high >= 0:
            highs.append(high)
    if not lows:
        return None
    low, high = min(lows), max(highs or lows)
    amount = _format_price(low) if low == high else f"{_format_price(low)} - {_format_price(high)}"
    return f"{currency} {amount}" if currency else amount


def format_address(value: Any, ids: dict[str, dict[str, Any]]) -> str | None:
    value = _deref(_first(value), ids)
    if isinstance(value, str):
        return _text(value)
    if not isinstance(value, dict):
        return None
    parts = [
        _text(value.get(key))
        for key in ("streetAddress", "addressLocality", "addressRegion", "postalCode",
                    "addressCountry")
    ]
    joined = ", ".join(p for p in parts if p)
    return joined or _text(value.get("name"))


def extract_facts(objects: list[dict[str, Any]]) -> Facts:
    """Normalised facts of the page's main entity (empty Facts when there is none)."""
    picked = pick_entity(objects)
    if picked is None:
        return Facts()
    entity, entity_type = picked
    ids = _index(objects)
    facts = Facts(entity_type=entity_type, name=_text(entity.get("name")))
    rating = _deref(_first(entity.get("aggregateRating")), ids)
    if not isinstance(rating, dict):
        # a page may state the rating as a separate top-level node that points back at
        # the entity (a rating nested in some other node rates something else)
        rating = next((n for n in main_nodes(objects)
                       if "AggregateRating" in types_of(n) and n is not entity
                       and ("itemReviewed" not in n or _same(n["itemReviewed"], entity, ids))),
                      None)
    if isinstance(rating, dict):
        facts.rating, facts.rating_count = normalise_rating(rating)
    facts.price_range = _text(entity.get("priceRange"))
    if facts.price_range is None:
        offers = entity.get("offers") or entity.get("makesOffer")
        if offers is not None:
            facts.price_range = price_from_offers(offers, ids)
    facts.address = format_address(entity.get("address"), ids)
    if facts.address is None:
        # an event (or an offer of a stay) is where its location is
        place = _deref(_first(entity.get("location")), ids)
        if isinstance(place, dict):
            facts.address = format_address(place.get("address"), ids) or _text(place.get("name"))
    return facts
