"""The MCP tools: thin calls of :mod:`scout.api` under the CLI's rules.

Every tool works inside one *workspace* (:mod:`scout.mcp.workspace`): the paths an agent
gives stay under the framework root, and every result is scrubbed of the deployment's
secret values; ``apply`` honours ``max_cost`` (and the Mission's), exactly as ``scout apply``.

The tools that read what ran (``status``, ``runs``, ``audit``, ``cost``, reports and
artifacts) are :mod:`scout.mcp.reads`'. The functions are synchronous and raise :class:`scout.errors.ScoutError`; the server
(:mod:`.server`) runs them off the event loop and turns errors into tool errors.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scout import api
from scout.api.request import check_cap
from scout.errors import RequestIncomplete, RequestUnread, UsageError
from scout.mcp import models as M
from scout.audit.limits import AUDIT_PHASES, bound_state, cut_rows, cut_texts
from scout.mcp.workspace import Workspace
from scout.report.failure import next_step
from scout.orchestrator.events import Event

#: what an agent that named a pipeline that is not there is told: where the real ones are
NO_KIND_HINT = ("the kinds tool lists the research kinds this server runs, with the file "
                "to pass")

#: ``progress(done, total, message)``: called from scout's worker threads; ``total`` is
#: None until the mission has started (preflight notices come first)
ProgressFn = Callable[[float, "float | None", str], None]


def _sets(values: dict[str, Any] | None) -> dict[str, Any]:
    if values is None:
        return {}
    if not isinstance(values, dict):
        raise UsageError("set: expected an object of input names to values",
                         hint='e.g. {"budget": "200 EUR", "min_rating": "8"}')
    return {str(k): v for k, v in values.items()}


# --- validate / plan ---------------------------------------------------------------------


#: the problems (and files) validate lists
VALIDATE_ROWS = 200


def validate(ws: Workspace, path: str) -> M.ValidateResult:
    from scout.validate import validate_paths

    target = ws.path(path, what="path")
    result = validate_paths([target], config=ws.config)
    problems = []
    for p in result.problems:
        d = p.to_dict()
        d["file"] = ws.rel(d.get("file"))
        problems.append(M.ProblemOut.model_validate({k: d.get(k)
                                                     for k in M.ProblemOut.model_fields}))
    # a folder of thousands of files (or a generated spec of thousands of phases) gives
    # thousands of rows: the errors first, the rest counted
    out: dict[str, Any] = {"files": [ws.rel(f.path) or f.path for f in result.files],
                           "problems": [p.model_dump() for p in problems]}
    cut_rows(out, "problems", VALIDATE_ROWS, first=lambda p: p.get("severity") == "error")
    cut_rows(out, "files", VALIDATE_ROWS)
    return M.ValidateResult(ok=result.ok, **ws.clean(out))


def parsed_request(result: api.MissionPlan, query: str | None) -> dict[str, Any]:
    """The Task ``apply`` would start from (what the task phase parses), or why not."""
    from scout.api.shown import shown_labels, shown_values

    if result.task is None:
        error = result.request_error or {}
        return {"query": echoed(query),
                "error": {k: error.get(k) for k in ("code", "message", "hint")}}
    # what an agent quotes to its reader, as `scout plan` and the report write it
    return {**result.task, "query": echoed(result.task.get("query")),
            "shown": shown_values(result.task, result.words),
            "labels": shown_labels(result.task, result.words)}


def echoed(query: Any) -> Any:
    """The request as a result repeats it: at most what the parser reads (its notes say
    when it cut one), so a 200 kB paste does not come back to fill the agent's context."""
    from scout.task.parser import MAX_QUERY_CHARS

    if not isinstance(query, str) or len(query) <= MAX_QUERY_CHARS:
        return query
    return query[:MAX_QUERY_CHARS] + "[…]"


def unread_here(error: RequestUnread) -> RequestUnread:
    """A request in a script scout does not read (USE066), its fix worded as the tools
    take it: their ``set`` argument, not ``--set``."""
    if error.hint:
        error.hint = error.hint.replace("--set name=value", 'set {"name": "value"}')
    return error


