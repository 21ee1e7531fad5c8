"""Whole missions as picklable jobs: what ``scout batch`` submits to an executor.

:func:`run_mission_job` is a top-level function taking and returning plain dataclasses,
so it travels to a Dask worker process (or runs on a thread) unchanged. It calls
``scout.api.apply`` — the one wiring point — and never raises: a ScoutError becomes a
result with its code, message and exit code; anything else becomes an ``error`` result
naming the exception (no traceback text, which could carry a request's values).

Submit with :func:`submit_mission` (the executor's ``submit_remote`` when it has one —
the ``dask`` executor: the job runs on a worker process — else its ``submit``: a thread).
A job that Dask reschedules after its worker died takes over the dead worker's Redis
lease at once when the new worker is on the same machine (``orchestrator/lease.py``
proves the holder dead there); on another machine the lease stays until its ttl, and
``options: {lock_wait: SECONDS}`` retries a locked mission (RUN003) until then.

A job runs its mission's phases (fan-out items included) on threads of the process
that runs the job, whatever the config's ``executor`` says: the batch is the level that
is distributed. A job on a worker process journals to that process's own stream
(``request_journal@<host>-<pid>.jsonl``), as fan-out items on workers do. A mission on a Dask worker that opened its own ``distributed.Client``
(or, with ``address: local:N``, started a cluster of its own) would pay a client per
mission and park worker threads waiting on items queued behind other missions.

A mission a stop interrupts on a worker process (the batch's SIGTERM, passed on by the
executor's ``stop_remote``) returns an ``interrupted`` result instead of raising: a
``KeyboardInterrupt`` out of a Dask task ends the worker process itself.

``cost_usd`` is what the journal holds for the mission after the job (every apply of it,
so a resumed mission's money counts once, where it was spent); ``cost_this_run`` is what
this job added.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from scout.quota.base import BatchBudget


@dataclass(frozen=True)
class MissionJob:
    """One mission to converge: a pipeline (or a Mission document) and its request."""

    pipeline: str  # path of a pipeline YAML or a kind: Mission document
    mission_id: str | None = None
    query: str | None = None
    inputs: dict[str, Any] = field(default_factory=dict)  # like --set key=value
    runs_dir: str | None = None
    config: str | None = None  # config/adapters.yaml (default: under the root)
    root: str | None = None  # SCOUTE_RESEARCH_ROOT (default: the worker's)
    max_cost: float | None = None  # USD cap for this mission
    #: provider choices: ``no_cache`` (bool), ``record_dir``/``replay_dir`` (paths),
    #: ``max_workers`` (int), ``force`` (list of phase ids)
    options: dict[str, Any] = field(default_factory=dict)
    #: the batch it belongs to: every paid call also reserves against the batch's cap
    batch: BatchBudget | None = None
    #: the submitting process (set by :func:`submit_mission` for a worker process): a
    #: job running in another process journals to that process's own stream
    origin_pid: int | None = None


@dataclass(frozen=True)
class MissionJobResult:
    mission_id: str | None
    #: succeeded | succeeded_partial | failed | stopped_budget | error | interrupted (a
    #: mission on a worker process told to stop: :meth:`BatchRunner` asked it to)
    status: str
    exit_code: int
    cost_usd: float = 0.0
    cost_this_run: float = 0.0
    report_path: str | None = None
    run_dir: str | None = None
    error: str | None = None  # "CODE: message" when the mission did not succeed
    error_code: str | None = None
    duration_s: float = 0.0
    #: which error stopped a ``stopped_budget`` mission: RUN004 (its own max_cost) or
    #: RUN008 (the batch's cap); None for every other status
    stop_code: str | None = None
    #: the page a mission that did not succeed wrote in report.md's place (what stopped
    #: it, why, what to do); None when it succeeded or wrote none
    stopped_report: str | None = None

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def to_dict(self) -> dict[str, Any]:
        from dataclasses import asdict

        return asdict(self)


_OPTION_KEYS = {"no_cache", "record_dir", "replay_dir", "max_workers", "force", "lock_wait"}


def submit_mission(executor: Any, job: MissionJob) -> Any:
    """``run_mission_job(job)`` on ``executor``: a ``concurrent.futures.Future`` of its
    :class:`MissionJobResult` (on a worker process where the executor has them)."""
    remote = getattr(executor, "submit_remote", None)
    if remote is None:
        return executor.submit(run_mission_job, job)
    return remote(run_mission_job, replace(job, origin_pid=os.getpid()))


def _threads(max_workers: int) -> Any:
    """The executor of a job's own phases: threads of this process (see the docstring)."""
    from scout.orchestrator.executor import LocalExecutor

    return LocalExecutor(max_workers)


