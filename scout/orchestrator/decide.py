"""What to do with a ready phase: the one decision the runner and the planner share.

:func:`decide` is pure: it reads the facts it is given and returns a :class:`Decision`
(blocked / skipped / reused / run, with the reason, and whether a recorded result
becomes stale). What needs I/O is handed in: ``prepare()`` (step kind, parameters,
``if:``, fingerprint: ``facts.py``) and ``damage(prev)`` (why the recorded outputs
cannot be reused, or None). A planner decides *dry*: it does not prepare a phase that
will run anyway, because its upstream may not have produced anything yet.

Completion derives from outputs (luigi-style): a phase that succeeded before with the
same fingerprint is reused only when its artifacts *and* the files its artifacts declare
(``report.md``, ``report.html``, ...) are intact.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from scout.i18n import N_
from scout.orchestrator.fingerprint import Fingerprint, explain, matches
from scout.orchestrator.state import DONE_OK, PhaseState
from scout.report.failure import NO_INPUT
from scout.spec.models import Phase

Action = Literal["blocked", "skipped", "reused", "run", "error"]

#: why a phase that has no usable result runs (shown by ``scout plan``)
BEFORE = {
    "running": N_("it was interrupted (running when the last run stopped)"),
    "failed_retryable": N_("it failed before"),
    "failed_terminal": N_("it failed before"),
    "pending": N_("it has not run yet"),
    "skipped": N_("it was skipped before"),
    "blocked_missing_input": N_("it was blocked before"),
    "stale": N_("it was marked stale and has not rerun yet"),
}

REUSED = N_("inputs, spec and files unchanged")

#: what the planner's ``unusable`` says of a producer it expects to fail or be blocked
WILL_NOT_SUCCEED = "will_not_succeed"
#: why a required need has no value, by its producer's state: whole sentences in words
#: ("which failed", never "which is failed_terminal"), each a msgid, because a reason is
#: stored in English and :func:`scout.i18n.messages.localize` translates it by matching
#: the whole sentence (a state name glued into one sentence cannot agree in Spanish)
GONE = {
    "failed_terminal": N_("needs '{need}' from {phase}, which failed"),
    # a producer stopped by the budget or Ctrl-C: it failed this run, and reruns on resume
    "failed_retryable": N_("needs '{need}' from {phase}, which failed"),
    "skipped": N_("needs '{need}' from {phase}, which was skipped"),
    "blocked_missing_input": N_("needs '{need}' from {phase}, which is blocked itself"),
    WILL_NOT_SUCCEED: N_("needs '{need}' from {phase}, which will not succeed"),
}
#: a state no sentence above names (a newer state in an older scout's reader)
GONE_OTHER = N_("needs '{need}' from {phase}, which did not succeed")


@dataclass(frozen=True)
class Prepared:
    """What preparing a phase found: its fingerprint, or the ``if:`` that skips it."""

    fingerprint: str = ""
    parts: dict[str, Any] | None = None
    skip: str | None = None  # "if: <expr> is false"


@dataclass(frozen=True)
class Decision:
    action: Action
    reason: str = ""
    #: the phase had a result that this run replaces (recorded ``stale`` before it runs)
    stale: bool = False
    #: ``action == "error"``: preparing the phase failed with this exception
    error: BaseException | None = None
    #: the phase was prepared (its fingerprint is known)
    prepared: bool = False


def missing_needs(phase: Phase, producer: Mapping[str, str], inputs: Collection[str],
                  unusable: Callable[[str], str | None]) -> list[str]:
    """Why the phase cannot run: one line per required need that has no value.
    ``unusable(src)`` gives the state of a producing phase that gives nothing (a key of
    :data:`GONE`: ``failed_terminal``, ``skipped``, ..., :data:`WILL_NOT_SUCCEED`), or
    None when it does; the line says it in words ("needs 'x' from F3, which failed")."""
    missing = []
    for need in phase.need_names:
        src = producer.get(need)
        if src is not None:
            state = unusable(src)
            text = GONE.get(state, GONE_OTHER).format(need=need, phase=src) if state else None
        else:
            text = None if need in inputs else NO_INPUT.format(need=need)
        if text and not phase.need_is_optional(need):
            missing.append(text)
    return missing


def before(prev: PhaseState | None) -> str:
    """Why a phase without a usable result runs."""
    if prev is None:
        return N_("new")
    why = BEFORE.get(prev.status, prev.status)
    if prev.error:
        why += f": {prev.error.get('message', '')}"
    return why


def decide(*, missing: list[str], forced: str | None, prev: PhaseState | None,
           prepare: Callable[[], Prepared], damage: Callable[[PhaseState], str | None],
           dry: bool = False,
           errors: tuple[type[BaseException], ...] = (Exception,)) -> Decision:
    """The decision for one ready phase (see the module docstring).

    ``errors``: what ``prepare()`` may raise for a phase that cannot be prepared (an
    unknown step kind, bad parameters, an ``if:`` that fails); anything else propagates.
    """
    if missing:
        return Decision("blocked", "; ".join(missing))
    had = prev is not None and prev.status in DONE_OK
    # a phase an ``if:`` skipped last time is checked again: its condition usually reads
    # the request (``task.notify_email``), known before anything runs
    recheck = prev is not None and prev.status == "skipped" and forced is None
    if dry and (forced is not None or not had) and not recheck:
        return Decision("run", forced if forced is not None else before(prev))
    try:
        prep = prepare()
    except errors as exc:
        if dry and recheck:
            return Decision("run", before(prev))
        if dry:
            return Decision("run", N_("cannot be checked before running: {error}").format(
                error=exc))
        return Decision("error", "could not prepare the phase", error=exc)
    if prep.skip is not None:
        return Decision("skipped", prep.skip, prepared=True)
    if forced is not None:
        return Decision("run", forced, stale=had, prepared=True)
    if not had:
        return Decision("run", N_("its condition now holds") if recheck else before(prev),
                        prepared=True)
    assert prev is not None
    if matches(prev.fingerprint, prev.fp_parts, Fingerprint(prep.fingerprint, prep.parts or {})):
        why = damage(prev)
        if why is None:
            return Decision("reused", REUSED, prepared=True)
        return Decision("run", why, stale=True, prepared=True)
    return Decision("run", "; ".join(explain(prev.fp_parts, prep.parts or {})), stale=True,
                    prepared=True)
