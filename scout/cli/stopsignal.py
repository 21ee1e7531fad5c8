"""SIGTERM stops a running ``scout apply`` as Ctrl-C does.

``docker stop``, systemd, Kubernetes, a CI job's cancel and ``timeout`` end a process
with SIGTERM, which Python leaves to the operating system: the process vanished
mid-phase, with no ``interrupted`` record, no page saying what stopped it, its temporary
files (``.report.md.<random>.tmp``) left in the run folder and its lock left for the
next reader to judge dead. Raised as a ``KeyboardInterrupt`` in the main thread instead,
it takes the path Ctrl-C takes (scout.orchestrator.mission: the phases stop, the page is
written, the mission recorded ``interrupted``, exit 130, and the same command resumes).
A second SIGTERM, like a second Ctrl-C, skips the page. The interrupt is a
:class:`~scout.errors.interrupt.Terminated`, so the record, the page and ``scout status``
say "stopped by the system (SIGTERM)" where Ctrl-C's say "interrupted (Ctrl-C)". Within
``scout batch apply`` the batch tells the missions on its threads to stop the same way
(scout.orchestrator.stoprequest).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from scout.errors.interrupt import Terminated


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise Terminated  # a KeyboardInterrupt whose record says the system stopped it


@contextmanager
def sigterm_interrupts() -> Iterator[None]:
    """Within the block, SIGTERM raises KeyboardInterrupt (the previous handler is put
    back after it); nothing changes outside the main thread, where Python runs no
    handler (scout called from a thread of someone else's program)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
