"""Kill storm: SIGKILL the hotel mission at random (seeded) moments, resume, repeat until
it finishes. After every kill every artifact, phase.json, task.json and line of the state
log and the journal parses, and the mission's state loads; the finished report equals an
uninterrupted run's (apart from the cost table's cache-hit column: an answer journaled
just before a kill is answered from the cache on resume, and the report says so); and no
request whose answer was recorded is paid for (or even sent) again.

CI: at least 10 kills on an 8-hotel mission. ``--chaos-full``: at least 100 kills on a
20-hotel mission. Provider latencies are the benchmark's, ten times faster.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.chaos.conftest import check_run_dir, journal_key, journal_strict, server_hits
from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT, World, make_root

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
ARGS = ["apply", PIPELINE, "--query", QUERY, "--mission-id", "storm", "--progress", "none"]
SEED = 20260917
MAX_IN_FLIGHT = 8  # config/adapters.yaml max_workers: items one kill can leave unrecorded
#: the cost table without its cache-hit column: | adapter | calls | cache hits | ...
_COST_ROW = re.compile(r"^(\| [\w*]+ \| [^|]* \|) [^|]* (\|.*)$", re.M)


def comparable(report: str) -> str:
    """The report without what a kill may legitimately change: the cache-hit column and
    the line counting paid requests in doubt (in flight when a kill hit)."""
    report = re.sub(r"\nIn doubt: [^\n]*\n", "", report)
    head = re.search(r"^#+ Cost\n", report, re.M)  # a section or the appendix's subsection
    if head is None:
        return report
    start = head.end()
    nxt = re.search(r"^#+ ", report[start:], re.M)
    end = start + nxt.start() if nxt else len(report)
    return report[:start] + _COST_ROW.sub(r"\1 \2", report[start:end]) + report[end:]


def _log_lines(run_dir: Path) -> int:
    log = run_dir / "state.log.jsonl"
    return log.read_bytes().count(b"\n") if log.exists() else 0


def _spawn(root: Path, env: dict[str, str], out: Path) -> subprocess.Popen:
    with open(out, "ab") as f:
        return subprocess.Popen([sys.executable, "-m", "tests.e2e.harness", *ARGS], cwd=root,
                                env=env, stdout=f, stderr=subprocess.STDOUT)


def storm(world: World, root: Path, rng: random.Random, kills_wanted: int,
          env: dict[str, str], at: list[int]) -> tuple[int, int]:
    """Kill and resume until the mission finishes; returns (kills, runs). ``at`` gets the
    number of state-log lines at each kill."""
    run_dir = root / "runs" / "storm"
    out = root / "storm-output.txt"
    kills = runs = 0
    while True:
        runs += 1
        assert runs < 10 * kills_wanted + 20, "the mission never finishes under the storm"
        before = _log_lines(run_dir)
        proc = _spawn(root, env, out)
        if kills < kills_wanted:
            deadline = time.monotonic() + 60
            if rng.random() < 0.2:  # anywhere, startup included (imports, lock, preflight)
                until = time.monotonic() + rng.uniform(0.05, 1.2)
                while time.monotonic() < until and proc.poll() is None:
                    time.sleep(0.005)
            else:  # in the middle of the work: after 1-6 new state records, plus a little
                want = before + rng.randint(1, 6)
                while _log_lines(run_dir) < want and proc.poll() is None:
                    assert time.monotonic() < deadline, "no progress within 60 s"
                    time.sleep(0.002)
                time.sleep(rng.uniform(0.0, 0.03))
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
                counts = check_run_dir(run_dir)
                journal_strict(root)
                if (run_dir / "state.log.jsonl").exists():
                    from scout import api

                    api.status("storm", runs_dir=root / "runs")  # the state loads
                assert counts["log_lines"] >= before
                at.append(counts["log_lines"])
                continue
        rc = proc.wait(timeout=120)
        assert rc == 0, out.read_text()[-3000:]
        return kills, runs


@pytest.mark.timeout(900)
def test_kill_storm(make_world, chaos_full: bool, tmp_path: Path,
                    monkeypatch: pytest.MonkeyPatch) -> None:
    kills_wanted = 100 if chaos_full else 10
    world = make_world(hotels=20 if chaos_full else 8, latency_scale=0.1)

    # the reference: the same mission, uninterrupted, on its own root
    assert run_cli(ARGS) == 0
    reference = comparable((world.run_dir("storm") / "report.md").read_text())

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(SEED)
    total_kills, storms = 0, 0
    while total_kills < kills_wanted:  # a storm that finishes early is followed by another
        storms += 1
        root = tmp_path / f"storm{storms}"
        make_root(root)
        env["SCOUTE_RESEARCH_ROOT"] = str(root)
        monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(root))
        t0 = time.time()
        at: list[int] = []
        kills, runs = storm(world, root, rng, kills_wanted - total_kills, env, at)
        total_kills += kills

        # the finished report is the uninterrupted run's
        report = (root / "runs" / "storm" / "report.md").read_text()
        if comparable(report) != reference:
            import difflib

            diff = "\n".join(difflib.unified_diff(reference.splitlines(),
                                                   comparable(report).splitlines(),
                                                   "uninterrupted", "storm", lineterm=""))
            raise AssertionError(f"storm {storms}: the report differs\n{diff[:4000]}")
        journal = journal_strict(root)
        # a cache hit is an answer a killed run got and cached before its item reached
        # the state log: each one follows that request's paid line, and one kill can
        # strand at most the items in flight (max_workers: 8 in the shipped config)
        hits = [e for e in journal if e["result"] == "cache_hit"]
        cache_hits = len(hits)
        assert cache_hits <= kills * MAX_IN_FLIGHT, (cache_hits, kills)
        sent_at: dict[tuple[str, str], str] = {}  # the first answered call per request
        for e in journal:
            if e["result"] == "ok":
                sent_at.setdefault((e["adapter"], journal_key(e)), e["ts"])
        unfilled = [(e["adapter"], journal_key(e)) for e in hits
                    if (e["adapter"], journal_key(e)) not in sent_at
                    or sent_at[(e["adapter"], journal_key(e))] > e["ts"]]
        assert not unfilled, f"answered from a cache no earlier call filled: {unfilled[:5]}"

        # nothing recorded is paid twice: one paid 'ok' line per request...
        paid = Counter((e["phase"], e["adapter"], json.dumps(e["request"], sort_keys=True))
                       for e in journal if e["result"] == "ok" and e["cost"]["usd"] > 0)
        assert all(n == 1 for n in paid.values()), [k for k, n in paid.items() if n > 1]
        # ... and once an answer is in the journal, the server never sees that request again
        recorded: dict[tuple[str, str], float] = {}
        for e in journal:
            if e["result"] == "ok" and e["adapter"] in ("tavily", "page", "perplexity"):
                ts = dt.datetime.fromisoformat(e["ts"].replace("Z", "+00:00")).timestamp()
                recorded.setdefault((e["adapter"], journal_key(e)), ts)
        again = [(h.adapter, h.key) for h in server_hits(world.server, since=t0)
                 if (h.adapter, h.key) in recorded
                 and h.entry.at > recorded[(h.adapter, h.key)] + 0.5]
        assert not again, f"asked again after the answer was recorded: {again[:5]}"
        print(f"storm {storms}: {kills} kills in {runs} runs (state-log lines at each kill: "
              f"{at}; {_log_lines(root / 'runs' / 'storm')} at the end), "
              f"{cache_hits} cache hits")
    assert total_kills >= kills_wanted
