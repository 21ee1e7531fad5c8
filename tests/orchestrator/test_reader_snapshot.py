"""A mission killed before its first snapshot: the first reader that folds its whole
(large) log leaves the snapshot behind, so later reads fold only what follows; never
while an apply is alive, never over a damaged snapshot, never hiding a malformed record."""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path

import pytest

from scout.orchestrator import state_store
from scout.orchestrator.locks import INFO_NAME
from scout.orchestrator.state_store import (
    LOG_NAME,
    READER_SNAPSHOT_BYTES,
    SNAPSHOT_NAME,
    StateStore,
    load_state,
)


def killed(run_dir: Path, items: int) -> Path:
    """A mission whose fan-out of ``items`` was cut by a kill: running, no snapshot."""
    run_dir.mkdir()
    store = StateStore(run_dir, mission_id="m", durability="off", snapshot_interval=3600)
    try:
        store.append({"ev": "mission", "status": "running", "mission_id": "m", "pid": 1,
                      "pipeline": "p.yaml", "query": "hoteles en Sevilla", "inputs": {},
                      "ts": "2026-12-06T20:00:00+00:00"})
        store.append({"ev": "phase", "phase": "F3", "status": "running", "attempt": 1,
                      "fp": "f" * 32, "items_total": items * 2, "items_reused": 0,
                      "ts": "2026-12-06T20:00:01+00:00"})
        for k in range(items):
            store.append({"ev": "item", "phase": "F3", "fp": "f" * 32, "i": k, "ok": True,
                          "schema": "json", "by": "duckduckgo",
                          "ts": "2026-12-06T20:00:02+00:00",
                          "v": {"title": f"Hotel {k}", "text": "Lorem ipsum " * 60}})
    finally:
        store.close()
    (run_dir / SNAPSHOT_NAME).unlink()  # killed before its first snapshot
    return run_dir


@pytest.fixture
def folds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many log records each load_state call folded."""
    count = [0]
    real = state_store.fold_read_record

    def counting(state, rec):  # type: ignore[no-untyped-def]
        count[0] += 1
        return real(state, rec)

    monkeypatch.setattr(state_store, "fold_read_record", counting)
    return count


def test_the_first_reader_leaves_a_snapshot_and_the_next_folds_nothing(
        tmp_path: Path, folds: list[int]) -> None:
    run = killed(tmp_path / "m", 600)
    assert (run / LOG_NAME).stat().st_size > READER_SNAPSHOT_BYTES
    first = load_state(run)
    assert folds[0] == 602 and (run / SNAPSHOT_NAME).is_file()
    assert json.loads((run / SNAPSHOT_NAME).read_text())["written_by"] == "reader"
    folds[0] = 0
    again = load_state(run)
    assert folds[0] == 0  # the snapshot covers the whole log
    assert again.to_dict() == first.to_dict() and again.status == "running"
    # an apply resumes and appends: readers fold only the records after the snapshot
    with open(run / LOG_NAME, "ab") as f:
        f.write(json.dumps({"seq": first.seq + 1, "ev": "item", "phase": "F3",
                            "fp": "f" * 32, "i": 600, "ok": True, "schema": "json",
                            "by": "duckduckgo", "ts": "2026-12-06T21:00:00+00:00",
                            "v": {"title": "late"}}).encode() + b"\n")
    folds[0] = 0
    later = load_state(run)
    assert folds[0] == 1 and later.seq == first.seq + 1


def test_skipped_records_are_not_hidden_in_a_snapshot(tmp_path: Path) -> None:
    run = killed(tmp_path / "m", 600)
    with open(run / LOG_NAME, "ab") as f:  # a record whose shown fields have wrong types
        f.write(json.dumps({"seq": 10_000, "ev": "mission", "status": "failed",
                            "exit_code": "one"}).encode() + b"\n")
    skipped = [0]
    load_state(run, skipped)
    assert skipped[0] == 1 and not (run / SNAPSHOT_NAME).exists()
    skipped = [0]
    load_state(run, skipped)
    assert skipped[0] == 1  # named again on every read


def test_no_snapshot_while_an_apply_is_alive(tmp_path: Path) -> None:
    run = killed(tmp_path / "m", 600)
    (run / INFO_NAME).write_text(json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                                             "heartbeat_epoch": time.time()}))
    load_state(run)
    assert not (run / SNAPSHOT_NAME).exists()  # the live writer keeps its own


def test_a_damaged_snapshot_and_a_small_log_are_left_alone(tmp_path: Path) -> None:
    run = killed(tmp_path / "big", 600)
    (run / SNAPSHOT_NAME).write_bytes(b'{"format": 1, "state": {"seq": ')
    load_state(run)
    assert (run / SNAPSHOT_NAME).read_bytes() == b'{"format": 1, "state": {"seq": '
    small = killed(tmp_path / "small", 20)
    assert (small / LOG_NAME).stat().st_size < READER_SNAPSHOT_BYTES
    load_state(small)
    assert not (small / SNAPSHOT_NAME).exists()


def test_a_run_dir_it_cannot_write_is_read_all_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = killed(tmp_path / "m", 600)
    expected = load_state(run).to_dict()
    (run / SNAPSHOT_NAME).unlink()

    def refuse(*_a: object, **_k: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(state_store, "atomic_write_bytes", refuse)
    assert load_state(run).to_dict() == expected
    assert not (run / SNAPSHOT_NAME).exists()
