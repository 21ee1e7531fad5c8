"""The mission lock: a live holder refuses a second apply; a dead one clears itself."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from scout.errors import MissionLocked
from scout.orchestrator.locks import MissionLock, read_lock_info


def test_second_lock_is_refused_with_holder_info(tmp_path):
    with MissionLock(tmp_path / "m", "m"):
        info = read_lock_info(tmp_path / "m")
        assert info["pid"] > 0 and info["heartbeat"]
        with pytest.raises(MissionLocked) as e:
            MissionLock(tmp_path / "m", "m").acquire()
        assert f"pid {info['pid']}" in e.value.message and "last heartbeat" in e.value.message
        assert e.value.exit_code == 2
    # released: can be taken again, and the info file is gone
    assert read_lock_info(tmp_path / "m") is None
    with MissionLock(tmp_path / "m", "m"):
        pass


def test_heartbeat_refreshes(tmp_path):
    with MissionLock(tmp_path / "m", "m", heartbeat_s=0.05):
        first = read_lock_info(tmp_path / "m")["heartbeat_epoch"]
        # wait for the beat (a loaded machine may delay the heartbeat thread), not a
        # fixed 0.3 s; one that never comes fails after 20 s
        deadline = time.monotonic() + 20
        while read_lock_info(tmp_path / "m")["heartbeat_epoch"] <= first:
            assert time.monotonic() < deadline, "the heartbeat never refreshed the lock"
            time.sleep(0.02)


def test_lock_of_a_killed_process_clears_itself(tmp_path, subprocess_env):
    code = ("import sys, time; from scout.orchestrator.locks import MissionLock;"
            "MissionLock(sys.argv[1], 'm').acquire(); print('held', flush=True); time.sleep(60)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "m")],
                            env=subprocess_env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    with pytest.raises(MissionLocked, match=f"pid {proc.pid}"):
        MissionLock(tmp_path / "m", "m").acquire()
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    # no --unlock: the dead holder's lock is simply gone
    with MissionLock(tmp_path / "m", "m"):
        assert read_lock_info(tmp_path / "m")["pid"] != proc.pid


def test_apply_refuses_a_mission_that_is_running(ws):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
    """)
    with MissionLock(ws.run_dir(), "m1"):
        with pytest.raises(MissionLocked):
            ws.apply(p)
    assert ws.calls() == []
    assert ws.apply(p).exit_code == 0
