"""Fan-out items on another process (a Dask worker): the job, and what runs there.

The scheduler's pool thread turns an item into an :class:`ItemJob` — plain, picklable
data: the phase, its validated parameters, its inputs, the item, the request, and a
:class:`~scout.providers.hook.ProviderRecipe` to build the providers layer from (config,
root, mission, record/replay/cache choices). :func:`run_item` runs on the worker: it
builds (once per worker process and apply, then reused) its own providers layer, whose
journal is this process's own stream (``request_journal@<writer>.jsonl``), runs the step
and returns an :class:`ItemReply`: the value (or the exception), who answered and what
it cost, and the events the step emitted. The scheduler process records the item in the
state log as it does for a local item, so it stays the single writer and resume is
unchanged.

The budget (``max_cost``) of items on workers is held by the quota backend every worker
process builds its layer on: :func:`check_budget_holds` refuses (CFG055) an executor
whose workers cannot share it, instead of letting each worker spend the cap on its own.

Not shipped: ``ctx.mission`` (the live mission view, for reports, which do not fan out)
and ``ctx.cancelled`` beyond what is known when the item leaves. Step kinds must be
importable on the worker (built-in kinds, entry points, ``python:module:func``).
"""

from __future__ import annotations

import datetime as dt
import os
import pickle
import re
import socket
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from scout.config.models import Config
from scout.errors import ConfigError, StepError
from scout.orchestrator.scope import evaluate, make_scope, render, say
from scout.spec.models import Phase, Pipeline
from scout.spec.sandbox import phase_budget
from scout.stepkit.context import StepContext, StepRequest


@dataclass
class ItemJob:
    mission_id: str
    phase_id: str
    phase: Phase
    pipeline: Pipeline
    params: BaseModel
    inputs: dict[str, Any]
    config: Config
    root: Path
    run_dir: Path
    today: dt.date
    task: Any
    item: Any
    index: int
    attempt: int
    request: StepRequest
    extras: dict[str, Any]
    #: how to build the providers layer there (None: the phase has no gateway)
    providers: Any = None
    gateway_phase: Phase | None = None
    origin_pid: int = 0  # the scheduler's process (a worker thread there shares its layer)


@dataclass
class ItemReply:
    value: Any = None
    error: BaseException | None = None
    answers: list[tuple[str, float]] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    pid: int = 0


# --- where the budget holds --------------------------------------------------------------

_LOOPBACK = re.compile(r"^[a-z]+://(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$")


def budget_reach(config: Config, env: Any = None) -> str | None:
    """Why ``max_cost`` would not hold across this config's worker processes, or None.

    Every worker checks the cap in the quota backend: ``redis://`` is shared by every
    machine, ``local`` (SQLite under ``runtime/``) by every process of one machine — the
    workers of ``local:N``, or of a scheduler on a loopback address — and ``memory`` by
    none. Workers of a remote ``tcp://`` scheduler may be on other machines, where the
    local backend is another file (or one on a network filesystem, where SQLite's locks
    are unreliable)."""
    ex = config.executor
    if ex.kind != "dask":
        return None
    env = os.environ if env is None else env
    backend = env.get("SCOUTE_QUOTA_URL") or config.quota.backend
    if backend.startswith(("redis://", "rediss://", "unix://")):
        return None
    address = str(ex.options().get("address") or "local:2")
    if backend == "memory":
        return f"the memory quota backend is one process's: each of the {address} " \
               "workers would count the budget apart"
    if address.startswith("local:") or _LOOPBACK.match(address):
        return None
    return f"the workers of {address} may run on other machines, which do not share " \
           "this machine's local quota backend (runtime/quota.sqlite3)"


def check_budget_holds(config: Config, max_cost: float | None, env: Any = None) -> None:
    """CFG055 before anything runs when a ``max_cost`` could be spent once per worker."""
    if max_cost is None:
        return
    why = budget_reach(config, env)
    if why is not None:
        raise ConfigError(f"max_cost ${max_cost:.4f} would not hold across the Dask "
                          f"workers: {why}", code="CFG055",
                          hint="use the redis quota backend (quota: {backend: "
                               "\"redis://HOST:6379/0\"} or SCOUTE_QUOTA_URL), executor "
                               "address local:N on one machine, or no max_cost")


