"""Ctrl-C on ``scout batch apply`` with Dask worker processes (``executor: dask``,
``address: local:N``), as a terminal sends it: SIGINT to the whole foreground process
group, so the LocalCluster's nanny and worker processes get it as well as the batch. The
batch takes its stop path (the missions on the workers are told to stop and record
themselves interrupted with their page; what finished is kept; the record says the batch
was interrupted (Ctrl-C); exit 130), the worker processes are gone when it ends, and the
same command resumes the rest. The SIGTERM twin is test_batch_dask_sigterm.py."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scout.fsutil import pid_alive
from tests.dist.test_batch_budget import BODY, TAVILY
from tests.dist.test_batch_dask_sigterm import _records, _searching
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer

ROOT = Path(__file__).resolve().parents[2]
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
    with FakeServer() as srv:
        fake = FakeProviders(srv)
        cfg = tmp_path / "config" / "adapters.yaml"
        cfg.parent.mkdir(parents=True)
        cfg.write_text("apiVersion: scout/v1\nkind: Config\nmax_workers: 4\n"
                       "executor: {kind: dask, address: 'local:2'}\n"
                       + TAVILY.format(backend="local", url=fake.server.url))
        pids = tmp_path / "pids.jsonl"
        pipe = tmp_path / "p.yaml"
        pipe.write_text(BODY.replace("CALLS", str(pids)))
        queries = tmp_path / "q.yaml"
        queries.write_text("".join(f"- hotels in {c}\n" for c in CITIES), encoding="utf-8")
        fake.slow("hotels in Oviedo 0", 0.0)
        for c in CITIES[1:]:  # Oviedo finishes; the others wait on a search when stopped
            for i in range(3):
                fake.slow(f"hotels in {c} {i}", 120.0)
        runs = tmp_path / "runs"
        args = [sys.executable, "-m", "scout", "batch", "apply", str(pipe), "--queries",
                str(queries), "--batch-id", "weekly", "--runs-dir", str(runs),
                "--config", str(cfg), "--parallel", "3", "--progress", "none"]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOUTE_RESEARCH_ROOT": str(tmp_path),
               "TAVILY_API_KEY": fake.keys["tavily"]}
        env.pop("SCOUTE_QUOTA_URL", None)
        proc = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True,
                                preexec_fn=_own_group)
        record_path = runs / ".batches" / "weekly.json"

        def first_done() -> bool:
            try:
                doc = json.loads(record_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return False
            return any(r["status"] == "succeeded" for r in doc["missions"])

        try:
            deadline = time.monotonic() + 120
            while len(_searching(runs)) < 2 or not first_done():
                assert proc.poll() is None, proc.communicate()
                assert time.monotonic() < deadline, "the missions never reached their searches"
                time.sleep(0.05)
            workers = {json.loads(x)["pid"] for x in pids.read_text().splitlines()}
            assert workers and os.getpid() not in workers and proc.pid not in workers
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
            ends = [r for r in _records(runs / mid) if r.get("ev") == "mission"
                    and r.get("status") == "interrupted"]
            assert [e["reason"] for e in ends] == [CTRL_C_REASON], (mid, ends)  # told, not killed
            assert row["stopped_report"] and Path(row["stopped_report"]).is_file()
            assert not (runs / mid / "lock.json").exists()
        for c in CITIES:
            for i in range(3):
                fake.slow(f"hotels in {c} {i}", 0.0)
        again = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, timeout=180)
        assert again.returncode == 0, again.stderr.decode()[-3000:]
        record = json.loads(record_path.read_text(encoding="utf-8"))
        assert record["state"] == "completed"
        assert {r["status"] for r in record["missions"]} == {"succeeded"}
