"""The failure policy: what a failed attempt means for its phase and for the mission.

Pure functions of the failure, the phase's retry policy and the attempt number (the
random source for jitter is passed in), used by the scheduler (``runner.py``):

- :func:`after_failure` — retry (after which delay, with which reason) or give up (why);
- :func:`stops_mission` — a terminal failure of a required phase stops the mission;
- :func:`timeout_of` / :func:`timeout_error` — the phase's time limit and its error;
- :func:`fanout_failure` — a fan-out whose failed items exceed ``allow_partial``;
- :func:`unstarted` — what the phases that did not run become after a stop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from collections.abc import Mapping

from scout.errors import PhaseTimeout
from scout.i18n import N_, N_plural
from scout.orchestrator.decide import missing_needs
from scout.orchestrator.outcomes import Failure, backoff_delay, should_retry
from scout.orchestrator.phase_run import PhaseRun
from scout.orchestrator.state import DONE_OK, MissionState, PhaseStatus
from scout.spec.basics import MinSuccess, RetryPolicy
from scout.spec.models import Defaults, Phase

S = PhaseStatus


@dataclass(frozen=True)
class Verdict:
    retry: bool
    delay: float = 0.0
    #: the record's reason (a retry) or why the phase gave up (terminal)
    reason: str = ""


def retry_policy(phase: Phase, defaults: Defaults) -> RetryPolicy:
    return phase.retry or defaults.retry or RetryPolicy()


def after_failure(failure: Failure, policy: RetryPolicy, attempt: int, *,
                  stopping: bool, rng: random.Random) -> Verdict:
    """Retry or give up after attempt ``attempt`` failed; ``stopping``: the mission is
    stopping for its budget (nothing is retried then)."""
    if not stopping and should_retry(failure, policy, attempt):
        delay = backoff_delay(policy, attempt, rng, failure.retry_after)
        return Verdict(True, delay, f"attempt {attempt} of {policy.attempts} failed; "
                                    f"retrying in {delay:.2f}s")
    if failure.retryable and policy.on is not None and failure.kind not in policy.on:
        return Verdict(False, reason=N_("'{failure}' is not in retry.on").format(
            failure=failure.kind))
    if failure.retryable:
        return Verdict(False, reason=N_plural("gave up after {count} attempt",
                                              "gave up after {count} attempts",
                                              attempt).format(count=attempt))
    return Verdict(False, reason="not retryable")


def for_gateway(phase: Phase, defaults: Defaults) -> Phase:
    """The phase as its gateway sees it: ``call_retry`` inherited from ``defaults``."""
    if phase.call_retry is not None or defaults.call_retry is None:
        return phase
    return phase.model_copy(update={"call_retry": defaults.call_retry})


def stops_mission(phase: Phase) -> bool:
    """A terminal failure stops the mission unless the phase is ``optional``."""
    return not phase.optional


def stopped_by(pid: str, message: str) -> str:
    """Why a mission stopped: its phase ``pid`` failed. A msgid, so that ``scout status``
    and ``scout batch`` say it in the request's language; ``message``, the failure's own
    text (a page's, a provider's), is filled in as it came."""
    return N_("{phase} failed: {cause}").format(phase=pid, cause=message)


def timeout_of(phase: Phase, defaults: Defaults) -> float | None:
    return phase.timeout or defaults.timeout


def timeout_error(pid: str, limit: float | None) -> PhaseTimeout:
    return PhaseTimeout(f"phase '{pid}' ran past its timeout of {limit or 0:g}s")


def allowance(phase: Phase, defaults: Defaults) -> MinSuccess:
    return phase.allow_partial or defaults.allow_partial or MinSuccess(min_success=1.0)


def fanout_failure(total: int, n_failed: int, failures: list[Failure],
                   allow: MinSuccess) -> Failure | None:
    """The failure of a fan-out whose ``n_failed`` items are more than ``allow`` accepts,
    or None when the phase succeeds (perhaps partially). ``failures`` in item order."""
    ratio = (total - n_failed) / total if total else 1.0
    if not n_failed or (allow.min_success < 1.0 and ratio >= allow.min_success):
        return None
    retryable = [f for f in failures if f.retryable]
    first = failures[0] if failures else None
    message = (f"{n_failed} of {total} items failed (needs {allow.min_success:.0%} to "
               f"succeed)" + (f"; first: {first.message}" if first else ""))
    kind = retryable[0].kind if retryable else (first.kind if first else "step_error")
    return Failure(kind, bool(retryable),
                   {"code": "RUN001", "message": message, "kind": "items_failed",
                    "items_failed": n_failed, "items_total": total})


def partial_reason(total: int, n_failed: int, allow: MinSuccess) -> str:
    """Why a fan-out succeeded only in part, in words a report's reader follows (and
    localises: English forms alike, the Spanish verb agrees with ``count``)."""
    if allow.min_success:
        return N_plural("{count} of {total} items failed (at least {share} had to succeed)",
                        "{count} of {total} items failed (at least {share} had to succeed)",
                        n_failed).format(count=n_failed, total=total,
                                         share=f"{allow.min_success:.0%}")
    return N_plural("{count} of {total} items failed (the phase accepts partial results)",
                    "{count} of {total} items failed (the phase accepts partial results)",
                    n_failed).format(count=n_failed, total=total)


def unstarted(left: list[PhaseRun], runs: Mapping[str, PhaseRun], producer: Mapping[str, str],
              state: MissionState, stop_reason: str | None
              ) -> list[tuple[PhaseRun, str, str | None]]:
    """After a stop, for each run not done: (run, status, reason to record or None).

    Blocked when a required input's producer failed, was skipped or blocked; a producer
    stopped by the budget or Ctrl-C (failed_retryable) runs again on resume, so its
    consumers are pending. A result from an earlier run stays until a run reaches it.
    """
    gone = (S.FAILED_TERMINAL.value, S.SKIPPED.value, S.BLOCKED_MISSING_INPUT.value)
    out: list[tuple[PhaseRun, str, str | None]] = []
    for run in left:
        blocked = missing_needs(run.phase, producer, run.phase.need_names,
                                lambda src: runs[src].final
                                if runs[src].final in gone else None)
        prev = state.phases.get(run.pid)
        if blocked:
            out.append((run, S.BLOCKED_MISSING_INPUT.value, "; ".join(blocked)))
        elif prev is not None and prev.status in DONE_OK:
            out.append((run, prev.status, None))
        else:
            out.append((run, S.PENDING.value, f"not started: {stop_reason}"))
    return out
