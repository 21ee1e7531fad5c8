"""YouTube video search through yt-dlp (Y1): ``ytsearchN:<query>`` with ``extract_flat``.

yt-dlp's search extractor returns a playlist whose entries are flat ``_type: url``
dicts (built by ``YoutubeTabBaseInfoExtractor._extract_video``: id, url, title,
duration, channel, view_count, …); with ``extract_flat`` they are returned as they are,
so one search costs one results page and downloads no media. Each video entry becomes a
:class:`~scout.schemas.sources.Video`; channel and playlist results are skipped.

``YoutubeDL`` is built by an injectable factory (``ydl_factory(params)``), so tests run
the real YoutubeDL with a search extractor that serves recorded entries. yt-dlp's own
retries are switched off (``extractor_retries``/``retries`` 0): retrying is the providers
layer's job. Its errors are mapped into the ProviderError tree by :func:`map_error`.

yt-dlp's ``socket_timeout`` bounds each read only: a server answering a byte per read
just in time held a run forever. The whole search ends within
:meth:`YtDlpAdapter.search_seconds` (an
:class:`~scout.adapters.contract.sockdeadline.ExchangeDeadline`: its sockets are shut
down then), and is ``Unavailable`` ("timed out") past it.
"""

from __future__ import annotations

import datetime as dt
import itertools
import logging
import math
import re
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

import httpx

from scout.i18n import N_
from scout.config.settings import AdapterSettings, YtDlpSettings
from scout.errors import ParseError, ProviderError, RateLimited, Rejected, Unavailable
from scout.adapters.contract import Reply, Request, Secret, VideoAdapter, VideoSearchRequest
from scout.adapters.contract.sockdeadline import ExchangeDeadline
from scout.adapters.normalize import TITLE_CHARS, as_text, canonical_url, clean_text, trim
from scout.schemas.sources import Video

log = logging.getLogger(__name__)

#: the ie_key of yt-dlp's single-video YouTube extractor: entries that are videos
VIDEO_IE_KEYS = frozenset({"Youtube"})
_BOT_CHECK = re.compile(r"sign in to confirm|not a bot|too many requests", re.I)
_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
#: how much of an entry's text field is read (a title is cut to TITLE_CHARS after its
#: spaces and control characters are taken out, which may shorten it this much)
_READ_CHARS = 20 * TITLE_CHARS
#: how many entries of an answer are read: yt-dlp's search stops at the count asked, so
#: only a changed yt-dlp (or extractor) sends more, and thousands are not read
_MAX_ENTRIES = 500


class YoutubeDLLike(Protocol):
    def extract_info(self, url: str, download: bool = ...) -> dict[str, Any] | None: ...


YdlFactory = Callable[[dict[str, Any]], YoutubeDLLike]


class _Logger:
    """Routes yt-dlp's output to logging (it would print to stdout otherwise)."""

    def debug(self, msg: str) -> None:
        log.debug("%s", msg)

    def info(self, msg: str) -> None:
        log.debug("%s", msg)

    def warning(self, msg: str) -> None:
        log.info("yt-dlp: %s", msg)

    def error(self, msg: str) -> None:
        log.info("yt-dlp: %s", msg)


def _causes(exc: BaseException) -> list[BaseException]:
    """``exc`` and everything it wraps: exc_info, ExtractorError.cause, __cause__/__context__."""
    seen: list[BaseException] = []
    todo: list[BaseException | None] = [exc]
    while todo:
        item = todo.pop(0)
        if item is None or any(item is s for s in seen):
            continue
        seen.append(item)
        info = getattr(item, "exc_info", None)
        if isinstance(info, tuple) and len(info) == 3 and isinstance(info[1], BaseException):
            todo.append(info[1])
        cause = getattr(item, "cause", None)
        if isinstance(cause, BaseException):
            todo.append(cause)
        todo += [item.__cause__, item.__context__]
    return seen


def _message(exc: BaseException) -> str:
    """yt-dlp's message without its 'ERROR:' prefix and bug-report boilerplate."""
    text = getattr(exc, "orig_msg", None) or str(exc)
    text = re.sub(r"^ERROR:\s*", "", text)
    text = re.split(r";\s*please report this issue", text, maxsplit=1)[0]
    return " ".join(text.split())[:300]


