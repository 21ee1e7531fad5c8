"""After a kill, ``scout status`` says interrupted (not running) and how to resume
(issue 13 §9). Liveness is the apply's lock: its pid, on this host, with a recent
heartbeat — a pid reused by another program does not make a dead run look alive."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scout.cli import main
from tests.e2e.world import F1_QUERY, QUERY, ROOT, World

ARGS = ["apply", str(ROOT / "pipelines" / "hotel_research.yaml"), "--query", QUERY,
        "--mission-id", "killed", "--progress", "none"]


def _status(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    capsys.readouterr()
    assert main(["status", "killed", *extra]) == 0
    return capsys.readouterr().out


@pytest.mark.timeout(120)
def test_status_after_sigkill_says_interrupted_and_how_to_resume(
        world: World, capsys: pytest.CaptureFixture[str]) -> None:
    world.providers.slow(F1_QUERY, 3.0)  # the kill lands while F1 waits for its answer
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tests.e2e.harness", *ARGS],
                            cwd=world.root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    run_dir = world.run_dir("killed")
    deadline = time.monotonic() + 60
    while not (run_dir / "lock.json").exists() or not (run_dir / "state.log.jsonl").exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    time.sleep(0.3)
    assert "running" in _status(capsys).splitlines()[0]  # alive: really running
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    out = _status(capsys)
    first = out.splitlines()[0]
    assert "interrupted" in first and "running" not in first, out
    assert "resume" in out and "scout apply" in out and "--mission-id killed" in out
    data = json.loads(_status(capsys, "--format", "json"))
    assert data["status"] == "interrupted" and "resume" in data["hint"]
    capsys.readouterr()
    assert main(["runs"]) == 0
    assert "interrupted" in capsys.readouterr().out


def _fake_running(run_dir: Path, pid: int, beat: float) -> None:
    run_dir.mkdir(parents=True)
    (run_dir / "state.log.jsonl").write_text(json.dumps(
        {"ev": "mission", "status": "running", "mission_id": "killed", "pid": pid,
         "runs": 1}) + "\n")
    (run_dir / "lock.json").write_text(json.dumps(
        {"pid": pid, "host": os.uname().nodename, "mission_id": "killed",
         "heartbeat_epoch": beat}))


def test_a_reused_pid_with_a_stale_heartbeat_is_not_running(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_RUNS_DIR", raising=False)
    # this test's own pid is alive, but the heartbeat stopped ten minutes ago
    _fake_running(tmp_path / "runs" / "killed", os.getpid(), time.time() - 600)
    assert "interrupted" in _status(capsys).splitlines()[0]


def test_a_live_fresh_lock_is_running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_RUNS_DIR", raising=False)
    _fake_running(tmp_path / "runs" / "killed", os.getpid(), time.time())
    out = _status(capsys)
    assert "running" in out.splitlines()[0] and "resume" not in out
