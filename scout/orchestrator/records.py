"""State-log records and events of a run, built in one place.

Every line the scheduler writes to the state log (``state_store.py``) and every event it
emits on the bus (``events.py``) is built here, so the shape of a record lives next to
the event that reports it. :class:`RunLog` writes both; typed records
(:class:`PhaseRecord`, :class:`ItemRecord`, :class:`MissionRecord`) say which keys a
line may carry (``state.py`` folds them back into a ``MissionState``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scout.i18n import N_
from scout.orchestrator import events as E
from scout.orchestrator.state import MissionState, PhaseStatus

S = PhaseStatus


@dataclass(frozen=True)
class PhaseRecord:
    """``{"ev": "phase", ...}``: a phase's status changed."""

    phase: str
    status: str
    attempt: int | None = None
    reason: str | None = None
    error: dict[str, Any] | None = None
    fp: str | None = None
    fp_parts: dict[str, Any] | None = None
    items_total: int | None = None
    items_reused: int | None = None
    #: a success: artifact name -> content hash, who answered, what it cost
    outputs: dict[str, str] | None = None
    answered_by: dict[str, int] | None = None
    cost_usd: float | None = None

    def to_dict(self) -> dict[str, Any]:
        rec: dict[str, Any] = {"ev": "phase", "phase": self.phase, "status": self.status}
        for key in ("attempt", "fp", "fp_parts", "items_total", "items_reused", "outputs",
                    "answered_by", "cost_usd", "error", "reason"):
            value = getattr(self, key)
            if value is not None:
                rec[key] = value
        return rec


@dataclass(frozen=True)
class ItemRecord:
    """``{"ev": "item", ...}``: one fan-out item finished (its value travels as raw ``v``)."""

    phase: str
    fp: str
    index: int
    ok: bool
    schema: dict[str, str] | None = None
    error: dict[str, Any] | None = None
    answered_by: str | None = None
    cost: float | None = None

    def to_dict(self) -> dict[str, Any]:
        rec: dict[str, Any] = {"ev": "item", "phase": self.phase, "fp": self.fp,
                               "i": self.index, "ok": self.ok}
        if self.schema is not None:
            rec["schema"] = self.schema
        if self.error is not None:
            rec["e"] = self.error
        if self.answered_by:
            rec["by"] = self.answered_by
        if self.cost:
            rec["cost"] = round(self.cost, 6)
        return rec


@dataclass(frozen=True)
class MissionRecord:
    """``{"ev": "mission", ...}``: the mission started, finished or was interrupted."""

    status: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"ev": "mission", "status": self.status, **dict(self.fields)}

    @classmethod
    def ended(cls, status: str, exit_code: int, reason: str | None,
              stop_code: str | None = None) -> "MissionRecord":
        """The mission's final record; ``stop_code`` (RUN004 / RUN008: which budget cap
        stopped it) only on a ``stopped_budget`` end, so other ends read as before."""
        fields: dict[str, Any] = {"exit_code": exit_code, "reason": reason}
        if stop_code is not None:
            fields["stop_code"] = stop_code
        return cls(status, fields)


class RunLog:
    """Writes the scheduler's records and emits its events (both built here).

    ``store`` is None when planning: nothing is written then, and nothing emitted is
    seen by anyone but the planner's own bus.
    """

    def __init__(self, store: Any, bus: E.EventBus, state: MissionState) -> None:
        self.store = store
        self.bus = bus
        self.state = state

    def append(self, rec: PhaseRecord | ItemRecord | MissionRecord,
               raw: dict[str, str] | None = None) -> None:
        self.store.append(rec.to_dict(), raw=raw)

    # --- phase lifecycle ----------------------------------------------------------------

    def started(self, pid: str, attempt: int, fp: Any, uses: str,
                items_total: int | None = None, items_reused: int = 0) -> None:
        self.append(PhaseRecord(pid, S.RUNNING.value, attempt=attempt, fp=fp.value,
                                fp_parts=fp.parts, items_total=items_total,
                                items_reused=items_reused if items_total is not None else None))
        self.bus.emit(E.PhaseStarted(pid, attempt, uses, items_total, items_reused))

    def succeeded(self, pid: str, status: str, attempt: int, outputs: dict[str, str],
                  answered: Mapping[str, int], cost: float, reason: str | None) -> PhaseRecord:
        """The success record (written by the caller, inline or after the files)."""
        return PhaseRecord(pid, status, attempt=attempt, outputs=outputs,
                           answered_by=dict(answered), cost_usd=round(cost, 6),
                           reason=reason or None)

    def retrying(self, pid: str, attempt: int, error: dict[str, Any], reason: str,
                 delay: float, message: str) -> None:
        self.append(PhaseRecord(pid, S.FAILED_RETRYABLE.value, attempt=attempt, error=error,
                                reason=reason))
        self.bus.emit(E.PhaseRetried(pid, attempt, delay, message))

    def terminal(self, pid: str, attempt: int, error: dict[str, Any], reason: str) -> None:
        self.append(PhaseRecord(pid, S.FAILED_TERMINAL.value, attempt=attempt, error=error,
                                reason=reason))

    def stopped(self, pid: str, attempt: int, reason: str) -> None:
        self.append(PhaseRecord(pid, S.FAILED_RETRYABLE.value, attempt=attempt, reason=reason))

    def status(self, pid: str, status: str, reason: str, *, always: bool = True) -> None:
        """stale / skipped / blocked / pending; with ``always=False`` recorded only when it
        differs from what the state already says (a resume repeats no line)."""
        prev = self.state.phases.get(pid)
        if always or prev is None or prev.status != status or prev.reason != reason:
            self.append(PhaseRecord(pid, status, reason=reason))
        self.bus.emit(E.PhaseStatusChanged(pid, status, reason))

    def reused(self, pid: str, status: str, reason: str) -> None:
        self.bus.emit(E.PhaseReused(pid, status, reason))

    def finished(self, pid: str, status: str, *, attempt: int, duration_s: float,
                 reason: str | None, error: str | None, answered: tuple[str, ...],
                 cost: float, items_ok: int | None, items_failed: int | None) -> None:
        self.bus.emit(E.PhaseFinished(pid, status, attempt=attempt, duration_s=duration_s,
                                      reason=reason, error=error, answered_by=answered,
                                      cost_usd=cost, items_ok=items_ok,
                                      items_failed=items_failed))

    # --- items, notices -----------------------------------------------------------------

    def item_done(self, rec: ItemRecord, done: int, total: int, message: str | None) -> None:
        """The event of an item already appended (the worker appends it first)."""
        self.bus.emit(E.ItemDone(rec.phase, rec.index, rec.ok, done, total, message,
                                 rec.answered_by))

    def notice(self, text: str, *, level: str = "info", phase: str | None = None) -> None:
        self.bus.emit(E.Notice(text, level=level, phase=phase))

    # English msgids: mission.log keeps them so, the console says them in the request's language

    def stopping(self, reason: str, *, level: str) -> None:
        self.notice(N_("mission stopping: {reason}").format(reason=reason), level=level)

    def optional_failed(self, phase: str, message: str) -> None:
        self.notice(N_("optional phase failed, the mission goes on: {error}").format(
            error=message), level="warning", phase=phase)