def map_error(exc: BaseException, adapter: str) -> ProviderError:
    """The ProviderError a yt-dlp failure means (the caller raises it ``from exc``)."""
    # yt-dlp is imported when a search runs (_youtube_dl): a failure comes after it
    from yt_dlp.networking.exceptions import HTTPError as YtHTTPError
    from yt_dlp.networking.exceptions import TransportError as YtTransportError
    from yt_dlp.utils import ExtractorError, GeoRestrictedError, UnsupportedError, YoutubeDLError

    chain = _causes(exc)
    text = _message(exc)
    for item in chain:
        if isinstance(item, YtHTTPError):
            status = int(item.status)
            where = f"{adapter}: " + N_("YouTube answered HTTP {status}").format(status=status)
            if status == 429:
                return RateLimited(where + " (" + N_("rate limited") + ")", adapter=adapter, status=status)
            if status >= 500:
                return Unavailable(where + " (" + N_("server error") + ")", adapter=adapter, status=status)
            if status in (401, 403) and _BOT_CHECK.search(text):
                return RateLimited(where + " (" + N_("bot check") + ")", adapter=adapter, status=status)
            return Rejected(f"{where}: {text}", adapter=adapter, status=status)
    for item in chain:
        if isinstance(item, YtTransportError):
            return Unavailable(f"{adapter}: connection to YouTube failed ({type(item).__name__})",
                               adapter=adapter)
    if _BOT_CHECK.search(text):
        return RateLimited(f"{adapter}: YouTube asks to confirm this is not a bot: {text}",
                           adapter=adapter)
    for item in chain:
        if isinstance(item, (UnsupportedError, GeoRestrictedError)):
            return Rejected(f"{adapter}: {text}", adapter=adapter)
        if isinstance(item, ExtractorError):
            if item.expected:
                return Rejected(f"{adapter}: {text}", adapter=adapter)
            # an unexpected extractor error: YouTube's page no longer has the shape the
            # installed yt-dlp reads (fails over; upgrading yt-dlp usually fixes it)
            return ParseError(f"{adapter}: yt-dlp could not read YouTube's answer: {text}",
                              adapter=adapter, hint=N_("upgrade yt-dlp (pip install -U yt-dlp)"))
    if not isinstance(exc, YoutubeDLError):
        # not one of yt-dlp's own errors: a KeyError/TypeError inside an extractor means
        # the answer had a shape this yt-dlp does not know
        return ParseError(f"{adapter}: yt-dlp failed on YouTube's answer "
                          f"({type(exc).__name__})", adapter=adapter,
                          hint=N_("upgrade yt-dlp (pip install -U yt-dlp)"))
    return Unavailable(N_("{adapter}: yt-dlp failed: {error}").format(adapter=adapter, error=text),
                       adapter=adapter)


def _upload_date(entry: dict[str, Any]) -> str | None:
    raw = entry.get("upload_date")
    if isinstance(raw, str) and re.fullmatch(r"\d{8}", raw):
        return f"{raw[:4]}-{raw[4:6]}-{raw[6:]}"
    stamp = _count(entry.get("timestamp"))
    if stamp is not None:
        try:
            return dt.datetime.fromtimestamp(stamp, dt.timezone.utc).date().isoformat()
        except (OverflowError, ValueError, OSError):  # a year past 9999: no date
            return None
    return None


