"""The image-search adapters on their fixtures (tests/fixtures/images/SOURCES.md: Google's
two are real captures; Brave's and SearxNG's follow the documented format, no real
capture was found), the requests they send and their errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from scout.adapters.images import parse_brave, parse_google, parse_searxng
from scout.errors import AuthError, ParseError
from scout.adapters.contract import ImageSearchRequest, Secret
from tests.adapters.helpers import make_adapter

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "images"
BRAVE_KEY = Secret("BRAVE_API_KEY", "BSA-img-secret-value-77")
GOOGLE_KEY = Secret("GOOGLE_API_KEY", "AIza-img-secret-value-88")


def load(name: str) -> Any:
    return json.loads((FIX / name).read_text(encoding="utf-8"))


def serve(body: Any, status: int = 200, seen: list | None = None) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return httpx.Response(status, json=body)
    return httpx.MockTransport(handle)


def test_google_real_capture_seattle() -> None:
    photos = parse_google(load("google-image-seattle.json"))
    assert [p.source for p in photos] == ["en.wikipedia.org", "www.nationalgeographic.com",
                                          "www.forbes.com"]
    first = photos[0]
    assert first.image_url.endswith("/1200px-Seattle_Kerry_Park_Skyline.jpg")
    assert first.page_url == "https://en.wikipedia.org/wiki/Seattle"  # image.contextLink
    assert (first.width, first.height) == (1200, 600)
    assert first.title == "Seattle - Wikipedia" and not first.first_party
    # the odd "mime": "image/" of the real answer does not drop the photo
    assert photos[2].page_url.startswith("https://www.forbes.com/sites/")


def test_google_real_capture_cats_and_no_items() -> None:
    [cat] = parse_google(load("google-image-cats.json"))
    assert cat.page_url == "https://www.wired.com/story/cats-australia-bushfires/"
    assert (cat.width, cat.height) == (2043, 1532)
    data = load("google-image-cats.json")
    del data["items"]  # Google sends no 'items' key at all for no hits
    assert parse_google(data) == []
    with pytest.raises(ParseError):
        parse_google({"unexpected": True})


def test_brave_documented_shape() -> None:
    photos = parse_brave(load("brave-images-documented.json"))
    assert len(photos) == 2  # the result without properties.url is dropped
    assert photos[0].image_url == "https://cdn.example-travel.org/img/casa-bonay-terrace.jpg"
    assert photos[0].page_url == "https://www.example-travel.org/barcelona/casa-bonay"
    assert photos[0].source == "example-travel.org" and photos[0].width == 1600
    assert photos[1].width is None  # sizes are optional (added 2025-06)


def test_searxng_documented_shape() -> None:
    photos = parse_searxng(load("searxng-images-documented.json"))
    assert len(photos) == 2  # the text result mixed in is dropped
    assert (photos[0].width, photos[0].height) == (1600, 1066)  # "1600 x 1066"
    # protocol-relative URLs are read as https; the credit falls back to the page's host
    assert photos[1].image_url == "https://upload.example.org/commons/Casa_Bonay.jpg"
    assert photos[1].source == "commons.example.org"


@pytest.mark.parametrize("hostile", [
    {"results": [{"properties": {"url": "javascript:alert(1)"}, "url": "https://a.example/"}]},
    {"results": [{"properties": {"url": "data:image/png;base64,AAAA"}}]},
    {"results": [{"properties": {"url": 42, "width": "huge"}}]},
    {"results": "nope", "type": "images"},
])
def test_brave_hostile_results_give_no_photo(hostile: dict) -> None:
    assert parse_brave(hostile) == []


def test_brave_request_and_key() -> None:
    seen: list[httpx.Request] = []
    adapter = make_adapter("brave_images", serve(load("brave-images-documented.json"),
                                                 seen=seen), base_url="http://brave.fake")
    reply = adapter.call(ImageSearchRequest(query="casa bonay", limit=1), BRAVE_KEY)
    assert len(reply.value) == 1
    [req] = seen
    assert req.url.path == "/res/v1/images/search"
    assert req.url.params["q"] == "casa bonay" and req.url.params["safesearch"] == "strict"
    assert req.headers["X-Subscription-Token"] == BRAVE_KEY.reveal()
    with pytest.raises(AuthError):
        adapter.call(ImageSearchRequest(query="x"), None)


def test_brave_bad_token_is_an_auth_error_without_the_key() -> None:
    body = {"type": "ErrorResponse", "error": {"code": "SUBSCRIPTION_TOKEN_INVALID",
            "detail": f"token {BRAVE_KEY.reveal()} is invalid", "status": 422}}
    adapter = make_adapter("brave_images", serve(body, 422), base_url="http://brave.fake")
    with pytest.raises(AuthError) as info:
        adapter.call(ImageSearchRequest(query="x"), BRAVE_KEY)
    assert BRAVE_KEY.reveal() not in str(info.value)


def test_google_request_is_an_image_search(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[httpx.Request] = []
    adapter = make_adapter("google_images", serve(load("google-image-seattle.json"), seen=seen),
                           base_url="http://google.fake")
    adapter.env = {"GOOGLE_CSE_ID": "cx-img-1"}
    reply = adapter.call(ImageSearchRequest(query="seattle", limit=30), GOOGLE_KEY)
    assert len(reply.value) == 3
    params = seen[0].url.params
    assert params["searchType"] == "image" and params["num"] == "10"  # the API's ceiling
    assert params["cx"] == "cx-img-1" and params["safe"] == "active"


def test_google_bad_key_is_scrubbed() -> None:
    body = {"error": {"code": 400, "message": f"API key not valid: {GOOGLE_KEY.reveal()}",
                      "status": "INVALID_ARGUMENT",
                      "details": [{"reason": "API_KEY_INVALID"}]}}
    adapter = make_adapter("google_images", serve(body, 400), base_url="http://google.fake")
    adapter.env = {"GOOGLE_CSE_ID": "cx-img-1"}
    with pytest.raises(AuthError) as info:
        adapter.call(ImageSearchRequest(query="x"), GOOGLE_KEY)
    assert GOOGLE_KEY.reveal() not in str(info.value)


def test_searxng_request_and_missing_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[httpx.Request] = []
    adapter = make_adapter("searxng_images", serve(load("searxng-images-documented.json"),
                                                   seen=seen), base_url="http://sx.fake")
    reply = adapter.call(ImageSearchRequest(query="casa bonay"))
    assert len(reply.value) == 2
    assert seen[0].url.params["categories"] == "images"
    assert seen[0].url.params["format"] == "json"
    assert reply.meta["unresponsive_engines"] == [{"engine": "google images",
                                                   "reason": "timeout"}]
    monkeypatch.delenv("SEARXNG_URL", raising=False)
    monkeypatch.delenv("SCOUTE_SEARXNG_IMAGES_BASE_URL", raising=False)
    bare = make_adapter("searxng_images", serve({}))
    with pytest.raises(AuthError):
        bare.call(ImageSearchRequest(query="x"))


def test_base_url_env_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_BRAVE_IMAGES_BASE_URL", "http://override.fake")
    seen: list[httpx.Request] = []
    adapter = make_adapter("brave_images", serve(load("brave-images-documented.json"),
                                                 seen=seen))
    adapter.call(ImageSearchRequest(query="x"), BRAVE_KEY)
    assert seen[0].url.host == "override.fake"
