"""One mission: a pipeline, a request, a run directory; plan it or run it to the end.

:class:`MissionRunner` ties the pieces together: it resolves the request's inputs
against the pipeline, takes the mission lock, opens the state log and the artifact
store, calls the injected ``preflight`` hook, runs the scheduler (``runner.py``) and
turns the outcome into a mission status and an exit code (DESIGN.md §3):

- 0 ``succeeded``, or ``succeeded_partial`` (an optional phase failed or was blocked,
  or a fan-out succeeded partially; the CLI warns);
- 1 ``failed`` (a required phase ended failed_terminal, blocked or not started);
- 4 ``stopped_budget`` (a step raised ``BudgetExceeded``; state saved, resumable; the
  result's and the final record's ``stop_code`` say which cap: RUN004 the mission's,
  RUN008 its batch's);
- Ctrl-C: the state is saved (``interrupted``) and :class:`MissionInterrupted` raised.

A mission that stops before its report phase (failed, at its cap, interrupted) writes
the stopped page in ``report.md``'s place (scout/report/stopped.py): what stopped it,
why, and what to do.

Hooks for the providers layer (injected, nothing here knows a provider):

- ``gateway_factory(phase_id, phase) -> Gateway | None`` is called once per phase run;
  the gateway lands in ``ctx.gateway`` (wrapped to record who answered and the cost).
- ``preflight(pipeline, config, phase_ids) -> Iterable[str] | None`` is called after
  the lock is taken and before anything runs, with the phases that will run; raising a
  ScoutError aborts the apply with that error's exit code; returned lines are shown as
  notices (e.g. "tavily? skipped: TAVILY_API_KEY not set").
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.config.models import Config
from scout.errors import (
    EXIT_BUDGET,
    EXIT_OK,
    EXIT_PHASE_FAILED,
    PhaseExecutionError,
    ScoutError,
    UsageError,
)
from scout.orchestrator import events as E
from scout.orchestrator.artifact_store import ArtifactStore, canonical, content_hash, value_hash
from scout.spec.dag import PhaseGraph
from scout.orchestrator.locks import mission_lock
from scout.orchestrator.planner import PhasePlan, plan
from scout.orchestrator.records import MissionRecord
from scout.orchestrator.executor import Executor
from scout.orchestrator.facts import PhaseFacts
from scout.orchestrator.phase_run import Art
from scout.spec.dag import producers
from scout.orchestrator.options import GatewayFactory, RunOptions
from scout.orchestrator.runner import Runner
from scout.orchestrator.state import DONE_OK, MissionState, PhaseState
from scout.orchestrator.stop_page import report_current, write_stop_page
from scout.orchestrator.state_store import (
    Durability,
    StateStore,
    atomic_write_bytes,
    load_state,
    read_payloads,
)
from scout.paths import mission_dir
from scout.schemas.task import Task
from scout.spec.models import Phase, Pipeline
from scout.stepkit.context import StepRequest
from scout.suggest import did_you_mean
from scout.task.build import LANG_KEY
from scout.task.lang import coerce_lang
from scout.task.values import coerce, to_jsonable

__all__ = ["MissionInterrupted", "MissionRequest", "MissionResult", "MissionRunner",
           "PhaseExecutionError", "Preflight", "coerce_inputs", "expand_force", "input_values"]

Preflight = Callable[[Pipeline, Config, list[str]], "Iterable[str] | None"]


@dataclass
class MissionRequest:
    """What to run: resolved by ``scout.api`` from a Mission document or the CLI."""

    pipeline_path: Path
    mission_id: str
    runs_dir: Path
    query: str | None = None
    #: input overrides as written (mission ``inputs:`` then ``--set``); coerced here
    inputs: dict[str, Any] = field(default_factory=dict)
    #: where each override came from: "mission" or "set"
    input_sources: dict[str, str] = field(default_factory=dict)
    max_cost: float | None = None
    mission_file: Path | None = None


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
    """Ctrl-C stopped a mission; its state is saved and the next apply resumes it.

    Still a ``KeyboardInterrupt``, so every caller that stops on one still does (a batch,
    the API's users); it carries where the mission is, so ``scout apply`` can say it
    instead of a bare "aborted"."""

    def __init__(self, mission_id: str, run_dir: Path, report: Path | None) -> None:
        super().__init__(f"mission {mission_id} interrupted")
        self.mission_id = mission_id
        self.run_dir = run_dir
        #: the page that says the mission was interrupted (None: not written)
        self.report = report

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt with its own arguments when it crosses a process (a Dask worker)
        return (type(self), (self.mission_id, self.run_dir, self.report))


def coerce_inputs(pipeline: Pipeline, overrides: dict[str, Any]) -> dict[str, Any]:
    """Overrides coerced to their declared types; unknown names are usage errors."""
    out: dict[str, Any] = {}
    for name, value in overrides.items():
        decl = pipeline.inputs.get(name)
        if decl is None and name == LANG_KEY:  # the request's language (en | es), reserved
            try:
                out[name] = coerce_lang(value)
            except ValueError as exc:
                raise UsageError(f"input 'lang': {exc}", hint="e.g. --set lang=es") from None
            continue
        if decl is None:
            raise UsageError(f"pipeline '{pipeline.name}' has no input '{name}'",
                             hint=did_you_mean(name, pipeline.inputs, what="inputs")
                             or f"its inputs: {', '.join(pipeline.inputs) or 'none'}")
        try:
            out[name] = coerce(decl.type, value, items=decl.items)
        except ValueError as exc:
            raise UsageError(f"input '{name}' ({decl.type}): {exc}") from None
        out[name] = decl.canonical(out[name])
        off = decl.off_enum(out[name])
        if off:
            raise UsageError(f"input '{name}': {', '.join(map(repr, off))} is not one of "
                             f"{decl.enum}")
    return out


def input_values(pipeline: Pipeline, coerced: dict[str, Any]) -> dict[str, Any]:
    """Values of declared inputs known before any phase runs: defaults, then overrides."""
    values: dict[str, Any] = {}
    for name, decl in pipeline.inputs.items():
        if decl.default is not None:
            values[name] = coerce(decl.type, decl.default, items=decl.items)
    values.update(coerced)
    return values


def expand_force(graph: PhaseGraph, force: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    phases = graph.pipeline.phases
    for pid in force:
        if pid not in phases:
            raise UsageError(f"--force {pid}: no such phase",
                             hint=did_you_mean(pid, phases, what="phases"))
        out[pid] = f"forced by --force {pid}"
    for pid in list(out):
        for d in graph.downstream(pid):
            out.setdefault(d, f"downstream of --force {pid}")
    return out


class _MissionAccess:
    """``ctx.mission``: the report step reads the mission's live view through it."""

    def __init__(self, runner: "MissionRunner") -> None:
        self._runner = runner

    def view(self, current_phase: str | None = None) -> Any:
        return self._runner.mission_view(current_phase)


class MissionRunner:
    def __init__(
        self,
        pipeline: Pipeline,
        config: Config,
        request: MissionRequest,
        *,
        root: Path,
        force: Iterable[str] = (),
        gateway_factory: GatewayFactory | None = None,
        preflight: Preflight | None = None,
        subscribers: Iterable[E.Subscriber] = (),
        durability: Durability = "batched",
        snapshot_interval: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        today: dt.date | None = None,
        max_workers: int | None = None,
        remote_providers: Any = None,
        executor: Callable[[int], Executor] | None = None,
    ) -> None:
        self.pipeline = pipeline
        #: builds the executor of this run's phases (None: the config's executor.kind)
        self.executor = executor
        #: a picklable recipe of the providers layer, for fan-out items on other processes
        self.remote_providers = remote_providers
        self.config = config
        self.request = request
        self.root = Path(root)
        self.graph = PhaseGraph.of(pipeline)
        self.force = expand_force(self.graph, force)
        self.gateway_factory = gateway_factory
        self.preflight = preflight
        self.subscribers = list(subscribers)
        self.durability = durability
        self.snapshot_interval = snapshot_interval
        self.clock, self.sleep = clock, sleep
        self.rng = rng or random.Random()
        self.today = today or dt.date.today()
        self.max_workers = max_workers or config.max_workers
        self.run_dir = mission_dir(request.runs_dir, request.mission_id)
        self.overrides = coerce_inputs(pipeline, request.inputs)
        self.inputs = input_values(pipeline, self.overrides)
        asked: dict[str, Any] = {"query": request.query or "", "inputs": self.overrides}
        if config.default_lang != "en":
            # it can change how the request is read; left out at its default so the
            # missions recorded before the setting existed keep their fingerprints
            asked["default_lang"] = config.default_lang
        self.request_hash = content_hash(canonical(to_jsonable(asked)))

    # --- pieces -----------------------------------------------------------------------

    def _step_context(self) -> dict[str, Any]:
        """What every step's context carries about the request and the mission."""
        req = StepRequest(query=self.request.query, overrides=dict(self.overrides),
                          override_sources=dict(self.request.input_sources),
                          max_cost=self.request.max_cost,
                          mission_file=str(self.request.mission_file)
                          if self.request.mission_file else None,
                          default_lang=self.config.default_lang)
        extras = {"query": req.query, "overrides": req.overrides,
                  "override_sources": req.override_sources, "max_cost": req.max_cost,
                  "mission_file": req.mission_file, "mission_view": self.mission_view}
        return {"request": req, "mission": _MissionAccess(self), "extras": extras}

    def mission_view(self, current_phase: str | None = None, *,
                     end: tuple[str, str | None] | None = None) -> Any:
        """For the report step: phase states and journal-derived costs, read when called.
        ``end``: the mission's (status, reason) about to be recorded (the stopped page)."""
        from scout.report.context import build_mission_view

        return build_mission_view(state=load_state(self.run_dir), root=self.root,
                                  pipeline=self.pipeline,
                                  mission_id=self.request.mission_id,
                                  max_cost=self.request.max_cost, current_phase=current_phase,
                                  query=self.request.query, end=end)

    def _runner(self, *, store: StateStore, artifacts: ArtifactStore, bus: E.EventBus) -> Runner:
        return Runner(
            mission_id=self.request.mission_id, pipeline=self.pipeline, graph=self.graph,
            config=self.config, store=store, artifacts=artifacts, bus=bus,
            root=self.root, run_dir=self.run_dir, today=self.today, inputs=self.inputs,
            request_hash=self.request_hash, context=self._step_context(),
            options=RunOptions(force=self.force, max_workers=self.max_workers,
                               gateway_factory=self.gateway_factory, clock=self.clock,
                               sleep=self.sleep, rng=self.rng,
                               remote_providers=self.remote_providers,
                               executor=self.executor),
            on_artifact=self._on_artifact,
        )

    def plan(self) -> list[PhasePlan]:
        """What an apply would do now (reads the run dir, writes nothing)."""
        exists = self.run_dir.is_dir()
        state = load_state(self.run_dir) if exists else MissionState()
        return self._plan_with(state, ArtifactStore(self.run_dir, create=False),
                               read_payloads(self.run_dir) if exists else {})

    def _plan_with(self, state: MissionState, artifacts: ArtifactStore,
                   payloads: dict[str, Any]) -> list[PhasePlan]:
        facts = PhaseFacts(artifacts=artifacts, payloads=payloads,
                           inputs={n: Art(value_hash(v), v) for n, v in self.inputs.items()},
                           root=self.root, run_dir=self.run_dir,
                           request_hash=self.request_hash, writes=False,
                           config=self.config)
        return plan(pipeline=self.pipeline, order=self.graph.order(), state=state,
                    facts=facts, force=self.force, inputs=set(self.inputs),
                    producer=producers(self.pipeline))

    def _task_doc(self, task: Task | None = None) -> dict[str, Any]:
        doc = {
            "mission_id": self.request.mission_id,
            "pipeline": str(self.request.pipeline_path),
            "query": self.request.query,
            "inputs": to_jsonable(self.overrides),
            "input_sources": dict(self.request.input_sources),
            "max_cost": self.request.max_cost,
            # how to apply it again (scout status's resume hint names the file)
            "mission_file": str(self.request.mission_file) if self.request.mission_file
            else None,
            "task": task.model_dump(mode="json") if task is not None else None,
        }
        return doc

    def _write_task_json(self, doc: dict[str, Any]) -> None:
        path = self.run_dir / "task.json"
        data = (json.dumps(doc, indent=2, ensure_ascii=False, default=str) + "\n").encode()
        try:
            if path.read_bytes() == data:
                return
        except OSError:
            pass
        # atomic; fsynced with the log's group commit only in strict mode: the request
        # and the Task are also in the state log and the task artifact
        atomic_write_bytes(path, data, fsync=self.durability == "strict")

    def _on_artifact(self, name: str, value: Any) -> None:
        if isinstance(value, Task):
            self._write_task_json(self._task_doc(value))

    # --- running ----------------------------------------------------------------------

    def run(self) -> MissionResult:
        mid = self.request.mission_id
        started = time.monotonic()
        with mission_lock(self.run_dir, mid, self.config) as lock:
            store = StateStore(self.run_dir, mission_id=mid, durability=self.durability,
                               snapshot_interval=self.snapshot_interval)
            log = E.MissionLog(str(self.run_dir / "mission.log"))
            bus = E.EventBus([log, *self.subscribers])
            for note in lock.notices:  # a dead holder's lease taken over
                bus.emit(E.Notice(note, level="warning"))
            try:
                artifacts = ArtifactStore(self.run_dir, fsync=self.durability == "strict")
                resumed = store.state.runs > 0
                if self.preflight is not None:
                    to_run = [p.phase for p in self._plan_with(store.state, artifacts,
                                                               store.payloads)
                              if p.action == "run" or p.tentative]
                    for note in self.preflight(self.pipeline, self.config, to_run) or ():
                        bus.emit(E.Notice(str(note)))
                prev_task = self._previous_task(artifacts)
                self._write_task_json(self._task_doc(prev_task))
                store.append(MissionRecord("running", {
                    "mission_id": mid, "pid": os.getpid(),
                    "pipeline": str(self.request.pipeline_path), "query": self.request.query,
                    "inputs": to_jsonable(self.overrides)}).to_dict())
                bus.emit(E.MissionStarted(mid, str(self.run_dir), tuple(self.graph.order()),
                                          resumed))
                runner = self._runner(store=store, artifacts=artifacts, bus=bus)
                try:
                    outcome = runner.run()
                except KeyboardInterrupt as exc:
                    # the page that says so, and where (a second Ctrl-C skips it), before
                    # the record: whoever sees the mission interrupted may apply it again
                    # at once, and this apply still holds its lock until it is gone
                    try:
                        page = self._stopped_report(store.state, bus,
                                                    ("interrupted", "interrupted (Ctrl-C)"))
                    except KeyboardInterrupt:
                        page = None
                    store.append(MissionRecord("interrupted", {
                        "reason": "interrupted (Ctrl-C)", "exit_code": 130}).to_dict())
                    raise MissionInterrupted(mid, self.run_dir, page) from exc
                status, code, reason, warnings = self._verdict(outcome.stop,
                                                               outcome.stop_reason,
                                                               store.state)
                stop_code = outcome.stop_code if status == "stopped_budget" else None
                # the page first, for the same reason as above
                stopped_page = (self._stopped_report(store.state, bus, (status, reason))
                                if status in ("failed", "stopped_budget") else None)
                store.append(MissionRecord.ended(status, code, reason, stop_code).to_dict())
                store.wait_durable()
                for w in warnings:
                    bus.emit(E.Notice(w, level="warning"))
                bus.emit(E.MissionFinished(mid, status, code, time.monotonic() - started))
            finally:
                store.close()
                log.close()
        phases = {pid: store.state.phases.get(pid, PhaseState()) for pid in self.graph.order()}
        return MissionResult(mid, self.run_dir, status, code, phases, reason,
                             self._report_path(store.state, stopped_page), warnings,
                             stop_code=stop_code, stopped_report=stopped_page)

    def _stopped_report(self, state: MissionState, bus: E.EventBus,
                        end: tuple[str, str | None]) -> Path | None:
        """The page of a mission that stopped before its report (scout.orchestrator
        .stop_page): what stopped it (``end``: its status and reason), why, what to do;
        its path, or None."""
        return write_stop_page(
            self.pipeline, state, run_dir=self.run_dir, root=self.root,
            view=lambda: self.mission_view(end=end), default_lang=self.config.default_lang,
            warn=lambda text: bus.emit(E.Notice(text, level="warning")))

    def _previous_task(self, artifacts: ArtifactStore) -> Task | None:
        try:
            value = artifacts.read("task")
        except ScoutError:  # no task yet, or a damaged one that F0 rewrites
            return None
        return value if isinstance(value, Task) else None

    def _verdict(self, stop: str | None, stop_reason: str | None, state: MissionState
                 ) -> tuple[str, int, str | None, list[str]]:
        warnings: list[str] = []
        if stop == "budget":
            return "stopped_budget", EXIT_BUDGET, stop_reason, warnings
        required_bad: list[str] = []
        optional_bad: list[str] = []
        partial: list[str] = []
        for pid in self.graph.order():
            st = state.phases.get(pid)
            status = st.status if st else "pending"
            phase: Phase = self.pipeline.phases[pid]
            if status in DONE_OK or status == "skipped":
                if status == "succeeded_partial":
                    partial.append(pid)
                continue
            (optional_bad if phase.optional else required_bad).append(f"{pid} {status}")
        if stop == "failed" or required_bad:
            return "failed", EXIT_PHASE_FAILED, stop_reason or "; ".join(required_bad), warnings
        if optional_bad:
            warnings.append("optional phase(s) did not succeed: " + ", ".join(optional_bad))
        if partial:
            warnings.append("partial results: " + ", ".join(
                f"{pid} ({state.phases[pid].reason})" for pid in partial))
        status = "succeeded_partial" if warnings else "succeeded"
        return status, EXIT_OK, None, warnings

    def _report_path(self, state: MissionState, stopped_page: Path | None) -> Path | None:
        path = self.run_dir / "report.md"
        if not path.is_file() or path == stopped_page:
            return None  # the page of a stop sits in the report's place: it is no answer
        return path if report_current(self.pipeline, state) else None
