"""Image-search adapters (``uses: images``): Brave, Google Custom Search and SearxNG.

Each maps its provider's answer to :class:`~scout.schemas.sources.Photo` — the image
URL, the page it appears on (the credit's link), the site's name and the size the
provider states — so the step and the report see one shape whatever answered.

* ``brave_images`` — ``GET <base>/res/v1/images/search`` with ``X-Subscription-Token``;
  ``results[]``: ``properties.url`` is the image, ``url`` the page, ``source`` the site,
  ``properties.width/height`` the size (Brave added them in 2025-06). Errors use Brave's
  web-search error bodies (:mod:`scout.adapters.brave`).
* ``google_images`` — Custom Search JSON API with ``searchType=image``: ``items[].link``
  is the image, ``image.contextLink`` the page, ``displayLink`` the site,
  ``image.width/height`` the size. Key and ``cx`` travel in the query string and are
  scrubbed like the web adapter's (:mod:`scout.adapters.google`). At most 10 per request.
* ``searxng_images`` — a self-hosted instance, ``/search?format=json&categories=images``;
  image results carry ``img_src`` (the image), ``url`` (the page), ``resolution``
  (``"1600 x 1066"``), ``source``/``engine``. Results without ``img_src`` (a text result
  mixed in) are dropped. Protocol-relative ``//host/...`` URLs are read as https.

DuckDuckGo's image endpoint is not here: it needs a ``vqd`` token scraped from an HTML
page first and breaks when that page changes (docs/adapters.md).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import httpx

from scout.i18n import N_
from scout.adapters import brave, google, searxng
from scout.adapters.search_http import api_key, fetch, json_body, json_object, result_items, \
    split_options
from scout.errors import AuthError, ParseError
from scout.adapters.contract import ImageSearchAdapter, ImageSearchRequest, Reply, \
    Request, Secret, Usage
from scout.schemas.sources import Photo
from scout.adapters.normalize import TITLE_CHARS, as_text, clean_text, trim

_RESOLUTION = re.compile(r"^\s*(\d{1,6})\s*[x×X]\s*(\d{1,6})\s*$")


def _int(value: Any) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: 1e400, read as inf
        return None
    return number if 0 < number < 1_000_000 else None


def _http_url(value: Any) -> str | None:
    """An absolute http(s) URL, or None (``//host/x`` is read as https)."""
    if not isinstance(value, str):
        return None
    url = value.strip()
    if url.startswith("//"):
        url = "https:" + url
    return url if url.startswith(("http://", "https://")) and len(url) <= 4096 else None


def _host(url: str) -> str:
    try:
        return httpx.URL(url).host
    except (httpx.InvalidURL, TypeError):
        return ""


def _photo(image: Any, page: Any, *, source: Any, title: Any, width: Any, height: Any,
           adapter: str) -> Photo | None:
    image_url = _http_url(image)
    if image_url is None:
        return None
    page_url = _http_url(page) or image_url
    # the provider's words on one line without control sequences, as a result's title
    name = clean_text(as_text(source)) or _host(page_url)
    return Photo(image_url=image_url, page_url=page_url, source=name[:200],
                 title=trim(clean_text(as_text(title)), TITLE_CHARS), width=_int(width),
                 height=_int(height), adapter=adapter)


def _dedup(photos: list[Photo], limit: int) -> list[Photo]:
    seen: set[str] = set()
    out = []
    for p in photos:
        if p.image_url not in seen:
            seen.add(p.image_url)
            out.append(p)
    return out[:limit]


# --- parsers (tested on the fixtures in tests/fixtures/images/) --------------------------

def parse_brave(data: dict[str, Any], *, adapter: str = "brave_images") -> list[Photo]:
    results = data.get("results")
    if not isinstance(results, list):
        if data.get("type") == "images":
            return []
        raise ParseError(f"{adapter}: answer has no 'results' list", adapter=adapter)
    out = []
    for item in results:
        if not isinstance(item, dict):
            continue
        props = json_object(item.get("properties"))
        photo = _photo(props.get("url"), item.get("url"), source=item.get("source"),
                       title=item.get("title"), width=props.get("width"),
                       height=props.get("height"), adapter=adapter)
        if photo is not None:
            out.append(photo)
    return out


def parse_google(data: dict[str, Any], *, adapter: str = "google_images") -> list[Photo]:
    out = []
    for item in google.search_items(data, adapter):
        if not isinstance(item, dict):
            continue
        image = json_object(item.get("image"))
        photo = _photo(item.get("link"), image.get("contextLink"),
                       source=item.get("displayLink"), title=item.get("title"),
                       width=image.get("width"), height=image.get("height"), adapter=adapter)
        if photo is not None:
            out.append(photo)
    return out


def parse_searxng(data: dict[str, Any], *, adapter: str = "searxng_images") -> list[Photo]:
    out = []
    for item in result_items(data, adapter, needs="img_src"):  # text results are skipped
        width = height = None
        match = _RESOLUTION.match(str(item.get("resolution") or ""))
        if match:
            width, height = match.group(1), match.group(2)
        source = item.get("source") or None
        photo = _photo(item.get("img_src"), item.get("url"), source=source,
                       title=item.get("title"), width=width, height=height, adapter=adapter)
        if photo is not None:
            out.append(photo)
    return out


# --- adapters ----------------------------------------------------------------------------

class _ImageAdapter(ImageSearchAdapter):
    def _request(self, request: Request) -> ImageSearchRequest:
        if not isinstance(request, ImageSearchRequest):
            raise TypeError(f"{self.name} handles ImageSearchRequest, "
                            f"not {type(request).__name__}")
        assert self.client is not None, f"{type(self).__name__} needs an httpx.Client"
        return request

    def _limit(self, request: ImageSearchRequest) -> int:
        return min(request.limit, int(getattr(self.settings, "max_results", 20)))


class BraveImagesAdapter(_ImageAdapter):
    type_name: ClassVar[str] = "brave_images"
    PATH: ClassVar[str] = "/res/v1/images/search"
    OPTIONS: ClassVar[frozenset[str]] = frozenset({"country", "search_lang", "safesearch",
                                                   "spellcheck"})

    def call(self, request: Request, credential: Secret | None = None) -> Reply[list[Photo]]:
        req = self._request(request)
        key = api_key(self.name, credential, "BRAVE_API_KEY")
        limit = self._limit(req)
        params: dict[str, Any] = {"q": req.query, "count": min(limit, 100),
                                  "safesearch": getattr(self.settings, "safesearch", "strict")}
        if getattr(self.settings, "country", None):
            params["country"] = self.settings.country  # type: ignore[attr-defined]
        params.update(split_options(req.options, self.OPTIONS)[0])
        wire = self.client.build_request(  # type: ignore[union-attr]
            "GET", (self.base_url or brave.DEFAULT_BASE) + self.PATH, params=params,
            headers={"Accept": "application/json", "X-Subscription-Token": key})
        response = fetch(self.client, wire, self.name,  # type: ignore[arg-type]
                         describe=brave.describe_error,
                         classify=lambda r: brave.classify_error(r, self.name), secrets=[key])
        photos = _dedup(parse_brave(json_body(response, self.name), adapter=self.name), limit)
        return Reply(photos, usage=Usage(requests=1), status=response.status_code)


class GoogleImagesAdapter(_ImageAdapter):
    type_name: ClassVar[str] = "google_images"
    OPTIONS: ClassVar[frozenset[str]] = frozenset({"gl", "hl", "lr", "cr", "imgSize",
                                                   "imgType", "rights", "siteSearch"})

    def call(self, request: Request, credential: Secret | None = None) -> Reply[list[Photo]]:
        req = self._request(request)
        key = api_key(self.name, credential, "GOOGLE_API_KEY")
        cx_env = getattr(self.settings, "cx_env", "GOOGLE_CSE_ID")
        cx = (self.env.get(cx_env) or "").strip()
        if not cx:
            raise AuthError(f"{self.name}: no search engine id", adapter=self.name,
                            hint=N_("set {var} to the engine's cx value").format(var=cx_env))
        limit = min(self._limit(req), google.PAGE_SIZE)  # one request: 10 photos at most
        params: dict[str, Any] = {"key": key, "cx": cx, "q": req.query, "num": limit,
                                  "searchType": "image",
                                  "safe": getattr(self.settings, "safe", "active")}
        params.update(split_options(req.options, self.OPTIONS)[0])
        wire = self.client.build_request(  # type: ignore[union-attr]
            "GET", (self.base_url or google.DEFAULT_BASE) + google.PATH, params=params,
            headers={"Accept": "application/json"})
        response = fetch(self.client, wire, self.name,  # type: ignore[arg-type]
                         describe=google.describe_error,
                         classify=lambda r: google.classify_error(r, self.name),
                         secrets=[key, cx])
        photos = _dedup(parse_google(json_body(response, self.name), adapter=self.name), limit)
        return Reply(photos, usage=Usage(requests=1), status=response.status_code)


class SearxngImagesAdapter(_ImageAdapter):
    type_name: ClassVar[str] = "searxng_images"
    OPTIONS: ClassVar[frozenset[str]] = frozenset({"language", "safesearch", "pageno",
                                                   "engines"})

    def call(self, request: Request, credential: Secret | None = None) -> Reply[list[Photo]]:
        req = self._request(request)  # keyless: the instance is self-hosted
        base = self.base_url
        if not base:
            raise AuthError(f"{self.name}: no instance URL", adapter=self.name,
                            hint=N_("set {var} (or base_url in config/adapters.yaml)").format(
                                var=getattr(self.settings, 'url_env', 'SEARXNG_URL')))
        params: dict[str, Any] = {"q": req.query, "format": "json", "categories": "images"}
        engines = getattr(self.settings, "engines", None)
        if engines:
            params["engines"] = ",".join(engines)
        params.update(split_options(req.options, self.OPTIONS)[0])
        wire = self.client.build_request(  # type: ignore[union-attr]
            "GET", base + "/search", params=params, headers={"Accept": "application/json"})
        response = fetch(self.client, wire, self.name,  # type: ignore[arg-type]
                         classify=lambda r: searxng.classify_error(r, self.name))
        data = json_body(response, self.name)
        photos = _dedup(parse_searxng(data, adapter=self.name), self._limit(req))
        return Reply(photos, usage=Usage(requests=1), status=response.status_code,
                     meta={"unresponsive_engines": searxng.unresponsive(data)})
