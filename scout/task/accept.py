"""What an input accepts of a value its query gave: typed, in its enum's words.

The parser (scout.task.parser) finds text; an input's options then decide what of it is
the input's value, the way ``--set`` decides it (scout.orchestrator.mission_request
.coerce_inputs): read as the input's type, each synonym replaced by its enum value, and
only values the enum allows. Query text is people's writing, so the enum's words are
matched case-blind (``Diesel`` is ``diesel``); a ``money`` input whose pattern found a
bare number takes its default's currency, as the input's own money reading does.
"""

from __future__ import annotations

from typing import Any

from scout.spec.models import InputSpec
from scout.task.values import coerce

#: types read next to the input's name or an alias ("3 habs", "con terraza", "modelo
#: 2019"): their own reading comes before the enum's bare words, which could be any
#: number in the query ("2 guests, 3 habs")
NAMED_TYPES = frozenset({"integer", "number", "boolean", "year"})


def typed(spec: InputSpec, raw: str) -> Any:
    """``raw`` (a pattern's text or an enum word) as the input's type; raises ValueError.
    A bare amount for a ``money`` input with a default takes the default's currency."""
    try:
        return coerce(spec.type, raw, items=spec.items)
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
