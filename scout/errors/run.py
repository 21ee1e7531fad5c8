"""A mission that could not run to completion (exit 1), a budget cap reached (exit 4),
and the step kinds' own failures (a template, an e-mail, a PDF)."""

from __future__ import annotations

from scout.errors.base import EXIT_BUDGET, EXIT_PHASE_FAILED, EXIT_USAGE, ScoutError


class RunError(ScoutError):
    """A mission could not run to completion."""

    code = "RUN000"
    exit_code = EXIT_PHASE_FAILED


class PhaseExecutionError(RunError):
    """A phase ended failed_terminal; the state is saved and the mission stops.

    Raised by the seed's ``run_mission`` (``scout.api.run_mission``); ``phases`` names
    the failed phases."""

    code = "RUN001"

    def __init__(self, message: str, *, phases: tuple[str, ...] = (),
                 hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.phases = phases


class StepError(RunError):
    """A step kind raised a problem of its own (bad input data, missing field)."""

    code = "RUN002"
    kind = "step_error"

    def __init__(self, message: str, *, retryable: bool = False, **kw) -> None:
        super().__init__(message, **kw)
        self.retryable = retryable


class TemplateRenderError(StepError):
    """A report template failed while rendering: the author's mistake, located in the
    template (file:line:col), never an internal error."""

    code = "SPEC056"
    exit_code = EXIT_USAGE


class InvalidAddress(StepError):
    """An address in an e-mail phase's ``to:`` / ``cc:`` is not a valid e-mail address."""

    code = "MAIL001"


class NothingToSend(StepError):
    """An e-mail phase found no report file to send."""

    code = "MAIL002"


class PdfUnavailable(StepError):
    """A report phase asked for ``pdf`` on a machine without headless Chromium."""

    code = "REP001"


class MissionLocked(RunError):
    """Another live ``scout apply`` holds the mission lock."""

    code = "RUN003"
    exit_code = EXIT_USAGE


class BatchLocked(RunError):
    """Another live ``scout batch apply`` is running the same batch (its record would be
    written by two drivers, each launching the same missions)."""

    code = "RUN009"
    exit_code = EXIT_USAGE


class ArtifactInvalid(RunError):
    """An artifact failed its schema on write or read, or its content hash does not match."""

    code = "RUN005"


class PhaseTimeout(RunError):
    """A phase attempt ran past its ``timeout``; retried like any retryable failure."""

    code = "RUN006"
    kind = "timeout"
    retryable = True


class BudgetExceeded(ScoutError):
    """A paid call's estimate did not fit what the mission's ``max_cost`` had left; the
    run stopped cleanly before it was sent."""

    code = "RUN004"
    exit_code = EXIT_BUDGET
    #: the refused call in USD (estimate_usd, left_usd, cap_usd, spent_usd, held_usd),
    #: journaled on its ``budget_exceeded`` line
    refused: "dict[str, float | str] | None" = None


class BatchBudgetExceeded(BudgetExceeded):
    """The batch's ``--max-cost`` refused a call of one of its missions (the call would
    have taken the batch past its cap); the mission stopped like at its own cap."""

    code = "RUN008"


class TemplateLimit(StepError):
    """A template crossed a bound of the sandbox at run time (huge power, repetition,
    loops or output); never retried, the same data would cross it again."""

    code = "RUN020"


class Cancelled(RunError):
    """A provider call that woke up (from a rate-limit wait) after the run closed its
    HTTP clients: it is not sent and not journaled, since nothing was asked."""

    code = "RUN030"
