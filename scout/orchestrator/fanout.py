"""Fan-out: a phase run once per item of an artifact, and the pool its items share.

:class:`FanoutRun` owns one fan-out phase's items: which are left, which finished (items
recorded by an earlier run with the same fingerprint are reused), and the gathering of
the results in item order.

:class:`WorkPool` is work stealing across the fan-outs running at once (the members of
a parallel group): there are no per-phase lanes holding threads. A worker runs one
item, records it (the state log has it before the worker takes another, so a crash
loses no finished item), then takes the next item of, within each phase's
``max_parallel``: first a phase narrower than the pool (a lane it loses is time it
cannot make up: it can never run on more than its width, while a phase as wide as the
pool takes every thread the others free at the end), then whichever has the most work
left (items left × that phase's mean item time so far ÷ its ``max_parallel``: the time
it still needs at its full width; ties go to the phase with fewer workers); it leaves
when nothing is left that it may take. (Offline, on the benchmark's served latencies,
the narrow-first rule cut group 1's replayed time 7.7% on that run's item order and
0.5–2% on average over shuffled and resampled orders: benchmarks/README.md.)
The pool never holds more workers than the executor's capacity minus the one-call
phases running (``reserve``/``release``). When a phase has no item left running or
to start (or is cancelled: timeout, budget, Ctrl-C) the pool posts
``("fanout", phase, token)`` to the scheduler.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from scout.errors import ArtifactInvalid
from scout.orchestrator import policy
from scout.orchestrator.artifact_store import Encoded, decode
from scout.orchestrator.executor import Executor
from scout.orchestrator.outcomes import Failure, classify, normalize_outputs
from scout.orchestrator.phase_run import PhaseRun
from scout.orchestrator.state_store import StoreClosed
from scout.spec.basics import MinSuccess
from scout.spec.models import Defaults
from scout.stepkit.context import ItemOutcome
from scout.stepkit.registry import StepKind


def items_of(src: Any) -> list[Any]:
    """The items a ``for_each`` artifact fans out over."""
    if src is None:
        return []
    if isinstance(src, (list, tuple)):
        return list(src)
    if isinstance(src, dict):
        return list(src.values())
    inner = getattr(src, "items", None)
    return list(inner) if isinstance(inner, list) else [src]


class FanoutRun:
    """One fan-out phase's items across its attempts."""

    def __init__(self, run: PhaseRun, items: list[Any]) -> None:
        self.run = run
        self.items = items
        self.results: dict[int, ItemOutcome] = {}
        self.failures: dict[int, Failure] = {}
        self.pending: deque[int] = deque()
        self.token = 0
        self.limit = 1  # max_parallel of this attempt
        self.inflight = 0
        self.seconds = 0.0  # item time so far (for the pool's choice)
        self.timed = 0
        self.posted = False
        self.closed = False  # the state log closed under a worker (Ctrl-C), or failed
        self.error: BaseException | None = None  # what failed outside the step itself

    def reuse(self, done: dict[int, dict[str, Any]], produces: list[str]) -> None:
        """Items an earlier run recorded with the same fingerprint count as done."""
        for i, rec in done.items():
            if i >= len(self.items):
                continue
            try:
                schemas = rec.get("schema") or {}
                vals = {n: decode(schemas.get(n, "json"), d, n) for n, d in
                        (rec.get("v") or {}).items()}
            except ArtifactInvalid:
                continue  # rerun the item
            value = vals.get(produces[0]) if len(produces) == 1 else vals
            self.results[i] = ItemOutcome(i, self.items[i], True, value)
            if rec.get("by"):
                self.run.answered[rec["by"]] += 1
            self.run.cost += float(rec.get("cost") or 0.0)

    @property
    def n_ok(self) -> int:
        return sum(1 for o in self.results.values() if o.ok)

    def begin(self, token: int, limit: int) -> int:
        """Start an attempt: every item not yet ok is left; returns how many."""
        self.token, self.limit, self.posted = token, max(1, limit), False
        self.pending = deque(i for i in range(len(self.items))
                             if i not in self.results or not self.results[i].ok)
        return len(self.pending)

    def record(self, outcome: ItemOutcome, failure: Failure | None) -> int:
        """Keep an item's outcome (under the pool's lock); returns items finished."""
        self.results[outcome.index] = outcome
        if failure is not None:
            self.failures[outcome.index] = failure
        else:
            self.failures.pop(outcome.index, None)
        return len(self.results)

    def live(self) -> bool:
        return not self.run.cancelled and self.run.token == self.token and not self.closed

    def failed_items(self) -> tuple[int, list[Failure]]:
        n = len(self.items)
        n_failed = n - sum(1 for i in range(n) if i in self.results and self.results[i].ok)
        return n_failed, [self.failures[i] for i in sorted(self.failures)]

    def ending(self, run: PhaseRun, defaults: Defaults
               ) -> tuple[Failure | None, dict[str, Encoded], str | None]:
        """How the attempt ended once every item is in, as :meth:`conclude` says it: an
        item's error that fails the phase, the phase's timeout, or what its items made."""
        if self.error is not None:
            return classify(self.error), {}, None
        if run.timed_out:
            limit = policy.timeout_of(run.phase, defaults)
            return classify(policy.timeout_error(run.pid, limit)), {}, None
        assert run.kind is not None
        return self.conclude(run.kind, policy.allowance(run.phase, defaults))

    def conclude(self, kind: StepKind, allow: MinSuccess
                 ) -> tuple[Failure | None, dict[str, Encoded], str | None]:
        """(failure, {}, None) when the failed items are more than ``allow`` accepts (or
        gathering fails); else ({}, the gathered outputs, the partial-success reason)."""
        n_failed, fails = self.failed_items()
        failure = policy.fanout_failure(len(self.items), n_failed, fails, allow)
        if failure is not None:
            return failure, {}, None
        try:
            encoded = {n: Encoded.of(v, n) for n, v in self.gather(kind).items()}
        except BaseException as exc:  # noqa: BLE001 - a gather that fails fails the phase
            return classify(exc), {}, None
        reason = policy.partial_reason(len(self.items), n_failed, allow) if n_failed else None
        return None, encoded, reason

    def gather(self, kind: StepKind) -> dict[str, Any]:
        """The phase's outputs from its items, in item order."""
        phase = self.run.phase
        outcomes = [self.results.get(i) or ItemOutcome(i, self.items[i], False, None, "not run")
                    for i in range(len(self.items))]
        produces = phase.produces
        if kind.gather is not None:
            return normalize_outputs(kind.gather(outcomes, phase), produces,
                                     f"phase '{self.run.pid}' gather")
        if len(produces) == 1:
            return {produces[0]: [o.value for o in outcomes if o.ok]}
        return {name: [o.value[name] for o in outcomes if o.ok] for name in produces}


