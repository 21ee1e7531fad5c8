"""scout.testing's fake YouTube: the videos an author seeds come back through the real
yt_dlp adapter (yt-dlp's own YoutubeDL and search extractor, its HTTP stack), and their
transcripts through the real youtube_transcripts adapter (youtube-transcript-api reading
the fake's watch page, InnerTube player answer and timedtext XML). Mistakes in the seeds
are clear errors at the line that seeds them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scout.adapters.contract import TranscriptRequest, VideoSearchRequest
from scout.config.settings import TranscriptSettings, YtDlpSettings
from scout.errors import RateLimited, Unavailable
from scout.testing import FakeProviders, VideoResult
from scout.testing.youtube import adapter_factory


@pytest.fixture
def fake() -> Iterator[FakeProviders]:
    with FakeProviders() as f:
        yield f


def _videos(fake: FakeProviders, query: str, limit: int = 10) -> list[Any]:
    adapter = adapter_factory(fake.url)("yt", YtDlpSettings(type="yt_dlp", max_results=50), None)
    return adapter.call(VideoSearchRequest(query=query, limit=limit)).value


def _transcript(fake: FakeProviders, video_id: str, languages: list[str]) -> Any:
    settings = TranscriptSettings(type="youtube_transcripts")
    adapter = adapter_factory(fake.url)("tx", settings, None)
    return adapter.call(TranscriptRequest(video_id=video_id, languages=languages)).value


def test_seeded_videos_come_back_through_yt_dlp(fake: FakeProviders) -> None:
    fake.videos("rust", [VideoResult("rustAsync01", "Async Rust", channel="RustConf",
                                     duration=1140, views=48000, upload_date="2024-05-02"),
                         VideoResult("rustLive001", "Rust live", channel="Streams")])
    fake.videos("rust async", [VideoResult("rustAsync02", "Only this one")])  # later wins
    fake.default_videos = [VideoResult("anything001", "Anything")]

    got = _videos(fake, "Rust ownership")
    assert [(v.id, v.title, v.channel, v.duration, v.view_count, v.upload_date, v.url)
            for v in got] == [
        ("rustAsync01", "Async Rust", "RustConf", 1140.0, 48000, "2024-05-02",
         "https://www.youtube.com/watch?v=rustAsync01"),
        ("rustLive001", "Rust live", "Streams", None, None, None,
         "https://www.youtube.com/watch?v=rustLive001")]
    assert [v.id for v in _videos(fake, "rust async tutorial")] == ["rustAsync02"]
    assert [v.id for v in _videos(fake, "cooking")] == ["anything001"]
    assert [v.id for v in _videos(fake, "Rust ownership", limit=1)] == ["rustAsync01"]
    assert [(c.kind, c.query, c.status) for c in fake.calls][:2] == [
        ("videos", "Rust ownership", 200), ("videos", "rust async tutorial", 200)]


def test_transcripts_in_the_language_asked(fake: FakeProviders) -> None:
    fake.transcript("rustAsync01", [(0, "Tom & Jerry's 5 > 3 \"talk\"."), (95.5, "Futures are lazy.")])
    fake.transcript("rustAsync01", [(0, "Hola.")], lang="es", generated=True)

    en = _transcript(fake, "rustAsync01", ["en"])
    assert (en.status, en.language_code, en.is_generated) == ("ok", "en", False)
    # XML-escaped on the way out, read back as written; each line lasts until the next
    assert [(s.start, s.duration, s.text) for s in en.segments] == [
        (0.0, 95.5, "Tom & Jerry's 5 > 3 \"talk\"."), (95.5, 4.0, "Futures are lazy.")]
    es = _transcript(fake, "rustAsync01", ["es"])
    assert (es.status, es.language_code, es.is_generated, es.segments[0].text) == \
        ("ok", "es", True, "Hola.")
    missing = _transcript(fake, "rustAsync01", ["fr"])
    assert missing.status == "not_found"
    assert "en" in (missing.reason or "") and "es" in (missing.reason or "")
    assert [c.query for c in fake.calls if c.kind == "transcripts"] == ["rustAsync01"] * 3


@pytest.mark.parametrize("why,status,reason", [
    (None, "disabled", "subtitles are disabled"),           # nothing seeded
    ("disabled", "disabled", "subtitles are disabled"),
    ("unavailable", "unavailable", "no longer available"),
    ("age_restricted", "unavailable", "age-restricted"),
])
def test_videos_without_a_transcript(fake: FakeProviders, why: str | None, status: str,
                                     reason: str) -> None:
    if why is not None:
        fake.no_transcript("noCaption01", why)
    got = _transcript(fake, "noCaption01", ["en"])
    assert got.status == status and reason in (got.reason or "")


def test_injected_failures_reach_the_adapters_as_youtube_errors(fake: FakeProviders) -> None:
    fake.videos(".", [VideoResult("rustAsync01", "Async Rust")])
    fake.transcript("rustAsync01", [(0, "Hi.")])
    fake.fail("videos", 429)
    fake.fail("transcripts", 503)
    with pytest.raises(RateLimited, match="YouTube answered HTTP 429"):
        _videos(fake, "rust")
    with pytest.raises(Unavailable, match="YouTube answered HTTP 503"):
        _transcript(fake, "rustAsync01", ["en"])
    assert [v.id for v in _videos(fake, "rust")] == ["rustAsync01"]  # once each
    assert _transcript(fake, "rustAsync01", ["en"]).status == "ok"


def test_only_youtube_is_faked(fake: FakeProviders) -> None:
    from scout.testing.youtube import youtube_session_factory
    import requests

    session = youtube_session_factory(fake.url, 5.0)()
    with pytest.raises(requests.ConnectionError, match="fakes YouTube only, not example.com"):
        session.get("https://example.com/")


@pytest.mark.parametrize("seed,words", [
    (lambda f: VideoResult("talk1", "Too short an id"), "'talk1' is not a YouTube video id"),
    (lambda f: VideoResult("rustAsync01", "x", upload_date="02/05/2024"), "YYYY-MM-DD"),
    (lambda f: f.videos(".", [("rustAsync01", "a tuple")]), "VideoResult items"),
    (lambda f: f.transcript("rustAsync01", []), "at least one (second, text) line"),
    (lambda f: f.transcript("https://youtu.be/x", [(0, "a")]), "is not a YouTube video id"),
    (lambda f: f.no_transcript("rustAsync01", "private"), "disabled, unavailable, age_restricted"),
    (lambda f: f.fail("youtube", 500), "search, synthesis, page, videos, transcripts"),
])
def test_seeding_mistakes_are_said_plainly(fake: FakeProviders, seed: Any, words: str) -> None:
    with pytest.raises((ValueError, TypeError)) as err:
        seed(fake)
    assert words in str(err.value)
