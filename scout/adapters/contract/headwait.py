"""A bound on the wait for a response's head: its status line and headers, in all.

httpx's timeouts are per network operation. A server that drips its status line and
headers one byte a second answers every read in time, and h11 waits for up to 64 KB of
them: one call held a mission for hours (the body has its own bound, read_body's
deadline). :func:`head_deadline` sets, for the calls made inside it on this thread, a
time by which every read of the socket must be done; :func:`bound_client` makes a
client's transports (its own and any proxy's) honour it, by wrapping the network
backend httpcore reads sockets through. Past the time a read raises httpcore's
``ReadTimeout``, which httpx and :func:`scout.adapters.contract.http.mapped` turn into
``Unavailable`` ("timed out"), as any other timeout.

The backend is reached through httpcore's private ``_pool._network_backend`` (httpcore
1.x). Should a later httpcore keep it elsewhere, the bound still holds, more coarsely
(:data:`fallback`, logged once): :func:`head_deadline` then also watches the sockets
connected inside it (:class:`~scout.adapters.contract.sockdeadline.ExchangeDeadline`)
and shuts them down when the time is up, and :func:`bound_client` asks servers to close
each connection after its answer (``Connection: close``), so that every request's head
is read on a socket connected inside its own deadline. Slower (no connection reuse),
never unbounded.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import ssl
import time
import typing
from collections.abc import Iterable, Iterator

import httpcore
import httpx

from scout.adapters.contract.sockdeadline import ExchangeDeadline

log = logging.getLogger(__name__)

#: where httpcore 1.x's connection pool keeps the backend its sockets are made by
BACKEND_ATTR = "_network_backend"
#: True once a transport's backend could not be wrapped (httpcore moved it): heads are
#: then bounded by :class:`ExchangeDeadline` and connections are not reused
fallback = False

#: the monotonic time by which a read must be done; None: no deadline (the body's reads,
#: bounded by read_body, and anything outside head_deadline)
_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "scout_head_deadline", default=None)


@contextlib.contextmanager
def head_deadline(seconds: float | None) -> Iterator[None]:
    """Every socket read inside the block ends by ``seconds`` from now (None: unbounded)."""
    token = _DEADLINE.set(None if seconds is None else time.monotonic() + seconds)
    try:
        if seconds is None or not fallback:
            yield
            return
        with ExchangeDeadline(seconds) as watch:
            try:
                yield
            except (httpx.HTTPError, httpcore.NetworkError, httpcore.ProtocolError) as exc:
                if not watch.expired:
                    raise
                # the shut-down socket reads as the server hanging up: it is the timeout
                raise httpx.ReadTimeout("the response's head did not arrive in time") \
                    from exc
    finally:
        _DEADLINE.reset(token)


def head_seconds(client: httpx.Client) -> float:
    """The longest a well-behaved server takes to answer a request's head on ``client``:
    its connect timeout, then its read timeout for the first byte (a chat model may
    think that long), and once more for a pool's wait and the TLS handshake."""
    t = client.timeout
    parts = [t.connect, t.read, t.pool]
    return sum(p for p in parts if p is not None) or 60.0


def _remaining(timeout: float | None) -> float | None:
    deadline = _DEADLINE.get()
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise httpcore.ReadTimeout("the response's head did not arrive in time")
    return left if timeout is None else min(timeout, left)


class _BoundStream(httpcore.NetworkStream):
    """A socket stream whose reads and TLS handshakes end by the current deadline."""

    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _remaining(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _remaining(timeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        return _BoundStream(self._inner.start_tls(ssl_context, server_hostname,
                                                  _remaining(timeout)))

    def get_extra_info(self, info: str) -> typing.Any:
        return self._inner.get_extra_info(info)


class _BoundBackend(httpcore.NetworkBackend):
    """httpcore's backend, its streams wrapped in :class:`_BoundStream`."""

    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner

    def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                    local_address: str | None = None,
                    socket_options: Iterable[typing.Any] | None = None
                    ) -> httpcore.NetworkStream:
        return _BoundStream(self._inner.connect_tcp(
            host, port, _remaining(timeout), local_address, socket_options))

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: Iterable[typing.Any] | None = None
                            ) -> httpcore.NetworkStream:
        return _BoundStream(self._inner.connect_unix_socket(path, _remaining(timeout),
                                                            socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def bound_transport(transport: httpx.BaseTransport | None) -> None:
    """Make an httpx ``HTTPTransport`` read through :class:`_BoundBackend` (in place).
    Other transports (a test's MockTransport, the replay's) read no socket: left alone.
    httpcore keeps the backend in its pool's ``_network_backend`` (httpcore 1.x); where
    it does not, the :data:`fallback` bounds the head instead (see the module's note)."""
    global fallback
    if not isinstance(transport, httpx.HTTPTransport):
        return
    pool = getattr(transport, "_pool", None)
    backend = getattr(pool, BACKEND_ATTR, None)
    if isinstance(backend, _BoundBackend):
        return
    if isinstance(backend, httpcore.NetworkBackend):
        setattr(pool, BACKEND_ATTR, _BoundBackend(backend))
        return
    if not fallback:
        log.warning("httpcore %s keeps no network backend at _pool.%s: a response's head "
                    "is bounded by shutting its connection down instead, and connections "
                    "are not reused", getattr(httpcore, "__version__", "?"), BACKEND_ATTR)
    fallback = True


def bound_client(client: httpx.Client) -> httpx.Client:
    """``client`` with its transport and its proxies' transports bounded (in place)."""
    bound_transport(client._transport)  # noqa: SLF001
    for mounted in client._mounts.values():  # noqa: SLF001  # env proxies
        bound_transport(mounted)
    if fallback:
        client.headers["Connection"] = "close"  # each head on a socket its deadline saw
    return client
