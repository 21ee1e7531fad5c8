"""SIGTERM (docker stop, systemd, Kubernetes, a CI cancel, ``timeout``) stops ``scout
apply`` as Ctrl-C does: the mission is recorded ``interrupted`` with the page that says
what ran and what is left, nothing half-written or temporary stays in the run folder,
exit 130, and the same command resumes it. Before, Python left SIGTERM to the operating
system: the process vanished with no record, no page, and its temporary files left."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from scout.cli import main
from tests.e2e.world import F1_QUERY, QUERY, ROOT, World

ARGS = ["apply", str(ROOT / "pipelines" / "hotel_research.yaml"), "--query", QUERY,
        "--mission-id", "termed", "--progress", "none"]


def _start(world: World) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tests.e2e.harness", *ARGS],
                            cwd=world.root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    run_dir = world.run_dir("termed")
    deadline = time.monotonic() + 60
    while not (run_dir / "lock.json").exists() or not (run_dir / "state.log.jsonl").exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    time.sleep(0.3)
    return proc


@pytest.mark.timeout(120)
def test_sigterm_mid_mission_is_an_interruption_that_resumes(
        world: World, capsys: pytest.CaptureFixture[str]) -> None:
    world.providers.slow(F1_QUERY, 3.0)  # SIGTERM lands while F1 waits for its answer
    proc = _start(world)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (proc.returncode, err.decode()[-2000:])
    said = err.decode()
    assert "interrupted (exit 130)" in said and "Traceback" not in said
    run_dir = world.run_dir("termed")
    records = [json.loads(line) for line in
               (run_dir / "state.log.jsonl").read_text(encoding="utf-8").splitlines()]
    assert any(r.get("ev") == "mission" and r.get("status") == "interrupted" for r in records)
    assert (run_dir / "report.md").is_file()  # the page: what ran and what is left
    assert "report.md" in said
    assert not list(run_dir.rglob("*.tmp")) and not (run_dir / "lock.json").exists()

    capsys.readouterr()
    assert main(["status", "termed"]) == 0
    assert "interrupted" in capsys.readouterr().out.splitlines()[0]
    # the same command resumes and finishes
    world.providers.slow(F1_QUERY, 0.0)
    again = subprocess.run([sys.executable, "-m", "tests.e2e.harness", *ARGS],
                           cwd=world.root, env={**os.environ, "PYTHONPATH": str(ROOT)},
                           capture_output=True, timeout=90)
    assert again.returncode == 0, again.stderr.decode()[-2000:]


def test_sigterm_is_left_alone_outside_apply() -> None:
    from scout.cli.stopsignal import sigterm_interrupts

    before = signal.getsignal(signal.SIGTERM)
    with sigterm_interrupts():
        assert signal.getsignal(signal.SIGTERM) is not before
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(1)  # the handler runs at the next bytecode
    assert signal.getsignal(signal.SIGTERM) is before
