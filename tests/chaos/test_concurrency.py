"""Concurrency: two ``scout apply`` on one mission (the second refuses, clearly, and
harms nothing), and two missions at once sharing the journal, the cache folder and the
token pool state (nothing lost, nothing torn, every counter adds up)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.chaos.conftest import check_run_dir, journal_strict, server_hits
from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT
from tests.fakes.server import Fault

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


def args(mission: str, *extra: str) -> list[str]:
    return ["apply", PIPELINE, "--query", QUERY, "--mission-id", mission, "--progress",
            "none", *extra]


def spawn(root: Path, mission: str, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tests.e2e.harness", *args(mission, *extra)],
                            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


@pytest.mark.timeout(180)
def test_second_apply_on_one_mission_refuses_clearly(make_world, capsys) -> None:
    world = make_world(hotels=4, latency_scale=0.5)  # ~3 s: Perplexity alone takes 2 s
    run_dir = world.run_dir("shared")
    first = spawn(world.root, "shared")
    deadline = time.monotonic() + 60
    while not ((run_dir / "lock.json").exists() and (run_dir / "state.log.jsonl").exists()):
        assert first.poll() is None, first.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    capsys.readouterr()
    assert run_cli(args("shared")) == 2
    err = capsys.readouterr().err
    assert "RUN003" in err and str(first.pid) in err, err
    assert "Traceback" not in err
    out, errs = first.communicate(timeout=120)
    assert first.returncode == 0, errs
    check_run_dir(run_dir)
    lines = len(journal_strict(world.root))
    # once the first is done, applying again reuses everything and pays nothing: its
    # only lines are the preflight's notes on links this world leaves unconfigured
    assert run_cli(args("shared")) == 0
    again = journal_strict(world.root)[lines:]
    assert [e for e in again if e["result"] != "skipped"] == []
    assert all(e["cost"]["usd"] == 0 for e in again)


def _held(fn, gate: threading.Event):
    """``fn``'s latency, after ``gate`` opens (at most 150 s: the test fails, not hangs)."""
    def latency(req):
        gate.wait(150)
        return fn(req)
    return latency


def _tavily_senders(root: Path) -> set[str]:
    """The missions that have sent Tavily a request so far: a paid request's "sent" line is
    written before it leaves (a line being written is skipped)."""
    seen: set[str] = set()
    for path in sorted((root / "runtime").glob("request_journal*.jsonl*")):
        for raw in path.read_bytes().splitlines():
            try:
                line = json.loads(raw)
                if line["adapter"] == "tavily" and line["result"] == "sent":
                    seen.add(line["mission_id"])
            except (ValueError, KeyError, TypeError):
                continue
    return seen


@pytest.mark.timeout(240)
def test_two_missions_share_journal_cache_and_token_pool(make_world,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    world = make_world(hotels=8, latency_scale=0.2,
                       adapters={"tavily": {"credentials": {"pool": "tavily"}}})
    key = world.providers.keys["tavily"]
    monkeypatch.setenv("TAVILY_KEY_A", key)
    monkeypatch.setenv("TAVILY_KEY_B", key)
    pool_cfg = world.root / "config" / "token_pool_config.json"
    pool_cfg.write_text(json.dumps({"pools": {"tavily": {
        "strategy": "round-robin", "error_cooldown": "1s",
        "tokens": [{"name": "tvly-a", "value": "env:TAVILY_KEY_A"},
                   {"name": "tvly-b", "value": "env:TAVILY_KEY_B"}]}}}))
    os.chmod(pool_cfg, 0o600)
    # some Tavily answers fail, so tokens are marked and rotated while both missions run
    world.server.fault_rate(0.15, [Fault.status(500, {"error": "x"}).only("/search")],
                            seed=5)
    # Tavily answers nobody until both missions have a Tavily request in flight: they then
    # use the pool together by construction. Started together and left to the scheduler,
    # one of them could be done with its searches before the other's reached the pool on a
    # loaded machine (a gate on any journal line opened on the preflight's notes, and one
    # mission then made 16 tries against the other's 1)
    both_started = threading.Event()
    with world.server.lock:
        world.server.latencies = [
            (method, prefix, _held(fn, both_started) if (method, prefix) == ("POST", "/search")
             else fn) for method, prefix, fn in world.server.latencies]
    t0 = time.time()
    procs = {m: spawn(world.root, m, "--no-cache") for m in ("m-a", "m-b")}
    deadline, seen = time.monotonic() + 120, set()
    while not both_started.is_set():
        seen = _tavily_senders(world.root)
        if set(procs) <= seen or time.monotonic() > deadline \
                or any(p.poll() is not None for p in procs.values()):
            both_started.set()
        time.sleep(0.05)
    for m, p in procs.items():
        out, err = p.communicate(timeout=150)
        assert p.returncode == 0, (m, err[-2000:])
    assert seen == set(procs), seen  # the gate opened on both, not on the deadline

    journal = journal_strict(world.root)  # no torn or interleaved line
    assert {e["mission_id"] for e in journal} == {"m-a", "m-b"}
    # a try is a line that sent a request; "no token left" (pool_exhausted) sends none
    tavily = [e for e in journal if e["adapter"] == "tavily"
              and e["result"] in ("ok", "retry", "error", "token_rotated")
              and (e.get("error") or {}).get("kind") != "pool_exhausted"]
    by_mission = Counter(e["mission_id"] for e in tavily)
    said = Counter((e["mission_id"], e["result"], (e.get("error") or {}).get("kind"))
                   for e in journal if e["adapter"] == "tavily")
    assert by_mission["m-a"] >= 5 and by_mission["m-b"] >= 5, said  # both used the pool
    # the missions really overlapped
    spans = {m: [e["ts"] for e in journal if e["mission_id"] == m] for m in procs}
    assert min(spans["m-a"]) < max(spans["m-b"]) and min(spans["m-b"]) < max(spans["m-a"])

    # every Tavily try is one journal line, one server request and one pool count
    server = [h for h in server_hits(world.server, since=t0) if h.adapter == "tavily"]
    assert len(server) == len(tavily)
    state = json.loads((world.root / "runtime" / "token_pool_state.json").read_text())
    tokens = state["pools"]["tavily"]["tokens"]
    per_token = Counter(e["token_name"] for e in tavily)
    assert set(per_token) == {"tvly-a", "tvly-b"}
    assert {n: t["requests"] for n, t in tokens.items()} == dict(per_token)
    assert key not in (world.root / "runtime" / "token_pool_state.json").read_text()
    for m in procs:
        st = json.loads((world.run_dir(m) / "phase.json").read_text())["state"]
        assert st["status"] in ("succeeded", "succeeded_partial")
        assert (world.run_dir(m) / "report.md").exists()
