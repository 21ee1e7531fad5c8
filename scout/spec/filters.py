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
def usd(value: Any, *, lang: str = "en") -> str:
    """A cost in dollars, cents shown to four places below one cent: '$0.0050' (en),
    '0,0050 US$' (es)."""
    if value is None:
        return "—"
    v = float(value)
    digits = 4 if 0 < v < 0.01 else 2
    if i18n.lang_of(lang) == "en":
        return f"${v:.{digits}f}"
    return i18n.format_money_parts(v, "USD", lang, digits)


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


# ``stated``: a product's specs (``16 GB``, ``100.000 km``, ``10 horas``) are in its
# titles and evidence, not in typed fields; this reads them for ``rank.where`` and reports.
_NUM = r"(\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?)"
_PICKS = ("max", "min", "first")


def _fold(text: str) -> str:
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def _spec_number(raw: str) -> float:
    raw = raw.replace("\u00a0", "").replace("\u202f", "")
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", raw):  # digits grouped in thousands
        return float(re.sub(r"[.,]", "", raw))
    return float(raw.replace(",", "."))


def _texts(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    get = value.get if isinstance(value, dict) else (lambda k, d=None: getattr(value, k, d))
    out = [str(get("name", "") or ""), str(get("title", "") or ""), str(get("text", "") or "")]
    out += [str(a) for a in get("aliases", None) or []]
    for ev in get("evidence", None) or []:
        out += _texts(ev)
    return [t for t in out if t]


@_filter
def stated(value: Any, *units: str, pick: str = "max") -> float | int | None:
    """The number a record (a candidate: its name, aliases and evidence) or a text states
    next to one of ``units``: ``c | stated("km")`` reads '85.000 km' and 'km: 85,000' as
    85000. Sources that disagree: ``pick`` the ``max`` (default), ``min`` or ``first``.
    ``none`` when nothing states it, so ``where`` can keep the record flagged."""
    if pick not in _PICKS:
        raise ValueError(f"stated: pick must be one of {', '.join(_PICKS)}, not {pick!r}")
    words = [re.escape(_fold(str(u)).strip()) for u in units if str(u).strip()]
    if not words:
        raise ValueError('stated: name at least one unit, e.g. stated("km")')
    alt = "|".join(words)
    found_re = re.compile(r"(?<![\d.,])" + _NUM + r"\s*(?:" + alt + r")(?!\w)"
                          r"|(?<!\w)(?:" + alt + r")\s*[:=]?\s*" + _NUM + r"(?![.,]?\d)")
    numbers: list[float] = []
    for text in _texts(value):
        for m in found_re.finditer(_fold(text)):
            numbers.append(_spec_number(m.group(1) or m.group(2)))
    if not numbers:
        return None
    got = numbers[0] if pick == "first" else (max(numbers) if pick == "max" else min(numbers))
    return int(got) if got.is_integer() else got


@_filter
def mentions(value: Any, words: Any, every: bool = True) -> bool:
    """Whether a record (its name, aliases and evidence) or a text names ``words`` (one
    word or a list), accent- and case-blind: ``c | mentions(task.features)`` for required
    features. ``every=false``: any one of them is enough. No words: true."""
    wanted = [words] if isinstance(words, str) else list(words or [])
    folded = [_fold(str(w)).strip() for w in wanted if str(w).strip()]
    if not folded:
        return True
    text = " ".join(_fold(t) for t in _texts(value))
    hits = [re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", text) is not None for w in folded]
    return all(hits) if every else any(hits)
