"""yt-dlp video search, driven through the REAL ``yt_dlp.YoutubeDL``.

How the recorded data was built (be clear about it): no real captured info dict of a
``ytsearchN:`` flat search exists in the fixtures (see tests/fixtures/providers/youtube/
SOURCES.md). The entries below are therefore hand-built in the exact shape yt-dlp
2026.10.26 produces them: ``YoutubeTabBaseInfoExtractor._extract_video`` (a video result:
``_type: url``, ``ie_key: Youtube``, id, url, title, description, duration, channel_id,
channel, channel_url, uploader, uploader_id, uploader_url, thumbnails, timestamp,
release_timestamp, availability, view_count / concurrent_view_count, live_status,
channel_is_verified) and ``_extract_channel_renderer`` (a channel result, ``ie_key:
YoutubeTab``), both in ``yt_dlp/extractor/youtube/_tab.py``. Ids, titles and counts are
invented. Only the network part is replaced: a subclass of yt-dlp's own
``YoutubeSearchIE`` yields these entries from ``_search_results`` (or raises), and the
real ``YoutubeDL.extract_info`` does everything else - the ``ytsearchN:`` parsing, the
playlist and ``extract_flat`` processing, and the ExtractorError → DownloadError wrapping
the adapter has to map.
"""

from __future__ import annotations

import io
import subprocess
import sys
from typing import Any

import pytest
import yt_dlp
from yt_dlp.extractor.youtube import YoutubeSearchIE
from yt_dlp.networking import Response
from yt_dlp.networking.exceptions import HTTPError, TransportError
from yt_dlp.utils import ExtractorError

from scout.config.settings import YtDlpSettings
from scout.adapters.yt_dlp import YtDlpAdapter, map_error
from scout.errors import ParseError, RateLimited, Rejected, Unavailable
from scout.adapters.contract import VideoSearchRequest


def video_entry(video_id: str, title: str, channel: str, channel_id: str, duration: int | None,
                views: int | None, *, shorts: bool = False, live: bool = False,
                handle: str | None = None) -> dict[str, Any]:
    """A flat entry with the keys ``_extract_video`` returns, in its order."""
    url = (f"https://www.youtube.com/shorts/{video_id}" if shorts
           else f"https://www.youtube.com/watch?v={video_id}")
    return {
        "_type": "url",
        "ie_key": "Youtube",
        "id": video_id,
        "url": url,
        "title": title,
        "description": f"{title} - full tour and honest review",
        "duration": duration,
        "channel_id": channel_id,
        "channel": channel,
        "channel_url": f"https://www.youtube.com/channel/{channel_id}",
        "uploader": channel,
        "uploader_id": handle,
        "uploader_url": f"https://www.youtube.com/{handle}" if handle else None,
        "thumbnails": [{"url": f"https://i.ytimg.com/vi/{video_id}/hq720.jpg", "height": 202,
                        "width": 360}],
        "timestamp": None,  # only with extractor-arg approximate_date
        "release_timestamp": None,
        "availability": None,
        ("concurrent_view_count" if live else "view_count"): views,
        "live_status": "is_live" if live else None,
        "channel_is_verified": True if handle else None,
    }


CHANNEL_ENTRY = {  # _extract_channel_renderer: a channel among the search results
    "_type": "url", "url": "https://www.youtube.com/channel/UCbcnTravelGuides000001",
    "id": "UCbcnTravelGuides000001", "ie_key": "YoutubeTab", "channel": "BCN Travel Guides",
    "uploader": "BCN Travel Guides", "channel_id": "UCbcnTravelGuides000001",
    "channel_url": "https://www.youtube.com/channel/UCbcnTravelGuides000001",
    "title": "BCN Travel Guides", "uploader_id": "@bcntravel",
    "uploader_url": "https://www.youtube.com/@bcntravel", "channel_follower_count": 120000,
    "thumbnails": [], "playlist_count": None, "description": None,
    "channel_is_verified": None,
}

