"""What stands at the path of a file scout wrote and reads back may be no file of its own:
a symbolic link out of the folder, a FIFO, a device. Before, ``scout status`` and
``scout runs`` read a ``phase.json`` linked to ``/dev/zero`` until memory ran out
(MemoryError, "a bug in scout"), waited forever on a FIFO there or at ``task.json``
(``scout audit``) or the journal (``scout cost``), and a resumed apply appended its state
log and mission.log through a link to a file outside the run dir (and truncated it).

Now a snapshot, an artifact or a task.json that is no regular file reads as damaged (the
state log rebuilds the state, the artifact is restored); a state log, mission.log or
journal that is none is RUN023 naming the path and nothing is written through it; the
in-doubt scan passes over it. A state-log line past the line cap is skipped, not held."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scout.cli import main
from scout.errors import storage_error
from scout.errors.machine import NotRegularFile
from scout.fsutil import open_append, read_stored
from scout.orchestrator.artifact_store import ArtifactStore
from scout.orchestrator.events import MissionLog
from scout.orchestrator.state_store import (LOG_NAME, SNAPSHOT_NAME, StateStore, _lines,
                                            load_state)
from scout.providers.in_doubt import scan_in_doubt
from scout.providers.journal import JOURNAL_NAME, Journal

OUTSIDE = "a file outside the run dir\n"


def within(seconds: float, fn: Callable[[], Any]) -> Any:
    """``fn()``'s result, failing the test if it has not returned in ``seconds`` (a read
    waiting on a FIFO blocks in the kernel: the thread is left behind, a daemon)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still running after {seconds}s"
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _run_dir(root: Path) -> Path:
    run_dir = root / "runs" / "m1"
    run_dir.mkdir(parents=True)
    with StateStore(run_dir, mission_id="m1", durability="off") as st:
        st.append({"ev": "mission", "status": "running", "mission_id": "m1"})
        st.append({"ev": "phase", "phase": "A", "status": "running", "attempt": 1})
        st.append({"ev": "phase", "phase": "A", "status": "succeeded", "attempt": 1})
    return run_dir


def _plant(path: Path, what: str, outside: Path) -> None:
    if path.exists() or path.is_symlink():
        path.unlink()
    if what == "fifo":
        os.mkfifo(path)
    elif what == "zero":
        path.symlink_to("/dev/zero")
    else:
        outside.write_text(OUTSIDE)
        path.symlink_to(outside)


@pytest.mark.parametrize("what", ["fifo", "zero", "link"])
def test_a_snapshot_that_is_no_file_is_rebuilt_from_the_log(tmp_path: Path, what: str) -> None:
    run_dir = _run_dir(tmp_path)
    _plant(run_dir / SNAPSHOT_NAME, what, tmp_path / "outside.json")
    state = within(10, lambda: load_state(run_dir))
    assert state.phases["A"].status == "succeeded"


@pytest.mark.parametrize("what", ["fifo", "zero"])
@pytest.mark.parametrize("command", [["status", "m1"], ["runs"], ["audit", "m1"]])
def test_commands_end_on_a_snapshot_or_task_that_is_no_file(
        tmp_path: Path, what: str, command: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = _run_dir(tmp_path)
    _plant(run_dir / SNAPSHOT_NAME, what, tmp_path / "o1")
    _plant(run_dir / "task.json", what, tmp_path / "o2")
    code = within(20, lambda: main([*command, "--runs-dir", str(tmp_path / "runs")]))
    err = capsys.readouterr().err
    assert code == 0, err
    assert "internal error" not in err and "Traceback" not in err


@pytest.mark.parametrize("what", ["fifo", "zero", "link"])
def test_a_state_log_that_is_no_file_is_run023_and_nothing_is_written_through_it(
        tmp_path: Path, what: str, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = _run_dir(tmp_path)
    (run_dir / SNAPSHOT_NAME).unlink()
    outside = tmp_path / "outside.txt"
    _plant(run_dir / LOG_NAME, what, outside)
    with pytest.raises(NotRegularFile):
        within(10, lambda: StateStore(run_dir, mission_id="m1", durability="off"))
    code = within(20, lambda: main(["status", "m1", "--runs-dir", str(tmp_path / "runs")]))
    err = capsys.readouterr().err
    assert code == 3 and "RUN023" in err and LOG_NAME in err, err
    if what == "link":
        assert outside.read_text() == OUTSIDE  # not appended to, not truncated


@pytest.mark.parametrize("what", ["fifo", "link"])
def test_appended_logs_refuse_what_is_no_file(tmp_path: Path, what: str) -> None:
    outside = tmp_path / "outside.txt"
    for name, open_it in (("mission.log", lambda p: MissionLog(str(p)).close()),
                          ("plain.log", lambda p: os.close(open_append(p)))):
        path = tmp_path / name
        _plant(path, what, outside)
        with pytest.raises(NotRegularFile) as err:
            within(10, lambda: open_it(path))
        mapped = storage_error(err.value, "cannot write the mission log")
        assert mapped is not None and mapped.code == "RUN023" and name in mapped.message
        if what == "link":
            assert outside.read_text() == OUTSIDE


def test_a_journal_that_is_a_link_out_of_runtime_is_not_appended_to(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    outside = tmp_path / "outside.txt"
    _plant(runtime / JOURNAL_NAME, "link", outside)
    with pytest.raises(NotRegularFile):
        Journal(runtime).append({"ts": "2026-12-01T10:00:00+00:00", "mission": "m1",
                                 "adapter": "tavily", "result": "ok"})
    assert outside.read_text() == OUTSIDE


@pytest.mark.parametrize("what", ["fifo", "zero"])
def test_the_in_doubt_scan_passes_over_a_journal_that_is_no_file(tmp_path: Path,
                                                                 what: str) -> None:
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    _plant(runtime / JOURNAL_NAME, what, tmp_path / "o")
    assert within(10, lambda: scan_in_doubt(runtime)).calls == 0


@pytest.mark.parametrize("what", ["fifo", "zero", "link"])
def test_an_artifact_that_is_no_file_is_damaged(tmp_path: Path, what: str) -> None:
    store = ArtifactStore(tmp_path)
    store.write("notes", {"a": 1})
    _plant(store.path("notes"), what, tmp_path / "outside.json")
    assert within(10, lambda: store.envelope("notes")) is None
    assert store.stored_hash("notes") is None


def test_read_stored_bounds_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 2000)
    assert read_stored(path, limit=2000) == b"x" * 2000
    with pytest.raises(ValueError, match="larger than"):
        read_stored(path, limit=1999)


def test_a_state_log_line_past_the_cap_is_skipped_with_its_length_counted() -> None:
    lines = [b'{"seq": 1}\n', b"y" * 50 + b"\n", b'{"seq": 2}\n', b"z" * 30]
    got = list(_lines(io.BytesIO(b"".join(lines)), limit=16))
    assert got == [(11, b'{"seq": 1}\n'), (51, None), (11, b'{"seq": 2}\n')]


def test_an_artifacts_folder_linked_out_of_the_run_dir_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = _run_dir(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (run_dir / "artifacts").symlink_to(elsewhere)
    with pytest.raises(NotRegularFile) as err:
        ArtifactStore(run_dir)
    mapped = storage_error(err.value, "cannot write the artifacts")
    assert mapped is not None and mapped.code == "RUN023"
    assert "symbolic link" in mapped.message and list(elsewhere.iterdir()) == []
    # a reader (status, the API) creates nothing and still reads
    ArtifactStore(run_dir, create=False)