# --- the worker's side ------------------------------------------------------------------

_LOCK = threading.Lock()
#: recipe key -> providers runtime, per worker process; a few applies at most
_RUNTIMES: OrderedDict[str, Any] = OrderedDict()
_KEEP = 4


def worker_name() -> str:
    """This process's journal writer name: host and pid (safe characters only)."""
    host = re.sub(r"[^A-Za-z0-9_-]", "-", socket.gethostname())[:40] or "host"
    return f"{host}-{os.getpid()}"


def _runtime(recipe: Any, origin_pid: int) -> Any:
    from scout.providers.journal import process_writer, set_process_writer

    with _LOCK:
        rt = _RUNTIMES.get(recipe.key)
        if rt is not None:
            _RUNTIMES.move_to_end(recipe.key)
            return rt
        if os.getpid() != origin_pid and process_writer() is None:
            set_process_writer(worker_name())  # this process's own journal stream
        rt = recipe.build()
        _RUNTIMES[recipe.key] = rt
        while len(_RUNTIMES) > _KEEP:
            _key, old = _RUNTIMES.popitem(last=False)
            old.close()
        return rt


def close_runtimes() -> None:
    """Close this process's providers layers (HTTP clients, journal, cache)."""
    with _LOCK:
        while _RUNTIMES:
            _RUNTIMES.popitem()[1].close()


class _Answers:
    """The worker's gateway wrapper: records who answered and the cost, like Recorder."""

    def __init__(self, inner: Any, answers: list[tuple[str, float]]) -> None:
        self.inner, self.answers = inner, answers

    def call(self, request: Any) -> Any:
        out = self.inner.call(request)
        self.answers.append((getattr(out, "answered_by", "") or "",
                             float(getattr(out, "cost_usd", 0) or 0)))
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _portable(exc: BaseException) -> BaseException:
    """The exception itself when it survives pickling; else a StepError saying what it
    was (its class and message; never a traceback)."""
    try:
        back = pickle.loads(pickle.dumps(exc))
        if type(back) is type(exc):
            return exc
    except Exception:  # noqa: BLE001 - any failure to pickle means: send a plain copy
        pass
    return StepError(f"{type(exc).__name__}: {exc}")


def run_item(job: ItemJob) -> ItemReply:
    """Run one fan-out item (on a worker); never raises for the step's own failure."""
    reply = ItemReply(pid=os.getpid())
    try:
        from scout.stepkit.registry import get_step_kind

        gateway = None
        if job.providers is not None and job.gateway_phase is not None:
            inner = _runtime(job.providers, job.origin_pid).gateway_for_phase(
                job.phase_id, job.gateway_phase)
            gateway = _Answers(inner, reply.answers) if inner is not None else None
        phase = job.phase
        scope = make_scope(job.task, job.inputs, phase.item_var, job.item,
                           pipeline=job.pipeline)
        where = f"phase '{job.phase_id}' item {job.index}: "
        ctx = StepContext(
            mission_id=job.mission_id, phase_id=job.phase_id, phase=phase,
            pipeline=job.pipeline, params=job.params, inputs=job.inputs, config=job.config,
            root=job.root, run_dir=job.run_dir, today=job.today, task=job.task,
            item=job.item, item_index=job.index, gateway=gateway,
            render=lambda text: render(text, scope, where=where),
            say=lambda text: say(text, scope, pipeline=job.pipeline, root=job.root,
                                 where=where),
            evaluate=lambda expr, **extra: evaluate(expr, {**scope, **extra}, where=where),
            emit=reply.events.append, request=job.request, extras=dict(job.extras),
            attempt=job.attempt)
        with phase_budget():  # as a local item's (scout.orchestrator.work)
            reply.value = get_step_kind(phase.uses).load_runner()(ctx)
    except BaseException as exc:  # noqa: BLE001 - the item's outcome, sent back
        reply.error = _portable(exc)
        reply.value = None
    return reply
