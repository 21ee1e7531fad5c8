"""The MCP tools and resources that read what ran: ``status``, ``runs``, ``audit``,
``journal``, ``pool_status``, ``cost``, and a mission's report and artifacts.

Each reads a workspace's runs (:mod:`scout.mcp.workspace`) through :mod:`scout.api` and
:mod:`scout.audit`, cut to what an agent's context holds (:mod:`scout.audit.limits`) and
scrubbed of the deployment's secret values; the tools that run something (``validate``,
``plan``, ``apply``) are :mod:`scout.mcp.tools`'. Synchronous, raising
:class:`scout.errors.ScoutError`, as the server (:mod:`.server`) expects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scout import api
from scout.audit.limits import AUDIT_PHASES, RUNS_LIMIT, bound_artifact, bound_groups, bound_state, \
    bound_trail, check_count, report_part, runs_note
from scout.errors import UsageError
from scout.i18n import N_
from scout.mcp import models as M
from scout.mcp.workspace import Workspace
from scout.report.failure import next_step

#: what to do about an interrupted mission: apply it again through this server's ``apply``
RESUME_HINT = N_("apply the same pipeline and request again (or the Mission file): finished "
                 "phases and fan-out items are reused, the rest runs")


# --- reading what ran --------------------------------------------------------------------


def _run_dir(ws: Workspace, mission_id: str) -> Path:
    from scout.paths import runs_dir, validate_mission_id

    return api.find_run_dir(validate_mission_id(mission_id), runs_dir(None, root=ws.root),
                            listed_by="the runs tool")


def status(ws: Workspace, mission_id: str, phases: int = AUDIT_PHASES) -> M.StatusResult:
    """The mission's state, its phases cut to ``phases`` as audit cuts them (a mission of
    thousands of phases was a megabyte of result)."""
    from scout.audit.runs import effective_status

    phases = check_count(phases, "phases", 1)
    run_dir = _run_dir(ws, mission_id)
    state = api.status(run_dir)
    shown = effective_status(state)
    data = state.to_dict()
    count, note = bound_state(data, phases)
    from scout.report.stopped import request_lang

    lang = request_lang(run_dir)
    hint = None
    if shown == "interrupted":
        from scout.i18n.messages import localize

        # in the request's language, as `scout status` prints its own resume line; the
        # tool's name `apply` stays as it is, so an agent still knows what to call
        hint = localize(RESUME_HINT, lang)
    return M.StatusResult(**ws.clean({"mission_id": mission_id, "status": shown,
                                      "state": data, "resume_hint": hint,
                                      "phases_count": count, "phases_note": note,
                                      "hint": next_step(state, lang, door="mcp")}))


def runs(ws: Workspace, limit: int = RUNS_LIMIT, cursor: str | None = None
         ) -> M.RunsResult:
    from scout.audit.runs import runs_page
    from scout.paths import runs_dir

    limit = check_count(limit, "limit", 1)
    if cursor is not None and (not isinstance(cursor, str) or len(cursor) > 1000):
        raise UsageError("cursor: expected the next_cursor of an earlier page")
    page = runs_page(runs_dir(None, root=ws.root), ws.runtime, limit=limit, cursor=cursor,
                     summary=True)
    note = runs_note(page, cursor is None, "runs(limit) lists more, runs(cursor="
                     "next_cursor) the next page")
    return M.RunsResult(**ws.clean({"runs": [r.to_dict() for r in page.rows],
                                    "total": page.total, "note": note,
                                    "next_cursor": page.next_cursor,
                                    "problems": page.problems,
                                    "summary": page.summary.to_dict()
                                    if page.summary is not None else None}))


#: the journal lines an audit repeats unless asked for more: a mission of hundreds of
#: calls made a trail of hundreds of kB, past an agent's context (journal() pages them)
AUDIT_JOURNAL_LINES = 50


def audit(ws: Workspace, mission_id: str, journal_lines: int = AUDIT_JOURNAL_LINES,
          phases: int = AUDIT_PHASES) -> M.AuditResult:
    from scout.audit.trail import audit_trail

    journal_lines = check_count(journal_lines, "journal_lines", 0)
    phases = check_count(phases, "phases", 1)
    trail = audit_trail(_run_dir(ws, mission_id), ws.runtime)
    bound_trail(trail, phases)
    journal = trail.get("journal")
    entries = journal.get("entries") if isinstance(journal, dict) else None
    if isinstance(journal, dict) and isinstance(entries, list) \
            and len(entries) > journal_lines:
        journal["entries"] = entries[len(entries) - journal_lines:]
        journal["note"] = (f"the last {journal_lines} of {len(entries)} journal lines; "
                           f"journal(mission, limit) or audit's journal_lines gives more")
    return M.AuditResult(**ws.clean({"mission_id": mission_id, "trail": trail}))


def journal(ws: Workspace, mission: str | None = None, adapter: str | None = None,
            phase: str | None = None, token: str | None = None, failed: bool = False,
            since: str | None = None, limit: int = 50) -> M.JournalResult:
    from scout.audit.filters import JournalFilter, parse_since
    from scout.audit.journal_query import query

    limit = check_count(limit, "limit", 1)
    flt = JournalFilter(mission=mission, token=token, adapter=adapter, phase=phase,
                        failed=failed, since=parse_since(since, name="since"))
    page = query(ws.runtime, flt, limit).to_dict()
    return M.JournalResult(**ws.clean({"filters": flt.to_dict(), "limit": limit,
                                       "entries": page["entries"], "note": page["note"],
                                       "torn": page["torn"]}))


def pool_status(ws: Workspace) -> M.PoolResult:
    from scout.audit.pool_status import pool_status as status_of

    data = status_of(ws.root, ws.config)
    return M.PoolResult(**ws.clean({"configured": data["configured"],
                                    "tokens": data["tokens"]}))


def cost(ws: Workspace, by: str = "mission", mission: str | None = None,
         since: str | None = None, limit: int = RUNS_LIMIT) -> M.CostResult:
    """The costliest ``limit`` rows (a lab's thousands of missions a night were as many
    rows); ``left_out`` counts the rest, ``rows_note`` says how to ask for them, and the
    total still sums every row."""
    from scout.audit.cost import check_by, cost_summary
    from scout.audit.filters import JournalFilter, parse_since

    by = check_by(by)
    limit = check_count(limit, "limit", 1)
    flt = JournalFilter(mission=mission, since=parse_since(since, name="since"))
    summary = cost_summary(ws.runtime, [by], flt).to_dict()
    key = f"by_{by}"
    bound_groups(summary, limit, "cost(by, limit) lists more (up to 10000)")
    return M.CostResult(**ws.clean({"by": by, "rows": summary[key],
                                    "total": summary["total"], "note": summary["note"],
                                    "left_out": summary.get(f"{key}_left_out", 0),
                                    "rows_note": summary["rows_note"]}))


# --- resources ---------------------------------------------------------------------------


#: the most reports ``resources/list`` names (the newest): the runs tool lists them all
LISTED_REPORTS = 100


def written_reports(ws: Workspace) -> list[tuple[str, float]]:
    """``(mission_id, mtime)`` of every mission with a report, newest first: what
    ``resources/list`` offers an agent whose client reads resources only from that list."""
    from scout.errors import ScoutError
    from scout.paths import runs_dir, validate_mission_id

    found = []
    folder = runs_dir(None, root=ws.root)
    for run in folder.iterdir() if folder.is_dir() else ():
        try:  # a folder no tool could name (not a mission id) is no resource either
            validate_mission_id(run.name)
        except ScoutError:
            continue
        report = run / "report.md"
        if report.is_file() and not report.is_symlink():
            found.append((run.name, report.stat().st_mtime))
    return sorted(found, key=lambda r: -r[1])[:LISTED_REPORTS]


def report_markdown(ws: Workspace, mission_id: str, part: int = 1) -> str:
    """Part ``part`` of the mission's report (a report of megabytes comes in parts, each
    naming the next: :func:`scout.audit.limits.report_part`)."""
    from scout.errors import ReportNotFound

    run_dir = _run_dir(ws, mission_id)
    path = run_dir / "report.md"
    if not path.is_file() or path.is_symlink():
        raise ReportNotFound(f"mission '{mission_id}' has no report.md yet",
                             hint=no_report_hint(run_dir, mission_id))
    text = str(ws.clean(path.read_text(encoding="utf-8")))
    return report_part(text, part, f"scout://missions/{mission_id}/report")


def no_report_hint(run_dir: Path, mission_id: str) -> str:
    """What an agent can do about a report that is not there: wait for a running
    mission (and read what its finished phases wrote now), resume an interrupted one, or
    apply one that was only planned."""
    from scout.audit.runs import effective_status
    from scout.errors import ScoutError
    from scout.orchestrator.artifact_store import ArtifactStore

    try:
        # alive by the lock's heartbeat: the state's pid may be reused by anything
        shown: str | None = effective_status(api.status(run_dir), run_dir)
    except ScoutError:  # planned only: no state yet
        shown = None
    names = ArtifactStore(run_dir, create=False).names()
    ready = (f"; what its finished phases wrote can be read now: "
             f"scout://missions/{mission_id}/artifacts/{{name}}, name one of "
             + ", ".join(names)) if names else ""
    if shown == "running":
        return ("it is still running: apply returns when the report is written, and "
                "status says which phases are done" + ready)
    if shown == "interrupted":
        return "it was interrupted before its report: apply the same request again" + ready
    return "apply it to write one (plan only looks)" + ready


def artifact_json(ws: Workspace, mission_id: str, name: str) -> dict[str, Any]:
    from scout.orchestrator.artifact_store import ArtifactStore

    run_dir = _run_dir(ws, mission_id)
    # a name that is not there is the agent's guess: say which names there are (the store
    # would say only that a file under the server's runs dir is missing)
    names = ArtifactStore(run_dir, create=False).names()
    if name not in names:
        raise UsageError(f"mission '{mission_id}' has no artifact '{name}'",
                         hint="its artifacts: " + (", ".join(names) or "none yet"))
    from pydantic_core import to_jsonable_python

    data = api.get_mission_artifacts(run_dir, names=[name])
    # a list artifact (of models or of plain values) is given under "items": a resource
    # of JSON is one object
    dumped = to_jsonable_python(data[name])
    where = ws.rel(ArtifactStore(run_dir, create=False).path(name))
    return dict(ws.clean(bound_artifact(dumped, str(where))))
