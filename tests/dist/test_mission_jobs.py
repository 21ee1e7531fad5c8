"""Whole missions as picklable jobs (``run_mission_job``), on Dask worker processes."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the dist extra is not installed "
                    "(pip install 'scout[dist]')")

from scout.dist.jobs import (  # noqa: E402
    MissionJob,
    MissionJobResult,
    run_mission_job,
    submit_mission,
)
from scout.orchestrator.executor import make_executor  # noqa: E402
from tests.dist.cluster import config, pipeline  # noqa: E402

BODY = """
inputs:
  city: {type: string}
phases:
  L: {uses: STEPS:items, with: {n: 3}, produces: [things]}
  P: {uses: STEPS:pid_of, needs: [things], with: {calls: CALLS}, produces: [pid]}
"""


def _profiler_enabled() -> bool:
    import dask

    return bool(dask.config.get("distributed.worker.profile.enabled"))


def test_missions_run_on_workers_and_results_come_back(tmp_path: Path) -> None:
    config(tmp_path, "{kind: local}")
    calls = tmp_path / "calls.jsonl"
    p = pipeline(tmp_path, BODY.replace("CALLS", str(calls)))
    jobs = [MissionJob(str(p), mission_id=f"m-{c}", query=f"research {c}",
                       inputs={"city": c}, runs_dir=str(tmp_path / "runs"),
                       config=str(tmp_path / "config" / "adapters.yaml"), root=str(tmp_path))
            for c in ("lima", "quito")]
    bad = MissionJob(str(tmp_path / "missing.yaml"), mission_id="m-bad", query="x",
                     root=str(tmp_path))
    typo = MissionJob(str(p), mission_id="m-typo", query="x", inputs={"cty": "lima"},
                      runs_dir=str(tmp_path / "runs"), root=str(tmp_path),
                      config=str(tmp_path / "config" / "adapters.yaml"))
    ex = make_executor("dask", 2, {"address": "local:2"})
    try:
        futures = [submit_mission(ex, j) for j in [*jobs, bad, typo]]
        results = [f.result(timeout=60) for f in futures]
        # the workers' profiler is off: it deadlocks CPython 3.11 with the gc
        assert set(ex.client.run(_profiler_enabled).values()) == {False}
    finally:
        ex.shutdown(wait=True, cancel=False)
    assert all(isinstance(r, MissionJobResult) for r in results)
    ok = results[:2]
    assert [r.status for r in ok] == ["succeeded", "succeeded"]
    assert [r.mission_id for r in ok] == ["m-lima", "m-quito"]
    for r in ok:
        assert r.exit_code == 0 and r.error is None and r.cost_usd == 0.0
        assert Path(r.run_dir or "").is_dir()
    ran = [json.loads(x)["pid"] for x in calls.read_text().splitlines()]
    assert len(ran) == 2 and os.getpid() not in ran
    assert results[2].status == "error" and results[2].error_code == "USE001"
    assert results[2].exit_code == 2 and "Traceback" not in (results[2].error or "")
    assert results[3].status == "error" and "cty" in (results[3].error or "")
    assert "city" in (results[3].error or "") or results[3].exit_code == 2
    # the dataclasses travel both ways
    assert pickle.loads(pickle.dumps(results[0])) == results[0]


def test_converges_on_rerun(tmp_path: Path) -> None:
    """The same job twice (threads here): the second run reuses everything."""
    config(tmp_path, "{kind: local}")
    calls = tmp_path / "calls.jsonl"
    p = pipeline(tmp_path, BODY.replace("CALLS", str(calls)))
    job = MissionJob(str(p), query="research lima", inputs={"city": "lima"},
                     runs_dir=str(tmp_path / "runs"), root=str(tmp_path),
                     config=str(tmp_path / "config" / "adapters.yaml"))
    first, second = run_mission_job(job), run_mission_job(job)
    assert first.status == second.status == "succeeded"
    assert first.mission_id == second.mission_id and first.mission_id  # derived id
    assert len(calls.read_text().splitlines()) == 1
    bad = run_mission_job(MissionJob(str(p), options={"paralel": 3}))
    assert bad.status == "error" and "paralel" in (bad.error or "")


def test_a_locked_mission_is_retried_while_lock_wait_lasts(tmp_path: Path) -> None:
    import threading

    from scout.orchestrator.locks import MissionLock

    config(tmp_path, "{kind: local}")
    p = pipeline(tmp_path, BODY.replace("CALLS", str(tmp_path / "calls.jsonl")))
    job = MissionJob(str(p), mission_id="m-w", query="q", inputs={"city": "lima"},
                     runs_dir=str(tmp_path / "runs"), root=str(tmp_path),
                     config=str(tmp_path / "config" / "adapters.yaml"))
    held = MissionLock(tmp_path / "runs" / "m-w", "m-w").acquire()
    try:
        assert run_mission_job(job).error_code == "RUN003"  # no wait: refused at once
    finally:
        held.release()
    held = MissionLock(tmp_path / "runs" / "m-w", "m-w").acquire()
    timer = threading.Timer(0.5, held.release)  # the other holder ends meanwhile
    timer.start()
    waited = run_mission_job(MissionJob(**{**job.__dict__, "options": {"lock_wait": 10}}))
    timer.join()
    assert waited.status == "succeeded", waited.error
