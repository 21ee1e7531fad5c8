"""Disk full and read-only runs dirs (issue 13 §5): a clear error with its code, a hint
and exit 3 (never "internal error"/70); a full disk may tear the last state-log line,
and resuming on a disk with room repairs it and finishes with the same report.

Where root can mount one, the runs dir is a tiny tmpfs (a real ENOSPC from the kernel);
elsewhere a fault-injecting file layer (tests/chaos/faultfs/sitecustomize.py) makes
``os.write`` short-write then fail with ENOSPC past a byte budget. The fast variant
tries one size; ``--chaos-full`` sweeps many.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.chaos.conftest import check_run_dir

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "examples" / "hotel-barcelona"
QUERY = "find hotels in Barcelona for September 2026 under 200 EUR with good reviews"
FULL = os.environ.get("SCOUT_CHAOS_FULL") == "1"
FAULTFS = Path(__file__).parent / "faultfs"
MISSION = "hotel-barcelona-demo"  # the demo report names it


def same_report(path: Path) -> bool:
    """The demo's report, but for the cost table: two applies journal their skips twice."""
    def strip(text: str) -> str:
        # the cost table sits in the appendix (### Cost) since the answer-first order
        return re.sub(r"^#{2,3} Cost\n.*?(?=^#{2,3} |\Z)", "", text, flags=re.S | re.M)

    return strip(path.read_text()) == strip((DEMO / "report.md").read_text())


def _mount(where: Path, options: str) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)],
                          capture_output=True)
    return done.returncode == 0


def _umount(where: Path) -> None:
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


@pytest.fixture
def research_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "root"
    for sub in ("config", "templates"):
        shutil.copytree(ROOT / sub, root / sub)
    return root


def _env(root: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("SCOUTE_") or k.endswith("_API_KEY"))}
    env.update({"SCOUTE_RESEARCH_ROOT": str(root), "PYTHONPATH": str(ROOT)})
    env.pop("SCOUT_TRACEBACK", None)
    env.update(extra or {})
    return env


def _apply(root: Path, runs: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scout", "apply", str(ROOT / "pipelines/hotel_research.yaml"),
         "--query", QUERY, "--mission-id", MISSION, "--progress", "none", "--runs-dir",
         str(runs), "--replay", str(DEMO / "cassette")],
        cwd=root, env=env, capture_output=True, text=True, timeout=180)


