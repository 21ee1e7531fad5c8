"""One mission: a pipeline, a request, a run directory; plan it or run it to the end.

:class:`MissionRunner` ties the pieces together: it resolves the request's inputs
against the pipeline, takes the mission lock, opens the state log and the artifact
store, calls the injected ``preflight`` hook, runs the scheduler (``runner.py``) and
turns the outcome into a mission status and an exit code (DESIGN.md §3; the mapping
and :class:`~scout.orchestrator.mission_result.MissionResult` are
:mod:`scout.orchestrator.mission_result`'s). The request and its inputs are
:mod:`scout.orchestrator.mission_request`'s.

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
from pathlib import Path
from typing import Any

from scout.config.models import Config
from scout.errors import ScoutError
from scout.errors.interrupt import interrupt_reason
from scout.fsutil import STALE_TMP_S, read_stored, remove_stale_tmp
from scout.orchestrator import events as E
from scout.orchestrator.artifact_store import ArtifactStore, canonical, content_hash, value_hash
from scout.spec.dag import PhaseGraph
from scout.orchestrator.locks import mission_lock
from scout.orchestrator.mission_request import (MissionRequest, asked_lang, coerce_inputs,
                                                expand_force, input_values)
from scout.orchestrator.mission_result import MissionInterrupted, MissionResult, verdict
from scout.orchestrator.planner import PhasePlan, plan
from scout.orchestrator.records import MissionRecord
from scout.orchestrator.executor import Executor
from scout.orchestrator.facts import PhaseFacts
from scout.orchestrator.phase_run import Art
from scout.spec.dag import producers
from scout.orchestrator.options import GatewayFactory, RunOptions
from scout.orchestrator.runner import Runner
from scout.orchestrator.state import MissionState, PhaseState
from scout.orchestrator.stop_page import report_current, write_stop_page
from scout.orchestrator.stoprequest import stoppable
from scout.orchestrator.state_store import (
    Durability,
    StateStore,
    atomic_write_bytes,
    load_state,
    read_payloads,
)
from scout.paths import mission_dir
from scout.report.files import project_locales
from scout.schemas.task import Task
from scout.spec.models import Pipeline
from scout.stepkit.context import StepRequest
from scout.task.values import to_jsonable

__all__ = ["MissionRunner", "Preflight"]

Preflight = Callable[[Pipeline, Config, list[str]], "Iterable[str] | None"]


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
        #: the request's language, known before any phase: the console and the errors
        #: before the task phase speak it (the Task's ``lang`` is read with more words)
        self.lang = asked_lang(request.query, request.inputs, config.default_lang)
        self.overrides = coerce_inputs(pipeline, request.inputs, lang=self.lang,
                                       locales=project_locales(self.root / "templates"))
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
            # the file as an absolute path and the options it was applied with: what
            # `scout status` names to resume it as it was started (a --replay kept)
            "apply_file": os.path.abspath(self.request.mission_file
                                          or self.request.pipeline_path),
            "apply_args": list(self.request.apply_args),
            "task": task.model_dump(mode="json") if task is not None else None,
        }
        return doc

    def _write_task_json(self, doc: dict[str, Any]) -> None:
        path = self.run_dir / "task.json"
        data = (json.dumps(doc, indent=2, ensure_ascii=False, default=str) + "\n").encode()
        try:  # not through a link, a FIFO or /dev/zero: then it is replaced
            if read_stored(path, limit=len(data)) == data:
                return
        except (OSError, ValueError):
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
            # the temp files a killed apply was writing (SIGKILL, a crash, a power cut),
            # all from before this lock; one a live writer holds (a report being
            # rendered beside us) is left
            remove_stale_tmp(self.run_dir, before=time.time())
            # and the runs folder's own files (its runs index), which every apply and
            # `scout runs` write: a killed one's, never a live writer's (its lock), and
            # only an old one where a file system has no flock
            remove_stale_tmp(self.request.runs_dir, before=time.time() - STALE_TMP_S,
                             deep=False)
            store = StateStore(self.run_dir, mission_id=mid, durability=self.durability,
                               snapshot_interval=self.snapshot_interval)
            log = E.MissionLog(str(self.run_dir / "mission.log"))
            bus = E.EventBus([log, *self.subscribers])
            for note in lock.notices:  # a dead holder's lease taken over
                bus.emit(E.Notice(note, level="warning"))
            relay = E.LogNotices(bus).attach()  # scout's log warnings, as notices
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
                                          resumed, lang=self.lang))
                runner = self._runner(store=store, artifacts=artifacts, bus=bus)
                try:
                    # another thread (a batch the system stops) may ask it to stop as
                    # Ctrl-C would: the scheduler raises the interrupt posted to it
                    with stoppable(lambda cause: runner.calls.post(
                            ("interrupt", None, None, cause))):
                        outcome = runner.run()
                except KeyboardInterrupt as exc:
                    # the page that says so, and where (a second Ctrl-C skips it), before
                    # the record: whoever sees the mission interrupted may apply it again
                    # at once, and this apply still holds its lock until it is gone. Its
                    # reason says who stopped it: the user (Ctrl-C) or the system (SIGTERM)
                    why = interrupt_reason(exc)
                    try:
                        page = self._stopped_report(store.state, bus, ("interrupted", why))
                    except KeyboardInterrupt:
                        page = None
                    store.append(MissionRecord("interrupted", {
                        "reason": why, "exit_code": 130}).to_dict())
                    raise MissionInterrupted(mid, self.run_dir, page,
                                             self._result_lang(), why) from exc
                status, code, reason, warnings = verdict(self.pipeline, self.graph.order(),
                                                         outcome.stop, outcome.stop_reason,
                                                         store.state)
                stop_code = outcome.stop_code if status == "stopped_budget" else None
                # the page first, for the same reason as above
                stopped_page = (self._stopped_report(store.state, bus, (status, reason))
                                if status in ("failed", "stopped_budget") else None)
                store.append(MissionRecord.ended(status, code, reason, stop_code).to_dict())
                store.wait_durable()
                warnings = [*self.request.notes, *warnings]  # what resolving it changed
                for w in warnings:
                    bus.emit(E.Notice(w, level="warning"))
                bus.emit(E.MissionFinished(mid, status, code, time.monotonic() - started))
            finally:
                relay.detach()
                store.close()
                log.close()
        phases = {pid: store.state.phases.get(pid, PhaseState()) for pid in self.graph.order()}
        return MissionResult(mid, self.run_dir, status, code, phases, reason,
                             self._report_path(store.state, stopped_page), warnings,
                             stop_code=stop_code, stopped_report=stopped_page,
                             lang=self._result_lang())

    def _result_lang(self) -> str:
        """The request's language as the report has it: the Task's once the task phase
        read the request (task.json), else the one read before any phase."""
        from scout.report.stopped import request_lang

        return request_lang(self.run_dir, self.lang)

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

    def _report_path(self, state: MissionState, stopped_page: Path | None) -> Path | None:
        path = self.run_dir / "report.md"
        if not path.is_file() or path == stopped_page:
            return None  # the page of a stop sits in the report's place: it is no answer
        return path if report_current(self.pipeline, state) else None
