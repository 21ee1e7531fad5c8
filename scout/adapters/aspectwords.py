"""What a kind and its request tell the aspect reader (:mod:`scout.adapters.aspects`).

The lexicon reads a review sentence; which of its aspects apply, and which words are no
pro or con, depends on the research kind and on what was asked:

- :func:`scope_of`: a kind that finds somewhere to go reads every aspect (:data:`VENUE`),
  any other only a product's (:data:`PRODUCT`), from the inputs it declares;
- :func:`asked_words`: what the request asked for ("remote", "quiet") never counts against
  a listing;
- :func:`category_words`: a category asked for (a motor "central") names a kind of the
  thing, no judgement of it;
- :func:`own_words`: what the kind calls what it finds (a trail's "walk") is the thing
  itself, no aspect of it;
- :func:`aspects_of`: which aspects the kind has at all: a restaurant's food and wait only
  where its declaration is about eating, none where it neither prices, rates nor locates
  what it finds.
"""

from __future__ import annotations

from typing import Any

from scout.adapters.aspects import CUES, EATING, OVERALL, PRODUCT, PRODUCT_ASPECTS, TOKEN, \
    VENUE, matches
from scout.adapters.text import fold

#: words of a ``place`` input's name or aliases saying it is where the thing is sent,
#: sold, made, covered or based, not somewhere one goes: a laptop's "ship to", an e-bike's
#: delivery country, a tariff's market, a plan's coverage, a grant's "based in" (folded; a
#: trailing ``*`` any ending)
_NOT_THERE = ("deliver*", "ship", "ships", "shipping", "shipped", "envio*", "enviar", "envia*",
              "entrega*", "domicilio", "cover*", "cubr*", "cobertura", "market*", "mercado*",
              "sold", "sell*", "vend*", "venta", "made", "hecho", "hecha", "elaborad*",
              "produc*", "based", "sede", "registered", "registrad*", "headquarter*")
#: a place input named for a country or a wide region: where a thing comes from, is sold
#: or works, rarely the street one goes to (a hotel's or a restaurant's is a city, an area)
_WIDE = ("country", "countries", "pais", "paises", "region", "regions", "regiones",
         "nation", "nacion", "territory", "territorio")
#: what a made thing is measured by: its weight, its size in bytes (a laptop, an e-bike,
#: a phone plan's data); a venue's request asks for days or a month instead
_MADE, _VISIT = frozenset({"weight", "data_size"}), frozenset({"date", "month"})


def scope_of(task_types: dict[str, str] | None,
             aliases: dict[str, list[str]] | None = None) -> str:
    """The lexicon's scope for a kind, from what it declares: :data:`VENUE` when what it
    finds is somewhere to go (a ``place`` input it is *at*: hotels, restaurants, gyms,
    events, trails), else :data:`PRODUCT`. A ``place`` input does not make a venue when
    every one says by its name or ``aliases`` (:data:`_NOT_THERE`) that it is where the
    thing is delivered, sold, made, covered or based (``ship_to``, ``envío a``,
    ``market``, ``covering``, ``based in``); nor when the kind asks for no day or month
    and either measures a made thing (a ``weight`` or ``data_size`` input: e-bikes,
    phone plans) or names its places only for a country or a wide region (wines by
    ``country``). A request without declared types (an older caller) reads every
    aspect, as before."""
    if not task_types:
        return VENUE
    places = [n for n, t in task_types.items() if t == "place"]
    if not places:
        return PRODUCT

    def words(name: str) -> list[str]:
        return [w for text in (name, *(aliases or {}).get(name, []))
                for w in TOKEN.findall(fold(text.replace("_", " ")))]

    if all(any(matches(w, _NOT_THERE) for w in words(n)) for n in places):
        return PRODUCT
    types = set(task_types.values())
    if not types & _VISIT and (types & _MADE or all(
            any(w in _WIDE for w in TOKEN.findall(fold(n.replace("_", " ")))) for n in places)):
        return PRODUCT
    return VENUE


