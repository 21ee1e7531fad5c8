"""What a step's return value and exceptions mean to the runner.

- :func:`normalize_outputs` applies the return convention (docs/running.md): one
  produced artifact -> the value itself; several -> ``Outputs`` (or a dict keyed by
  exactly the produced names); none -> the value is ignored.
- :func:`classify` turns an exception into a failure: retryable or not, its error kind
  (the names ``retry.on`` uses), and a JSON-able error record. ``BudgetExceeded`` is
  not a failure of the phase: it stops the mission cleanly (exit 4).
- :func:`backoff_delay` computes the wait before the next attempt.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from scout.errors import (
    BudgetExceeded,
    machine_error,
    PhaseTimeout,
    ProviderError,
    ScoutError,
    StepError,
)
from scout.spec.basics import RetryPolicy
from scout.stepkit.context import Outputs


def normalize_outputs(result: Any, produces: list[str], where: str) -> dict[str, Any]:
    if isinstance(result, Outputs) or (len(produces) > 1 and isinstance(result, dict)):
        keys = set(result)
        if keys != set(produces):
            missing = sorted(set(produces) - keys)
            extra = sorted(keys - set(produces))
            raise StepError(
                f"{where} returned outputs {sorted(keys)} but the phase produces {produces}"
                + (f"; missing {missing}" if missing else "")
                + (f"; not declared {extra}" if extra else ""),
                hint="return Outputs(name=value, ...) with exactly the names in produces")
        return dict(result)
    if len(produces) == 1:
        return {produces[0]: result}
    if not produces:
        return {}
    raise StepError(
        f"{where} produces {produces} but returned a single {type(result).__name__}",
        hint="return Outputs(" + ", ".join(f"{p}=..." for p in produces) + ")")


@dataclass(frozen=True)
class Failure:
    kind: str  # unavailable, rate_limited, ..., timeout, step_error, artifact_invalid, bug
    retryable: bool
    error: dict[str, Any]  # what the state log records
    budget: bool = False
    retry_after: float | None = None

    @property
    def message(self) -> str:
        return str(self.error.get("message", ""))

    @property
    def code(self) -> str | None:
        """The error's code (``RUN004`` the mission's cap, ``RUN008`` its batch's, …)."""
        code = self.error.get("code")
        return code if isinstance(code, str) and code else None


def error_record(exc: BaseException) -> dict[str, Any]:
    if isinstance(exc, ScoutError):
        rec: dict[str, Any] = {"code": exc.code, "message": exc.message, "type": type(exc).__name__}
        if exc.hint:
            rec["hint"] = exc.hint
        adapter = getattr(exc, "adapter", None)
        if adapter:
            rec["adapter"] = adapter
        return rec
    return {"code": "RUN000", "message": f"{type(exc).__name__}: {exc}",
            "type": type(exc).__name__}


def classify(exc: BaseException) -> Failure:
    rec = error_record(exc)
    if isinstance(exc, BudgetExceeded):
        return Failure("budget", False, rec, budget=True)
    if isinstance(exc, ProviderError):
        rec["kind"] = exc.kind
        return Failure(exc.kind, bool(exc.retryable), rec, retry_after=exc.retry_after)
    if isinstance(exc, (PhaseTimeout, StepError)):  # each class declares its kind
        rec["kind"] = exc.kind
        return Failure(exc.kind, bool(exc.retryable), rec)
    if isinstance(exc, ScoutError):
        rec["kind"] = type(exc).__name__
        return Failure(rec["kind"], False, rec)
    machine = machine_error(exc)
    if machine is not None:  # disk full, read-only: the machine's problem, not a bug
        rec = {**error_record(machine), "kind": "storage"}
        if machine.hint:
            rec["hint"] = machine.hint
        return Failure("storage", False, rec)
    # an unexpected exception is a bug in the step: retrying will not fix it
    rec["kind"] = "bug"
    return Failure("bug", False, rec)


def should_retry(failure: Failure, policy: RetryPolicy, attempt: int) -> bool:
    if not failure.retryable or attempt >= policy.attempts:
        return False
    return policy.on is None or failure.kind in policy.on


def backoff_delay(policy: RetryPolicy, attempt: int, rng: random.Random,
                  retry_after: float | None = None) -> float:
    """Wait before attempt ``attempt + 1``: initial * factor**(attempt-1), capped, jittered."""
    b = policy.backoff
    delay = b.delay(attempt, rng)
    if retry_after is not None:
        delay = max(delay, min(retry_after, b.max))
    return delay