def ask_back(ws: Workspace, error: RequestIncomplete | dict[str, Any]) -> RequestIncomplete:
    """A request that leaves out a required input, refused as the tools take the fix
    (their ``set`` argument), in the request's language (:mod:`scout.api.askback`)."""
    from scout.api.askback import for_door
    from scout.report.files import project_locales

    return for_door(error, "mcp", project_locales(ws.root / "templates"))


def plan(ws: Workspace, file: str, query: str | None = None,
         sets: dict[str, Any] | None = None) -> M.PlanResult:
    """``scout plan``; a request that leaves out a required input is a tool error (the
    agent asks the person for it), as ``apply`` refuses it."""
    path = ws.path(file, what="file", kind="file", missing_hint=NO_KIND_HINT)
    values = _sets(sets)
    result = api.plan(path, query=query, sets=values, config=ws.config, root=ws.root)
    if (result.request_error or {}).get("code") == RequestIncomplete.code:
        raise ask_back(ws, result.request_error or {})
    if (result.request_error or {}).get("code") == RequestUnread.code:
        error = result.request_error or {}
        raise unread_here(RequestUnread(str(error.get("message") or ""), hint=error.get("hint"),
                                        script=str(error.get("script") or ""),
                                        lang=str(error.get("lang") or "en")))
    estimate = api.estimate(path, query=query, sets=values, config=ws.config, root=ws.root)
    phases = [M.PhasePlanOut(phase=p.phase, action=p.action, label=p.label, reason=p.reason)
              for p in result.phases]
    out = {"mission_id": result.mission_id, "exists": result.exists,
           "request": parsed_request(result, query),
           "phases": [p.model_dump() for p in phases],
           "to_run": sum(1 for p in phases if p.action == "run"),
           "cost_estimate": estimate.to_dict()}
    cut_rows(out, "phases", AUDIT_PHASES, first=lambda p: p.get("action") == "run")
    return M.PlanResult(**ws.clean(out))


# --- apply -------------------------------------------------------------------------------


class ProgressRelay:
    """An event subscriber that turns phase and item events into progress calls.

    Progress counts phases: a finished (or reused, skipped) phase adds one, and a
    fan-out item adds its share of its phase, so the number only grows. The message is
    the event in the request's language, as ``scout apply``'s console says it: the
    mission's ``mission_started`` carries it, so a notice before it (a chain's skipped
    link, found at preflight) waits for it, as on the console."""

    _DONE = frozenset({"phase_finished", "phase_reused"})

    def __init__(self, report: ProgressFn) -> None:
        self.report = report
        self.total: float | None = None
        self.done: set[str] = set()
        self.partial: dict[str, float] = {}
        self.lang = "en"
        self._waiting: list[Event] | None = []  # notices before the language is known

    def flush(self) -> None:
        """Say the notices still waiting (a mission that never started: in English)."""
        waiting, self._waiting = self._waiting or [], None
        for event in waiting:
            self(event)

    def _value(self) -> float:
        return len(self.done) + sum(v for k, v in self.partial.items() if k not in self.done)

    def __call__(self, event: Event) -> None:
        kind = getattr(event, "kind", "")
        phase = getattr(event, "phase", None)
        if self._waiting is not None and kind == "notice":
            self._waiting.append(event)
            return
        if kind == "mission_started":
            self.total = float(max(1, len(getattr(event, "phases", ()) or ())))
            self.lang = str(getattr(event, "lang", "en"))
        elif kind in self._DONE and phase:
            self.done.add(phase)
        elif kind == "phase_status" and phase and getattr(event, "status", "") in (
                "skipped", "blocked_missing_input"):
            self.done.add(phase)
        elif kind == "item_done" and phase:
            total = max(1, int(getattr(event, "total", 1) or 1))
            self.partial[phase] = min(0.99, int(getattr(event, "done", 0)) / total)
        elif kind not in ("phase_started", "notice", "mission_finished", "phase_retried"):
            return
        value = self._value()
        self.report(value if self.total is None else min(value, self.total), self.total,
                    event.message(self.lang))
        if kind == "mission_started":
            self.flush()


