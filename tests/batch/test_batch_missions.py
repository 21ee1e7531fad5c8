"""The batch runner on real missions: every mission is ``scout.api.apply`` (through
``run_mission_job``) of a small pipeline whose fan-out pays a local fake Tavily. The
batch budget stops launching and what was spent is what the provider was paid for; a
re-run with a higher cap converges (finished missions are reused, nothing is paid
twice); Ctrl-C leaves a batch that the same call resumes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from scout.batch.inputs import missions_from_queries
from scout.batch.record import BatchRecord, find_record
from scout.batch.runner import BatchRunner
from scout.cli import main
from scout.orchestrator.executor import LocalExecutor
from scout.orchestrator.state_store import load_state
from scout.providers.journal import iter_journal
from tests.dist.cluster import config, pipeline
from tests.dist.test_killed_worker import TAVILY
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer

CITIES = ["Lima", "Quito", "Cusco", "Sucre", "Bogotá", "Cali"]
BODY = """
phases:
  L: {uses: "python:tests.batch.steps:queries", with: {n: 2}, produces: [things]}
  S: {uses: search, needs: [things], for_each: things, as: item, chain: web,
      with: {query: "{{ item.q }}", limit: 3}, produces: [found]}
"""


@dataclass
class Workspace:
    root: Path
    fake: FakeProviders
    pipeline: Path
    queries: Path

    @property
    def runs(self) -> Path:
        return self.root / "runs"

    def entries(self) -> list:
        return missions_from_queries(self.pipeline, self.queries, runs_dir=str(self.runs),
                                     config=str(self.root / "config" / "adapters.yaml"),
                                     root=self.root)

    def run(self, record: BatchRecord, **kw) -> object:
        return BatchRunner(self.entries(), record, LocalExecutor(1),
                           runtime_dir=self.root / "runtime", **kw).run()

    def journal_usd(self) -> float:
        return round(sum(float((e.get("cost") or {}).get("usd") or 0.0)
                         for e in iter_journal(self.root / "runtime")), 6)

    def paid(self) -> list[str | None]:
        return self.fake.queries("tavily")


@pytest.fixture
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Workspace]:
    monkeypatch.delenv("SCOUTE_QUOTA_URL", raising=False)
    with FakeServer() as srv:
        fake = FakeProviders(srv)
        monkeypatch.setenv("TAVILY_API_KEY", fake.keys["tavily"])
        config(tmp_path, "{kind: local}", TAVILY.format(url=srv.url))
        q = tmp_path / "q.yaml"
        q.write_text("".join(f"- hoteles en {c}\n" for c in CITIES), encoding="utf-8")
        yield Workspace(tmp_path, fake, pipeline(tmp_path, BODY), q)


def test_budget_stops_the_batch_and_a_rerun_converges(ws: Workspace, capsys) -> None:
    rec = BatchRecord("b1", str(ws.queries), str(ws.pipeline), str(ws.runs), max_cost=0.04)
    out = ws.run(rec)
    assert out.stop == "budget" and rec.state == "stopped_budget"
    rows = list(rec.missions.values())
    statuses = [r.status for r in rows]
    assert "pending" in statuses and statuses[0] == "succeeded"
    price = rows[0].cost_usd / 2  # two paid searches per finished mission
    assert price > 0
    spent = rec.totals()["cost_usd"]
    # what the batch says it spent is what the journal holds and the provider was paid
    assert spent == pytest.approx(ws.journal_usd()) == pytest.approx(len(ws.paid()) * price)
    assert spent <= 0.04 + 1e-9  # the batch's budget refuses the call that would cross it
    assert spent > 0.04 - price - 1e-9  # ...and only that one
    stopped = [m for m, r in rec.missions.items() if r.status == "stopped_budget"]
    assert stopped and all(rec.missions[m].stopped_by == "batch" for m in stopped)
    # ...because the error that stopped them was the batch's (RUN008), as their state says
    assert all(rec.missions[m].stop_code == "RUN008" for m in stopped)
    assert all(load_state(Path(rec.missions[m].run_dir or "")).stop_code == "RUN008"
               for m in stopped)
    saved = json.loads(rec.path.read_text())
    assert saved["state"] == "stopped_budget" and "batch's budget" in saved["reason"]
    assert saved["budget_stopped"] == stopped
    assert saved["totals"]["by_status"]["pending"] == statuses.count("pending")
    # each stopped mission points to the page that says what stopped it and what to do
    pages = {m: rec.missions[m].stopped_report for m in stopped}
    assert all(p == str(Path(rec.missions[m].run_dir or "") / "report.md")
               for m, p in pages.items())
    assert all(Path(p or "").is_file() for p in pages.values())
    assert all(r.stopped_report is None for r in rows if r.status in ("succeeded", "pending"))
    assert [m["stopped_report"] for m in saved["missions"]] == [r.stopped_report for r in rows]
    capsys.readouterr()
    assert main(["batch", "status", "b1", "--runs-dir", str(ws.runs)]) == 0
    shown = capsys.readouterr().out
    # the requests are Spanish ("hoteles en ..."): so is the summary, codes stay in --json
    assert "detenida por el presupuesto del lote" in shown and "pendiente: " in shown
    for m, page in pages.items():
        line = next(x for x in shown.splitlines() if x.strip().startswith(m))
        assert line.endswith(f"informe {page}")
    assert main(["batch", "status", "b1", "--runs-dir", str(ws.runs), "--json"]) == 0
    shown_json = capsys.readouterr().out
    assert {m["mission_id"]: m["stopped_report"] for m in json.loads(shown_json)["missions"]
            if m["stopped_report"]} == pages
    key = ws.fake.keys["tavily"]  # the key the missions paid with is in neither output
    assert len(key) >= 8 and key not in shown and key not in shown_json

    paid_before = list(ws.paid())
    rec2 = find_record(ws.runs, "b1")
    rec2.max_cost = 1.0  # a re-run with a higher cap: the scope is seeded with what was spent
    out2 = ws.run(rec2)
    assert out2.stop is None and rec2.state == "completed" and rec2.runs == 2
    assert all(r.status == "succeeded" for r in rec2.missions.values())
    assert all(r.stopped_report is None for r in rec2.missions.values())  # none stopped now
    assert all(Path(r.run_dir or "").is_dir() for r in rec2.missions.values())
    # finished missions were reused: no query the first run paid for was paid again
    again = ws.paid()[len(paid_before):]
    assert not set(again) & set(paid_before)
    assert len(ws.paid()) == 2 * len(CITIES)
    assert rec2.totals()["cost_usd"] == pytest.approx(ws.journal_usd())
    capsys.readouterr()
    assert main(["batch", "status", "b1", "--runs-dir", str(ws.runs), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["totals"]["done"] == len(CITIES) and doc["runs"] == 2
    assert {m["mission_id"]: m["cost_usd"] for m in doc["missions"]} == {
        m: r.cost_usd for m, r in rec2.missions.items()}


def test_the_batch_scope_is_seeded_from_the_journal(ws: Workspace) -> None:
    """A re-run on a fresh quota backend (its file removed: another machine, a flushed
    Redis) still counts what the batch spent before: the scope is seeded from the
    journal, so a cap raised by two calls' worth buys two more paid calls, not a batch."""
    rec = BatchRecord("b4", str(ws.queries), str(ws.pipeline), str(ws.runs), max_cost=0.04)
    ws.run(rec)
    first = len(ws.paid())
    price = ws.journal_usd() / first
    for f in (ws.root / "runtime").glob("quota.sqlite3*"):
        f.unlink()
    rec2 = find_record(ws.runs, "b4")
    rec2.max_cost = round(ws.journal_usd() + 2 * price, 6)
    out = ws.run(rec2)
    assert out.stop == "budget" and rec2.state == "stopped_budget"
    assert len(ws.paid()) == first + 2
    assert ws.journal_usd() <= rec2.max_cost + 1e-9


