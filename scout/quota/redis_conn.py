"""One Redis connection pool per URL per process, shared by every client scout makes.

Each mission of a batch builds a quota backend, asks Redis once before it runs (CFG041)
and takes its lease: three ``redis.Redis`` clients. A client made with ``from_url`` owns
a pool of its own, so each of them opened a new TCP connection, and redis-py reads its
own package metadata for every new connection (``importlib.metadata``: ~3 ms of CPU):
about a sixth of a small mission's CPU on a Dask worker. Clients made here share a
process-wide client (and its ``ConnectionPool``) per (URL, timeouts) instead: the
connections stay open between missions, and ``close()`` on it closes nothing (redis-py
closes only a pool that the client made itself; this one is given its pool). A
``redis.Redis`` holds no per-caller state (scripts registered on it are objects of
their own), so every caller may share it.

The pools are thread-safe (redis-py locks them) and fork-safe (a pool used in a child
process drops the parent's connections first). Nothing here connects: the first command
does, so building a client still needs no server.
"""

from __future__ import annotations

import threading
from typing import Any

_clients: dict[tuple[str, float, float], Any] = {}
_lock = threading.Lock()


def shared_client(url: str, *, socket_timeout: float, socket_connect_timeout: float) -> Any:
    """This process's ``redis.Redis`` for ``url`` (made on first use)."""
    import redis

    key = (url, float(socket_timeout), float(socket_connect_timeout))
    with _lock:
        client = _clients.get(key)
        if client is None:
            pool = redis.ConnectionPool.from_url(
                url, socket_timeout=socket_timeout,
                socket_connect_timeout=socket_connect_timeout)
            client = _clients[key] = redis.Redis(connection_pool=pool)
    return client


def reset_pools() -> None:
    """Close every shared pool (tests that stop a server and start another on its port)."""
    with _lock:
        clients = list(_clients.values())
        _clients.clear()
    for client in clients:
        client.connection_pool.disconnect()
