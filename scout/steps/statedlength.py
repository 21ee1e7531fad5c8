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
_WORDS = {"one": 1, "un": 1, "una": 1, "uno": 1, "two": 2, "dos": 2, "three": 3, "tres": 3,
          "four": 4, "cuatro": 4, "five": 5, "cinco": 5, "six": 6, "seis": 6,
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


def stated_days(text: str) -> float | None:
    """The first length of time ``text`` states as one (the module docstring says how),
    in days; None when it states none."""
    folded = strip_accents(text or "").lower()
    found = [m for pattern in _SAID for m in pattern.finditer(folded)]
    for m in sorted(found, key=lambda m: m.start()):
        num = m.group("num")
        value = float(_WORDS[num]) if num in _WORDS else float(num.replace(",", "."))
        if value > 0:
            return value * PERIOD_DAYS[_UNITS[m.group("unit")]]
    return None
