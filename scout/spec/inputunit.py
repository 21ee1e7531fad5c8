"""The unit a plain number input is counted in, as its declaration says it, for where a
request's values are shown (the report's "What you asked" table).

A ``number`` / ``integer`` input carries no unit of its own ("600" for a broadband
kind's least speed), yet its author says it: in the description ("the least download
speed, in Mbps") and in the aliases a request writes beside the number ("600 Mbps",
"300 megas"). :func:`declared_unit` reads it by one rule for any kind:

* the description's last "in X" / "en X" where X is one of the aliases (case aside:
  "in litres", alias ``litres``) or a symbol of its own ("in %", "in °C"); a unit
  written as a word ("litres", "inches") gives way to an alias that writes it as a
  symbol (``L``, ``"``), which reads the same in either language;
* else, for a ``number`` (an ``integer`` is a count: "2 lines"), the first alias written
  as a unit symbol: no space, at most six characters, with both capital and small
  letters or a mark letters do not have ("kW", "Mbps", "Mb/s", "m³", "°C"); capitals
  alone ("TAE", "LTV") are labels, never units.

A unit everyone writes as a word (hours, nights, kilometres, months: scout/i18n/unitwords.py)
is read from the description's "in hours" or "how many nights" / "cuántas noches" whether
or not an alias says it, and shown in the report's language, singular or plural as the
number is ("1 noche", "3 nights"); another word ("fathoms") is shown translated by the
kind's catalog, and not at all in a report whose language the catalog does not give it
in (:func:`scout.spec.filters.input_unit`).

None where neither says one: a count of lines or of guests needs none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scout.i18n.unitwords import unit_of

#: the types whose values are bare numbers: the only ones a declared unit is shown for
BARE = ("number", "integer")
#: "in Mbps", "en litros", "in % of the home's price": the first word after the last one
_IN = re.compile(r"(?:^|[\s,(])(?:in|en)\s+([^\s,;()]+)", re.I)
#: "how many nights", "cuántas horas": the word after them
_HOW_MANY = re.compile(r"\b(?:how\s+many|cu[aá]nt[oa]s)\s+([^\W\d_]+)", re.I)
#: units written as letters only, in lower case and longer than a symbol ("litres")
_WORD = re.compile(r"[a-zà-ÿ]{4,}")
#: a mark no letter is: a degree sign, a power, a slash, a percent, a prime
_MARK = re.compile(r"[°º²³/%\"″′']")
#: symbols written against their number ('15.6"', '50%' in English)
_TIGHT = {'"', "″", "''", "′"}


def _symbol(alias: str) -> bool:
    """Whether an alias is written as a unit symbol (see the module docstring)."""
    if not alias or " " in alias or len(alias) > 6:
        return False
    if _MARK.search(alias):
        return True
    return re.search(r"[a-z].*[A-Z]|[A-Z].*[a-z]", alias) is not None and not _WORD.fullmatch(alias)


def declared_unit(spec: Any) -> str | None:
    """The unit ``spec`` (an input's declaration: an InputSpec or its mapping) counts
    its value in, or None (see the module docstring)."""
    get = spec.get if isinstance(spec, Mapping) else (lambda k: getattr(spec, k, None))
    if get("type") not in BARE:
        return None
    aliases = [str(a) for a in (get("aliases") or []) if str(a).strip()]
    said = _IN.findall(str(get("description") or ""))
    if said:
        word = said[-1].rstrip(".:")
        folded = word.casefold()
        named = next((a for a in aliases if a.casefold() == folded), None)
        if named is None and (_MARK.search(word) or _symbol(word) or unit_of(word)):
            named = word  # "in %", "in g/m²", "in kWh a month", "in hours"
        if named is not None:
            if _WORD.fullmatch(named):
                # a word ("litres") reads in one language: its symbol, where one is declared
                return next((a for a in aliases if _MARK.search(a) or _symbol(a)
                             or (len(a) == 1 and a.isupper())), named)
            return named
    counted = _HOW_MANY.search(str(get("description") or ""))
    if counted and unit_of(counted.group(1)):
        return counted.group(1)  # "how many nights", "cuántas horas": a unit everyone writes
    if get("type") != "number":
        return None  # an integer is a count ("2 lines") unless its description says a unit
    return next((a for a in aliases if _symbol(a)), None)


def is_word(unit: str) -> bool:
    """Whether ``unit`` is written as a word of one language ("months"), not a symbol."""
    return _WORD.fullmatch(unit) is not None


def with_unit(text: str, unit: str | None, lang: str = "en") -> str:
    """``text`` (a value as shown) with ``unit`` after it: a space between, except for the
    symbols written against the number (an inch's '"', English's '%')."""
    if not unit or not text or text == "—":
        return text
    tight = unit in _TIGHT or (unit == "%" and not lang.startswith("es"))
    return f"{text}{unit}" if tight else f"{text} {unit}"
