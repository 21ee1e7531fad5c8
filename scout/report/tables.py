"""Any artifact as a readable table: what the default report shows for a kind.

The default report (no ``template:``) knows nothing of the kind: it shows every
artifact the report phase reads as a table of its records. Columns are picked from the
fields the records actually fill, most telling first (rank, name, price, rating, ...),
values formatted with the report filters (money, rating, dates), at most
:data:`MAX_COLUMNS`. Records that carry evidence (candidates, ranked items) also list
their evidence, which the template cites.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from scout.spec.filters import FILTERS

MAX_COLUMNS = 7
MAX_ROWS = 50
#: fields shown first when filled; the rest follow in model order
PRIORITY = ("rank", "name", "title", "price_converted", "price", "rating", "rating_count",
            "kind", "status", "channel", "duration", "timestamp", "text", "snippet", "url",
            "domain")
#: never shown as columns: plumbing, or lists handled elsewhere
HIDDEN = {"key", "id", "evidence", "aliases", "sources", "meta", "retrieved_at", "score",
          "segments", "relevance", "subject", "favicon", "raw_content", "unknown",
          "video_id", "adapter", "phase", "flags",
          "offers",  # each shop's price: its evidence lines list them, cited
          "cost_per"}  # what the ranking's amount is for: the synthesis says it beside it
#: artifacts that have their own section in the default report
OWN_SECTION = {"Task", "Synthesis", "Report"}


@dataclass
class Row:
    cells: list[str]
    url: str = ""
    title: str = ""
    adapter: str = ""
    phase: str = ""
    evidence: list[Any] = field(default_factory=list)
    label: str = ""


@dataclass
class Section:
    name: str
    kind: str
    columns: list[str]
    rows: list[Row]
    total: int
    notes: list[str] = field(default_factory=list)

    @property
    def truncated(self) -> int:
        return max(0, self.total - len(self.rows))


def _as_dict(item: Any) -> dict[str, Any]:
    if isinstance(item, BaseModel):
        data = {k: getattr(item, k) for k in type(item).model_fields}
    elif isinstance(item, dict):
        data = dict(item)
    else:
        return {"value": item}
    inner = data.get("candidate")  # a ranked item: its candidate's fields, plus the rank
    if isinstance(inner, (BaseModel, dict)):
        merged = _as_dict(inner)
        merged.update({k: v for k, v in data.items() if k != "candidate"})
        return merged
    video = data.pop("video", None)  # a ranked video: its own fields (duration, channel)
    if isinstance(video, (BaseModel, dict)):
        own = _as_dict(video)
        own.pop("title", None)  # the candidate's name already is the title
        data.update({k: v for k, v in own.items() if k not in data})
    return data


def _filled(value: Any) -> bool:
    """A value worth a column: a money amount, or a non-empty scalar."""
    if _is_money(value):
        return True
    if isinstance(value, (list, dict, BaseModel)):
        return False  # nested records are not cells
    return value is not None and value != ""


def _is_money(value: Any) -> bool:
    return isinstance(value, BaseModel) and {"amount", "currency"} <= set(type(value).model_fields)


def fmt(name: str, value: Any, lang: str = "en", rating_scale: int = 10) -> str:
    """One table cell; money, ratings and numbers written the way the report's language
    writes them (``1.200 €`` in Spanish), a rating on the kind's scale (``93/100``)."""
    if value is None:
        return "—"
    if _is_money(value):
        return FILTERS["money"](value, lang=lang)
    if name == "rating" and isinstance(value, (int, float)):
        return FILTERS["rating"](value, lang=lang, rating_scale=rating_scale)
    if name == "timestamp" and isinstance(value, (int, float)):
        return FILTERS["timestamp"](value)
    if name == "duration" and isinstance(value, (int, float)):
        return FILTERS["duration"](value, lang=lang)  # seconds: '15 min 12 s'
    if name == "kind" and isinstance(value, str):
        # an evidence record's kind ("review", "snippet", "page"): scout's word, which the
        # catalog translates; an author's own value no msgid matches stays as written
        return FILTERS["md_cell"](FILTERS["l10n"](value, lang=lang))
    if name.endswith("_count") and isinstance(value, int):
        return FILTERS["number"](value, lang=lang)    # '120,000' / '120.000'
    if isinstance(value, float):
        return FILTERS["number"](value, lang=lang) if lang != "en" else f"{value:g}"
    return FILTERS["md_cell"](FILTERS["shorten"](str(value), 120))


def _cell(record: dict[str, Any], column: str, lang: str, rating_scale: int = 10) -> str:
    if column == "evidence":
        return str(len(record.get("evidence") or []))
    if column == "price_converted":  # the comparable price when there is one
        return fmt(column, record.get("price_converted") or record.get("price"), lang)
    return fmt(column, record.get(column), lang, rating_scale)


def table(name: str, artifact: Any, lang: str = "en",
          rating_scale: int = 10) -> Section | None:
    """The artifact's records as a Section, or None for artifacts with their own section;
    ratings on ``rating_scale`` (the kind's)."""
    kind = type(artifact).__name__
    if kind in OWN_SECTION:
        return None
    items = getattr(artifact, "items", None)
    if items is None and isinstance(artifact, dict):
        items = artifact.get("items")
    if items is None:
        items = artifact if isinstance(artifact, list) else [artifact]
    records = [_as_dict(i) for i in items]
    present = {k for r in records for k, v in r.items() if _filled(v) and k not in HIDDEN}
    cols = [k for k in PRIORITY if k in present]
    if "price_converted" in cols and "price" in cols:
        cols.remove("price")  # one price column: the comparable one
    cols += sorted(present - set(cols) - {"price"})
    cols = cols[:MAX_COLUMNS]
    if any(r.get("evidence") for r in records):
        cols.append("evidence")
    rows = []
    for r in records[:MAX_ROWS]:
        cells = [_cell(r, c, lang, rating_scale) for c in cols]
        rows.append(Row(cells, url=str(r.get("url") or ""), title=str(r.get("title") or
                                                                       r.get("name") or ""),
                        adapter=str(r.get("adapter") or ""), phase=str(r.get("phase") or ""),
                        evidence=list(r.get("evidence") or [])[:3],
                        label=str(r.get("name") or r.get("title") or "")))
    notes = [str(n) for n in (getattr(artifact, "notes", None) or [])]
    header = ["price" if c == "price_converted" else c for c in cols]
    return Section(name, kind, header, rows, len(records), notes)


def sections(artifacts: dict[str, Any], lang: str = "en",
             rating_scale: int = 10) -> list[Section]:
    """A table per artifact, in the order the report phase lists its needs, its cells
    in ``lang``, ratings on ``rating_scale`` (the kind's)."""
    out = []
    for name, art in artifacts.items():
        if art is None:
            continue
        s = table(name, art, lang, rating_scale)
        if s is not None:
            out.append(s)
    return out
