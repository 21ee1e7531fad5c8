"""What each worker process of a ``local:N`` Dask cluster does first: leave Ctrl-C to
the process that started it.

A terminal's Ctrl-C sends SIGINT to its whole foreground process group, which holds the
worker processes the LocalCluster spawned as well as ``scout batch`` / ``scout apply``.
That process takes the stop path (``DaskExecutor.stop_remote``: each mission on a worker
is told to stop, writes its page and records itself interrupted; then the cluster is
closed and its workers with it). A worker that took the SIGINT itself died under its
missions first, with a Dask traceback on the user's terminal, and the missions it ran
were never told. Dask loads this module in each worker it starts (``preload``), a worker
its nanny restarts included; a ``tcp://`` cluster's workers are their owner's, not in the
terminal's group, and never load it.
"""

from __future__ import annotations

import signal
import threading
from typing import Any


def dask_setup(worker: Any) -> None:
    """Dask's preload hook, run in the worker process before it takes any task."""
    if threading.current_thread() is threading.main_thread():  # only there can it be set
        signal.signal(signal.SIGINT, signal.SIG_IGN)
