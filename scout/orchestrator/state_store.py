"""Durable mission state: an append-only state log with group commit, and phase.json.

Every phase and item event is one JSON line in ``<run_dir>/state.log.jsonl``, written
with a single ``write(2)`` on an ``O_APPEND`` descriptor before the caller goes on. A
process killed with SIGKILL therefore never loses an event it has recorded: the kernel
already holds the line. What remains is power loss, handled by *group commit*: one
background thread (the syncer) fsyncs the log once per batch (a batch grows for at most
``commit_delay``), however many events arrived meanwhile. Callers that must not go on
before an event is on disk call :meth:`wait_durable` (``durability="strict"`` does that
for every phase and item event). A line torn by a crash is cut off when the log is next
opened for writing, and ignored by readers. Small artifacts travel inside their phase's
record (``payloads``), so the log alone makes a finished phase durable; the files under
``artifacts/`` are restored from it when a crash left them missing or damaged.

``phase.json`` is a compacted snapshot of the folded state (see ``state.py``), written
atomically by the syncer every ``snapshot_interval`` seconds while something changed,
and on close. It records the ``seq`` and byte offset of the last record it contains;
readers load it and fold the log records after it, so ``scout status`` and the API see
a consistent state at every moment, and a missing or damaged snapshot is rebuilt from
the log.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Literal

from scout.errors import storage_error
from scout.fsutil import (bounded_lines, loads_stored, open_append, open_stored, read_stored,
                          write_atomic)
from scout.orchestrator.lockinfo import apply_alive
from scout.orchestrator.state import (
    DONE_OK,
    MALFORMED,
    MissionState,
    apply_record,
    fold_read_record,
)

LOG_NAME = "state.log.jsonl"
SNAPSHOT_NAME = "phase.json"
SNAPSHOT_FORMAT = 1

Durability = Literal["strict", "batched", "off"]


def utc_now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="microseconds")


def atomic_write_bytes(path: str | Path, data: bytes, *, fsync: bool = True) -> None:
    """Write ``data`` atomically (``scout.fsutil.write_atomic``); without ``fsync`` the
    caller must see to durability (the syncer does for artifacts)."""
    write_atomic(path, data, fsync=fsync)


#: the longest state-log line read: a phase record holds its small artifacts (each under
#: results.INLINE_MAX, 1 MiB); a longer line is damage, skipped without being held whole
MAX_LINE_BYTES = 64 * 1024 * 1024


def _lines(f: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[tuple[int, bytes | None]]:
    """:func:`scout.fsutil.bounded_lines` at the state log's limit."""
    return bounded_lines(f, limit)


def iter_log(path: Path, offset: int = 0) -> Iterable[tuple[int, dict[str, Any]]]:
    """(end offset, record) for every whole, parseable line from ``offset``.

    A torn last line (no newline) is not returned; a damaged line in the middle (which
    only an outside edit can cause) is skipped: one that is not strict JSON
    (``loads_stored``), not an object, whose ``seq`` is not a whole number, or longer
    than :data:`MAX_LINE_BYTES`. What stands at ``path`` must be a regular file: a
    symbolic link, a FIFO or a device is ``NotRegularFile`` (scout.fsutil.open_stored).
    """
    try:
        f = open_stored(path)
    except FileNotFoundError:
        return
    with f:
        f.seek(offset)
        pos = offset
        for size, raw in _lines(f):
            pos += size
            if raw is None:
                continue
            if not raw.endswith(b"\n"):
                return
            try:
                rec = loads_stored(raw)
            except ValueError:
                continue
            if isinstance(rec, dict) and type(rec.get("seq", 0)) is int:
                yield pos, rec


def _read_snapshot(run_dir: Path) -> dict[str, Any] | None:
    try:
        data = loads_stored(read_stored(run_dir / SNAPSHOT_NAME))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        return None
    return data


