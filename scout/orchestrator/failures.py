"""Failures, retries, timeouts and stops: the part of the scheduler (``runner.py``) that
decides what a failed attempt means for the phase and for the mission."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scout.errors import PhaseTimeout
from scout.orchestrator import events as E
from scout.orchestrator.outcomes import Failure, backoff_delay, classify, should_retry
from scout.orchestrator.phase_run import PhaseRun
from scout.orchestrator.state import DONE_OK, PhaseStatus

if TYPE_CHECKING:
    from scout.orchestrator.runner import Runner

S = PhaseStatus


class FailureMixin:
    """Mixed into :class:`~scout.orchestrator.runner.Runner`."""

    def _failed(self: Runner, run: PhaseRun, failure: Failure) -> None:
        if failure.budget:
            self._stop_all("budget", f"budget cap reached: {failure.message}")
            self._record_stopped(run)
            return
        policy = self._policy(run.phase)
        if self._stop != "budget" and should_retry(failure, policy, run.attempt):
            delay = backoff_delay(policy, run.attempt, self.opt.rng, failure.retry_after)
            self.store.append({"ev": "phase", "phase": run.pid,
                               "status": S.FAILED_RETRYABLE.value, "attempt": run.attempt,
                               "error": failure.error,
                               "reason": f"attempt {run.attempt} of {policy.attempts} failed; "
                                         f"retrying in {delay:.2f}s"})
            self.bus.emit(E.PhaseRetried(run.pid, run.attempt, delay, failure.message))
            self._set(run, "retry")
            run.retry_at = self.clock() + delay
            return
        if failure.retryable and policy.on is not None and failure.kind not in policy.on:
            why = f"'{failure.kind}' is not in retry.on"
        elif failure.retryable:
            why = f"gave up after {run.attempt} attempt(s)"
        else:
            why = "not retryable"
        self._terminal(run, failure, why)

    def _terminal(self: Runner, run: PhaseRun, failure: Failure, why: str, *,
                  release: bool = True) -> None:
        self.store.append({"ev": "phase", "phase": run.pid, "status": S.FAILED_TERMINAL.value,
                           "attempt": run.attempt, "error": failure.error,
                           "reason": f"{why}: {failure.message}"})
        if run.state != "done":
            self._active.discard(run.pid)
        if run.phase.optional:
            self.bus.emit(E.Notice(f"optional phase failed, the mission goes on: "
                                   f"{failure.message}", level="warning", phase=run.pid))
        else:
            self._stop_all("failed", f"{run.pid} failed: {failure.message}")
        self._done(run, S.FAILED_TERMINAL.value, reason=why, error=failure.message,
                   release=release)

    def _record_stopped(self: Runner, run: PhaseRun) -> None:
        reason = f"stopped: {self._stop_reason}"
        self.store.append({"ev": "phase", "phase": run.pid, "status": S.FAILED_RETRYABLE.value,
                           "attempt": run.attempt, "reason": reason})
        self._done(run, S.FAILED_RETRYABLE.value, reason=reason)

    def _stop_all(self: Runner, kind: str, reason: str) -> None:
        if self._stop is None or (kind == "budget" and self._stop != "budget"):
            self._stop, self._stop_reason = kind, reason
            level = "error" if kind != "interrupted" else "warning"
            self.bus.emit(E.Notice(f"mission stopping: {reason}", level=level))
        if kind in ("budget", "interrupted"):
            self._stop_flag.set()
            for r in sorted(self._by_state["retry"], key=lambda r: r.index):
                self._record_stopped(r)

    def _check_deadlines(self) -> None:
        if not any(r.deadline is not None for r in self._by_state["running"]):
            return
        now = self.clock()
        for run in sorted(self._by_state["running"], key=lambda r: r.index):
            if run.deadline is None or now < run.deadline:
                continue
            run.deadline = None
            limit = run.phase.timeout or self.pipeline.defaults.timeout
            exc = PhaseTimeout(f"phase '{run.pid}' ran past its timeout of {limit:g}s")
            if run.items is not None:
                run.timed_out = True
                run.cancelled = True  # lanes stop after their current item
            else:
                run.token += 1  # abandon the attempt: its late answer is ignored
                run.cancelled = True
                self._failed(run, classify(exc))

    def _fire_retries(self) -> None:
        now = self.clock()
        if not self._by_state["retry"]:
            return
        for run in sorted(self._by_state["retry"], key=lambda r: r.index):
            if run.retry_at is not None and run.retry_at <= now:
                run.retry_at = None
                self._start(run)

    def _mark_unstarted(self) -> None:
        """After a stop: blocked (required input failed) or pending, with the reason."""
        for pid in self.order:
            run = self.runs[pid]
            if run.state == "done":
                continue
            prev = self.state.phases.get(pid)
            blocked = []
            for need in run.phase.need_names:
                src = self.producer.get(need)
                if src is None or run.phase.need_is_optional(need):
                    continue
                final = self.runs[src].final
                # a producer stopped by the budget or Ctrl-C (failed_retryable) will run
                # again on resume: its consumers are pending, not blocked
                if final in (S.FAILED_TERMINAL.value, S.SKIPPED.value,
                             S.BLOCKED_MISSING_INPUT.value):
                    blocked.append(f"needs '{need}' from {src}, which is {final}")
            if blocked:
                self._finish_quiet(run, S.BLOCKED_MISSING_INPUT.value, "; ".join(blocked))
                continue
            run.final = prev.status if prev is not None else S.PENDING.value
            self._set(run, "done")
            if prev is not None and prev.status in DONE_OK:
                continue  # a result from an earlier run stays until a run reaches it
            reason = f"not started: {self._stop_reason}"
            if prev is None or prev.status != S.PENDING.value or prev.reason != reason:
                self.store.append({"ev": "phase", "phase": pid, "status": S.PENDING.value,
                                   "reason": reason})
            run.final = S.PENDING.value
            self.bus.emit(E.PhaseStatusChanged(pid, S.PENDING.value, reason))
