"""YouTube transcripts through the REAL youtube-transcript-api 1.x code, offline.

The library's requests.Session is injected with a fake transport (tests/fakes/media.py)
that serves a stand-in watch page, real InnerTube player answers recorded by the
library's author (captions / disabled / unavailable / age-restricted; trimmed, see
tests/fixtures/providers/youtube/SOURCES.md) and the real timedtext XML.
"""

from __future__ import annotations

import json

import pytest
import requests

from scout.config.settings import TranscriptSettings
from scout.adapters.youtube_transcripts import TimeoutSession, YouTubeTranscriptAdapter
from scout.errors import ParseError, RateLimited, Rejected, Unavailable
from scout.adapters.contract import TranscriptRequest
from scout.schemas.sources import Transcript
from tests.fakes.media import FIXTURES, FakeYouTube, innertube, load_json, youtube_session

CAPTIONS = "innertube-player-captions-GJLlxj_dtq8.json"  # zh cs en en(asr) de hi ja ko es
EN_MANUAL_AND_ASR = "innertube-player-captions-F1xioXWb8CY.json"


def make(player: str | bytes, **settings: object) -> tuple[YouTubeTranscriptAdapter, FakeYouTube]:
    body = innertube(player) if isinstance(player, str) else player
    fake = FakeYouTube(body, fail=settings.pop("fail", None))  # type: ignore[arg-type]
    cfg = TranscriptSettings(type="youtube_transcripts", **settings)
    adapter = YouTubeTranscriptAdapter("youtube_transcripts", cfg,
                                       session_factory=lambda: youtube_session(fake))
    return adapter, fake


def fetch(adapter: YouTubeTranscriptAdapter, video_id: str = "GJLlxj_dtq8",
          languages: list[str] | None = None) -> Transcript:
    return adapter.call(TranscriptRequest(video_id=video_id, languages=languages)).value


# --- ok ----------------------------------------------------------------------------------


def test_fetches_the_preferred_language_from_real_timedtext_xml() -> None:
    adapter, fake = make(CAPTIONS, languages=["en"])
    reply = adapter.call(TranscriptRequest(video_id="GJLlxj_dtq8"))
    t = reply.value
    assert (t.status, t.video_id, t.language_code, t.language) == \
        ("ok", "GJLlxj_dtq8", "en", "English")
    assert t.is_generated is False and t.translated_from is None
    # the XML's four <text> nodes: markup stripped, the empty one dropped
    assert [(s.text, s.start, s.duration) for s in t.segments] == [
        ("Hey, this is just a test", 0.0, 1.54),
        ("this is not the original transcript", 1.54, 4.16),
        ("just something shorter, I made up for testing", 5.7, 3.239),
    ]
    assert reply.meta == {"status": "ok", "segments": 3, "language_code": "en",
                          "translated_from": None}
    # the real library flow ran: watch page, InnerTube player (with the page's key), timedtext
    paths = [url.split("?")[0] for _m, url in fake.calls]
    assert paths == ["https://www.youtube.com/watch", "https://www.youtube.com/youtubei/v1/player",
                     "https://www.youtube.com/api/timedtext"]
    assert "key=FAKE_innertube_key_0123" in fake.calls[1][1]
    assert fake.timedtext_queries()[0]["lang"] == ["en"]


def test_segments_match_the_documented_1x_shape() -> None:
    """Our Segment fields are the 1.x FetchedTranscriptSnippet / to_raw_data() fields."""
    raw = load_json(FIXTURES / "youtube" / "youtube-transcript-api-1x-to-raw-data.json")
    fetched = load_json(FIXTURES / "youtube" / "youtube-transcript-api-1x-fetched-transcript.json")
    from scout.schemas.sources import Segment
    assert [Segment(**s).model_dump() for s in raw] == raw
    assert set(fetched) - {"snippets"} <= {"video_id", "language", "language_code",
                                          "is_generated"}
    assert set(fetched) - {"snippets"} <= set(Transcript.model_fields)


def test_language_preference_order_from_request_then_config() -> None:
    adapter, fake = make(CAPTIONS, languages=["xx", "de", "en"])
    assert fetch(adapter).language_code == "de"  # first preferred language that exists
    assert fetch(adapter, languages=["ko", "en"]).language_code == "ko"  # request wins
    assert [q["lang"] for q in fake.timedtext_queries()] == [["de"], ["ko"]]


def test_manual_transcript_is_preferred_over_generated() -> None:
    adapter, fake = make(EN_MANUAL_AND_ASR, languages=["en"])
    t = fetch(adapter, "F1xioXWb8CY")
    assert t.is_generated is False
    assert "kind" not in fake.timedtext_queries()[0]


def test_translation_to_the_configured_language_where_offered() -> None:
    adapter, fake = make(CAPTIONS, languages=["fr"], translate_to="fr")
    t = fetch(adapter)
    assert t.status == "ok"
    assert t.language_code == "fr" and t.language == "French"
    assert t.translated_from == "zh"  # the first manual, translatable track
    assert t.is_generated is True  # a machine translation
    query = fake.timedtext_queries()[0]
    assert query["tlang"] == ["fr"] and query["lang"] == ["zh"]


