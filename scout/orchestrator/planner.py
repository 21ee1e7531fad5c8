"""``scout plan``: what an apply would do to each phase, and why, without running it.

The planner walks the phases in run order and makes the same decisions as the runner
(``runner.py``: blocked, ``if:``, fingerprint, reuse) from the recorded state and the
stored artifacts. A phase that will run makes its outputs uncertain; a downstream phase
whose fingerprint still matches is then shown as *reuse?* (tentative): the runner reuses
it if the upstream rerun produces the same content, and reruns it otherwise.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

from scout.errors import ScoutError
from scout.orchestrator.fingerprint import explain
from scout.orchestrator.phase_run import Art
from scout.orchestrator.runner import Runner
from scout.orchestrator.scope import evaluate, names_used, tree_names
from scout.orchestrator.state import DONE_OK
from scout.steps.registry import PYTHON_PREFIX, get_step_kind

Action = Literal["reuse", "run", "skip"]

_BEFORE = {
    "running": "it was interrupted (running when the last run stopped)",
    "failed_retryable": "it failed before",
    "failed_terminal": "it failed before",
    "pending": "it has not run yet",
    "skipped": "it was skipped before",
    "blocked_missing_input": "it was blocked before",
    "stale": "it was marked stale and has not rerun yet",
}


@dataclass(frozen=True)
class PhasePlan:
    phase: str
    action: Action
    reason: str
    status: str | None = None  # recorded status, None for a new mission
    tentative: bool = False  # depends on an upstream phase that runs first
    runs_python: str | None = None  # "module:function" of a python: step (arbitrary code)

    @property
    def label(self) -> str:
        return self.action + ("?" if self.tentative else "")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def plan(runner: Runner) -> list[PhasePlan]:
    out: list[PhasePlan] = []
    verdict: dict[str, str] = {}  # pid -> ok | run | no
    uncertain: set[str] = set()  # artifacts whose content a rerun may change
    for pid in runner.order:
        run = runner.runs[pid]
        phase = run.phase
        prev = runner.state.phases.get(pid)
        status = prev.status if prev else None
        missing, waits = [], []
        for need in phase.need_names:
            src = runner.producer.get(need)
            if src is None:
                if need not in runner.input_names and not phase.need_is_optional(need):
                    missing.append(f"needs input '{need}', which has no value")
                continue
            if verdict.get(src) == "no" and not phase.need_is_optional(need):
                missing.append(f"needs '{need}' from {src}, which will not succeed")
            if need in uncertain:
                waits.append(src)
        waits = sorted(set(waits))
        after = f" (after {', '.join(waits)} reruns: decided then)" if waits else ""
        if missing:
            verdict[pid] = "no"
            out.append(PhasePlan(pid, "skip", "blocked: " + "; ".join(missing), status,
                                 bool(waits)))
            continue
        if pid in runner.opt.force:
            verdict[pid] = "run"
            uncertain.update(phase.produces)
            _keep_outputs(runner, prev)
            out.append(PhasePlan(pid, "run", runner.opt.force[pid], status))
            continue
        if prev is None or prev.status not in DONE_OK:
            verdict[pid] = "run"
            uncertain.update(phase.produces)
            why = "new" if prev is None else _BEFORE.get(prev.status, prev.status)
            if prev is not None and prev.error:
                why += f": {prev.error.get('message', '')}"
            out.append(PhasePlan(pid, "run", why, status))
            continue
        try:
            run.kind = get_step_kind(phase.uses)
            run.params = run.kind.params.model_validate(phase.with_)
            used = tree_names(phase.with_) | (set(names_used(phase.if_, True)) if phase.if_ else set())
            run.scope = runner._scope(run, used)
            if phase.if_ is not None and not evaluate(phase.if_, run.scope):
                verdict[pid] = "no"
                out.append(PhasePlan(pid, "skip", f"if: {phase.if_.strip()} is false" + after,
                                     status, bool(waits)))
                continue
            fp = runner._fingerprint(run, "task" in used and "task" not in phase.need_names)
        except (ScoutError, LookupError, ValueError) as exc:
            verdict[pid] = "run"
            uncertain.update(phase.produces)
            out.append(PhasePlan(pid, "run", f"cannot be checked before running: {exc}", status))
            continue
        _keep_outputs(runner, prev)
        if fp.value == prev.fingerprint and runner._outputs_intact(pid, prev.outputs, phase):
            verdict[pid] = "ok"
            reason = "unchanged" if not waits else \
                f"reused if {', '.join(waits)} produce(s) the same content; rerun otherwise"
            out.append(PhasePlan(pid, "reuse", reason, status, bool(waits)))
            continue
        verdict[pid] = "run"
        uncertain.update(phase.produces)
        if fp.value == prev.fingerprint:
            reasons = ["its artifacts are missing or damaged"]
        else:
            reasons = explain(prev.fp_parts, fp.parts)
        out.append(PhasePlan(pid, "run", "stale: " + "; ".join(reasons), status))
    # say plainly which phases run the author's own Python code
    return [replace(p, runs_python=uses[len(PYTHON_PREFIX):])
            if (uses := runner.runs[p.phase].phase.uses).startswith(PYTHON_PREFIX) else p
            for p in out]


def _keep_outputs(runner: Runner, prev: Any) -> None:
    """Downstream fingerprints compare against the outputs as they are now."""
    if prev is not None:
        for name, digest in prev.outputs.items():
            runner.art[name] = Art(digest)
