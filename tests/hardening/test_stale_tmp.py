"""The temporary files a killed writer leaves (``.<file>.<random>.tmp``: SIGKILL, a crash,
a power cut between writing one and renaming it into place) are removed when the mission
starts or resumes (its run dir, and the runs folder's own files), when a batch starts (its
records' folder), when a recording resumes (its cassette) and when ``scout runs`` lists a
run no apply runs; never one a live writer is
still writing (it holds a lock on it until it is renamed), one newer than the resume's
lock, a symbolic link, or a file scout did not name. Before, nothing removed them: every
killed apply left its half-written report or artifact in the run dir for good."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scout.fsutil import remove_stale_tmp, write_atomic

OLD = time.time() - 3600


def _tmp(folder: Path, target: str, *, age: float | None = OLD, hexes: str = "0123456789ab",
         body: str = "half a report") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".{target}.{hexes}.tmp"
    path.write_text(body, encoding="utf-8")
    if age is not None:
        os.utime(path, (age, age))
    return path


def _held(path: Path) -> subprocess.Popen[bytes]:
    """Another process writing ``path``: it holds the writer's lock until it is ended."""
    code = ("import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR); "
            "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(60)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"held\n"
    return proc


def test_only_a_dead_writers_old_temp_files_go(tmp_path: Path) -> None:
    run = tmp_path / "run"
    stale = [_tmp(run, "report.md"), _tmp(run / "artifacts", "hotels.json", hexes="abcdef012345"),
             _tmp(run / "photos" / "h1", "p.jpg", hexes="ffffffffffff")]
    fresh = _tmp(run, "report.html", age=None)  # written after the cut-off
    other = [run / "notes.tmp", run / ".report.md.tmp", run / ".x.0123456789AB.tmp",
             run / ".x.0123456789a.tmp"]  # not a name write_atomic gives
    for p in other:
        p.write_text("mine", encoding="utf-8")
        os.utime(p, (OLD, OLD))
    live = _tmp(run, "state.json", hexes="1234567890ab")
    outside = tmp_path / "outside.txt"
    outside.write_text("keep", encoding="utf-8")
    link = run / ".task.json.aaaaaaaaaaaa.tmp"
    link.symlink_to(outside)
    writer = _held(live)
    try:
        removed = remove_stale_tmp(run, before=time.time() - 60)
    finally:
        writer.kill()
        writer.wait()
    assert sorted(removed) == sorted(stale)
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and live.exists() and all(p.exists() for p in other)
    assert link.is_symlink() and outside.read_text(encoding="utf-8") == "keep"
    # once its writer is gone, its file is a dead writer's too
    assert remove_stale_tmp(run, before=time.time() - 60) == [live]
    assert remove_stale_tmp(tmp_path / "no-such-run", before=time.time()) == []


def test_a_file_being_written_is_never_taken(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """write_atomic holds its temp file's lock until the rename: a sweep that runs while
    it writes (its cut-off past the file's age) leaves it, and the write lands."""
    swept: list[list[Path]] = []
    real_replace = os.replace

    def replace(src, dst):  # the moment between writing and renaming
        swept.append(remove_stale_tmp(tmp_path, before=time.time() + 3600))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    write_atomic(tmp_path / "report.md", "# whole\n")
    assert swept == [[]]
    assert (tmp_path / "report.md").read_text(encoding="utf-8") == "# whole\n"
    assert not list(tmp_path.glob("*.tmp"))


def test_a_resumed_mission_removes_what_its_killed_run_left(tmp_path: Path) -> None:
    from tests.dist.cluster import apply, config, pipeline

    config(tmp_path, "{kind: local}")
    path = pipeline(tmp_path, """
phases:
  A: {uses: "STEPS:items", with: {n: 2}, produces: [things]}
""")
    assert apply(tmp_path, path, mission_id="m1").exit_code == 0
    run = tmp_path / "runs" / "m1"
    left = [_tmp(run, "report.md", age=time.time() - 2),  # killed a moment ago
            _tmp(run / "artifacts", "things.json", hexes="abcdef012345")]
    held = _tmp(run, "report.html", hexes="1234567890ab")
    writer = _held(held)
    try:
        assert apply(tmp_path, path, mission_id="m1").exit_code == 0
    finally:
        writer.kill()
        writer.wait()
    assert not any(p.exists() for p in left)
    assert held.exists()  # a live writer's: left


def test_scout_runs_removes_them_from_runs_no_apply_runs(tmp_path: Path, capsys,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    import socket

    from scout.cli import main
    from scout.orchestrator.locks import INFO_NAME
    from tests.ops.test_stopped_views import _run_dir

    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    runs = tmp_path / "runs"
    run = _run_dir(runs, ended="interrupted")
    old = _tmp(run, "report.md")
    young = _tmp(run / "artifacts", "x.json", age=time.time() - 5)  # may be a writer's
    assert main(["runs", "--runs-dir", str(runs)]) == 0
    assert not old.exists() and young.exists()
    # a run an apply is running: its folder is that apply's business
    runs = tmp_path / "live-runs"
    run = _run_dir(runs, ended=None)
    (run / INFO_NAME).write_text(json.dumps({
        "pid": os.getpid(), "host": socket.gethostname(), "heartbeat_epoch": time.time()}))
    kept = _tmp(run, "task.json", hexes="abababababab")
    capsys.readouterr()
    assert main(["runs", "--runs-dir", str(runs), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["runs"][0]["status"] == "running"
    assert kept.exists()


def _pipeline(root: Path) -> Path:
    from tests.dist.cluster import config, pipeline

    config(root, "{kind: local}")
    return pipeline(root, """
phases:
  A: {uses: "STEPS:items", with: {n: 2}, produces: [things]}
""")


def test_an_apply_sweeps_the_runs_folders_own_files_never_a_live_ones(tmp_path: Path) -> None:
    """The runs folder's own files (the runs index every apply and `scout runs` write):
    a killed writer's go when a mission starts or resumes, not only when `scout runs`
    lists; a live writer's (its lock held) and a young one stay, and another mission's
    run dir is that mission's business."""
    from tests.dist.cluster import apply

    path = _pipeline(tmp_path)
    runs = tmp_path / "runs"
    stale = _tmp(runs, ".runs-index.json")
    young = _tmp(runs, "notes.json", hexes="abcdef012345", age=time.time() - 5)
    held = _tmp(runs, "index.json", hexes="1234567890ab")
    others = _tmp(runs / "m2", "report.md", hexes="bbbbbbbbbbbb")
    writer = _held(held)
    try:
        assert apply(tmp_path, path, mission_id="m1").exit_code == 0  # a first start
    finally:
        writer.kill()
        writer.wait()
    assert not stale.exists()
    assert young.exists() and held.exists() and others.exists()
    again = _tmp(runs, "x.json", hexes="cccccccccccc")  # a resume sweeps as well
    assert apply(tmp_path, path, mission_id="m1").exit_code == 0
    assert not again.exists() and not held.exists()  # its writer is gone now


def test_a_batch_sweeps_its_records_folder(tmp_path: Path) -> None:
    from scout.batch.service import batch_apply

    path = _pipeline(tmp_path)
    queries = tmp_path / "q.yaml"
    queries.write_text("- uno\n- dos\n", encoding="utf-8")
    batches = tmp_path / "runs" / ".batches"
    stale = _tmp(batches, "nightly.json")
    held = _tmp(batches, "other.json", hexes="1234567890ab")  # another batch writing
    writer = _held(held)
    try:
        out = batch_apply(path, queries=queries, runs_dir=tmp_path / "runs", root=tmp_path,
                          config=tmp_path / "config" / "adapters.yaml", batch_id="nightly",
                          executor="local")
    finally:
        writer.kill()
        writer.wait()
    assert out.record.state == "completed"
    assert not stale.exists() and held.exists()


def test_a_resumed_recording_sweeps_its_cassette(tmp_path: Path) -> None:
    from scout.providers.hook import ProviderOptions
    from tests.dist.cluster import apply

    path = _pipeline(tmp_path)
    cassette = tmp_path / "cassette"
    stale = _tmp(cassette / "http" / "tavily", "0001.json")
    held = _tmp(cassette, "manifest.json", hexes="1234567890ab")  # a mission beside it
    writer = _held(held)
    try:
        assert apply(tmp_path, path, mission_id="m1",
                     provider_options=ProviderOptions(record_dir=cassette)).exit_code == 0
    finally:
        writer.kill()
        writer.wait()
    assert not stale.exists() and held.exists()