ENTRIES = [
    video_entry("Qw3rTy9Zx1A", "Hotel Arts Barcelona - room tour 2026", "Luxury Travel Diary",
                "UCluxTravelDiary00000001", 754, 183402, handle="@luxurytraveldiary"),
    CHANNEL_ENTRY,
    video_entry("b4RcN_h0tL2", "Top 10 hotels in Barcelona under 200 EUR", "Spain Explained",
                "UCspainExplained0000001", 1321, 50211),
    video_entry("sH0rt-bcn_3", "Barcelona rooftop pool #shorts", "Quick Trips",
                "UCquickTrips00000000001", None, 9001, shorts=True),
    video_entry("L1ve-Cam_04", "Barcelona beach live cam", "Webcams ES",
                "UCwebcamsES000000000001", None, 312, live=True),
]


class RecordedSearchIE(YoutubeSearchIE):
    """yt-dlp's YouTube search extractor with its network part replaced."""

    def __init__(self, entries: list[dict[str, Any]] | None = None,
                 error: BaseException | None = None) -> None:
        super().__init__()
        self.entries = entries or []
        self.error = error
        self.queries: list[str] = []

    @classmethod
    def ie_key(cls) -> str:
        return "YoutubeSearch"

    def _search_results(self, query: str, *args: Any, **kwargs: Any):
        self.queries.append(query)
        if self.error is not None:
            raise self.error
        yield from (dict(e) for e in self.entries)


class Factory:
    """A YoutubeDL factory: the real YoutubeDL, with only our search extractor registered."""

    def __init__(self, ie: RecordedSearchIE) -> None:
        self.ie = ie
        self.params: list[dict[str, Any]] = []
        self.closed = 0

    def __call__(self, params: dict[str, Any]) -> yt_dlp.YoutubeDL:
        self.params.append(params)
        # auto_init=False: no default extractors, so nothing can reach YouTube
        ydl = yt_dlp.YoutubeDL(params, auto_init=False)
        ydl.add_info_extractor(self.ie)
        close = ydl.close

        def counted_close() -> None:
            self.closed += 1
            close()

        ydl.close = counted_close  # type: ignore[method-assign]
        return ydl


def make(entries: list[dict[str, Any]] | None = None, error: BaseException | None = None,
         **settings: Any) -> tuple[YtDlpAdapter, Factory]:
    factory = Factory(RecordedSearchIE(entries, error))
    cfg = YtDlpSettings(type="yt_dlp", **settings)
    return YtDlpAdapter("yt_dlp", cfg, ydl_factory=factory), factory


def http_error(status: int) -> HTTPError:
    return HTTPError(Response(io.BytesIO(b""), "https://www.youtube.com/youtubei/v1/search",
                              {}, status=status, reason="x"))


# --- results -----------------------------------------------------------------------------


def test_flat_search_returns_videos() -> None:
    adapter, factory = make(ENTRIES)
    reply = adapter.call(VideoSearchRequest(query="hotels in Barcelona", limit=5))
    videos = reply.value
    assert [v.id for v in videos] == ["Qw3rTy9Zx1A", "b4RcN_h0tL2", "sH0rt-bcn_3", "L1ve-Cam_04"]
    first = videos[0]
    assert first.url == "https://www.youtube.com/watch?v=Qw3rTy9Zx1A"
    assert first.title == "Hotel Arts Barcelona - room tour 2026"
    assert first.channel == "Luxury Travel Diary"
    assert first.duration == 754.0 and first.view_count == 183402
    assert first.upload_date is None  # flat search results carry no date
    assert first.adapter == "yt_dlp"
    assert videos[2].url == "https://www.youtube.com/shorts/sH0rt-bcn_3"
    assert videos[2].duration is None
    assert videos[3].view_count is None  # live: concurrent viewers are not views
    assert reply.meta == {"requested": 5, "entries": 5, "skipped": 1,
                          "extractor": "youtube:search"}
    assert factory.ie.queries == ["hotels in Barcelona"]