def _apply_waiting(apply: Any, wait_s: float, **kw: Any) -> Any:
    """``apply(**kw)``, retried while the mission is locked, for up to ``wait_s``."""
    from scout.errors import MissionLocked

    deadline = time.monotonic() + max(0.0, wait_s)
    while True:
        try:
            return apply(**kw)
        except MissionLocked:
            if time.monotonic() >= deadline:
                raise
            time.sleep(min(1.0, max(0.05, deadline - time.monotonic())))


def run_mission_job(job: MissionJob) -> MissionJobResult:
    """Converge one mission (``scout.api.apply``); never raises for the mission's own
    problems."""
    from scout import api
    from scout.errors import EXIT_PHASE_FAILED, ScoutError, UsageError
    from scout.errors.interrupt import EXIT_INTERRUPTED
    from scout.orchestrator.mission_result import MissionInterrupted
    from scout.paths import research_root
    from scout.providers.hook import ProviderOptions
    from scout.providers.spend import spent_on_mission

    started = time.monotonic()
    if job.origin_pid is not None and job.origin_pid != os.getpid():
        from scout.orchestrator.remote import worker_name
        from scout.providers.journal import process_writer, set_process_writer

        if process_writer() is None:  # a worker process: its own journal stream
            set_process_writer(worker_name())
    root = Path(job.root) if job.root else research_root()
    mid = job.mission_id
    before = 0.0
    try:
        unknown = sorted(set(job.options) - _OPTION_KEYS)
        if unknown:
            raise UsageError(f"mission job: unknown option(s) {', '.join(unknown)}",
                             hint=f"known: {', '.join(sorted(_OPTION_KEYS))}")
        opts = job.options
        if mid is None:  # derived from the request: known before the run
            mid = api.prepare(job.pipeline, query=job.query, sets=dict(job.inputs) or None,
                              runs_dir=job.runs_dir, config=job.config,
                              root=root)[2].mission_id
        before = spent_on_mission(root, mid)
        popts = ProviderOptions(
            no_cache=bool(opts.get("no_cache", False)),
            record_dir=Path(opts["record_dir"]) if opts.get("record_dir") else None,
            replay_dir=Path(opts["replay_dir"]) if opts.get("replay_dir") else None,
            batch=job.batch)
        result = _apply_waiting(
            api.apply, float(opts.get("lock_wait") or 0), file=job.pipeline,
            query=job.query, sets=dict(job.inputs) or None, mission_id=mid,
            runs_dir=job.runs_dir, config=job.config, root=root, max_cost=job.max_cost,
            provider_options=popts, force=list(opts.get("force") or ()),
            max_workers=opts.get("max_workers"), executor=_threads)
    except MissionInterrupted as exc:
        if job.origin_pid is None or job.origin_pid == os.getpid():
            raise  # on a thread of the batch's process: the batch settles it (BatchRunner)
        # on a worker process: a KeyboardInterrupt out of a Dask task ends the worker
        # itself, so the stop the batch asked for (stop_remote) comes back as a result
        return MissionJobResult(exc.mission_id, "interrupted", EXIT_INTERRUPTED,
                                spent_on_mission(root, exc.mission_id),
                                round(max(0.0, spent_on_mission(root, exc.mission_id)
                                          - before), 6),
                                run_dir=str(exc.run_dir), error=exc.reason,
                                duration_s=round(time.monotonic() - started, 3),
                                stopped_report=str(exc.report) if exc.report else None)
    except ScoutError as exc:
        return MissionJobResult(mid, "error", exc.exit_code, before, 0.0,
                                error=f"{exc.code}: {exc.message}", error_code=exc.code,
                                duration_s=round(time.monotonic() - started, 3))
    except Exception as exc:  # noqa: BLE001 - the job's outcome, never the batch's crash
        return MissionJobResult(mid, "error", EXIT_PHASE_FAILED, before, 0.0,
                                error=f"{type(exc).__name__}: {exc}",
                                duration_s=round(time.monotonic() - started, 3))
    mid = result.mission_id
    total = spent_on_mission(root, mid)
    err = None if result.exit_code == 0 else (result.reason or result.status)
    return MissionJobResult(
        mid, result.status, result.exit_code, total, round(max(0.0, total - before), 6),
        report_path=str(result.report_path) if result.report_path else None,
        run_dir=str(result.run_dir), error=err,
        duration_s=round(time.monotonic() - started, 3), stop_code=result.stop_code,
        stopped_report=(str(result.stopped_report)
                        if result.stopped_report is not None and result.exit_code != 0
                        else None))
