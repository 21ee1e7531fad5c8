"""The scheduler: runs one pipeline's phases in dependency order, durably.

One scheduler thread (the caller's) owns every decision; an executor (``executor.py``)
does the work and workers report back through a queue, so the scheduler never blocks
inside the pool. Its collaborators, each in its own module: ``board.py`` (where each
phase is; the group rule), ``decide.py`` + ``facts.py`` (blocked / skipped / reused /
stale), ``policy.py`` (retries, timeouts, stops), ``fanout.py`` (items sharing the
workers by need, gathered in item order), ``work.py`` (the step calls),
``records.py`` (state-log records and events), ``results.py`` (durable results),
``stopping.py`` (the stop that stands: failed, budget, interrupted).
A ``failed_terminal`` phase that is not ``optional`` stops the mission: nothing new
starts, running phases finish; ``BudgetExceeded`` and Ctrl-C stop it at once (the
outcome keeps the stopping error's code: RUN004 the mission's cap, RUN008 its batch's).
"""

from __future__ import annotations

import queue
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scout.config.models import Config
from scout.errors import ScoutError, StepError, interrupt_reason
from scout.orchestrator import events as E
from scout.orchestrator import policy
from scout.orchestrator.artifact_store import ArtifactStore, Encoded, value_hash
from scout.orchestrator.board import Board
from scout.spec.dag import PhaseGraph, producers
from scout.orchestrator.options import RunOptions, RunOutcome
from scout.orchestrator.decide import decide, missing_needs
from scout.orchestrator.executor import make_executor
from scout.orchestrator.facts import PhaseFacts
from scout.orchestrator.fanout import FanoutRun, WorkPool, items_of
from scout.orchestrator.outcomes import Failure, classify
from scout.orchestrator.phase_run import Art, PhaseRun, Recorder
from scout.orchestrator.records import RunLog
from scout.orchestrator.results import ResultWriter
from scout.orchestrator.state import DONE_OK, MissionState, PhaseStatus
from scout.orchestrator.state_store import StateStore
from scout.orchestrator.stopping import AT_ONCE, Stop
from scout.orchestrator.work import StepCalls
from scout.spec.models import Pipeline

S = PhaseStatus


