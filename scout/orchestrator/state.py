"""The state of a mission: nine phase statuses, per-phase records, and the fold that
builds them from the state log.

The state log (``state.log.jsonl``, see ``state_store.py``) is the source of truth:
every change is one record. :func:`apply_record` folds a record into a
:class:`MissionState`; the live run, ``phase.json`` snapshots and every reader use this
one function, so a state rebuilt from the log after a crash is exactly the state the run
had when it wrote its last record.

Record shapes (every record also has ``seq`` and ``ts``)::

    {"ev": "mission", "status": "running", "run": 3, "pid": 1234, "pipeline": "..."}
    {"ev": "mission", "status": "stopped_budget", "exit_code": 4, "reason": "...",
     "stop_code": "RUN008"}
    {"ev": "phase", "phase": "F2", "status": "running", "attempt": 1, "fp": "...",
     "fp_parts": {...}, "items_total": 20, "items_reused": 5}
    {"ev": "phase", "phase": "F2", "status": "succeeded", "outputs": {"reviews": "..."},
     "answered_by": {"duckduckgo": 20}, "cost_usd": 0.0}
    {"ev": "item", "phase": "F2", "fp": "...", "i": 7, "ok": true, "v": ..., "schema": "json"}
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class PhaseStatus(str, Enum):
    """Exactly nine values (DESIGN.md §3)."""

    PENDING = "pending"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    SUCCEEDED_PARTIAL = "succeeded_partial"
    FAILED_RETRYABLE = "failed_retryable"
    FAILED_TERMINAL = "failed_terminal"
    SKIPPED = "skipped"
    BLOCKED_MISSING_INPUT = "blocked_missing_input"
    STALE = "stale"

    def __str__(self) -> str:
        return self.value


#: Statuses whose outputs downstream phases may use.
DONE_OK = frozenset({PhaseStatus.SUCCEEDED.value, PhaseStatus.SUCCEEDED_PARTIAL.value})
#: Statuses that end an attempt (``finished_at`` is set).
FINISHED = frozenset({
    "succeeded", "succeeded_partial", "failed_retryable", "failed_terminal", "skipped",
    "blocked_missing_input",
})
#: At most this many item errors are kept in the state (all are in the log and the count).
MAX_ITEM_ERRORS = 50


def _parse_ts(ts: str | None) -> dt.datetime | None:
    if not ts:
        return None
    try:
        return dt.datetime.fromisoformat(ts)
    except ValueError:
        return None


@dataclass
class ItemsState:
    total: int = 0
    ok: int = 0
    failed: int = 0
    errors: dict[str, str] = field(default_factory=dict)  # item index (as text) -> message

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "ok": self.ok, "failed": self.failed,
                "errors": dict(self.errors)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ItemsState":
        return cls(int(d.get("total", 0)), int(d.get("ok", 0)), int(d.get("failed", 0)),
                   {str(k): str(v) for k, v in (d.get("errors") or {}).items()})


@dataclass
class PhaseState:
    status: str = PhaseStatus.PENDING.value
    attempts: int = 0
    reason: str | None = None
    error: dict[str, Any] | None = None  # {code, message, kind, retryable}
    started_at: str | None = None
    finished_at: str | None = None
    duration_s: float | None = None
    fingerprint: str | None = None
    fp_parts: dict[str, Any] | None = None
    outputs: dict[str, str] = field(default_factory=dict)  # artifact name -> content hash
    answered_by: dict[str, int] = field(default_factory=dict)  # adapter -> answers
    cost_usd: float = 0.0
    items: ItemsState | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "attempts": self.attempts,
            "reason": self.reason,
            "error": self.error,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "duration_s": self.duration_s,
            "fingerprint": self.fingerprint,
            "fp_parts": self.fp_parts,
            "outputs": dict(self.outputs),
            "answered_by": dict(self.answered_by),
            "cost_usd": self.cost_usd,
            "items": self.items.to_dict() if self.items else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "PhaseState":
        items = d.get("items")
        return cls(
            status=d.get("status", "pending"),
            attempts=int(d.get("attempts", 0)),
            reason=d.get("reason"),
            error=d.get("error"),
            started_at=d.get("started_at"),
            finished_at=d.get("finished_at"),
            duration_s=d.get("duration_s"),
            fingerprint=d.get("fingerprint"),
            fp_parts=d.get("fp_parts"),
            outputs=dict(d.get("outputs") or {}),
            answered_by=dict(d.get("answered_by") or {}),
            cost_usd=float(d.get("cost_usd") or 0.0),
            items=ItemsState.from_dict(items) if items else None,
        )


@dataclass
class MissionState:
    mission_id: str = ""
    status: str = "new"
    runs: int = 0
    pid: int | None = None
    pipeline: str | None = None
    started_at: str | None = None
    finished_at: str | None = None
    exit_code: int | None = None
    reason: str | None = None
    #: which error stopped a ``stopped_budget`` mission (RUN004 its own cap, RUN008 its
    #: batch's); None otherwise, and in logs written before the field existed
    stop_code: str | None = None
    seq: int = 0
    phases: dict[str, PhaseState] = field(default_factory=dict)

    def phase(self, pid: str) -> PhaseState:
        st = self.phases.get(pid)
        if st is None:
            st = self.phases[pid] = PhaseState()
        return st

    def to_dict(self) -> dict[str, Any]:
        return {
            "mission_id": self.mission_id,
            "status": self.status,
            "runs": self.runs,
            "pid": self.pid,
            "pipeline": self.pipeline,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "exit_code": self.exit_code,
            "reason": self.reason,
            "stop_code": self.stop_code,
            "seq": self.seq,
            "phases": {pid: st.to_dict() for pid, st in self.phases.items()},
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "MissionState":
        return cls(
            mission_id=d.get("mission_id", ""),
            status=d.get("status", "new"),
            runs=int(d.get("runs", 0)),
            pid=d.get("pid"),
            pipeline=d.get("pipeline"),
            started_at=d.get("started_at"),
            finished_at=d.get("finished_at"),
            exit_code=d.get("exit_code"),
            reason=d.get("reason"),
            stop_code=_code(d.get("stop_code")),
            seq=int(d.get("seq", 0)),
            phases={pid: PhaseState.from_dict(p) for pid, p in (d.get("phases") or {}).items()},
        )


def apply_record(state: MissionState, rec: dict[str, Any]) -> None:
    """Fold one log record into ``state`` (the only place state changes)."""
    state.seq = max(state.seq, int(rec.get("seq", 0)))
    ev = rec.get("ev")
    ts = rec.get("ts")
    if ev == "item":
        st = state.phases.get(rec.get("phase", ""))
        if st is None or st.items is None or st.fingerprint != rec.get("fp"):
            return  # an item of an older attempt with other inputs: not part of the state
        key = str(rec.get("i"))
        # everything read before any change: a malformed record changes nothing
        cost = float(rec.get("cost") or 0.0)
        by = rec.get("by")
        err = rec.get("e") or {}
        message = str(err.get("message", err) if isinstance(err, dict) else err)
        if rec.get("ok"):
            st.items.ok += 1
            st.items.errors.pop(key, None)
        else:
            st.items.failed += 1
            if len(st.items.errors) < MAX_ITEM_ERRORS:
                st.items.errors[key] = message
        if isinstance(by, str) and by:
            st.answered_by[by] = st.answered_by.get(by, 0) + 1
        st.cost_usd += cost
        return
    if ev == "phase":
        _apply_phase(state.phase(rec["phase"]), rec, ts)
        return
    if ev == "mission":
        status = rec.get("status", state.status)
        if not isinstance(status, str):
            raise TypeError("a mission record's status is not a string")
        state.status = status
        for key in ("pid", "pipeline", "reason", "exit_code"):
            if key in rec:
                setattr(state, key, rec[key])
        if "mission_id" in rec:
            state.mission_id = rec["mission_id"]
        # every record says its own stop (an end without one, or an older log: None)
        state.stop_code = _code(rec.get("stop_code"))
        if status == "running":
            state.runs += 1
            state.started_at = ts
            state.finished_at = None
            state.exit_code = None
            state.reason = rec.get("reason")
        else:
            state.finished_at = ts


def _code(value: Any) -> str | None:
    """An error code read from disk (``RUN008``), or None when it is not one."""
    if isinstance(value, str) and 4 <= len(value) <= 12 and value.isascii() \
            and value.isalnum():
        return value
    return None


#: what a malformed record or snapshot (hand-edited, damaged, written by something else)
#: raises while being folded: it is skipped like a torn line, never a crash
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, OverflowError)


#: fields a record read from disk must have with these types, when it has them at all:
#: checked before folding, since ``apply_record`` keys state by them (a phase id of 5
#: would become a phase of its own before the record's other faults are found)
#: would become a phase of its own before the record's other faults are found); the
#: mission's pipeline, reason, exit code and times are shown by every reader (an exit
#: code of text made `scout status`, the API's state and every listing fail)
_NONE = type(None)
_TYPED_FIELDS: tuple[tuple[str, type | tuple[type, ...]], ...] = (
    ("seq", int), ("ev", str), ("phase", str), ("mission_id", str), ("pid", (int, _NONE)),
    ("pipeline", (str, _NONE)), ("reason", (str, _NONE)), ("exit_code", (int, _NONE)),
    ("ts", (str, _NONE)))


_PHASE_STATUSES = frozenset(s.value for s in PhaseStatus)


def fold_read_record(state: MissionState, rec: dict[str, Any]) -> bool:
    """Fold a record read from disk (untrusted); False when it is malformed and skipped."""
    for key, kind in _TYPED_FIELDS:
        if key in rec and (not isinstance(rec[key], kind) or isinstance(rec[key], bool)):
            return False
    status = rec.get("status")
    if rec.get("ev") == "phase" and not (isinstance(status, str) and status in _PHASE_STATUSES):
        return False  # one of the nine, or a 20 MB "status" reaches every table
    try:
        apply_record(state, rec)
    except MALFORMED:
        return False
    return True


def _apply_phase(st: PhaseState, rec: dict[str, Any], ts: str | None) -> None:
    status = rec["status"]
    if not isinstance(status, str):
        raise TypeError("a phase record's status is not a string")
    st.status = status
    if "attempt" in rec:
        st.attempts = int(rec["attempt"])
    st.reason = rec.get("reason")
    if status == "running":
        st.error = None
        st.started_at = ts
        st.finished_at = None
        st.duration_s = None
        st.answered_by = {}
        st.cost_usd = 0.0
        if "fp" in rec:
            st.fingerprint = rec["fp"]
            st.fp_parts = rec.get("fp_parts")
        if rec.get("items_total") is not None:
            st.items = ItemsState(total=int(rec["items_total"]), ok=int(rec.get("items_reused", 0)))
        else:
            st.items = None
        return
    if "error" in rec:
        st.error = rec["error"]
    if "outputs" in rec:
        st.outputs = dict(rec["outputs"])
    if "answered_by" in rec:
        st.answered_by = dict(rec["answered_by"])
    if "cost_usd" in rec:
        st.cost_usd = float(rec["cost_usd"])
    if "fp" in rec:
        st.fingerprint = rec["fp"]
        st.fp_parts = rec.get("fp_parts")
    if status in FINISHED:
        st.finished_at = ts
        start, end = _parse_ts(st.started_at), _parse_ts(ts)
        st.duration_s = round((end - start).total_seconds(), 6) if start and end and \
            status not in ("skipped", "blocked_missing_input") else None
    if status in ("skipped", "blocked_missing_input", "pending"):
        st.outputs = {}
