"""What the single-place reader finds for a kind with several place inputs, weighed against
what :func:`scout.task.route.read_places` read, and which of two place inputs holds the city.

For a place input the route reader read nothing for, :mod:`scout.task.placeinput` asks
:func:`looked_past` (a name past those read, when the first find is another input's),
:func:`free_of` (none, when it is a name another input holds or the same name said again)
and :func:`stray` (a guess to drop: an ordinary word in lower case, no cue, no known
place). Last, the parser (:mod:`scout.task.parser`) calls :func:`city_first`: of a city
input and another place input (a neighbourhood's), read in the order written ("en
Chamberí, Madrid"), the city input holds the name the gazetteer knows as a city when the
other's is one it does not know, and the place at an airport ("from Calama airport")
rather than a region written with its article ("in the Atacama"), when no cue of the
other input's stands before the airport.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scout.task import subjectwords as sw
from scout.task.lang import fold
from scout.task.route import Hit, cue_forms, overlaps


def looked_past(hit: Hit, read: dict[str, Hit], free: str, original: str, lang: str,
                aliases: list[str]) -> Hit:
    """What the single-place reader finds for an input
    :func:`scout.task.route.read_places` read nothing for, when its first find ``hit`` is
    a name ``read`` gave another input: the next name
    after a cue or one the gazetteer knows (not a country), looked for past the names read
    ("car rental from Madrid, drop off in Barcelona": the pickup is Madrid, not the
    drop-off's name again after its "in"). A country after no cue ("near Barcelona,
    Spain") is no such place: ``hit`` stands, for :func:`free_of` to drop."""
    from scout.task.cldr import currencies
    from scout.task.place import find_place
    from scout.task.placecues import cued
    from scout.task.placecase import known_name

    if not any(overlaps(hit[1], h[1]) for h in read.values()):
        return hit
    past = free
    for _value, (start, end) in read.values():
        if end > start:
            past = past[:start] + "\x00" * (end - start) + past[end:]
    again = find_place(past, original, lang, aliases)
    if again is None:
        return hit
    known = known_name(again[0]) and fold(again[0]) not in currencies().territory_names
    return again if known or cued(free, again[1][0], lang, aliases) else hit


def free_of(read: dict[str, Hit], hit: Hit | None) -> Hit | None:
    """``hit`` (what the single-place reader found for an input
    :func:`scout.task.route.read_places` read nothing for), or None when it is a name ``read`` gave another input ("mudanza a Nueva
    York": the name after "a" is the destination's, not also the origin's), or that name
    said again ("en Almería ... recogida en el aeropuerto de Almería": one place, no route)."""
    if hit is None or any(overlaps(hit[1], h[1]) or (h[0] and fold(h[0]) == fold(hit[0]))
                          for h in read.values()):
        return None
    if any(h[0] and _named_for(hit[0], h[0]) for h in read.values()):
        return None
    return hit


def _named_for(name: str, held: str) -> bool:
    """``name`` ends with ``held`` (a place another input read) after words the gazetteer
    does not know as a place: a bank, a firm or an office named for that place ("una
    cuenta en BBVA México", "Banco Santander Chile", "at HSBC UK"), no second place."""
    from scout.task.placecase import known_name

    words, tail = fold(name).split(), fold(held).split()
    if len(words) <= len(tail) or words[-len(tail):] != tail:
        return False
    head = name.split()[:len(words) - len(tail)]
    return not known_name(" ".join(head))


def stray(hit: Hit | None, held: bool, free: str, original: str, lang: str,
          aliases: list[str], searched: Sequence[tuple[int, int]] = ()) -> bool:
    """``hit`` (what the single-place reader found for a place input nothing cued) is a
    guess to drop: another place input already ``held`` a name, and this one is typed in
    lower case, follows no cue (a bare "de" / "of" is none) and is no place the gazetteer
    knows. With a city read
    ("international schools in Madrid", "bilingual state school in Valencia"), the
    reader's last resort, a request's opening word or the word after what another input
    read, is an ordinary word ("international", "state"), not the neighbourhood. A name
    typed with its capital right before the kind's own noun (``searched``) says where what
    it finds is, past the request's opening ("Royal Caribbean Alaska cruise from Seattle")
    or at it when CLDR names it as a region ("Alaska cruise from Seattle", "Andalucía tour
    from Madrid"): it stays."""
    from scout.task.placecues import cued
    from scout.task.placecase import known_name

    if hit is None or not held or not hit[0]:
        return False
    start, end = hit[1]
    if known_name(hit[0]) or cued(free, start, lang, aliases, of=False):
        return False
    if original[start:start + 1].islower():
        # "residencia de monjas en Salamanca", "cursos de python en Madrid": a bare "de" /
        # "of" is what the thing is of, no cue of this input's
        return True
    if _MEMBERSHIP_OF.search(free, max(0, start - 40), start) or _MEMBERSHIP_AFTER.match(free, end):
        # "tengo la app de Repsol", "puntos de Marriott", "the Shell app": whose card,
        # app or points, a firm's name, no second place
        return True
    if cued(free, start, lang, aliases):
        return False  # "de Rías Baixas", typed with its capitals
    # "Colegio católico en Sevilla", "Colegio privado en Madrid": the request's opening
    # capital, on a noun that an adjective or another input's words follow ("Gràcia
    # coworking in Barcelona" keeps its neighbourhood)
    after = re.match(r"[ \t]+(\S+)", free[end:])
    if after is not None and any(s <= end + after.start(1) < e for s, e in searched):
        from scout.task.naturalregions import natural_region
        from scout.task.subdivisions import known_region

        # before the kind's noun: a capital typed past the request's opening is a name's,
        # and so is the opening word CLDR names as a region, or a sea, an archipelago or
        # a region of land ("Baltic cruise", "Patagonia cruise"; "Family cruise", "River
        # cruise", "Sunset cruise" stay ordinary words)
        if original[:start].strip(" \t¿¡\"'") or known_region(fold(hit[0])) \
                or natural_region(fold(hit[0])):
            return False
    from scout.task.route import starts_route

    # ... or before where a route starts ("Shuttle from Faro airport", "Furgoneta desde
    # Sevilla"): what the request asks for, its capital the sentence's
    return not original[:start].strip(" \t¿¡\"'") and " " not in hit[0].strip() \
        and after is not None and (after.group(1)[0] == "\x00" or sw.adjective(after.group(1))
                                   or starts_route(free, end)
                                   or _opens_a_clause(free, original, hit, end + after.start(1)))


# what a firm's customer holds of it: an app, a card, points, an account, a membership
# (folded); the firm's name after it and "de" / "of", or before it ("the Shell app")
_MEMBERSHIP = (r"(?:app|apps|aplicacion|tarjeta|tarjetas|card|cards|puntos|points|cuenta|account|"
               r"socio|socios|member|membership|club|programa|program|programme|cupon|cupones|"
               r"coupon|coupons|voucher|vouchers|bono|descuento|descuentos|discount|discounts)")
_MEMBERSHIP_OF = re.compile(r"(?<!\w)" + _MEMBERSHIP + r"\s+(?:de|del|of|from)\s+"
                            r"(?:(?:la|el|los|las|the)\s+)?\Z")
_MEMBERSHIP_AFTER = re.compile(r"\s+" + _MEMBERSHIP + r"(?!\w)")


# what joins two words of one phrase ("Man and van", "Luz y gas")
_JOINED = frozenset("and y e & or o u".split())


def _opens_a_clause(free: str, original: str, hit: Hit, nxt: int) -> bool:
    """``hit``, the request's opening word (its capital the sentence's, unknown to the
    gazetteer as a place or a neighbourhood), starts a clause rather than naming where:
    it is an asking word itself ("Necesitamos algo en Sevilla", "Queremos ..."), or what
    follows it is no noun it could be the name of: an article or an asking word
    ("Booking a dentist", "Necesito algo"), a number ("Posted 2019 reviews"), or "and" /
    "y" before a word in lower case ("Man and van from Leeds": one thing's two words; a
    neighbourhood joined to another, "Gràcia y Sants", is two capitals). A neighbourhood
    before a noun ("Gràcia coworking in Barcelona") stays."""
    from scout.task.gazetteer import neighbourhood

    word = fold(hit[0]).strip()
    if neighbourhood(word):
        return False
    if word in sw.REQUEST:
        return True
    m = re.match(r"[^\W_]+|&", free[nxt:])
    if m is None:
        return False
    said = m.group(0)
    if said.isdigit() or said in sw.ARTICLES or said in sw.REQUEST:
        return True
    if said in _JOINED:
        then = re.match(r"\s+([^\W\d_])", original[nxt + m.end():])
        return then is not None and then.group(1).islower()
    return False


def beside_noun(free: str, original: str, searched: Sequence[tuple[int, int]]) -> Hit | None:
    """A region typed right before the kind's own noun (``searched``) or right after it,
    unclaimed in ``free`` (folded): a region CLDR or the subdivisions name, or a sea, an
    archipelago or a region of land (:mod:`scout.task.naturalregions`), in any case
    ("Baltic cruise from Kiel", "Mediterranean cruise in August", "crucero mediterráneo
    desde Barcelona", "crucero Galápagos"), which the place reader passes over for an
    adjective's shape. An ordinary word there ("Family cruise", "River cruise") is none.
    The longest such run of up to three words; None when there is none."""
    from scout.task.naturalregions import natural_region
    from scout.task.subdivisions import known_region

    def region(a: int, b: int) -> bool:
        said = free[a:b]
        return "\x00" not in said and (known_region(said) or natural_region(said))

    for a, b in searched:
        words = list(re.finditer(r"[^\W\d_][\w'’-]*", free[max(0, a - 40):a]))
        base = max(0, a - 40)
        for n in range(min(3, len(words)), 0, -1):
            first, last = words[-n], words[-1]
            if free[base + last.end():a].strip() or not region(base + first.start(),
                                                                base + last.end()):
                continue
            return _named(_typed(original, base + first.start(), base + last.end()))
        after = list(re.finditer(r"[^\W\d_][\w'’-]*", free[b:b + 40]))
        for n in range(min(3, len(after)), 0, -1):
            if free[b:b + after[0].start()].strip() \
                    or not region(b + after[0].start(), b + after[n - 1].end()):
                continue
            return _named(_typed(original, b + after[0].start(), b + after[n - 1].end()))
    return None


def _named(hit: Hit) -> Hit:
    """``hit`` with a region's adjective as its name ("cruceros bálticos" → "Báltico"), as
    typed otherwise."""
    from scout.task.naturalregions import name_form

    return (name_form(fold(hit[0]), hit[0]) or hit[0]), hit[1]


def _typed(original: str, a: int, b: int) -> Hit:
    """The name at ``a``–``b`` as typed, with capitals where it was typed in lower case."""
    said = original[a:b]
    if said.islower():
        said = " ".join(w[:1].upper() + w[1:] for w in said.split())
    return said, (a, b)


def city_first(values: dict[str, Any], spans: dict[str, str], inputs: dict[str, Any],
               free: str = "") -> None:
    """Give the city input the city (in place): "in Chamberí, Madrid" read as city
    Chamberí and area Madrid becomes city Madrid, area Chamberí, since the gazetteer knows
    Madrid as a city and not Chamberí. Only between a place input named for a city and one
    place input that is not; a country ("en Chamberí, España") is no city, and a name
    read right after the other input's own cue (``free``, folded: "car hire in Faro, drop
    off in Seville") is the other's, whatever the gazetteer knows."""
    from scout.task.cldr import currencies
    from scout.task.placecase import known_name
    from scout.task.placewords import names_cities

    places = [n for n, s in inputs.items() if getattr(s, "type", None) == "place" and n in values]
    cities = [n for n in places if names_cities(n, inputs[n])]
    others = [n for n in places if n not in cities]
    if len(cities) != 1 or len(others) != 1:
        return
    city, other = cities[0], others[0]
    if not (isinstance(values[city], str) and isinstance(values[other], str)):
        return

    def is_city(v: str) -> bool:
        return known_name(v) and fold(v) not in currencies().territory_names

    if _own_cue(free, values[other], inputs[other]):
        return
    if _at_airport(free, values[other]) and not _at_airport(free, values[city]) \
            and _after_article(free, values[city]) and not _cue_stem(free, values[other], inputs[other]):
        # "a campaign in the Atacama ... an SUV from Calama airport": the region is where
        # the trip goes, the airport where the city input's place is; the region is no
        # second place (the other input's own cue would have said so)
        values[city] = values.pop(other)
        if other in spans:
            spans[city] = spans.pop(other)
        return
    if not is_city(values[city]) and not known_name(values[city]) and is_city(values[other]):
        values[city], values[other] = values[other], values[city]
        if city in spans and other in spans:
            spans[city], spans[other] = spans[other], spans[city]


def _at_airport(free: str, value: str) -> bool:
    """``value`` is written as an airport's name in ``free`` (folded): "Calama airport",
    "aeropuerto de Pisa", "the Faro international airport"."""
    v = re.escape(fold(value))
    return re.search(r"\b" + v + r"\s+(?:international\s+|intl\.?\s+)?airport\b|\baeropuerto\s+"
                     r"(?:internacional\s+)?(?:de\s+|del\s+)?" + v + r"\b", free) is not None


def _after_article(free: str, value: str) -> bool:
    """``value`` follows an article in ``free`` (folded): "in the Atacama", "en la Toscana"
    name a region, the way a town's name is not written."""
    return re.search(r"\b(?:the|el|la|los|las)\s+" + re.escape(fold(value)) + r"\b", free) is not None


def _cue_stem(free: str, value: str, spec: Any) -> bool:
    """``value`` stands a few words after one of ``spec``'s cues less its last word
    ("drop off at Faro airport" for "drop off in"; "devolución en el aeropuerto de Pisa")."""
    stems = [" ".join(fold(a).split()[:-1]) for a in getattr(spec, "aliases", [])
             if len(a.split()) > 1]
    stems = [re.escape(s) for s in stems if s]
    return bool(stems) and re.search(r"\b(?:" + "|".join(stems) + r")\W+(?:\w+\W+){0,4}?"
                                     + re.escape(fold(value)) + r"\b", free) is not None


def _own_cue(free: str, value: str, spec: Any) -> bool:
    """``value`` stands in ``free`` (folded) right after one of ``spec``'s aliases of two
    words or more ("drop off in", "devolución en"): a one-word cue ("in") says nothing
    of which input a name is."""
    cues = [a for a in cue_forms(getattr(spec, "aliases", [])) if len(a.split()) > 1]
    if not cues or not value:
        return False
    pattern = r"(?:" + "|".join(map(re.escape, cues)) + r")\s+(?:(?:the|el|la)\s+)?" \
        + re.escape(fold(value)) + r"\b"
    return re.search(pattern, free) is not None