@pytest.fixture
def tiny_runs(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """("tmpfs" | "faultfs", runs dir): a size-limited runs dir."""
    where = tmp_path / f"tiny-{uuid.uuid4().hex[:6]}"
    if _mount(where, "size=96k"):
        try:
            yield "tmpfs", where
        finally:
            _umount(where)
    else:
        where.mkdir()
        yield "faultfs", where


def _assert_clean_failure(proc: subprocess.CompletedProcess[str], codes: tuple[str, ...]
                          ) -> None:
    out = proc.stdout + proc.stderr
    assert proc.returncode == 3, f"exit {proc.returncode}\n{out[-3000:]}"
    assert "Traceback" not in out and "internal error" not in out, out[-3000:]
    assert any(f"error {c}:" in out for c in codes), out[-3000:]
    assert "hint:" in out


def _run_out_of_space(kind: str, runs: Path, root: Path, budget: int
                      ) -> subprocess.CompletedProcess[str]:
    extra = {} if kind == "tmpfs" else {
        "PYTHONPATH": f"{FAULTFS}{os.pathsep}{ROOT}", "SCOUT_FAULT_DIR": str(runs),
        "SCOUT_FAULT_ENOSPC_AFTER": str(budget)}
    return _apply(root, runs, _env(root, extra))


@pytest.mark.parametrize("budget", [60_000] if not FULL else
                         [2_000, 9_000, 20_000, 35_000, 60_000, 80_000])
def test_disk_full_is_a_clear_error_and_resume_repairs_it(
        tiny_runs: tuple[str, Path], research_root: Path, tmp_path: Path, budget: int) -> None:
    kind, runs = tiny_runs
    if kind == "tmpfs" and budget != 60_000:
        subprocess.run(["mount", "-o", f"remount,size={max(budget // 1024, 8)}k", str(runs)],
                       capture_output=True)
    proc = _run_out_of_space(kind, runs, research_root, budget)
    if proc.returncode == 0:
        pytest.skip(f"the run fit in {budget} bytes ({kind})")
    _assert_clean_failure(proc, ("RUN021",))
    # resume on a disk with room: the torn last state-log line (if any) is cut off,
    # and the mission finishes with the uninterrupted report
    roomy = tmp_path / "roomy"
    shutil.copytree(runs, roomy)
    done = _apply(research_root, roomy, _env(research_root))
    assert done.returncode == 0, done.stdout + done.stderr
    check_run_dir(roomy / MISSION)
    assert same_report(roomy / MISSION / "report.md")


def test_a_torn_state_log_line_is_repaired_on_resume(research_root: Path,
                                                     tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    proc = _apply(research_root, runs, _env(research_root, {
        "PYTHONPATH": f"{FAULTFS}{os.pathsep}{ROOT}", "SCOUT_FAULT_DIR": str(runs),
        "SCOUT_FAULT_ENOSPC_AFTER": "30000"}))
    _assert_clean_failure(proc, ("RUN021",))
    log = runs / MISSION / "state.log.jsonl"
    data = log.read_bytes()
    with open(log, "ab") as f:  # make sure the last line is torn, as a short write leaves it
        f.write(b'{"seq": 99999, "ev": "phase", "pha')
    assert not (data + b"x").endswith(b"\n")
    done = _apply(research_root, runs, _env(research_root))
    assert done.returncode == 0, done.stdout + done.stderr
    check_run_dir(runs / MISSION)
    assert same_report(runs / MISSION / "report.md")


def test_a_read_only_runs_dir_is_a_clear_error(research_root: Path, tmp_path: Path) -> None:
    where = tmp_path / "ro"
    if not _mount(where, "size=1m,ro"):
        pytest.skip("cannot mount a read-only tmpfs here (needs root)")
    try:
        proc = _apply(research_root, where, _env(research_root))
        _assert_clean_failure(proc, ("RUN022",))
        assert "read-only" in proc.stderr
    finally:
        _umount(where)


def test_an_artifact_path_that_is_a_folder_is_a_clear_error(research_root: Path,
                                                            tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    assert _apply(research_root, runs, _env(research_root)).returncode == 0
    art = runs / MISSION / "artifacts" / "candidates.json"
    art.unlink()
    art.mkdir()
    (art / "x").write_text("in the way")
    proc = _apply(research_root, runs, _env(research_root))
    _assert_clean_failure(proc, ("RUN023",))
    assert "candidates.json" in proc.stderr and "folder" in proc.stderr


@pytest.mark.parametrize("where", ["runs/M", "runs/M/artifacts", "runtime"])
def test_a_file_where_a_folder_goes_is_a_clear_error(research_root: Path, tmp_path: Path,
                                                     where: str) -> None:
    """A file at the run dir, its artifacts/ or the runtime/ folder: Path.mkdir raised
    FileExistsError there, which no error maps, so it was an internal error (exit 70);
    fsutil.make_dirs says ENOTDIR, which is RUN023, as a file in a parent's place was."""
    runs = tmp_path / "runs"
    blocker = (research_root if where == "runtime" else tmp_path) / where.replace("M", MISSION)
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("in the way")
    proc = _apply(research_root, runs, _env(research_root))
    _assert_clean_failure(proc, ("RUN023",))
    assert str(blocker) in proc.stderr and "a file stands where a folder is expected" in proc.stderr
    assert blocker.read_text() == "in the way"  # nothing of the user's is replaced
