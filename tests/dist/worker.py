"""One scout worker process of the tests/dist tests: the REAL providers layer
(ProviderRuntime, chain, claim, rate cap, budget, journal, cache) calling Tavily (a paid
adapter) on the local fake server, with the quota backend of the config.

    python -m tests.dist.worker ROOT MISSION_ID OUT.json [--max-cost USD]
        [--batch ID --batch-cap USD] [--ready FILE] [--waiting FILE] QUERY...

Writes {"answered": [...], "shared": n, "budget_stopped": n, "batch_stopped": n,
"errors": [...]} to OUT.json (``batch_stopped``: refusals by the batch's budget, RUN008).
The environment carries SCOUTE_TAVILY_BASE_URL, TAVILY_API_KEY (and SCOUTE_QUOTA_URL).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scout.config.loader import load_config
from scout.errors import BatchBudgetExceeded, BudgetExceeded, ScoutError
from scout.adapters.contract import SearchRequest
from scout.providers.runtime import ProviderRuntime
from scout.quota.base import BatchBudget


def _signal_waiting(rt: ProviderRuntime, path: Path) -> None:
    """Touch ``path`` each time this worker's claim finds another holder: the claim
    is the backend's answer itself (its holder), so the file says the wait has begun."""
    quota = rt.claims.quota
    inner = quota.claim

    def claim(key, owner, lease_s):  # type: ignore[no-untyped-def]
        got = inner(key, owner, lease_s)
        if got.holder is not None:
            path.touch()
        return got

    quota.claim = claim  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("mission")
    ap.add_argument("out")
    ap.add_argument("--max-cost", type=float, default=None)
    ap.add_argument("--batch", default=None)
    ap.add_argument("--batch-cap", type=float, default=None)
    ap.add_argument("--ready", default=None,
                    help="a file to create once set up, just before the first call")
    ap.add_argument("--waiting", default=None,
                    help="a file to create when a claim is found held by another worker "
                         "(this one waits for it): a test waits for this, not a sleep")
    ap.add_argument("queries", nargs="+")
    a = ap.parse_args(argv)
    root = Path(a.root)
    config = load_config(root / "config" / "adapters.yaml")
    out: dict = {"answered": [], "shared": 0, "budget_stopped": 0, "batch_stopped": 0,
                 "errors": []}
    batch = BatchBudget(a.batch, a.batch_cap) if a.batch else None
    with ProviderRuntime(config, root, a.mission, max_cost=a.max_cost, batch=batch) as rt:
        gw = rt.gateway("F1", links=["tavily"])
        if a.waiting:
            _signal_waiting(rt, Path(a.waiting))
        if a.ready:  # imports and set-up done: a test waits for every worker to be here
            Path(a.ready).touch()
        for q in a.queries:
            try:
                outcome = gw.call(SearchRequest(query=q, limit=3))
                out["answered"].append([q, outcome.from_cache])
            except BudgetExceeded as exc:
                out["budget_stopped"] += 1
                out["batch_stopped"] += isinstance(exc, BatchBudgetExceeded)
            except ScoutError as exc:
                out["errors"].append(f"{exc.code}: {exc.message}")
        out["shared"] = rt.claims.shared
    Path(a.out).write_text(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
