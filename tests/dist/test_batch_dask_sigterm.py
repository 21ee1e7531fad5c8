"""SIGTERM stops ``scout batch apply`` on Dask worker processes (``executor: dask``,
``address: local:N``) as it stops one on threads: the missions running on the workers
are told to stop (each records itself interrupted by the system, with its page), what
finished is kept, the record says the batch was stopped, the worker processes are gone
when the batch's process ends, exit 130; the same command resumes the rest. Before, the
stop reached only the batch's own threads: the workers went on with their missions (or
were killed under them), whose rows never said they were stopped. The batch is
tests/dist/conftest.py's :func:`dask_batch`, as in the Ctrl-C twin."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from scout.fsutil import pid_alive
from tests.dist.conftest import dask_batch, records

SIGTERM_REASON = "stopped by the system (SIGTERM)"
CITIES = ["Lima", "Quito", "Cusco", "Sucre"]


@pytest.mark.timeout(300)
def test_sigterm_stops_the_missions_on_dask_workers_and_the_workers(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the dist extra is not installed")
    with dask_batch(tmp_path, [f"hoteles en {c}" for c in CITIES], "nightly") as batch:
        proc, runs, record_path = batch.proc, batch.runs, batch.record_path
        # Lima finishes; the others wait on a search when stopped
        workers = batch.wait_until_busy()
        proc.send_signal(signal.SIGTERM)
        try:
            out, err = proc.communicate(timeout=60)  # the searches answer in 120 s
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            pytest.fail("the batch waited for its workers' missions")
        said = err.decode() + out.decode()
        assert proc.returncode == 130, (proc.returncode, said[-3000:])
        assert "Traceback" not in said
        # it says it was stopped, in the requests' language (Spanish), and how to resume
        assert "detenida por el sistema (SIGTERM)" in out.decode(), said[-3000:]
        # the worker processes are gone with the batch
        deadline = time.monotonic() + 30
        while any(pid_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [p for p in workers if pid_alive(p)], "a Dask worker outlived the batch"

        record = json.loads(record_path.read_text(encoding="utf-8"))
        assert record["state"] == "interrupted" and record["reason"].startswith(SIGTERM_REASON)
        rows = {r["mission_id"]: r for r in record["missions"]}
        statuses = [r["status"] for r in rows.values()]
        # Lima's is kept; the two searching were stopped, and so was the fourth if it
        # had been launched in Lima's place (else it is still to run)
        assert statuses.count("succeeded") == 1 and statuses.count("interrupted") >= 2, rows
        assert set(statuses) <= {"succeeded", "interrupted", "pending"}, rows
        for mid, row in rows.items():
            if row["status"] != "interrupted":
                continue
            ends = [r for r in records(runs / mid) if r.get("ev") == "mission"
                    and r.get("status") == "interrupted"]
            assert [e["reason"] for e in ends] == [SIGTERM_REASON]  # told, not killed
            assert row["stopped_report"] and Path(row["stopped_report"]).is_file()
            assert not (runs / mid / "lock.json").exists()
        # the same command resumes the rest
        batch.searches_answer_now()
        again = subprocess.run(batch.args, cwd=tmp_path, env=batch.env, capture_output=True,
                               timeout=180)
        assert again.returncode == 0, again.stderr.decode()[-3000:]
        record = json.loads(record_path.read_text(encoding="utf-8"))
        assert record["state"] == "completed"
        assert {r["status"] for r in record["missions"]} == {"succeeded"}