def load_state(run_dir: str | Path, skipped: list[int] | None = None) -> MissionState:
    """The current state of a run dir: the snapshot plus the log records after it.

    Safe to call while a run is writing: the snapshot is replaced atomically and only
    whole log lines are folded. ``skipped`` (a one-item list) counts the records folded
    from the log that were malformed and skipped (the runs listing names them).
    """
    run_dir = Path(run_dir)
    snap = _read_snapshot(run_dir)
    log = run_dir / LOG_NAME
    state: MissionState | None = None
    if snap is not None:
        try:
            state = MissionState.from_dict(snap["state"])
            offset = int(snap.get("log_offset", 0))
        except MALFORMED:
            state = None  # a damaged snapshot: the log alone says everything
    if state is not None:
        try:
            size = log.stat().st_size
        except FileNotFoundError:
            size = 0
        if offset <= size:
            first = True
            ok = True
            for _, rec in iter_log(log, offset):
                if first and int(rec.get("seq", 0)) != state.seq + 1:
                    ok = False  # the offset does not line up (log replaced?): full replay
                    break
                first = False
                if not fold_read_record(state, rec) and skipped is not None:
                    skipped[0] += 1
            if ok:
                return state
    if skipped is not None:
        skipped[0] = 0  # read again from the start: count again
    state = MissionState()
    end, bad = 0, 0
    for end, rec in iter_log(log):
        if not fold_read_record(state, rec):
            bad += 1
    if skipped is not None:
        skipped[0] = bad
    if end >= READER_SNAPSHOT_BYTES and not bad and snap is None:
        _snapshot_for_readers(run_dir, state, end)
    return state


#: a log folded whole from this size on leaves a snapshot behind for the next reader
READER_SNAPSHOT_BYTES = 256 * 1024


def _snapshot_for_readers(run_dir: Path, state: MissionState, offset: int) -> None:
    """Write the snapshot a mission killed before its first one never got, so the next ``scout status`` / API read folds only what comes
    after ``offset`` instead of the whole log again (a killed fan-out of 4,000 items:
    3.6 MB folded on every read). Only when no apply is alive on the run dir (a live
    writer keeps its own snapshot), and only of a log with no malformed record (the
    listing names those as the mission's problem; a snapshot would hide them). It is
    what the writer would have written: readers and a resumed apply check it against
    the log as they check the writer's. A run dir this process cannot write is left
    as it is, and so is anything standing where the snapshot goes (a damaged snapshot
    is the operator's to see: the listing names it)."""
    if os.path.lexists(run_dir / SNAPSHOT_NAME) or apply_alive(run_dir):
        return
    # "written_by": who left it (a reader, not the mission's apply), for the operator
    snap = {"format": SNAPSHOT_FORMAT, "updated_at": utc_now(), "log_offset": offset,
            "written_by": "reader", "state": state.to_dict()}
    try:
        data = json.dumps(snap, ensure_ascii=False, indent=1, default=str).encode("utf-8")
        atomic_write_bytes(run_dir / SNAPSHOT_NAME, data, fsync=False)
    except (OSError, TypeError, ValueError):
        pass  # a read-only run dir, a full disk: the next reader folds the log again


def _note_payloads(index: dict[str, dict[str, dict[str, Any]]], rec: dict[str, Any]) -> None:
    phase, status, payloads = rec.get("phase"), rec.get("status"), rec.get("payloads")
    if rec.get("ev") != "phase" or not isinstance(phase, str) or not isinstance(status, str):
        return  # not a phase record, or a malformed one (the log is read from disk)
    if status in DONE_OK:
        if isinstance(payloads, dict) and payloads:
            index[phase] = payloads
        else:
            index.pop(phase, None)