#: ``work(fanout, index) -> requeue``: run one item; True puts it back (budget stop)
Work = Callable[[FanoutRun, int], bool]


class WorkPool:
    def __init__(self, executor: Executor, post: Callable[[tuple[Any, ...]], None],
                 stop: threading.Event, capacity: int | None = None) -> None:
        self.executor = executor
        self.capacity = capacity or executor.capacity
        self.post = post
        self.stop = stop
        self.lock = threading.Lock()
        self.active: list[FanoutRun] = []
        self.work: dict[int, Work] = {}
        self.busy = 0  # workers alive + one-call phases running

    # --- the scheduler's side -----------------------------------------------------------

    def reserve(self) -> None:
        with self.lock:
            self.busy += 1

    def release(self) -> None:
        """A one-call phase's slot is free: a queued item takes it now. (The phase
        posts its answer before its worker releases the slot, so the scheduler's own
        ``top_up`` after reading it can come too early, and fan-out workers post
        nothing until their phase is done: without this the slot stayed idle for the
        rest of the group; seen in mission.py, a group 1 on 7 of 8 threads.)"""
        with self.lock:
            self.busy -= 1
        self.top_up()

    def add(self, fr: FanoutRun, work: Work) -> None:
        with self.lock:
            self.active.append(fr)
            self.work[id(fr)] = work

    def top_up(self) -> None:
        """Start workers while there is capacity and an item one may take."""
        with self.lock:
            while self.busy < self.capacity and not self.stop.is_set():
                fr = self._pick()
                if fr is None:
                    break
                i = self._take(fr)
                self.busy += 1
                self.executor.submit(self._worker, fr, i)

    def sweep(self) -> None:
        """Post the fan-outs that are over (cancelled or stopped with nothing running)."""
        with self.lock:
            for fr in list(self.active):
                self._maybe_done(fr)

    # --- workers ------------------------------------------------------------------------

    def _pick(self) -> FanoutRun | None:
        known = [fr for fr in self.active if fr.timed]
        mean = (sum(fr.seconds for fr in known) / sum(fr.timed for fr in known)) if known \
            else 1.0
        best, score = None, None
        for fr in self.active:
            if not fr.pending or fr.inflight >= fr.limit or not fr.live():
                continue
            est = fr.seconds / fr.timed if fr.timed else mean
            # a phase narrower than the pool first (it cannot catch up later), then the
            # time it still needs at its full width (the phase that would finish last
            # gets the worker), then the one with fewer workers
            s = (fr.limit < self.capacity, len(fr.pending) * est / fr.limit,
                 -fr.inflight, -fr.run.index)
            if score is None or s > score:
                best, score = fr, s
        return best

    def _take(self, fr: FanoutRun) -> int:
        fr.inflight += 1
        return fr.pending.popleft()

    def _worker(self, fr: FanoutRun, i: int) -> None:
        while True:
            t0 = time.perf_counter()
            requeue = False
            try:
                requeue = self.work[id(fr)](fr, i)
            except StoreClosed:
                fr.closed = True  # interrupted and closed: this item reruns on resume
            except Exception as exc:  # noqa: BLE001 - e.g. the state log cannot be written
                fr.error, fr.closed = exc, True
            with self.lock:
                fr.inflight -= 1
                if requeue:
                    fr.pending.appendleft(i)
                else:
                    fr.seconds += time.perf_counter() - t0
                    fr.timed += 1
                self._maybe_done(fr)
                nxt = None if self.stop.is_set() else self._pick()
                if nxt is None:
                    self.busy -= 1
                    return
                fr, i = nxt, self._take(nxt)

    def _maybe_done(self, fr: FanoutRun) -> None:
        if fr.posted or fr.inflight:
            return
        if fr.pending and fr.live() and not self.stop.is_set():
            return
        fr.posted = True
        self.active.remove(fr)
        self.work.pop(id(fr), None)
        self.post(("fanout", fr.run.pid, fr.token))
