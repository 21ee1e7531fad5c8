"""SIGTERM (docker stop, systemd, a CI cancel, ``timeout``) stops ``scout batch apply``
as Ctrl-C stops ``scout apply``: the missions running on the batch's threads are told to
stop the same way (each records itself interrupted by the system, with its page), the
batch's record and summary are written, exit 130, and the same command resumes the rest.
Before, a signal reached only the main thread: the batch ended as if killed (exit -15),
its running missions left ``running`` with no page and its record never finished."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scout.providers.journal import iter_journal

from tests.batch.test_batch_missions import CITIES, Workspace, ws  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[2]
SIGTERM_REASON = "stopped by the system (SIGTERM)"


def _records(run_dir: Path) -> list[dict]:
    try:
        text = (run_dir / "state.log.jsonl").read_text(encoding="utf-8")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass  # the line being written
    return out


def _searching(runs: Path) -> list[Path]:
    """The run dirs whose fan-out (S) is running now."""
    return [d for d in runs.iterdir() if d.is_dir() and not d.name.startswith(".")
            and any(r.get("phase") == "S" and r.get("status") == "running"
                    for r in _records(d))] if runs.is_dir() else []


@pytest.mark.timeout(180)
def test_sigterm_stops_the_running_missions_and_the_batch_resumes(ws: Workspace) -> None:  # noqa: F811
    cities = CITIES[:4]
    ws.queries.write_text("".join(f"- hoteles en {c}\n" for c in cities), encoding="utf-8")
    for c in cities:  # the two missions running wait on their second search when it lands
        ws.fake.slow(f"hoteles en {c} 1", 4.0)
    args = [sys.executable, "-m", "scout", "batch", "apply", str(ws.pipeline),
            "--queries", str(ws.queries), "--batch-id", "nightly", "--runs-dir", str(ws.runs),
            "--config", str(ws.root / "config" / "adapters.yaml"), "--parallel", "2",
            "--progress", "none"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOUTE_RESEARCH_ROOT": str(ws.root)}
    proc = subprocess.Popen(args, cwd=ws.root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(_searching(ws.runs)) < 2 or len(
            {e.get("mission_id") for e in iter_journal(ws.root / "runtime")
             if e.get("result") == "ok"}) < 2:  # each paid its first search
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the missions never reached their searches"
        time.sleep(0.05)
    time.sleep(0.3)
    stopped = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (proc.returncode, err.decode()[-3000:])
    # it did not wait for the searches to answer and the missions to finish
    assert time.monotonic() - stopped < 4.0 + 8.0
    said, shown = err.decode(), out.decode()
    assert "Traceback" not in said + shown
    assert "re-run the same command to resume" in said

    record = json.loads((ws.runs / ".batches" / "nightly.json").read_text(encoding="utf-8"))
    assert record["state"] == "interrupted" and record["finished_at"]
    assert record["reason"].startswith(SIGTERM_REASON)
    rows = {r["mission_id"]: r for r in record["missions"]}
    interrupted = [m for m, r in rows.items() if r["status"] == "interrupted"]
    assert len(interrupted) == 2, rows
    # what the stopped missions paid before they stopped is in their rows
    paid = {m: 0.0 for m in rows}
    for e in iter_journal(ws.root / "runtime"):
        if e.get("mission_id") in paid:
            paid[e["mission_id"]] += float((e.get("cost") or {}).get("usd") or 0.0)
    assert {m: r["cost_usd"] for m, r in rows.items()} == pytest.approx(paid)
    assert all(paid[m] > 0 for m in interrupted)
    assert sorted(r["status"] for r in rows.values()) == [
        "interrupted", "interrupted", "pending", "pending"]
    # the summary is written, in the requests' language (Spanish): the batch's state,
    # who stopped it, and a line per mission
    assert "lote nightly: interrumpida" in shown
    assert "detenida por el sistema (SIGTERM)" in shown
    assert all(m in shown for m in rows)
    for mid in interrupted:
        run_dir = ws.runs / mid
        ends = [r for r in _records(run_dir) if r.get("ev") == "mission"
                and r.get("status") == "interrupted"]
        assert [e["reason"] for e in ends] == [SIGTERM_REASON]  # each told the same way
        assert not (run_dir / "lock.json").exists()
        page = rows[mid]["stopped_report"]
        text = Path(page).read_text(encoding="utf-8")
        assert "El sistema detuvo la ejecución (SIGTERM)" in text and "Ctrl-C" not in text

    # the same command resumes the rest and finishes
    for c in cities:
        ws.fake.slow(f"hoteles en {c} 1", 0.0)
    again = subprocess.run(args, cwd=ws.root, env=env, capture_output=True, timeout=120)
    assert again.returncode == 0, again.stderr.decode()[-3000:]
    record = json.loads((ws.runs / ".batches" / "nightly.json").read_text(encoding="utf-8"))
    assert record["state"] == "completed"
    assert {r["status"] for r in record["missions"]} == {"succeeded"}
    for mid in interrupted:  # resumed: a second run of the same mission
        runs = [r for r in _records(ws.runs / mid)
                if r.get("ev") == "mission" and r.get("status") == "running"]
        assert len(runs) == 2
