"""Telling the missions this process runs on other threads to stop, as Ctrl-C stops one.

A signal reaches only the main thread: ``scout batch apply`` runs its missions on pool
threads, where SIGTERM (``docker stop``, systemd, a CI cancel) raised nothing, so the
batch's process ended under them (or waited for them, until the system killed it) and
they stayed ``running`` with no page. Each mission registers here while its scheduler
runs (:func:`stoppable`, in scout.orchestrator.mission: the stop posts the interrupt to the
scheduler's queue); :func:`stop_running` asks every one of them to raise the given
interrupt in its own thread, the path Ctrl-C takes in ``scout apply`` (the phases stop,
the page is written, the mission is recorded ``interrupted``, its next apply resumes it).
A mission that registers after the request (its job was between preparing and running)
stops at once; :func:`clear` ends the request when the batch is done with it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Stopper = Callable[[type[KeyboardInterrupt]], None]

_lock = threading.Lock()
_live: dict[int, Stopper] = {}
_requested: type[KeyboardInterrupt] | None = None


@contextmanager
def stoppable(stop: Stopper) -> Iterator[None]:
    """Within the block, :func:`stop_running` calls ``stop`` with the interrupt to raise
    (at once when one was requested already)."""
    key = id(stop)
    with _lock:
        _live[key] = stop
        pending = _requested
    try:
        if pending is not None:
            stop(pending)
        yield
    finally:
        with _lock:
            _live.pop(key, None)


def stop_running(cause: type[KeyboardInterrupt]) -> int:
    """Ask every registered mission to stop with ``cause`` (and any that registers
    until :func:`clear`); how many were running."""
    global _requested
    with _lock:
        _requested = cause
        live = list(_live.values())
    for stop in live:
        stop(cause)
    return len(live)


def clear() -> None:
    """Missions that start from now on run (the request is over)."""
    global _requested
    with _lock:
        _requested = None
