"""The fake server's YouTube: video search and transcripts from what the author seeds.

YouTube is not a URL a config can point elsewhere (yt-dlp and youtube-transcript-api
talk to youtube.com themselves), so the two real adapters are built with only their
network part pointed at :class:`~scout.testing.server.FakeProviders` — the way their own
tests seam them — and everything else (the adapters, the libraries' parsing, the
providers layer) runs unchanged:

- ``videos`` (type ``yt_dlp``): the real ``YoutubeDL`` with yt-dlp's own YouTube search
  extractor, whose results page is fetched through yt-dlp's HTTP stack from
  ``GET /youtube/search?q=...``: the seeded videos as the flat entries that extractor
  yields (``_type: url``, id, title, duration, channel, view_count, …). An HTTP error the
  author injects reaches the adapter as yt-dlp's own error.
- ``transcripts`` (type ``youtube_transcripts``): a ``requests`` session that sends every
  youtube.com request to ``/youtube/<path>`` on the fake, which answers in YouTube's
  shapes: the watch page (its InnerTube key), the InnerTube player answer (playability and
  caption tracks) and the timedtext XML of each track.

The answers are built here from the seeds; :mod:`scout.testing.server` answers with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit
from xml.sax.saxutils import escape, quoteattr

import requests
from requests.adapters import HTTPAdapter

#: what YouTube accepts as a video id; yt-dlp's adapter drops entries without one
VIDEO_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
#: why a video has no transcript, as youtube-transcript-api tells the adapter
NO_TRANSCRIPT = ("disabled", "unavailable", "age_restricted")
_YOUTUBE_HOSTS = frozenset({"www.youtube.com", "youtube.com", "m.youtube.com"})
#: the watch page: the library reads only the InnerTube key from it
WATCH_HTML = ('<!DOCTYPE html><html><head><script>ytcfg.set({"INNERTUBE_API_KEY": '
              '"scout_testing_innertube_key"});</script></head><body></body></html>')


def check_video_id(video_id: str) -> str:
    """``video_id`` when YouTube could have it; a ValueError that says why otherwise."""
    if not isinstance(video_id, str) or not VIDEO_ID.match(video_id):
        raise ValueError(f"{video_id!r} is not a YouTube video id: 11 letters, digits, '-' "
                         "or '_' (e.g. 'rlog15minES'); the videos step drops anything else")
    return video_id


@dataclass(frozen=True)
class VideoResult:
    """One video a YouTube search returns (``fake.videos``). ``duration`` in seconds
    (None: a live stream); ``upload_date`` ``YYYY-MM-DD`` (flat search results rarely
    carry one)."""

    id: str
    title: str
    channel: str | None = None
    duration: float | None = None
    views: int | None = None
    upload_date: str | None = None

    def __post_init__(self) -> None:
        check_video_id(self.id)
        if self.upload_date is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}",
                                                              self.upload_date):
            raise ValueError(f"upload_date {self.upload_date!r}: write it as YYYY-MM-DD")


@dataclass(frozen=True)
class Track:
    """One caption track of a video (``fake.transcript``): lines as (second, text)."""

    lang: str
    lines: tuple[tuple[float, str], ...]
    generated: bool = False


def search_entry(video: VideoResult) -> dict[str, Any]:
    """The flat entry yt-dlp's YouTube search extractor yields for a video result."""
    return {
        "_type": "url", "ie_key": "Youtube", "id": video.id,
        "url": f"https://www.youtube.com/watch?v={video.id}",
        "title": video.title, "duration": video.duration,
        "channel": video.channel, "uploader": video.channel, "view_count": video.views,
        "upload_date": video.upload_date.replace("-", "") if video.upload_date else None,
        "thumbnails": [{"url": f"https://i.ytimg.com/vi/{video.id}/hq720.jpg",
                        "height": 202, "width": 360}],
    }


def _language_name(code: str) -> str:
    try:
        from babel import Locale

        return str(Locale.parse("en").languages.get(code.split("-")[0], code))
    except (ValueError, LookupError):
        return code


def player_answer(video_id: str, tracks: Iterable[Track], why: str | None) -> dict[str, Any]:
    """The InnerTube player answer: playability, and the caption tracks when there are
    any (none: YouTube leaves ``captions`` out, which the library reads as disabled)."""
    if why == "unavailable":
        return {"playabilityStatus": {"status": "ERROR", "reason": "This video is unavailable"}}
    if why == "age_restricted":
        return {"playabilityStatus": {"status": "LOGIN_REQUIRED",
                                      "reason": "This video may be inappropriate for some users."}}
    answer: dict[str, Any] = {"playabilityStatus": {"status": "OK", "playableInEmbed": True}}
    rows = list(tracks)
    if why is None and rows:
        answer["captions"] = {"playerCaptionsTracklistRenderer": {
            "captionTracks": [_caption_track(video_id, t) for t in rows],
            "translationLanguages": [],
        }}
    return answer


