"""Cities whose name several countries share ("Cartagena" is in Spain and Colombia,
"Mérida" in Mexico, Spain and Venezuela), each with every country it lies in, for the
currency words several countries share ("pesos", "dólares", "$"): the money reader
prefers the namesake whose country pays in the currency named ("Cartagena, 300 mil
pesos" is Colombian pesos), as :func:`scout.task.cldr.pick` does with the countries it is
given in order.

Only the namesakes people travel to and name alone, folded; a name listed once in
:mod:`scout.task.gazetteer` (its country first) keeps that country first here.
"""

from __future__ import annotations

_SHARED = (
    # the Spanish towns Latin America named its cities after, and the reverse
    "cartagena: ES CO",
    "guadalajara: MX ES",
    "merida: MX ES VE",
    "leon: ES MX NI",
    "cordoba: AR ES MX",
    "valencia: ES VE",
    "santiago: CL ES DO CU",
    "trujillo: PE ES HN",
    "granada: ES NI",
    "barcelona: ES VE",
    "salamanca: ES MX",
    "cuenca: ES EC",
    "santa cruz: BO ES",
    "la paz: BO MX",
    "concepcion: CL PY",
    "san jose: CR US",
    "san juan: PR AR",
    "laredo: US MX ES",
)
_BY_NAME: dict[str, tuple[str, ...]] = {
    name.strip(): tuple(codes.split()) for name, codes in (row.split(":") for row in _SHARED)
}


def namesake_territories(place_folded: str) -> tuple[str, ...]:
    """Every country a city of this folded name lies in, the best known first (empty
    when the name is one country's)."""
    return _BY_NAME.get(place_folded, ())
