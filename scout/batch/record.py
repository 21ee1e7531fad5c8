"""The batch record: ``<runs-dir>/.batches/<batch-id>.json``, one file per batch.

It says what the batch is (its source, pipeline, cap), its state (``running``,
``completed``, ``stopped_budget``, ``interrupted``) and every mission's last known
status, cost, report path and error, plus totals. It is rewritten whole and atomically
(``scout.fsutil.write_atomic``) each time a mission finishes, so a crash or Ctrl-C
leaves the last complete record; ``scout batch status`` reads it. The folder's name
starts with a dot, so it can never be a mission id (ids are slugs) and ``scout runs``
does not take it for a run dir.

The file is untrusted when read: anything malformed is a clear ``MissionNotFound`` /
``UsageError``, never a traceback. A ``running`` record whose process is gone reads as
``interrupted`` (re-run ``scout batch apply`` to resume): gone as the locks judge it
(:mod:`scout.orchestrator.liveness`), so a process that exited but is not yet reaped, or
a pid reused since, is gone too; a record written before the process's start time was
kept (no ``process``) is judged by its pid alone.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scout.errors import BatchBudgetExceeded, BudgetExceeded, MissionNotFound, UsageError
from scout.fsutil import loads_stored, pid_alive, write_atomic
from scout.orchestrator.liveness import dead_reason
from scout.paths import slugify

DIR_NAME = ".batches"
#: mission statuses that count as finished for good (re-running reuses them)
FINISHED = ("succeeded", "succeeded_partial")
STATES = ("running", "completed", "stopped_budget", "interrupted")


def now_iso() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def batch_id_for(source: Path, pipeline: Path | None) -> str:
    """The same input (same file, same pipeline) names the same batch: re-running
    converges on its record."""
    basis = f"{source.resolve()}|{pipeline.resolve() if pipeline else ''}"
    digest = hashlib.sha256(basis.encode()).hexdigest()[:8]
    return f"{slugify(source.stem, max_len=40) or 'batch'}-{digest}"


def batches_dir(runs_dir: Path) -> Path:
    return runs_dir / DIR_NAME


@dataclass
class MissionRow:
    mission_id: str
    source: str  # file, or file:line of its row
    status: str = "pending"  # pending | running | a mission status | error | skipped
    exit_code: int | None = None
    cost_usd: float = 0.0
    report_path: str | None = None
    run_dir: str | None = None
    error: str | None = None
    duration_s: float | None = None
    #: who stopped a ``stopped_budget`` mission: ``batch`` (the batch's --max-cost) or
    #: ``mission`` (its own max_cost); derived from ``stop_code`` (:func:`stopped_by`)
    stopped_by: str | None = None
    #: the code of the error that stopped it: RUN008 (``BatchBudgetExceeded``) or
    #: RUN004 (``BudgetExceeded``); None for every other status
    stop_code: str | None = None
    #: the page a mission that failed or stopped wrote in report.md's place (what stopped
    #: it, why, what to do); None when it succeeded (older records lack it: None too)
    stopped_report: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def stopped_by(status: str, stop_code: str | None) -> str | None:
    """Who stopped a mission, from the code of the error that stopped it (never from
    its message): ``batch`` for RUN008, ``mission`` for any other budget stop."""
    if status != "stopped_budget":
        return None
    return "batch" if stop_code == BatchBudgetExceeded.code else "mission"


#: the codes a row's ``stop_code`` may hold (anything else read from disk is dropped)
STOP_CODES = (BudgetExceeded.code, BatchBudgetExceeded.code)


@dataclass
class BatchRecord:
    batch_id: str
    source: str
    pipeline: str | None
    runs_dir: str
    max_cost: float | None = None
    state: str = "running"
    reason: str | None = None
    started_at: str = field(default_factory=now_iso)
    finished_at: str | None = None
    runs: int = 0  # how many times `scout batch apply` ran it
    pid: int | None = None
    host: str | None = None
    executor: str = "local"
    missions: dict[str, MissionRow] = field(default_factory=dict)
    #: the applying process as :func:`scout.orchestrator.liveness.identity` records it
    #: (host, boot id, pid namespace, pid and its start time): tells a reused pid or an
    #: unreaped one from the batch's live process. None in older records.
    process: dict[str, Any] | None = None

    @property
    def path(self) -> Path:
        return batches_dir(Path(self.runs_dir)) / f"{self.batch_id}.json"

    def shown_statuses(self) -> dict[str, str]:
        """Each mission's status as a person reads it: a row still ``running`` in a batch
        nothing runs any more (Ctrl-C, a kill, a crash) is ``interrupted``."""
        stopped = self.effective_state() != "running"
        return {mid: "interrupted" if stopped and row.status == "running" else row.status
                for mid, row in self.missions.items()}

    def totals(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for status in self.shown_statuses().values():
            counts[status] = counts.get(status, 0) + 1
        return {"missions": len(self.missions), "by_status": dict(sorted(counts.items())),
                "done": sum(counts.get(s, 0) for s in FINISHED),
                "failed": sum(n for s, n in counts.items()
                              if s not in FINISHED + ("pending", "running", "skipped")),
                "cost_usd": round(sum(r.cost_usd for r in self.missions.values()), 6)}

    def effective_state(self) -> str:
        """``running`` whose process is gone (same host) is ``interrupted``."""
        if self.state != "running" or self.pid is None:
            return self.state
        if self.host and self.host != socket.gethostname():
            return self.state  # another machine's process: cannot tell
        if self.process is not None and self.process.get("pid") == self.pid \
                and dead_reason(self.process) is not None:
            return "interrupted"  # exited but not reaped, or its pid is another process's now
        # the one notion of "alive" the locks and runs use (one we may not signal is alive)
        return self.state if pid_alive(self.pid) else "interrupted"

    def to_dict(self) -> dict[str, Any]:
        shown = self.shown_statuses()
        return {"batch_id": self.batch_id, "source": self.source, "pipeline": self.pipeline,
                "runs_dir": self.runs_dir, "max_cost": self.max_cost,
                "state": self.effective_state(), "reason": self.reason,
                "started_at": self.started_at, "finished_at": self.finished_at,
                "runs": self.runs, "pid": self.pid, "host": self.host,
                "executor": self.executor, "process": self.process, "totals": self.totals(),
                "budget_stopped": [m for m, r in self.missions.items()
                                   if r.stopped_by == "batch"],
                "missions": [{**r.to_dict(), "status": shown[m]}
                             for m, r in self.missions.items()]}

    def save(self) -> None:
        doc = self.to_dict()
        doc["state"] = self.state  # what this process knows, not the liveness guess
        write_atomic(self.path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")

    @classmethod
    def from_dict(cls, doc: Any, path: Path) -> "BatchRecord":
        try:
            rows = {}
            for raw in doc["missions"]:
                row = MissionRow(**{k: raw.get(k) for k in MissionRow.__dataclass_fields__
                                    if k in raw})
                row.cost_usd = float(row.cost_usd or 0.0)
                if row.stop_code not in STOP_CODES:
                    row.stop_code = None
                if row.stop_code is not None:  # the code decides; older records keep theirs
                    row.stopped_by = stopped_by(str(row.status), row.stop_code)
                if row.stopped_by not in ("batch", "mission"):
                    row.stopped_by = None
                rows[str(row.mission_id)] = row
            rec = cls(str(doc["batch_id"]), str(doc["source"]), doc.get("pipeline"),
                      str(doc["runs_dir"]), doc.get("max_cost"), str(doc.get("state")),
                      doc.get("reason"), str(doc.get("started_at")), doc.get("finished_at"),
                      int(doc.get("runs") or 0), doc.get("pid"), doc.get("host"),
                      str(doc.get("executor") or "local"), rows, _process(doc.get("process")))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise UsageError(f"{path} is not a readable batch record ({type(exc).__name__})",
                             code="USE083",
                             hint="re-run `scout batch apply` on its input to rewrite it") from None
        return rec


#: what a record's ``process`` may hold (:func:`scout.orchestrator.liveness.identity`)
_PROCESS_KEYS = ("host", "boot_id", "pid_ns", "pid", "pid_start")


def _process(raw: Any) -> dict[str, Any] | None:
    """A record's ``process`` as read from disk: its known fields of a plain type only
    (anything else is no evidence of who ran it), None when there is none."""
    if not isinstance(raw, dict):
        return None
    kept = {k: raw[k] for k in _PROCESS_KEYS if type(raw.get(k)) in (str, int)}
    return kept or None


def load_record(path: Path) -> BatchRecord:
    try:
        doc = loads_stored(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissionNotFound(f"no batch record {path}") from None
    except (OSError, ValueError) as exc:
        raise UsageError(f"{path} is not a readable batch record ({exc})", code="USE083",
                         hint="re-run `scout batch apply` on its input to rewrite it") from None
    return BatchRecord.from_dict(doc, path)


def find_record(runs_dir: Path, batch: str | None) -> BatchRecord:
    """The record of ``batch`` (an id, or a path to its .json); the latest when None."""
    folder = batches_dir(runs_dir)
    if batch is not None and batch.endswith(".json") and Path(batch).is_file():
        return load_record(Path(batch))
    if batch is not None:
        path = folder / f"{batch}.json"
        if "/" in batch or batch.startswith(".") or not path.is_file():
            known = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
            from scout.suggest import did_you_mean

            raise MissionNotFound(f"no batch '{batch}' in {folder}",
                                  hint=did_you_mean(batch, known, what="batches")
                                  or (f"known: {', '.join(known[:10])}" if known
                                      else "run `scout batch apply` first"))
        return load_record(path)
    records = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime) \
        if folder.is_dir() else []
    if not records:
        raise MissionNotFound(f"no batches in {folder}", hint="run `scout batch apply` first")
    return load_record(records[-1])
