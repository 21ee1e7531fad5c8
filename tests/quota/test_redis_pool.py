"""The token pool on the redis backend runs each operation as one Lua script, with the
same rules as the file-backed pool: the same picks, counters and rests, step by step,
for every strategy (a real redis-server)."""

from __future__ import annotations

import json
import threading

import pytest

from scout.errors import PoolExhausted
from scout.providers.pool_config import load_pool_config
from scout.providers.pool import TokenPool
from tests.dist.redis_server import redis_server, redis_url  # noqa: F401


class Clock:
    def __init__(self) -> None:
        self.t = 1_764_000_000.25

    def __call__(self) -> float:
        return self.t


def pools(tmp_path, strategy: str):
    cfg = tmp_path / f"pool-{strategy}.json"
    cfg.write_text(json.dumps({"pools": {"p": {
        "strategy": strategy, "quota_cooldown": "10s", "error_cooldown": "5s",
        "tokens": [{"name": "a", "value": "sk-alpha-7f3e91", "weight": 3},
                   {"name": "b", "value": "sk-bravo-2c8d44", "weight": 2},
                   {"name": "c", "value": "env:UNSET_TOKEN_VAR", "weight": 1},
                   {"name": "d", "value": "sk-delta-5b1a07", "weight": 1}]}}}))
    cfg.chmod(0o600)
    return load_pool_config(cfg, {})


@pytest.fixture
def both(tmp_path, redis_url):  # noqa: F811
    from scout.quota.redis import RedisQuota

    q = RedisQuota(redis_url)
    q.client.flushdb()

    def make(strategy: str):
        clock = Clock()
        defs = pools(tmp_path, strategy)
        file_pool = TokenPool(defs, tmp_path / f"{strategy}.json", clock=clock, durable=False)
        red = TokenPool(defs, tmp_path / f"{strategy}-r.json", clock=clock,
                        doc=q.doc(f"state-{strategy}", tmp_path / "unused.json"))
        return file_pool, red, clock

    yield make
    q.close()


def script(pool: TokenPool, clock: Clock) -> list[str]:
    """Picks with a retry, a success, a quota failure and an error that rest tokens, time
    passing so that rested tokens come back, and exhaustion."""
    seen = []
    for i in range(14):
        clock.t += 0.5
        try:
            lease = pool.pick("p", exclude={"d"} if i == 9 else None)
        except PoolExhausted:
            seen.append("exhausted")
            continue
        seen.append(lease.name)
        if i == 2:
            pool.attempt(lease)
            pool.succeeded(lease)
        if i == 4:
            pool.failed(lease, "rate_limited", "429 from the provider", "quota_exhausted")
        if i == 6:
            pool.failed(lease, "unavailable", "503", "error")
        if i == 7:
            pool.failed(lease, "parse", "odd body", None)
    clock.t += 11  # every rest is over
    seen.append(pool.pick("p").name)
    return seen


@pytest.mark.parametrize("strategy", ["round-robin", "weighted-round-robin", "least-used",
                                      "failover"])
def test_redis_lua_pool_matches_the_file_pool(both, strategy):
    file_pool, red, clock = both(strategy)
    t0 = clock.t
    want = script(file_pool, clock)
    clock.t = t0
    got = script(red, clock)
    assert got == want
    fs, rs = file_pool.state()["pools"]["p"], red.state()["pools"]["p"]
    assert rs["cursor"] == fs["cursor"]
    for name in "abcd":
        f, r = fs["tokens"][name], rs["tokens"][name]
        for field in ("status", "requests", "errors", "current_weight"):
            assert r[field] == f[field], (name, field)
        for field in ("until", "last_used", "last_success"):
            assert (r[field] is None) == (f[field] is None)
            if f[field] is not None:
                assert abs(r[field] - f[field]) < 1e-3
        assert (r["last_error"] or {}).get("kind") == (f["last_error"] or {}).get("kind")
    assert not any(v in json.dumps(rs) for v in ("sk-alpha", "sk-bravo", "sk-delta"))


def test_redis_pool_never_swaps_the_document_and_threads_agree(both, monkeypatch):
    from scout.quota.redis import RedisDoc

    _, red, _ = both("round-robin")

    def no_cas(self, fn):
        raise AssertionError("the pool must not read-modify-write the document")

    monkeypatch.setattr(RedisDoc, "update", no_cas)
    picks: list[str] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(30):
            name = red.pick("p").name
            with lock:
                picks.append(name)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # 120 picks of one rotation over a, b, d (c has no value): exact thirds
    assert {n: picks.count(n) for n in "abd"} == {"a": 40, "b": 40, "d": 40}
    assert red.state()["pools"]["p"]["tokens"]["a"]["requests"] == 40
