"""The mission lock: one ``scout apply`` per mission at a time, pid + heartbeat.

The lock is an OS file lock (``filelock``, i.e. ``flock``) on ``<run_dir>/mission.lock``,
held for the whole run. The kernel drops it when the holder dies however it dies
(SIGKILL included), so a dead lock clears itself: there is no ``--unlock``. Next to it
``lock.json`` says who holds it (pid, host, start time) and a heartbeat refreshed every
few seconds, so a refused ``apply`` can say who holds the mission and whether it is
alive.

Under the Redis quota backend the lock is a Redis lease instead (``lease.py``; flock over
a network filesystem is unreliable): :func:`mission_lock` chooses; the heartbeat thread
renews the lease, and ``lock.json`` is written the same way. A lease whose holder is
provably dead on this machine is taken over at once (``took_over`` in ``lock.json``, and
:attr:`MissionLock.notices` for the mission's log), as a flock would be.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from scout.errors import MissionLocked
from scout.fsutil import make_dirs
from scout.orchestrator.lockinfo import INFO_NAME, read_lock_info
from scout.orchestrator.state_store import atomic_write_bytes, utc_now

LOCK_NAME = "mission.lock"


class MissionLock:
    """Context manager holding the lock of one run dir, with a heartbeat thread."""

    def __init__(self, run_dir: str | Path, mission_id: str, *, heartbeat_s: float = 5.0,
                 lease: Any = None) -> None:
        self.run_dir = Path(run_dir)
        #: a ``lease.RedisLease`` taken instead of the flock (renewed with each heartbeat)
        self.lease = lease
        if lease is not None:
            heartbeat_s = min(heartbeat_s, lease.ttl_ms / 3000)
        self.mission_id = mission_id
        self.heartbeat_s = heartbeat_s
        self._lock = FileLock(str(self.run_dir / LOCK_NAME), timeout=0, thread_local=False)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._info: dict[str, Any] = {}

    def acquire(self) -> "MissionLock":
        make_dirs(self.run_dir)
        if self.lease is not None:
            self.lease.acquire()  # MissionLocked naming the holder when taken
        else:
            try:
                self._lock.acquire(timeout=0)
            except Timeout:
                raise self._locked_error() from None
        self._info = {"pid": os.getpid(), "host": socket.gethostname(),
                      "mission_id": self.mission_id, "started_at": utc_now()}
        if self.notices:
            took = self.lease.took_over
            self._info["took_over"] = {k: took.get(k) for k in ("pid", "host", "reason")}
        self._beat()
        self._thread = threading.Thread(target=self._loop, name="scout-heartbeat", daemon=True)
        self._thread.start()
        return self

    @property
    def notices(self) -> list[str]:
        """What the mission's log should say about how the lock was taken: a lease taken
        over from a dead holder (``lease.py``)."""
        took = getattr(self.lease, "took_over", None)
        return [took["notice"]] if took else []

    def _locked_error(self) -> MissionLocked:
        info = read_lock_info(self.run_dir) or {}
        pid = info.get("pid")
        who = f"pid {pid}" if pid else "another process"
        if info.get("host") and info.get("host") != socket.gethostname():
            who += f" on {info['host']}"
        beat = info.get("heartbeat")
        age = ""
        if isinstance(info.get("heartbeat_epoch"), (int, float)):
            age = f", last heartbeat {max(0.0, time.time() - info['heartbeat_epoch']):.0f}s ago"
        elif beat:
            age = f", last heartbeat {beat}"
        return MissionLocked(
            f"mission '{self.mission_id}' is being applied by {who} (since "
            f"{info.get('started_at', '?')}{age})",
            hint="wait for it to finish, or stop that process; a lock whose process died "
            "is released automatically",
        )

    def _beat(self) -> None:
        info = dict(self._info, heartbeat=utc_now(), heartbeat_epoch=time.time())
        atomic_write_bytes(self.run_dir / INFO_NAME, json.dumps(info).encode(), fsync=False)

    def _loop(self) -> None:
        while not self._stop.wait(self.heartbeat_s):
            if self.lease is not None:
                self.lease.renew()
            try:
                self._beat()
            except OSError:
                pass  # a missed heartbeat is informational only; the flock is the lock

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        try:
            (self.run_dir / INFO_NAME).unlink()
        except OSError:
            pass
        if self.lease is not None:
            self.lease.release()
        else:
            self._lock.release()

    def __enter__(self) -> "MissionLock":
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def mission_lock(run_dir: str | Path, mission_id: str, config: Any = None) -> MissionLock:
    """The mission's lock: a Redis lease under the Redis quota backend, else the flock."""
    from scout.orchestrator.lease import RedisLease, quota_url

    url = quota_url(config)
    return MissionLock(run_dir, mission_id,
                       lease=RedisLease(url, mission_id) if url is not None else None)
