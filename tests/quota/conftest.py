from tests.dist.redis_server import redis_server, redis_url  # noqa: F401
