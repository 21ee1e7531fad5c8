"""A server that drips a response's head (status line, headers) a byte at a time.

httpx's timeouts are per read, so every byte arriving in time held the call for as long
as the server liked (h11 waits for 64 KB of headers: hours). The head now arrives within
the client's connect + read + pool timeouts in all (scout.adapters.contract.headwait),
through each kind of client scout sends with: an API's, the page fetcher's, a
recording's; a server that answers at once is read as before."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import requests
import pytest

from scout.adapters.contract import FetchRequest, SearchRequest
from scout.adapters.contract.headwait import head_deadline, head_seconds
from scout.adapters.contract.http import make_client, send
from scout.adapters.contract.redact import SecretScrubber
from scout.adapters.page import PageAdapter
from scout.config.adaptertypes import ADAPTER_TYPES, settings_for
from scout.config.settings import PageSettings
from scout.errors import Unavailable
from scout.providers.adapter_set import AdapterSet
from scout.providers.record import Exchanges

#: what the dripping server sends, a byte per tick (never a whole head)
HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        + b"X-Padding: " + b"a" * 60_000 + b"\r\n\r\n{}")


class Dripper:
    """A raw socket server on 127.0.0.1 (a free port) sending ``body`` one byte every
    ``tick`` seconds to each connection, until the client hangs up."""

    def __init__(self, body: bytes = HEAD, tick: float = 0.05) -> None:
        self.body, self.tick = body, tick
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._drip, args=(conn,), daemon=True).start()

    def _drip(self, conn: socket.socket) -> None:
        with conn:
            try:
                conn.recv(65536)
                for i in range(len(self.body)):
                    if self.stop.is_set():
                        return
                    conn.sendall(self.body[i:i + 1])
                    time.sleep(self.tick)
            except OSError:
                return

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


@pytest.fixture
def dripper() -> Iterator[Dripper]:
    srv = Dripper()
    yield srv
    srv.close()


def _timed(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.monotonic()
    fn()
    return time.monotonic() - start


def test_an_apis_dripped_head_is_a_timeout_within_the_clients_timeouts(
        dripper: Dripper) -> None:
    settings = settings_for("searxng", {"type": "searxng", "timeout": "0.5s"})
    with make_client(settings) as client:
        adapter = ADAPTER_TYPES["searxng"].load()("searxng", settings_for(
            "searxng", {"type": "searxng", "base_url": dripper.url, "timeout": "0.5s"}),
            client)
        bound = head_seconds(client)

        def call() -> None:
            with pytest.raises(Unavailable, match="timed out"):
                adapter.call(SearchRequest(query="q", limit=5))
        took = _timed(call)
    assert bound == pytest.approx(1.5) and took < bound + 1.0


def test_send_bounds_the_head_too(dripper: Dripper) -> None:
    with make_client(settings_for("tavily", {"type": "tavily", "timeout": "0.4s"})) as client:
        def call() -> None:
            with pytest.raises(Unavailable, match="timed out"):
                send(client, client.build_request("GET", f"{dripper.url}/x"), "tavily")
        assert _timed(call) < head_seconds(client) + 1.0


def test_the_page_fetchers_dripped_head_is_a_timeout(dripper: Dripper) -> None:
    settings = PageSettings(type="page", allow_hosts=["127.0.0.1"], timeout="0.5s")
    adapter = PageAdapter("page", settings)
    try:
        def call() -> None:
            with pytest.raises(Unavailable, match="timed out"):
                adapter.call(FetchRequest(url=f"{dripper.url}/page"))
        took = _timed(call)
    finally:
        if adapter.client is not None:
            adapter.client.close()
    assert took < 1.5 + 1.0


def test_a_recording_of_a_dripped_head_is_a_timeout(dripper: Dripper,
                                                    tmp_path: Path) -> None:
    # --record wraps its own HTTPTransport: its sockets are bounded as a live client's
    store = Exchanges(tmp_path, SecretScrubber())
    adapters = AdapterSet.__new__(AdapterSet)
    adapters.exchanges, adapters.replaying, adapters.base_transport = store, False, None
    transport = adapters._transport()
    settings = settings_for("searxng", {"type": "searxng", "timeout": "0.4s"})
    with make_client(settings, transport=transport) as client:
        def call() -> None:
            with pytest.raises(httpx.ReadTimeout):
                with head_deadline(head_seconds(client)):
                    client.get(f"{dripper.url}/search")
        assert _timed(call) < head_seconds(client) + 1.0
    assert not (tmp_path / "http").exists()


def test_a_head_that_arrives_at_once_is_read_and_the_deadline_ends_with_the_call() -> None:
    quick = Dripper(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 15\r\n\r\n{\"results\": []}", tick=0)
    try:
        settings = settings_for("searxng", {"type": "searxng", "base_url": quick.url,
                                            "timeout": "0.5s"})
        with make_client(settings) as client:
            adapter = ADAPTER_TYPES["searxng"].load()("searxng", settings, client)
            assert adapter.call(SearchRequest(query="q", limit=5)).value == []
            time.sleep(1.6)  # past the head's bound: a later call has its own
            assert adapter.call(SearchRequest(query="q", limit=5)).value == []
    finally:
        quick.close()


# --- the transcript adapter's requests session: its body is bounded in all too ---------


def test_a_transcript_answer_dripping_its_body_is_a_timeout() -> None:
    from scout.adapters.youtube_transcripts import TimeoutSession

    body = b"<transcript>" + b"<text start='0' dur='1'>a</text>" * 10_000 + b"</transcript>"
    srv = Dripper(b"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: "
                  + str(len(body)).encode() + b"\r\n\r\n" + body, tick=0.0)
    srv.tick = 0.05
    try:
        # the head arrives a byte per tick too: ~70 bytes, then the body, never in time
        session = TimeoutSession(0.5)
        start = time.monotonic()
        with pytest.raises(requests.exceptions.ReadTimeout):
            session.get(f"{srv.url}/api/timedtext")
        assert time.monotonic() - start < 0.5 + 70 * 0.05 + 2.0
    finally:
        srv.close()


def test_a_transcript_answer_past_the_cap_is_a_parse_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from scout.adapters import youtube_transcripts
    from scout.errors import ParseError

    monkeypatch.setattr(youtube_transcripts, "MAX_BODY_BYTES", 4096)
    body = b"x" * 10_000
    srv = Dripper(b"HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 10000"
                  b"\r\n\r\n" + body, tick=0)
    try:
        session = youtube_transcripts.TimeoutSession(5.0, "tx")
        with pytest.raises(ParseError, match="larger than 4,096 bytes") as err:
            session.get(f"{srv.url}/watch")
        assert err.value.adapter == "tx"
        small = Dripper(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", tick=0)
        try:
            assert session.get(f"{small.url}/ok").text == "hello"
        finally:
            small.close()
    finally:
        srv.close()


# --- when httpcore keeps its backend elsewhere: the fallback, still bounded ---------------


@pytest.fixture
def backend_moved(monkeypatch: pytest.MonkeyPatch) -> None:
    """An httpcore whose pool keeps no ``_network_backend`` (as a later release may)."""
    from scout.adapters.contract import headwait

    monkeypatch.setattr(headwait, "BACKEND_ATTR", "_backend_moved_in_a_later_httpcore")
    monkeypatch.setattr(headwait, "fallback", False)


def test_with_the_backend_moved_a_dripped_head_is_still_a_timeout(
        dripper: Dripper, backend_moved: None, caplog: pytest.LogCaptureFixture) -> None:
    from scout.adapters.contract import headwait

    settings = settings_for("searxng", {"type": "searxng", "base_url": dripper.url,
                                        "timeout": "0.4s"})
    with make_client(settings) as client:
        assert headwait.fallback and client.headers["Connection"] == "close"
        adapter = ADAPTER_TYPES["searxng"].load()("searxng", settings, client)

        def call() -> None:
            with pytest.raises(Unavailable, match="timed out"):
                adapter.call(SearchRequest(query="q", limit=5))
        assert _timed(call) < head_seconds(client) + 1.0
    assert "keeps no network backend" in caplog.text


def test_with_the_backend_moved_a_recordings_dripped_head_is_a_timeout(
        dripper: Dripper, backend_moved: None, tmp_path: Path) -> None:
    store = Exchanges(tmp_path, SecretScrubber())
    adapters = AdapterSet.__new__(AdapterSet)
    adapters.exchanges, adapters.replaying, adapters.base_transport = store, False, None
    settings = settings_for("searxng", {"type": "searxng", "timeout": "0.4s"})
    with make_client(settings, transport=adapters._transport()) as client:
        def call() -> None:
            with pytest.raises(httpx.ReadTimeout):
                with head_deadline(head_seconds(client)):
                    client.get(f"{dripper.url}/search")
        assert _timed(call) < head_seconds(client) + 1.0


def test_with_the_backend_moved_quick_answers_are_read_call_after_call(
        backend_moved: None) -> None:
    quick = Dripper(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 15\r\n\r\n{\"results\": []}", tick=0)
    try:
        settings = settings_for("searxng", {"type": "searxng", "base_url": quick.url,
                                            "timeout": "0.3s"})
        with make_client(settings) as client:
            adapter = ADAPTER_TYPES["searxng"].load()("searxng", settings, client)
            assert adapter.call(SearchRequest(query="q", limit=5)).value == []
            time.sleep(1.0)  # past the first call's bound: its watch ended with it
            assert adapter.call(SearchRequest(query="q", limit=5)).value == []
    finally:
        quick.close()
