"""The ``dask`` executor: fan-out items on the workers of a Dask distributed cluster.

``executor: {kind: dask, address: "tcp://host:8786"}`` connects to a running scheduler;
``address: "local:N"`` starts a ``distributed.LocalCluster`` of N worker processes on
127.0.0.1 (``threads_per_worker``, default 1; no dashboard, no worker profiler: it
deadlocks CPython 3.11, see :class:`DaskExecutor`) and closes it at the end. Workers of a
``tcp://`` cluster are started by their owner: on Python 3.11 start them with
``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False``.

The executor has two sides. :meth:`DaskExecutor.submit` runs the scheduler's own pool
threads in this process (they hold the state log and wait on the cluster);
:meth:`DaskExecutor.submit_remote` sends a picklable, self-contained call to the cluster
(``Client.get_executor()``, a standard ``concurrent.futures`` executor). A worker that
dies has its in-flight tasks rescheduled by Dask on another worker; a paid call that the
dead worker had sent stays *in doubt* in its journal stream (``sent`` line with no
answer), never silently counted as free.

:meth:`DaskExecutor.stop_remote` passes a stop (the batch's SIGTERM or Ctrl-C) on to the
missions running on the workers, as :mod:`scout.orchestrator.stoprequest` does on threads;
a ``local:N`` cluster's workers ignore the terminal's Ctrl-C, which reaches their process
group too (:mod:`scout.orchestrator.dask_preload`), so the stop is told, not a kill.

Errors: the ``dist`` extra missing → ``ConfigError`` CFG050; a bad address → CFG051;
a cluster that cannot be reached or started → ``ExecutorUnavailable`` CFG052 (exit 3).
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from scout.errors import ConfigError

_LOCAL = re.compile(r"^local:(\d{1,3})$")
_TCP = re.compile(r"^(tcp|tls|ws|wss|inproc)://[^\s/]+$")
DEFAULT_CONNECT_TIMEOUT = 10.0


class ExecutorUnavailable(ConfigError):
    """The configured Dask cluster cannot be reached or started."""

    code = "CFG052"


def parse_address(address: Any) -> tuple[str, int | str]:
    """``("local", N)`` or ``("remote", "tcp://host:port")``; CFG051 otherwise."""
    text = str(address or "").strip()
    if (m := _LOCAL.match(text)) is not None:
        n = int(m.group(1))
        if 1 <= n <= 256:
            return "local", n
    elif _TCP.match(text):
        return "remote", text
    raise ConfigError(f"executor dask: address {text!r} is not 'local:N' (1-256 worker "
                      "processes) or a scheduler address like 'tcp://host:8786'",
                      hint="e.g. executor: {kind: dask, address: 'local:2'}", code="CFG051")


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ConfigError("executor kind 'dask' needs the 'dist' extra (Dask distributed)",
                          hint="pip install 'scout[dist]'", code="CFG050") from None
    return distributed


class DaskExecutor:
    """Scheduler threads here; picklable work on a Dask cluster."""

    def __init__(self, max_workers: int, settings: dict[str, Any]) -> None:
        distributed = _import_distributed()
        where, target = parse_address(settings.get("address", "local:2"))
        threads = int(settings.get("threads_per_worker", 1) or 1)
        timeout = float(settings.get("connect_timeout", DEFAULT_CONNECT_TIMEOUT))
        self.cluster: Any = None
        self.address = str(target)
        try:
            if where == "local":
                import dask

                # the workers' statistical profiler (sys._current_frames every 10 ms)
                # deadlocks CPython 3.11 with the garbage collector (cpython#106883,
                # dask/distributed#8616): a 1,000-mission batch with ~100 threads per
                # worker hung for good; it only feeds the dashboard, which is off here.
                # Set for the process, not for the call: a worker that the nanny
                # restarts after a crash was seen starting with the profiler on again
                dask.config.set({"distributed.worker.profile.enabled": False})
                os.environ.setdefault("DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED", "False")
                self.cluster = distributed.LocalCluster(
                    n_workers=int(target), processes=True, threads_per_worker=threads,
                    host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR,
                    # Ctrl-C reaches the workers too (one process group): it is ours to
                    # handle, by telling their missions to stop (dask_preload.py)
                    preload=["scout.orchestrator.dask_preload"])
                self.client = distributed.Client(self.cluster, timeout=timeout)
                self.address = self.cluster.scheduler_address
            else:
                self.client = distributed.Client(self.address, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            self._close_cluster()
            raise ExecutorUnavailable(
                f"executor dask: cannot reach the Dask scheduler at {self.address}: "
                f"{type(exc).__name__}: {exc}"[:400],
                hint="start it (dask scheduler; dask worker ADDRESS) or fix executor.address "
                     "in config/adapters.yaml; executor: {kind: local} runs without one"
            ) from None
        self.capacity = max_workers
        self._threads = ThreadPoolExecutor(max_workers=max_workers,
                                           thread_name_prefix="scout-dask")
        self._remote = self.client.get_executor(pure=False)

    def workers(self) -> dict[str, Any]:
        """The cluster's workers (address -> info), e.g. their process ids."""
        return dict(self.client.scheduler_info().get("workers", {}))

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        return self._threads.submit(fn, *args)

    def submit_remote(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        return self._remote.submit(fn, *args)

    def stop_remote(self, cause: type[KeyboardInterrupt]) -> int:
        """Ask the missions running on every worker to stop with ``cause`` (Terminated:
        the batch's SIGTERM), as :func:`scout.orchestrator.stoprequest.stop_running` asks
        this process's threads: each writes its page and records itself interrupted. How
        many were running; 0 when the workers cannot be asked (they may be gone)."""
        try:
            told = self.client.run(_stop_here, cause, on_error="ignore")
        except Exception:  # noqa: BLE001 - a cluster going away: nothing left to tell
            return 0
        return sum(n for n in (told or {}).values() if isinstance(n, int))

    def clear_remote(self) -> None:
        """End the stop request on every worker: a cluster that outlives the batch (a
        ``tcp://`` one) runs the next batch's missions."""
        try:
            self.client.run(_clear_here, on_error="ignore")
        except Exception:  # noqa: BLE001 - as above
            pass

    def shutdown(self, *, wait: bool, cancel: bool) -> None:
        self._threads.shutdown(wait=wait, cancel_futures=cancel)
        try:
            self._remote.shutdown(wait=False)
            self.client.close()
        finally:
            self._close_cluster()

    def _close_cluster(self) -> None:
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None


def _stop_here(cause: type[KeyboardInterrupt]) -> int:
    """On a worker: stop its missions (scout.orchestrator.stoprequest)."""
    from scout.orchestrator import stoprequest

    return stoprequest.stop_running(cause)


def _clear_here() -> None:
    from scout.orchestrator import stoprequest

    stoprequest.clear()


def make(max_workers: int, settings: dict[str, Any]) -> DaskExecutor:
    return DaskExecutor(max_workers, settings)
