"""The token pool file in the seed's format ("providers") is read like scout's ("pools")."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scout.errors import ConfigError
from scout.providers.pool_config import load_pool_config, read_pool_config
from scout.providers.pool import TokenPool
from scout.providers.doctor import doctor

SECRET = "pplx-SEEDSECRET-0123456789"


def _write(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc))
    os.chmod(path, 0o600)
    return path


def test_seed_format_with_bare_values_and_objects(tmp_path: Path) -> None:
    cfg = _write(tmp_path / "token_pool_config.json", {"providers": {
        "perplexity": {"tokens": ["env:PPLX_A", {"name": "spare", "key": SECRET, "weight": 2}],
                       "strategy": "round_robin"}}})
    pools, fmt = read_pool_config(cfg, {"PPLX_A": "value-a-123"})
    assert fmt == "seed"
    pool = pools["perplexity"]
    assert pool.strategy == "round-robin"
    assert [t.name for t in pool.tokens] == ["perplexity-1", "spare"]
    assert [t.weight for t in pool.tokens] == [1, 2]
    tp = TokenPool(pools, tmp_path / "state.json")
    assert [tp.pick("perplexity").name for _ in range(2)] == ["perplexity-1", "spare"]


def test_scout_format_still_read(tmp_path: Path) -> None:
    cfg = _write(tmp_path / "p.json", {"pools": {"p": {"tokens": [{"name": "a", "value": "x" * 8}]}}})
    assert read_pool_config(cfg, {})[1] == "scout"


def test_seed_format_errors_never_echo_values(tmp_path: Path) -> None:
    cfg = _write(tmp_path / "p.json", {"providers": {"perplexity": {
        "tokens": [{"name": "bad name!", "value": SECRET}], "strategy": "fastest"}}})
    with pytest.raises(ConfigError) as err:
        load_pool_config(cfg, {})
    assert SECRET not in str(err.value) and "pools.perplexity" in str(err.value)


def test_doctor_says_which_format_it_read(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "adapters.yaml").write_text(
        "apiVersion: scout/v1\nkind: Config\nadapters:\n  duckduckgo: {type: duckduckgo}\n"
        "chains:\n  web: [duckduckgo]\n")
    _write(tmp_path / "config" / "token_pool_config.json",
           {"providers": {"perplexity": {"tokens": [SECRET], "strategy": "failover"}}})
    checks = doctor(tmp_path / "config" / "adapters.yaml", tmp_path, {})
    pool = next(c for c in checks if c.name == "token pool")
    assert pool.status == "ok", pool
    assert "seed format" in pool.detail and "perplexity (1 tokens, failover)" in pool.detail
    assert SECRET not in json.dumps([c.__dict__ for c in checks])
