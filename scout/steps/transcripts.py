"""Step kind ``transcripts`` (Y2): fetch a video's transcript and find candidate mentions.

Each mention becomes video evidence about that candidate: the words around it (within
``window_s`` seconds) and a link that opens the video at that moment (``&t=123s``). A
video without a usable transcript (disabled, none in the wanted languages, unavailable)
fails as an item with that reason; the phase's ``allow_partial`` decides what that means.
"""

from __future__ import annotations

import re
from typing import Any

from scout.errors import StepError
from scout.adapters.contract import TranscriptRequest
from scout.schemas.records import Candidate, Candidates, Evidence, EvidenceSet, Shortlist
from scout.schemas.sources import Segment, Transcript, Video
from scout.stepkit.context import ItemOutcome, StepContext
from scout.steps.outcomes import merge_evidence
from scout.steps.extract import evidence_id, strip_accents
from scout.stepkit.params import TranscriptsParams

_GENERIC = {"hotel", "hotels", "the", "restaurant", "and", "de", "la", "el", "by", "spa",
            "resort", "suites", "boutique", "bar", "cafe"}


def timestamped_url(video: Video | None, video_id: str, seconds: float) -> str:
    base = video.url if video and video.url else f"https://www.youtube.com/watch?v={video_id}"
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}t={int(seconds)}s"


def _candidates(value: Any) -> list[Candidate]:
    if isinstance(value, Candidates):
        return value.items
    if isinstance(value, Shortlist):
        return [i.candidate for i in value.items]
    return []


def _terms(candidate: Candidate, place_words: set[str]) -> list[str]:
    words = re.findall(r"[a-z0-9]+", strip_accents(candidate.name).lower())
    distinctive = [w for w in words if w not in _GENERIC and w not in place_words and len(w) > 2]
    return distinctive or [w for w in words if w not in _GENERIC] or words


def find_mentions(
    transcript: Transcript, candidates: list[Candidate], *, video: Video | None,
    window_s: float, place_words: set[str], adapter: str, phase: str,
) -> list[Evidence]:
    segs: list[Segment] = transcript.segments
    norm = [strip_accents(s.text).lower() for s in segs]
    out: list[Evidence] = []
    for cand in candidates:
        terms = _terms(cand, place_words)
        pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, terms)) + r"\b")
        last_start = -1e9
        for i, text in enumerate(norm):
            # the name may straddle two segments: look at this one plus the next
            joined = text + " " + (norm[i + 1] if i + 1 < len(norm) else "")
            m = pattern.search(joined)
            # a match that begins in the next segment belongs to that segment
            if not m or m.start() >= len(text) or segs[i].start - last_start < window_s:
                continue
            last_start = segs[i].start
            around = [s.text for s in segs
                      if segs[i].start - window_s / 2 <= s.start <= segs[i].start + window_s / 2]
            quote = re.sub(r"\s+", " ", " ".join(around)).strip()
            url = timestamped_url(video, transcript.video_id, segs[i].start)
            out.append(Evidence(
                id=evidence_id(url, quote), kind="video", subject=cand.key, text=quote, url=url,
                title=video.title if video else transcript.video_id, adapter=adapter,
                phase=phase, timestamp=segs[i].start,
            ))
    return out


def run(ctx: StepContext) -> EvidenceSet:
    params = ctx.params
    assert isinstance(params, TranscriptsParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: transcripts needs a chain and a renderer")
    video = ctx.item if isinstance(ctx.item, Video) else None
    video_id = ctx.render(params.video).strip()
    outcome = ctx.gateway.call(TranscriptRequest(video_id=video_id, languages=params.languages))
    transcript: Transcript = outcome.value
    if transcript.status != "ok":
        raise StepError(f"video {video_id}: no transcript ({transcript.status}: "
                        f"{transcript.reason or 'no reason given'})")
    candidates = _candidates(ctx.inputs.get(params.mentions_of)) if params.mentions_of else []
    place_words: set[str] = set()
    task = ctx.task
    for name, type_name in (getattr(task, "types", None) or {}).items():
        if type_name == "place" and task.values.get(name):
            place_words |= set(re.findall(r"[a-z0-9]+", strip_accents(str(task.values[name])).lower()))
    items = find_mentions(transcript, candidates, video=video, window_s=params.window_s,
                          place_words=place_words, adapter=outcome.answered_by,
                          phase=ctx.phase_id)
    lang = transcript.language_code or transcript.language or "?"
    note = f"video {video_id}: transcript ({lang}{', auto' if transcript.is_generated else ''})"
    return EvidenceSet(items=items, notes=[note + f", {len(items)} mention(s)"])


def gather(outcomes: list[ItemOutcome], phase: Any = None) -> EvidenceSet:
    return merge_evidence(outcomes)