def test_no_translation_when_the_target_is_not_offered() -> None:
    adapter, _ = make(CAPTIONS, languages=["sw"], translate_to="sw")
    t = fetch(adapter)
    assert t.status == "not_found"
    assert "no transcript in sw (or translatable to sw)" in (t.reason or "")


def test_proxy_from_config_reaches_the_library_session() -> None:
    adapter, fake = make(CAPTIONS, proxy="http://proxy.internal:3128")
    fetch(adapter)
    assert fake.proxies and all(p.get("https") == "http://proxy.internal:3128"
                                and p.get("http") == "http://proxy.internal:3128"
                                for p in fake.proxies)
    adapter, fake = make(CAPTIONS)
    fetch(adapter)
    assert all(not p for p in fake.proxies)


# --- per-item outcomes: recorded, not raised ----------------------------------------------


def test_transcripts_disabled_is_an_outcome() -> None:
    adapter, _ = make("innertube-player-transcripts-disabled.json")
    reply = adapter.call(TranscriptRequest(video_id="dsMFmonKDD4"))
    t = reply.value
    assert (t.status, t.reason, t.segments) == \
        ("disabled", "subtitles are disabled for this video", [])
    assert reply.meta["status"] == "disabled" and reply.items == 1


def test_no_transcript_in_the_wanted_languages_is_an_outcome() -> None:
    adapter, fake = make(CAPTIONS, languages=["fr", "it"])  # translate_to unset
    t = fetch(adapter)
    assert t.status == "not_found"
    assert t.reason is not None and t.reason.startswith("no transcript in fr, it; the video has:")
    assert "en (generated)" in t.reason and "zh" in t.reason
    assert not fake.timedtext_queries()  # nothing was downloaded


def test_video_unavailable_is_an_outcome() -> None:
    adapter, _ = make("innertube-player-video-unavailable.json")
    t = fetch(adapter, "removed0001")
    assert (t.status, t.reason) == ("unavailable", "the video is no longer available")


def test_age_restricted_is_unavailable() -> None:
    adapter, _ = make("innertube-player-age-restricted.json")
    assert fetch(adapter).status == "unavailable"
    assert "age-restricted" in (fetch(adapter).reason or "")


def test_unplayable_video_is_unavailable_with_the_reason() -> None:
    player = json.dumps({"playabilityStatus": {"status": "UNPLAYABLE",
                                               "reason": "Video unavailable in your country"}})
    adapter, _ = make(player.encode())
    t = fetch(adapter)
    assert t.status == "unavailable"
    assert t.reason == "the video is unplayable: Video unavailable in your country"


def test_url_instead_of_id_is_unavailable_with_a_hint() -> None:
    adapter, _ = make("innertube-player-video-unavailable.json")
    t = fetch(adapter, "https://www.youtube.com/watch?v=GJLlxj_dtq8")
    assert t.status == "unavailable" and "not a video id" in (t.reason or "")


# --- provider failures: raised, for retry and failover ---------------------------------------


def test_ip_block_is_rate_limited() -> None:
    adapter, _ = make(CAPTIONS, fail={"/watch": 429})
    with pytest.raises(RateLimited, match="blocking requests"):
        fetch(adapter)


@pytest.mark.parametrize("status,error", [(500, Unavailable), (503, Unavailable),
                                          (404, Rejected), (403, RateLimited)])
def test_http_failures_map_by_status(status: int, error: type) -> None:
    adapter, _ = make(CAPTIONS, fail={"/youtubei/v1/player": status})
    with pytest.raises(error) as info:
        fetch(adapter)
    assert info.value.status == status


def test_connection_errors_are_unavailable_without_the_proxy_url() -> None:
    failure = requests.ConnectionError("proxy http://user:pw@proxy.internal:3128 refused")
    adapter, _ = make(CAPTIONS, proxy="http://user:pw@proxy.internal:3128",
                      fail={"/watch": failure})
    with pytest.raises(Unavailable) as info:
        fetch(adapter)
    assert "pw@" not in str(info.value) and "connection failed" in str(info.value)
    adapter, _ = make(CAPTIONS, fail={"/api/timedtext": requests.ReadTimeout("slow")})
    with pytest.raises(Unavailable, match="timed out"):
        fetch(adapter)


def test_broken_answers_are_parse_errors() -> None:
    adapter, _ = make(b"{not json")
    with pytest.raises(ParseError):
        fetch(adapter)
    fake = FakeYouTube(innertube(CAPTIONS), timedtext=b"<transcript><text start='0'>cut")
    adapter = YouTubeTranscriptAdapter("youtube_transcripts",
                                       TranscriptSettings(type="youtube_transcripts"),
                                       session_factory=lambda: youtube_session(fake))
    with pytest.raises(ParseError):
        fetch(adapter)


def test_default_session_has_the_configured_timeout() -> None:
    adapter = YouTubeTranscriptAdapter("youtube_transcripts",
                                       TranscriptSettings(type="youtube_transcripts", timeout="7s"))
    session = adapter.session_factory()
    assert isinstance(session, TimeoutSession) and session._timeout == 7.0
    assert YouTubeTranscriptAdapter.uses_http is False
