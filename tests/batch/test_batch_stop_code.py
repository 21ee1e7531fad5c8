"""The batch runner decides who stopped a ``stopped_budget`` mission by the code of the
error that stopped it (``MissionJobResult.stop_code``), never by its message: RUN008
(the batch's cap) stops the batch, RUN004 (the mission's own cap) does not, whatever
the reason text says. The code survives the batch record on disk, and
``run_mission_job`` fills it from the mission's result."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from scout.batch.inputs import BatchEntry
from scout.batch.record import BatchRecord, MissionRow, find_record
from scout.batch.runner import BatchRunner
from scout.dist import jobs
from scout.dist.jobs import MissionJob, MissionJobResult
from scout.orchestrator.executor import LocalExecutor

#: what the batch's refusal says; a mission's own stop may quote it (a step, a query...)
MARKER = "the batch's budget cap is reached"
IDS = ["m1", "m2", "m3"]


def entries(tmp_path: Path) -> list[BatchEntry]:
    return [BatchEntry(m, MissionJob(str(tmp_path / "p.yaml"), mission_id=m), f"q:{i}")
            for i, m in enumerate(IDS, 1)]


def fake_jobs(first: MissionJobResult):
    ran: list[str | None] = []

    def run_job(job: MissionJob) -> MissionJobResult:
        ran.append(job.mission_id)
        if job.mission_id == IDS[0]:
            return first
        return MissionJobResult(job.mission_id, "succeeded", 0, cost_usd=0.01)
    return run_job, ran


def run(tmp_path: Path, first: MissionJobResult) -> tuple[BatchRecord, object, list]:
    rec = BatchRecord("b1", "q.yaml", None, str(tmp_path / "runs"), max_cost=1.0)
    run_job, ran = fake_jobs(first)
    out = BatchRunner(entries(tmp_path), rec, LocalExecutor(1), run_job=run_job).run()
    return rec, out, ran


def test_a_mission_cap_stop_quoting_the_old_marker_is_the_missions_own(tmp_path):
    first = MissionJobResult("m1", "stopped_budget", 4, cost_usd=0.02,
                             error=f"budget cap reached: {MARKER} (a query said so)",
                             stop_code="RUN004")
    rec, out, ran = run(tmp_path, first)
    row = rec.missions["m1"]
    assert row.stop_code == "RUN004" and row.stopped_by == "mission"
    assert out.stop is None and rec.state == "completed"  # the batch went on
    assert ran == IDS
    saved = json.loads(rec.path.read_text())
    assert saved["budget_stopped"] == []
    assert saved["missions"][0]["stop_code"] == "RUN004"
    assert saved["missions"][0]["stopped_by"] == "mission"


def test_a_batch_cap_stop_stops_the_batch_whatever_its_message(tmp_path):
    first = MissionJobResult("m1", "stopped_budget", 4, cost_usd=0.02,
                             error="some reworded message", stop_code="RUN008")
    rec, out, ran = run(tmp_path, first)
    row = rec.missions["m1"]
    assert row.stop_code == "RUN008" and row.stopped_by == "batch"
    assert out.stop == "budget" and rec.state == "stopped_budget"
    assert ran == ["m1"]  # nothing new starts after the batch's cap
    assert [rec.missions[m].status for m in IDS[1:]] == ["pending", "pending"]
    assert json.loads(rec.path.read_text())["budget_stopped"] == ["m1"]


def test_other_ends_carry_no_code(tmp_path):
    first = MissionJobResult("m1", "failed", 1, error=f"F1 failed: {MARKER}",
                             stop_code="RUN008")  # a code on a non-budget end is ignored
    rec, out, _ = run(tmp_path, first)
    assert rec.missions["m1"].stop_code is None and rec.missions["m1"].stopped_by is None
    assert out.stop is None


def test_the_record_on_disk_derives_stopped_by_from_the_code(tmp_path):
    rec = BatchRecord("b1", "q.yaml", None, str(tmp_path / "runs"), max_cost=1.0)
    rec.missions = {
        # a hand-edited (or stale) stopped_by: the code decides
        "a": MissionRow("a", "q:1", "stopped_budget", 4, stopped_by="batch",
                        stop_code="RUN004"),
        # a record written before stop_code existed keeps what it said
        "b": MissionRow("b", "q:2", "stopped_budget", 4, stopped_by="batch"),
        # not a stop code: dropped
        "c": MissionRow("c", "q:3", "stopped_budget", 4, stopped_by="mission",
                        stop_code="DROP TABLE"),
    }
    rec.save()
    doc = json.loads(rec.path.read_text())
    del doc["missions"][1]["stop_code"]
    rec.path.write_text(json.dumps(doc))
    back = find_record(tmp_path / "runs", "b1")
    a, b, c = (back.missions[m] for m in "abc")
    assert (a.stop_code, a.stopped_by) == ("RUN004", "mission")
    assert (b.stop_code, b.stopped_by) == (None, "batch")
    assert (c.stop_code, c.stopped_by) == (None, "mission")


def test_the_job_result_carries_the_missions_code_and_travels(tmp_path, monkeypatch):
    from scout import api
    from scout.orchestrator.mission_result import MissionResult

    def fake_apply(**kw):
        return MissionResult(kw["mission_id"], tmp_path / "runs" / kw["mission_id"],
                             "stopped_budget", 4, {}, reason="budget cap reached: x",
                             stop_code="RUN008")
    monkeypatch.setattr(api, "apply", fake_apply)
    res = jobs.run_mission_job(MissionJob(str(tmp_path / "p.yaml"), mission_id="m1",
                                          root=str(tmp_path)))
    assert res.status == "stopped_budget" and res.stop_code == "RUN008"
    assert pickle.loads(pickle.dumps(res)) == res  # it goes back from a Dask worker
    assert res.to_dict()["stop_code"] == "RUN008"


@pytest.mark.parametrize("status", ["succeeded", "failed"])
def test_the_job_result_of_other_ends_has_no_code(tmp_path, monkeypatch, status):
    from scout import api
    from scout.orchestrator.mission_result import MissionResult

    monkeypatch.setattr(api, "apply", lambda **kw: MissionResult(
        kw["mission_id"], tmp_path, status, 0 if status == "succeeded" else 1, {}))
    res = jobs.run_mission_job(MissionJob(str(tmp_path / "p.yaml"), mission_id="m1",
                                          root=str(tmp_path)))
    assert res.status == status and res.stop_code is None