def test_missions_on_threads_share_the_batch_cap(ws: Workspace, capsys,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``scout batch apply --parallel 6``: six missions pay at once on threads, and the
    batch still pays exactly what fits its cap (per-mission caps derived from the batch's
    spend let each of them cross it by a call)."""
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(ws.root))
    for c in CITIES:
        for i in range(2):
            ws.fake.slow(f"hoteles en {c} {i}", 0.3)
    code = main(["batch", "apply", str(ws.pipeline), "--queries", str(ws.queries),
                 "--batch-id", "b5", "--runs-dir", str(ws.runs), "--config",
                 str(ws.root / "config" / "adapters.yaml"), "--max-cost", "0.04",
                 "--parallel", "6", "--progress", "none", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 4 and doc["exit_code"] == 4 and doc["state"] == "stopped_budget"
    assert len(ws.paid()) == 5  # $0.04 // $0.008
    assert ws.journal_usd() == pytest.approx(5 * 0.008)
    assert len(doc["budget_stopped"]) >= 2  # several were paying when the cap was reached


def test_ctrl_c_leaves_a_batch_that_resumes(ws: Workspace) -> None:
    rec = BatchRecord("b3", str(ws.queries), str(ws.pipeline), str(ws.runs))

    class Interrupt:
        def update(self, view, finished):
            if finished is not None:
                raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ws.run(rec, subscriber=Interrupt())
    saved = find_record(ws.runs, "b3")
    assert saved.state == "interrupted"
    assert saved.totals()["done"] == 1, [(r.status, r.error) for r in saved.missions.values()]
    assert saved.totals()["by_status"]["pending"] == len(CITIES) - 1
    done = next(r for r in saved.missions.values() if r.status == "succeeded")
    assert (ws.runs / done.mission_id).is_dir() and done.cost_usd > 0
    first = len(ws.paid())
    out = ws.run(saved)
    assert out.stop is None and saved.state == "completed"
    assert saved.totals()["done"] == len(CITIES)
    assert len(ws.paid()) == first + 2 * (len(CITIES) - 1)  # the finished one is reused


def test_a_job_on_another_process_journals_to_its_own_stream(ws: Workspace) -> None:
    """A job sent to a worker process (``origin_pid`` is the batch's, not its own) writes
    its paid calls to ``request_journal@<host>-<pid>.jsonl``, as fan-out items on
    workers do; a job on the batch's own threads keeps the default stream."""
    import os
    from dataclasses import replace

    from scout.dist.jobs import run_mission_job
    from scout.orchestrator.remote import worker_name
    from scout.providers.journal import set_process_writer

    here, away = ws.entries()[:2]
    assert run_mission_job(here.job).status == "succeeded"
    runtime = ws.root / "runtime"
    assert (runtime / "request_journal.jsonl").is_file()
    assert not list(runtime.glob("request_journal@*.jsonl"))
    try:
        res = run_mission_job(replace(away.job, origin_pid=os.getpid() + 1))
    finally:
        set_process_writer(None)
    assert res.status == "succeeded", res.error
    own = runtime / f"request_journal@{worker_name()}.jsonl"
    lines = [json.loads(x) for x in own.read_text().splitlines()]
    assert {e.get("mission_id") for e in lines if e.get("result") == "ok"} == {away.mission_id}
