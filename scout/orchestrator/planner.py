"""``scout plan``: what an apply would do to each phase, and why, without running it.

The planner walks the phases in run order and makes the runner's decision
(``decide.py``, dry: a phase that will run anyway is not prepared) from the recorded
state and the stored artifacts (``facts.py``, which restores nothing). A phase that will
run makes its outputs uncertain; a downstream phase whose fingerprint still matches is
then shown as *reuse?* (tentative): the runner reuses it if the upstream rerun produces
the same content, and reruns it otherwise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

from scout.i18n import N_
from scout.errors import ScoutError
from scout.orchestrator.decide import WILL_NOT_SUCCEED, decide, missing_needs
from scout.orchestrator.facts import PhaseFacts
from scout.orchestrator.phase_run import PhaseRun
from scout.orchestrator.state import MissionState
from scout.spec.models import Pipeline
from scout.stepkit.registry import PYTHON_PREFIX

Action = Literal["reuse", "run", "skip"]


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


def plan(*, pipeline: Pipeline, order: list[str], state: MissionState, facts: PhaseFacts,
         force: Mapping[str, str], inputs: Collection[str],
         producer: Mapping[str, str]) -> list[PhasePlan]:
    out: list[PhasePlan] = []
    verdict: dict[str, str] = {}  # pid -> ok | run | no
    uncertain: set[str] = set()  # artifacts whose content a rerun may change
    for index, pid in enumerate(order):
        phase = pipeline.phases[pid]
        run = PhaseRun(pid, phase, index, 0)
        prev = state.phases.get(pid)
        status = prev.status if prev else None
        waits = sorted({producer[n] for n in phase.need_names
                        if n in producer and n in uncertain})
        after = " " + N_("(after {phases} reruns: decided then)").format(
            phases=", ".join(waits)) if waits else ""
        missing = missing_needs(phase, producer, inputs, lambda src: WILL_NOT_SUCCEED
                                if verdict.get(src) == "no" else None)
        d = decide(missing=missing, forced=force.get(pid), prev=prev, dry=True,
                   prepare=lambda: facts.prepare(run),
                   damage=lambda p: facts.damage(pid, p, phase.produces),
                   errors=(ScoutError, LookupError, ValueError))
        if prev is not None and (pid in force or (d.prepared and d.action != "skipped")):
            facts.keep(prev.outputs)  # downstream fingerprints compare against these
        if d.action == "blocked":
            verdict[pid] = "no"
            out.append(PhasePlan(pid, "skip", "blocked: " + d.reason, status, bool(waits)))
        elif d.action == "skipped":
            verdict[pid] = "no"
            out.append(PhasePlan(pid, "skip", d.reason + after, status, bool(waits)))
        elif d.action == "reused":
            verdict[pid] = "ok"
            reason = N_("unchanged") if not waits else N_(
                "reused if {phases} produce(s) the same content; rerun otherwise").format(
                    phases=", ".join(waits))
            out.append(PhasePlan(pid, "reuse", reason, status, bool(waits)))
        else:
            verdict[pid] = "run"
            uncertain.update(phase.produces)
            stale = d.stale and pid not in force
            out.append(PhasePlan(pid, "run", ("stale: " if stale else "") + d.reason, status))
    # say plainly which phases run the author's own Python code
    return [replace(p, runs_python=uses[len(PYTHON_PREFIX):])
            if (uses := pipeline.phases[p.phase].uses).startswith(PYTHON_PREFIX) else p
            for p in out]
