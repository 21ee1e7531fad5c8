"""Where the scheduler's work runs: the executor seam.

The scheduler (``runner.py``) hands work to an :class:`Executor` — ``submit(fn, *args)``
returns a ``concurrent.futures.Future``, ``capacity`` says how many calls it runs at
once (the scheduler never starts more workers than that), ``shutdown`` ends it. The
executor is chosen by config (``executor: {kind: local}`` in config/adapters.yaml):

- ``local`` — threads of this process (a ``ThreadPoolExecutor`` of ``max_workers``).
- ``dask`` — a Dask distributed cluster (``dask_executor.py``; the ``dist`` extra).

Another backend registers a factory with :func:`register_executor` and is named by
``kind``. ``submit`` always runs the scheduler's own pool threads (they share memory with
the scheduler: the state log, the queue). An executor that also runs work elsewhere has
``submit_remote(fn, *args)``: ``fn`` and its arguments are picklable and self-contained
(``remote.py``: a fan-out item travels as an ``ItemJob`` and comes back as an
``ItemReply``); the pool thread waits for it and records the result here.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

from scout.errors import ConfigError, UsageError
from scout.suggest import did_you_mean


class Executor(Protocol):
    #: how many submitted calls run at once
    capacity: int

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]: ...

    def shutdown(self, *, wait: bool, cancel: bool) -> None: ...


class LocalExecutor:
    """Threads in this process."""

    def __init__(self, max_workers: int) -> None:
        self.capacity = max_workers
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="scout-step")

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        return self._pool.submit(fn, *args)

    def shutdown(self, *, wait: bool, cancel: bool) -> None:
        self._pool.shutdown(wait=wait, cancel_futures=cancel)


#: kind -> factory(max_workers, settings) -> Executor
ExecutorFactory = Callable[[int, dict[str, Any]], Executor]
def _dask(max_workers: int, settings: dict[str, Any]) -> Executor:
    # imported when chosen: Dask is an optional extra and slow to import
    from scout.orchestrator.dask_executor import make

    return make(max_workers, settings)


EXECUTORS: dict[str, ExecutorFactory] = {"local": lambda n, _settings: LocalExecutor(n),
                                         "dask": _dask}


def register_executor(kind: str, factory: ExecutorFactory, *, replace: bool = False) -> None:
    if kind in EXECUTORS and not replace:
        raise ValueError(f"executor kind {kind!r} is already registered")
    EXECUTORS[kind] = factory


def _known(kind: str) -> str:
    """The hint for an unknown kind: the registered one it is closest to, else all of them
    (a plugin's included: the registry is asked, never a fixed list)."""
    return (did_you_mean(kind, EXECUTORS, what="executor kinds")
            or f"known: {', '.join(sorted(EXECUTORS))}")


def check_option_kind(kind: str, option: str = "--executor") -> None:
    """An executor kind typed on the command line (``scout batch apply --executor``) that
    nobody registered: a usage error (exit 2), not the config's (exit 3: the config may be
    fine)."""
    if kind not in EXECUTORS:
        raise UsageError(f"{option} {kind}: unknown executor kind", hint=_known(kind))


def make_executor(kind: str, max_workers: int, settings: dict[str, Any] | None = None
                  ) -> Executor:
    factory = EXECUTORS.get(kind)
    if factory is None:  # named by config/adapters.yaml's executor.kind
        raise ConfigError(f"unknown executor kind {kind!r}", hint=_known(kind))
    return factory(max_workers, dict(settings or {}))
