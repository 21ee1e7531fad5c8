"""schema.org JSON-LD: read the blocks of a page and pull out the facts scout reports.

Pages describe themselves in ``<script type="application/ld+json">`` blocks (and in
microdata, which :mod:`scout.adapters.microdata` turns into the same shape). A block may
hold one object, a list of objects, or an ``@graph``, and may carry ``//`` or ``/* */``
comments, trailing commas, JavaScript escapes, junk after the value, a comma or an
escape left out (read anyway by :mod:`scout.adapters.ldjson`; strings are left intact).

The entity the facts come from is the page's **main** one (:mod:`scout.adapters.ldentity`
picks it: a Hotel over the site's Organization, never a node nested in another, none of
several things a page lists). Its rating may be a separate node linked by ``@id``. The facts
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

from dataclasses import dataclass
from typing import Any

from scout.adapters.ldentity import (_folded, _index, _kinds, _label, _where, main_nodes,
                                     pick_entity, types_of)
from scout.adapters.ldjson import read_block
from scout.adapters.ldvalues import (availability, day_of, deref, event_status, first_of,
                                     format_address, number_of, price_from_offers,
                                     salary_range, text_of)

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
