"""Crash safety: SIGKILL a real `scout apply` mid-mission and mid-fan-out, then resume.

After the kill every artifact and phase.json parses; the resumed run completes and does
not redo what the killed run had recorded as finished (calls are counted through a file
every step appends to)."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from scout.orchestrator.state_store import load_state

CHAIN = """
    phases:
      A: {uses: STEPS:echo, with: {sleep: 0.2}, produces: [a]}
      B: {uses: STEPS:echo, needs: [a], with: {sleep: 0.2}, produces: [b]}
      C: {uses: STEPS:echo, needs: [b], with: {sleep: 0.4}, produces: [c]}
      D: {uses: STEPS:echo, needs: [c], with: {sleep: 0.2}, produces: [d]}
"""

FANOUT = """
    phases:
      A: {uses: STEPS:items, with: {n: 40}, produces: [things]}
      B:
        uses: STEPS:per_item
        needs: [things]
        for_each: things
        as: item
        max_parallel: 4
        with: {sleep: 0.05}
        produces: [squares]
      C: {uses: STEPS:echo, needs: [squares], produces: [c]}
"""


def _start(ws, sub_env, scout_cmd, pipeline: Path) -> subprocess.Popen:
    return subprocess.Popen(
        scout_cmd + ["apply", str(pipeline), "--mission-id", "m1", "--query", "q",
                     "--runs-dir", str(ws.runs), "--config", str(ws.config),
                     "--progress", "none"],
        env=sub_env, cwd=ws.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True,
        # a shell running us in the background ignores SIGINT, and children inherit
        # that; Python then never raises KeyboardInterrupt. Restore the default.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _kill_when(proc: subprocess.Popen, ws, cond, *, after: float = 0.0,
               timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out, err = proc.communicate()
            pytest.fail(f"apply ended before the kill: {proc.returncode}\n{out!r}\n{err!r}")
        if cond(ws.calls()):
            time.sleep(after)
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
            assert proc.returncode == -signal.SIGKILL
            return
        time.sleep(0.005)
    proc.kill()
    pytest.fail("condition never met")


def _everything_parses(run_dir: Path) -> None:
    json.loads((run_dir / "phase.json").read_text())  # snapshot written while running
    for art in (run_dir / "artifacts").glob("*"):
        assert art.suffix == ".json", f"stray file after the kill: {art.name}"
        env = json.loads(art.read_text())
        assert {"schema", "hash", "data"} <= set(env)
    for line in (run_dir / "state.log.jsonl").read_text().splitlines()[:-1]:
        json.loads(line)  # only the very last line may be torn


def _durable_phases(ws) -> set[str]:
    return {r["phase"] for r in ws.log_records() if r.get("ev") == "phase"
            and r.get("status") == "succeeded"}


def test_sigkill_mid_mission_then_resume(ws, sub_env, scout_cmd):
    p = ws.pipeline(CHAIN)
    proc = _start(ws, sub_env, scout_cmd, p)
    # B has finished its work; kill while C is running
    _kill_when(proc, ws, lambda calls: any(c["phase"] == "B" for c in calls), after=0.15)
    run_dir = ws.run_dir()
    _everything_parses(run_dir)
    st = load_state(run_dir)
    assert st.status == "running"  # the killed run never finished
    finished = _durable_phases(ws)
    assert "A" in finished
    assert any(s.status == "running" for s in st.phases.values()) or "B" not in finished

    r = ws.apply(p, query="q")
    assert r.exit_code == 0 and all(s.status == "succeeded" for s in r.phases.values())
    for pid in "ABCD":
        n = ws.count(pid)
        assert n == (1 if pid in finished else n), pid
        assert 1 <= n <= 2, (pid, n)
    assert ws.count("A") == 1
    _everything_parses(run_dir)


def test_sigkill_mid_fanout_then_resume_skips_finished_items(ws, sub_env, scout_cmd):
    p = ws.pipeline(FANOUT)
    proc = _start(ws, sub_env, scout_cmd, p)
    _kill_when(proc, ws, lambda calls: sum(1 for c in calls if c["phase"] == "B") >= 12)
    run_dir = ws.run_dir()
    _everything_parses(run_dir)
    st = load_state(run_dir)
    assert st.phases["B"].status == "running"
    from scout import api
    from scout.audit.runs import GONE_REASON

    shown = api.status(run_dir)  # what `scout status`, the API and MCP read: no live apply
    assert shown.status == "interrupted" and shown.reason == GONE_REASON
    assert shown.phases["B"].status == "interrupted"
    durable = {r["i"] for r in ws.log_records() if r.get("ev") == "item" and r.get("ok")}
    assert len(durable) >= 8  # lanes record each item before taking the next
    assert st.phases["B"].items.ok == len(durable)
    ran_before = {c["item"] for c in ws.calls() if c["phase"] == "B"}
    assert durable <= ran_before

    events = []
    r = ws.apply(p, query="q", subscribers=[events.append])
    assert r.exit_code == 0 and r.phases["B"].status == "succeeded"
    started = [e for e in events if e.kind == "phase_started" and e.phase == "B"][0]
    assert started.items_total == 40 and started.items_reused == len(durable)
    assert ws.count("A") == 1
    for i in range(40):
        n = ws.count("B", i)
        if i in durable:
            assert n == 1, f"finished item {i} ran again"
        else:
            assert 1 <= n <= 2, (i, n)
    from scout import api
    squares = api.get_mission_artifacts("m1", ws.runs)["squares"]
    assert [s["n"] for s in squares] == list(range(40))
    _everything_parses(run_dir)


def test_snapshot_lost_or_damaged_is_rebuilt_from_the_log(ws):
    p = ws.pipeline(CHAIN.replace("0.2", "0").replace("0.4", "0"))
    assert ws.apply(p).exit_code == 0
    run_dir = ws.run_dir()
    good = load_state(run_dir).to_dict()
    (run_dir / "phase.json").write_text('{"format": 1, "state": {')  # torn
    assert load_state(run_dir).to_dict() == good
    (run_dir / "phase.json").unlink()
    assert load_state(run_dir).to_dict() == good
    ws.reset_calls()
    assert ws.apply(p).exit_code == 0 and ws.calls() == []  # still all reused
    assert json.loads((run_dir / "phase.json").read_text())["state"]["status"] == "succeeded"


def test_ctrl_c_stops_cleanly_and_resumes(ws, sub_env, scout_cmd):
    p = ws.pipeline(FANOUT)
    proc = _start(ws, sub_env, scout_cmd, p)
    deadline = time.monotonic() + 60
    while sum(1 for c in ws.calls() if c["phase"] == "B") < 8:
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.005)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    st = load_state(ws.run_dir())
    assert st.status == "interrupted"
    from scout import api

    shown = api.status(ws.run_dir())  # the phase Ctrl-C stopped reads so too
    assert shown.phases["B"].status == "interrupted"
    assert "running" not in {ph.status for ph in shown.phases.values()}
    done = {r["i"] for r in ws.log_records() if r.get("ev") == "item" and r.get("ok")}
    r = ws.apply(p, query="q")
    assert r.exit_code == 0
    # nothing written after the interrupt landed in another file
    assert all(set(c) >= {"phase", "item"} for c in ws.calls())
    assert all(ws.count("B", i) == 1 for i in done)