def _count(value: Any) -> float | None:
    """A number YouTube's answer gives (a duration, a view count, a timestamp): a finite
    one of 0 or more, else None (NaN and infinity stopped the search with a traceback)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        out = float(value)
    except OverflowError:  # an int past a float
        return None
    return out if math.isfinite(out) and out >= 0 else None


def _int(value: Any) -> int | None:
    n = _count(value)
    return int(n) if n is not None else None


def _text(*values: Any) -> str:
    """The first of an entry's text fields that is text, on one line, without control
    sequences and cut as a search result's title is (a dict there was written as its
    repr, a channel that was one stopped the search with a validation error)."""
    # cut before cleaning: cleaning a 10 MB title took seconds to keep 300 characters
    texts = (clean_text(as_text(v)[:_READ_CHARS]) for v in values)
    return next((trim(t, TITLE_CHARS) for t in texts if t), "")


def _youtube_dl(params: dict[str, Any]) -> YoutubeDLLike:
    """yt-dlp's ``YoutubeDL``, imported only when a search runs: importing yt-dlp costs
    ~0.15 s of CPU (~0.5 s wall), which a replay or a run whose video search was answered
    otherwise paid only to build the adapter (benchmarks/README.md, missionspeed3)."""
    import yt_dlp

    ydl: YoutubeDLLike = yt_dlp.YoutubeDL(params)
    return ydl


class YtDlpAdapter(VideoAdapter):
    type_name: ClassVar[str] = "yt_dlp"
    uses_http: ClassVar[bool] = False

    def __init__(self, name: str, settings: AdapterSettings,
                 client: httpx.Client | None = None, *,
                 ydl_factory: YdlFactory | None = None) -> None:
        if not isinstance(settings, YtDlpSettings):
            settings = YtDlpSettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.yt: YtDlpSettings = settings
        self.ydl_factory: YdlFactory = ydl_factory or _youtube_dl

    def params(self) -> dict[str, Any]:
        """YoutubeDL options: flat search only, nothing downloaded, written or retried."""
        return {
            "extract_flat": "in_playlist",
            "skip_download": True,
            "quiet": True,
            "no_warnings": True,
            "noprogress": True,
            "no_color": True,
            "logger": _Logger(),
            "cachedir": False,
            "socket_timeout": self.yt.timeout,
            "extractor_retries": 0,
            "retries": 0,
            "ignoreerrors": False,
            "noplaylist": False,
            # nothing is written, yet yt-dlp names each entry's file from this template:
            # the default's title made a 10 MB title cost seconds of filename sanitizing
            "outtmpl": {"default": "unused"},
        }

    def search_url(self, request: VideoSearchRequest) -> str:
        n = min(request.limit, self.yt.max_results)
        # yt-dlp reads everything after the colon as the query, newlines included
        return f"ytsearch{n}:{' '.join(request.query.split())}"

    def search_seconds(self, request: VideoSearchRequest) -> float:
        """The longest one search takes in all: a page of 20 results per request, each
        given its timeout to connect and again to be read, and the first page twice
        more (yt-dlp may fetch a consent or configuration page first)."""
        pages = -(-min(request.limit, self.yt.max_results) // 20)
        return 2 * float(self.yt.timeout) * (pages + 2)

    def _late(self, seconds: float) -> Unavailable:
        return Unavailable(f"{self.name}: " + N_("the search did not finish within "
                                                 "{seconds}s (timed out)").format(
                                                     seconds=f"{seconds:g}"),
                           adapter=self.name)

    def call(self, request: Request, credential: Secret | None = None) -> Reply[list[Video]]:
        if not isinstance(request, VideoSearchRequest):
            raise TypeError(f"{self.name} handles VideoSearchRequest, "
                            f"not {type(request).__name__}")
        url = self.search_url(request)
        ydl = self.ydl_factory(self.params())
        seconds = self.search_seconds(request)
        with ExchangeDeadline(seconds) as deadline:
            try:
                info = ydl.extract_info(url, download=False)
            except Exception as exc:  # yt-dlp's errors, and its bugs when YouTube changes
                if deadline.expired:
                    raise self._late(seconds) from exc
                raise map_error(exc, self.name) from exc
            finally:
                close = getattr(ydl, "close", None)
                if callable(close):
                    close()  # releases its HTTP handlers
        if deadline.expired:  # a page cut short by the shutdown may still have parsed
            raise self._late(seconds)
        if info is None:
            raise ParseError(f"{self.name}: yt-dlp returned no result for the search",
                             adapter=self.name)
        entries = info.get("entries") if isinstance(info, dict) else None
        if entries is None or isinstance(entries, (str, bytes, dict)) \
                or not hasattr(entries, "__iter__"):
            kind = info.get("_type") if isinstance(info, dict) else type(info).__name__
            raise ParseError(f"{self.name}: yt-dlp's answer is not a playlist "
                             f"(_type={(_text(kind)[:40] or None)!r})", adapter=self.name)
        videos: list[Video] = []
        skipped = 0
        for entry in itertools.islice(entries, _MAX_ENTRIES):
            video = self._video(entry)
            if video is None:
                skipped += 1
            else:
                videos.append(video)
        meta = {"requested": min(request.limit, self.yt.max_results), "entries": len(videos)
                + skipped, "skipped": skipped,
                "extractor": _text(info.get("extractor"))[:60] or None}
        return Reply(value=videos[: request.limit], meta=meta)

    def _video(self, entry: Any) -> Video | None:
        if not isinstance(entry, dict):
            return None
        ie_key = entry.get("ie_key")
        if entry.get("_type") in ("url", "url_transparent") and ie_key not in VIDEO_IE_KEYS:
            return None  # a channel or playlist result
        video_id = entry.get("id")
        if not isinstance(video_id, str) or not _ID.match(video_id):
            return None
        # a web address only: the id alone says where the video is
        url = next((u for u in (entry.get("url"), entry.get("webpage_url"))
                    if isinstance(u, str) and canonical_url(u)), None)
        return Video(
            id=video_id,
            url=url or f"https://www.youtube.com/watch?v={video_id}",
            title=_text(entry.get("title")),
            channel=_text(entry.get("channel"), entry.get("uploader")) or None,
            duration=_count(entry.get("duration")),
            view_count=_int(entry.get("view_count")),
            upload_date=_upload_date(entry),
            adapter=self.name,
        )
