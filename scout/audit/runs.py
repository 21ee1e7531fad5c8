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

import base64
import datetime as dt
import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from scout.audit.cost import cost_summary
from scout.audit.filters import JournalFilter
from scout.audit.index_progress import Progress
from scout.audit.runs_index import RunsIndex, entry_of
from scout.audit.runs_summary import RunsSummary, summarize
from scout.errors import UsageError
from scout.fsutil import loads_stored, pid_alive, read_stored
from scout.orchestrator.lockinfo import apply_alive
from scout.orchestrator.state import DONE_OK, MissionState
from scout.orchestrator.state_store import LOG_NAME, SNAPSHOT_NAME
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
    #: what is wrong with the mission's files (a damaged snapshot, a state that cannot be
    #: read, fields of the wrong types), None when nothing is: it is listed all the same
    problem: str | None = None

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
    """The row of a mission whose state was just read (``state`` as the run dir holds
    it; shown as a person reads it)."""
    entry = entry_of(run_dir, state, [])
    return _row(run_dir, entry, cost)


def _row(run_dir: Path, entry: dict[str, Any], cost: float) -> RunRow:
    """A row from a run dir's entry (:mod:`scout.audit.runs_index`), its liveness judged
    now: a ``running`` state whose apply is gone reads ``interrupted`` (its reason says
    why), and so do the phases it left ``running``."""
    status, reason, counts = entry["status"], entry["reason"], dict(entry["phases"])
    if status == "running":
        alive = apply_alive(run_dir)
        if not alive:
            status, reason = "interrupted", reason or GONE_REASON
    if status != "running" and counts.get("running"):
        counts[PHASE_INTERRUPTED] = counts.get(PHASE_INTERRUPTED, 0) + counts.pop("running")
    pipeline = entry["pipeline_path"]
    return RunRow(
        mission_id=entry["mission_id"], pipeline=pipeline_name(pipeline),
        pipeline_path=pipeline, status=status, runs=entry["runs"],
        started_at=entry["started_at"], finished_at=entry["finished_at"],
        duration_s=duration(entry["started_at"], entry["finished_at"]),
        cost_usd=round(cost, 6), exit_code=entry["exit_code"], reason=reason,
        phases=counts, stop_code=entry["stop_code"], problem=entry["problem"])


@dataclass
class RunsPage:
    """One page of the missions, newest start first: ``rows``; ``total`` missions in
    all; ``problems``, the ids of every mission (on this page or not) whose files are
    damaged or unreadable; ``next_cursor``, the cursor of the page after (None: the
    last page); ``read``, how many run dirs were read again (not in the cache)."""

    rows: list[RunRow]
    total: int
    problems: list[str] = field(default_factory=list)
    next_cursor: str | None = None
    read: int = 0
    #: every mission's totals (:mod:`scout.audit.runs_summary`), when asked for
    summary: RunsSummary | None = None


def _cursor(key: tuple[str, str]) -> str:
    return base64.urlsafe_b64encode(json.dumps(list(key)).encode()).decode().rstrip("=")


def read_cursor(cursor: str) -> tuple[str, str]:
    """The position a cursor of :func:`runs_page` names; USE001 for anything else."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        key = json.loads(raw)
        if isinstance(key, list) and len(key) == 2 and all(isinstance(k, str) for k in key):
            return key[0], key[1]
    except (ValueError, UnicodeDecodeError):
        pass
    raise UsageError("cursor: not a cursor this listing gave",
                     hint="pass the next_cursor of the previous page as it came, or "
                          "leave it out for the newest missions")


def _sort_ts(entry: dict[str, Any]) -> str:
    """When the mission started; for one whose state does not say (damaged, unreadable),
    when its files last changed, so it is listed among its night's missions, not last."""
    if entry["started_at"]:
        return str(entry["started_at"])
    changed = entry.get("changed_ns")
    if not isinstance(changed, int):
        return ""
    return dt.datetime.fromtimestamp(changed / 1e9, dt.timezone.utc).isoformat()


