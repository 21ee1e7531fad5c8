"""The batch's ``--max-cost`` is one budget in the quota backend (a real redis-server on
127.0.0.1, or the local SQLite database), shared by every mission of the batch in every
process: the batch stops with what the fake provider was paid for at or under its cap,
never the cap plus one call per mission running at once (what per-mission caps derived
from the batch's spend allowed), and a re-run with a higher cap converges.

Two shapes: separate worker processes, each one mission of the batch on the REAL
providers layer (tests/dist/worker.py); and ``scout batch apply`` on a Dask LocalCluster
of worker processes."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from scout.providers.journal import iter_journal
from tests.dist.test_shared_quota import backend_url, run_workers, setup_root
from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer

PRICE = 0.008  # one Tavily credit (setup_root's and TAVILY's tariff)
CAP = 0.06  # 7 calls fit (0.056); the 8th would cross it


def journal_usd(root: Path) -> float:
    return round(sum(float((e.get("cost") or {}).get("usd") or 0.0)
                     for e in iter_journal(root / "runtime")), 6)


@pytest.fixture
def fake():
    with FakeServer() as srv:
        yield FakeProviders(srv)


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_processes_of_one_batch_stop_at_its_cap(kind, fake, tmp_path, request):
    setup_root(tmp_path, backend_url(kind, request), per_minute=6000, burst=10)
    # four missions in four processes, four searches each; every call overlaps others
    jobs = [(f"m{p}", [f"batch {kind} {p}-{i}" for i in range(4)]) for p in range(4)]
    for _, queries in jobs:
        for q in queries:
            fake.slow(q, 0.2)
    results = run_workers(tmp_path, fake, jobs, extra=["--batch", "b1", "--batch-cap", str(CAP)])
    paid = len(fake.queries("tavily"))
    assert paid == 7, paid  # $0.06 // $0.008, whichever missions got them; not 7 + 3
    assert paid * PRICE <= CAP + 1e-9
    assert sum(r["batch_stopped"] for r in results) == 16 - 7
    assert sum(r["budget_stopped"] for r in results) == 16 - 7  # no mission cap involved
    assert journal_usd(tmp_path) == pytest.approx(paid * PRICE)  # every paid call journaled


TAVILY = """
quota: {{backend: "{backend}"}}
adapters:
  tavily:
    type: tavily
    base_url: {url}
    credentials: {{env: TAVILY_API_KEY}}
    include_usage: true
    retry: {{attempts: 1}}
    tariff: {{per_credit: 0.008, as_of: "2026", source: test}}
chains:
  web: [tavily]
"""
# W first: every mission notes its worker's pid before paying, so the note is there even
# when the batch budget stops all six missions mid-search (they all pay at once)
BODY = """
apiVersion: scout/v1
kind: Pipeline
name: batch-budget
phases:
  W: {uses: "python:tests.dist.steps:pid_of", with: {calls: CALLS}, produces: [pid]}
  L: {uses: "python:tests.batch.steps:queries", needs: [pid], with: {n: 3},
      produces: [things]}
  S: {uses: search, needs: [things], for_each: things, as: item, chain: web,
      with: {query: "{{ item.q }}", limit: 3}, produces: [found]}
"""
CITIES = ["Lima", "Quito", "Cusco", "Sucre", "Cali", "Salta"]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("kind", ["local", "redis"])
def test_a_batch_on_dask_workers_stops_at_its_cap_and_converges(
        kind, fake, tmp_path, request, monkeypatch):
    pytest.importorskip("distributed", reason="the dist extra is not installed")
    from scout.batch.service import batch_apply

    monkeypatch.delenv("SCOUTE_QUOTA_URL", raising=False)
    monkeypatch.setenv("TAVILY_API_KEY", fake.keys["tavily"])
    backend = backend_url(kind, request)
    cfg = tmp_path / "config" / "adapters.yaml"
    cfg.parent.mkdir(parents=True)
    cfg.write_text("apiVersion: scout/v1\nkind: Config\nmax_workers: 4\n"
                   "executor: {kind: local}\n"
                   + TAVILY.format(backend=backend, url=fake.server.url))
    pipe = tmp_path / "p.yaml"
    calls = tmp_path / "pids.jsonl"
    pipe.write_text(BODY.replace("CALLS", str(calls)))
    queries = tmp_path / "q.yaml"
    queries.write_text("".join(f"- hoteles en {c}\n" for c in CITIES), encoding="utf-8")
    for c in CITIES:  # every mission pays at the same time as the others
        for i in range(3):
            fake.slow(f"hoteles en {c} {i}", 0.4)

    def run(cap: float):
        return batch_apply(pipe, queries=queries, runs_dir=tmp_path / "runs", root=tmp_path,
                           config=cfg, max_cost=cap, parallel=6, executor="dask",
                           options={"lock_wait": 30})

    out = run(CAP)
    rec = out.record
    paid = fake.queries("tavily")
    assert out.stop == "budget" and rec.state == "stopped_budget", rec.reason
    assert len(paid) == 7, paid  # not 7 + one per mission paying when the cap was reached
    assert journal_usd(tmp_path) == pytest.approx(len(paid) * PRICE)
    assert journal_usd(tmp_path) <= CAP + 1e-9
    assert rec.totals()["cost_usd"] == pytest.approx(journal_usd(tmp_path))
    stopped = [m for m, r in rec.missions.items() if r.stopped_by == "batch"]
    assert len(stopped) >= 2  # several missions were paying when the cap was reached
    assert all(rec.missions[m].status == "stopped_budget" for m in stopped)
    pids = {json.loads(x)["pid"] for x in calls.read_text().splitlines()}
    assert len(pids) >= 2 and os.getpid() not in pids  # missions ran on worker processes
    doc = json.loads(rec.path.read_text())
    assert doc["budget_stopped"] == stopped and "batch's budget" in doc["reason"]

    again = run(1.0)  # a higher cap: the same batch converges
    assert again.stop is None and again.record.state == "completed"
    assert all(r.status == "succeeded" for r in again.record.missions.values())
    paid = fake.queries("tavily")
    assert len(paid) == 3 * len(CITIES)
    assert max(Counter(paid).values()) == 1  # nothing paid twice across the two runs
    assert journal_usd(tmp_path) == pytest.approx(len(paid) * PRICE)
