"""Who holds a mission's lock, read without taking it: ``lock.json``'s pid, host and
heartbeat (written by :class:`scout.orchestrator.locks.MissionLock`), and whether a live
``scout apply`` holds the run dir. Apart from the lock itself so readers (the state
store's reader snapshot, the runs listing) can ask without importing the lock's writer,
which writes through the state store.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

from scout.fsutil import loads_stored, pid_alive, read_stored

INFO_NAME = "lock.json"


#: a lock whose heartbeat is older than this is not held by a live apply (a frozen or
#: killed process, or its pid reused by another program)
STALE_HEARTBEAT_S = 60.0


def apply_alive(run_dir: str | Path, *, now: float | None = None) -> bool:
    """Whether a live ``scout apply`` holds the run dir, judged without touching the
    lock itself (taking it, even briefly, could make a starting apply fail): the lock
    info exists, its process is alive on this host, and its heartbeat is recent."""
    info = read_lock_info(run_dir)
    if info is None:
        return False  # the lock info is removed when an apply ends, even on Ctrl-C
    beat = info.get("heartbeat_epoch")
    fresh = isinstance(beat, (int, float)) and \
        (time.time() if now is None else now) - beat < STALE_HEARTBEAT_S
    if info.get("host") not in (None, socket.gethostname()):
        return fresh  # another machine's pid means nothing here
    pid = info.get("pid")
    return isinstance(pid, int) and pid_alive(pid) and fresh


def read_lock_info(run_dir: str | Path) -> dict[str, Any] | None:
    try:
        info = loads_stored(read_stored(Path(run_dir) / INFO_NAME))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None
