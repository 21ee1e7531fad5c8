"""Several scout worker processes share one quota backend: a real redis-server (started
on 127.0.0.1 on a free port by tests/dist/redis_server.py) or the local SQLite database.

Each worker is a separate Python process running the REAL providers layer
(tests/dist/worker.py) against Tavily on the local fake server, which records when each
request arrived and what it was asked. ``memory`` (each process its own limits) is run
too where it shows what the shared backends prevent.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer

ROOT = Path(__file__).resolve().parents[2]
PER_MINUTE, BURST = 300, 2  # 5 requests a second, 2 at once


@pytest.fixture
def fake():
    with FakeServer() as srv:
        yield FakeProviders(srv)


def setup_root(root: Path, backend: str, *, per_minute: float = PER_MINUTE,
               burst: int = BURST, claim_lease: float = 300.0, claims: bool = True) -> Path:
    tavily = {"type": "tavily", "base_url": "https://api.tavily.com",
              "credentials": {"env": "TAVILY_API_KEY"}, "search_depth": "basic",
              "include_usage": True, "rate": {"per_minute": per_minute, "burst": burst},
              "retry": {"attempts": 1},
              # the tests hold answers until every worker is in flight (FakeProviders
              # .hold): a loaded machine starts workers seconds apart
              "timeout": "90s",
              "tariff": {"per_credit": 0.008, "as_of": "2026", "source": "test"}}
    doc = {"apiVersion": "scout/v1", "kind": "Config", "adapters": {"tavily": tavily},
           "chains": {"web": ["tavily"]}, "quota": {"backend": backend, "claim_lease": claim_lease,
                                                 "claims": claims}}
    (root / "config").mkdir(parents=True, exist_ok=True)
    path = root / "config" / "adapters.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def start_worker(root: Path, fake: FakeProviders, i: int, mission: str,
                 queries: list[str], max_cost: float | None = None,
                 extra: list[str] | None = None) -> tuple[subprocess.Popen, Path]:
    env = {k: v for k, v in os.environ.items() if k != "SCOUTE_QUOTA_URL"}
    env.update(fake.env())
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = root / f"worker-{i}.json"
    cmd = [sys.executable, "-m", "tests.dist.worker", str(root), mission, str(out)]
    if max_cost is not None:
        cmd += ["--max-cost", str(max_cost)]
    return subprocess.Popen(cmd + list(extra or ()) + queries, env=env, cwd=ROOT, stderr=subprocess.PIPE), out


def run_workers(root: Path, fake: FakeProviders, jobs: list[tuple[str, list[str]]],
                max_cost: float | None = None, extra: list[str] | None = None) -> list[dict]:
    return collect([start_worker(root, fake, i, mission, queries, max_cost, extra)
                    for i, (mission, queries) in enumerate(jobs)])


def collect(procs: list[tuple[subprocess.Popen, Path]]) -> list[dict]:
    results = []
    for proc, out in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()[-2000:]
        results.append(json.loads(out.read_text()))
    return results


def tavily_arrivals(fake: FakeProviders) -> list[float]:
    return sorted(e.at for e in fake.server.log if e.method == "POST" and e.path == "/search")


def worst_excess(times: list[float], per_minute: float, burst: int) -> float:
    """How far the busiest window is above what the cap allows (<= 0: the cap held):
    any window [t_i, t_j] may hold at most burst + (t_j - t_i) x rate arrivals."""
    rate = per_minute / 60.0
    worst = -float(burst)
    for i in range(len(times)):
        for j in range(i, len(times)):
            worst = max(worst, (j - i + 1) - (burst + (times[j] - times[i]) * rate))
    return worst


def backend_url(kind: str, request: pytest.FixtureRequest) -> str:
    return request.getfixturevalue("redis_url") if kind == "redis" else kind


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_caps_hold_across_processes(kind, fake, tmp_path, request):
    setup_root(tmp_path, backend_url(kind, request))
    jobs = [(f"m{p}", [f"cap {kind} {p}-{i}" for i in range(6)]) for p in range(3)]
    results = run_workers(tmp_path, fake, jobs)
    assert sum(len(r["answered"]) for r in results) == 18, results
    times = tavily_arrivals(fake)
    assert len(times) == 18
    # one arrival of slack for the time between the quota's decision and the request
    assert worst_excess(times, PER_MINUTE, BURST) <= 1.0, times


def test_without_a_shared_backend_the_processes_exceed_the_cap(fake, tmp_path):
    """The same run with per-process limits (memory): what the shared backends prevent."""
    setup_root(tmp_path, "memory")
    jobs = [(f"m{p}", [f"mem {p}-{i}" for i in range(6)]) for p in range(3)]
    run_workers(tmp_path, fake, jobs)
    assert worst_excess(tavily_arrivals(fake), PER_MINUTE, BURST) > 1.0


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_two_workers_asking_the_same_request_pay_once(kind, fake, tmp_path, request):
    setup_root(tmp_path, backend_url(kind, request), per_minute=6000, burst=10)
    query = "the same paid request"
    fake.hold(query, until=99, timeout=90)  # the first payer waits until released
    ready = [tmp_path / f"ready-{p}" for p in range(3)]
    procs = [start_worker(tmp_path, fake, p, f"m{p}", [query], extra=["--ready", str(r)])
             for p, r in enumerate(ready)]
    # every worker set up (imports, config: seconds on a loaded machine) and the paid
    # request out, then a margin for the others' few steps to the claim; a fixed 1 s
    # delay of the answer failed when the workers started further apart than that
    deadline = time.monotonic() + 120
    while not (all(r.exists() for r in ready) and fake.queries("tavily")):
        assert time.monotonic() < deadline and all(p.poll() is None for p, _ in procs)
        time.sleep(0.05)
    time.sleep(1.0)
    fake.release(query)
    results = collect(procs)
    assert fake.queries("tavily") == ["the same paid request"]  # paid once
    assert all(r["answered"] == [["the same paid request", r["answered"][0][1]]]
               for r in results), results
    assert sum(r["shared"] for r in results) == 2  # the others waited for the answer
    # every worker's journal: one 'sent' + one 'ok' in all, the others are cache hits
    from scout.providers.journal import iter_journal
    lines = [e for e in iter_journal(tmp_path / "runtime") if e["adapter"] == "tavily"]
    assert sorted(e["result"] for e in lines) == ["cache_hit", "cache_hit", "ok", "sent"]


def test_with_claims_off_each_worker_pays(fake, tmp_path):
    """``quota.claims: false`` (benchmarks/scaleout.py's 'claims off'): nobody waits for
    another payer, so three workers asking one slow request all pay."""
    setup_root(tmp_path, "local", per_minute=6000, burst=10, claims=False)
    # no answer until all three asked: were one to wait for another's claim, only one
    # request would come, be answered after the hold's timeout, and the test fail
    fake.hold("the same paid request", until=3, timeout=30)
    results = run_workers(tmp_path, fake, [(f"m{p}", ["the same paid request"])
                                           for p in range(3)])
    assert fake.queries("tavily") == ["the same paid request"] * 3
    assert sum(r["shared"] for r in results) == 0


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_the_budget_stops_every_worker(kind, fake, tmp_path, request):
    setup_root(tmp_path, backend_url(kind, request), per_minute=6000, burst=10)
    # one mission's fan-out on three workers; each search costs $0.008 (1 credit)
    jobs = [("m-shared", [f"budget {p}-{i}" for i in range(6)]) for p in range(3)]
    results = run_workers(tmp_path, fake, jobs, max_cost=0.04)
    paid = len(fake.queries("tavily"))
    assert paid == 5, paid  # $0.04 / $0.008: not 5 per worker
    assert sum(r["budget_stopped"] for r in results) == 18 - 5


@pytest.mark.parametrize("kind", ["local", "redis"])
@pytest.mark.parametrize("strategy", ["round-robin", "weighted-round-robin"])
def test_the_pool_rotates_consistently_across_processes(kind, strategy, tmp_path, request):
    backend = backend_url(kind, request)
    cfg = tmp_path / "token_pool_config.json"
    cfg.write_text(json.dumps({"pools": {"p": {"strategy": strategy, "tokens": [
        {"name": "a", "value": "va", "weight": 2}, {"name": "b", "value": "vb"},
        {"name": "c", "value": "vc"}]}}}))
    cfg.chmod(0o600)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    outs = [tmp_path / f"picks-{i}.json" for i in range(3)]
    procs = [subprocess.Popen([sys.executable, "-m", "tests.dist.pool_worker", backend,
                               str(tmp_path / "runtime"), str(cfg), "40", str(o)],
                              env=env, cwd=ROOT, stderr=subprocess.PIPE) for o in outs]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()[-2000:]
    picks = [t for o in outs for t in json.loads(o.read_text())]
    counts = {t: picks.count(t) for t in "abc"}
    # 120 picks from one shared rotation: exact shares, as if one process had picked them
    expected = {"a": 40, "b": 40, "c": 40} if strategy == "round-robin" else \
        {"a": 60, "b": 30, "c": 30}
    assert counts == expected
    # and the per-token counters agree with what was picked
    from scout.quota.factory import make_quota
    from scout.providers.pool_config import load_pool_config
    from scout.providers.pool import POOL_STATE_NAME, TokenPool
    state = tmp_path / "runtime" / POOL_STATE_NAME
    q = make_quota(backend, tmp_path / "runtime", env={})
    pool = TokenPool(load_pool_config(cfg, {}), state, doc=q.doc("token_pool_state", state))
    toks = pool.state()["pools"]["p"]["tokens"]
    assert {t: toks[t]["requests"] for t in "abc"} == expected
    if kind == "redis":
        assert not state.exists()  # the state lives in Redis, not in the file


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_a_payer_killed_mid_call_is_in_doubt_and_its_claim_expires(kind, fake, tmp_path,
                                                                    request):
    from scout.providers.in_doubt import scan_in_doubt
    from scout.providers.journal import iter_journal

    setup_root(tmp_path, backend_url(kind, request), per_minute=6000, burst=10,
               claim_lease=1.5)
    query = "killed while paying"
    fake.slow(query, 60.0)
    first, _ = start_worker(tmp_path, fake, 0, "m0", [query])
    deadline = time.monotonic() + 30
    while not any(e.method == "POST" for e in fake.server.log):  # its request is out
        assert time.monotonic() < deadline and first.poll() is None
        time.sleep(0.05)
    # the second worker asks while the first holds the claim: it waits, it does not pay.
    # It says when its claim found the first's (--waiting), so the kill below comes
    # while it waits, however slowly a loaded machine started it
    waiting = tmp_path / "second-waits"
    second, out = start_worker(tmp_path, fake, 1, "m1", [query],
                               extra=["--waiting", str(waiting)])
    deadline = time.monotonic() + 60
    while not waiting.exists():
        assert second.poll() is None, second.communicate()[1].decode()[-2000:]
        assert time.monotonic() < deadline, "the second worker never reached the claim"
        time.sleep(0.02)
    assert len([e for e in fake.server.log if e.method == "POST"]) == 1
    first.kill()  # SIGKILL: no release, no journal line after 'sent'
    first.wait(10)
    with fake._lock:
        fake.delays.clear()
    _, err = second.communicate(timeout=60)
    assert second.returncode == 0, err.decode()[-2000:]
    assert json.loads(out.read_text())["answered"] == [[query, False]]
    lines = [e for e in iter_journal(tmp_path / "runtime") if e["adapter"] == "tavily"]
    sent = [e for e in lines if e["result"] == "sent"]
    assert [e["mission_id"] for e in sent] == ["m0", "m1"]
    # the takeover says so, and the killed payer's call is reported in doubt, not hidden
    assert sent[1]["response_summary"].get("claim_taken_over") is True
    doubt = scan_in_doubt(tmp_path / "runtime")
    assert [e["mission_id"] for e in doubt.lines] == ["m0"] and doubt.usd > 0
