"""One Redis connection pool per URL per process (real redis-server): a batch's missions
each build a quota backend, ping it and take a lease, and none of that opens a new
connection once the process has one; closing a client leaves the others working."""

from __future__ import annotations

from scout.orchestrator.lease import RedisLease
from scout.quota.redis import RedisQuota
from scout.quota.redis_conn import reset_pools, shared_client


def _received(url: str) -> int:
    import redis

    probe = redis.Redis.from_url(url)  # its own connection, counted once
    try:
        return int(probe.info("stats")["total_connections_received"])
    finally:
        probe.close()


def test_missions_reuse_the_process_connections(redis_url: str) -> None:
    reset_pools()
    url = redis_url.rstrip("/").rsplit("/", 1)[0] + "/7"
    warm = RedisQuota(url)
    warm.ping()
    warm.close()
    before = _received(url)
    for i in range(20):  # what each mission does: check, lease, quota, close
        quota = RedisQuota(url, timeout_s=5.0)
        quota.ping()
        lease = RedisLease(url, f"m{i}").acquire()
        quota.cooldown_left("tavily")
        lease.release()
        quota.close()
    # one more for the second probe; the missions opened none (before: 2 per mission)
    assert _received(url) - before <= 2
    assert shared_client(url, socket_timeout=5.0, socket_connect_timeout=5.0) is \
        RedisQuota(url).client


def test_a_closed_client_leaves_the_pool_usable(redis_url: str) -> None:
    reset_pools()
    a, b = RedisQuota(redis_url), RedisQuota(redis_url)
    a.ping()
    a.close()
    b.ping()  # still answers after the other closed
    lease = RedisLease(redis_url, "shared-pool").acquire()
    lease.release()  # closes its client: the quota's, the same one, still answers
    assert b.cooldown_left("tavily") == 0.0
    reset_pools()  # a server restarted on another port: new clients, nothing stale
    RedisQuota(redis_url).ping()
