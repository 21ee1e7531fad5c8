"""Jinja filters available in every template and expression (reports and specs alike).

They live beside the spec layer because the validator must know their names to reject
an unknown filter before anything runs; they are pure functions with no I/O.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from scout import i18n
from scout.schemas.task import Money

FILTERS: dict[str, Any] = {}


def _filter(fn: Any) -> Any:
    FILTERS[fn.__name__.rstrip("_")] = fn
    return fn


@_filter
def money(value: Any, digits: int = 0, *, lang: str = "en") -> str:
    """200 EUR → '200 EUR' (en), '200 €' (es); None → '—'."""
    if isinstance(value, Money):
        return i18n.format_money(value, lang, digits)
    return "—" if value is None else str(value)


@_filter
def rating(value: Any, scale: int = 10, *, lang: str = "en") -> str:
    """8.25 → '8.2/10' (en), '8,2/10' (es); None → '—'."""
    return i18n.format_rating(value, lang, scale)


# Locale-aware filters: every template may use them; the report environment binds
# ``lang`` to the request's language (scout/report/render.py), elsewhere it is English.
@_filter
def number(value: Any, digits: int | None = None, *, lang: str = "en") -> str:
    """3120 → '3,120' (en), '3120' (es); ``number(1)`` fixes one decimal."""
    return i18n.format_number(value, lang, digits)


@_filter
def date(value: Any, form: str = "long", *, lang: str = "en") -> str:
    """A date (or ISO string) in words: 'September 15, 2026', '15 de septiembre de 2026'."""
    return i18n.format_date(value, lang, form)


@_filter
def month(value: Any, *, lang: str = "en") -> str:
    """A month: 'September 2026' (en), 'septiembre de 2026' (es)."""
    return i18n.format_month(value, lang)


@_filter
def value(v: Any, type_name: str = "", *, lang: str = "en") -> str:
    """A Task value by its declared type (money, rating, month, date range, date…)."""
    return i18n.format_value(v, type_name, lang)


@_filter
def l10n(text: Any, *, lang: str = "en") -> str:
    """English text a step wrote from a msgid (a flag, a notice), in the report's language."""
    return i18n.localize(text, lang)


@_filter
def usd(value: Any) -> str:
    if value is None:
        return "—"
    v = float(value)
    return f"${v:.4f}" if 0 < v < 0.01 else f"${v:.2f}"


@_filter
def pct(value: Any) -> str:
    return "—" if value is None else f"{float(value) * 100:.0f}%"


@_filter
def md_cell(value: Any) -> str:
    """Safe inside a markdown table cell: no pipes, no newlines."""
    return re.sub(r"\s+", " ", str("" if value is None else value)).replace("|", "\\|").strip()


@_filter
def duration(seconds: Any) -> str:
    if seconds is None:
        return "—"
    s = float(seconds)
    if s < 1:
        return f"{s * 1000:.0f} ms"
    if s < 120:
        return f"{s:.1f} s"
    return f"{s / 60:.1f} min"


@_filter
def timestamp(seconds: Any) -> str:
    """95 → '1:35'."""
    s = int(float(seconds or 0))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


@_filter
def isodate(value: Any) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return str(value or "")


@_filter
def shorten(value: Any, width: int = 200) -> str:
    text = re.sub(r"\s+", " ", str(value or "")).strip()
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"
