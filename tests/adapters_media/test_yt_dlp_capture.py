"""A real ``yt-dlp --flat-playlist -J`` answer (yt-dlp 2024.03.10, provenance in
tests/fixtures/providers/youtube/SOURCES.md) through the real ``YoutubeDL`` and the
adapter. Its entries come from ``YoutubeTabBaseInfoExtractor._extract_video``, the same
function that builds a ``ytsearchN:`` result's flat entries, so they are fed to the search
extractor of test_yt_dlp as they were recorded (``description: null``, integer
durations, no channel verification, ``__x_forwarded_for_ip``)."""

from __future__ import annotations

import json

from scout.adapters.contract import VideoSearchRequest
from tests.adapters.helpers import FIXTURES
from tests.adapters_media.test_yt_dlp import make

CAPTURE = FIXTURES / "youtube" / "yt-dlp-flat-playlist-J-lost-odyssey.json"


def test_recorded_flat_entries_become_videos() -> None:
    entries = json.loads(CAPTURE.read_text(encoding="utf-8"))["entries"]
    adapter, factory = make(entries)
    reply = adapter.call(VideoSearchRequest(query="lost odyssey soundtrack", limit=10))
    videos = reply.value
    assert [v.id for v in videos] == ["Je8iIWgavh4", "nvQNUxoN8gw", "ZxnMdkQ-OXE",
                                      "M0_Zvp59TaA"]
    first = videos[0]
    assert first.url == "https://www.youtube.com/watch?v=Je8iIWgavh4"
    assert first.title == "Lost Odyssey OST - Disc1 - Track16 - March to War"
    assert first.channel == "Synapsidae"
    assert first.duration == 115.0 and first.view_count == 51000
    assert first.upload_date is None  # timestamp null: a flat entry carries no date
    assert videos[2].channel == "GilvaSunner: Archive"
    assert reply.meta["entries"] == 4 and reply.meta["skipped"] == 0
    assert factory.ie.queries == ["lost odyssey soundtrack"]


def test_a_recorded_entry_without_channel_falls_back_to_nothing_invented() -> None:
    # the recorded entry with its channel fields null and a float duration, as a channel-tab
    # dump of yt-dlp recorded elsewhere sends them (SOURCES.md: Negocios TV, not saved)
    entry = json.loads(CAPTURE.read_text(encoding="utf-8"))["entries"][0]
    entry.update(channel=None, channel_id=None, channel_url=None, uploader=None,
                 uploader_id=None, uploader_url=None, duration=493.0)
    adapter, _ = make([entry])
    video = adapter.call(VideoSearchRequest(query="q")).value[0]
    assert video.channel is None and video.duration == 493.0


ENTRY_2025 = FIXTURES / "youtube" / "yt-dlp-flat-entry-forcejson-2025.08.27.json"


def test_a_recorded_2025_entry_with_its_playlist_fields_becomes_a_video() -> None:
    # yt-dlp 2025.08.27 with extract_flat "in_playlist" and default_search "ytsearch30"
    # (the options scout's search uses): the entry as printed, after yt-dlp added the
    # playlist's fields, a channel name in Japanese and a title YouTube cut with "..."
    entry = json.loads(ENTRY_2025.read_text(encoding="utf-8"))
    assert entry["_version"]["version"] == "2025.08.27" and entry["playlist_index"] == 1
    adapter, _ = make([entry])
    [video] = adapter.call(VideoSearchRequest(query="paint puzzles coop")).value
    assert video.id == "mJ-4Iz506t0"
    assert video.url == "https://www.youtube.com/watch?v=mJ-4Iz506t0"
    assert video.title.endswith("gimmicks are activated when you...")
    assert video.channel == "らっだぁ"
    assert (video.duration, video.view_count, video.upload_date) == (1112.0, 468000, None)