def test_search_url_limit_and_params_download_nothing() -> None:
    adapter, factory = make(ENTRIES, max_results=3)
    reply = adapter.call(VideoSearchRequest(query="  hotels\n in   Barcelona ", limit=10))
    assert adapter.search_url(VideoSearchRequest(query="a b", limit=10)) == "ytsearch3:a b"
    assert len(reply.value) <= 3
    params = factory.params[0]
    assert params["extract_flat"] == "in_playlist"
    assert params["skip_download"] is True
    assert params["cachedir"] is False  # writes nothing under ~/.cache
    assert params["extractor_retries"] == 0 and params["retries"] == 0  # retry is not ours
    assert params["socket_timeout"] == adapter.settings.timeout
    assert factory.closed == 1


def test_upload_date_when_yt_dlp_gives_one() -> None:
    dated = dict(ENTRIES[0], upload_date="20260412")
    stamped = dict(ENTRIES[2], timestamp=1767225600)  # 2026-01-01T00:00:00Z
    adapter, _ = make([dated, stamped])
    videos = adapter.call(VideoSearchRequest(query="q")).value
    assert [v.upload_date for v in videos] == ["2026-04-12", "2026-01-01"]


def test_empty_search_is_an_answer_not_an_error() -> None:
    adapter, factory = make([])
    reply = adapter.call(VideoSearchRequest(query="zzzz no such thing"))
    assert reply.value == [] and reply.items == 0
    assert reply.meta["entries"] == 0
    assert factory.closed == 1


def test_default_factory_is_yt_dlp() -> None:
    adapter = YtDlpAdapter("yt_dlp", YtDlpSettings(type="yt_dlp"))
    ydl = adapter.ydl_factory(adapter.params())
    try:
        assert type(ydl) is yt_dlp.YoutubeDL
        assert ydl.params["extract_flat"] == "in_playlist"
    finally:
        ydl.close()  # type: ignore[attr-defined]
    assert YtDlpAdapter.uses_http is False


PROBE = """
import sys
from scout.config.settings import YtDlpSettings
from scout.adapters.yt_dlp import YtDlpAdapter
YtDlpAdapter("yt_dlp", YtDlpSettings(type="yt_dlp"))
print("LOADED=" + str("yt_dlp" in sys.modules))
"""


def test_building_the_adapter_does_not_import_yt_dlp(subprocess_env: dict[str, str]) -> None:
    """A replay answers a video search from its cassette: building the adapter must not
    cost yt-dlp's import (~0.15 s of CPU); a search imports it."""
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         env=subprocess_env, timeout=120, check=False)
    assert "LOADED=False" in out.stdout, out.stdout + out.stderr


# --- errors ------------------------------------------------------------------------------


def test_extractor_error_is_a_parse_error() -> None:
    adapter, factory = make(error=ExtractorError("Unable to extract yt initial data",
                                                 ie="youtube:search"))
    with pytest.raises(ParseError) as info:
        adapter.call(VideoSearchRequest(query="hotels"))
    err = info.value
    assert "Unable to extract yt initial data" in str(err)
    assert "please report this issue" not in str(err)  # yt-dlp's boilerplate is cut
    assert type(err.__cause__).__name__ == "DownloadError"  # what YoutubeDL really raised
    assert "upgrade yt-dlp" in (err.hint or "")
    assert factory.closed == 1


def test_expected_extractor_error_is_rejected() -> None:
    adapter, _ = make(error=ExtractorError("This search is not allowed", expected=True))
    with pytest.raises(Rejected, match="not allowed"):
        adapter.call(VideoSearchRequest(query="hotels"))


@pytest.mark.parametrize("status,error", [(429, RateLimited), (503, Unavailable),
                                          (404, Rejected)])
def test_http_errors_inside_extractor_errors(status: int, error: type) -> None:
    cause = http_error(status)
    adapter, _ = make(error=ExtractorError("Unable to download API page", cause=cause))
    with pytest.raises(error) as info:
        adapter.call(VideoSearchRequest(query="hotels"))
    assert info.value.status == status


