"""YouTube's answers as yt-dlp and the transcript library hand them over, with fields of
the wrong type or past any sense (a channel that is an object, a view count, timestamp
or caption start of NaN or infinity, a title holding terminal escapes, a ``javascript:``
url), through the real YoutubeDL (tests/adapters_media/test_yt_dlp.py's recorded search
extractor) and the real transcript library: each video is kept with what can be read of
it, never a traceback that stops the search or the transcripts step."""

from __future__ import annotations

from typing import Any

import pytest

from scout.adapters.contract import VideoSearchRequest
from scout.schemas.sources import Video
from tests.adapters_media.test_yt_dlp import make, video_entry

WATCH = "https://www.youtube.com/watch?v=Qw3rTy9Zx1A"


def _one(**fields: Any) -> Video:
    entry = video_entry("Qw3rTy9Zx1A", "Hotel Arts room tour", "Luxury Travel Diary",
                        "UCluxTravelDiary00000001", 754, 183402)
    entry.update(fields)
    adapter, _ = make([entry])
    [video] = adapter.call(VideoSearchRequest(query="hotel arts", limit=3)).value
    return video


@pytest.mark.parametrize("value", [float("inf"), float("nan"), -3, "12", [1]])
def test_a_count_that_is_no_count_is_none(value: object) -> None:
    video = _one(view_count=value, timestamp=value, upload_date=None)
    assert video.view_count is None and video.upload_date is None
    assert video.title == "Hotel Arts room tour"


@pytest.mark.parametrize("stamp", [1e15, 10**30])
def test_a_timestamp_past_any_calendar_is_no_date(stamp: float) -> None:
    assert _one(timestamp=stamp, upload_date=None).upload_date is None


def test_a_real_timestamp_is_a_date() -> None:
    assert _one(timestamp=1767225600, upload_date=None).upload_date == "2026-01-01"


@pytest.mark.parametrize("channel", [{"name": "x"}, [1, 2], 7.5])
def test_a_channel_that_is_not_text_falls_back_to_the_uploader(channel: object) -> None:
    video = _one(channel=channel, uploader="Luxury Travel Diary")
    assert video.channel == ("7.5" if channel == 7.5 else "Luxury Travel Diary")


def test_titles_and_channels_carry_no_control_sequence_and_no_repr() -> None:
    video = _one(title="\x1b]0;pwned\x07Hotel\u202e Arts\x1b[2J", channel="Lux\x1b[31mury")
    assert (video.title, video.channel) == ("Hotel Arts", "Luxury")
    assert _one(title={"text": "x"}).title == ""  # was "{'text': 'x'}"


@pytest.mark.parametrize("url", ["javascript:alert(1)", "file:///etc/passwd", "//"])
def test_a_url_that_is_no_web_address_is_the_videos_own(url: str) -> None:
    assert _one(url=url, webpage_url=None).url == WATCH


def test_a_duration_below_zero_is_none() -> None:
    assert _one(duration=-5).duration is None and _one(duration=90).duration == 90


def test_captions_at_no_moment_of_the_video_are_no_segments() -> None:
    from scout.adapters.contract import TranscriptRequest
    from scout.adapters.youtube_transcripts import YouTubeTranscriptAdapter
    from scout.config.settings import TranscriptSettings
    from tests.adapters_media.test_youtube_transcripts import CAPTIONS
    from tests.fakes.media import FakeYouTube, innertube, youtube_session

    xml = (b'<?xml version="1.0" encoding="utf-8" ?><transcript>'
           b'<text start="nan" dur="1">a</text><text start="1e999" dur="1">b</text>'
           b'<text start="-3" dur="1">c</text><text start="2" dur="inf">d</text>'
           b'<text start="4.5" dur="1.5">e</text></transcript>')
    fake = FakeYouTube(innertube(CAPTIONS), timedtext=xml)
    adapter = YouTubeTranscriptAdapter(
        "youtube_transcripts", TranscriptSettings(type="youtube_transcripts", languages=["en"]),
        session_factory=lambda: youtube_session(fake))
    t = adapter.call(TranscriptRequest(video_id="GJLlxj_dtq8")).value
    assert [(s.text, s.start, s.duration) for s in t.segments] == [("d", 2.0, 0.0),
                                                                   ("e", 4.5, 1.5)]