class Runner:
    def __init__(self, *, mission_id: str, pipeline: Pipeline, graph: PhaseGraph,
                 config: Config, store: StateStore, artifacts: ArtifactStore, bus: E.EventBus,
                 root: Path, run_dir: Path, today: Any, inputs: dict[str, Any],
                 request_hash: str, context: dict[str, Any] | None = None,
                 options: RunOptions | None = None,
                 on_artifact: Callable[[str, Any], None] | None = None) -> None:
        self.pipeline, self.config, self.store = pipeline, config, store
        self.state: MissionState = store.state
        self.opt = options or RunOptions()
        self.clock = self.opt.clock
        self.log = RunLog(store, bus, self.state)
        self.facts = PhaseFacts(
            artifacts=artifacts, payloads=store.payloads,
            inputs={n: Art(value_hash(v), v) for n, v in inputs.items()}, root=root,
            run_dir=run_dir, request_hash=request_hash, writes=True,
            config=config)
        self.input_names = set(inputs)
        self.order = graph.order()
        self.producer = producers(pipeline)
        self.runs = {pid: PhaseRun(pid, pipeline.phases[pid], i, len(graph.predecessors(pid)))
                     for i, pid in enumerate(self.order)}
        self.board = Board(self.runs, {pid: graph.successors(pid) for pid in self.order})
        self.fanouts: dict[str, FanoutRun] = {}
        self._q: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._in_flight = 0
        self.stop = Stop()
        self._plain: list[tuple[PhaseRun, int]] | None = None  # held while starting a batch
        self.results = ResultWriter(self.log, artifacts, on_artifact)
        self._committer = self.results.committer
        self.calls = StepCalls(mission_id=mission_id, pipeline=pipeline, config=config,
                               root=root, run_dir=run_dir, today=today, facts=self.facts,
                               log=self.log, post=self._q.put, stop=self.stop.flag,
                               context=context or {})

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> RunOutcome:
        ex = self.config.executor
        make = self.opt.executor or (lambda n: make_executor(ex.kind, n, ex.options()))
        executor = make(self.opt.max_workers)
        self.pool = WorkPool(executor, self._q.put, self.stop.flag,
                             capacity=min(self.opt.max_workers, executor.capacity))
        self.calls.pool = self.pool
        self.calls.remote_providers = self.opt.remote_providers
        interrupted = False
        try:
            self._resolve([pid for pid in self.order if self.runs[pid].preds_left == 0])
            while True:
                self._start_queued()
                if self._in_flight == 0:
                    due = self.board.next_wake() if self.board.by_state["retry"] else None
                    if due is None:
                        if self.stop.kind is None and self.board.by_state["queued"]:
                            continue  # phases queued by a phase that finished synchronously
                        break
                    woke = self.opt.wait(self._q, due - self.clock())  # the retry's back-off
                    if woke is not None:  # before it was due: a stop (raises), or a report
                        self._handle(woke)
                        continue
                    self._fire_retries(max(due, self.clock()))  # even if a test's sleep left the clock
                    continue
                wake = self.board.next_wake()
                try:
                    msg: tuple[Any, ...] | None = self._q.get(
                        timeout=None if wake is None else max(0.0, wake - self.clock()))
                except queue.Empty:
                    msg = None
                while msg is not None:
                    self._handle(msg)
                    try:
                        msg = self._q.get_nowait()
                    except queue.Empty:
                        msg = None
                self._check_deadlines()
                self._fire_retries(self.clock())
                self.pool.top_up()
                if self._committer.error is not None and self.stop.kind is None:
                    self._stop_all("failed", f"could not record results: {self._committer.error}")
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (the reason says which)
            interrupted = True
            self._stop_all("interrupted", interrupt_reason(exc))
            raise
        finally:
            executor.shutdown(wait=not interrupted, cancel=True)
            try:
                self._committer.drain()
            finally:
                self._committer.close()
        self._mark_unstarted()
        return self.stop.outcome({pid: r.final or S.PENDING.value for pid, r in self.runs.items()})

    def _handle(self, msg: tuple[Any, ...]) -> None:
        kind, pid, token = msg[0], msg[1], msg[2]
        if kind == "interrupt":  # another thread asks it to stop as Ctrl-C would (stoprequest)
            raise msg[3]()
        if kind == "budget":  # an item hit the budget cap; its fan-out reports separately
            self._stop_budget(msg[3])
            return
        self._in_flight -= 1
        run = self.runs[pid]
        if token != run.token or run.state != "running":
            return  # an abandoned (timed out) attempt reporting late
        if kind == "phase":
            if msg[4] is not None:
                self._failed(run, classify(msg[4]))
            else:
                self._succeeded(run, msg[3], S.SUCCEEDED.value, None)
        elif kind == "fanout":
            self._finish_fanout(run)

    # --- readiness --------------------------------------------------------------------

    def _resolve(self, ready: list[str]) -> None:
        work = deque(ready)
        while work:
            pid = work.popleft()
            if self.stop.kind is not None:
                continue  # nothing new is decided once the mission stops
            run = self.runs[pid]
            if self._decide(run):
                work.extend(self.board.release(run))

    def _decide(self, run: PhaseRun) -> bool:
        """Resolve ``run`` now (blocked/skipped/reused/error -> True) or queue it."""
        pid, phase = run.pid, run.phase
        prev = self.state.phases.get(pid)
        d = decide(missing=missing_needs(phase, self.producer, self.input_names, lambda src: None
                   if self.runs[src].final in DONE_OK else self.runs[src].final),
                   forced=self.opt.force.get(pid), prev=prev,
                   prepare=lambda: self.facts.prepare(run),
                   damage=lambda p: self.facts.damage(pid, p, phase.produces),
                   errors=(ScoutError, LookupError, ValueError))
        if d.action in ("blocked", "skipped"):
            status = S.BLOCKED_MISSING_INPUT if d.action == "blocked" else S.SKIPPED
            self._finish_quiet(run, status.value, d.reason)
        elif d.action == "error":
            exc = d.error if isinstance(d.error, ScoutError) else StepError(str(d.error))
            self._terminal(run, classify(exc), d.reason, release=False)
        elif d.action == "reused":
            assert prev is not None
            run.final = prev.status
            self.board.set(run, "done")
            self.facts.keep(prev.outputs)
            self.log.reused(pid, prev.status, d.reason)
        else:
            if d.stale:
                self.log.status(pid, S.STALE.value, d.reason)
            self.board.set(run, "queued")
            return False
        return True

    # --- starting ---------------------------------------------------------------------

    def _start_queued(self) -> None:
        if self.stop.kind is not None:
            return
        startable = self.board.startable()
        if not startable:
            return
        self._plain = []
        try:
            for r in startable:
                if self.stop.kind is not None:
                    break
                if r.state == "queued":  # not resolved meanwhile by a synchronous finish
                    self._start(r)
        finally:
            plain, self._plain = self._plain, None
            # one-call phases first, then the fan-outs' items fill the rest of the pool,
            # so every member of a group starts at once
            for run, token in plain:
                self._submit_call(run, token)
            self.pool.top_up()

    def _submit_call(self, run: PhaseRun, token: int) -> None:
        self.pool.reserve()
        self.pool.executor.submit(self.calls.call_pooled, run, token)

    def _start(self, run: PhaseRun) -> None:
        phase, pid = run.phase, run.pid
        if run.attempt == 0:
            run.started = self.clock()
            run.inputs = {n: self.facts.value(n) for n in phase.need_names}
            if self.opt.gateway_factory is not None and run.gateway is None:
                inner = self.opt.gateway_factory(pid, policy.for_gateway(phase,
                                                                         self.pipeline.defaults))
                if inner is not None:
                    run.gateway = Recorder(inner, run.answer)
            if phase.for_each is not None:
                assert run.fp is not None
                fr = FanoutRun(run, items_of(run.inputs.get(phase.for_each)))
                fr.reuse(self.store.done_items(pid, run.fp.value), phase.produces)
                self.fanouts[pid] = fr
        run.attempt += 1
        run.token += 1
        self.board.set(run, "running")
        run.cancelled = run.timed_out = False
        timeout = policy.timeout_of(phase, self.pipeline.defaults)
        run.deadline = self.clock() + timeout if timeout else None
        fanout = self.fanouts.get(pid)
        self.log.started(pid, run.attempt, run.fp, phase.uses,
                         len(fanout.items) if fanout else None, fanout.n_ok if fanout else 0)
        if fanout is None:
            self._in_flight += 1
            if self.board.group is None and run.deadline is None:
                # a phase that runs on its own and has no timeout gains nothing from a pool
                # thread: run it here and spare two thread handoffs (its answer still
                # arrives through the queue, like any other)
                self.calls.call(run, run.token)
            elif self._plain is not None:
                self._plain.append((run, run.token))
            else:
                self._submit_call(run, run.token)
            return
        limit = phase.max_parallel or self.pipeline.defaults.max_parallel or self.opt.max_workers
        if fanout.begin(run.token, limit) == 0:
            self._finish_fanout(run)
            return
        self._in_flight += 1
        self.pool.add(fanout, self.calls.item)
        if self._plain is None:  # not part of a batch (a retry): its items start now
            self.pool.top_up()

    # --- finishing --------------------------------------------------------------------

    def _finish_fanout(self, run: PhaseRun) -> None:
        if self.stop.kind in AT_ONCE:
            self._record_stopped(run)
            return
        failure, encoded, partial = self.fanouts[run.pid].ending(run, self.pipeline.defaults)
        if failure is not None:
            self._failed(run, failure)
        else:
            self._succeeded(run, encoded, S.SUCCEEDED_PARTIAL.value if partial
                            else S.SUCCEEDED.value, partial)

    def _succeeded(self, run: PhaseRun, encoded: dict[str, Encoded], status: str,
                   reason: str | None) -> None:
        """Record a phase's results (``results.py``); downstream phases may start at once
        with the values in memory."""
        for name, enc in encoded.items():
            self.facts.art[name] = Art(enc.hash, enc.loaded)
        self.results.record(run, encoded, status, reason)
        self._done(run, status, reason=reason)

    def _done(self, run: PhaseRun, status: str, *, reason: str | None = None,
              error: str | None = None, release: bool = True) -> None:
        run.final = status
        self.board.set(run, "done")
        fr = self.fanouts.get(run.pid)
        items_ok = fr.n_ok if fr else None
        self.log.finished(
            run.pid, status, attempt=run.attempt, reason=reason, error=error,
            duration_s=round(self.clock() - run.started, 6) if run.started else 0.0,
            answered=tuple(a for a, _ in run.answered.most_common()), cost=run.cost,
            items_ok=items_ok, items_failed=len(fr.items) - fr.n_ok if fr else None)
        if release:
            self._resolve(self.board.release(run))

    def _finish_quiet(self, run: PhaseRun, status: str, reason: str) -> None:
        """skipped / blocked: recorded when it differs from what the state says."""
        self.log.status(run.pid, status, reason, always=False)
        run.final = status
        self.board.set(run, "done")

    # --- failures and stops (the policy: policy.py) -----------------------------------

    def _failed(self, run: PhaseRun, failure: Failure) -> None:
        if failure.budget:
            self._stop_budget(failure)
            self._record_stopped(run)
            return
        retry = policy.retry_policy(run.phase, self.pipeline.defaults)
        v = policy.after_failure(failure, retry, run.attempt, stopping=self.stop.kind == "budget",
                                 rng=self.opt.rng)
        if not v.retry:
            self._terminal(run, failure, v.reason)
            return
        self.log.retrying(run.pid, run.attempt, failure.error, v.reason, v.delay,
                          failure.message)
        self.board.set(run, "retry")
        run.retry_at = self.clock() + v.delay

    def _terminal(self, run: PhaseRun, failure: Failure, why: str, *,
                  release: bool = True) -> None:
        self.log.terminal(run.pid, run.attempt, failure.error, f"{why}: {failure.message}")
        self.board.leave(run)
        if policy.stops_mission(run.phase):
            self._stop_all("failed", policy.stopped_by(run.pid, failure.message))
        else:
            self.log.optional_failed(run.pid, failure.message)
        self._done(run, S.FAILED_TERMINAL.value, reason=why, error=failure.message,
                   release=release)

    def _record_stopped(self, run: PhaseRun) -> None:
        reason = f"stopped: {self.stop.reason}"
        self.log.stopped(run.pid, run.attempt, reason)
        self._done(run, S.FAILED_RETRYABLE.value, reason=reason)

    def _stop_budget(self, failure: Failure) -> None:
        """A budget cap refused a call: stop, keeping which cap (the error's code)."""
        self._stop_all("budget", f"budget cap reached: {failure.message}",
                       code=failure.code)

    def _stop_all(self, kind: str, reason: str, *, code: str | None = None) -> None:
        if self.stop.take(kind, reason, code):
            self.log.stopping(reason, level="error" if kind != "interrupted" else "warning")
        if kind in AT_ONCE:
            for r in self.board.sorted("retry"):
                self._record_stopped(r)
            self.pool.sweep()

    def _check_deadlines(self) -> None:
        for run in self.board.expired(self.clock()):
            run.cancelled = True  # a fan-out's workers stop after their current item
            if run.pid in self.fanouts:
                run.timed_out = True
                self.pool.sweep()
            else:
                run.token += 1  # abandon the attempt: its late answer is ignored
                limit = policy.timeout_of(run.phase, self.pipeline.defaults)
                self._failed(run, classify(policy.timeout_error(run.pid, limit)))

    def _fire_retries(self, now: float) -> None:
        for run in self.board.due(now):
            self._start(run)

    def _mark_unstarted(self) -> None:
        """After a stop: blocked (required input failed) or pending, with the reason."""
        left = [self.runs[pid] for pid in self.order if self.runs[pid].state != "done"]
        for run, status, reason in policy.unstarted(left, self.runs, self.producer,
                                                    self.state, self.stop.reason):
            run.final = status
            self.board.set(run, "done")
            if reason is not None:
                self.log.status(run.pid, status, reason, always=False)
