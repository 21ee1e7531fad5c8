"""The local backend with several real ``scout apply`` processes: two missions asking the
same research at the same moment, in one research root (runtime/quota.sqlite3 shared),
against the fake provider world of tests/e2e (real adapters, real pipeline)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter

import pytest

from tests.chaos.conftest import journal_strict, make_world, server_hits  # noqa: F401
from tests.dist.test_shared_quota import worst_excess
from tests.e2e.world import QUERY, ROOT

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")


def spawn(root, mission: str, extra_env: dict[str, str] | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(extra_env or {})}
    return subprocess.Popen([sys.executable, "-m", "tests.e2e.harness", "apply", PIPELINE,
                             "--query", QUERY, "--mission-id", mission, "--progress", "none"],
                            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


@pytest.mark.timeout(240)
def test_two_applies_share_the_cap_and_pay_each_request_once(make_world):  # noqa: F811
    # a cap the three processes must share (the world lifts the shipped ones for speed)
    world = make_world(hotels=6, latency_scale=0.3,
                       adapters={"tavily": {"rate": {"per_minute": 240, "burst": 2}}})
    t0 = time.time()
    procs = {m: spawn(world.root, m) for m in ("m-a", "m-b", "m-c")}
    for m, p in procs.items():
        _, err = p.communicate(timeout=200)
        assert p.returncode == 0, (m, err[-2000:])
    assert (world.root / "runtime" / "quota.sqlite3").is_file() or os.environ.get("SCOUTE_QUOTA_URL")

    hits = [h for h in server_hits(world.server, since=t0)]
    paid = [h for h in hits if h.adapter in ("tavily", "perplexity") and h.outcome == "ok"]
    assert paid, "the world's paid providers were not used"
    twice = {k: n for k, n in Counter((h.adapter, h.key) for h in paid).items() if n > 1}
    assert twice == {}, f"paid more than once: {twice}"

    journal = journal_strict(world.root)
    assert {e["mission_id"] for e in journal} >= {"m-a", "m-b", "m-c"}
    shared = [e for e in journal if e["result"] == "cache_hit" and e["adapter"] == "tavily"]
    assert {e["mission_id"] for e in shared} & {"m-a", "m-b", "m-c"}  # answered by another
    # every paid 'ok' has its 'sent' (nothing in doubt), one per server request
    sent = [e for e in journal if e["result"] == "sent"
            and e["adapter"] in ("tavily", "perplexity")]
    oks = [e for e in journal if e["result"] == "ok" and e["adapter"] in ("tavily", "perplexity")]
    assert len(sent) == len(oks) == len(paid)

    # Tavily's cap held across the three processes
    times = sorted(h.entry.at for h in hits if h.adapter == "tavily")
    assert len(times) >= 4
    assert worst_excess(times, 240, 2) <= 1.0, times
