"""What an input accepts of a value its query gave: typed, in its enum's words.

The parser (scout.task.parser) finds text; an input's options then decide what of it is
the input's value, the way ``--set`` decides it (scout.orchestrator.mission_request
.coerce_inputs): read as the input's type, each synonym replaced by its enum value, and
only values the enum allows. Query text is people's writing, so the enum's words are
matched case-blind (``Diesel`` is ``diesel``); a ``money`` input whose pattern found a
bare number takes its default's currency, as the input's own money reading does; an
``integer`` whose pattern found a small count in words (``un cuarto``, ``two rooms``) is
that count, as its alias reading takes it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scout.i18n import COUNT_WORDS
from scout.spec.models import InputSpec
from scout.task.values import coerce

#: types read next to the input's name or an alias ("3 habs", "con terraza", "modelo
#: 2019"): their own reading comes before the enum's bare words, which could be any
#: number in the query ("2 guests, 3 habs")
NAMED_TYPES = frozenset({"integer", "number", "boolean", "year"})


#: how a request joins the items of a list: a comma, and the words a sentence joins the
#: last one with ("Word y LibreOffice", "Zotero and Word", "Slack o Teams", "A, B & C"),
#: a list of what is ruled out too ("sin Ryanair ni Vueling", "neither A nor B")
#: ("AT&T" keeps its "&": only one between spaces joins)
_LIST_JOINS = re.compile(r"\s*,\s*(?:(?:y|e|and|o|u|or|ni|nor|&)\s+)?"
                         r"|\s+(?:y|e|and|o|u|or|ni|nor|&)\s+", re.I)


def typed(spec: InputSpec, raw: str) -> Any:
    """``raw`` (a pattern's text or an enum word) as the input's type; raises ValueError.
    A bare amount for a ``money`` input with a default takes the default's currency. A
    ``list`` is split where the request joins its items (a comma, ``y`` / ``and`` / ``o``
    / ``or`` / ``ni`` / ``nor``): ``--set``'s ``a, b`` is what a person types there, not in a sentence."""
    if spec.type == "list":
        items: dict[str, str] = {}
        for part in _LIST_JOINS.split(raw):  # an item said twice is one, the first as typed
            if part.strip():
                items.setdefault(part.strip().casefold(), part.strip())
        raw = ", ".join(items.values())
    if spec.type == "integer" and raw.strip().casefold() in COUNT_WORDS:
        return COUNT_WORDS[raw.strip().casefold()]
    try:
        return coerce(spec.type, raw, items=spec.items, scale=spec.scale)
    except ValueError:
        currency = default_currency(spec)
        if spec.type != "money" or currency is None:
            raise
        return coerce("money", f"{raw} {currency}")


def default_currency(spec: InputSpec) -> str | None:
    """The currency of a ``money`` input's default (None without one)."""
    if spec.default is None:
        return None
    try:
        return str(coerce("money", spec.default).currency)
    except (ValueError, AttributeError):
        return None


def in_enum(spec: InputSpec, value: Any) -> tuple[Any, list[Any]]:
    """(what of ``value`` the enum allows, the values it refused). Synonyms become their
    enum value and a string matches the enum's spelling case-blind; a list keeps its
    allowed items (None when none is left). Without an enum, ``value`` as it is."""
    if not spec.enum or value is None:
        return value, []
    spelling = {str(e).casefold(): str(e) for e in spec.enum}

    def one(v: Any) -> Any:
        return spelling.get(v.casefold(), v) if isinstance(v, str) else v

    value = spec.canonical(value)
    if spec.type == "list" and isinstance(value, list):
        items = [one(v) for v in value]
        kept = [v for v in items if not spec.off_enum([v])]
        return (kept or None), [v for v in items if spec.off_enum([v])]
    value = one(value)
    off = spec.off_enum(value)
    return (None, off) if off else (value, [])



#: a floor or a cap written before a quantity ("longer than 20 minutes", "más de 2 kg",
#: "at most 8 GB", "menos de 50 m2") or after it ("20 minutes or more", "8 GB o menos")
_FLOOR = (r"(?:at\s+least|more\s+than|over|longer\s+than|no\s+less\s+than|min(?:imum)?\.?|"
          r"mas\s+de|al\s+menos|como\s+minimo|minimo|por\s+lo\s+menos)")
_CAP = (r"(?:at\s+most|less\s+than|under|up\s+to|no\s+more\s+than|shorter\s+than|"
        r"max(?:imum)?\.?|menos\s+de|como\s+maximo|maximo|hasta|no\s+mas\s+de)")
_FLOOR_AFTER = r"\s*(?:or\s+(?:more|longer|over|above)|o\s+mas|\+)"
_CAP_AFTER = r"\s*(?:or\s+(?:less|shorter|under|below)|o\s+menos)"
# a bound said after the value and its label, with no comparison before it ("1,000 m
# elevation gain at least", "15 km como máximo"): up to three words between
_LABEL = r"(?:\s+[a-z]+){0,3}?"
_FLOOR_LATE = _LABEL + r",?\s+(?:at\s+least|minimum|as\s+a\s+minimum|como\s+minimo|al\s+menos|minimo|por\s+lo\s+menos)"
_CAP_LATE = _LABEL + r",?\s+(?:at\s+most|maximum|as\s+a\s+maximum|tops|como\s+maximo|maximo|a\s+lo\s+sumo)"
# ... and the bound word is not the next value's ("16 GB de RAM, máximo 25 mil pesos")
_NOT_BEFORE_A_VALUE = r"(?!\w)(?!\s*(?:(?:de|of)\s+)?[\d$€£¥])"
_ANY_BOUND = re.compile(r"(?<!\w)(?:" + _FLOOR + "|" + _CAP + r")(?!\w)\s*(?:(?:de|of)\s+)?$")
# a negation just before a comparison, its verb between or not ("no pese más de")
_NEGATED = re.compile(r"(?:\bno|\bnot|n't|\bni)\s+(?:[a-z]+\s+)?$")
#: the types whose input names its direction (``max_duration``, ``min_ram``)
DIRECTED_TYPES = frozenset({"duration", "integer", "number", "area", "data_size", "weight",
                            "length", "volume"})


def against(name: str, free: str, span: tuple[int, int]) -> bool:
    """Whether a quantity read for an input named ``max_...`` is written as a floor
    ("charlas de más de 20 minutos" for ``max_duration``), or one for ``min_...`` as a cap
    ("at most 8 GB" for ``min_ram``): the request asks the opposite of what the input
    holds, so the value is not the input's. ``free``: the folded query."""
    if name.startswith("max"):
        before, after, late = _FLOOR, _FLOOR_AFTER, _FLOOR_LATE
    elif name.startswith("min"):
        before, after, late = _CAP, _CAP_AFTER, _CAP_LATE
    else:
        return False
    lo = max(0, span[0] - 24)
    value_at = span[0] - lo + len(free[span[0]:span[1]]) - len(free[span[0]:span[1]].lstrip())
    for m in re.finditer(r"(?<!\w)" + before + r"(?!\w)\s*(?:(?:de|of)\s+)?",
                         free[lo:span[1]]):
        # "no longer than", "no más de", "que no pese más de", "doesn't weigh more than":
        # negated, with or without its verb between, the other way round
        if _NEGATED.search(free[:lo + m.start()]):
            continue
        # just before the value, or opening its span (a reader claimed it with the value)
        if m.end() == span[0] - lo or m.start() == value_at:
            return True
    if re.match(after + r"(?!\w)", free[span[1]:]):
        return True
    # said after its label, when no comparison stands before the value ("under 8 km at
    # least" keeps its "under")
    return not _ANY_BOUND.search(free[lo:span[0]]) \
        and bool(re.match(late + _NOT_BEFORE_A_VALUE, free[span[1]:]))


def bound_partner(name: str, spec: InputSpec, inputs: Mapping[str, InputSpec]) -> str | None:
    """The other end of a floor and a cap of one quantity: ``max_km`` for ``min_km`` and
    the other way round, when the pipeline declares it with the same type; else None. A
    value written as the other end ("menos de 15 km" read for ``min_km``) is then that
    input's, not refused."""
    m = re.match(r"(min|max)(_.+)$", name)
    if m is None:
        return None
    other = ("max" if m.group(1) == "min" else "min") + m.group(2)
    partner = inputs.get(other)
    return other if partner is not None and partner.type == spec.type else None