def test_bot_check_is_rate_limited() -> None:
    adapter, _ = make(error=ExtractorError(
        "Sign in to confirm you're not a bot. Use --cookies-from-browser", expected=True))
    with pytest.raises(RateLimited, match="not a bot"):
        adapter.call(VideoSearchRequest(query="hotels"))


def test_transport_error_is_unavailable() -> None:
    adapter, _ = make(error=TransportError(cause=OSError("network unreachable")))
    with pytest.raises(Unavailable, match="connection to YouTube failed"):
        adapter.call(VideoSearchRequest(query="hotels"))


def test_a_bug_inside_the_extractor_is_a_parse_error() -> None:
    adapter, _ = make(error=KeyError("contents"))
    with pytest.raises(ParseError, match="KeyError"):
        adapter.call(VideoSearchRequest(query="hotels"))


def test_map_error_follows_download_error_exc_info() -> None:
    from yt_dlp.utils import DownloadError
    try:
        raise http_error(429)
    except HTTPError:
        import sys
        wrapped = DownloadError("ERROR: unable to download", sys.exc_info())
    assert isinstance(map_error(wrapped, "yt_dlp"), RateLimited)


# --- hostile answers ---------------------------------------------------------------------


def test_a_10_mb_title_is_cut_quickly_through_the_real_youtubedl() -> None:
    """A title, description and channel of 10 MB each: the video keeps 300 characters of
    each, with no bidi control left, and the search takes well under a second of CPU (it
    took 17 s: yt-dlp named an output file from the title, then scout cleaned all of it)."""
    import time

    huge = "Hotel \u202e" + "arts " * 2_000_000
    entry = dict(ENTRIES[0], title=huge, description=huge, channel=huge, uploader=huge)
    adapter, _ = make([entry])
    # CPU time, not wall time: the work is this process's own (17 s of it before), and a
    # loaded machine stretches the wall clock, never the work
    started = time.process_time()
    video = adapter.call(VideoSearchRequest(query="hotels")).value[0]
    assert time.process_time() - started < 3
    assert video.title.startswith("Hotel arts arts") and len(video.title) <= 300
    assert video.channel is not None and len(video.channel) <= 300
    assert "\u202e" not in video.title + video.channel


class _EndlessSearch:
    """A YoutubeDL stand-in whose playlist goes on (an extractor that changed): 100,000
    entries, a bound an unbounded read would pass without hanging the test."""

    def __init__(self, _params: dict[str, Any]) -> None:
        pass

    def extract_info(self, url: str, download: bool = False) -> dict[str, Any]:
        endless = (dict(ENTRIES[0], id=f"v{n:010d}") for n in range(100_000))
        return {"_type": "playlist", "entries": endless, "extractor": "x" * 1_000_000}


def test_a_playlist_of_thousands_is_read_to_a_bound_and_its_fields_are_cut() -> None:
    adapter = YtDlpAdapter("yt_dlp", YtDlpSettings(type="yt_dlp"), ydl_factory=_EndlessSearch)
    reply = adapter.call(VideoSearchRequest(query="hotels", limit=5))
    assert len(reply.value) == 5
    assert 5 < reply.meta["entries"] <= 1000 and len(reply.meta["extractor"]) <= 60


@pytest.mark.parametrize("answer", [["a list"], {"_type": "x" * 1_000_000},
                                    {"entries": "not a list"}, {"entries": 12}])
def test_an_answer_that_is_no_playlist_is_a_short_parse_error(answer: Any) -> None:
    class Odd:
        def __init__(self, _params: dict[str, Any]) -> None:
            pass

        def extract_info(self, url: str, download: bool = False) -> Any:
            return answer

    adapter = YtDlpAdapter("yt_dlp", YtDlpSettings(type="yt_dlp"), ydl_factory=Odd)
    with pytest.raises(ParseError, match="not a playlist") as info:
        adapter.call(VideoSearchRequest(query="hotels"))
    assert len(str(info.value)) < 200
