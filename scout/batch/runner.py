"""Running a batch: many missions on an executor, a budget for all of them, one record.

:class:`BatchRunner` submits each entry's :class:`~scout.dist.jobs.MissionJob` to an
executor (``scout.orchestrator.executor``: threads by default, Dask workers with the
dask kind) through :func:`~scout.dist.jobs.run_mission_job`, never more at once than the
executor's capacity. Every mission converges like ``scout apply`` (finished, unchanged
phases are reused), so re-running a batch finishes what is missing and reuses the rest.

The per-batch cap (``max_cost``, USD) is a budget scope of the quota backend,
``batch:<id>``: every paid call of every mission reserves against it and against its
mission's own cap in one atomic decision (:class:`scout.quota.base.BatchBudget` travels in
each :class:`MissionJob`), and a call that would take the batch past its cap is refused
before it is sent, however many missions run at once, on however many workers. The
scope is seeded with what the batch's missions have journaled (earlier runs included).
A refused mission stops ``stopped_budget`` (RUN008); then no new mission starts, running
ones finish or stop at the cap too, and the batch ends ``stopped_budget``; its rows say
which missions the batch's budget stopped (``stopped_by: batch``, from the stopping
error's code in the mission's result: RUN008, where RUN004 is its own cap). A re-run with a
higher cap resumes them. Ctrl-C stops launching,
records the batch ``interrupted`` and lets missions already running end; re-running the
same command resumes it. SIGTERM (``docker stop``, systemd, a CI cancel: the system will
not wait for missions to end) also tells the missions running on the batch's threads to
stop as Ctrl-C stops ``scout apply`` (scout.orchestrator.stoprequest): each writes its
page and records itself ``interrupted``, its row says so, and the record is saved before
the batch ends (:class:`BatchInterrupted`, exit 130); re-running resumes them too.
Missions on worker processes (the dask executor) are told the same way, through the
executor's ``stop_remote``, on Ctrl-C too: closing the cluster would kill them unrecorded.

Live figures (calls, money) come from the request journal as it grows (:class:`JournalTail`),
so the display moves while missions run, not only when they end.
"""

from __future__ import annotations

import os
import socket
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from scout.fsutil import loads_stored
from scout.i18n import common_lang
from scout.batch.inputs import BatchEntry
from scout.batch.record import FINISHED, BatchRecord, MissionRow, now_iso, stopped_by
from scout.dist.jobs import MissionJob, MissionJobResult, run_mission_job, submit_mission
from scout.errors.interrupt import CTRL_C, Terminated, interrupt_reason
from scout.orchestrator.executor import Executor
from scout.orchestrator.liveness import identity
from scout.orchestrator.mission_result import MissionInterrupted
from scout.orchestrator import stoprequest
from scout.providers.spend import SpendTally, line_usd
from scout.quota.base import BatchBudget

#: the record is rewritten at most this often while missions finish (and always at the end)
SAVE_EVERY_S = 1.0
#: how long a batch the system stops waits for its running missions to record
#: themselves interrupted (each stops at its scheduler's next turn, well under this;
#: ``docker stop`` gives 10 s before SIGKILL, and a second SIGTERM ends the wait)
STOP_GRACE_S = 8.0


class JournalTail:
    """Counts journal lines (and their USD) of a set of missions appended since it
    started, reading only the new bytes of every journal file (per-writer and rotated
    files included; a file is followed by its inode, so rotation loses nothing)."""

    def __init__(self, runtime_dir: Path, missions: set[str]) -> None:
        self.dir, self.missions = runtime_dir, missions
        self.calls, self.usd = 0, 0.0
        #: USD journaled per mission since the tail started (the runner clears a
        #: mission's entry once its result, with the journal's total, is in)
        self.usd_by_mission: dict[str, float] = {}
        self._offsets: dict[int, int] = {}
        self._partial: dict[int, bytes] = {}
        for path in self._files():  # what is there already is not this batch run's
            try:
                st = path.stat()
            except OSError:
                continue
            self._offsets[st.st_ino] = st.st_size

    def _files(self) -> list[Path]:
        return sorted(self.dir.glob("request_journal*.jsonl")) if self.dir.is_dir() else []

    def poll(self) -> None:
        for path in self._files():
            try:
                with path.open("rb") as fh:
                    ino = os.fstat(fh.fileno()).st_ino
                    fh.seek(self._offsets.get(ino, 0))
                    chunk = fh.read()
                    self._offsets[ino] = fh.tell()
            except OSError:
                continue
            data = self._partial.pop(ino, b"") + chunk
            *lines, rest = data.split(b"\n")
            if rest:
                self._partial[ino] = rest
            for raw in lines:
                try:
                    entry = loads_stored(raw)
                except ValueError:
                    continue  # a torn line: the journal's readers skip it too
                got = line_usd(entry)
                if got is None or got[0] not in self.missions:
                    continue
                mid, usd = got
                self.calls += 1
                if usd:
                    self.usd += usd
                    self.usd_by_mission[mid] = self.usd_by_mission.get(mid, 0.0) + usd


