"""What runs on the workers: one phase call, or one fan-out item, with its StepContext.

:class:`StepCalls` builds the :class:`~scout.stepkit.context.StepContext` a step gets and
calls the step kind's runner. A one-call phase posts ``("phase", pid, token, outputs,
error)`` to the scheduler; a fan-out item records its outcome in the state log itself
(``records.ItemRecord``) before its worker takes another item.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scout.config.models import Config
from scout.orchestrator import events as E
from scout.orchestrator.artifact_store import Encoded, encode
from scout.orchestrator.facts import PhaseFacts
from scout.orchestrator.fanout import FanoutRun, WorkPool
from scout.orchestrator.outcomes import classify, normalize_outputs
from scout.orchestrator.phase_run import PhaseRun, Recorder
from scout.orchestrator.records import ItemRecord, RunLog
from scout.orchestrator.scope import evaluate, make_scope, render, say
from scout.spec.sandbox import phase_budget
from scout.spec.models import Pipeline
from scout.stepkit.context import Gateway, ItemOutcome, StepContext, StepRequest


class StepCalls:
    def __init__(self, *, mission_id: str, pipeline: Pipeline, config: Config, root: Path,
                 run_dir: Path, today: Any, facts: PhaseFacts, log: RunLog,
                 post: Callable[[tuple[Any, ...]], None], stop: threading.Event,
                 context: dict[str, Any]) -> None:
        self.mission_id, self.pipeline, self.config = mission_id, pipeline, config
        self.root, self.run_dir, self.today = root, run_dir, today
        self.facts, self.log, self.post, self.stop = facts, log, post, stop
        #: what the caller passes every step (``request``, ``mission``; see StepContext)
        self.context = context
        self.pool: WorkPool | None = None
        #: how a worker process builds the providers layer (``remote.py``)
        self.remote_providers: Any = None

    def ctx(self, run: PhaseRun, item: Any = None, index: int | None = None,
            gateway: Gateway | None = None) -> StepContext:
        phase, pid = run.phase, run.pid
        task = self.facts.value("task") if "task" in self.facts.art else None
        full: dict[str, Any] = {}

        def scope() -> dict[str, Any]:
            if not full:
                full.update(make_scope(task, run.inputs, phase.item_var, item,
                                        pipeline=self.pipeline))
            return full

        def emit(event: Any) -> None:
            self.log.bus.emit(event if isinstance(event, E.Event)
                              else E.Notice(str(event), phase=pid))

        where = f"phase '{pid}'" + (f" item {index}" if index is not None else "") + ": "
        token = run.token

        def cancelled() -> bool:
            return run.token != token or run.cancelled or self.stop.is_set()

        assert run.params is not None
        return StepContext(
            mission_id=self.mission_id, phase_id=pid, phase=phase, pipeline=self.pipeline,
            params=run.params, inputs=run.inputs, config=self.config, root=self.root,
            run_dir=self.run_dir, today=self.today, task=task,
            item=item, item_index=index, gateway=gateway or run.gateway,
            render=lambda text: render(text, scope(), where=where),
            say=lambda text: say(text, scope(), pipeline=self.pipeline, root=self.root,
                                 where=where),
            evaluate=lambda expr, **extra: evaluate(expr, {**scope(), **extra}, where=where),
            emit=emit, attempt=run.attempt, **self.context,
            cancelled=cancelled,
        )

    # --- one call -----------------------------------------------------------------------

    def call(self, run: PhaseRun, token: int) -> None:
        try:
            assert run.kind is not None
            with phase_budget():  # every where / order_by / template: one budget
                result = run.kind.load_runner()(self.ctx(run))
            outs = normalize_outputs(result, run.phase.produces, f"phase '{run.pid}'")
            encoded = {name: Encoded.of(value, name) for name, value in outs.items()}
            self.post(("phase", run.pid, token, encoded, None))
        except BaseException as exc:  # noqa: BLE001 - every failure is the phase's outcome
            self.post(("phase", run.pid, token, None, exc))

    def call_pooled(self, run: PhaseRun, token: int) -> None:
        """``call`` on a pool worker: its slot is free again before the answer is read."""
        try:
            self.call(run, token)
        finally:
            assert self.pool is not None
            self.pool.release()

    # --- one item -----------------------------------------------------------------------

    def _remote_submit(self, run: PhaseRun) -> Callable[..., Any] | None:
        """The executor's ``submit_remote`` when this item may run elsewhere: the executor
        has one, and a phase with a gateway has a recipe to build it there (a gateway the
        caller injected stays in this process, so its items do too)."""
        submit = getattr(self.pool.executor, "submit_remote", None) if self.pool else None
        if submit is None or (run.gateway is not None and self.remote_providers is None):
            return None
        return submit

    def _run_remote(self, submit: Callable[..., Any], run: PhaseRun, item: Any, i: int,
                    gateway: Recorder | None) -> Any:
        """Run the item on a worker (``remote.run_item``) and wait; who answered, the cost
        and the events come back and are recorded here as a local item's would be."""
        import os

        from scout.orchestrator.policy import for_gateway
        from scout.orchestrator.remote import ItemJob, run_item

        assert run.params is not None
        extras = {k: v for k, v in self.context.get("extras", {}).items() if not callable(v)}
        job = ItemJob(
            mission_id=self.mission_id, phase_id=run.pid, phase=run.phase,
            pipeline=self.pipeline, params=run.params, inputs=run.inputs, config=self.config,
            root=self.root, run_dir=self.run_dir, today=self.today,
            task=self.facts.value("task") if "task" in self.facts.art else None,
            item=item, index=i, attempt=run.attempt,
            request=self.context.get("request") or StepRequest(), extras=extras,
            providers=self.remote_providers if run.gateway is not None else None,
            gateway_phase=for_gateway(run.phase, self.pipeline.defaults)
            if run.gateway is not None else None, origin_pid=os.getpid())
        reply = submit(run_item, job).result()
        for by, cost in reply.answers:
            if gateway is not None:
                gateway.record(by, cost)
            else:
                run.answer(by, cost)
        for event in reply.events:
            self.log.bus.emit(event if isinstance(event, E.Event)
                              else E.Notice(str(event), phase=run.pid))
        if reply.error is not None:
            raise reply.error
        return reply.value

    def item(self, fr: FanoutRun, i: int) -> bool:
        """Run item ``i`` and record it; True when it must be put back (budget stop)."""
        run = fr.run
        assert run.fp is not None and self.pool is not None
        item = fr.items[i]
        sink: dict[str, Any] = {}
        gateway = None
        if run.gateway is not None:
            def answer(by: str, cost: float) -> None:
                sink["by"] = by
                sink["cost"] = sink.get("cost", 0.0) + cost
                run.answer(by, cost)
            gateway = Recorder(run.gateway.inner, answer)
        raw = None
        failure = None
        try:
            assert run.kind is not None
            remote = self._remote_submit(run)
            if remote is not None:
                result = self._run_remote(remote, run, item, i, gateway)
            else:
                with phase_budget():
                    result = run.kind.load_runner()(self.ctx(run, item, i, gateway))
            produces = run.phase.produces
            outs = normalize_outputs(result, produces, f"phase '{run.pid}' item {i}")
            encoded = {n: encode(v, n) for n, v in outs.items()}
            raw = "{" + ",".join(f"{json.dumps(n)}:{e[2]}" for n, e in encoded.items()) + "}"
            values = {n: e[3] for n, e in encoded.items()}
            outcome = ItemOutcome(i, item, True, values.get(produces[0])
                                  if len(produces) == 1 else values)
            rec = ItemRecord(run.pid, run.fp.value, i, True,
                             schema={n: e[0] for n, e in encoded.items()},
                             answered_by=sink.get("by"), cost=sink.get("cost"))
        except BaseException as exc:  # noqa: BLE001 - an item's failure is its outcome
            failure = classify(exc)
            if failure.budget:
                self.post(("budget", run.pid, -1, failure))
                self.stop.set()
                return True
            outcome = ItemOutcome(i, item, False, None, failure.message)
            rec = ItemRecord(run.pid, run.fp.value, i, False, error=failure.error,
                             answered_by=sink.get("by"), cost=sink.get("cost"))
        self.log.append(rec, raw={"v": raw} if raw else None)
        with self.pool.lock:
            done = fr.record(outcome, failure)
        self.log.item_done(rec, done, len(fr.items), outcome.error)
        return False