def read_payloads(run_dir: str | Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Artifact payloads recorded with each phase's latest success (see runner.py)."""
    index: dict[str, dict[str, dict[str, Any]]] = {}
    for _, rec in iter_log(Path(run_dir) / LOG_NAME):
        _note_payloads(index, rec)
    return index


class StoreClosed(RuntimeError):
    """An append after close (a late worker thread); the event is not recorded."""


class StateStore:
    """The writer side: owns the log of one run dir while the mission lock is held."""

    def __init__(
        self,
        run_dir: str | Path,
        *,
        mission_id: str = "",
        durability: Durability = "batched",
        snapshot_interval: float = 0.5,
        commit_delay: float = 0.005,
    ) -> None:
        self.run_dir = Path(run_dir)
        self.path = self.run_dir / LOG_NAME
        self.durability = durability
        self.snapshot_interval = snapshot_interval
        #: how long the syncer lets a batch grow before it fsyncs, unless someone waits
        #: (fewer fsyncs means fewer journal commits stalling the writers)
        self.commit_delay = commit_delay
        self._urgent = threading.Event()
        self._lock = threading.Lock()
        self.state = MissionState(mission_id=mission_id)
        #: ok item records of each phase's latest fingerprint: {phase: {fp: {i: rec}}}
        self._items: dict[str, dict[str, dict[int, dict[str, Any]]]] = {}
        #: artifact payloads of each phase's latest success: {phase: {name: payload}}
        self.payloads: dict[str, dict[str, dict[str, Any]]] = {}
        self._offset = self._recover()
        self.state.mission_id = mission_id or self.state.mission_id
        self._fd = open_append(self.path, 0o644)  # never through a link out of the folder
        self._seq = self.state.seq
        self._durable = self._seq
        self._snap_seq = -1
        self._cond = threading.Condition()
        self._wake = threading.Event()
        self._closing = False
        self._error: BaseException | None = None
        self._last_snapshot = 0.0
        self._syncer = threading.Thread(target=self._sync_loop, name="scout-syncer", daemon=True)
        self._syncer.start()

    # --- opening ----------------------------------------------------------------------

    def _recover(self) -> int:
        """Fold the whole log; cut off a torn last line so new records start clean."""
        end = 0
        for end, rec in iter_log(self.path):
            if not fold_read_record(self.state, rec):
                continue
            try:
                if rec.get("ev") == "item" and rec.get("ok"):
                    per_fp = self._items.setdefault(str(rec["phase"]), {})
                    per_fp.setdefault(str(rec.get("fp", "")), {})[int(rec["i"])] = rec
                else:
                    _note_payloads(self.payloads, rec)
            except MALFORMED:
                continue
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return 0
        if size > end:
            with open(self.path, "r+b") as f:
                f.truncate(end)
                f.flush()
                os.fsync(f.fileno())
        return end

    def done_items(self, phase: str, fp: str) -> dict[int, dict[str, Any]]:
        """Item records (ok) that were in the log when it was opened, for ``phase`` run
        with fingerprint ``fp`` (a run keeps the items of its own attempts in memory)."""
        return dict(self._items.get(phase, {}).get(fp, {}))

    # --- writing ----------------------------------------------------------------------

    def append(self, rec: dict[str, Any], *, wait: bool | None = None,
               raw: dict[str, str] | None = None) -> int:
        """Record one event; returns its seq. The line is in the kernel on return.

        ``wait`` (default: strict durability) blocks until the record is fsynced.
        ``raw`` adds fields whose values are already JSON text (item values and artifact
        payloads, serialized once by the artifact encoder).
        """
        if self._error is not None:
            raise self._failure() from self._error
        rec.setdefault("ts", utc_now())
        body = json.dumps(rec, ensure_ascii=False, separators=(",", ":"), default=str)
        if raw:
            body = body[:-1] + "".join(f",{json.dumps(k)}:{v}" for k, v in raw.items()) + "}"
        with self._lock:
            if self._fd < 0:
                # closed: a straggler thread (a fan-out lane finishing after Ctrl-C) must
                # not write through a descriptor number the OS may have handed out again
                raise StoreClosed("the state log is closed")
            self._seq += 1
            seq = self._seq
            line = (f'{{"seq":{seq},' + body[1:] + "\n").encode("utf-8")
            view = memoryview(line)
            try:
                while view:
                    n = os.write(self._fd, view)
                    view = view[n:]
            except OSError as exc:
                # a full disk can leave part of the line written: cut it off at once, so a
                # later record (this run's failure note) never lands on the torn line's
                # end; if even that fails, write nothing more (resume cuts a torn tail)
                self._seq -= 1
                try:
                    os.ftruncate(self._fd, self._offset)
                except OSError as cut:
                    self._error = cut
                mapped = storage_error(exc, "cannot write the run state")
                if mapped is None:
                    raise
                raise mapped from exc
            self._offset += len(line)
            rec["seq"] = seq
            apply_record(self.state, rec)
        if self.durability != "off":
            self._wake.set()
            if wait if wait is not None else self.durability == "strict":
                self.wait_durable(seq)
        return seq

    def wait_durable(self, seq: int | None = None) -> None:
        """Block until every record up to ``seq`` (default: all so far) is fsynced."""
        if self.durability == "off":
            return
        target = self._seq if seq is None else seq
        with self._cond:
            while self._durable < target:
                if self._error is not None:
                    raise self._failure() from self._error
                self._urgent.set()
                self._wake.set()
                self._cond.wait(0.5)

    def snapshot(self) -> dict[str, Any]:
        """A consistent copy of the state, as phase.json holds it."""
        with self._lock:
            return self._snapshot_locked()

    def _snapshot_locked(self) -> dict[str, Any]:
        return {"format": SNAPSHOT_FORMAT, "updated_at": utc_now(), "log_offset": self._offset,
                "state": self.state.to_dict()}

    def write_snapshot(self) -> None:
        snap = self.snapshot()
        self._write_snapshot(snap)

    def _write_snapshot(self, snap: dict[str, Any]) -> None:
        data = json.dumps(snap, ensure_ascii=False, indent=1, default=str).encode("utf-8")
        # atomic, not fsynced: the snapshot is derived from the (fsynced) log, and a reader
        # that finds it damaged after a power loss rebuilds the state from the log
        atomic_write_bytes(self.run_dir / SNAPSHOT_NAME, data, fsync=False)
        self._snap_seq = snap["state"]["seq"]
        self._last_snapshot = time.monotonic()

    # --- the syncer -------------------------------------------------------------------

    def _sync_loop(self) -> None:
        try:
            while True:
                woken = self._wake.wait(self.snapshot_interval)
                if woken and not self._closing and self.commit_delay > 0:
                    self._urgent.wait(self.commit_delay)  # let the batch grow
                self._wake.clear()
                self._urgent.clear()
                snap = None
                with self._lock:
                    target = self._seq
                    closing = self._closing
                    due = time.monotonic() - self._last_snapshot >= self.snapshot_interval
                    if target != self._snap_seq and (due or closing):
                        snap = self._snapshot_locked()
                if self.durability != "off" and target > self._durable:
                    os.fsync(self._fd)  # close() joins this thread before closing the fd
                with self._cond:
                    self._durable = max(self._durable, target)
                    self._cond.notify_all()
                if snap is not None:
                    # written after the fsync above: a snapshot never runs ahead of the log
                    self._write_snapshot(snap)
                if closing:
                    with self._lock:
                        if self._seq == target:
                            return
        except BaseException as exc:  # noqa: BLE001 - surfaced to writers
            self._error = exc
            with self._cond:
                self._cond.notify_all()

    def _failure(self) -> Exception:
        """What a writer raises after the syncer failed: the machine's refusal as a
        StorageError (disk full, read-only), anything else as the bug it is."""
        err = self._error
        if isinstance(err, OSError):
            mapped = storage_error(err, "cannot write the run state")
            if mapped is not None:
                return mapped
        return RuntimeError("the state log syncer failed")

    def close(self) -> None:
        """Flush everything, write the final snapshot, stop the syncer."""
        with self._lock:
            self._closing = True
        self._urgent.set()
        self._wake.set()
        self._syncer.join()
        if self._error is None:
            with self._lock:
                stale = self._snap_seq != self._seq
            if stale:
                self.write_snapshot()
        with self._lock:
            fd, self._fd = self._fd, -1
        os.close(fd)
        if self._error is not None:
            raise self._failure() from self._error

    def __enter__(self) -> "StateStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
