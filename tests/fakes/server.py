"""A real HTTP server on 127.0.0.1 for end-to-end tests, with fault injection.

Tests register handlers per (method, path prefix) and may queue faults that the next
matching requests receive instead of the handler's answer:

    with FakeServer() as srv:
        srv.route("GET", "/lite/", lambda req: Reply(200, html, "text/html"))
        srv.fault("/lite/", Fault.status(429, headers={"Retry-After": "1"}))
        srv.fault("/lite/", Fault.timeout(2.0))       # hold the answer (see below)
        os.environ["SCOUTE_DUCKDUCKGO_BASE_URL"] = srv.url

A timeout fault holds its answer until the client hangs up (its own timeout fired) or
the fault's delay passes, whichever comes first: the client's timeout decides, and a
test pays for it only as long as that timeout, however long the delay.

The listening socket's backlog is large (``REQUEST_QUEUE``): twenty clients connecting
at once must queue, not have their SYNs dropped while the accept thread waits for the
GIL (a dropped SYN is retried after 1 s: a connect timeout the server never logs).

Every request is logged (``srv.log``) with the fault that was served, so tests can
compare what scout journaled with what the server really did.

Latency: ``srv.latency("GET", "/lite", fn)`` makes every matching request wait
``fn(req)`` seconds before it is answered (benchmarks draw it from a seeded
distribution). Each log entry records the delay it was given (``delay``) and the time
the server spent on it, from the request read to the last byte written (``served_s``).
"""

from __future__ import annotations

import json
import random
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


#: listen(2) backlog of the server socket (socketserver's default is 5)
REQUEST_QUEUE = 128


@dataclass
class Req:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body or b"null")

    def arg(self, name: str, default: str | None = None) -> str | None:
        vals = self.query.get(name)
        return vals[0] if vals else default


@dataclass
class Reply:
    status: int = 200
    body: bytes | str | dict | list = b""
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0

    def encoded(self) -> bytes:
        if isinstance(self.body, (dict, list)):
            return json.dumps(self.body).encode()
        if isinstance(self.body, str):
            return self.body.encode()
        return self.body


@dataclass
class Fault:
    kind: str  # status | timeout | reset | truncate | body
    reply: Reply | None = None
    delay: float = 0.0
    #: for ``fault_rate``: served only on paths under one of these prefixes (empty: any)
    #: and never on paths under one of ``skip``
    prefixes: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()

    def only(self, *prefixes: str) -> "Fault":
        return replace(self, prefixes=prefixes)

    def except_(self, *prefixes: str) -> "Fault":
        return replace(self, skip=prefixes)

    def applies(self, path: str) -> bool:
        return (not self.prefixes or path.startswith(self.prefixes)) and \
            not (self.skip and path.startswith(self.skip))

    @staticmethod
    def status(code: int, body: Any = b"", headers: dict[str, str] | None = None,
               content_type: str = "application/json") -> "Fault":
        return Fault("status", Reply(code, body, content_type, headers or {}))

    @staticmethod
    def timeout(delay: float) -> "Fault":
        """Answer only after the client has hung up, or after ``delay`` seconds."""
        return Fault("timeout", delay=delay)

    @staticmethod
    def reset() -> "Fault":
        return Fault("reset")

    @staticmethod
    def truncate() -> "Fault":
        """Send the handler's real answer cut in half (broken JSON/HTML)."""
        return Fault("truncate")

    @staticmethod
    def body(body: Any, status: int = 200, content_type: str = "text/html") -> "Fault":
        return Fault("body", Reply(status, body, content_type))


@dataclass
class LogEntry:
    method: str
    path: str
    query: dict[str, list[str]]
    status: int | None
    fault: str | None
    at: float
    host: str = ""
    body: bytes = b""  # the request body (the first 4 KiB)
    delay: float = 0.0  # latency injected by ``latency()``
    served_s: float | None = None  # request read → response written (None: never answered)
    done_at: float | None = None  # time.time() when the answer was written

    def json(self) -> Any:
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            return None


Handler = Callable[[Req], Reply]


