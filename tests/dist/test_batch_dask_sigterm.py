"""SIGTERM stops ``scout batch apply`` on Dask worker processes (``executor: dask``,
``address: local:N``) as it stops one on threads: the missions running on the workers
are told to stop (each records itself interrupted by the system, with its page), what
finished is kept, the record says the batch was stopped, the worker processes are gone
when the batch's process ends, exit 130; the same command resumes the rest. Before, the
stop reached only the batch's own threads: the workers went on with their missions (or
were killed under them), whose rows never said they were stopped."""

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
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer

ROOT = Path(__file__).resolve().parents[2]
SIGTERM_REASON = "stopped by the system (SIGTERM)"
CITIES = ["Lima", "Quito", "Cusco", "Sucre"]


def _records(run_dir: Path) -> list[dict]:
    try:
        text = (run_dir / "state.log.jsonl").read_text(encoding="utf-8")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass  # the line being written
    return out


def _searching(runs: Path) -> list[str]:
    """The missions whose fan-out (S) runs now."""
    return [d.name for d in runs.iterdir() if d.is_dir() and not d.name.startswith(".")
            and any(r.get("phase") == "S" and r.get("status") == "running"
                    for r in _records(d))] if runs.is_dir() else []


@pytest.mark.timeout(300)
def test_sigterm_stops_the_missions_on_dask_workers_and_the_workers(tmp_path: Path) -> None:
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
        queries.write_text("".join(f"- hoteles en {c}\n" for c in CITIES), encoding="utf-8")
        fake.slow("hoteles en Lima 0", 0.0)
        for c in CITIES[1:]:  # Lima finishes; the others wait on a search when stopped
            for i in range(3):
                fake.slow(f"hoteles en {c} {i}", 120.0)
        runs = tmp_path / "runs"
        args = [sys.executable, "-m", "scout", "batch", "apply", str(pipe), "--queries",
                str(queries), "--batch-id", "nightly", "--runs-dir", str(runs),
                "--config", str(cfg), "--parallel", "3", "--progress", "none"]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOUTE_RESEARCH_ROOT": str(tmp_path),
               "TAVILY_API_KEY": fake.keys["tavily"]}
        env.pop("SCOUTE_QUOTA_URL", None)
        proc = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        record_path = runs / ".batches" / "nightly.json"

        def lima_done() -> bool:
            try:
                doc = json.loads(record_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return False
            return any(r["status"] == "succeeded" for r in doc["missions"])

        deadline = time.monotonic() + 120
        while len(_searching(runs)) < 2 or not lima_done():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the missions never reached their searches"
            time.sleep(0.05)
        workers = {json.loads(x)["pid"] for x in pids.read_text().splitlines()}
        assert workers and os.getpid() not in workers and proc.pid not in workers
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
            ends = [r for r in _records(runs / mid) if r.get("ev") == "mission"
                    and r.get("status") == "interrupted"]
            assert [e["reason"] for e in ends] == [SIGTERM_REASON]  # told, not killed
            assert row["stopped_report"] and Path(row["stopped_report"]).is_file()
            assert not (runs / mid / "lock.json").exists()
        # the same command resumes the rest
        for c in CITIES:
            for i in range(3):
                fake.slow(f"hoteles en {c} {i}", 0.0)
        again = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, timeout=180)
        assert again.returncode == 0, again.stderr.decode()[-3000:]
        record = json.loads(record_path.read_text(encoding="utf-8"))
        assert record["state"] == "completed"
        assert {r["status"] for r in record["missions"]} == {"succeeded"}
