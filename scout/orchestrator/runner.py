"""The scheduler: runs one pipeline's phases in dependency order, durably.

One scheduler thread (the caller's) owns every decision; a ``ThreadPoolExecutor`` with
``max_workers`` threads (config) does the work. Workers report back through a queue,
so the scheduler never blocks inside the pool and fan-outs cannot deadlock it.

- A phase becomes *ready* when every phase it depends on has finished. It is then
  resolved at once when it does not need to run: ``blocked_missing_input`` (a required
  need's producer did not succeed), ``skipped`` (its ``if:`` is false), or reused (it
  succeeded before with the same fingerprint, and its artifacts are intact). Otherwise
  it is marked ``stale`` (when it had a result) and queued.
- Queued phases start under the group rule: phases of one ``parallel_group`` run
  together; a phase without a group runs on its own. Among queued phases the earliest
  in topological order (ties: declaration order) goes first.
- A failed attempt that is retryable is retried after a backoff (``retry``); a phase
  waiting for its retry keeps its slot. A ``failed_terminal`` phase that is not
  ``optional`` stops the mission: nothing new starts, running phases finish.
  ``BudgetExceeded`` stops the mission at once (fan-outs stop between items).
- A fan-out runs ``min(max_parallel, items)`` lanes; each lane takes the next item,
  runs it and records it in the state log before taking another, so a crash loses no
  finished item. Results are gathered in item order.
- Phases started together (a parallel group) hand their work to the pool round-robin
  (first lane of each, then the second of each, ...), so when the group has more lanes
  than ``max_workers`` every member starts at once instead of the first fan-out taking
  every worker until it is done (benchmarks/mission.py).

The class is split by concern: ``decisions.py`` (blocked / skipped / reused / stale),
``failures.py`` (retries, timeouts, stops), ``fanout.py`` (lanes and gathering) and
``phase_run.py`` (per-phase run state, the committer thread).
"""

from __future__ import annotations

import queue
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.config.models import Config
from scout.orchestrator import events as E
from scout.orchestrator.artifact_store import ArtifactStore, Encoded, payloads_json, value_hash
from scout.orchestrator.dag import PhaseGraph
from scout.orchestrator.decisions import DecisionMixin
from scout.orchestrator.failures import FailureMixin
from scout.orchestrator.fanout import FanoutMixin
from scout.orchestrator.outcomes import classify, normalize_outputs
from scout.orchestrator.phase_run import Art, Committer, PhaseRun, Recorder
from scout.orchestrator.scope import evaluate, make_scope, render
from scout.orchestrator.state import MissionState, PhaseStatus
from scout.orchestrator.state_store import StateStore
from scout.spec.models import Phase, Pipeline, RetryPolicy
from scout.steps.context import Gateway, StepContext

GatewayFactory = Callable[[str, Phase], "Gateway | None"]

#: artifacts up to this size (canonical JSON) are recorded inside their phase's record
INLINE_MAX = 1 << 20

S = PhaseStatus


@dataclass
class RunOptions:
    #: phases to rerun whatever their fingerprint says, with the reason (downstream of a
    #: --force phase already included)
    force: dict[str, str] = field(default_factory=dict)
    max_workers: int = 8
    gateway_factory: GatewayFactory | None = None
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random = field(default_factory=random.Random)


@dataclass
class RunOutcome:
    stop: str | None  # None, "failed", "budget", "interrupted"
    stop_reason: str | None
    statuses: dict[str, str]


