"""The missions under a runs dir: id, pipeline, status, start, duration, cost.

A run dir is any folder under the runs dir whose name is a valid mission id and that
holds ``phase.json`` or ``state.log.jsonl``; anything else is ignored (never followed).
Status and times come from the mission state (snapshot + log tail, consistent while a run
writes). A state that says ``running`` while its process is gone is shown as
``interrupted``, and so is a phase still ``running`` in a mission nothing runs any more
(:func:`shown_state`). Cost is what the journal recorded for the mission id over every apply
(one grouped query on the index).
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.errors import ScoutError
from scout.fsutil import loads_stored, pid_alive, read_stored
from scout.orchestrator.locks import apply_alive
from scout.orchestrator.state import DONE_OK, MissionState
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME, load_state
from scout.paths import MISSION_ID_RE


class RunRow(BaseModel):
    """One mission as `scout runs`, the dashboard, the HTTP API (``GET /api/missions``,
    whose response model this is) and the MCP server list it."""

    model_config = ConfigDict(extra="forbid")

    mission_id: str
    pipeline: str | None
    pipeline_path: str | None
    status: str
    runs: int
    started_at: str | None
    finished_at: str | None
    duration_s: float | None
    cost_usd: float
    exit_code: int | None
    reason: str | None
    phases: dict[str, int] = Field(default_factory=dict)  # status -> count
    #: which budget stopped a ``stopped_budget`` mission: RUN004 its own, RUN008 a batch's
    stop_code: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump()


def _parse(ts: str | None) -> dt.datetime | None:
    if not ts:
        return None
    try:
        return dt.datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return None


def duration(start: str | None, end: str | None) -> float | None:
    a, b = _parse(start), _parse(end)
    return round((b - a).total_seconds(), 3) if a and b else None


@lru_cache(maxsize=128)
def _pipeline_name(path: str, mtime_ns: int) -> str | None:
    try:
        doc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return None
    name = doc.get("name") if isinstance(doc, dict) else None
    return name if isinstance(name, str) else None


def pipeline_name(path: str | None) -> str | None:
    """The pipeline's ``name:`` (its file stem when the file is gone or unreadable)."""
    if not path:
        return None
    p = Path(path)
    try:
        return _pipeline_name(str(p), p.stat().st_mtime_ns) or p.stem
    except OSError:
        return p.stem


def effective_status(state: MissionState, run_dir: Path | None = None) -> str:
    """``running`` only while an apply is alive; a run whose process is gone (Ctrl-C, a
    kill, a crash, a reboot) is ``interrupted``. With ``run_dir``, liveness is the lock's
    heartbeat and pid (:func:`apply_alive`); without it, the state's pid."""
    if state.status != "running":
        return state.status
    alive = apply_alive(run_dir) if run_dir is not None else (
        state.pid is not None and pid_alive(state.pid))
    return "running" if alive else "interrupted"


#: why a mission reads ``interrupted`` when its state says ``running`` and no apply holds
#: it: nothing was written at its end (SIGKILL, a crash, a reboot)
GONE_REASON = "its process is gone (killed or crashed before it could record its end)"
#: what a phase that was running when its mission stopped reads as
PHASE_INTERRUPTED = "interrupted"


def shown_state(state: MissionState, run_dir: Path | None = None) -> MissionState:
    """``state`` as a person reads it, changed in place and returned: the mission's
    :func:`effective_status`, and, once no apply runs it (Ctrl-C, a stop, a kill), each
    phase its log leaves ``running`` reads ``interrupted``: nothing runs it any more. A
    run whose process is gone without recording its end says so in its reason."""
    shown = effective_status(state, run_dir)
    if shown != state.status:  # "running" on disk, nobody alive: a kill or a crash
        state.status, state.reason = shown, state.reason or GONE_REASON
    if shown != "running":
        for st in state.phases.values():
            if st.status == "running":
                st.status = PHASE_INTERRUPTED
    return state


