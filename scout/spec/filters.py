"""Jinja filters available in every template and expression (reports and specs alike).

They live beside the spec layer because the validator must know their names to reject
an unknown filter before anything runs; they are pure functions with no I/O.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from scout.schemas.task import Money

FILTERS: dict[str, Any] = {}


def _filter(fn: Any) -> Any:
    FILTERS[fn.__name__.rstrip("_")] = fn
    return fn


@_filter
def money(value: Any, digits: int = 0) -> str:
    """200 EUR → '200 EUR'; None → '—'."""
    if value is None:
        return "—"
    if isinstance(value, Money):
        amount = f"{value.amount:,.{digits}f}"
        if value.min is not None:  # a range: "80-120 EUR"
            amount = f"{value.min:,.{digits}f}-{amount}"
        per = f"/{value.per}" if value.per else ""
        return f"{amount} {value.currency}{per}"
    return str(value)


@_filter
def rating(value: Any, scale: int = 10) -> str:
    """8.25 → '8.2/10'; None → '—'."""
    if value is None:
        return "—"
    return f"{float(value) * scale / 10:.1f}/{scale}"


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
