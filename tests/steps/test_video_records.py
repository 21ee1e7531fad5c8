"""Videos as records: ``rank`` orders a videos artifact (a talk has no price or rating),
a transcript without ``mentions_of`` is evidence about its own video, and ``languages``
is chosen by the request."""

from __future__ import annotations

import datetime as dt

from scout.schemas.records import Candidate, EvidenceSet, VideoList
from scout.schemas.sources import Segment, Transcript, Video
from scout.spec.models import InputSpec
from scout.steps import rank, transcripts
from scout.steps.videos import video_key
from scout.stepkit.params import RankParams, TranscriptsParams
from scout.task.build import build_task
from tests.steps.test_extract_rank import _ctx

TODAY = dt.date(2026, 11, 29)
INPUTS = {"topic": InputSpec(type="string"),
          "max_minutes": InputSpec(type="integer", aliases=["minutes", "minutos"]),
          "since_year": InputSpec(type="integer", aliases=["desde", "since"])}


def _video(vid: str, title: str, duration: float | None, views: int,
           date: str | None = None) -> Video:
    return Video(id=vid, url=f"https://www.youtube.com/watch?v={vid}", title=title,
                 channel="Canal", duration=duration, view_count=views, upload_date=date,
                 adapter="yt_dlp")


VIDEOS = VideoList(items=[
    _video("aaaaaaaaaa1", "Regresión logística en 15 minutos", 912, 120000, "2025-03-01"),
    _video("aaaaaaaaaa2", "Regresión logística: curso completo", 5400, 80000),
    _video("aaaaaaaaaa3", "Regresión logística explicada", 600, 5000, "2019-05-02"),
    _video("aaaaaaaaaa4", "Regresión logística (directo)", None, 900),
])


def test_rank_orders_videos_by_their_own_fields_without_price_or_rating_flags() -> None:
    task = build_task("tutoriales de menos de 20 minutos desde 2024", INPUTS, today=TODAY)
    assert task.values["max_minutes"] == 20 and task.values["since_year"] == 2024
    evidence = EvidenceSet(items=transcripts.passages(
        Transcript(video_id="aaaaaaaaaa1", status="ok", segments=[
            Segment(text="La función sigmoide da una probabilidad.", start=12.0)]),
        video=VIDEOS.items[0], window_s=30, keep=8, adapter="youtube_transcripts",
        phase="Y2"))
    params = RankParams(**{
        "items": "videos", "as": "v",
        "where": ["task.max_minutes is none or v.duration is none or "
                  "v.duration <= task.max_minutes * 60",
                  "task.since_year is none or v.year is none or v.year >= task.since_year"],
        "order_by": ["v.view_count"]})
    short = rank.run(_ctx(params, {"videos": VIDEOS, "transcripts": evidence}, task))
    kept = [i.candidate for i in short.items]
    # too long (90 min) and too old (2019) are out; no duration / no date: kept, flagged
    assert [c.name for c in kept] == ["Regresión logística en 15 minutos",
                                      "Regresión logística (directo)"]
    excluded = {c.name for c, _reasons in short.excluded}
    assert excluded == {"Regresión logística: curso completo", "Regresión logística explicada"}
    first = kept[0]
    assert first.key == video_key("aaaaaaaaaa1") and first.video is not None
    assert first.video.duration == 912
    assert [e.text for e in first.evidence] == ["La función sigmoide da una probabilidad."]
    assert all("unknown" not in f for c in kept for f in c.flags)   # no price/rating noise
    assert kept[1].video is not None and kept[1].video.duration is None


def test_a_candidate_that_is_no_video_serialises_as_before() -> None:
    plain = Candidate(key="casa bonay", name="Casa Bonay")
    assert "video" not in plain.model_dump(mode="json")
    video = Candidate(key="video:x", name="x", video=VIDEOS.items[0])
    assert video.model_dump(mode="json")["video"]["duration"] == 912


def _transcript(n: int, step: float = 10.0) -> Transcript:
    return Transcript(video_id="aaaaaaaaaa1", status="ok", language_code="es", segments=[
        Segment(text=f"Frase número {i}.", start=i * step, duration=step) for i in range(n)]
        + [Segment(text="   ", start=n * step)])


def test_a_transcript_without_mentions_of_is_evidence_about_its_video() -> None:
    short = transcripts.passages(_transcript(6), video=VIDEOS.items[0], window_s=30, keep=8,
                                 adapter="youtube_transcripts", phase="Y2")
    # 30 s passages: 0-20 s, 30-50 s; each cited at the moment it starts
    assert [e.text for e in short] == ["Frase número 0. Frase número 1. Frase número 2.",
                                       "Frase número 3. Frase número 4. Frase número 5."]
    assert [e.timestamp for e in short] == [0.0, 30.0]
    assert short[1].url == "https://www.youtube.com/watch?v=aaaaaaaaaa1&t=30s"
    assert {e.subject for e in short} == {video_key("aaaaaaaaaa1")}
    assert {e.kind for e in short} == {"video"}
    # a long video keeps `keep` passages spread from its start to its end
    long = transcripts.passages(_transcript(360), video=VIDEOS.items[0], window_s=30,
                                keep=5, adapter="youtube_transcripts", phase="Y2")
    assert [e.timestamp for e in long] == [0.0, 900.0, 1800.0, 2670.0, 3570.0]


class _GW:
    def __init__(self) -> None:
        self.requests: list = []

    def call(self, request):
        from scout.adapters.contract import ChainOutcome

        self.requests.append(request)
        return ChainOutcome(value=_transcript(3), answered_by="youtube_transcripts")


def test_transcript_languages_are_templates_the_request_fills() -> None:
    spec = dict(INPUTS, video_lang=InputSpec(type="string", enum=["spanish", "english"],
                                            synonyms={"english": ["inglés"]}))
    params = TranscriptsParams(languages=[
        "{{ 'en' if task.video_lang == 'english' else 'es, en' }}", "{{ '' }}"])
    for query, wanted in [("charlas en inglés sobre Rust", ["en"]),
                          ("charlas sobre Rust", ["es", "en"])]:
        task = build_task(query, spec, today=TODAY)
        ctx = _ctx(params, {"videos": VIDEOS}, task, item=VIDEOS.items[0])
        gw = _GW()
        from scout.spec.templating import make_env

        ctx.gateway = gw  # type: ignore[assignment]
        ctx.render = lambda text, task=task: make_env().from_string(text).render(  # type: ignore[assignment]
            task=task, video=VIDEOS.items[0])
        out = transcripts.run(ctx)
        assert gw.requests[0].languages == wanted
        assert out.items and out.items[0].subject == video_key("aaaaaaaaaa1")
