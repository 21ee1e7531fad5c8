"""A mission nothing runs any more reads as stopped everywhere: after Ctrl-C (its end is
recorded) or a kill (nothing could be written) the phase its log leaves ``running`` reads
``interrupted`` in ``scout status``, ``scout runs``, the audit trail and the API's state,
while a live apply's phases still read ``running``. The same holds for a batch's rows."""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path

from scout import api
from scout.audit.runs import GONE_REASON, list_runs
from scout.audit.trail import audit_trail
from scout.batch.record import BatchRecord, MissionRow
from scout.cli import main
from scout.orchestrator.locks import INFO_NAME
from scout.orchestrator.state_store import StateStore


def _run_dir(runs: Path, *, ended: str | None) -> Path:
    """A run dir whose log says F0 finished and F1 started (and, with ``ended``, that
    the mission ended so: what Ctrl-C records; without it, what a kill leaves)."""
    run_dir = runs / "m1"
    run_dir.mkdir(parents=True)
    store = StateStore(run_dir, mission_id="m1")
    store.append({"ev": "mission", "status": "running", "mission_id": "m1",
                  "pid": os.getpid(), "pipeline": "p.yaml", "query": "q"})
    store.append({"ev": "phase", "phase": "F0", "status": "running", "attempt": 1})
    store.append({"ev": "phase", "phase": "F0", "status": "succeeded", "attempt": 1})
    store.append({"ev": "phase", "phase": "F1", "status": "running", "attempt": 1})
    if ended:
        store.append({"ev": "mission", "status": ended, "reason": "interrupted (Ctrl-C)",
                      "exit_code": 130})
    store.close()
    return run_dir


def _statuses(state) -> dict[str, str]:
    return {pid: st.status for pid, st in state.phases.items()}


def test_after_ctrl_c_the_running_phase_reads_interrupted(tmp_path, capsys):
    run_dir = _run_dir(tmp_path / "runs", ended="interrupted")
    state = api.status(run_dir)
    assert state.status == "interrupted" and state.reason == "interrupted (Ctrl-C)"
    assert _statuses(state) == {"F0": "succeeded", "F1": "interrupted"}
    (row,) = list_runs(tmp_path / "runs")
    assert row.status == "interrupted" and row.phases == {"succeeded": 1, "interrupted": 1}
    trail = audit_trail(run_dir, tmp_path / "runtime")
    assert trail["status"] == "interrupted"
    assert main(["status", str(run_dir)]) == 0
    out = capsys.readouterr().out
    assert "F1" in out and "running" not in out


def test_after_a_kill_the_run_reads_interrupted_and_says_why(tmp_path, capsys):
    run_dir = _run_dir(tmp_path / "runs", ended=None)  # no lock info: no apply holds it
    state = api.status(run_dir)
    assert state.status == "interrupted" and state.reason == GONE_REASON
    assert _statuses(state)["F1"] == "interrupted"
    assert main(["status", str(run_dir), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "interrupted" and data["phases"]["F1"]["status"] == "interrupted"
    assert "hint" in data


def test_a_live_apply_still_reads_running(tmp_path):
    run_dir = _run_dir(tmp_path / "runs", ended=None)
    (run_dir / INFO_NAME).write_text(json.dumps({  # what a live apply's lock says
        "pid": os.getpid(), "host": socket.gethostname(), "heartbeat_epoch": time.time()}))
    state = api.status(run_dir)
    assert state.status == "running" and state.reason is None
    assert _statuses(state)["F1"] == "running"
    (row,) = list_runs(tmp_path / "runs")
    assert row.status == "running" and row.phases == {"succeeded": 1, "running": 1}


def _batch(tmp_path: Path, *, state: str, pid: int | None) -> BatchRecord:
    rec = BatchRecord("b1", "in.csv", "p.yaml", str(tmp_path), state=state, pid=pid,
                      host=socket.gethostname())
    rec.missions = {"a": MissionRow("a", "in.csv:2", status="succeeded"),
                    "b": MissionRow("b", "in.csv:3", status="running")}
    return rec


def test_a_stopped_batchs_running_rows_read_interrupted(tmp_path):
    rec = _batch(tmp_path, state="interrupted", pid=None)
    assert rec.totals()["by_status"] == {"interrupted": 1, "succeeded": 1}
    assert [m["status"] for m in rec.to_dict()["missions"]] == ["succeeded", "interrupted"]
    live = _batch(tmp_path, state="running", pid=os.getpid())
    assert live.totals()["by_status"] == {"running": 1, "succeeded": 1}