_HEADING = re.compile(r"^## ", re.MULTILINE)
ANSWER_MAX_CHARS = 12_000


def answer_section(report_md: str, *, mission_id: str, lang: str = "en") -> str:
    """The part of a report an agent should quote: the title and the answer (the
    report's first two ``##`` sections: shortlist and recommendation), cut to
    :data:`ANSWER_MAX_CHARS`; a cut one ends saying, in the report's language ``lang``,
    which resource holds the whole report."""
    from scout.i18n import gettext_for

    starts = [m.start() for m in _HEADING.finditer(report_md)]
    end = starts[2] if len(starts) > 2 else len(report_md)
    text = report_md[:end].rstrip()
    if len(text) > ANSWER_MAX_CHARS:
        _ = gettext_for(lang)
        rest = _("[…] (the whole report is the resource %(uri)s)") % {
            "uri": f"scout://missions/{mission_id}/report"}
        text = text[:ANSWER_MAX_CHARS].rsplit("\n", 1)[0] + "\n\n" + rest
    return text


def mission_cost(ws: Workspace, mission_id: str) -> float:
    from scout.audit.cost import cost_summary
    from scout.audit.filters import JournalFilter

    summary = cost_summary(ws.runtime, ["mission"], JournalFilter(mission=mission_id))
    return float(summary.to_dict()["total"].get("usd") or 0.0)


def apply(ws: Workspace, file: str, query: str | None = None,
          sets: dict[str, Any] | None = None, max_cost: float | None = None,
          replay: str | None = None, *, progress: ProgressFn | None = None) -> M.ApplyResult:
    """Run the mission to convergence (``scout apply``). Blocks; run it in a thread.
    A ``KeyboardInterrupt`` delivered to that thread (cancellation) stops it cleanly,
    resumable, exactly like Ctrl-C."""
    from scout.providers.hook import ProviderOptions, ProvidersHook

    path = ws.path(file, what="file", kind="file", missing_hint=NO_KIND_HINT)
    replay_dir = ws.path(replay, what="replay", kind="dir") if replay else None
    check_cap(max_cost, "max_cost")
    hook = ProvidersHook(ws.root, ProviderOptions(replay_dir=replay_dir))
    relay = ProgressRelay(progress) if progress is not None else None
    try:
        result = api.apply(path, query=query, sets=_sets(sets), config=ws.config,
                           root=ws.root, providers=hook, max_cost=max_cost,
                           subscribers=[relay] if relay else [])  # type: ignore[arg-type]
    except RequestIncomplete as exc:
        raise ask_back(ws, exc) from None
    except RequestUnread as exc:
        raise unread_here(exc) from None
    finally:
        if relay is not None:
            relay.flush()
    answer = None
    if result.report_path is not None and Path(result.report_path).is_file():
        from scout.report.stopped import request_lang

        answer = answer_section(Path(result.report_path).read_text(encoding="utf-8"),
                                mission_id=result.mission_id,
                                lang=request_lang(Path(result.run_dir)))
    states = {"phases": {pid: st.to_dict() for pid, st in result.phases.items()}}
    count, note = bound_state(states, AUDIT_PHASES)
    stopped = result.stopped_report if result.exit_code != 0 else None
    stopped_html = stopped.with_suffix(".html") if stopped is not None else None
    return M.ApplyResult(**ws.clean({
        "mission_id": result.mission_id, "status": result.status,
        "exit_code": result.exit_code, "reason": result.reason,
        "stop_code": result.stop_code,
        "cost_usd": mission_cost(ws, result.mission_id),
        "report_path": ws.rel(result.report_path), "answer": answer,
        "warnings": cut_texts(result.warnings),
        "phases": states["phases"], "phases_count": count, "phases_note": note,
        "stopped_report": ws.rel(stopped),
        "stopped_report_html": ws.rel(stopped_html) if stopped_html and stopped_html.is_file()
        else None,
        "hint": next_step(result, result.lang, door="mcp")}))
