"""What the dashboard pages show, read from a run dir and the runtime dir (no HTML here).

Everything read from disk is untrusted: the pipeline a run names may be gone or broken
(the DAG then falls back to the phases in the state, one per row), ``task.json`` may be
torn, journal text comes from providers. Text meant for a page is scrubbed of known
secret values by the caller and stripped of control characters here; HTML escaping is
the template's (autoescape).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.fsutil import loads_stored, read_stored
from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.audit.journal_query import query
from scout.errors import ScoutError
from scout.orchestrator.state import MissionState, PhaseState

#: C0/C1 controls (tab and newline kept), DEL, and bidi overrides that reorder text
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: how much of one journal field a page shows
MAX_FIELD = 300


def plain(value: Any, limit: int = MAX_FIELD) -> str:
    """``value`` as one line of display text: controls removed, clipped to ``limit``."""
    if value is None:
        return ""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                          sort_keys=True, default=str)
    text = _CONTROL.sub("", text).replace("\n", " ").replace("\t", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def field_text(value: Any) -> str:
    """A Task field for a table cell: a mapping as ``key: value; ...``, else as text."""
    if isinstance(value, dict):
        return "; ".join(f"{plain(k, 80)}: {plain(v, 200)}" for k, v in value.items()
                         if v not in (None, "", [], {}))
    return plain(value, 500)


@dataclass
class RequestView:
    """The request as the mission page shows it: one row per input (its name in words, its
    value as the page's language writes it, where it came from), the notes of how it was
    read, and the day it was read on; ``raw`` holds ``field: text`` rows instead when the
    Task in task.json does not read back (a torn or foreign file)."""
    rows: list[tuple[str, str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    read_on: str = ""
    raw: list[tuple[str, str]] = field(default_factory=list)


def request_view(parsed: dict[str, Any], lang: str, pipeline: str | None = None) -> RequestView:
    """``parsed`` (task.json's ``task``) as a person reads it, in ``lang``: the values by
    their declared type ("200 EUR", "septiembre de 2026"), as the report's "What you
    asked" shows them, never their JSON: a plain number with the unit its input declares
    ("600 Mbps", "3 noches") and the labels and enum words of the kind's catalog, read
    from ``pipeline`` (the run's pipeline file) while it still loads."""
    from pydantic import ValidationError

    from scout.i18n.messages import localize
    from scout.i18n.values import format_date, format_value
    from scout.schemas.task import Task
    from scout.spec.filters import FILTERS

    try:
        task = Task.model_validate(parsed)
    except (ValidationError, ValueError, TypeError):
        return RequestView(raw=[(plain(k, 80), field_text(v)) for k, v in parsed.items()
                                if v not in (None, "", [], {})])
    specs, catalog = kind_of(pipeline, lang)
    _ = catalog.gettext if catalog is not None else translations_of(lang)
    origins = {"query": _("query"), "default": _("default"), "mission": _("mission"),
               "set": _("--set")}
    rows = []
    # labelled as the report's table labels them (the one rule: spec.filters.input_labels)
    labels = FILTERS["input_labels"](task.values, specs, lang=lang, catalog=catalog)
    for name, value in task.values.items():
        kind = task.types.get(name, "")
        shown = format_value(value, kind, lang, task.scales.get(name, 10),
                             {kind: task.units[name]} if name in task.units else None)
        if isinstance(value, str):  # an enum's word ("flat") in the page's language: the
            # catalog's word for it, never a message's shape (a subject or a place the
            # person typed, "about the moon", is theirs)
            shown = _(shown)
        elif name in specs and value is not None:  # "600 Mbps", "3 noches", as the report
            shown = FILTERS["input_unit"](shown, specs[name], labels[name], lang=lang,
                                          catalog=catalog)
        rows.append((plain(labels[name], 80), plain(shown, 500),
                     origins.get(str(task.sources.get(name)), _("not given"))))
    return RequestView(rows=rows, notes=[plain(localize(n, lang), 500) for n in task.notes],
                       read_on=format_date(task.today, lang) if task.today else "")


def kind_of(pipeline: str | None, lang: str) -> tuple[dict[str, Any], Any]:
    """The inputs ``pipeline`` declares and its project's catalog in ``lang`` (scout's
    own behind it, as its report reads them), or ``({}, None)`` when the file is gone or
    no longer loads: the page then shows the values without what only the kind says."""
    if not pipeline:
        return {}, None
    from scout.api.shown import KindWords
    from scout.spec.loader import load_pipeline

    try:
        model = load_pipeline(pipeline).model
        specs = dict(getattr(model, "inputs", None) or {})
    except (ScoutError, OSError, ValueError, UnicodeDecodeError, TypeError, KeyError,
            RecursionError):
        return {}, None
    # the project: the folder above its pipelines/ (templates/ and locales/ beside it)
    folder = Path(pipeline).resolve().parent
    root = next((d for d in (folder, *folder.parents)[:3]
                 if (d / "locales").is_dir() or (d / "templates").is_dir()), folder.parent)
    try:
        return specs, KindWords.of(model, root).catalog(lang)
    except (ScoutError, OSError, ValueError):  # a torn catalog: scout's own words, the units
        return specs, None


def translations_of(lang: str) -> Any:
    from scout.i18n import translations

    return translations(lang).gettext


def when(iso: Any, lang: str) -> str:
    """A journal or state timestamp as the page's language writes a date and time
    ("Dec 2, 2026, 8:17:06 AM UTC", "2 dic 2026, 8:17:06 UTC"); text that is not one is
    shown as it is."""
    import datetime as dt

    from babel.dates import format_datetime

    from scout.i18n import lang_of

    if not isinstance(iso, str) or not iso:
        return "–"
    try:
        moment = dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return plain(iso, 80)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.timezone.utc)
    text = format_datetime(moment, "medium", tzinfo=dt.timezone.utc, locale=lang_of(lang))
    return text.replace("\u202f", " ").replace("\u00a0", " ") + " UTC"


def read_task(run_dir: Path) -> dict[str, Any]:
    """``task.json``: the request (query, pipeline, inputs) and the parsed Task; {} when
    missing or unreadable."""
    try:
        doc = loads_stored(read_stored(run_dir / "task.json"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return doc if isinstance(doc, dict) else {}


@dataclass
class Graph:
    waves: list[list[str]]
    edges: list[tuple[str, str]]
    from_pipeline: bool  # False: the pipeline could not be read; phases listed in order
    #: phase → the second line of its box (``search × candidates``), as in the report
    labels: dict[str, str] = field(default_factory=dict)


def phase_graph(pipeline_path: str | None, state: MissionState) -> Graph:
    """The mission's phase DAG by waves, from its pipeline file when that still loads."""
    known = list(state.phases)
    if pipeline_path:
        from scout.spec.dag import PhaseGraph
        from scout.spec.loader import load_pipeline
        from scout.spec.models import Pipeline

        try:
            model = load_pipeline(pipeline_path).model
            if not isinstance(model, Pipeline):
                raise ValueError("not a pipeline")
            g = PhaseGraph.of(model)
            waves = g.waves()
            # drawn without the edges another path already implies (F0 → everything)
            edges = [(u, v) for u, v in g.graph.edges() if u != v and not any(
                v in g.downstream(w) for w in g.successors(u) if w not in (u, v))]
            if known and set(known) - {p for w in waves for p in w}:
                raise ValueError("the pipeline changed since the run")
            labels = {pid: plain(ph.uses + (f" × {ph.for_each}" if ph.for_each else ""), 60)
                      for pid, ph in model.phases.items()}
            return Graph(waves, edges, True, labels)
        except (ScoutError, OSError, ValueError, UnicodeDecodeError, TypeError, KeyError,
                RecursionError):  # a broken or changed pipeline: draw what the state knows
            pass
    return Graph([[p] for p in known], [], False)


def phase_rows(state: MissionState, order: list[str] | None = None) -> list[dict[str, Any]]:
    """One row per phase: the state's phases, then those of ``order`` (the DAG) that the
    state does not know yet (pending), so the table has a row to update for each."""
    rows = []
    ids = list(state.phases) + [p for p in (order or []) if p not in state.phases]
    for pid in ids:
        st = state.phases.get(pid) or PhaseState()
        err = st.error or {}
        rows.append({
            "id": pid, "status": st.status, "attempts": st.attempts,
            "done": (f"{st.items.ok}/{st.items.total}" + (f" ({st.items.failed} failed)"
                                                           if st.items.failed else ""))
            if st.items else "",
            "duration_s": st.duration_s, "cost_usd": st.cost_usd,
            "answered_by": ", ".join(f"{a} {n}" for a, n in sorted(st.answered_by.items())),
            "note": plain(err.get("message") or st.reason or ""),
            "code": plain(err.get("code") or ""),
        })
    return rows


def journal_tail(runtime_dir: Path, mission_id: str, limit: int = 20) -> list[dict[str, str]]:
    """The mission's last journal lines as display text."""
    if not runtime_dir.is_dir():
        return []
    page = query(runtime_dir, JournalFilter(mission=mission_id), limit)
    out = []
    for entry in page.entries:
        d = entry.data
        err = d.get("error")
        if isinstance(err, dict):
            err = f"{err.get('code', '')} {err.get('message', '')}".strip()
        out.append({k: plain(v) for k, v in {
            "ts": d.get("ts"), "phase": d.get("phase"), "adapter": d.get("adapter"),
            "action": d.get("action"), "token": d.get("token_name"),
            "result": d.get("result"), "summary": d.get("response_summary"),
            "error": err, "cost": d.get("cost")}.items()})
    return out


def mission_costs(runtime_dir: Path, mission_id: str) -> dict[str, Any]:
    if not runtime_dir.is_dir():
        return {"total": None, "by_adapter": []}
    # the page shows no calls in doubt: finding them reads every journal file
    s = cost_summary(runtime_dir, ["adapter"], JournalFilter(mission=mission_id),
                     in_doubt=False).to_dict()
    return {"total": s["total"], "by_adapter": s["by_adapter"]}


def bars(rows: list[dict[str, Any]], value: str = "usd") -> list[dict[str, Any]]:
    """Rows with a ``width`` (0–100, of the largest value) for an SVG bar chart."""
    top = max((float(r.get(value) or 0) for r in rows), default=0.0)
    return [{**r, "width": round(100 * float(r.get(value) or 0) / top, 1) if top else 0.0}
            for r in rows]