class Runner(DecisionMixin, FanoutMixin, FailureMixin):
    def __init__(
        self,
        *,
        mission_id: str,
        pipeline: Pipeline,
        graph: PhaseGraph,
        config: Config,
        store: StateStore | None,
        artifacts: ArtifactStore,
        bus: E.EventBus,
        root: Path,
        run_dir: Path,
        today: Any,
        inputs: dict[str, Any],
        request_hash: str,
        extras: dict[str, Any] | None = None,
        options: RunOptions | None = None,
        on_artifact: Callable[[str, Any], None] | None = None,
        state: MissionState | None = None,
        payloads: dict[str, dict[str, dict[str, Any]]] | None = None,
    ) -> None:
        self.mission_id = mission_id
        self.pipeline = pipeline
        self.graph = graph
        self.config = config
        self.store = store  # None when planning (nothing is written)
        #: artifact payloads recorded with each phase's latest success (to restore files)
        self.payloads = payloads if payloads is not None else \
            (store.payloads if store is not None else {})
        assert store is not None or state is not None
        self.state = state if state is not None else store.state  # type: ignore[union-attr]
        self.artifacts = artifacts
        self.bus = bus
        self.root = root
        self.run_dir = run_dir
        self.today = today
        self.extras = extras or {}
        self.opt = options or RunOptions()
        self.on_artifact = on_artifact
        self.request_hash = request_hash
        self.clock = self.opt.clock
        self._q: queue.SimpleQueue[tuple] = queue.SimpleQueue()
        order = graph.order()
        self.order = order
        self.producer: dict[str, str] = {}
        for pid, ph in pipeline.phases.items():
            for art in ph.produces:
                self.producer.setdefault(art, pid)
        self.runs = {pid: PhaseRun(pid, pipeline.phases[pid], i, len(graph.predecessors(pid)))
                     for i, pid in enumerate(order)}
        self.succ = {pid: graph.successors(pid) for pid in order}
        self.art: dict[str, Art] = {name: Art(value_hash(v), v) for name, v in inputs.items()}
        self.input_names = set(inputs)
        self._active: set[str] = set()
        #: runs by scheduler state, so no loop scans every phase
        self._by_state: dict[str, set[PhaseRun]] = {"queued": set(), "running": set(),
                                                      "retry": set()}
        self._group: str | None = None
        self._in_flight = 0
        self._stop: str | None = None
        self._stop_reason: str | None = None
        self._stop_flag = threading.Event()
        self._pool: ThreadPoolExecutor | None = None
        #: work of the phases being started together, submitted round-robin (see _submit)
        self._batch: list[list[tuple[Callable[..., None], tuple[Any, ...]]]] | None = None
        self._committer = Committer()

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> RunOutcome:
        self._pool = ThreadPoolExecutor(max_workers=self.opt.max_workers,
                                        thread_name_prefix="scout-step")
        interrupted = False
        try:
            self._resolve([pid for pid in self.order if self.runs[pid].preds_left == 0])
            while True:
                self._start_queued()
                if self._in_flight == 0:
                    waiting = list(self._by_state["retry"])
                    if not waiting:
                        if self._stop is None and self._by_state["queued"]:
                            continue  # phases queued by a phase that finished synchronously
                        break
                    due = min(r.retry_at or 0.0 for r in waiting)
                    delay = due - self.clock()
                    if delay > 0:
                        self.opt.sleep(delay)
                    # the sleep stands for the wait, even when an injected sleep (tests)
                    # does not move the clock: start what was due
                    for r in sorted(waiting, key=lambda r: r.index):
                        if r.retry_at is not None and r.retry_at <= due:
                            r.retry_at = None
                            self._start(r)
                    self._fire_retries()
                    continue
                try:
                    msg = self._q.get(timeout=self._wait_timeout())
                except queue.Empty:
                    msg = None
                while msg is not None:
                    self._handle(msg)
                    try:
                        msg = self._q.get_nowait()
                    except queue.Empty:
                        msg = None
                self._check_deadlines()
                self._fire_retries()
                if self._committer.error is not None and self._stop is None:
                    self._stop_all("failed", f"could not record results: {self._committer.error}")
        except KeyboardInterrupt:
            interrupted = True
            self._stop_all("interrupted", "interrupted (Ctrl-C)")
            raise
        finally:
            self._pool.shutdown(wait=not interrupted, cancel_futures=True)
            try:
                self._committer.drain()
            finally:
                self._committer.close()
        self._mark_unstarted()
        return RunOutcome(self._stop, self._stop_reason,
                          {pid: r.final or S.PENDING.value for pid, r in self.runs.items()})

    def _set(self, run: PhaseRun, state: str) -> None:
        old = self._by_state.get(run.state)
        if old is not None:
            old.discard(run)
        new = self._by_state.get(state)
        if new is not None:
            new.add(run)
        run.state = state

    def _wait_timeout(self) -> float | None:
        times = [r.deadline for r in self._by_state["running"] if r.deadline is not None]
        times += [r.retry_at for r in self._by_state["retry"] if r.retry_at is not None]
        if not times:
            return None
        return max(0.0, min(times) - self.clock())

    def _handle(self, msg: tuple) -> None:
        kind, pid, token = msg[0], msg[1], msg[2]
        if kind == "budget":  # an item hit the budget cap; its lane reports separately
            self._stop_all("budget", f"budget cap reached: {msg[3].message}")
            return
        self._in_flight -= 1
        run = self.runs[pid]
        if token != run.token or run.state != "running":
            return  # an abandoned (timed out) attempt reporting late
        if kind == "phase":
            outputs, exc = msg[3], msg[4]
            if exc is not None:
                self._failed(run, classify(exc))
            else:
                self._succeeded(run, outputs, S.SUCCEEDED.value, None)
        elif kind == "lane":
            run.lanes -= 1
            if run.lanes == 0:
                self._finish_fanout(run)

    # --- readiness (decisions: decisions.py) ------------------------------------------------------

    def _resolve(self, ready: list[str]) -> None:
        work = deque(ready)
        while work:
            pid = work.popleft()
            if self._stop is not None:
                continue  # nothing new is decided once the mission stops
            run = self.runs[pid]
            done_now = self._decide(run)
            if done_now:
                work.extend(self._release(run))

    def _release(self, run: PhaseRun) -> list[str]:
        ready = []
        for s in self.succ[run.pid]:
            r = self.runs[s]
            r.preds_left -= 1
            if r.preds_left == 0:
                ready.append(s)
        return ready

    # --- starting ---------------------------------------------------------------------

    def _start_queued(self) -> None:
        if self._stop is not None:
            return
        queued = sorted(self._by_state["queued"], key=lambda r: r.index)
        if not queued:
            return
        self._batch = []
        try:
            self._start_ready(queued)
        finally:
            batch, self._batch = self._batch, None
            self._flush(batch)

    def _submit(self, work: list[tuple[Callable[..., None], tuple[Any, ...]]]) -> None:
        """Hand one phase's work (its lanes, or its one call) to the pool; while phases
        are being started together it is held and interleaved with theirs."""
        if self._batch is not None:
            self._batch.append(work)
        else:
            self._flush([work])

    def _flush(self, batch: list[list[tuple[Callable[..., None], tuple[Any, ...]]]]) -> None:
        assert self._pool is not None
        depth = max((len(w) for w in batch), default=0)
        for k in range(depth):  # round-robin: every phase's first lane, then second, ...
            for work in batch:
                if k < len(work):
                    fn, args = work[k]
                    self._pool.submit(fn, *args)

    def _start_ready(self, queued: list[PhaseRun]) -> None:
        if not self._active:
            first = queued[0]
            self._group = first.phase.parallel_group
            self._start(first)
            if self._group is None:
                return
            queued = queued[1:]
        if self._group is None:
            return
        for r in queued:
            if self._stop is not None:
                return
            if r.phase.parallel_group == self._group and r.state == "queued":
                self._start(r)

    def _policy(self, phase: Phase) -> RetryPolicy:
        return phase.retry or self.pipeline.defaults.retry or RetryPolicy()

    def _start(self, run: PhaseRun) -> None:
        phase = run.phase
        self._active.add(run.pid)
        if run.attempt == 0:
            run.started = self.clock()
            run.inputs = {n: self._value(n) for n in phase.need_names}
            if self.opt.gateway_factory is not None and run.gateway is None:
                inner = self.opt.gateway_factory(run.pid, phase)
                if inner is not None:
                    run.gateway = Recorder(inner, lambda by, c, r=run: self._answered(r, by, c))
            if phase.for_each is not None:
                self._prepare_fanout(run)
        run.attempt += 1
        run.token += 1
        self._set(run, "running")
        run.cancelled = False
        run.timed_out = False
        timeout = phase.timeout or self.pipeline.defaults.timeout
        run.deadline = self.clock() + timeout if timeout else None
        assert run.fp is not None
        rec: dict[str, Any] = {"ev": "phase", "phase": run.pid, "status": S.RUNNING.value,
                               "attempt": run.attempt, "fp": run.fp.value,
                               "fp_parts": run.fp.parts}
        if run.items is not None:
            rec["items_total"] = len(run.items)
            rec["items_reused"] = sum(1 for o in run.results.values() if o.ok)
        self.store.append(rec)
        self.bus.emit(E.PhaseStarted(run.pid, run.attempt, phase.uses,
                                     rec.get("items_total"), rec.get("items_reused", 0)))
        assert self._pool is not None
        if run.items is None:
            self._in_flight += 1
            if self._group is None and run.deadline is None:
                # a phase that runs on its own and has no timeout gains nothing from a pool
                # thread: run it here and spare two thread handoffs (its answer still
                # arrives through the queue, like any other)
                self._call_phase(run, run.token)
            else:
                self._submit([(self._call_phase, (run, run.token))])
            return
        run.pending = deque(i for i in range(len(run.items))
                            if i not in run.results or not run.results[i].ok)
        mp = phase.max_parallel or self.pipeline.defaults.max_parallel or self.opt.max_workers
        lanes = min(mp, len(run.pending))
        if lanes == 0:
            self._finish_fanout(run)
            return
        run.lanes = lanes
        self._in_flight += lanes
        self._submit([(self._lane, (run, run.token))] * lanes)

    def _answered(self, run: PhaseRun, by: str, cost: float) -> None:
        with run.lock:
            if by:
                run.answered[by] += 1
            run.cost += cost

    def _ctx(self, run: PhaseRun, item: Any = None, index: int | None = None,
             gateway: Gateway | None = None) -> StepContext:
        phase, pid = run.phase, run.pid
        task = self._value("task") if "task" in self.art else None
        full: dict[str, Any] = {}

        def scope() -> dict[str, Any]:
            if not full:
                full.update(make_scope(task, run.inputs, phase.item_var, item))
            return full

        where = f"phase '{pid}'" + (f" item {index}" if index is not None else "") + ": "
        return StepContext(
            mission_id=self.mission_id, phase_id=pid, phase=phase, pipeline=self.pipeline,
            params=run.params, inputs=run.inputs, config=self.config, root=self.root,
            run_dir=self.run_dir, today=self.today,
            task=task,
            item=item, item_index=index, gateway=gateway or run.gateway,
            render=lambda text: render(text, scope(), where=where),
            evaluate=lambda expr, **extra: evaluate(expr, {**scope(), **extra}, where=where),
            emit=self._step_emit(pid), extras=self.extras, attempt=run.attempt,
            cancelled=lambda t=run.token: run.token != t or run.cancelled
            or self._stop_flag.is_set(),
        )

    def _step_emit(self, pid: str) -> Callable[[Any], None]:
        def emit(event: Any) -> None:
            if isinstance(event, E.Event):
                self.bus.emit(event)
            else:
                self.bus.emit(E.Notice(str(event), phase=pid))
        return emit

    # --- plain phases -----------------------------------------------------------------

    def _call_phase(self, run: PhaseRun, token: int) -> None:
        try:
            assert run.kind is not None
            result = run.kind.load_runner()(self._ctx(run))
            outs = normalize_outputs(result, run.phase.produces, f"phase '{run.pid}'")
            encoded = {name: Encoded.of(value, name) for name, value in outs.items()}
            self._q.put(("phase", run.pid, token, encoded, None))
        except BaseException as exc:  # noqa: BLE001 - every failure is the phase's outcome
            self._q.put(("phase", run.pid, token, None, exc))

    def _succeeded(self, run: PhaseRun, encoded: dict[str, Encoded], status: str,
                   reason: str | None) -> None:
        """Record a phase's results; downstream phases may start at once with the values
        in memory.

        Small artifacts (all under ``INLINE_MAX``) travel inside the ``succeeded`` record
        itself: that one log line makes the phase durable, and the committer thread then
        writes the files (restored from the log if a crash loses them). A phase with a
        large artifact has the committer write its files, fsynced, and then the record.
        """
        for name, enc in encoded.items():
            self.art[name] = Art(enc.hash, enc.loaded)
        rec: dict[str, Any] = {"ev": "phase", "phase": run.pid, "status": status,
                               "attempt": run.attempt,
                               "outputs": {n: e.hash for n, e in encoded.items()},
                               "answered_by": dict(run.answered), "cost_usd": round(run.cost, 6)}
        if reason:
            rec["reason"] = reason
        pid, fp = run.pid, run.fp.value if run.fp else ""
        store, artifacts, on_artifact = self.store, self.artifacts, self.on_artifact
        assert store is not None
        inline = all(len(e.text) <= INLINE_MAX for e in encoded.values())

        def write_files(fsync: bool) -> None:
            for enc in encoded.values():
                artifacts.store(enc, producer=pid, fingerprint=fp, fsync=fsync)
                if on_artifact is not None:
                    on_artifact(enc.name, enc.loaded)

        if inline:
            store.append(rec, raw={"payloads": payloads_json(encoded)} if encoded else None)
            self._committer.submit(lambda: write_files(False))
        else:
            def commit() -> None:
                write_files(store.durability != "off")
                store.append(rec)
            self._committer.submit(commit)
        self._done(run, status, reason=reason)

    def _done(self, run: PhaseRun, status: str, *, reason: str | None = None,
              error: str | None = None, release: bool = True) -> None:
        run.final = status
        self._set(run, "done")
        self._active.discard(run.pid)
        if not self._active:
            self._group = None
        items_ok = items_failed = None
        if run.items is not None:
            items_ok = sum(1 for o in run.results.values() if o.ok)
            items_failed = len(run.items) - items_ok
        self.bus.emit(E.PhaseFinished(
            run.pid, status, attempt=run.attempt, duration_s=round(self.clock() - run.started, 6)
            if run.started else 0.0, reason=reason, error=error,
            answered_by=tuple(a for a, _ in run.answered.most_common()), cost_usd=run.cost,
            items_ok=items_ok, items_failed=items_failed))
        if release:
            self._resolve(self._release(run))

    def _finish_quiet(self, run: PhaseRun, status: str, reason: str) -> None:
        """skipped / blocked: recorded when it differs from what the state says."""
        prev = self.state.phases.get(run.pid)
        if prev is None or prev.status != status or prev.reason != reason:
            self.store.append({"ev": "phase", "phase": run.pid, "status": status,
                               "reason": reason})
        run.final = status
        self._set(run, "done")
        self.bus.emit(E.PhaseStatusChanged(run.pid, status, reason))
