"""One mission's full audit trail, as a JSON-able dict and as Markdown.

It gathers, for a mission id (validated before any path is built):

* the request: raw query, input overrides and where each came from, ``max_cost``, and
  the parsed Task (``task.json``);
* every apply of it (``runs``: start, end, status, exit code, reason; from the state log);
* every phase: status, attempts, start/finish/duration, reason, error, who answered,
  items, cost, fingerprint and its parts, output hashes;
* the artifacts: schema, producer, fingerprint, written_at, size, the recorded hash and
  whether the content still matches it;
* every journal line of the mission (ids included) and any torn lines met;
* the cost from the journal, in total and by phase, adapter and token;
* the report files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scout.fsutil import loads_stored, read_stored
from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.audit.journal_query import query
from scout.audit.runs import duration, pipeline_name, shown_state
from scout.orchestrator.artifact_store import ArtifactStore, canonical, content_hash
from scout.orchestrator.state_store import LOG_NAME, iter_log, load_state
from scout.providers.spend import usd_of

REPORT_FILES = ("report.md", "report.html")


def _runs_history(run_dir: Path) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = []
    for _, rec in iter_log(run_dir / LOG_NAME):
        if rec.get("ev") != "mission":
            continue
        if rec.get("status") == "running":
            runs.append({"run": len(runs) + 1, "started_at": rec.get("ts"), "finished_at": None,
                         "status": "running", "exit_code": None, "reason": None,
                         "pid": rec.get("pid")})
        elif runs:
            runs[-1].update(finished_at=rec.get("ts"), status=rec.get("status"),
                            exit_code=rec.get("exit_code"), reason=rec.get("reason"))
    for r in runs:
        r["duration_s"] = duration(r["started_at"], r["finished_at"])
    return runs


def _artifacts(run_dir: Path) -> list[dict[str, Any]]:
    store = ArtifactStore(run_dir, create=False)
    out: list[dict[str, Any]] = []
    if not store.dir.is_dir():
        return out
    for name in store.names():
        path = store.path(name)
        env = store.envelope(name)
        row: dict[str, Any] = {"name": name, "bytes": path.stat().st_size if path.exists() else None}
        if env is None:
            row.update(schema=None, hash=None, verified=False, problem="unreadable envelope")
        else:
            try:
                verified = content_hash(canonical(env["data"])) == env["hash"]
            except ValueError:
                verified = False
            row.update(schema=env.get("schema"), producer=env.get("producer"),
                       fingerprint=env.get("fingerprint"), written_at=env.get("written_at"),
                       hash=env.get("hash"), verified=verified)
        out.append(row)
    return out


def audit_trail(run_dir: Path, runtime_dir: Path, *, use_index: bool = True
                ) -> dict[str, Any]:
    """The trail of the mission in ``run_dir`` (find it with ``scout.api.find_run_dir``)."""
    state = shown_state(load_state(run_dir), run_dir)
    mission_id = state.mission_id or run_dir.name
    try:
        task_doc = loads_stored(read_stored(run_dir / "task.json"))
    except (OSError, ValueError):
        task_doc = {}
    flt = JournalFilter(mission=mission_id)
    page = query(runtime_dir, flt, None, use_index=use_index)
    cost = cost_summary(runtime_dir, ["phase", "adapter", "token"], flt, use_index=use_index)
    phases = []
    for pid, st in state.phases.items():
        d = st.to_dict()
        phases.append({"phase": pid, **d})
    pipeline = state.pipeline or task_doc.get("pipeline")
    return {
        "mission_id": mission_id,
        "run_dir": str(run_dir),
        "pipeline": pipeline_name(pipeline),
        "pipeline_path": pipeline,
        "status": state.status,
        "exit_code": state.exit_code,
        "reason": state.reason,
        "started_at": state.started_at,
        "finished_at": state.finished_at,
        "request": {
            "query": task_doc.get("query"),
            "inputs": task_doc.get("inputs") or {},
            "input_sources": task_doc.get("input_sources") or {},
            "max_cost": task_doc.get("max_cost"),
        },
        "task": task_doc.get("task"),
        "runs": _runs_history(run_dir),
        "phases": phases,
        "artifacts": _artifacts(run_dir),
        "journal": {"count": len(page.entries), "entries": [e.to_dict() for e in page.entries],
                    "torn": [t.to_dict() for t in page.torn], "files": page.files,
                    "source": page.source},
        "cost": cost.to_dict(),
        "reports": {name: (run_dir / name).stat().st_size
                    for name in REPORT_FILES if (run_dir / name).is_file()},
    }


# --- Markdown ---------------------------------------------------------------------------


def _cell(v: Any) -> str:
    if v is None or v == "":
        return "-"
    if isinstance(v, float):
        v = f"{v:.4f}".rstrip("0").rstrip(".") if v else "0"
    elif isinstance(v, (dict, list)):
        v = json.dumps(v, ensure_ascii=False, default=str)
    return str(v).replace("|", "\\|").replace("\n", " ")


def _table(head: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows]
    return out


def summary_and_usd(entry: dict[str, Any]) -> tuple[dict[str, Any], float | None]:
    """A journal line's response summary (empty when it is none) and cost in USD (None
    when it gives none; :func:`~scout.providers.spend.usd_of`): the journal is a file any
    process can append to, and a field of the wrong type stopped ``scout journal`` and
    ``scout audit`` with an internal error."""
    summary = entry.get("response_summary")
    cost = entry.get("cost")
    usd = usd_of(entry) if isinstance(cost, dict) and "usd" in cost else None
    return (summary if isinstance(summary, dict) else {}), usd


def request_text(entry: dict[str, Any]) -> str:
    """A short human summary of a journaled request (query, URL, video id, keywords)."""
    req = entry.get("request")
    if not isinstance(req, dict):
        return ""
    for key in ("query", "url", "video_id"):
        if isinstance(req.get(key), str):
            return req[key]
    q = req.get("question")
    if isinstance(q, dict) and isinstance(q.get("keywords"), list):
        return "keywords: " + " ".join(map(str, q["keywords"][:8]))
    return str(req.get("type") or "")


def in_doubt_line(doubt: dict[str, Any]) -> str:
    return (f"- **in doubt**: {doubt['calls']} paid request(s) were sent with no answer "
            f"recorded (the process stopped while they were in flight); they may have been "
            f"billed, up to about ${doubt['usd_estimate']:.4f}, not counted above")


def render_markdown(t: dict[str, Any]) -> str:
    lines = [f"# Audit trail: {t['mission_id']}", ""]
    lines += [f"- pipeline: {t['pipeline'] or '-'} ({t['pipeline_path'] or '-'})",
              f"- status: **{t['status']}**" + (f" (exit {t['exit_code']})"
                                                 if t["exit_code"] is not None else ""),
              f"- started {t['started_at'] or '-'}, finished {t['finished_at'] or '-'}",
              f"- cost (journal): ${t['cost']['total']['usd']:.4f} over "
              f"{t['cost']['total']['calls']} journal line(s)",
              f"- run dir: {t['run_dir']}"]
    doubt = t["cost"].get("in_doubt") or {}
    if doubt.get("calls"):
        lines.append(in_doubt_line(doubt))
    if t.get("reason"):
        lines.append(f"- reason: {t['reason']}")
    req = t["request"]
    lines += ["", "## Request", "", f"- query: {req['query'] or '-'}",
              f"- max_cost: {req['max_cost'] if req['max_cost'] is not None else '-'}"]
    for k, v in req["inputs"].items():
        lines.append(f"- input {k} = {_cell(v)} (from {req['input_sources'].get(k, '?')})")
    task = t.get("task") or {}
    if task.get("values"):
        lines += ["", "### Parsed task", ""]
        lines += _table(["field", "value", "source"],
                        [[k, v, (task.get("sources") or {}).get(k)]
                         for k, v in task["values"].items()])
    lines += ["", "## Runs", ""]
    lines += _table(["run", "started", "finished", "duration s", "status", "exit", "reason"],
                    [[r["run"], r["started_at"], r["finished_at"], r["duration_s"], r["status"],
                      r["exit_code"], r["reason"]] for r in t["runs"]])
    lines += ["", "## Phases", ""]
    lines += _table(["phase", "status", "attempts", "started", "duration s", "answered by",
                     "items", "cost $", "fingerprint", "reason"],
                    [[p["phase"], p["status"], p["attempts"], p["started_at"], p["duration_s"],
                      ", ".join(f"{a} x{n}" for a, n in p["answered_by"].items()),
                      f"{p['items']['ok']}/{p['items']['total']}" if p["items"] else None,
                      p["cost_usd"], (p["fingerprint"] or "")[:16],
                      p["reason"] or ((p["error"] or {}).get("message"))]
                     for p in t["phases"]])
    lines += ["", "## Artifacts", ""]
    lines += _table(["name", "schema", "producer", "hash", "verified", "bytes", "written"],
                    [[a["name"], a.get("schema"), a.get("producer"), a.get("hash"),
                      "yes" if a.get("verified") else "NO", a.get("bytes"), a.get("written_at")]
                     for a in t["artifacts"]])
    j = t["journal"]
    lines += ["", f"## Journal ({j['count']} line(s))", ""]
    rows = []
    for e in j["entries"]:
        rs, usd = summary_and_usd(e)
        rows.append([e["id"], e.get("ts"), e.get("phase"), e.get("adapter"), e.get("token_name"),
                     e.get("result"), rs.get("status"), rs.get("items"), rs.get("duration_ms"),
                     usd, request_text(e)])
    lines += _table(["id", "ts", "phase", "adapter", "token", "result", "status", "items", "ms",
                     "$", "request"], rows)
    for torn in j["torn"]:
        where = f"{torn['file']}:{torn['line']}" if torn["line"] else f"{torn['file']} (end)"
        lines.append(f"\n> torn journal line skipped at {where}")
    c = t["cost"]
    lines += ["", "## Cost", ""]
    if doubt.get("calls"):
        lines += [in_doubt_line(doubt), ""]
        lines += _table(["ts", "phase", "adapter", "token", "call", "estimate $"],
                        [[d["ts"], d["phase"], d["adapter"], d["token_name"], d["call"],
                          d["estimate_usd"]] for d in doubt["lines"]])
        lines.append("")
    for by in ("phase", "adapter", "token"):
        lines += [f"### By {by}", ""]
        lines += _table([by, "calls", "ok", "failed", "cache hits", "$"],
                        [[r["key"], r["calls"], r["ok"], r["failed"], r["cache_hits"],
                          f"{r['usd']:.4f}"] for r in c[f"by_{by}"]])
        lines.append("")
    if t["reports"]:
        lines += ["## Reports", ""] + [f"- {n} ({size} bytes)" for n, size in t["reports"].items()]
    return "\n".join(lines).rstrip() + "\n"
