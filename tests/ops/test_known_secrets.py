"""The secrets every output is scrubbed of are read once and again only when their files
or the environment change: the HTTP API and `scout mcp` ask for them on every request,
which read and validated the config and the token pool file each time (and the HTTP API's
own copy, read at start-up, never saw a token added to the pool while it ran)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scout.audit import secrets as S

TOKEN_A = "pool-SENTINEL-AAAA-7d1e5c3b9f"
TOKEN_B = "zeta-9f4b2e7c1d-OTHER-KEY-55ab"


def _pool(root: Path, *values: str) -> Path:
    path = root / "config" / "token_pool_config.json"
    path.parent.mkdir(exist_ok=True)
    tokens = [{"name": f"t{i}", "value": v} for i, v in enumerate(values)]
    path.write_text(json.dumps({"pools": {"p": {"strategy": "failover", "tokens": tokens}}}))
    path.chmod(0o600)
    return path


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var in ("SCOUTE_CONFIG", "SCOUTE_TOKEN_POOL_CONFIG", "SCOUTE_API_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_pool_file_is_read_once_until_it_changes(root, monkeypatch) -> None:
    import scout.providers.pool_config as pool_config

    reads: list[Path] = []
    real = pool_config.load_pool_config
    monkeypatch.setattr(pool_config, "load_pool_config",
                        lambda path, env=None: reads.append(Path(path)) or real(path, env))
    path = _pool(root, TOKEN_A)
    for _ in range(5):
        assert S.known_secrets(root).text(f"x {TOKEN_A} y") == "x [secret:t0] y"
    assert len(reads) == 1
    # a token added while a server runs is scrubbed from the next answer on
    _pool(root, TOKEN_A, TOKEN_B + "-longer")  # another size: seen even within one mtime tick
    assert TOKEN_B not in S.known_secrets(root).text(TOKEN_B + "-longer")
    assert len(reads) == 2
    os.utime(path, ns=(1, 1))  # same size, another mtime: read again
    S.known_secrets(root)
    assert len(reads) == 3
    path.unlink()  # gone: nothing from it is known any more
    assert S.known_secrets(root).text(TOKEN_A) == TOKEN_A


def test_the_environment_is_part_of_what_is_cached(root, monkeypatch) -> None:
    _pool(root, "env:POOL_KEY")
    monkeypatch.setenv("POOL_KEY", TOKEN_A)
    assert TOKEN_A not in S.known_secrets(root).text(TOKEN_A)
    monkeypatch.setenv("POOL_KEY", TOKEN_B)
    assert TOKEN_B not in S.known_secrets(root).text(TOKEN_B)
    monkeypatch.setenv("SCOUTE_API_TOKEN", TOKEN_A)
    assert S.known_secrets(root).text(TOKEN_A) == "[secret:SCOUTE_API_TOKEN]"


def test_a_caller_adding_to_its_scrubber_does_not_change_the_cached_one(root) -> None:
    from scout.adapters.contract import Secret

    _pool(root, TOKEN_A)
    mine = S.known_secrets(root)
    mine.add(Secret("MINE", TOKEN_B))
    assert S.known_secrets(root).text(TOKEN_B) == TOKEN_B
    assert TOKEN_A not in repr(S._cache) and TOKEN_B not in repr(S._cache)


def test_the_http_api_scrubs_a_token_added_while_it_runs(root) -> None:
    from fastapi.testclient import TestClient

    from scout.server.app import ServerSettings, create_app

    run = root / "runs" / "m1"
    run.mkdir(parents=True)
    from scout.orchestrator.state_store import SNAPSHOT_FORMAT

    (run / "phase.json").write_text(json.dumps({"format": SNAPSHOT_FORMAT, "log_offset": 0,
        "state": {"mission_id": "m1", "pipeline": "p", "status": "failed",
                  "reason": f"provider said: bad key {TOKEN_B}", "phases": {}}}))
    _pool(root, TOKEN_A)
    client = TestClient(create_app(ServerSettings(root=root, runs_dir=root / "runs")),
                        base_url="http://127.0.0.1")
    body = client.get("/api/missions/m1").text
    assert TOKEN_B in body  # not a known secret yet
    _pool(root, TOKEN_A, TOKEN_B)
    body = client.get("/api/missions/m1").text
    assert TOKEN_B not in body and "[secret:t1]" in body
