"""A parsed request's values as its report writes them, in the request's language.

``scout plan`` (its ``request:`` lines) and MCP's ``plan`` tool (its ``request.shown``)
show the Task read back from JSON: each value is typed again by its input type and
written as the report writes it, so an agent quoting a plan quotes "marzo de 2027" and
"1.500 €/mes" to a Spanish reader, not a month's JSON object or "1500.0 EUR". An
``enum`` input's value is one of the kind's own words, written through the kind's catalog
as the report's "What you asked" writes it ("cambio automático", not "automatic").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class KindWords:
    """What a kind's request is shown with beside scout's own words: its ``enum`` inputs
    (their values are the kind's words) and its catalogs (``locales/`` beside
    ``templates/``), as its report reads them."""

    enums: frozenset[str] = frozenset()
    locales: Path | None = None

    @classmethod
    def of(cls, pipeline: Any, root: Path) -> KindWords:
        from scout.report.files import project_locales

        return cls(frozenset(n for n, spec in (pipeline.inputs or {}).items()
                             if getattr(spec, "enum", None)),
                   project_locales(root / "templates"))

    def catalog(self, lang: str) -> Any:
        from scout.i18n import lang_of, reader_translations

        return reader_translations(lang_of(lang), self.locales)


def shown_value(v: Any, type_name: str = "", lang: str = "en", *, enum: bool = False,
                catalog: Any = None, rating_scale: Any = 10, unit: str | None = None) -> str:
    """A Task value as read back from JSON, typed again by its input type, written in the
    request's language ``lang`` as its report writes it (``format_value``, the report's
    ``value`` filter): a month is "March 2027" / "marzo de 2027" (not its JSON object),
    money keeps its unit and range ("1,500 EUR/month", "1.500 €/mes"), a duration is
    "1 h 30 min" (not its seconds), an area is "40 m²", a boolean is yes / sí, a rating
    is on the kind's ``rating_scale`` ("8,0/10", not "8.0"), a number has the language's
    decimal mark; a length or a weight the request wrote in miles or pounds (``unit``:
    its Task.units) in them, "5 mi (8.05 km)". Text stays as parsed."""
    from scout.i18n.numbers import format_duration
    from scout.i18n.values import format_value
    from scout.schemas.task import RATING_SCALES, restore

    if type_name == "duration" and isinstance(v, (int, float)):
        return format_duration(v, lang)  # seconds in the Task: '1 h 30 min', not '5400'
    if v is None:
        return "-"
    if enum:  # the kind's words, in the reader's language through its catalog
        from scout.spec.filters import FILTERS

        words = v if isinstance(v, list) else [v]
        return ", ".join(FILTERS["l10n"](str(w), lang=lang, catalog=catalog) for w in words)
    try:
        typed = restore(type_name, v)
    except ValueError:
        typed = v
    if isinstance(typed, str):
        return typed
    if isinstance(typed, dict):  # a value of no declared type read back as JSON
        if {"amount", "currency"} <= set(typed):  # money
            return f"{typed['amount']} {typed['currency']}"
        return str(typed)
    scale = rating_scale if rating_scale in RATING_SCALES else 10
    return format_value(typed, type_name, lang, scale, {type_name: unit} if unit else None)


def shown_values(task: dict[str, Any], words: KindWords | None = None) -> dict[str, str]:
    """Each value of a Task dumped as JSON (``Task.model_dump(mode="json")``), written by
    :func:`shown_value` in the Task's own language, a kind's ``words`` through its
    catalog."""
    types, lang = task.get("types") or {}, task.get("lang") or "en"
    words = words or KindWords()
    catalog = words.catalog(lang)
    return {name: shown_value(v, types.get(name, ""), lang, enum=name in words.enums,
                              catalog=catalog, rating_scale=task.get("rating_scale", 10),
                              unit=(task.get("units") or {}).get(name))
            for name, v in (task.get("values") or {}).items()}


def shown_labels(task: dict[str, Any], words: KindWords | None = None) -> dict[str, str]:
    """Each input of a Task by its label in the Task's language, as the report's "What
    you asked" names it (``input_labels``: "precio máximo" for ``max_price``)."""
    from scout.spec.filters import FILTERS

    lang = task.get("lang") or "en"
    return FILTERS["input_labels"](list(task.get("values") or {}), lang=lang,
                                   catalog=(words or KindWords()).catalog(lang))
