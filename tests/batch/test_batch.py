"""scout batch: input files (CSV, YAML, errors with lines), the runner (budget cap,
converging re-run, Ctrl-C), the record and ``scout batch status --json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout.batch.inputs import missions_from_queries
from scout.batch.record import BatchRecord, find_record
from scout.batch.runner import BatchRunner
from scout.cli import main
from scout.dist.jobs import MissionJob, MissionJobResult
from scout.errors import SpecInvalid
from scout.orchestrator.executor import LocalExecutor

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = ROOT / "pipelines" / "hotel_research.yaml"


def test_csv_rows_become_missions_with_inputs_and_stable_ids(tmp_path: Path) -> None:
    q = tmp_path / "q.csv"
    q.write_text("query,mission_id,budget\nhotels in Barcelona,bcn,200 EUR\n"
                 "hotels in Porto,,\n")
    a = missions_from_queries(PIPELINE, q, runs_dir=None, config=None, root=ROOT)
    b = missions_from_queries(PIPELINE, q, runs_dir=None, config=None, root=ROOT)
    assert [e.mission_id for e in a] == [e.mission_id for e in b]
    assert a[0].mission_id == "bcn" and a[0].job.inputs == {"budget": "200 EUR"}
    assert a[1].mission_id.startswith("hotel-research-hotels-in-porto-")
    assert a[1].source.endswith("q.csv:3")


def test_yaml_list_and_bad_rows_name_their_lines(tmp_path: Path) -> None:
    q = tmp_path / "q.yaml"
    q.write_text("- hotels in Lyon\n- {query: hotels in Rome, inputs: {budgett: 1}}\n"
                 "- {query: hotels in Oslo, colour: red}\n- hotels in Lyon\n")
    with pytest.raises(SpecInvalid) as err:
        missions_from_queries(PIPELINE, q, runs_dir=None, config=None, root=ROOT)
    where = {(p.location.line, p.code) for p in err.value.problems}
    assert where == {(2, "USE081"), (3, "USE081"), (4, "USE082")}
    assert any("budget" in (p.hint or "") for p in err.value.problems)


def test_bad_csv_is_a_usage_error_not_a_traceback(tmp_path: Path, capsys) -> None:
    q = tmp_path / "q.csv"
    q.write_text("query,budget\nhotels in Lyon,1,2\n")
    code = main(["batch", "apply", str(PIPELINE), "--queries", str(q),
                 "--runs-dir", str(tmp_path / "runs")])
    err = capsys.readouterr().err
    assert code == 2 and "q.csv:2" in err and "Traceback" not in err


def _fake_job(costs: dict[str, float], seen: list[str]):
    def run(job: MissionJob) -> MissionJobResult:
        seen.append(job.mission_id)
        spent = costs.get(job.mission_id, 0.1)
        if job.max_cost is not None and spent > job.max_cost:
            return MissionJobResult(job.mission_id, "stopped_budget", 4, job.max_cost,
                                    job.max_cost)
        return MissionJobResult(job.mission_id, "succeeded", 0, spent, spent,
                                report_path=f"/r/{job.mission_id}/report.md")
    return run


def _entries(tmp_path: Path, n: int):
    q = tmp_path / "q.yaml"
    q.write_text("".join(f"- hotels in City{i}\n" for i in range(n)))
    return missions_from_queries(PIPELINE, q, runs_dir=None, config=None, root=ROOT)


def test_budget_cap_stops_launching_and_is_recorded(tmp_path: Path) -> None:
    entries = _entries(tmp_path, 6)
    rec = BatchRecord("b1", "q.yaml", None, str(tmp_path / "runs"), max_cost=0.25)
    seen: list[str] = []
    out = BatchRunner(entries, rec, LocalExecutor(1), run_job=_fake_job({}, seen)).run()
    assert out.stop == "budget" and rec.state == "stopped_budget"
    assert len(seen) == 3  # 0.1 + 0.1 + the third capped at 0.05
    assert rec.totals()["cost_usd"] == pytest.approx(0.25)
    saved = json.loads(rec.path.read_text())
    assert saved["state"] == "stopped_budget" and saved["totals"]["by_status"]["pending"] == 3


def test_rerun_converges_and_status_json(tmp_path: Path, capsys) -> None:
    entries = _entries(tmp_path, 4)
    runs = tmp_path / "runs"
    costs = {entries[1].mission_id: 9.0}  # fails its cap the first time
    rec = BatchRecord("b2", "q.yaml", None, str(runs), max_cost=1.0)
    BatchRunner(entries, rec, LocalExecutor(2), run_job=_fake_job(costs, [])).run()
    rec2 = find_record(runs, "b2")
    rec2.max_cost = None
    seen: list[str] = []
    out = BatchRunner(entries, rec2, LocalExecutor(2), run_job=_fake_job({}, seen)).run()
    assert out.stop is None and rec2.state == "completed" and rec2.runs == 2
    assert all(r.status == "succeeded" for r in rec2.missions.values())
    assert main(["batch", "status", "b2", "--runs-dir", str(runs), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["totals"]["done"] == 4
    assert {m["report_path"] for m in doc["missions"]} == {
        f"/r/{e.mission_id}/report.md" for e in entries}


def test_ctrl_c_leaves_a_resumable_batch(tmp_path: Path) -> None:
    entries = _entries(tmp_path, 5)
    rec = BatchRecord("b3", "q.yaml", None, str(tmp_path / "runs"))

    class Interrupt:
        def update(self, view, finished):
            if finished is not None:
                raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        BatchRunner(entries, rec, LocalExecutor(1), run_job=_fake_job({}, []),
                    subscriber=Interrupt()).run()
    saved = find_record(tmp_path / "runs", "b3")
    assert saved.state == "interrupted"
    assert saved.totals()["done"] == 1 and saved.totals()["by_status"]["pending"] == 4