@dataclass
class BatchView:
    """What a progress display shows, at one moment."""

    batch_id: str
    total: int
    done: int
    running: int
    failed: int
    pending: int
    calls: int
    cost_usd: float
    elapsed_s: float
    eta_s: float | None
    state: str
    #: the language the batch's requests share (English when they differ): its lines'
    lang: str = "en"


class BatchSubscriber(Protocol):
    def update(self, view: BatchView, finished: MissionRow | None) -> None: ...


@dataclass
class BatchOutcome:
    record: BatchRecord
    stop: str | None  # None, "budget", "interrupted"
    exit_codes: list[int]


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM stopped a batch; its record is saved (``outcome.record``) and
    re-running the same command resumes it. Still a ``KeyboardInterrupt``, as
    :class:`~scout.orchestrator.mission_result.MissionInterrupted` is."""

    def __init__(self, outcome: BatchOutcome, reason: str = CTRL_C) -> None:
        super().__init__(f"batch {outcome.record.batch_id} interrupted")
        self.outcome = outcome
        #: who stopped it, as recorded (scout.errors.interrupt)
        self.reason = reason


RunJob = Callable[[MissionJob], MissionJobResult]


class BatchRunner:
    def __init__(self, entries: list[BatchEntry], record: BatchRecord, executor: Executor, *,
                 run_job: RunJob = run_mission_job, subscriber: BatchSubscriber | None = None,
                 runtime_dir: Path | None = None, clock: Callable[[], float] = time.monotonic,
                 poll_s: float = 0.25) -> None:
        self.entries, self.record, self.executor = entries, record, executor
        self.run_job, self.subscriber, self.clock, self.poll_s = run_job, subscriber, clock, poll_s
        self.tail = JournalTail(runtime_dir, {e.mission_id for e in entries}) \
            if runtime_dir is not None else None
        self.runtime_dir = runtime_dir
        self._started = clock()
        #: the language the display speaks: the one every mission's request is in
        self.lang = common_lang(e.lang for e in entries)
        self._finished_now = 0
        self._saved_at = 0.0
        #: what the batch's missions had journaled when this run started (the seed of
        #: the batch's budget scope)
        self.spent_before = 0.0

    # --- budget -------------------------------------------------------------------
    def spent(self) -> float:
        """What the batch's missions have spent: a finished mission's journaled total,
        a running one's earlier total plus what the journal shows it spending now."""
        live = self.tail.usd_by_mission if self.tail else {}
        return sum(r.cost_usd + (live.get(m, 0.0) if r.status == "running" else 0.0)
                   for m, r in self.record.missions.items())

    def remaining(self) -> float | None:
        cap = self.record.max_cost
        return None if cap is None else cap - self.spent()

    # --- the loop -----------------------------------------------------------------
    def _prepare_rows(self) -> None:
        rec = self.record
        rec.missions = {e.mission_id: rec.missions.get(e.mission_id)
                        or MissionRow(e.mission_id, e.source) for e in self.entries}
        for row, entry in zip(rec.missions.values(), self.entries):
            row.source = entry.source
            if row.status not in FINISHED:
                row.status = "pending"
            row.stopped_by = row.stop_code = None
        if self.runtime_dir is not None:  # the journal is the truth, whatever the record says
            journaled = SpendTally(self.runtime_dir).spent_each(rec.missions)
            for mid, row in rec.missions.items():
                row.cost_usd = max(row.cost_usd, journaled[mid])
        self.spent_before = round(sum(r.cost_usd for r in rec.missions.values()), 6)
        rec.state, rec.reason, rec.finished_at = "running", None, None
        rec.runs += 1
        rec.pid, rec.host = os.getpid(), socket.gethostname()
        rec.process = identity()  # what tells this process from a later one with its pid

    def _job_for(self, entry: BatchEntry) -> MissionJob:
        if self.record.max_cost is None:
            return entry.job
        return replace(entry.job, batch=BatchBudget(self.record.batch_id,
                                                    self.record.max_cost, self.spent_before))

    def _settle(self, entry: BatchEntry, fut: Future[MissionJobResult]) -> MissionRow:
        row = self.record.missions[entry.mission_id]
        try:
            res = fut.result()
        except MissionInterrupted as exc:  # told to stop (the batch was): it resumes
            row.status, row.exit_code, row.error = "interrupted", 130, None
            row.run_dir = str(exc.run_dir)
            row.stopped_report = str(exc.report) if exc.report is not None else None
            row.stop_code = row.stopped_by = None
            row.report_path = None
            if self.tail is not None:  # what it spent before it stopped: in its row now
                self.tail.poll()
                row.cost_usd = round(row.cost_usd + self.tail.usd_by_mission.pop(
                    entry.mission_id, 0.0), 6)
            return row
        except Exception as exc:  # noqa: BLE001 - a lost worker, a job that could not travel
            row.status, row.exit_code = "error", 1
            row.error = f"{type(exc).__name__}: {exc}"
            row.stop_code = row.stopped_by = row.stopped_report = None
            return row
        if res.status == "interrupted":  # told to stop on a worker process: it resumes
            row.status, row.exit_code, row.error = "interrupted", res.exit_code, None
            row.run_dir, row.stopped_report, row.report_path = res.run_dir, \
                res.stopped_report, None
            row.stop_code = row.stopped_by = None
            row.cost_usd = round(float(res.cost_usd or 0.0), 6)
            if self.tail is not None:
                self.tail.usd_by_mission.pop(entry.mission_id, None)
            return row
        row.status, row.exit_code = res.status, res.exit_code
        row.cost_usd = round(float(res.cost_usd or 0.0), 6)
        row.report_path, row.run_dir, row.error = res.report_path, res.run_dir, res.error
        row.duration_s = res.duration_s
        row.stopped_report = res.stopped_report
        # which cap stopped it comes from the stopping error's code, never its message
        row.stop_code = res.stop_code if res.status == "stopped_budget" else None
        row.stopped_by = stopped_by(row.status, row.stop_code)
        if self.tail is not None:  # its money is in its row now
            self.tail.usd_by_mission.pop(entry.mission_id, None)
        return row

    def view(self) -> BatchView:
        rows = self.record.missions.values()
        counts = self.record.totals()
        running = sum(1 for r in rows if r.status == "running")
        pending = sum(1 for r in rows if r.status == "pending")
        elapsed = self.clock() - self._started
        eta = None
        if self._finished_now and (pending or running):
            eta = elapsed / self._finished_now * (pending + running)
        return BatchView(self.record.batch_id, counts["missions"], counts["done"], running,
                         counts["failed"], pending, self.tail.calls if self.tail else 0,
                         round(self.spent(), 6), elapsed, eta, self.record.state, self.lang)

    def _save(self, force: bool = False) -> None:
        now = self.clock()
        if force or now - self._saved_at >= SAVE_EVERY_S:
            self.record.save()
            self._saved_at = now

    def _notify(self, finished: MissionRow | None = None) -> None:
        if self.tail is not None:
            self.tail.poll()
        if self.subscriber is not None:
            self.subscriber.update(self.view(), finished)

    def run(self) -> BatchOutcome:
        self._prepare_rows()
        queue = deque(e for e in self.entries)
        inflight: dict[Future[MissionJobResult], BatchEntry] = {}
        stop: str | None = None
        self._save(force=True)
        try:
            while queue or inflight:
                while queue and stop is None and len(inflight) < max(1, self.executor.capacity):
                    left = self.remaining()
                    if left is not None and left <= 1e-9:
                        stop = "budget"
                        break
                    entry = queue.popleft()
                    job = self._job_for(entry)
                    # the real job goes to a worker process where the executor has them
                    fut = submit_mission(self.executor, job) if self.run_job is run_mission_job \
                        else self.executor.submit(self.run_job, job)
                    inflight[fut] = entry
                    self.record.missions[entry.mission_id].status = "running"
                if stop is not None and not inflight:
                    break
                done, _ = wait(list(inflight), timeout=self.poll_s,
                               return_when=FIRST_COMPLETED)
                for fut in done:
                    entry = inflight.pop(fut)
                    row = self._settle(entry, fut)
                    self._finished_now += 1
                    if row.stopped_by == "batch":
                        stop = "budget"  # its next call did not fit: launch no more
                    self._notify(row)
                    self._save()
                if not done:
                    self._notify()
        except KeyboardInterrupt as exc:
            stop, why = "interrupted", interrupt_reason(exc)
            # missions on worker processes: a remote future cancels even while its
            # mission runs (and the cluster's close kills it), so they are told instead
            remote = self._remote_stop()
            for fut, entry in list(inflight.items()):
                if remote is None and fut.cancel():
                    inflight.pop(fut)
                    self.record.missions[entry.mission_id].status = "pending"
            if (isinstance(exc, Terminated) or remote is not None) and inflight:
                self._stop_running(inflight, type(exc) if isinstance(exc, Terminated)
                                   else KeyboardInterrupt)
            self._finish(stop, why)
            raise BatchInterrupted(self._outcome(stop), why) from exc
        self._finish(stop)
        return self._outcome(stop)

    def _outcome(self, stop: str | None) -> BatchOutcome:
        codes = [r.exit_code for r in self.record.missions.values() if r.exit_code is not None]
        return BatchOutcome(self.record, stop, codes)

    def _remote_stop(self) -> Callable[[type[KeyboardInterrupt]], int] | None:
        """How to tell the missions on the executor's worker processes to stop (the dask
        executor's ``stop_remote``), or None when they run on this process's threads."""
        if self.run_job is not run_mission_job or getattr(self.executor, "submit_remote",
                                                          None) is None:
            return None
        return getattr(self.executor, "stop_remote", None)

    def _stop_running(self, inflight: dict[Future[MissionJobResult], BatchEntry],
                      cause: type[KeyboardInterrupt] = Terminated) -> None:
        """The system stops the batch (or anyone, one on worker processes): tell the
        missions running on this process's threads, and on the executor's workers, to
        stop as Ctrl-C would, and settle their rows (``interrupted``, with their page)
        for up to :data:`STOP_GRACE_S`; a second SIGTERM ends the wait (the rows still
        running read ``interrupted`` once the batch's process is gone)."""
        stoprequest.stop_running(cause)
        remote = self._remote_stop()
        try:
            if remote is not None:
                remote(cause)
            deadline = self.clock() + STOP_GRACE_S
            while inflight and self.clock() < deadline:
                done, _ = wait(list(inflight), timeout=min(self.poll_s, STOP_GRACE_S),
                               return_when=FIRST_COMPLETED)
                for fut in done:
                    self._settle(inflight.pop(fut), fut)
                    self._finished_now += 1
        except KeyboardInterrupt:
            pass  # a second signal: the record is saved with what is known
        finally:
            stoprequest.clear()
            clear = getattr(self.executor, "clear_remote", None)
            if remote is not None and clear is not None:
                clear()

    def _finish(self, stop: str | None, why: str = CTRL_C) -> None:
        rec = self.record
        if stop == "budget":
            left = sum(1 for r in rec.missions.values() if r.status == "pending")
            stopped = [m for m, r in rec.missions.items() if r.stopped_by == "batch"]
            rec.state = "stopped_budget"
            rec.reason = (f"the batch's budget (${rec.max_cost:.4f}) stopped it: "
                          f"{len(stopped)} mission(s) stopped at the cap, {left} not "
                          "started; raise --max-cost and re-run")
        elif stop == "interrupted":
            rec.state = "interrupted"
            rec.reason = f"{why}; re-run the same command to resume"
        else:
            rec.state = "completed"
        rec.finished_at = now_iso()
        self._notify()
        self._save(force=True)
