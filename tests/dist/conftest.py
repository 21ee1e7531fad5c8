"""tests/dist: several processes sharing one quota backend (real redis-server, SQLite)."""

from tests.dist.redis_server import redis_server, redis_url  # noqa: F401
