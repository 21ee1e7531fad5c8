"""A reader that closes the pipe early (`scout validate pipelines/ | head -0`, `scout audit
ID | head -1`) ends scout quietly, as other Unix tools: exit 141 (128 + SIGPIPE), nothing
on stderr (no traceback, no "Exception ignored ... BrokenPipeError"), and not exit 1,
which reads as "a phase failed"."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _into_closed_pipe(cmd: list[str], env: dict[str, str], cwd: Path,
                      stderr_too: bool = False) -> subprocess.CompletedProcess[str]:
    """Run ``cmd`` with stdout (and stderr) a pipe whose reader is already gone: the
    first write fails, every time (a real `| head` races with the writer)."""
    r, w = os.pipe()
    os.close(r)
    try:
        return subprocess.run(cmd, stdout=w, stderr=w if stderr_too else subprocess.PIPE,
                              env=env, cwd=cwd, text=True, timeout=120)
    finally:
        os.close(w)


@pytest.mark.parametrize("args", [
    ["--help"], ["--version"], ["validate", "pipelines/"],
    ["validate", "--format", "json", "pipelines/"], ["validate", "tests/spec/invalid"],
    ["graph", "pipelines/hotel_research.yaml"]])
def test_a_closed_pipe_ends_a_command_quietly(args, scout_cmd, subprocess_env):
    out = _into_closed_pipe(scout_cmd + args, subprocess_env, ROOT)
    assert (out.returncode, out.stderr) == (141, "")


def test_a_closed_pipe_ends_audit_status_and_runs_quietly(ws, sub_env, scout_cmd):
    p = ws.pipeline("""
        phases:
          A: {uses: STEPS:echo, produces: [a]}
    """)
    assert ws.apply(p).exit_code == 0
    runs = ["--runs-dir", str(ws.runs)]
    for args in (["audit", "m1"], ["status", "m1"], ["status", "m1", "--format", "json"],
                 ["runs"]):
        out = _into_closed_pipe(scout_cmd + args + runs, sub_env, ws.root)
        assert (out.returncode, out.stderr) == (141, ""), args
    # stderr closed as well (`2>&1 | head -0`): the error has nowhere to go, and no traceback
    r, w = os.pipe()
    os.close(r)
    try:
        code = subprocess.run(scout_cmd + ["status", "nope"] + runs, stdout=w, stderr=w,
                              env=sub_env, cwd=ws.root, timeout=120).returncode
    finally:
        os.close(w)
    assert code == 141


def test_a_broken_pipe_that_is_not_our_output_is_not_swallowed(tmp_path, monkeypatch,
                                                              capsys):
    """A BrokenPipeError from something else (a provider's socket, a child process) while
    stdout and stderr are fine is reported, not taken for a reader who went away."""
    import sys

    from scout import cli as cli_module

    out = open(tmp_path / "out.txt", "w")  # noqa: SIM115 - a real descriptor to poll
    err = open(tmp_path / "err.txt", "w")  # noqa: SIM115
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert cli_module._reader_gone() is False

    def boom(*_a, **_k):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli_module, "_check_environment", boom)
    code = cli_module.main(["validate", "pipelines"])
    out.close()
    err.close()
    assert code != 141
    said = (tmp_path / "err.txt").read_text()
    assert "BrokenPipeError" in said or "Broken pipe" in said
    r, w = os.pipe()
    os.close(r)
    with os.fdopen(w, "w") as closed:
        monkeypatch.setattr(sys, "stdout", closed)
        monkeypatch.setattr(sys, "stderr", closed)
        assert cli_module._reader_gone() is True
        monkeypatch.setattr(sys, "stdout", sys.__stdout__)
        monkeypatch.setattr(sys, "stderr", sys.__stderr__)
