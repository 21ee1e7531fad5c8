"""A paid search provider on 127.0.0.1 for the scale-out benchmark: Tavily's ``POST
/search`` (answered by tests/fakes from the real capture) behind ONE global rate cap for
every client, defined as issue 16 defines it: in any window of one second at most
``cap + burst`` requests are answered (a sliding window over the answered requests'
arrival times); a request above it gets 429 and is not paid. It counts what it was paid
for (answered 200) per query, and keeps every arrival time so that the benchmark can also
report the stricter token-bucket reading (at most ``burst + dt x cap`` in every span
``dt``: :func:`strict_excess`)."""

from __future__ import annotations

import threading
import time
from collections import Counter, deque

from tests.fakes.providers import FakeProviders
from tests.fakes.server import FakeServer, Reply, Req


def strict_excess(times: list[float], per_s: float, burst: int) -> int:
    """The most requests by which any span ``[t_i, t_j]`` of ``times`` exceeds
    ``burst + (t_j - t_i) x per_s`` (0: the arrivals never beat a token bucket of
    ``burst`` refilled at ``per_s``). The excess of ``[i, j]`` is ``(j + 1 - per_s t_j) -
    (i - per_s t_i) - burst``: one pass keeping the smallest second term so far."""
    worst, low = 0.0, float("inf")
    for k, t in enumerate(sorted(times)):
        low = min(low, k - per_s * t)
        worst = max(worst, (k + 1 - per_s * t) - low - burst)
    return int(worst + 0.999999)


class CappedTavily:
    def __init__(self, per_s: float, burst: int, *, window_s: float = 1.0,
                 latency_s: float = 0.1, clock=time.monotonic) -> None:
        self.per_s, self.burst, self.window_s = per_s, burst, window_s
        self.limit = int(per_s * window_s) + burst  # "cap + burst" per window
        self.latency_s, self.clock = latency_s, clock
        self.server = FakeServer()
        self.fake = FakeProviders(None)
        self.server.route("POST", "/search", self._handle)
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self.window: deque[float] = deque()  # answered arrivals of the last window
            self.arrivals: list[float] = []  # every answered arrival, for strict_excess
            self.rejected_at: list[float] = []
            self.paid: Counter[str] = Counter()
            self.rejected = 0
            self.received = 0

    def _take(self) -> bool:
        now = self.clock()
        while self.window and self.window[0] <= now - self.window_s:
            self.window.popleft()
        if len(self.window) < self.limit:
            self.window.append(now)
            self.arrivals.append(now)
            return True
        self.rejected_at.append(now)
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

    def strict_excess(self) -> int:
        with self._lock:
            times = list(self.arrivals)
        return strict_excess(times, self.per_s, self.burst)

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
