"""What to do with a ready phase: blocked, skipped, reused, or stale and run. Part of the
scheduler (``runner.py``); the planner (``planner.py``) makes the same decisions dry.

A phase is reused when it succeeded before with the same fingerprint and its artifacts
are intact; a damaged or missing artifact file is first restored from the payload its
phase recorded in the state log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scout.errors import ScoutError, StepError
from scout.orchestrator import events as E
from scout.orchestrator.artifact_store import encoded_from_payload
from scout.orchestrator.fingerprint import Fingerprint, explain, files_read, fingerprint, matches
from scout.orchestrator.outcomes import classify
from scout.orchestrator.phase_run import MISSING, Art, PhaseRun
from scout.orchestrator.scope import evaluate, make_scope, names_used, render_known, tree_names
from scout.orchestrator.state import DONE_OK, PhaseStatus
from scout.spec.models import Phase
from scout.steps.registry import get_step_kind

if TYPE_CHECKING:
    from scout.orchestrator.runner import Runner

S = PhaseStatus


class DecisionMixin:
    """Mixed into :class:`~scout.orchestrator.runner.Runner`."""

    def _decide(self: Runner, run: PhaseRun) -> bool:
        """Resolve ``run`` now (blocked/skipped/reused -> True) or queue it (False)."""
        phase, pid = run.phase, run.pid
        missing = []
        for need in phase.need_names:
            src = self.producer.get(need)
            if src is not None:
                ok = self.runs[src].final in DONE_OK
                why = f"needs '{need}' from {src}, which is {self.runs[src].final}"
            else:
                ok = need in self.input_names
                why = f"needs input '{need}', which has no value"
            if not ok and not phase.need_is_optional(need):
                missing.append(why)
        if missing:
            self._finish_quiet(run, S.BLOCKED_MISSING_INPUT.value, "; ".join(missing))
            return True
        try:
            run.kind = get_step_kind(phase.uses)
            run.params = run.kind.params.model_validate(phase.with_)
            used = tree_names(phase.with_) | (set(names_used(phase.if_, True)) if phase.if_ else set())
            needs_task = "task" in used and "task" not in phase.need_names
            run.scope = self._scope(run, used)
            if phase.if_ is not None:
                if not evaluate(phase.if_, run.scope, where=f"phase '{pid}' if: "):
                    self._finish_quiet(run, S.SKIPPED.value, f"if: {phase.if_.strip()} is false")
                    return True
            run.fp = self._fingerprint(run, needs_task)
        except (ScoutError, LookupError, ValueError) as exc:
            failure = classify(exc if isinstance(exc, ScoutError) else StepError(str(exc)))
            self._terminal(run, failure, "could not prepare the phase", release=False)
            return True
        prev = self.state.phases.get(pid)
        if pid in self.opt.force:
            if prev is not None and prev.status in DONE_OK:
                self._mark_stale(run, self.opt.force[pid])
        elif prev is not None and prev.status in DONE_OK:
            same = matches(prev.fingerprint, prev.fp_parts, run.fp)
            if same and self._outputs_intact(pid, prev.outputs, phase):
                run.final = prev.status
                self._set(run, "done")
                for name, digest in prev.outputs.items():
                    self.art[name] = Art(digest)
                self.bus.emit(E.PhaseReused(pid, prev.status, "inputs, spec and files unchanged"))
                return True
            if same:
                self._mark_stale(run, "its artifacts are missing or damaged")
            else:
                self._mark_stale(run, "; ".join(explain(prev.fp_parts, run.fp.parts)))
        self._set(run, "queued")
        return False

    def _outputs_intact(self: Runner, pid: str, outputs: dict[str, str], phase: Phase) -> bool:
        if set(outputs) != set(phase.produces):
            return False
        if all(self.artifacts.stored_hash(n) == h for n, h in outputs.items()):
            return True
        return self._restore(pid, outputs)

    def _mark_stale(self: Runner, run: PhaseRun, reason: str) -> None:
        self.store.append({"ev": "phase", "phase": run.pid, "status": S.STALE.value,
                           "reason": reason})
        self.bus.emit(E.PhaseStatusChanged(run.pid, S.STALE.value, reason))

    def _value(self: Runner, name: str) -> Any:
        a = self.art.get(name)
        if a is None:
            return None
        if a.value is MISSING:
            a.value = self.artifacts.read(name, expect_hash=a.hash)
        return a.value

    def _scope(self: Runner, run: PhaseRun, used: set[str]) -> dict[str, Any]:
        """Jinja scope of the phase, loading only what its templates use."""
        names = [n for n in run.phase.need_names if n in used]
        values = {n: self._value(n) for n in names}
        task = self._value("task") if "task" in used and "task" in self.art else None
        return make_scope(task, values)

    def _fingerprint(self: Runner, run: PhaseRun, needs_task: bool) -> Fingerprint:
        phase, kind = run.phase, run.kind
        assert kind is not None and run.params is not None
        hashes: dict[str, str | None] = {}
        for need in phase.need_names:
            a = self.art.get(need)
            hashes[need] = a.hash if a is not None else None
        if needs_task and "task" in self.art:
            hashes["task"] = self.art["task"].hash
        if kind.reads_request or not phase.need_names:
            hashes["@request"] = self.request_hash
        rendered = render_known(phase.with_, run.scope) if run.scope else phase.with_
        return fingerprint(phase, kind, rendered_with=rendered, inputs=hashes,
                           files=files_read(kind, run.params, self.root), config=self.config)

    def _restore(self: Runner, pid: str, outputs: dict[str, str]) -> bool:
        """Rewrite damaged or missing artifact files from the payloads in the log."""
        found = self.payloads.get(pid) or {}
        fixes = []
        for name, digest in outputs.items():
            if self.artifacts.stored_hash(name) == digest:
                continue
            enc = encoded_from_payload(name, found.get(name))
            if enc is None or enc.hash != digest:
                return False
            fixes.append(enc)
        if self.store is not None:  # planning writes nothing
            prev = self.state.phases.get(pid)
            for enc in fixes:
                self.artifacts.store(enc, producer=pid,
                                     fingerprint=prev.fingerprint or "" if prev else "")
        return True
