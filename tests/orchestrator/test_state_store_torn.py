"""A full disk that cuts a state-log line midway: the torn part is cut off at once, so the
record written next (the run's failure note, once space is back) starts its own line."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from scout.errors import ScoutError
from scout.orchestrator import state_store
from scout.orchestrator.state_store import LOG_NAME, StateStore


def test_a_line_torn_by_a_full_disk_never_joins_the_next_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = os.write
    full = {"on": False, "short": False}

    def write(fd: int, data: memoryview | bytes) -> int:
        if full["short"]:  # the rest: the disk is full
            full["short"] = False
            raise OSError(errno.ENOSPC, "No space left on device")
        if full["on"]:  # half the line lands (a short write), then ENOSPC
            full["on"], full["short"] = False, True
            return real_write(fd, bytes(data[: len(data) // 2]))
        return real_write(fd, data)

    with StateStore(tmp_path, mission_id="m", durability="off") as st:
        st.append({"ev": "phase", "phase": "A", "status": "running"})
        monkeypatch.setattr(state_store.os, "write", write)
        full["on"] = True
        with pytest.raises(ScoutError):
            st.append({"ev": "phase", "phase": "A", "status": "succeeded", "pad": "x" * 500})
        st.append({"ev": "phase", "phase": "A", "status": "failed_terminal"})
    lines = (tmp_path / LOG_NAME).read_text(encoding="utf-8").splitlines()
    records = [json.loads(x) for x in lines]  # every line whole
    assert [r["status"] for r in records] == ["running", "failed_terminal"]
    assert [r["seq"] for r in records] == [1, 2]
