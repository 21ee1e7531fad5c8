"""The mission lock as a Redis lease (real redis-server): one holder at a time, renewed
while held, released only by its holder, expires when the holder dies; an apply under
the Redis quota backend takes it, and a second apply of the mission is refused."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from scout.errors import ConfigError, MissionLocked
from scout.orchestrator.lease import RedisLease, quota_url
from scout.orchestrator.locks import mission_lock


def test_lease_one_holder_renew_release(redis_url: str) -> None:
    import redis

    # a held lease's ttl is long (a loaded machine must not let it run out between two
    # lines); that a renewal extends it is read in Redis, not waited out
    r = redis.Redis.from_url(redis_url)
    a = RedisLease(redis_url, "m1", ttl_ms=60_000).acquire()
    with pytest.raises(MissionLocked) as exc:
        RedisLease(redis_url, "m1", ttl_ms=60_000).acquire()
    assert "pid" in exc.value.message and exc.value.code == "RUN003"
    r.pexpire("scout:lease:mission:m1", 20_000)  # as if two thirds of the ttl had passed
    assert a.renew()
    assert r.pttl("scout:lease:mission:m1") > 50_000  # extended to a whole ttl again
    with pytest.raises(MissionLocked):
        RedisLease(redis_url, "m1", ttl_ms=60_000).acquire()
    # another holder's release never deletes it (the Lua check)
    other = RedisLease(redis_url, "m1")
    other._value = "not-ours"  # noqa: SLF001
    other.release()
    assert r.exists("scout:lease:mission:m1")
    a.release()
    assert not r.exists("scout:lease:mission:m1")
    # a holder that stops renewing (died) loses it after its ttl
    dead = RedisLease(redis_url, "m2", ttl_ms=150).acquire()
    time.sleep(0.3)
    nxt = RedisLease(redis_url, "m2", ttl_ms=150).acquire()
    assert not dead.renew() and dead.lost.is_set()
    nxt.release()
    r.close()


def test_unreachable_redis_is_a_clear_config_error() -> None:
    import socket

    from tests.ports import closed_port

    pytest.importorskip("redis")
    with closed_port() as port, pytest.raises(ConfigError) as exc:
        RedisLease(f"redis://user:secretpw@127.0.0.1:{port}/0", "m1").acquire()
    assert exc.value.code == "CFG054" and "secretpw" not in exc.value.message
    assert exc.value.exit_code == 3


def test_apply_under_redis_backend_holds_the_lease(redis_url: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import redis

    from tests.dist.cluster import apply, config, pipeline

    monkeypatch.setenv("SCOUTE_QUOTA_URL", redis_url)
    assert quota_url(None) == redis_url
    config(tmp_path, "{kind: local}")
    p = pipeline(tmp_path, """
        phases:
          L: {uses: STEPS:items, with: {n: 2}, produces: [things]}
    """)
    r = redis.Redis.from_url(redis_url)
    held = mission_lock(tmp_path / "runs" / "m1", "m1").acquire()  # another apply
    assert held.lease is not None
    try:
        with pytest.raises(MissionLocked):
            apply(tmp_path, p, providers=False)
    finally:
        held.release()
    assert apply(tmp_path, p, providers=False).exit_code == 0
    assert not r.exists("scout:lease:mission:m1")  # released at the end
    monkeypatch.delenv("SCOUTE_QUOTA_URL")
    assert mission_lock(tmp_path / "runs" / "m1", "m1").lease is None  # flock by default
    r.close()
