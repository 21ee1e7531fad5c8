"""How a mission ended: :class:`MissionResult`, :class:`MissionInterrupted`, and the
verdict that turns the scheduler's outcome into a mission status and an exit code
(DESIGN.md §3):

- 0 ``succeeded``, or ``succeeded_partial`` (an optional phase failed or was blocked,
  or a fan-out succeeded partially; the CLI warns);
- 1 ``failed`` (a required phase ended failed_terminal, blocked or not started);
- 4 ``stopped_budget`` (a step raised ``BudgetExceeded``; state saved, resumable; the
  result's and the final record's ``stop_code`` say which cap: RUN004 the mission's,
  RUN008 its batch's);
- Ctrl-C: the state is saved (``interrupted``) and :class:`MissionInterrupted` raised.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.errors import EXIT_BUDGET, EXIT_OK, EXIT_PHASE_FAILED
from scout.errors.interrupt import CTRL_C
from scout.i18n import N_
from scout.orchestrator.state import DONE_OK, MissionState, PhaseState
from scout.report.context import STATE_LABELS
from scout.spec.models import Phase, Pipeline

__all__ = ["MissionInterrupted", "MissionResult", "verdict"]


@dataclass
class MissionResult:
    mission_id: str
    run_dir: Path
    status: str  # succeeded | succeeded_partial | failed | stopped_budget
    exit_code: int
    phases: dict[str, PhaseState]
    reason: str | None = None
    report_path: Path | None = None
    warnings: list[str] = field(default_factory=list)
    #: adapter -> why it could not be reached (connection refused, no DNS), once each
    unreachable: dict[str, str] = field(default_factory=dict)
    #: the code of the error that stopped a ``stopped_budget`` mission: RUN004 (its own
    #: max_cost) or RUN008 (its batch's --max-cost); None for every other status
    stop_code: str | None = None
    #: the page a mission that stopped before its report wrote in report.md's place
    #: (what failed or stopped it, why, what to do); None when it finished or has none
    stopped_report: Path | None = None
    #: the request's language (the Task's, else as read before any phase): what
    #: ``scout apply`` says around the report is said in it; not in the JSON, whose
    #: words are codes
    lang: str = "en"

    def to_dict(self) -> dict[str, Any]:
        return {
            "mission_id": self.mission_id,
            "run_dir": str(self.run_dir),
            "status": self.status,
            "exit_code": self.exit_code,
            "reason": self.reason,
            "stop_code": self.stop_code,
            "report_path": str(self.report_path) if self.report_path else None,
            "stopped_report": str(self.stopped_report) if self.stopped_report else None,
            "warnings": list(self.warnings),
            "phases": {pid: st.to_dict() for pid, st in self.phases.items()},
        }


class MissionInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) stopped a mission; its state is saved and the next apply resumes it.

    Still a ``KeyboardInterrupt``, so every caller that stops on one still does (a batch,
    the API's users); it carries where the mission is, so ``scout apply`` can say it
    instead of a bare "aborted"."""

    def __init__(self, mission_id: str, run_dir: Path, report: Path | None,
                 lang: str = "en", reason: str = CTRL_C) -> None:
        super().__init__(f"mission {mission_id} interrupted")
        self.mission_id = mission_id
        self.run_dir = run_dir
        #: the page that says the mission was interrupted (None: not written)
        self.report = report
        #: the request's language, which ``scout apply`` says it in
        self.lang = lang
        #: who stopped it, as recorded: Ctrl-C or the system (scout.errors.interrupt)
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt with its own arguments when it crosses a process (a Dask worker)
        return (type(self), (self.mission_id, self.run_dir, self.report, self.lang,
                             self.reason))


#: a phase that did not succeed as the mission's reason and warnings name it: whole
#: msgids, so :func:`scout.i18n.messages.localize` says them in the request's language
#: ("F3 bloqueada por falta de entrada"); a state's words glued after an id are no
#: sentence the catalog knows, and stayed English in a Spanish request's ``apply``
IN_WORDS = {
    "failed_terminal": N_("{phase} failed (final)"),
    "failed_retryable": N_("{phase} failed (can be retried)"),
    "blocked_missing_input": N_("{phase} blocked (missing input)"),
}


def verdict(pipeline: Pipeline, order: Iterable[str], stop: str | None,
            stop_reason: str | None, state: MissionState
            ) -> tuple[str, int, str | None, list[str]]:
    """(status, exit code, reason, warnings) of a mission whose scheduler stopped with
    ``stop`` (None: ran out of work), its phases (in ``order``) as ``state`` has them."""
    warnings: list[str] = []
    if stop == "budget":
        return "stopped_budget", EXIT_BUDGET, stop_reason, warnings
    required_bad: list[str] = []
    optional_bad: list[str] = []
    partial: list[str] = []
    for pid in order:
        st = state.phases.get(pid)
        status = st.status if st else "pending"
        phase: Phase = pipeline.phases[pid]
        if status in DONE_OK or status == "skipped":
            if status == "succeeded_partial":
                partial.append(pid)
            continue
        # in words ("F3 blocked (missing input)"): the reason is read, not matched; the
        # state's name stays in the status fields and --json
        said = (IN_WORDS[status].format(phase=pid) if status in IN_WORDS
                else f"{pid} {STATE_LABELS.get(status, status)}")
        (optional_bad if phase.optional else required_bad).append(said)
    if stop == "failed" or required_bad:
        return "failed", EXIT_PHASE_FAILED, stop_reason or "; ".join(required_bad), warnings
    if optional_bad:
        # joined as reasons are ("; "), so each is said in the request's language too
        warnings.append(N_("optional phase(s) did not succeed: {phases}").format(
            phases="; ".join(optional_bad)))
    if partial:
        warnings.append(N_("partial results: {phases}").format(phases=", ".join(
            f"{pid} ({state.phases[pid].reason})" for pid in partial)))
    status = "succeeded_partial" if warnings else "succeeded"
    return status, EXIT_OK, None, warnings
