"""The fake server itself works: routes, queued faults, truncation, log."""

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
        srv.fault("/", Fault.timeout(1.0), Fault.reset())
        with httpx.Client(base_url=srv.url, timeout=0.2) as c:
            with pytest.raises(httpx.TimeoutException):
                c.get("/")
        with httpx.Client(base_url=srv.url, timeout=2) as c:
            with pytest.raises(httpx.TransportError):
                c.get("/")
            assert c.get("/").text == "ok"
