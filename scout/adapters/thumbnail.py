"""The ``thumbnail`` adapter: fetch one image safely and re-encode it small.

The fetch is the page adapter's (:func:`scout.adapters.page.guarded_get`): every hop
through the SSRF guard and pinned to the checked address, redirects counted, the
content type checked before the body is read (``image/jpeg|png|webp|gif`` by default)
and the body capped at ``max_bytes`` — a longer one is refused, not cut.

The bytes a host sent never reach the report. Pillow decodes them (refusing more than
``max_pixels`` decoded pixels: a decompression bomb is a small file), the first frame is
scaled to at most ``max_side`` pixels and written again as a JPEG (PNG when the image
has transparency), without the original's metadata (EXIF, GPS, ICC, comments). What
comes back is that re-encoded image, base64, in a :class:`~scout.schemas.sources.Thumbnail`.
"""

from __future__ import annotations

import base64
import io
import warnings
from typing import ClassVar

import httpx

from scout.i18n import N_
from scout.adapters.page import guarded_get
from scout.config.settings import AdapterSettings, ThumbnailSettings
from scout.adapters.ssrf import Resolver, SsrfGuard
from scout.errors import Blocked, ParseError
from scout.adapters.contract import Reply, Request, Secret, ThumbnailAdapter, \
    ThumbnailRequest, Usage
from scout.adapters.contract.http import make_client, redact_url
from scout.schemas.sources import Thumbnail

ACCEPT = "image/jpeg,image/png,image/webp,image/gif;q=0.8"


def reencode(data: bytes, *, max_side: int, max_pixels: int, quality: int,
             adapter: str = "thumbnail", url: str = "") -> tuple[bytes, str, int, int]:
    """``data`` decoded and written again, at most ``max_side`` px on its longest side:
    ``(bytes, media type, width, height)``. ParseError when it is not a readable image;
    Blocked when it decodes to more than ``max_pixels``."""
    from PIL import Image, UnidentifiedImageError

    where = f"{adapter}: {redact_url(url)}" if url else adapter
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data))
            width, height = img.size
            if width * height > max_pixels:
                raise Blocked(f"{where} decodes to {width}x{height} pixels (more than "
                              f"{max_pixels})", adapter=adapter,
                              hint=N_("raise adapters.{adapter}.max_pixels to accept it").format(
                                  adapter=adapter))
            img.seek(0)
            img.thumbnail((max_side, max_side))
            img.load()
    except Blocked:
        raise
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError,
            Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ParseError(f"{where} is not a readable image ({type(exc).__name__})",
                         adapter=adapter) from None
    alpha = img.mode in ("RGBA", "LA") or (img.mode == "P" and "transparency" in img.info)
    out = io.BytesIO()
    if alpha:
        img.convert("RGBA").save(out, format="PNG", optimize=True)
        media = "image/png"
    else:
        img.convert("RGB").save(out, format="JPEG", quality=quality, optimize=True)
        media = "image/jpeg"
    return out.getvalue(), media, img.size[0], img.size[1]


class ThumbnailFetcher(ThumbnailAdapter):
    type_name: ClassVar[str] = "thumbnail"

    def __init__(self, name: str, settings: AdapterSettings, client: httpx.Client | None = None,
                 *, resolver: Resolver | None = None) -> None:
        if not isinstance(settings, ThumbnailSettings):
            settings = ThumbnailSettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.thumb_settings: ThumbnailSettings = settings
        self.guard = SsrfGuard(settings.allow_hosts, resolver=resolver, adapter=name)

    def _http(self) -> httpx.Client:
        if self.client is None:
            self.client = make_client(self.thumb_settings, follow_redirects=False)
        return self.client

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Thumbnail]:
        if not isinstance(request, ThumbnailRequest):
            raise TypeError(f"{self.name} handles ThumbnailRequest, "
                            f"not {type(request).__name__}")
        s = self.thumb_settings
        got = guarded_get(self.name, self._http(), self.guard, s, request.url,
                          offline=self.offline, accept=ACCEPT, refuse_truncated=True)
        data, media, width, height = reencode(
            got.body, max_side=min(request.max_side, s.max_side), max_pixels=s.max_pixels,
            quality=s.quality, adapter=self.name, url=request.url)
        thumb = Thumbnail(url=request.url, final_url=str(got.url), media_type=media,  # type: ignore[arg-type]
                          width=width, height=height,
                          data_b64=base64.b64encode(data).decode("ascii"),
                          original_bytes=len(got.body), adapter=self.name)
        return Reply(thumb, usage=Usage(requests=1), status=got.status,
                     meta={"final_url": redact_url(got.url), "redirects": got.redirects,
                           "bytes": len(got.body), "thumbnail_bytes": len(data)})
