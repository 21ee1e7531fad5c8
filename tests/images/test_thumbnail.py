"""The thumbnail adapter: the page adapter's SSRF guard, images only, size cap, Pillow
re-encoding (small, no metadata, decompression bombs refused); first-party photos read
from real captured pages; report.html shows run-dir thumbnails only."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import httpx
import pytest
from PIL import Image

from scout.adapters.extract import extract
from scout.adapters.page_images import page_images
from scout.config.adaptertypes import settings_for
from scout.adapters.thumbnail import ThumbnailFetcher, reencode
from scout.errors import Blocked, ParseError, ProviderError
from scout.adapters.contract import ThumbnailRequest
from scout.adapters.contract.http import make_client
from scout.report.htmlpost import inline_photos
from tests.e2e.world import photo_bytes

PAGES = Path(__file__).resolve().parent.parent / "fixtures" / "providers" / "web_pages"


def public(host: str) -> list[str]:
    return {"img.example": ["93.184.216.34"], "evil.example": ["127.0.0.1"],
            "meta.example": ["169.254.169.254"]}.get(host, ["93.184.216.34"])


def fetcher(handler, **settings) -> ThumbnailFetcher:
    s = settings_for("thumbnail", {"type": "thumbnail", **settings})
    return ThumbnailFetcher("thumbnail", s, make_client(s, transport=httpx.MockTransport(handler),
                                                        follow_redirects=False),
                            resolver=public)


def jpeg_reply(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, content=photo_bytes(request.url.path, (1600, 1200)),
                          headers={"content-type": "image/jpeg"})


def test_a_photo_comes_back_small_and_without_metadata() -> None:
    seen: list[httpx.Request] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return jpeg_reply(request)

    reply = fetcher(handle).call(ThumbnailRequest(url="https://img.example/a.jpg"))
    thumb = reply.value
    data = base64.b64decode(thumb.data_b64)
    img = Image.open(io.BytesIO(data))
    assert img.format == "JPEG" and img.size == (320, 240) == (thumb.width, thumb.height)
    assert b"FakeCam" not in data and b"secret location" not in data
    assert thumb.original_bytes > len(data)
    # the connection went to the address the guard checked; the name stays in Host
    assert seen[0].url.host == "93.184.216.34" and seen[0].headers["host"] == "img.example"


def test_transparency_is_kept_as_png() -> None:
    out = io.BytesIO()
    Image.new("RGBA", (50, 40), (10, 20, 30, 0)).save(out, format="PNG")
    data, media, w, h = reencode(out.getvalue(), max_side=320, max_pixels=10**6, quality=80)
    assert media == "image/png" and (w, h) == (50, 40)


@pytest.mark.parametrize("url", ["https://evil.example/x.jpg", "http://127.0.0.1/x.jpg",
                                 "https://meta.example/latest/meta-data", "file:///etc/passwd"])
def test_private_addresses_are_refused_before_any_request(url: str) -> None:
    def handle(request: httpx.Request) -> httpx.Response:  # pragma: no cover - never called
        raise AssertionError("a request was sent")

    with pytest.raises(ProviderError):
        fetcher(handle).call(ThumbnailRequest(url=url))


def test_a_redirect_to_a_private_address_is_refused() -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        return httpx.Response(302, headers={"location": "http://169.254.169.254/x.jpg"})

    with pytest.raises(Blocked):
        fetcher(handle).call(ThumbnailRequest(url="https://img.example/a.jpg"))


@pytest.mark.parametrize("ctype", ["text/html", "image/svg+xml", ""])
def test_only_raster_images_are_accepted(ctype: str) -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        headers = {"content-type": ctype} if ctype else {}
        return httpx.Response(200, content=b"<svg onload=alert(1)>", headers=headers)

    with pytest.raises(Blocked):
        fetcher(handle).call(ThumbnailRequest(url="https://img.example/a"))


def test_an_oversized_image_is_refused_not_cut() -> None:
    with pytest.raises(Blocked, match="larger than"):
        fetcher(jpeg_reply, max_bytes=2048).call(ThumbnailRequest(url="https://img.example/a"))


def test_garbage_declared_as_jpeg_is_a_parse_error() -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=b"\xff\xd8\xff not really a jpeg",
                              headers={"content-type": "image/jpeg"})

    with pytest.raises(ParseError):
        fetcher(handle).call(ThumbnailRequest(url="https://img.example/a.jpg"))


def test_a_decompression_bomb_is_refused() -> None:
    out = io.BytesIO()
    Image.new("1", (12000, 12000)).save(out, format="PNG")  # ~20 kB, 144 Mpx decoded
    data = out.getvalue()

    def handle(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=data, headers={"content-type": "image/png"})

    with pytest.raises((Blocked, ParseError)):
        fetcher(handle, max_pixels=10_000_000).call(
            ThumbnailRequest(url="https://img.example/bomb.png"))


def test_first_party_photos_from_real_pages() -> None:
    found = extract((PAGES / "hotel-jsonld-barahona72-v2.html").read_text())
    assert page_images("https://hotelbarahona72.com/", found.opengraph, found.jsonld) == [
        "https://hotelbarahona72.com/img/barahona-18.webp",
        "https://hotelbarahona72.com/img/room-doble.webp",
        "https://hotelbarahona72.com/img/room-cuadruple.webp"]
    songkick = extract((PAGES / "jsonld-musicevent-songkick.html").read_text())
    # a protocol-relative og:image is resolved against the page
    assert page_images("https://www.songkick.com/x", songkick.opengraph, songkick.jsonld)[0] \
        == "https://images.sk-static.com/images/media/img/col4/20100330-103600-169450.jpg"
    anvil = extract((PAGES / "microdata-product-schemaorg-anvil.html").read_text())
    assert page_images("https://shop.example/p/1", anvil.opengraph, anvil.jsonld,
                       anvil.microdata) == ["https://shop.example/p/anvil_executive.jpg"]
    hostile = [{"image": ["javascript:alert(1)", {"url": "data:text/html,x"}, 7,
                          {"contentUrl": "/ok.jpg"}]}]
    assert page_images("https://a.example/b/", {}, hostile) == ["https://a.example/ok.jpg"]


def test_report_html_keeps_only_run_dir_thumbnails(tmp_path: Path) -> None:
    name = "ab" * 32 + ".jpg"
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / name).write_bytes(photo_bytes("x", (20, 20)))
    (tmp_path / "secret.jpg").write_bytes(b"private")
    body = (f'<p><img src="photos/{name}" alt="room"></p>'
            '<p><img src="https://tracker.example/p.gif" alt="pixel"></p>'
            '<p><img src="../secret.jpg" alt="up"><img src="photos/' + "cd" * 32 + '.jpg" '
            'alt="missing"></p>')
    out = inline_photos(body, tmp_path)
    assert out.count('src="data:image/jpeg;base64,') == 1
    assert 'tracker.example/p.gif">pixel</a>' in out and out.count("<img") == 1
    assert "private" not in out and "secret.jpg" not in out