def resume_command(state: MissionState, run_dir: Path | None = None) -> tuple[str, bool]:
    """The ``scout apply`` command that resumes the mission as it was started, and whether
    it is complete. With ``run_dir``, it is read from ``task.json``: the file applied (an
    absolute path), for a pipeline its ``--query`` and ``--mission-id``, then the options
    it was started with (``apply_args``: ``--replay``, ``--config``, ``--set``...). A run
    dir written before those were kept names the file as given and may lack options
    (False: the caller says so)."""
    import shlex

    doc: Any = None
    if run_dir is not None:
        try:
            doc = loads_stored(read_stored(run_dir / "task.json"))
        except (OSError, ValueError):
            doc = None
    doc = doc if isinstance(doc, dict) else {}
    mission_file, query = doc.get("mission_file"), doc.get("query")
    applied, args = doc.get("apply_file"), doc.get("apply_args")
    complete = isinstance(args, list) and all(isinstance(a, str) for a in args) \
        and isinstance(applied, str) and bool(applied)
    is_mission = isinstance(mission_file, str) and bool(mission_file)
    if complete:
        file = applied
    else:
        file = mission_file if is_mission else (state.pipeline or "PIPELINE")
    cmd = ["scout", "apply", file]
    if not is_mission:
        if isinstance(query, str) and query:
            cmd += ["--query", query]
        cmd += ["--mission-id", state.mission_id or (run_dir.name if run_dir else "ID")]
    if complete:
        cmd += args
    sources = doc.get("input_sources")
    missing_sets = not complete and isinstance(sources, dict) and "set" in sources.values()
    return shlex.join(cmd), not missing_sets


def resume_hint(state: MissionState, run_dir: Path | None = None, lang: str = "en") -> str:
    """How to resume an interrupted mission (finished phases are reused), in ``lang``:
    :func:`resume_command` said in a sentence."""
    from scout.i18n import translations

    command, complete = resume_command(state, run_dir)
    tr = translations(lang)
    said = tr.pgettext("console", "resume it as it was started: {command} (finished phases "
                                  "are reused, the rest run again)") if complete else \
        tr.pgettext("console", "resume it with the same command and its --set options, e.g. "
                               "{command} (finished phases are reused, the rest run again)")
    return said.format(command=command)


def is_run_dir(path: Path) -> bool:
    return (path.is_dir() and not path.is_symlink() and bool(MISSION_ID_RE.match(path.name))
            and ((path / SNAPSHOT_NAME).exists() or (path / LOG_NAME).exists()))


def run_row(run_dir: Path, state: MissionState, cost: float = 0.0) -> RunRow:
    state = shown_state(state, run_dir)
    counts: dict[str, int] = {}
    for st in state.phases.values():
        counts[st.status] = counts.get(st.status, 0) + 1
    pipeline = state.pipeline
    if pipeline is None:
        try:
            pipeline = loads_stored(read_stored(run_dir / "task.json")).get("pipeline")
        except (OSError, ValueError, AttributeError):
            pipeline = None
    return RunRow(
        mission_id=state.mission_id or run_dir.name, pipeline=pipeline_name(pipeline),
        pipeline_path=pipeline, status=state.status, runs=state.runs,
        started_at=state.started_at, finished_at=state.finished_at,
        duration_s=duration(state.started_at, state.finished_at), cost_usd=round(cost, 6),
        exit_code=state.exit_code, reason=state.reason, phases=counts,
        stop_code=state.stop_code)


def list_runs(runs_dir: str | Path, runtime_dir: str | Path | None = None, *,
              use_index: bool = True) -> list[RunRow]:
    """Every mission under ``runs_dir``, newest start first."""
    runs_dir = Path(runs_dir)
    if not runs_dir.is_dir():
        return []
    costs: dict[str | None, float] = {}
    if runtime_dir is not None and Path(runtime_dir).is_dir():
        summary = cost_summary(runtime_dir, ["mission"], JournalFilter(), use_index=use_index)
        costs = {r.key: r.usd for r in summary.groups["mission"]}
    rows = []
    for child in sorted(runs_dir.iterdir()):
        if not is_run_dir(child):
            continue
        try:
            state = load_state(child)
        except (OSError, ValueError, ScoutError):
            continue
        rows.append(run_row(child, state, costs.get(state.mission_id or child.name, 0.0)))
    rows.sort(key=lambda r: r.started_at or "", reverse=True)
    return rows


def phase_summary(counts: dict[str, int]) -> str:
    """'8 ok, 1 failed_terminal, 1 blocked_missing_input' for a table cell."""
    ok = sum(n for s, n in counts.items() if s in DONE_OK)
    rest = [f"{n} {s}" for s, n in sorted(counts.items()) if s not in DONE_OK]
    return ", ".join(([f"{ok} ok"] if ok else []) + rest)
