"""A peer answering one byte per read, each just in time, through the standard library's
sockets: the transcript library's requests (its head read by http.client, 64 KB a
line), smtplib (the greeting, each reply) and yt-dlp's own HTTP handlers. Each read's
timeout was met, so each held the call for as long as the peer liked; each exchange now
ends within its whole-exchange bound (scout.adapters.contract.sockdeadline) as a
timeout, and a peer that answers at once is read as before."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from scout.adapters.contract import EmailRequest, VideoSearchRequest
from scout.adapters.contract.sockdeadline import ExchangeDeadline
from scout.adapters.smtp import SmtpAdapter, exchange_seconds
from scout.adapters.youtube_transcripts import TimeoutSession
from scout.adapters.yt_dlp import YtDlpAdapter
from scout.config.settings import SmtpSettings, YtDlpSettings
from scout.errors import Unavailable
from tests.adapters.test_hostile_head import Dripper


def _timed(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.monotonic()
    fn()
    return time.monotonic() - start


@pytest.fixture
def head_dripper() -> Iterator[Dripper]:
    # ~60 KB of one header line at a byte per 10 ms: ten minutes if nothing stops it
    srv = Dripper(b"HTTP/1.1 200 OK\r\nX-Pad: " + b"a" * 60_000 + b"\r\n\r\nhi", tick=0.01)
    yield srv
    srv.close()


# --- the deadline itself ------------------------------------------------------------------


def test_a_socket_connected_in_the_block_is_shut_down_at_the_deadline(
        head_dripper: Dripper) -> None:
    port = int(head_dripper.url.rsplit(":", 1)[1])
    with ExchangeDeadline(0.3) as deadline:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET / HTTP/1.1\r\n\r\n")
        got = bytearray()
        start = time.monotonic()
        while chunk := sock.recv(1024):  # each recv is in time: only the deadline ends it
            got.extend(chunk)
        took = time.monotonic() - start
    sock.close()
    assert deadline.expired and took < 1.5 and len(got) < 1000


def test_a_block_that_ends_in_time_leaves_its_socket_alone() -> None:
    quick = Dripper(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", tick=0)
    try:
        with ExchangeDeadline(0.3) as deadline:
            reply = requests.get(quick.url, timeout=5)
        time.sleep(0.5)  # past the deadline: nothing fires after the block
        assert reply.text == "ok" and not deadline.expired
    finally:
        quick.close()


def test_another_threads_sockets_are_not_watched(head_dripper: Dripper) -> None:
    port = int(head_dripper.url.rsplit(":", 1)[1])
    got: list[bytes] = []

    def other() -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(b"GET / HTTP/1.1\r\n\r\n")
            end = time.monotonic() + 0.8
            while time.monotonic() < end:
                got.append(s.recv(16))

    with ExchangeDeadline(0.1):
        t = threading.Thread(target=other)
        t.start()
        t.join()
    assert all(got) and len(got) > 20  # read on past the block's deadline, never cut


# --- 1. the transcript library's head ------------------------------------------------------


def test_a_transcript_head_dripped_a_byte_at_a_time_is_a_timeout(
        head_dripper: Dripper) -> None:
    session = TimeoutSession(0.4)

    def call() -> None:
        with pytest.raises(requests.exceptions.ReadTimeout, match="within 1.2s"):
            session.get(f"{head_dripper.url}/api/timedtext")
    assert _timed(call) < session.exchange_seconds() + 1.0


def test_the_transcript_adapter_maps_a_dripped_head_to_unavailable(
        head_dripper: Dripper) -> None:
    from scout.adapters.youtube_transcripts import YouTubeTranscriptAdapter
    from scout.config.settings import TranscriptSettings
    from scout.adapters.contract import TranscriptRequest

    settings = TranscriptSettings(type="youtube_transcripts", timeout="0.3s")
    class ToDripper(TimeoutSession):
        def request(self, method: str, url: Any, *args: Any, **kwargs: Any) -> Any:
            return super().request(method, f"{head_dripper.url}/watch", *args, **kwargs)

    adapter = YouTubeTranscriptAdapter("yt", settings,
                                       session_factory=lambda: ToDripper(0.3, "yt"))

    def call() -> None:
        with pytest.raises(Unavailable):
            adapter.call(TranscriptRequest(video_id="dQw4w9WgXcQ"))
    assert _timed(call) < 0.9 * 3 + 1.5


# --- 2. smtplib ------------------------------------------------------------------------------


class SlowSmtp:
    """A raw SMTP peer on 127.0.0.1: a greeting dripped a byte per ``tick`` (each byte in
    time for any read timeout), or — ``at_once`` — every reply at once."""

    def __init__(self, tick: float = 0.02, at_once: bool = False) -> None:
        self.tick, self.at_once = tick, at_once
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.port = self.sock.getsockname()[1]
        self.stop = threading.Event()
        self.got: list[bytes] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._talk, args=(conn,), daemon=True).start()

    def _talk(self, conn: socket.socket) -> None:
        with conn:
            try:
                if not self.at_once:
                    for b in b"220-" + b"x" * 5000 + b"\r\n220 hi\r\n":
                        if self.stop.is_set():
                            return
                        conn.sendall(bytes([b]))
                        time.sleep(self.tick)
                    return
                f = conn.makefile("rb")
                conn.sendall(b"220 hi\r\n")
                while line := f.readline():
                    self.got.append(line)
                    cmd = line[:4].upper()
                    if cmd == b"DATA":
                        conn.sendall(b"354 go\r\n")
                        while f.readline() not in (b".\r\n", b""):
                            pass
                        conn.sendall(b"250 queued\r\n")
                    elif cmd == b"QUIT":
                        conn.sendall(b"221 bye\r\n")
                        return
                    else:
                        conn.sendall(b"250 ok\r\n")
            except OSError:
                return

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


def _smtp(port: int, timeout: str = "0.3s") -> SmtpAdapter:
    a = SmtpAdapter("smtp", SmtpSettings(type="smtp", timeout=timeout))
    a.env = {"SCOUTE_SMTP_URL": f"smtp://127.0.0.1:{port}"}
    return a


def _message(tmp: Path) -> EmailRequest:
    path = tmp / "m.eml"
    path.write_bytes(b"To: ana@example.org\r\nSubject: s\r\n\r\nhola\r\n")
    return EmailRequest(message=str(path), key="k", recipient_domains=["example.org"])


def test_an_smtp_greeting_dripped_a_byte_at_a_time_is_a_timeout(tmp_path: Path) -> None:
    srv = SlowSmtp()
    try:
        adapter = _smtp(srv.port)

        def send() -> None:
            with pytest.raises(Unavailable, match=r"within 1.8s \(timed out\)"):
                adapter.call(_message(tmp_path))

        def check() -> None:  # what scout doctor runs
            with pytest.raises(Unavailable, match="timed out"):
                adapter.check()
        assert _timed(send) < exchange_seconds(0.3, 100) + 1.0
        assert _timed(check) < exchange_seconds(0.3) + 1.0
    finally:
        srv.close()


def test_an_smtp_server_that_answers_at_once_still_delivers(tmp_path: Path) -> None:
    srv = SlowSmtp(at_once=True)
    try:
        reply = _smtp(srv.port).call(_message(tmp_path))
        assert reply.value.status == "sent"
        assert any(line.lower().startswith(b"rcpt to:<ana@example.org>") for line in srv.got)
    finally:
        srv.close()


def test_the_smtp_bound_grows_with_the_message() -> None:
    assert exchange_seconds(30.0) == 180.0
    assert exchange_seconds(30.0, 20_000_000) == pytest.approx(180 + 20_000_000 / 65536)


# --- 2. yt-dlp's own HTTP handlers -----------------------------------------------------------


def test_a_yt_dlp_search_whose_page_drips_is_a_timeout(head_dripper: Dripper) -> None:
    import yt_dlp
    from yt_dlp.extractor.youtube import YoutubeSearchIE

    class DrippedSearchIE(YoutubeSearchIE):
        """yt-dlp's search extractor fetching its page, through yt-dlp's networking,
        from the dripping server."""

        @classmethod
        def ie_key(cls) -> str:
            return "YoutubeSearch"

        def _search_results(self, query: str, *args: Any, **kwargs: Any) -> Any:
            self._download_webpage(f"{head_dripper.url}/results", None)
            yield from ()

    def factory(params: dict[str, Any]) -> Any:
        ydl = yt_dlp.YoutubeDL(params, auto_init=False)
        ydl.add_info_extractor(DrippedSearchIE())
        return ydl

    adapter = YtDlpAdapter("yt_dlp", YtDlpSettings(type="yt_dlp", timeout="0.3s"),
                           ydl_factory=factory)
    request = VideoSearchRequest(query="museos", limit=5)
    bound = adapter.search_seconds(request)

    def call() -> None:
        with pytest.raises(Unavailable, match=r"did not finish within 1.8s \(timed out\)"):
            adapter.call(request)
    assert bound == pytest.approx(1.8) and _timed(call) < bound + 1.5
