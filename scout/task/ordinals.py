"""A count said as an ordinal before its noun, and a number that is no count for the noun
before it. A floor, a year of a course or a place in a queue is said by its rank: "3rd
floor", "4ª planta", "3.º piso", "third floor", "tercera planta" are a count of 3 and 4
for an ``integer`` input whose name or alias follows (:func:`ordinal_before`). And a
number after a count's noun may measure something else: "piso de 70 m²", "habitación de
12 m2", "planta de 500 metros cuadrados", "floor of 80 sq ft" state a size, no 70th floor
nor 12 rooms (:func:`measure_after`), unless the unit is the input's own word (an input
counting "km" reads "distancia de 15 km"). :func:`scout.task.numberinput.find_number` asks
both."""

from __future__ import annotations

import re

from scout.units import area_unit, quantity_unit

__all__ = ["elided_floor", "measure_after", "ordinal_before"]

# ordinal words up to ten, in English and Spanish (folded: no accents), by their value
_WORDS = {
    1: "first|primer|primero|primera", 2: "second|segundo|segunda",
    3: "third|tercer|tercero|tercera", 4: "fourth|cuarto|cuarta", 5: "fifth|quinto|quinta",
    6: "sixth|sexto|sexta", 7: "seventh|septimo|septima|séptimo|séptima",
    8: "eighth|octavo|octava", 9: "ninth|noveno|novena", 10: "tenth|decimo|decima|décimo|décima",
}
_VALUE = {w: n for n, words in _WORDS.items() for w in words.split("|")}
_WORD = "|".join(sorted(_VALUE, key=len, reverse=True))
# a digit's ordinal ending: English's, and Spanish's written small or plain ("4ª", "3.º",
# "4a", "3er", "1ro"); a degree sign as people type a "º" with it
_SUFFIX = r"(?:st|nd|rd|th|\.?\s?[ºª°]|er|ero|era|ro|ra|o|a)"


def ordinal_before(free: str, alt: str) -> tuple[int, tuple[int, int]] | None:
    """The rank said right before one of ``alt`` (a regex of the input's names) in
    ``free``, and the span of both: ``("3rd floor")`` → ``(3, span)``, or None."""
    m = re.search(r"(?<![\w.,])(?:(?P<n>\d{1,3})" + _SUFFIX + r"|(?P<w>" + _WORD + r"))"
                  r"(?:\s+|\s*-\s*)(?:" + alt + r")(?!\w)", free, re.IGNORECASE)
    if m is None:
        return None
    value = int(m.group("n")) if m.group("n") else _VALUE[m.group("w").lower()]
    return value, m.span()


# the words a floor is counted by: an input named or aliased so counts floors
_FLOORS = frozenset({"floor", "floors", "planta", "plantas", "storey", "story", "piso"})
# Spain's ordinal for a home's floor, its noun left out: "un tercero", "del 3º", "un 1.º"
# (Spanish ordinals only: "first" alone is no floor), an article before it, and after it
# no noun it would qualify (the end, a mark, or a function word: "un tercero sin ascensor")
_ELIDED = re.compile(
    r"(?<!\w)(?:un|una|el|la|del|al)\s+(?:(?P<n>\d{1,2})\.?\s?[ºª°o]|(?P<w>primero|segundo|"
    r"tercero|cuarto|quinto|sexto|septimo|octavo|noveno|decimo))"
    r"(?=\s*(?:$|[,.;:!?)]|(?:sin|con|y|en|de|del|a|para|que|exterior|interior|izquierda|"
    r"derecha|[a-d])(?!\w)))", re.IGNORECASE)


def elided_floor(free: str, names: list[str]) -> tuple[int, tuple[int, int]] | None:
    """A home's floor said in Spain as its ordinal with the noun left out ("mudanza de un
    tercero sin ascensor", "vivo en un 3º", "un primero") or before "piso", which then
    names the floor ("un cuarto piso", "tercer piso"), for an ``integer`` input whose
    ``names`` (its name and aliases) count floors; the rank and its span, or None."""
    if not any(w in _FLOORS for n in names for w in n.lower().replace("_", " ").split()):
        return None
    if (rank := ordinal_before(free, "pisos?")) is not None:
        return rank  # "un cuarto piso", "tercer piso": an ordinal counts no flats
    m = _ELIDED.search(free)
    if m is None:
        return None
    value = int(m.group("n")) if m.group("n") else _VALUE[m.group("w").lower()]
    return value, (m.start("n") if m.group("n") else m.start("w"), m.end())


# a unit written after a number: one word, or two ("metros cuadrados", "sq ft")
_NEXT = re.compile(r"\s*([^\s\d,;:()]+)(?:\s+([^\s\d,;:()]+))?")
# a volume, which scout reads as no quantity of its own: "m³", "m3", "metros cúbicos"
_VOLUME = re.compile(r"m\s?(?:3|³)|cbm|ft3|ft³|cu\.?\s?ft|cubic|metros?\s+c[uú]bicos?", re.I)


def measure_after(free: str, end: int, alt: str) -> bool:
    """Whether the number that ends at ``end`` in ``free`` has a unit of area, volume,
    length, weight or data size after it that is none of ``alt`` (the input's names):
    a size, no count (a length of time may be what a count is said in: "experience 5
    years")."""
    m = _NEXT.match(free, end)
    if m is None:
        return False
    said = [m.group(1)] + ([f"{m.group(1)} {m.group(2)}"] if m.group(2) else [])
    for word in said:
        folded = word.lower().strip(".")
        if re.fullmatch(r"(?:" + alt + r")", folded, re.IGNORECASE):
            return False
        quantity = quantity_unit(folded)
        if area_unit(folded) or _VOLUME.fullmatch(folded) or (
                quantity is not None and quantity[0] != "duration"):
            return True
    return False
