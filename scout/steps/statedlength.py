"""How long a result says its price lasts: a grant's "2.000 € al mes durante 36 meses", a
contract's "for 12 months", a "3-year fellowship", in days.

An amount per a period compared with one for the whole (a total budget, "600 € en
total", or an amount asked that states no period, "at least 40,000 EUR" of funding) is
multiplied by how long it is paid. The request's dates say it for a stay
(:func:`scout.steps.staylength.stay_span`, or a duration asked);
without them the result may: a grant's
duration, a contract's term. Only a length said *as* a length counts, with its cue:
``for`` / ``durante`` / ``por`` / ``lasting`` / ``duration`` / ``duración`` /
``plazo`` / ``term`` before it, or written as an adjective (``36-month``, ``3-year``),
or said of what is agreed for a term: a contract, a lease, a plan, a grant
(``contratos de 5 años``, ``a lease of 12 months``, ``24 meses de permanencia``).
"5 years of experience", "children of 3 years", "open 7 days a week" are no length of
what the price pays for, and are not read.

Nights are the length of a trip sold whole, a cruise's or a package's ("7 noches por el
Mediterráneo", "7 nights Norwegian Fjords", "a 10-night cruise", "crucero de 7 noches"):
said with or without a cue, they are read only for a price per night (``per``), whose
nights they count; a stay's least or first nights ("mínimo 2 noches", "from 3 nights",
"a partir de 2 noches", "at least 2 nights") say no length.
"""

from __future__ import annotations

import re

from scout.text import strip_accents
from scout.units import PERIOD_DAYS

#: the units a length is said in, English and Spanish (folded), as PERIOD_DAYS' periods
_UNITS = {"day": "day", "days": "day", "dia": "day", "dias": "day",
          "week": "week", "weeks": "week", "semana": "week", "semanas": "week",
          "month": "month", "months": "month", "mes": "month", "meses": "month",
          "year": "year", "years": "year", "ano": "year", "anos": "year",
          "anualidad": "year", "anualidades": "year"}
#: nights: the length of a trip sold whole, read for a price per night only
_NIGHTS = {"night": "night", "nights": "night", "noche": "night", "noches": "night"}
_WORDS = {"one": 1, "un": 1, "una": 1, "uno": 1, "two": 2, "dos": 2, "three": 3, "tres": 3,
          "four": 4, "cuatro": 4, "five": 5, "cinco": 5, "six": 6, "seis": 6,
          "seven": 7, "siete": 7, "eight": 8, "ocho": 8, "fourteen": 14, "catorce": 14,
          "nine": 9, "nueve": 9, "ten": 10, "diez": 10, "twelve": 12, "doce": 12,
          "eighteen": 18, "dieciocho": 18, "twenty-four": 24, "veinticuatro": 24,
          "thirty-six": 36, "treinta y seis": 36}
_NUM = r"(?P<num>\d{1,3}(?:[.,]5)?|" + "|".join(
    sorted((re.escape(w) for w in _WORDS), key=len, reverse=True)) + r")"
_UNIT = r"(?P<unit>" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")"
#: a cue that says what follows is how long it lasts
_CUE = (r"(?:\bfor(?:\s+a\s+(?:period|term)\s+of)?|\bdurante|\bpor(?:\s+un\s+periodo\s+de)?"
        r"|\blasting|\bover|\bduration(?:\s+of)?\s*:?|\bduracion(?:\s+de)?\s*:?"
        r"|\bplazo(?:\s+de)?\s*:?|\bterm(?:\s+of)?\s*:?|\ba\s+lo\s+largo\s+de)")
#: what is agreed for a term, whose length a listing says with it: "contratos de 5 años",
#: "a lease of 12 months", "plan: 24 meses", "12 month contract", "24 meses de permanencia";
#: a person ("niños de 5 años") or what one has ("5 años de experiencia") is none of them
_TERM = (r"(?:contratos?|contracts?|leases?|alquiler(?:es)?|arrendamientos?|plan(?:es|s)?|"
         r"becas?|fellowships?|grants?|ayudas?|permanencias?|suscripcion(?:es)?|"
         r"subscriptions?|mandatos?|terms?)")
_SAID = (re.compile(rf"{_CUE}\s+(?:(?:up\s+to|hasta)\s+)?{_NUM}\s+{_UNIT}\b"),
         # "a 36-month fellowship", never "a 2-year warranty" or "a 5-year-old"
         re.compile(rf"\b{_NUM}-{_UNIT}\b(?!-old|\s+(?:old|ago|warranty|guarantee))"),
         # the term's noun right before its length, or its length right before the noun
         re.compile(rf"\b{_TERM}\s*(?::|\s(?:de|of))\s*{_NUM}\s+{_UNIT}\b"),
         re.compile(rf"\b{_NUM}\s+{_UNIT}\s+(?:de\s+)?{_TERM}\b"))


#: a count of nights, with or without a cue: "7 noches", "7-night", "10 nights"; never
#: the least or first nights of a stay ("mínimo 2 noches", "from 3 nights") nor a rate's
#: night ("por persona y noche", "per night")
_NIGHTS_SAID = re.compile(
    r"(?<!minimo )(?<!minimum )(?<!min\. )(?<!min )(?<!from )(?<!desde )(?<!partir de )"
    r"(?<!least )(?<!menos )(?<!over )(?<!than )(?<!de )(?<!of )"
    rf"(?<![\w.,]){_NUM}[\s-]+(?P<unit>nights?|noches?)\b")
#: ... "de 7 noches" / "of 7 nights" is the trip's length when a trip's noun is said before
_NIGHTS_OF = re.compile(rf"\b(?:cruceros?|cruises?|viajes?|trips?|paquetes?|packages?|"
                        rf"circuitos?|tours?|estancias?|stays?|holidays?|vacaciones|"
                        rf"sailings?|itinerar(?:y|ies|ios?))\s+(?:de|of)\s+{_NUM}[\s-]+"
                        rf"(?P<unit>nights?|noches?)\b")


def stated_days(text: str, per: str | None = None) -> float | None:
    """The first length of time ``text`` states as one (the module docstring says how),
    in days; None when it states none. For a price ``per`` night, the nights it states
    (:data:`_NIGHTS_SAID`) count too."""
    folded = strip_accents(text or "").lower()
    patterns = _SAID + ((_NIGHTS_SAID, _NIGHTS_OF) if per == "night" else ())
    found = [m for pattern in patterns for m in pattern.finditer(folded)]
    for m in sorted(found, key=lambda m: m.start()):
        num = m.group("num")
        value = float(_WORDS[num]) if num in _WORDS else float(num.replace(",", "."))
        if value > 0:
            unit = m.group("unit")
            return value * PERIOD_DAYS[_UNITS.get(unit) or _NIGHTS[unit]]
    return None
