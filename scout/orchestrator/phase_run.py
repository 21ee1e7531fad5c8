"""Runtime pieces of the scheduler: a phase's run state, an available artifact, the
gateway wrapper that records who answered, and the committer thread."""

from __future__ import annotations

import queue
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from scout.errors import RunError, ScoutError, storage_error
from scout.orchestrator.fingerprint import Fingerprint
from scout.spec.models import Phase
from scout.stepkit.context import Gateway
from scout.stepkit.registry import StepKind

MISSING = object()


class Art:
    """An available artifact: content hash, and its value once loaded."""

    __slots__ = ("hash", "value")

    def __init__(self, digest: str | None, value: Any = MISSING) -> None:
        self.hash = digest
        self.value = value


class PhaseRun:
    def __init__(self, pid: str, phase: Phase, index: int, preds: int) -> None:
        self.pid = pid
        self.phase = phase
        self.index = index
        self.preds_left = preds
        self.state = "waiting"  # waiting | queued | running | retry | done
        self.final: str | None = None
        self.kind: StepKind | None = None
        self.params: BaseModel | None = None
        self.fp: Fingerprint | None = None
        self.inputs: dict[str, Any] = {}
        self.scope: dict[str, Any] = {}
        self.attempt = 0
        self.token = 0
        self.deadline: float | None = None
        self.retry_at: float | None = None
        self.started = 0.0
        self.gateway: Recorder | None = None
        self.lock = threading.Lock()
        self.answered: Counter[str] = Counter()
        self.cost = 0.0
        self.cancelled = False  # set by the scheduler: timeout, stop
        self.timed_out = False

    def answer(self, by: str, cost: float) -> None:
        """Count who answered a call of this phase, and what it cost (any thread)."""
        with self.lock:
            if by:
                self.answered[by] += 1
            self.cost += cost


class Recorder:
    """Wraps a phase's gateway to record who answered and what it cost."""

    def __init__(self, inner: Gateway, sink: Callable[[str, float], None]) -> None:
        self.inner = inner
        self._sink = sink

    def record(self, by: str, cost: float) -> None:
        """Count an answer given elsewhere (a fan-out item on a worker process)."""
        self._sink(by, cost)

    def call(self, request: Any) -> Any:
        out = self.inner.call(request)
        self._sink(getattr(out, "answered_by", "") or "", float(getattr(out, "cost_usd", 0) or 0))
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class Committer:
    """One thread writing finished phases' artifacts and records, in order."""

    def __init__(self) -> None:
        self._q: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def submit(self, job: Callable[[], None]) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="scout-committer",
                                            daemon=True)
            self._thread.start()
        self._q.put(job)

    def _loop(self) -> None:
        while True:
            job = self._q.get()
            try:
                if job is None:
                    return
                if self.error is None:
                    job()
            except BaseException as exc:  # noqa: BLE001 - reported by drain()
                self.error = exc
            finally:
                self._q.task_done()

    def drain(self) -> None:
        """Wait for every submitted job; raise if one failed."""
        if self._thread is not None:
            self._q.join()
        if self.error is not None:
            err = self.error
            # the machine's refusal (disk full, read-only) keeps its own code and exit 3,
            # as when the same write fails on the scheduler thread (chaos: test_disk_full)
            if isinstance(err, ScoutError):
                raise err
            mapped = storage_error(err, "could not record phase results") \
                if isinstance(err, OSError) else None
            if mapped is not None:
                raise mapped from err
            raise RunError(f"could not record phase results: {err}",
                           hint="check free space and permissions of the run dir") from err

    def close(self) -> None:
        if self._thread is not None:
            self._q.put(None)
            self._thread.join()
            self._thread = None