def asked_words(task: dict[str, Any], task_types: dict[str, str] | None,
                aliases: dict[str, list[str]] | None = None,
                synonyms: dict[str, dict[str, list[str]]] | None = None) -> frozenset[str]:
    """The folded words the kind or the request asks by: the name of each ``boolean``
    input the kind declares (asked or not: a kind that lets one ask for "remote" treats it
    as a property, not a defect) or the request set true, with the input's ``aliases``
    (an input ``online`` with alias "remote"), and each text value the request gave
    ("quiet" of a flat asked quiet) with its enum value's ``synonyms``. A listing that
    says one is never held against it: a job's "remote" is how one works, not a hotel's
    far-off location."""
    raw = task.get("values")
    values: dict[str, Any] = raw if isinstance(raw, dict) else task
    aliases, synonyms = aliases or {}, synonyms or {}
    out: set[str] = set()

    def add(*texts: str) -> None:
        for text in texts:
            out.update(TOKEN.findall(fold(text.replace("_", " "))))

    for name, declared in (task_types or {}).items():
        if declared == "boolean":
            add(name, *aliases.get(name, []))
    for name, value in values.items():
        kind = (task_types or {}).get(name)
        if value is True and kind in (None, "boolean"):
            add(name, *aliases.get(name, []))
        elif isinstance(value, str) and kind in (None, "string", "subject"):
            add(value, *synonyms.get(name, {}).get(value, []))
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, str):
                    add(v, *synonyms.get(name, {}).get(v, []))
    return frozenset(out)


def category_words(task: dict[str, Any], task_types: dict[str, str] | None,
                   synonyms: dict[str, dict[str, list[str]]] | None = None) -> frozenset[str]:
    """The folded words of the categories the request asked for: each value of a
    ``string`` or ``list`` input (an enum's, with its value's ``synonyms``). Such a word
    names a kind of the thing, no judgement of it: a motor "central" is no central
    location, an "económica" cabin no cheap price, an "amplio" medical network no roomy
    one; :func:`~scout.adapters.aspects.clause_hits` reads it as no pro and no con."""
    raw = task.get("values")
    values: dict[str, Any] = raw if isinstance(raw, dict) else task
    out: set[str] = set()
    for name, value in values.items():
        if (task_types or {}).get(name) not in ("string", "list"):
            continue
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str):
                for text in (v, *(synonyms or {}).get(name, {}).get(v, [])):
                    out.update(TOKEN.findall(fold(text.replace("_", " "))))
    return frozenset(out)


def own_words(nouns: list[str]) -> frozenset[str]:
    """The folded words of a kind's ``nouns:`` (what it calls what it finds), each in
    the singular and the plural: ``walk`` and ``walks`` for a trail kind."""
    words = {w for noun in nouns for w in TOKEN.findall(fold(noun))}
    return frozenset(words | {w + "s" for w in words} | {w + "es" for w in words})


#: words a kind about eating declares (its nouns, its inputs' names, aliases and enum
#: words), beside the food aspect's own cues ("dish", "menu", "comida"): folded, a
#: trailing ``*`` any ending
_EATERY = ("restaurant*", "restaurante*", "cafe", "cafes", "cafeteria*", "bistro*", "tapas",
           "brunch", "catering", "caterer*", "cater", "catering*", "eat", "eating", "comer",
           "comensal*", "diner", "diners", "cuisine", "gastronom*", "pizzeri*",
           "taberna*", "marisqueria*", "asador*")


def aspects_of(task_types: dict[str, str] | None,
               aliases: dict[str, list[str]] | None = None,
               synonyms: dict[str, dict[str, list[str]]] | None = None,
               nouns: list[str] | tuple[str, ...] = ()) -> frozenset[str] | None:
    """The aspects a kind has, from what it declares (None: every aspect of its scope, as
    for an older request without types):

    - a kind that finds things somewhere (:data:`VENUE`) has a place's aspects, but a
      place's food and its wait for a table (:data:`~scout.adapters.aspects.EATING`) only
      when it is about eating: its nouns, an input's name or aliases, or an enum word say
      a dish, a menu, a restaurant, a caterer ("dish", "comensales", "catering"); a
      gym's "menu of classes" or a coworking's "reservation" is no restaurant's;
    - a product (:data:`PRODUCT`) has a product's aspects, unless the kind neither
      prices nor rates it (no ``money`` nor ``rating`` input: papers, datasets, talks):
      nothing is bought or reviewed there, so no pro or con is read at all (empty)."""
    if not task_types:
        return None
    types = set(task_types.values())
    if scope_of(task_types, aliases) == PRODUCT:
        return PRODUCT_ASPECTS | {OVERALL} if types & {"money", "rating"} else frozenset()
    said = [fold(w.replace("_", " ")) for w in (
        *nouns, *task_types, *(a for v in (aliases or {}).values() for a in v),
        *(w for by in (synonyms or {}).values() for k, v in by.items() for w in (k, *v)))]
    food = (*CUES["food"], *_EATERY)
    eats = any(matches(t, food) for text in said for t in TOKEN.findall(text))
    every = frozenset(CUES) | {OVERALL}
    return every if eats else every - EATING
