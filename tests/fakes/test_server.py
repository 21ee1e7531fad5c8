"""The fake server itself works: routes, queued faults, truncation, log."""

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.fakes.server import Fault, FakeServer, Reply


def test_routes_faults_and_log() -> None:
    with FakeServer() as srv:
        srv.route("GET", "/a", lambda r: Reply(200, {"q": r.arg("q")}))
        srv.fault("/a", Fault.status(429, headers={"Retry-After": "3"}), Fault.truncate())
        with httpx.Client(base_url=srv.url) as c:
            r1 = c.get("/a", params={"q": "x"})
            r2 = c.get("/a", params={"q": "x"})
            r3 = c.get("/a", params={"q": "x"})
            r4 = c.get("/nope")
    assert r1.status_code == 429 and r1.headers["retry-after"] == "3"
    with pytest.raises(ValueError):
        r2.json()
    assert r3.json() == {"q": "x"}
    assert r4.status_code == 404
    assert [e.fault for e in srv.log] == ["status", "truncate", None, None]


def test_timeout_and_reset() -> None:
    with FakeServer() as srv:
        srv.route("GET", "/", lambda r: Reply(200, "ok", "text/plain"))
        srv.fault("/", Fault.timeout(30.0), Fault.reset())
        with httpx.Client(base_url=srv.url, timeout=0.2) as c:
            with pytest.raises(httpx.TimeoutException):
                c.get("/")
        # the client hung up: the fault stops holding its answer then, not after 30 s
        deadline = time.monotonic() + 10
        while srv.log[0].status is None:
            assert time.monotonic() < deadline, "the timeout fault outlived its client"
            time.sleep(0.01)
        with httpx.Client(base_url=srv.url, timeout=2) as c:
            with pytest.raises(httpx.TransportError):
                c.get("/")
            assert c.get("/").text == "ok"


def _tests_fake() -> tuple[Any, Any, str]:
    srv = FakeServer().start()
    srv.route("GET", "/", lambda r: Reply(200, "ok", "text/plain"))
    return srv, srv._server, srv.url + "/"


def _authors_fake() -> tuple[Any, Any, str]:
    from scout.testing import FakeProviders

    fake = FakeProviders().start()
    return fake, fake._httpd, fake.page("/pages/p", "ok")


@pytest.mark.parametrize("start", [_tests_fake, _authors_fake], ids=["tests", "scout.testing"])
def test_a_burst_of_connections_queues_while_accepting_is_slow(
        start: Callable[[], tuple[Any, Any, str]]) -> None:
    """Thirty clients connect at once while the accept thread lags (as on a loaded
    machine): they wait in the listen backlog. With socketserver's default backlog of 5
    the kernel dropped the others' SYNs and the clients retried after 1 s: connect
    timeouts of requests the server never logged (the fault storm's flake). Both fake
    servers: the tests' and the one scout.testing gives authors."""
    from concurrent.futures import ThreadPoolExecutor

    fake, server, url = start()
    try:
        accept = server.get_request

        def slow_accept() -> object:
            time.sleep(0.02)
            return accept()

        server.get_request = slow_accept
        # connect: under the 1 s a dropped SYN waits before its retry
        timeout = httpx.Timeout(30.0, connect=0.9)

        def get(i: int) -> str:
            try:
                return httpx.get(f"{url}?i={i}", timeout=timeout).text
            except httpx.TimeoutException as exc:
                return type(exc).__name__

        with ThreadPoolExecutor(30) as pool:
            answers = list(pool.map(get, range(30)))
    finally:
        fake.stop()
    assert answers == ["ok"] * 30
