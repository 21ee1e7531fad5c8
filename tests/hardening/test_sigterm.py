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
    ended = [r for r in records if r.get("ev") == "mission" and r.get("status") == "interrupted"]
    # it says who stopped it: the system, not the user's Ctrl-C
    assert [r.get("reason") for r in ended] == ["stopped by the system (SIGTERM)"]
    assert "stopped by the system (SIGTERM)" in said and "Ctrl-C" not in said
    page = (run_dir / "report.md").read_text(encoding="utf-8")  # what ran and what is left
    assert "stopped by the system (SIGTERM)" in page and "Ctrl-C" not in page
    assert "apply the same command again" in page
    assert "report.md" in said
    assert not list(run_dir.rglob("*.tmp")) and not (run_dir / "lock.json").exists()

    capsys.readouterr()
    assert main(["status", "termed"]) == 0
    shown = capsys.readouterr().out
    assert "interrupted" in shown.splitlines()[0]
    assert "stopped by the system (SIGTERM)" in shown and "Ctrl-C" not in shown
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


@pytest.mark.parametrize("lang, said, other", [
    ("en", "The run was stopped by the system (SIGTERM) before it finished.", "Ctrl-C"),
    ("es", "El sistema detuvo la ejecución (SIGTERM) antes de terminar.", "Ctrl-C"),
])
def test_the_page_of_a_mission_the_system_stopped_says_so(tmp_path, lang, said, other) -> None:
    """The stopped page in the request's language: SIGTERM's words, with the same
    resume hint as Ctrl-C's; a Ctrl-C page keeps its own words."""
    from scout.errors.interrupt import CTRL_C, SIGTERM
    from scout.report.context import MissionView
    from scout.report.stopped import write_stopped_report

    view = MissionView(mission_id="m9", pipeline="p", stop="interrupted",
                       stop_reason=SIGTERM, stopped_by_system=True)
    md = write_stopped_report(view, tmp_path, ROOT / "templates", lang=lang).read_text(
        encoding="utf-8")
    assert said in md and other not in md
    resume = {"en": "apply the same command again and only what is missing runs",
              "es": "vuelve a ejecutar el mismo comando y solo se ejecuta lo que falta"}[lang]
    assert resume in md
    view = MissionView(mission_id="m9", pipeline="p", stop="interrupted", stop_reason=CTRL_C)
    md = write_stopped_report(view, tmp_path, ROOT / "templates", lang=lang).read_text(
        encoding="utf-8")
    assert "(Ctrl-C)" in md and "SIGTERM" not in md


def test_the_reason_names_who_stopped_it_in_both_languages() -> None:
    from scout.errors.interrupt import CTRL_C, SIGTERM, Terminated, interrupt_reason
    from scout.i18n.messages import localize
    from scout.orchestrator.mission_result import MissionInterrupted

    assert interrupt_reason(Terminated()) == SIGTERM
    assert interrupt_reason(KeyboardInterrupt()) == CTRL_C
    assert interrupt_reason(None) == CTRL_C
    # the reason crosses a process (a Dask worker) with the interrupt that carries it
    import pickle
    from pathlib import Path
    back = pickle.loads(pickle.dumps(MissionInterrupted("m", Path("/r"), None, "es", SIGTERM)))
    assert interrupt_reason(back) == SIGTERM and back.lang == "es"
    assert localize(SIGTERM, "es") == "detenida por el sistema (SIGTERM)"
    assert localize(f"{SIGTERM}; re-run the same command to resume", "es") == (
        "detenida por el sistema (SIGTERM); vuelve a ejecutar el mismo comando para reanudar")


@pytest.mark.timeout(150)
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
def test_a_stop_during_a_provider_back_off_ends_at_once(world: World, sig: int) -> None:
    """Tavily answers 429 with a Retry-After of ten minutes (the adapter allows that
    long): the signal lands while the search waits for its next try, and the process ends
    at once, interrupted. Before, the worker thread slept the whole Retry-After out and
    the process's exit waited for it (a pool thread is joined at exit)."""
    import yaml

    cfg_path = world.root / "config" / "adapters.yaml"
    cfg = yaml.safe_load(cfg_path.read_text(encoding="utf-8"))
    cfg["adapters"]["tavily"]["retry_after_max"] = "600s"
    cfg["adapters"]["tavily"]["retry"] = {"attempts": 3, "on": ["rate_limited"]}
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False), encoding="utf-8")
    world.providers.fail("tavily", 429, times=5, headers={"Retry-After": "600"})
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tests.e2e.harness", *ARGS],
                            cwd=world.root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            # a shell running us in the background (and CI's) ignores SIGINT,
                            # and children inherit that: Ctrl-C would never reach the run
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while not world.providers.queries("tavily"):  # answered 429: its back-off begins
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the search never reached tavily"
        time.sleep(0.02)
    proc.send_signal(sig)
    try:
        _out, err = proc.communicate(timeout=60)  # the back-off is 600 s
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("the stop waited for the provider's back-off")
    assert proc.returncode == 130, (proc.returncode, err.decode()[-2000:])
    assert "Traceback" not in err.decode()
    assert len(world.providers.queries("tavily")) == 1  # no second try went out
