"""`scout batch status` as text and JSON, from a record (no missions run): a long error
is one line, cut in the middle, and no terminal control reaches the screen."""

from __future__ import annotations

import os
import re
from typing import Any

from scout.batch.record import BatchRecord, MissionRow
from scout.cli.batch_cmds import status_lines

PAGE = "HTTP 500 <html>" + "x" * 5000 + "</html> END"


def _record(error: str) -> Any:
    rows = {"m1": MissionRow("m1", "q.csv:2", status="error", exit_code=3, error=error),
            "m2": MissionRow("m2", "q.csv:3", status="succeeded", exit_code=0,
                             report_path="runs/m2/report.md")}
    return BatchRecord("b1", "q.csv", None, "runs", state="completed",
                       started_at="2026-12-02T10:00:00+00:00", runs=1, missions=rows)


def test_a_long_mission_error_is_cut_with_a_note_naming_the_json() -> None:
    lines = status_lines(_record(PAGE))
    text = "\n".join(lines)
    assert len(text) < 1500 and "HTTP 500 <html>" in text and "END" in text
    assert lines[-1] == ("  (long errors are cut here; `scout batch status b1 --json` has "
                         "them in full)")
    assert "cut here" not in "\n".join(status_lines(_record("HTTP 500")))


def test_batch_status_json_escapes_c1_and_bidi_controls(monkeypatch) -> None:
    """--json printed with ensure_ascii=False wrote an 8-bit CSI (\\x9b) or a bidi
    override raw; they are written as \\uXXXX, and the JSON reads back the same."""
    import json

    from click.testing import CliRunner

    from scout.batch import service
    from scout.cli import cli

    error = "evil \x9b2J \u202egnp.exe"
    rec = _record(error)
    rec.to_dict = lambda: {"batch_id": "b1", "missions": {"m1": {"error": error}}}
    monkeypatch.setattr(service, "batch_status", lambda batch, runs_dir=None: rec)
    out = CliRunner().invoke(cli, ["batch", "status", "b1", "--json"]).output
    assert not re.search("[\x7f-\x9f\u202a-\u202e]", out), out
    assert json.loads(out)["missions"]["m1"]["error"] == error


def test_a_stopped_missions_page_is_shown_whole_after_a_cut_error() -> None:
    """The error is cut in its middle; the page the row points at is not, however long
    its path (the cut once fell inside "report /tmp/…/report.md" when the runs folder's
    path was long, and the row pointed nowhere)."""
    page = "/tmp/" + "deep/" * 60 + "runs/m1/report.md"
    rec = _record("budget cap reached: " + "y" * 400)
    rec.missions["m1"].stopped_report = page
    line = next(x for x in status_lines(rec) if x.strip().startswith("m1"))
    assert line.endswith(f"; report {page}") and "budget cap reached" in line
    assert "…" in line and len(line) < 240 + len(page) + 60


def test_the_summary_speaks_the_language_the_missions_share(tmp_path) -> None:
    """Each mission's task.json says its request's language: all Spanish, the summary is
    Spanish (the status codes stay in --json); mixed, English."""
    import json as _json

    from scout.batch.progress import totals_line
    from scout.batch.runner import BatchView

    rec = _record("HTTP 500")
    for mid, lang in (("m1", "es"), ("m2", "es")):
        (tmp_path / mid).mkdir()
        (tmp_path / mid / "task.json").write_text(_json.dumps({"task": {"lang": lang}}))
        rec.missions[mid].run_dir = str(tmp_path / mid)
    lines = status_lines(rec)
    # the cost in the request's digits too ("0.0000 US$" mixed two locales)
    assert lines[0] == "lote b1: completado (error: 1, completada: 1); 0,0000 US$"
    assert "  m2  completada" in "\n".join(lines)
    (tmp_path / "m2" / "task.json").write_text(_json.dumps({"task": {"lang": "en"}}))
    assert status_lines(rec)[0] == "batch b1: completed (1 error, 1 succeeded); $0.0000"
    view = BatchView("b1", 2, 1, 1, 0, 0, 3, 0.5, 61.0, None, "running", "es")
    assert totals_line(view) == ("lote b1: 1/2 hechas, 1 en curso, 0 fallidas, 0 pendientes; "
                                 "3 llamadas, 0,5000 US$; tiempo 1m01s, quedan -")


def test_a_running_batch_reads_interrupted_once_its_process_is_gone() -> None:
    """The batch's liveness is scout's one notion of alive (scout.fsutil.pid_alive), the
    one mission runs and locks use: a gone process is interrupted, a live one running."""
    import socket
    import subprocess
    import sys

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # reaped: its pid names no process now
    record = BatchRecord(batch_id="b", source="q.txt", pipeline=None, runs_dir="runs",
                         pid=gone.pid, host=socket.gethostname())
    assert record.effective_state() == "interrupted"
    record.pid = os.getpid()
    assert record.effective_state() == "running"
    record.pid, record.host = gone.pid, "another-host"  # another machine's: cannot tell
    assert record.effective_state() == "running"


def test_a_batch_whose_process_exited_unreaped_or_whose_pid_was_reused_is_interrupted(
        tmp_path: Any) -> None:
    """A record keeps its process's identity (start time, boot, pid namespace), so the
    batch is judged as a lock's holder is (scout.orchestrator.liveness): a pid still
    named by an unreaped process, or by a later process, is no live batch. A record
    written before the identity was kept is judged by its pid, as before."""
    import dataclasses
    import json
    import subprocess
    import sys
    import time
    from pathlib import Path

    from scout.batch.record import load_record
    from scout.orchestrator.liveness import identity, proc_stat

    me = identity()
    if "pid_start" not in me:
        import pytest

        pytest.skip("no /proc of this process's own: liveness cannot tell (documented)")
    zombie = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        deadline = time.monotonic() + 5
        while (stat := proc_stat(zombie.pid)) is not None and stat[1] != "Z" \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        assert stat is not None and stat[1] == "Z"  # exited, not reaped: its pid exists
        record = BatchRecord(batch_id="b", source="q.txt", pipeline=None,
                             runs_dir=str(tmp_path), pid=zombie.pid, host=me["host"],
                             process={**me, "pid": zombie.pid, "pid_start": stat[2]})
        assert record.effective_state() == "interrupted"
        older = dataclasses.replace(record, process=None)  # a record from before: pid alone
        assert older.effective_state() == "running"
    finally:
        zombie.wait()
    # our own pid, with another start time: the pid was reused by a later process
    reused = BatchRecord(batch_id="b", source="q.txt", pipeline=None, runs_dir=str(tmp_path),
                         pid=os.getpid(), host=me["host"],
                         process={**me, "pid_start": me["pid_start"] + 1})
    assert reused.effective_state() == "interrupted"
    live = dataclasses.replace(reused, process=me)
    assert live.effective_state() == "running"
    # kept on disk and read back; a malformed identity from disk is no evidence
    live.save()
    assert load_record(live.path).process == me
    doc = json.loads(live.path.read_text())
    doc["process"] = {"pid": [1], "pid_start": "x" * 10, "other": 1}
    Path(live.path).write_text(json.dumps(doc))
    back = load_record(live.path)
    assert back.process == {"pid_start": "x" * 10} and back.effective_state() == "running"
    doc["process"] = "nonsense"
    Path(live.path).write_text(json.dumps(doc))
    assert load_record(live.path).process is None
