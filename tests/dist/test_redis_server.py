"""The shared helper starts a real redis-server and stops it."""

from tests.dist.redis_server import RedisServer, redis_binary

import pytest


def test_server_answers_and_stops(tmp_path):
    if redis_binary() is None:
        pytest.skip("redis-server is not installed")
    redis = pytest.importorskip("redis")
    with RedisServer.start(tmp_path) as srv:
        client = redis.Redis.from_url(srv.url)
        assert client.ping() is True
        client.set("k", "v")
        assert client.get("k") == b"v"
        client.close()
    assert srv.proc.poll() is not None
