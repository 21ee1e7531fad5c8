"""Issue 6, page fetch through the REAL runtime (shipped ``pages: [page]`` chain) on the
local fake server: the SSRF guard's refusals are journaled and raised at once (a refused
address is the request's fault: no other adapter would help), and an allowlisted
127.0.0.1 is fetched with its JSON-LD read, through a redirect."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scout.errors import ChainFailed, Blocked
from scout.providers.chain import failure_status
from scout.adapters.contract import FetchRequest
from scout.providers.runtime import ProviderRuntime
from tests.fakes.media import hotel_page, page_routes
from tests.fakes.server import FakeServer
from tests.integration.helpers import journal, write_config
from tests.providers.fakes import FakeClock


@pytest.fixture(scope="module")
def srv() -> Iterator[FakeServer]:
    with FakeServer() as server:
        page_routes(server, {"/hotel": hotel_page()},
                    redirects={"/go": "/hotel", "/meta": "http://169.254.169.254/latest/"})
        yield server


def runtime(root: Path, **page: object) -> ProviderRuntime:
    clock = FakeClock()
    config = write_config(root, None, {"page": page} if page else None)
    return ProviderRuntime(config, root, "m-page", clock=clock, sleep=clock.sleep)


def test_a_refused_address_is_journaled_and_not_sent(tmp_path: Path, srv: FakeServer) -> None:
    before = len(srv.log)
    with runtime(tmp_path) as rt, pytest.raises(ChainFailed) as info:  # shipped: no allowlist
        rt.gateway("F5", "pages").call(FetchRequest(url=f"{srv.url}/hotel"))
    assert isinstance(info.value.cause, Blocked)
    assert "loopback" in str(info.value)
    assert failure_status(info.value) == "failed_terminal"
    assert len(srv.log) == before  # never reached the server
    line, = journal(tmp_path)
    assert (line["adapter"], line["action"], line["result"]) == ("page", "fetch", "error")
    assert line["error"]["kind"] == "blocked" and line["error"]["code"] == "PRV008"
    assert line["response_summary"]["attempt"] == 1  # not retried


def test_allowlisted_loopback_is_fetched_but_a_redirect_to_metadata_is_refused(
        tmp_path: Path, srv: FakeServer) -> None:
    with runtime(tmp_path, allow_hosts=["127.0.0.1"]) as rt:
        out = rt.gateway("F5", "pages").call(FetchRequest(url=f"{srv.url}/go"))
        assert out.answered_by == "page"
        assert out.value.final_url == f"{srv.url}/hotel"
        assert out.value.rating == pytest.approx(8.2)
        assert out.value.price_range == "COP 118.000 - 165.470"
        with pytest.raises(ChainFailed) as info:
            rt.gateway("F5", "pages").call(FetchRequest(url=f"{srv.url}/meta"))
        assert isinstance(info.value.cause, Blocked)
    assert "169.254.169.254" in str(info.value)
    lines = journal(tmp_path)
    assert [(e["result"], (e["error"] or {}).get("kind")) for e in lines] == [
        ("ok", None), ("error", "blocked")]
    assert lines[0]["response_summary"]["redirects"] == 1
