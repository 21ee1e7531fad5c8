"""A whole mission with distinctive keys: no value anywhere, only names.

Tavily and Google keys come from the environment; Perplexity goes through a token pool
whose first token is refused (401) so the second answers. Everything the run leaves —
run dir, runtime/ (journal, pool state, cache), a recording — and everything it printed
is scanned for the values.
"""

from __future__ import annotations

import datetime as dt
import json
import os

import pytest
import yaml

from tests.e2e.harness import run_cli
from tests.e2e.world import PERPLEXITY_KEY, QUERY, ROOT, World
from tests.integration.helpers import find_leaks

BAD_PPLX = "pplx-revoked-token-value-0b5d21e"


def test_no_secret_value_leaves_a_trace(world: World, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    cfg_path = world.root / "config" / "adapters.yaml"
    cfg = yaml.safe_load(cfg_path.read_text())
    cfg["adapters"]["perplexity"]["credentials"] = {"pool": "perplexity"}
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    pool = world.root / "config" / "token_pool_config.json"
    pool.write_text(json.dumps({"pools": {"perplexity": {"strategy": "failover", "tokens": [
        {"name": "pplx-old", "value": "env:PPLX_OLD"},
        {"name": "pplx-new", "value": "env:PPLX_NEW"}]}}}))
    os.chmod(pool, 0o600)
    monkeypatch.setenv("PPLX_OLD", BAD_PPLX)
    monkeypatch.setenv("PPLX_NEW", PERPLEXITY_KEY)
    monkeypatch.delenv("PERPLEXITY_API_KEY")
    recording = world.tmp / "cassette"

    code = run_cli(["apply", str(ROOT / "pipelines/hotel_research.yaml"), "--query", QUERY,
                    "--mission-id", "leak", "--progress", "plain", "--record", str(recording)])
    assert code == 0
    # the recording stamps its day, so a replay runs on it (tests/e2e/test_offline_demo.py)
    manifest = json.loads((recording / "manifest.json").read_text())
    assert manifest["day"] == dt.date.today().isoformat() and manifest["links"]
    out = capsys.readouterr()
    # the pool switched tokens: names are journaled, values are not
    p3 = [e for e in world.journal() if e["phase"] == "P3" and e["adapter"] == "perplexity"]
    assert {e["token_name"] for e in p3} == {"pplx-old", "pplx-new"}
    assert p3[-1]["result"] == "ok"
    secrets = [BAD_PPLX, PERPLEXITY_KEY, *world.providers.keys.values()]
    leaks = find_leaks(secrets, [world.root / "runs", world.root / "runtime", recording],
                       stdout=out.out, stderr=out.err)
    assert leaks == {}
