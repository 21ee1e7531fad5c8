"""A runs dir and a journal made by REAL missions on the fake provider server.

Once per session (about 3 s): the e2e world (tests/e2e/world.py) with two changes —
Tavily's key is a distinctive value, and Perplexity goes through a token pool (strategy
failover: ``pplx-main`` is a literal value the fake rejects with 401, ``pplx-spare``
comes from the environment and is accepted) — and the journal rotating every 8 kB
(SCOUTE_JOURNAL_MAX_BYTES). Two missions run through the real CLI (``run_cli``):

* ``bcn``: everything answers; Perplexity rotates from pplx-main to pplx-spare;
* ``bcn-degraded`` (``--no-cache``): Tavily answers 500 to everything, so every Tavily
  try is journaled as a retry then an error, and DuckDuckGo answers instead.

The environment and cwd are restored before the tests run; ``ops_env`` applies them per
test. Tests that write (replay, torn lines) work on a copy (``ops_copy``).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.e2e.harness import run_cli
from tests.e2e.world import QUERY, ROOT, World, build_world
from tests.fakes.server import FakeServer

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
TAVILY_VALUE = "tvly-OPS-SENTINEL-3b7e91c4d2a8"
PPLX_MAIN = "pplx-OPS-SENTINEL-MAIN-6f0d2c9a41"  # literal in the pool file; rejected (401)
PPLX_SPARE = "pplx-OPS-SENTINEL-SPARE-8e5b17d3c0"  # env:OPS_PPLX_SPARE; accepted
API_TOKEN = "api-OPS-SENTINEL-TOKEN-5c2e8f1a9b7d"
SECRETS = (TAVILY_VALUE, PPLX_MAIN, PPLX_SPARE, API_TOKEN)
MAX_BYTES = "8000"
_CLEARED = ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
            "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR",
            "SCOUTE_TOKEN_POOL_CONFIG", "SCOUTE_API_TOKEN")


@dataclass
class OpsWorld:
    world: World
    env: dict[str, str]
    exit_codes: tuple[int, int]

    @property
    def root(self) -> Path:
        return self.world.root

    @property
    def runtime(self) -> Path:
        return self.world.root / "runtime"

    def raw_lines(self, runtime: Path | None = None) -> list[tuple[str, int, bytes]]:
        """(file name, line number, raw bytes) of every journal line, read here directly."""
        from scout.providers.journal import journal_files

        out = []
        for path in journal_files(runtime or self.runtime):
            for n, raw in enumerate(path.read_bytes().split(b"\n")[:-1], 1):
                out.append((path.name, n, raw))
        return out

    def entries(self, runtime: Path | None = None) -> list[dict[str, Any]]:
        """Every parseable line with the id computed here (blake2b, 8 bytes)."""
        import hashlib

        out = []
        for name, n, raw in self.raw_lines(runtime):
            try:
                data = json.loads(raw)
            except ValueError:
                continue
            out.append({"id": hashlib.blake2b(raw, digest_size=8).hexdigest(), "file": name,
                        "line": n, **data})
        return out


def _setup(w: World) -> dict[str, str]:
    w.providers.keys["tavily"] = TAVILY_VALUE
    cfg_path = w.root / "config" / "adapters.yaml"
    cfg = yaml.safe_load(cfg_path.read_text())
    cfg["adapters"]["perplexity"]["credentials"] = {"pool": "perplexity"}
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    pool = w.root / "config" / "token_pool_config.json"
    pool.write_text(json.dumps({"pools": {"perplexity": {
        "strategy": "failover", "tokens": [
            {"name": "pplx-main", "value": PPLX_MAIN},
            {"name": "pplx-spare", "value": "env:OPS_PPLX_SPARE"}]}}}))
    os.chmod(pool, 0o600)
    w.perplexity_keys.clear()
    w.perplexity_keys[PPLX_SPARE] = "pplx-spare"
    env = dict(w.env(perplexity=False))
    env.update({"OPS_PPLX_SPARE": PPLX_SPARE, "SCOUTE_JOURNAL_MAX_BYTES": MAX_BYTES})
    return env


def apply_env(mp: pytest.MonkeyPatch, env: dict[str, str], cwd: Path) -> None:
    for key in _CLEARED:
        mp.delenv(key, raising=False)
    for k, v in env.items():
        mp.setenv(k, v)
    mp.chdir(cwd)


@pytest.fixture(scope="session")
def ops_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpsWorld]:
    tmp = tmp_path_factory.mktemp("ops")
    with FakeServer() as srv:
        w = build_world(tmp, srv)
        env = _setup(w)
        with pytest.MonkeyPatch.context() as mp:
            apply_env(mp, env, w.root)
            base = ["apply", PIPELINE, "--query", QUERY, "--progress", "none"]
            rc1 = run_cli([*base, "--mission-id", "bcn"])
            w.providers.fail("tavily", 500, times=1000)
            rc2 = run_cli([*base, "--mission-id", "bcn-degraded", "--no-cache"])
            w.providers.failures.clear()
        yield OpsWorld(w, env, (rc1, rc2))


@pytest.fixture
def ops_env(ops_world: OpsWorld, monkeypatch: pytest.MonkeyPatch) -> OpsWorld:
    """The session's world, with its environment applied for this test."""
    apply_env(monkeypatch, ops_world.env, ops_world.root)
    return ops_world


@pytest.fixture
def ops_copy(ops_world: OpsWorld, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the research root (config, runtime, runs), env pointed at it."""
    root = tmp_path / "root"
    shutil.copytree(ops_world.root, root, symlinks=True)
    env = dict(ops_world.env, SCOUTE_RESEARCH_ROOT=str(root))
    apply_env(monkeypatch, env, root)
    return root