def runs_page(runs_dir: str | Path, runtime_dir: str | Path | None = None, *,
              limit: int | None = None, cursor: str | None = None,
              use_index: bool = True, summary: bool = False) -> RunsPage:
    """The missions under ``runs_dir``, newest start first (the mission id breaks ties),
    the first ``limit`` (None: all) after ``cursor`` (a page's ``next_cursor``): every
    mission is on exactly one page of a runs dir that does not change meanwhile (one
    started since lands before the first page, never twice). Each run dir's fields come
    from the runs cache while its files are unchanged (:mod:`scout.audit.runs_index`);
    rows are made, and costs looked up, for the page only; ``summary``: every mission's
    totals too (:class:`RunsSummary`)."""
    runs_dir = Path(runs_dir)
    after = read_cursor(cursor) if cursor is not None else None
    if not runs_dir.is_dir():  # no mission yet: totals of none, when asked for
        return RunsPage([], 0, summary=summarize([], runtime_dir, use_index)
                        if summary else None)
    cache = RunsIndex(runs_dir, use=use_index)
    keyed: list[tuple[tuple[str, str], Path, dict[str, Any]]] = []
    problems: list[str] = []
    with os.scandir(runs_dir) as children:
        # a folder named as a mission id, not a link (never followed): d_type, no stat
        names = sorted(c.name for c in children if MISSION_ID_RE.match(c.name)
                       and c.is_dir(follow_symlinks=False))
    # the cache's first build on a night's thousands of run dirs takes seconds: a
    # terminal is told how far it has got (scout.audit.index_progress)
    progress = Progress(cache.to_read(names), runs=True)
    for name in names:
        child = runs_dir / name
        read_before = cache.read
        entry = cache.entry(child)
        if cache.read > read_before:
            progress.advance(1)
        if entry is None:
            continue  # neither phase.json nor state.log.jsonl: not a run dir
        keyed.append(((_sort_ts(entry), entry["mission_id"]), child, entry))
        if entry["problem"]:
            problems.append(entry["mission_id"])
    progress.done()
    cache.save()
    keyed.sort(key=lambda k: k[0], reverse=True)
    start = 0 if after is None else next(
        (i for i, k in enumerate(keyed) if k[0] < after), len(keyed))
    end = len(keyed) if limit is None else min(len(keyed), start + limit)
    page = keyed[start:end]
    costs = _costs(runtime_dir, [e["mission_id"] for _, _, e in page], use_index) \
        if page else {}
    rows = [_row(child, entry, costs.get(entry["mission_id"], 0.0))
            for _, child, entry in page]
    next_cursor = _cursor(page[-1][0]) if page and end < len(keyed) else None
    totals = summarize([(child, entry) for _, child, entry in keyed], runtime_dir,
                       use_index) if summary else None
    return RunsPage(rows, len(keyed), problems, next_cursor, cache.read, totals)


#: a page of at most this many missions looks up only its own costs (an SQL ``IN``);
#: a bigger one sums every mission's in one pass
_COSTS_BY_ID = 500


def _costs(runtime_dir: str | Path | None, missions: list[str], use_index: bool
           ) -> dict[str | None, float]:
    """Each of ``missions``' journal cost (one grouped query on the journal index)."""
    if runtime_dir is None or not Path(runtime_dir).is_dir():
        return {}
    flt = JournalFilter(missions=tuple(missions) if len(missions) <= _COSTS_BY_ID else None)
    summary = cost_summary(runtime_dir, ["mission"], flt, use_index=use_index,
                           in_doubt=False)
    return {r.key: r.usd for r in summary.groups["mission"]}


def list_runs(runs_dir: str | Path, runtime_dir: str | Path | None = None, *,
              use_index: bool = True) -> list[RunRow]:
    """Every mission under ``runs_dir``, newest start first (:func:`runs_page`, one page
    of them all)."""
    return runs_page(runs_dir, runtime_dir, use_index=use_index).rows


def phase_summary(counts: dict[str, int]) -> str:
    """'8 ok, 1 failed_terminal, 1 blocked_missing_input' for a table cell."""
    ok = sum(n for s, n in counts.items() if s in DONE_OK)
    rest = [f"{n} {s}" for s, n in sorted(counts.items()) if s not in DONE_OK]
    return ", ".join(([f"{ok} ok"] if ok else []) + rest)
