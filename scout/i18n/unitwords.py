"""Units people write as words ("horas", "nights", "kilómetros"), said in the reader's
language with the number's singular or plural: "1 hora", "3 horas", "1 night", "2,5 km".

An author describes a plain number input "in hours" or "how many nights" without listing
"hours" among its aliases, and writes a template cell as "%(hours)s hours"; a report in
Spanish then read "3 hours", and one about a single night "1 nights". The unit is one of a
few everyone writes, so it is known here once, for any kind, in both languages, each with
its singular and plural: :func:`unit_of` reads any of its forms (either language, either
number, accents and case aside), :func:`say_unit` writes it for a number in a language.

A word that is none of these (an author's "fathoms") is left to the kind's catalog
(:func:`scout.spec.filters.input_unit`).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

#: unit id → ((en one, en many), (es one, es many)); extra forms that read it follow
_WORDS: dict[str, tuple[tuple[str, str], tuple[str, str], tuple[str, ...]]] = {
    "second": (("second", "seconds"), ("segundo", "segundos"), ()),
    "minute": (("minute", "minutes"), ("minuto", "minutos"), ("mins",)),
    "hour": (("hour", "hours"), ("hora", "horas"), ("hrs",)),
    "day": (("day", "days"), ("día", "días"), ()),
    "night": (("night", "nights"), ("noche", "noches"), ()),
    "week": (("week", "weeks"), ("semana", "semanas"), ()),
    "month": (("month", "months"), ("mes", "meses"), ()),
    "year": (("year", "years"), ("año", "años"), ()),
    "kilometre": (("kilometre", "kilometres"), ("kilómetro", "kilómetros"),
                  ("kilometer", "kilometers")),
    "metre": (("metre", "metres"), ("metro", "metros"), ("meter", "meters")),
    "mile": (("mile", "miles"), ("milla", "millas"), ()),
    "kilogram": (("kilogram", "kilograms"), ("kilogramo", "kilogramos"), ("kilo", "kilos")),
    "litre": (("litre", "litres"), ("litro", "litros"), ("liter", "liters")),
    "person": (("person", "people"), ("persona", "personas"), ("persons",)),
    "guest": (("guest", "guests"), ("invitado", "invitados"), ("huésped", "huéspedes")),
    "page": (("page", "pages"), ("página", "páginas"), ()),
    "class": (("class", "classes"), ("clase", "clases"), ()),
    "session": (("session", "sessions"), ("sesión", "sesiones"), ()),
}
#: languages in the order of each entry's pairs
_LANGS = ("en", "es")


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_FORMS: dict[str, str] = {}
for _unit, (_en, _es, _more) in _WORDS.items():
    for _form in (*_en, *_es, *_more):
        _FORMS.setdefault(_fold(_form), _unit)


def unit_of(word: Any) -> str | None:
    """The unit ``word`` names in either language and number ("Horas" → ``hour``,
    "noche" → ``night``), or None for any other word."""
    if not isinstance(word, str) or not word.strip():
        return None
    return _FORMS.get(_fold(word))


#: a number as a report writes it ("1", "1,0", "1.000", "-2,5"): its value read back
_NUMBER = re.compile(r"^[-−]?\d{1,3}(?:[.,\u00a0\u202f ]\d{3})*(?:[.,]\d+)?$|^[-−]?\d+(?:[.,]\d+)?$")


def is_one(text: Any) -> bool:
    """Whether ``text`` (a number, or one as shown) is exactly one, which both languages
    say in the singular ("1 hora", "1 night"; "1,5 horas", "0 nights")."""
    if isinstance(text, bool):
        return False
    if isinstance(text, (int, float)):
        return abs(float(text)) == 1.0
    shown = str(text).strip()
    if not _NUMBER.match(shown):
        return False
    return re.fullmatch(r"[-−]?1(?:[.,]0+)?", shown) is not None


def say_unit(unit: str, lang: str = "en", count: Any = 2) -> str:
    """``unit`` (an id or any of its forms) in ``lang`` ("en", "es"; another is English),
    singular where ``count`` is one; the word as given when it is no unit known here."""
    known = _WORDS.get(unit) and unit or unit_of(unit)
    if known is None:
        return unit
    code = (lang or "en").split("_")[0].split("-")[0].lower()
    pair = _WORDS[known][_LANGS.index(code) if code in _LANGS else 0]
    return pair[0] if is_one(count) else pair[1]