class FakeServer:
    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host = host
        self.routes: list[tuple[str, str, Handler]] = []
        self.faults: dict[str, deque[Fault]] = {}
        self.random_faults: tuple[float, list[Fault], random.Random] | None = None
        self.latencies: list[tuple[str, str, Callable[[Req], float]]] = []
        self.log: list[LogEntry] = []
        self.lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # --- configuration --------------------------------------------------------------

    def route(self, method: str, prefix: str, handler: Handler) -> None:
        self.routes.append((method.upper(), prefix, handler))
        # longest prefix wins
        self.routes.sort(key=lambda r: -len(r[1]))

    def fault(self, prefix: str, *faults: Fault) -> None:
        with self.lock:
            self.faults.setdefault(prefix, deque()).extend(faults)

    def latency(self, method: str, prefix: str, fn: Callable[[Req], float]) -> None:
        """Delay every ``method`` request under ``prefix`` by ``fn(req)`` seconds."""
        with self.lock:
            self.latencies.append((method.upper(), prefix, fn))
            self.latencies.sort(key=lambda r: -len(r[1]))

    def fault_rate(self, rate: float, faults: list[Fault], seed: int = 0) -> None:
        """Serve a random fault from ``faults`` on a ``rate`` fraction of all requests
        (among the faults that apply to the path: ``Fault.only`` / ``Fault.except_``)."""
        self.random_faults = (rate, faults, random.Random(seed))

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://{self.host}:{self._server.server_address[1]}"

    # --- lifecycle ------------------------------------------------------------------

    def start(self) -> "FakeServer":
        srv = self

        class _H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a: Any) -> None:  # keep test output clean
                pass

            def setup(self) -> None:
                super().setup()
                # headers and body go out in two writes: with Nagle on, the body waits
                # for the client's delayed ACK (~40 ms on every keep-alive request)
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def _handle(self) -> None:
                srv._dispatch(self)

            do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _handle

        class _Server(ThreadingHTTPServer):
            request_queue_size = REQUEST_QUEUE

            def handle_error(self, request: Any, client_address: Any) -> None:
                import sys

                if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
                    super().handle_error(request, client_address)  # a client hung up: quiet

        self._server = _Server((self.host, 0), _H)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "FakeServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # --- serving --------------------------------------------------------------------

    def _next_fault(self, path: str) -> Fault | None:
        with self.lock:
            for prefix, queue in self.faults.items():
                if path.startswith(prefix) and queue:
                    return queue.popleft()
            if self.random_faults:
                rate, faults, rng = self.random_faults
                if rng.random() < rate:
                    usable = [f for f in faults if f.applies(path)]
                    if usable:
                        return rng.choice(usable)
        return None

    def _delay_for(self, req: Req) -> float:
        for method, prefix, fn in self.latencies:
            if method == req.method and req.path.startswith(prefix):
                return max(0.0, float(fn(req)))
        return 0.0

    def _dispatch(self, h: BaseHTTPRequestHandler) -> None:
        t0 = time.monotonic()
        parts = urlsplit(h.path)
        length = int(h.headers.get("Content-Length") or 0)
        body = h.rfile.read(length) if length else b""
        req = Req(h.command, parts.path, parse_qs(parts.query), dict(h.headers), body)
        fault = self._next_fault(parts.path)
        entry = LogEntry(req.method, req.path, req.query, None, fault.kind if fault else None,
                         time.time(), host=h.headers.get("Host", ""), body=body[:4096])
        with self.lock:
            self.log.append(entry)
        entry.delay = self._delay_for(req)
        if entry.delay and not (fault and fault.kind == "reset"):
            time.sleep(entry.delay)
        if fault and fault.kind == "reset":
            # close without answering: the client sees a connection reset / remote close
            try:
                h.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            h.close_connection = True
            return
        if fault and fault.kind == "timeout":
            _hold_until_hangup(h.connection, fault.delay)
        reply: Reply
        if fault and fault.kind in ("status", "body"):
            assert fault.reply is not None
            reply = fault.reply
        else:
            handler = self._find(req.method, req.path)
            if handler is None:
                reply = Reply(404, {"error": f"no fake route for {req.method} {req.path}"})
            else:
                try:
                    reply = handler(req)
                except Exception as exc:  # a broken test handler shows up as a 500
                    reply = Reply(500, {"error": f"handler failed: {exc!r}"})
        data = reply.encoded()
        if fault and fault.kind == "truncate":
            data = data[: max(1, len(data) // 2)]
        if reply.delay:
            time.sleep(reply.delay)
        entry.status = reply.status
        try:
            h.send_response(reply.status)
            h.send_header("Content-Type", reply.content_type)
            h.send_header("Content-Length", str(len(data)))
            for k, v in reply.headers.items():
                h.send_header(k, v)
            h.end_headers()
            if h.command != "HEAD":
                h.wfile.write(data)
            h.wfile.flush()
            entry.served_s = time.monotonic() - t0
            entry.done_at = time.time()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _find(self, method: str, path: str) -> Handler | None:
        for m, prefix, handler in self.routes:
            if m == method and path.startswith(prefix):
                return handler
        return None

    def requests_to(self, prefix: str) -> list[LogEntry]:
        with self.lock:
            return [e for e in self.log if e.path.startswith(prefix)]


def _hold_until_hangup(conn: socket.socket, limit: float) -> None:
    """Wait until the client closes ``conn`` (EOF) or ``limit`` seconds pass."""
    deadline = time.monotonic() + limit
    while (left := deadline - time.monotonic()) > 0:
        readable, _, _ = select.select([conn], [], [], left)
        if not readable:
            return
        try:
            if conn.recv(1, socket.MSG_PEEK) == b"":
                return  # the client closed its end: its timeout fired
        except OSError:
            return  # reset by the client: gone too
        time.sleep(min(left, 0.05))  # bytes of a next request (not ours to read): wait on
