"""The facts a decision needs, read from the run dir: artifacts, fingerprints, damage.

:class:`PhaseFacts` is shared by the runner and the planner. It holds the artifacts
available so far (hash, and the value once loaded), prepares a phase (step kind,
validated ``with:``, the ``if:``, the fingerprint) and says why recorded outputs cannot
be reused: an artifact that is missing or damaged (first restored from the payload its
phase recorded in the state log; the planner restores nothing) or a file an artifact
declares (``Report.output_files()``: report.md, report.html, ...) that is missing or
changed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from scout.orchestrator.artifact_store import ArtifactStore, encoded_from_payload
from scout.orchestrator.decide import Prepared
from scout.orchestrator.fingerprint import Fingerprint, files_read, fingerprint
from scout.orchestrator.phase_run import MISSING, Art, PhaseRun
from scout.orchestrator.scope import evaluate, make_scope, names_used, render_known, tree_names
from scout.orchestrator.state import PhaseState
from scout.schemas.base import ArtifactModel, artifact_model
from scout.stepkit.registry import get_step_kind

DAMAGED = "its artifacts are missing or damaged"


class PhaseFacts:
    def __init__(self, *, artifacts: ArtifactStore, payloads: dict[str, dict[str, Any]],
                 inputs: dict[str, Art], root: Path, run_dir: Path, request_hash: str,
                 writes: bool, config: Any = None) -> None:
        self.artifacts = artifacts
        self.payloads = payloads
        self.art: dict[str, Art] = dict(inputs)
        self.root = root
        self.run_dir = run_dir
        self.request_hash = request_hash
        self.writes = writes  # False when planning: nothing is restored
        self.config = config  # the chains and adapters behind the ``config`` fingerprint part

    def value(self, name: str) -> Any:
        a = self.art.get(name)
        if a is None:
            return None
        if a.value is MISSING:
            a.value = self.artifacts.read(name, expect_hash=a.hash)
        return a.value

    def keep(self, outputs: dict[str, str]) -> None:
        """Recorded outputs stand as the current artifacts (until a rerun replaces them)."""
        for name, digest in outputs.items():
            self.art[name] = Art(digest)

    def prepare(self, run: PhaseRun) -> Prepared:
        """Step kind, parameters, scope, ``if:`` and fingerprint of ``run`` (set on it)."""
        phase = run.phase
        run.kind = get_step_kind(phase.uses)
        run.params = run.kind.params.model_validate(phase.with_)
        used = tree_names(phase.with_) | (set(names_used(phase.if_, True)) if phase.if_ else set())
        run.scope = self.scope(run, used)
        if phase.if_ is not None and not evaluate(phase.if_, run.scope,
                                                  where=f"phase '{run.pid}' if: "):
            return Prepared(skip=f"if: {phase.if_.strip()} is false")
        run.fp = self.fingerprint(run, "task" in used and "task" not in phase.need_names)
        return Prepared(run.fp.value, run.fp.parts)

    def scope(self, run: PhaseRun, used: set[str]) -> dict[str, Any]:
        """Jinja scope of the phase, loading only what its templates use."""
        values = {n: self.value(n) for n in run.phase.need_names if n in used}
        task = self.value("task") if "task" in used and "task" in self.art else None
        return make_scope(task, values)

    def fingerprint(self, run: PhaseRun, needs_task: bool) -> Fingerprint:
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

    # --- damage -------------------------------------------------------------------------

    def damage(self, pid: str, prev: PhaseState, produces: list[str]) -> str | None:
        """Why ``prev``'s outputs cannot be reused, or None when they are intact."""
        outputs = prev.outputs
        if set(outputs) != set(produces):
            return DAMAGED
        if not all(self.artifacts.stored_hash(n) == h for n, h in outputs.items()) \
                and not self._restore(pid, prev):
            return DAMAGED
        for name in outputs:
            why = self._file_damage(name)
            if why:
                return why
        return None

    def _restore(self, pid: str, prev: PhaseState) -> bool:
        """Rewrite damaged or missing artifact files from the payloads in the log."""
        found = self.payloads.get(pid) or {}
        fixes = []
        for name, digest in prev.outputs.items():
            if self.artifacts.stored_hash(name) == digest:
                continue
            enc = encoded_from_payload(name, found.get(name))
            if enc is None or enc.hash != digest:
                return False
            fixes.append(enc)
        if self.writes:
            for enc in fixes:
                self.artifacts.store(enc, producer=pid, fingerprint=prev.fingerprint or "")
        return True

    def _file_damage(self, name: str) -> str | None:
        """A file the artifact says its step wrote that is gone or changed."""
        env = self.artifacts.envelope(name)
        model = artifact_model(str(env.get("schema", ""))) if env else None
        if model is None or model.output_files is ArtifactModel.output_files:
            return None
        try:
            value = self.artifacts.read(name)
            files = value.output_files() if isinstance(value, ArtifactModel) else {}
        except Exception:  # noqa: BLE001 - an unreadable artifact is damage, not a crash
            return DAMAGED
        base = self.run_dir.resolve()
        for rel, digest in sorted(files.items()):
            path = (base / str(rel)).resolve()
            if not path.is_relative_to(base):
                return f"its output file {rel} lies outside the run dir"
            if not path.is_file():
                return f"its output file {rel} is missing"
            if digest is not None:
                try:
                    actual = hashlib.sha256(path.read_bytes()).hexdigest()
                except OSError:
                    return f"its output file {rel} cannot be read"
                if actual != digest:
                    return f"its output file {rel} was changed"
        return None
