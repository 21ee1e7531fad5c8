"""The fake provider server's HTTP side: the threaded server on 127.0.0.1 and the request
handler that routes each request to :class:`~scout.testing.server.FakeProviders`.

Routes: ``POST /search`` and ``POST /chat/completions`` (checked against
:data:`FAKE_KEY`, as a real provider checks its key), ``GET /pages/<path>``, and
everything under ``/youtube/``. The handler is the other half of ``FakeProviders``: it
calls that class's private answering methods, which authors never call.
"""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scout.testing.server import FakeProviders

#: the key the fake server accepts; scout.testing's config passes it (never a real key)
FAKE_KEY = "scout-testing-fake-key"


class FakeServer(ThreadingHTTPServer):
    # A fan-out opens a connection per lane at once. socketserver listens with a backlog
    # of 5: while the accept thread waits for the GIL the kernel drops the other SYNs,
    # and each client retries after 1 s (a stall, or a connect timeout under a short
    # adapter timeout). A deep backlog queues them instead.
    request_queue_size = 128
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # a client that drops its kept-alive connection (yt-dlp closes its handlers after
        # each search) is no error of the test: the default prints a traceback to stderr
        import sys

        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def handler_for(fake: FakeProviders) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:  # quiet: tests read fake.calls
            pass

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status: int, doc: Any) -> None:
            self._send(status, json.dumps(doc).encode(), "application/json")

        def _body(self) -> Any:
            n = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(n) if n else b""
            try:
                return json.loads(raw or b"null")
            except ValueError:
                return None

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            body = self._body()
            path = self.path.split("?", 1)[0]
            if path.startswith("/youtube/"):
                self._send(*fake._answer_youtube("POST", self.path, body))
                return
            kind = {"/search": "search", "/chat/completions": "synthesis"}.get(path)
            if kind is None:
                self._json(404, {"error": f"no route {path}"})
                return
            query = (body.get("query") if kind == "search" and isinstance(body, dict)
                     else last_user(body))
            if self.headers.get("Authorization") != f"Bearer {FAKE_KEY}":
                fake._log(kind, query, 401)
                self._json(401, {"detail": {"error": "Unauthorized: missing or invalid API key."}})
                return
            failure = fake._failure(kind)
            if failure is not None:
                fake._log(kind, query, failure)
                self._json(failure, {"error": {"message": f"injected {failure}"}})
                return
            status, doc = fake._search(body) if kind == "search" else fake._synthesis(body)
            fake._log(kind, query, status)
            self._json(status, doc)

        def do_GET(self) -> None:  # noqa: N802
            path = self.path.split("?", 1)[0]
            if path.startswith("/youtube/"):
                self._send(*fake._answer_youtube("GET", self.path, None))
                return
            failure = fake._failure("page")
            page = fake._pages.get(path)
            if failure is not None:
                fake._log("page", path, failure)
                self._send(failure, b"injected failure", "text/plain")
            elif page is None:
                fake._log("page", path, 404)
                self._send(404, b"<html><body>not found</body></html>", "text/html")
            else:
                status, ctype, html = page
                fake._log("page", path, status)
                self._send(status, html.encode("utf-8"), ctype)

    return Handler


def last_user(body: Any) -> str | None:
    """The last user message of a chat completion request: what synthesis is asked."""
    if isinstance(body, dict) and isinstance(body.get("messages"), list):
        for m in reversed(body["messages"]):
            if isinstance(m, dict) and m.get("role") == "user":
                return str(m.get("content"))
    return None