def _caption_track(video_id: str, track: Track) -> dict[str, Any]:
    query = {"v": video_id, "lang": track.lang, **({"kind": "asr"} if track.generated else {})}
    entry: dict[str, Any] = {
        "baseUrl": f"https://www.youtube.com/api/timedtext?{urlencode(query)}&fmt=srv3",
        "name": {"runs": [{"text": _language_name(track.lang)
                           + (" (auto-generated)" if track.generated else "")}]},
        "vssId": ("a." if track.generated else ".") + track.lang,
        "languageCode": track.lang, "isTranslatable": False, "trackName": ""}
    if track.generated:
        entry["kind"] = "asr"
    return entry


def timedtext(track: Track) -> bytes:
    """A track's lines in YouTube's timedtext XML; each line lasts until the next."""
    starts = [t for t, _ in track.lines]
    body = "".join(
        f'<text start={quoteattr(f"{t:g}")} '
        f'dur={quoteattr(f"{(starts[i + 1] - t) if i + 1 < len(starts) else 4.0:g}")}>'
        f"{escape(text)}</text>"
        for i, (t, text) in enumerate(track.lines))
    return f'<?xml version="1.0" encoding="utf-8" ?><transcript>{body}</transcript>'.encode()


# --- the adapters' network seams ---------------------------------------------------------


def _search_extractor(base_url: str) -> Any:
    from yt_dlp.extractor.youtube import YoutubeSearchIE  # heavy: only when videos run

    class SeededSearchIE(YoutubeSearchIE):  # type: ignore[misc]
        """yt-dlp's YouTube search extractor; its results page comes from the fake."""

        @classmethod
        def ie_key(cls) -> str:
            return "YoutubeSearch"

        def _search_results(self, query: str, *args: Any, **kwargs: Any) -> Iterator[Any]:
            doc = self._download_json(f"{base_url}/youtube/search", query,
                                      query={"q": query}, note=False)
            yield from (doc or {}).get("entries") or []

    return SeededSearchIE()


def ydl_factory(base_url: str) -> Callable[[dict[str, Any]], Any]:
    """A ``YoutubeDL`` factory for the yt_dlp adapter: the real YoutubeDL with only the
    seeded search extractor registered, so nothing can reach YouTube."""
    def make(params: dict[str, Any]) -> Any:
        import yt_dlp

        # proxy "": a direct connection to the fake, whatever the environment's proxy
        ydl = yt_dlp.YoutubeDL({**params, "proxy": ""}, auto_init=False)
        ydl.add_info_extractor(_search_extractor(base_url))
        return ydl

    return make


class _ToFake(HTTPAdapter):
    """Sends youtube.com requests to the fake's ``/youtube/`` routes; refuses the rest."""

    def __init__(self, base_url: str) -> None:
        super().__init__()
        self.base_url = base_url

    def send(self, request: requests.PreparedRequest, *args: Any, **kwargs: Any
             ) -> requests.Response:
        parts = urlsplit(str(request.url))
        if parts.hostname not in _YOUTUBE_HOSTS:
            raise requests.ConnectionError(f"scout.testing fakes YouTube only, not "
                                           f"{parts.hostname}")
        request.url = f"{self.base_url}/youtube{parts.path}" + \
            (f"?{parts.query}" if parts.query else "")
        kwargs["proxies"] = {}  # straight to 127.0.0.1
        return super().send(request, *args, **kwargs)


def youtube_session_factory(base_url: str, timeout: float) -> Callable[[], requests.Session]:
    """A session factory for the youtube_transcripts adapter: every request goes to the
    fake (the adapter's own timeout kept)."""
    from scout.adapters.youtube_transcripts import TimeoutSession

    def make() -> requests.Session:
        session = TimeoutSession(timeout)
        session.trust_env = False  # no proxy from the environment
        adapter = _ToFake(base_url)
        session.mount("https://", adapter)
        session.mount("http://", adapter)
        return session

    return make


def adapter_factory(base_url: str) -> Callable[..., Any]:
    """The providers layer's adapter factory for an offline run: the YouTube adapters on
    the fake, every other adapter built as scout builds it."""
    def make(name: str, settings: Any, client: Any) -> Any:
        from scout.config.adaptertypes import ADAPTER_TYPES

        if settings.type == "yt_dlp":
            from scout.adapters.yt_dlp import YtDlpAdapter

            return YtDlpAdapter(name, settings, None, ydl_factory=ydl_factory(base_url))
        if settings.type == "youtube_transcripts":
            from scout.adapters.youtube_transcripts import YouTubeTranscriptAdapter

            return YouTubeTranscriptAdapter(
                name, settings, None,
                session_factory=youtube_session_factory(base_url, settings.timeout))
        cls = ADAPTER_TYPES[settings.type].load()
        return cls(name, settings, client if getattr(cls, "uses_http", True) else None)

    return make
