"""A misbehaving web server as a page source: decompression bombs (stacked codings, one
deep gzip, live or while recording), charset labels no browser reads a page in, BOMs
that contradict the header, untyped binary bodies and redirects to hosts that are no
name. Each ends bounded, as a provider error or a readable page."""

from __future__ import annotations

import gzip
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from scout.adapters.contract import FetchRequest, SearchRequest
from scout.adapters.contract.decoded import (STEP, BadEncoding, UnsupportedEncoding,
                                             bom_encoding, iter_decoded, web_encoding)
from scout.adapters.contract.http import make_client
from scout.adapters.contract.redact import SecretScrubber
from scout.adapters.page import PageAdapter, guarded_get
from scout.adapters.ssrf import SsrfGuard
from scout.adapters.search_http import json_body
from scout.config.settings import PageSettings
from scout.config.adaptertypes import ADAPTER_TYPES, settings_for
from scout.providers.record import Exchanges, RecordingTransport
from scout.errors import Blocked, ParseError, Rejected
from tests.fakes.server import FakeServer, Reply

ZEROS = 32 * 1024 * 1024


def _gzip_stream(size: int) -> bytes:
    """gzip of ``size`` zero bytes, built without holding them."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(1 << 20)
    return b"".join([packer.compress(block) for _ in range(size >> 20)] + [packer.flush()])


class Chunks(httpx.SyncByteStream):
    """A streamed body, as the network hands one over (httpx reads a ByteStream whole)."""

    def __init__(self, *chunks: bytes) -> None:
        self.chunks = chunks

    def __iter__(self) -> Iterator[bytes]:
        yield from self.chunks


def streamed(body: bytes, coding: str, split: int = 1000) -> httpx.Response:
    parts = [body[i:i + split] for i in range(0, len(body), split)] or [b""]
    return httpx.Response(200, headers={"content-encoding": coding}, stream=Chunks(*parts))


def make_adapter_with(type_name: str, client: httpx.Client, **settings: object):
    """A search adapter of ``type_name`` on ``client``, as the providers layer builds it."""
    cls = ADAPTER_TYPES[type_name].load()
    return cls(type_name, settings_for(type_name, {"type": type_name, **settings}), client)


def local_page(srv: FakeServer, path: str, body: bytes, ctype: str = "text/html",
               **headers: str) -> None:
    srv.route("GET", path, lambda req: Reply(200, body, ctype, headers))


def fetch(srv: FakeServer, path: str, **settings: object):
    adapter = PageAdapter("page", PageSettings(type="page", allow_hosts=["127.0.0.1"],
                                               **settings))
    try:
        return adapter.call(FetchRequest(url=f"{srv.url}{path}"))
    finally:
        if adapter.client is not None:
            adapter.client.close()


# --- decompression ------------------------------------------------------------------------


def test_a_stacked_coding_is_refused_before_anything_is_inflated() -> None:
    # 2 KB on the wire, a gigabyte after two inflations: httpx decoded it in one step
    bomb = gzip.compress(_gzip_stream(ZEROS))
    with FakeServer() as srv:
        local_page(srv, "/bomb", bomb, **{"Content-Encoding": "gzip, gzip"})
        tracemalloc.start()
        try:
            with pytest.raises(ParseError, match="Content-Encoding 'gzip, gzip'"):
                fetch(srv, "/bomb")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert peak < 8 * 1024 * 1024


def test_one_deep_gzip_is_inflated_no_further_than_the_page_cap() -> None:
    settings = PageSettings(type="page", allow_hosts=["127.0.0.1"], max_bytes=1_000_000)
    with FakeServer() as srv, make_client(settings, follow_redirects=False) as client:
        local_page(srv, "/deep", _gzip_stream(ZEROS), **{"Content-Encoding": "gzip"})
        tracemalloc.start()
        try:
            got = guarded_get("page", client, SsrfGuard(["127.0.0.1"]), settings,
                              f"{srv.url}/deep", offline=False, accept="text/html")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert got.truncated and len(got.body) == 1_000_000
    # the cap, a copy of it and a step (httpx inflated each network read whole: 80 MB)
    assert peak < 8 * 1024 * 1024


@pytest.mark.parametrize("coding", ["br", "zstd", "compress", "gzip, br", "deflate, deflate"])
def test_codings_scout_did_not_ask_for_are_refused(coding: str) -> None:
    with pytest.raises(UnsupportedEncoding):
        list(iter_decoded(streamed(b"whatever", coding)))


@pytest.mark.parametrize("coding,body", [
    ("gzip", gzip.compress(b"<p>hola</p>" * 5000)),
    ("x-gzip", gzip.compress(b"<p>hola</p>" * 5000)),
    ("deflate", zlib.compress(b"<p>hola</p>" * 5000)),  # RFC: a zlib stream
    ("deflate", zlib.compress(b"<p>hola</p>" * 5000)[2:-4]),  # raw deflate, as some send
    ("identity", b"<p>hola</p>" * 5000),
    ("GZIP ", gzip.compress(b"<p>hola</p>" * 5000)),
])
def test_the_codings_scout_asks_for_decode_in_bounded_steps(coding: str, body: bytes) -> None:
    chunks = list(iter_decoded(streamed(body, coding, split=97)))
    assert b"".join(chunks) == b"<p>hola</p>" * 5000
    assert max(map(len, chunks)) <= STEP


def test_a_body_that_is_not_its_coding_is_a_parse_error() -> None:
    with pytest.raises(BadEncoding):
        list(iter_decoded(streamed(b"this is not gzip at all", "gzip")))
    with FakeServer() as srv:
        local_page(srv, "/liar", b"<html>plain</html>", **{"Content-Encoding": "gzip"})
        with pytest.raises(ParseError, match="not valid gzip"):
            fetch(srv, "/liar")


# --- charsets and types -------------------------------------------------------------------


@pytest.mark.parametrize("label", ["rot13", "zlib", "hex", "base64", "uu", "idna", "undefined",
                                   "utf-7", "UTF7", "no-such-charset"])
def test_labels_no_browser_reads_a_page_in_are_passed_over(label: str) -> None:
    assert web_encoding(label) is None
    with FakeServer() as srv:
        local_page(srv, "/p", b"<html><title>+ADw-script+AD4- caf\xc3\xa9</title></html>",
                   ctype=f"text/html; charset={label}")
        reply = fetch(srv, "/p")
    # read as UTF-8: 'rot13' raised LookupError out of the adapter, UTF-7 made a tag
    assert reply.value.title == "+ADw-script+AD4- café"


@pytest.mark.parametrize("label,name", [("UTF-8", "utf-8"), ("latin1", "cp1252"),
                                        ("ascii", "cp1252"), ("Shift_JIS", "shift_jis"),
                                        ("windows-1251", "cp1251"), ("gb2312", "gbk"),
                                        ("TIS-620", "cp874"), ("windows-874", "cp874"),
                                        ("x-sjis", "cp932"), ("iso-8859-8-i", "iso8859-8"),
                                        ("ks_c_5601-1987", "cp949")])
def test_web_labels_are_read(label: str, name: str) -> None:
    assert web_encoding(label) == name
    assert web_encoding(label + "\x00") is None  # codecs.lookup raised ValueError


def test_a_bom_overrides_the_header_as_in_a_browser() -> None:
    body = "\ufeff<html><title>Hôtel Ñandú</title></html>".encode("utf-16-le")
    assert bom_encoding(body) == "utf-16-le"
    with FakeServer() as srv:
        local_page(srv, "/bom", body, ctype="text/html; charset=utf-8")
        assert fetch(srv, "/bom").value.title == "Hôtel Ñandú"


def test_an_untyped_binary_body_is_no_page_but_untyped_text_is() -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
    with FakeServer() as srv:
        local_page(srv, "/img", png, ctype="")
        local_page(srv, "/txt", b"<html><title>Hotel Arts</title></html>", ctype="")
        with pytest.raises(Blocked, match="untyped and its body is binary"):
            fetch(srv, "/img")
        assert fetch(srv, "/txt").value.title == "Hotel Arts"


def test_a_search_answer_in_a_byte_codec_is_a_parse_error() -> None:
    response = httpx.Response(200, content=b'{"q": "caf\xe9"}',
                              headers={"content-type": "application/json; charset=rot13"})
    with pytest.raises(ParseError):  # was LookupError, out of every search adapter
        json_body(response, "tavily")


# --- redirects ----------------------------------------------------------------------------


@pytest.mark.parametrize("location", ["http://xn--/", "http://xn--ls8h/", "http://xn--a.xn--/x"])
def test_a_redirect_to_a_host_that_is_no_name_is_rejected(location: str) -> None:
    # httpx decodes the Location's host even when it follows no redirect: idna's error
    # left the adapter as no provider error at all
    with FakeServer() as srv:
        srv.route("GET", "/go", lambda req: Reply(302, b"", "text/html", {"Location": location}))
        with pytest.raises(Rejected, match="not a valid URL"):
            fetch(srv, "/go")


def test_recording_a_stacked_coding_refuses_it_as_a_live_read_does(tmp_path: Path) -> None:
    # --record read the body whole with httpx's decoder (no cap): the bomb went off there
    bomb = gzip.compress(_gzip_stream(ZEROS))
    upstream = httpx.MockTransport(lambda r: httpx.Response(
        200, headers={"content-encoding": "gzip, gzip", "content-type": "text/html"},
        stream=Chunks(bomb)))
    store = Exchanges(tmp_path, SecretScrubber())
    with httpx.Client(transport=RecordingTransport(upstream, store)) as client:
        tracemalloc.start()
        try:
            with pytest.raises(UnsupportedEncoding):
                client.get("https://h.example/")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert peak < 8 * 1024 * 1024 and not (tmp_path / "http").exists()


@pytest.mark.parametrize("status", [302, 307, 308])
def test_an_api_redirect_to_another_host_is_refused_before_anything_is_sent(
        status: int) -> None:
    # httpx drops only Authorization on such a hop: Brave's X-Subscription-Token and a
    # JSON body with Tavily's key (307/308) went on to the other host
    with FakeServer() as api, FakeServer() as other:
        elsewhere = other.url.replace("127.0.0.1", "localhost")
        api.route("GET", "/search", lambda req: Reply(status, b"", "text/html",
                                                      {"Location": f"{elsewhere}/search"}))
        other.route("GET", "/search", lambda req: Reply(200, {"results": []}))
        with make_client(settings_for("searxng", {"type": "searxng"})) as client:
            adapter = make_adapter_with("searxng", client, base_url=api.url)
            with pytest.raises(Rejected, match="redirects to another site"):
                adapter.call(SearchRequest(query="q", limit=5))
        assert other.log == [] and len(api.log) == 1


def test_an_api_redirect_on_its_own_host_is_followed() -> None:
    with FakeServer() as api:
        api.route("GET", "/search", lambda req: Reply(200, {"results": []})
                  if req.path == "/search/" else Reply(301, b"", "text/html",
                                                       {"Location": "/search/"}))
        with make_client(settings_for("searxng", {"type": "searxng"})) as client:
            adapter = make_adapter_with("searxng", client, base_url=api.url)
            assert adapter.call(SearchRequest(query="q", limit=5)).value == []
        assert [e.path for e in api.log] == ["/search", "/search/"]


def test_the_page_adapter_still_follows_a_checked_redirect_to_another_host() -> None:
    # its client comes from the providers layer (redirects on, the hook installed): the
    # page adapter checks each hop with its SSRF guard and follows it itself
    with FakeServer() as first, FakeServer() as second:
        there = second.url.replace("127.0.0.1", "localhost")
        first.route("GET", "/go", lambda req: Reply(302, b"", "text/html",
                                                    {"Location": f"{there}/p"}))
        second.route("GET", "/p", lambda req: Reply(200, b"<title>There</title>", "text/html"))
        settings = PageSettings(type="page", allow_hosts=["127.0.0.1", "localhost"])
        with make_client(settings) as client:
            reply = PageAdapter("page", settings, client).call(
                FetchRequest(url=f"{first.url}/go"))
    assert reply.value.title == "There" and reply.meta["redirects"] == 1
