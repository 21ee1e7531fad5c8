"""Numbered citations and provenance: which adapter and phase found each source a report
cites, and the title it is cited by.

Citations credit each source to the adapter and phase that found it: the first record in
the mission's artifacts (in pipeline order) that carries the URL, not whichever section of
the report happens to cite it first (a synthesis quoting a transcript credits the
transcript phase, not the synthesiser).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

Provenance = dict[str, tuple[str, str]]  # url -> (adapter, phase)


class Citations:
    """Numbers sources in order of first citation: ``cite(url, title)`` → 1, 2, ...

    ``origins`` (url → adapter, phase: :func:`provenance`) says who found each URL; a
    caller that knows better (an evidence line carries its own adapter and phase) passes
    them explicitly. ``names`` (url → the title or name a record in the mission gives it:
    :func:`titles`) names a source
    cited with no title of its own (a model's citations are bare URLs, some adapters
    give the URL as the title), rather than printing its URL twice.
    """

    def __init__(self, origins: Provenance | None = None,
                 names: dict[str, str] | None = None) -> None:
        self._index: dict[str, int] = {}
        self._provenance = dict(origins or {})
        self._titles = dict(names or {})
        self.items: list[dict[str, str]] = []

    def found_by(self, url: str) -> tuple[str, str]:
        return self._provenance.get(url, ("", ""))

    def cite(self, url: str, title: str = "", adapter: str = "", phase: str = "") -> int:
        if url not in self._index:
            known_adapter, known_phase = self.found_by(url)
            self._index[url] = len(self.items) + 1
            self.items.append({"n": str(len(self.items) + 1), "url": url,
                               "title": (title if title and title != url else "")
                               or self._titles.get(url) or url,
                               "adapter": adapter or known_adapter,
                               "phase": phase or known_phase})
        return self._index[url]

    def cite_figure(self, record: Any, field: str) -> int | None:
        """The number of the source a record's ``field`` (a candidate's ``price`` or
        ``rating``, derived from its evidence) was read from: the first evidence line that
        states that value, else the record's own page; None when neither is known."""
        if getattr(record, field, None) is None:
            return None
        ev = figure_source(record, field)
        if ev is not None:
            return self.cite(ev.url, ev.title, ev.adapter, ev.phase)
        url = getattr(record, "url", "")
        if not isinstance(url, str) or not url:
            return None
        return self.cite(url, getattr(record, "name", "") or "", getattr(record, "adapter", "") or "")

    def said_scale(self, record: Any, field: str = "rating") -> int | None:
        """The scale the source of a record's rating stated it on (:func:`stated_scale`)."""
        return stated_scale(figure_source(record, field))

    def __len__(self) -> int:
        return len(self.items)


def figure_source(record: Any, field: str) -> Any:
    """The first evidence line of ``record`` that states its ``field`` as the record has
    it (the one :meth:`Citations.cite_figure` cites), or None: a rating's own scale
    ("4.6/5") is read from it."""
    value = getattr(record, field, None)
    if value is None:
        return None
    for ev in getattr(record, "evidence", None) or []:
        stated = getattr(ev, field, None)
        if stated is not None and _same_value(stated, value) and getattr(ev, "url", None):
            return ev
    return None


def stated_scale(ev: Any) -> int | None:
    """The scale an evidence line's rating was stated on: its ``rating_scale`` ("4.6/5":
    5), else 10 for a quote (extract keeps no scale for "9.2/10", nor a listing's "rated
    9.2/10"); None for a page's structured rating, put on 0-10 with no scale kept, or a
    scale that is no whole number."""
    if ev is None or getattr(ev, "rating", None) is None:
        return None
    scale = getattr(ev, "rating_scale", None)
    if scale is None:
        return None if getattr(ev, "kind", "") == "page" else 10
    return int(scale) if float(scale).is_integer() and scale > 0 else None


def _same_value(stated: Any, value: Any) -> bool:
    """A derived rating is the stated one rounded (rank keeps 2 decimals)."""
    if isinstance(stated, float) and isinstance(value, float):
        return abs(stated - value) < 0.005
    return bool(stated == value)


def _walk(value: Any, phase: str, adapter: str, out: Provenance, depth: int = 0) -> None:
    """Record (adapter, phase) for every ``url`` in ``value`` the first time it is seen."""
    if depth > 8 or value is None:
        return
    if isinstance(value, BaseModel):
        own_adapter = getattr(value, "adapter", "") or adapter
        own_phase = getattr(value, "phase", "") or phase
        if not isinstance(own_adapter, str):
            own_adapter = adapter
        if not isinstance(own_phase, str):
            own_phase = phase
        url = getattr(value, "url", None)
        if isinstance(url, str) and url and url not in out:
            out[url] = (own_adapter, own_phase)
        for name in type(value).model_fields:
            if name not in ("url", "adapter", "phase"):
                _walk(getattr(value, name, None), own_phase, own_adapter, out, depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _walk(item, phase, adapter, out, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            _walk(item, phase, adapter, out, depth + 1)


def titles(artifacts: dict[str, Any]) -> dict[str, str]:
    """url → the first title (a source's, an evidence line's) or name (a candidate's) a
    record of ``artifacts`` gives it."""
    out: dict[str, str] = {}

    def walk(value: Any, depth: int = 0) -> None:
        if depth > 8 or value is None:
            return
        if isinstance(value, BaseModel):
            url = getattr(value, "url", None)
            name = getattr(value, "title", None) or getattr(value, "name", None)
            if isinstance(url, str) and url and isinstance(name, str) and name.strip() \
                    and name.strip() != url and url not in out:
                out[url] = name.strip()
            for field in type(value).model_fields:
                walk(getattr(value, field, None), depth + 1)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item, depth + 1)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item, depth + 1)

    for artifact in artifacts.values():
        walk(artifact)
    return out


def provenance(pipeline: Any, artifacts: dict[str, Any]) -> Provenance:
    """url → (adapter, phase) of the record that first holds it, phases in pipeline order.

    A record names its own adapter and phase when it has them (evidence does); else the
    enclosing record's adapter and the phase that produced the artifact count.
    """
    producer: dict[str, str] = {}
    order: list[str] = []
    for pid, phase in (getattr(pipeline, "phases", None) or {}).items():
        for name in getattr(phase, "produces", None) or []:
            producer.setdefault(name, pid)
            order.append(name)
    names = [n for n in order if n in artifacts] + sorted(n for n in artifacts if n not in order)
    out: Provenance = {}
    for name in names:
        _walk(artifacts[name], producer.get(name, ""), "", out)
    return out
