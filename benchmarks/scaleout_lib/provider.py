"""A paid search provider on 127.0.0.1 for the scale-out benchmark: Tavily's ``POST
/search`` (answered by tests/fakes from the real capture) behind ONE global rate cap
for every client, as a paid API enforces it: a token bucket of ``per_s`` requests a
second holding ``burst + slack`` at once; a request above it gets 429 and is not paid.
It counts what it was paid for (answered 200) per query."""

from __future__ import annotations

import threading
import time
from collections import Counter

from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer, Reply, Req


class CappedTavily:
    def __init__(self, per_s: float, burst: int, *, slack: int = 1, latency_s: float = 0.1,
                 clock=time.monotonic) -> None:
        self.per_s, self.capacity, self.latency_s, self.clock = per_s, burst + slack, latency_s, clock
        self.server = FakeServer()
        self.fake = FakeProviders(None)
        self.server.route("POST", "/search", self._handle)
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self.tokens = float(self.capacity)
            self.last = self.clock()
            self.paid: Counter[str] = Counter()
            self.rejected = 0
            self.received = 0

    def _take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.per_s)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def _handle(self, req: Req) -> Reply:
        body = req.json() if req.body else {}
        query = body.get("query") if isinstance(body, dict) else None
        with self._lock:
            self.received += 1
            ok = self._take()
            if not ok:
                self.rejected += 1
        if not ok:
            return Reply(429, {"detail": {"error": "rate limit exceeded"}},
                         headers={"Retry-After": "1"})
        reply = self.fake._tavily(req)  # noqa: SLF001 - the capture-backed answer
        if reply.status == 200:
            with self._lock:
                self.paid[str(query)] += 1
        return Reply(reply.status, reply.body, reply.content_type, reply.headers,
                     self.latency_s)

    def __enter__(self) -> "CappedTavily":
        self.server.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.__exit__(*exc)

    def env(self) -> dict[str, str]:
        """Points the Tavily adapter here (``SCOUTE_TAVILY_BASE_URL``) with the valid key."""
        return {"SCOUTE_TAVILY_BASE_URL": self.url, "TAVILY_API_KEY": self.fake.keys["tavily"]}

    @property
    def url(self) -> str:
        return self.server.url
