"""CPU starvation as the kernel saw it, for one stretch of a benchmark run.

On a shared machine a wall time mixes two things: time scout's threads lost to its own
scheduling (a free worker waiting while work was left) and time they were *runnable but
not running* because other processes had the CPUs. Linux keeps the second per thread:
``/proc/self/task/<tid>/schedstat`` is "ns on CPU, ns waiting on a run queue, slices".
:class:`CpuWatch` samples every thread of this process (threads come and go: each
thread's last sample counts, so one that ends between samples loses at most one
interval) and reports, over the stretch:

- ``cpu_s``: CPU seconds of the whole process (getrusage: scout and the fake server,
  which run in the same process);
- ``runqueue_wait_s``: thread-seconds runnable but waiting for a CPU (all threads), and
  ``runqueue_wait_scout_s`` for scout's own threads (the main thread, which runs the
  CLI and the scheduler, and ``scout-*`` threads);
- ``main_runqueue_wait_s``: the main thread's share — the scheduler waiting for a CPU to
  react to a finished phase is starvation, not a scheduling decision;
- ``involuntary_switches``: times a thread was preempted (getrusage ``ru_nivcsw``).

Where ``/proc`` has no schedstat (not Linux) the figures are None.
"""

from __future__ import annotations

import os
import resource
import threading
from pathlib import Path
from typing import Any

TASKS = Path("/proc/self/task")


def _read(tid: str) -> tuple[int, int] | None:
    try:
        run_ns, wait_ns, _slices = (TASKS / tid / "schedstat").read_text().split()
        return int(run_ns), int(wait_ns)
    except (OSError, ValueError):
        return None


class CpuWatch:
    def __init__(self, interval: float = 0.05) -> None:
        self.interval = interval
        self.available = (TASKS / str(threading.get_native_id()) / "schedstat").exists()
        self._base: dict[str, tuple[int, int]] = {}
        self._last: dict[str, tuple[int, int]] = {}
        self._names: dict[str, str] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ru0: resource.struct_rusage | None = None
        self._main = str(threading.main_thread().native_id)

    def _sample(self) -> None:
        names = {str(t.native_id): t.name for t in threading.enumerate()}
        try:
            tids = os.listdir(TASKS)
        except OSError:
            return
        for tid in tids:
            got = _read(tid)
            if got is not None:
                self._last[tid] = got
                if tid in names:
                    self._names[tid] = names[tid]

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def __enter__(self) -> "CpuWatch":
        self._ru0 = resource.getrusage(resource.RUSAGE_SELF)
        if self.available:
            self._sample()
            self._base = dict(self._last)
            self._thread = threading.Thread(target=self._loop, name="bench-cpu-watch",
                                            daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._sample()
        self.ru1 = resource.getrusage(resource.RUSAGE_SELF)

    def result(self) -> dict[str, Any]:
        assert self._ru0 is not None
        ru0, ru1 = self._ru0, self.ru1
        out: dict[str, Any] = {
            "cpu_s": round(ru1.ru_utime - ru0.ru_utime + ru1.ru_stime - ru0.ru_stime, 3),
            "involuntary_switches": ru1.ru_nivcsw - ru0.ru_nivcsw,
            "runqueue_wait_s": None, "runqueue_wait_scout_s": None,
            "main_runqueue_wait_s": None}
        if not self.available:
            return out
        total = scout = main = 0
        for tid, (_run, wait) in self._last.items():
            waited = wait - self._base.get(tid, (0, 0))[1]
            name = self._names.get(tid, "")
            if name == "bench-cpu-watch":
                continue
            total += waited
            if tid == self._main or name.startswith("scout-"):
                scout += waited
            if tid == self._main:
                main += waited
        out.update(runqueue_wait_s=round(total / 1e9, 3),
                   runqueue_wait_scout_s=round(scout / 1e9, 3),
                   main_runqueue_wait_s=round(main / 1e9, 3))
        return out
