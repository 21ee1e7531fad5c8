"""Ctrl-C on ``scout batch apply`` with Dask worker processes (``executor: dask``,
``address: local:N``), as a terminal sends it: SIGINT to the whole foreground process
group, so the LocalCluster's nanny and worker processes get it as well as the batch. The
batch takes its stop path (the missions on the workers are told to stop and record
themselves interrupted with their page; what finished is kept; the record says the batch
was interrupted (Ctrl-C); exit 130), the worker processes are gone when it ends, and the
same command resumes the rest. The SIGTERM twin is test_batch_dask_sigterm.py; both start
the batch with tests/dist/conftest.py's :func:`dask_batch`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from scout.fsutil import pid_alive
from tests.dist.conftest import dask_batch, records

CTRL_C_REASON = "interrupted (Ctrl-C)"
CITIES = ["Oviedo", "Burgos", "Soria", "Teruel"]


def _own_group() -> None:
    """The child's own process group, SIGINT as a terminal leaves it (CI and xdist run
    the suite with SIGINT ignored, which a child inherits)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.timeout(300)
def test_ctrl_c_to_the_process_group_stops_the_batch_and_its_dask_workers(
        tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the dist extra is not installed")
    with dask_batch(tmp_path, [f"hotels in {c}" for c in CITIES], "weekly",
                    start_new_session=True, preexec_fn=_own_group) as batch:
        proc, runs, record_path = batch.proc, batch.runs, batch.record_path
        try:
            # Oviedo finishes; the others wait on a search when stopped
            workers = batch.wait_until_busy()
            # the workers share the batch's process group: a terminal's Ctrl-C reaches them
            assert {os.getpgid(p) for p in workers} == {proc.pid}
            os.killpg(proc.pid, signal.SIGINT)
            try:
                out, err = proc.communicate(timeout=60)  # the searches answer in 120 s
            except subprocess.TimeoutExpired:
                pytest.fail("the batch waited for its workers' missions")
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()
        said = err.decode() + out.decode()
        assert proc.returncode == 130, (proc.returncode, said[-3000:])
        assert "Traceback" not in said, said[-3000:]
        assert "interrupted (Ctrl-C)" in out.decode(), said[-3000:]
        deadline = time.monotonic() + 30
        while any(pid_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [p for p in workers if pid_alive(p)], "a Dask worker outlived the batch"

        record = json.loads(record_path.read_text(encoding="utf-8"))
        assert record["state"] == "interrupted", record
        assert record["reason"].startswith(CTRL_C_REASON), record
        rows = {r["mission_id"]: r for r in record["missions"]}
        statuses = [r["status"] for r in rows.values()]
        assert statuses.count("succeeded") == 1 and statuses.count("interrupted") >= 2, rows
        assert set(statuses) <= {"succeeded", "interrupted", "pending"}, rows
        for mid, row in rows.items():
            if row["status"] != "interrupted":
                continue
            ends = [r for r in records(runs / mid) if r.get("ev") == "mission"
                    and r.get("status") == "interrupted"]
            assert [e["reason"] for e in ends] == [CTRL_C_REASON], (mid, ends)  # told, not killed
            assert row["stopped_report"] and Path(row["stopped_report"]).is_file()
            assert not (runs / mid / "lock.json").exists()
        batch.searches_answer_now()
        again = subprocess.run(batch.args, cwd=tmp_path, env=batch.env, capture_output=True,
                               timeout=180)
        assert again.returncode == 0, again.stderr.decode()[-3000:]
        record = json.loads(record_path.read_text(encoding="utf-8"))
        assert record["state"] == "completed"
        assert {r["status"] for r in record["missions"]} == {"succeeded"}
