"""Transcript mentions with timestamped links, page evidence from JSON-LD price ranges."""

from __future__ import annotations

from scout.schemas.records import Candidate
from scout.schemas.sources import Page, Segment, Transcript, Video
from scout.steps.fetch import page_evidence, price_from_range
from scout.steps.transcripts import find_mentions, timestamped_url

ARTS = Candidate(key="arts-barcelona", name="Hotel Arts Barcelona")
BONAY = Candidate(key="casa-bonay", name="Casa Bonay")
VIDEO = Video(id="abc123", url="https://www.youtube.com/watch?v=abc123", title="Where to stay")


def _transcript() -> Transcript:
    lines = [(0, "welcome to Barcelona"), (12, "first we stayed at the Hotel"),
             (15, "Arts right on the beach"), (20, "the rooms were huge"),
             (95, "then Casa Bonay in Eixample"), (99, "great rooftop"),
             (140, "barcelona is lovely")]
    return Transcript(video_id="abc123", segments=[Segment(text=t, start=s, duration=3)
                                                     for s, t in lines])


def test_mentions_become_timestamped_evidence() -> None:
    ev = find_mentions(_transcript(), [ARTS, BONAY], video=VIDEO, window_s=30,
                       place_words={"barcelona"}, adapter="youtube_transcripts", phase="Y2")
    by = {e.subject: e for e in ev}
    assert set(by) == {"arts-barcelona", "casa-bonay"}
    # "Hotel" and "Arts" sit in two segments; the distinctive word decides the moment
    assert by["arts-barcelona"].url == "https://www.youtube.com/watch?v=abc123&t=15s"
    assert "right on the beach" in by["arts-barcelona"].text
    assert by["casa-bonay"].url.endswith("&t=95s") and by["casa-bonay"].timestamp == 95
    assert all(e.kind == "video" and e.phase == "Y2" for e in ev)


def test_each_mention_is_attributed_to_the_segment_where_it_starts() -> None:
    ev = find_mentions(_transcript(), [Candidate(key="barcelona", name="Barcelona")],
                       video=VIDEO, window_s=30, place_words=set(), adapter="a", phase="Y2")
    assert [e.timestamp for e in ev] == [0, 140]
    assert timestamped_url(None, "xyz", 61.9) == "https://www.youtube.com/watch?v=xyz&t=61s"


def test_price_range_low_end_and_page_evidence() -> None:
    assert price_from_range("COP 118.000 - 165.470").amount == 118000
    assert price_from_range("COP 118.000 - 165.470").currency == "COP"
    assert price_from_range("$$") is None
    # a number in exponent notation is no price: "EUR 1e+300" read as 1 EUR (the cheapest)
    for written in ("EUR 1e+300", "EUR 1e999", "EUR 12E5", "EUR 1.5e-07"):
        assert price_from_range(written) is None, written
    assert price_from_range("EUR 120").amount == 120
    page = Page(url="https://h.example/", final_url="https://h.example/", name="Hotel H",
                rating=8.2, rating_count=430, price_range="€120 - €200",
                opengraph={"og:description": "A quiet hotel"})
    ev = page_evidence(page, "h", adapter="page", phase="F3", wanted=["jsonld", "opengraph"])
    assert (ev.rating, ev.rating_count, ev.price.amount, ev.text) == (8.2, 430, 120, "A quiet hotel")
