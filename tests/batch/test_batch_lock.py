"""One driver per batch (RUN009): a second ``scout batch apply`` of a batch that a live
process is running stops at once, naming it; the lock goes with its holder, however it
ends, and with the batch's end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from scout.batch.record import batch_id_for, batches_dir
from scout.batch.service import batch_apply
from scout.cli import main
from scout.dist.jobs import MissionJob, MissionJobResult

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = ROOT / "pipelines" / "hotel_research.yaml"

HOLDER = """
import json, sys, time
from filelock import FileLock
record, lock = sys.argv[1], sys.argv[2]
held = FileLock(lock, timeout=0, thread_local=False)
held.acquire(timeout=0)  # kept referenced: a collected FileLock lets go
import os, socket
from scout.batch.record import BatchRecord
rec = BatchRecord(sys.argv[3], "q.csv", None, sys.argv[4])
rec.pid, rec.host, rec.state = os.getpid(), socket.gethostname(), "running"
rec.save()
print("held", flush=True)
time.sleep(120)
"""


def _ran(job: MissionJob) -> MissionJobResult:
    return MissionJobResult(job.mission_id, "succeeded", 0, run_dir=job.runs_dir)


def test_a_live_driver_holds_its_batch_and_the_lock_goes_with_it(tmp_path: Path,
                                                                  capsys) -> None:
    q = tmp_path / "q.csv"
    q.write_text("query\nhotels in Lyon\nhotels in Porto\n")
    runs = tmp_path / "runs"
    record = batches_dir(runs) / f"{batch_id_for(q, PIPELINE)}.json"
    record.parent.mkdir(parents=True)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(record),
                               str(record.with_suffix(".lock")), record.stem, str(runs)],
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        code = main(["batch", "apply", str(PIPELINE), "--queries", str(q),
                     "--runs-dir", str(runs)])
        err = capsys.readouterr().err
        assert code == 2 and "error RUN009:" in err and f"pid {holder.pid}" in err, err
        assert "Traceback" not in err and "hint:" in err
        assert time.monotonic() - started < 20  # at once, not after the missions' locks
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    # the holder died without releasing anything (its record still says running): the
    # OS dropped its lock, and the next driver takes the batch over
    out = batch_apply(PIPELINE, queries=q, runs_dir=runs, root=ROOT, run_job=_ran)
    assert out.record.state == "completed" and len(out.record.missions) == 2
    # and the batch released its own lock at its end: the same batch runs again
    again = batch_apply(PIPELINE, queries=q, runs_dir=runs, root=ROOT, run_job=_ran)
    assert again.record.state == "completed"
