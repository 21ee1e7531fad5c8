"""Step kind ``transcripts`` (Y2): fetch a video's transcript and find candidate mentions.

Each mention becomes video evidence about that candidate: the words around it (within
``window_s`` seconds) and a link that opens the video at that moment (``&t=123s``). A
video without a usable transcript (disabled, none in the wanted languages, unavailable)
fails as an item with that reason; the phase's ``allow_partial`` decides what that means.

Without ``mentions_of`` the video itself is the subject (a talk, a tutorial): its
transcript becomes evidence about the video (``subject`` = its candidate key, so ``rank``
over the videos joins it), as passages of ``window_s`` seconds, each linked at its start.
A long video keeps ``passages`` of them, spread evenly over its length, so the synthesis
can say what the whole video covers, not only its first minutes.
"""

from __future__ import annotations

import re
from typing import Any

from scout.errors import StepError
from scout.i18n import N_
from scout.adapters.contract import TranscriptRequest
from scout.schemas.records import Candidate, Candidates, Evidence, EvidenceSet, Shortlist
from scout.schemas.sources import Segment, Transcript, Video
from scout.stepkit.context import ItemOutcome, StepContext
from scout.steps.outcomes import merge_evidence
from scout.steps.videos import video_key
from scout.steps.extract import evidence_id
from scout.steps.namewords import generic_words
from scout.text import strip_accents
from scout.stepkit.params import TranscriptsParams



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
    distinctive = [w for w in words if w not in generic_words() and w not in place_words and len(w) > 2]
    return distinctive or [w for w in words if w not in generic_words()] or words


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


def passages(
    transcript: Transcript, *, video: Video | None, window_s: float, keep: int,
    adapter: str, phase: str,
) -> list[Evidence]:
    """The transcript as evidence about its video: consecutive segments joined into
    passages of about ``window_s`` seconds (at least one segment each), ``keep`` of them
    chosen evenly from start to end, each linked to the moment it starts."""
    groups: list[list[Segment]] = []
    for seg in transcript.segments:
        if not seg.text.strip():
            continue
        if groups and seg.start - groups[-1][0].start < max(window_s, 1.0):
            groups[-1].append(seg)
        else:
            groups.append([seg])
    if len(groups) > keep:  # evenly spread, first and last included
        step = (len(groups) - 1) / max(keep - 1, 1)
        groups = [groups[round(i * step)] for i in range(keep)]
    out: list[Evidence] = []
    for group in groups:
        quote = re.sub(r"\s+", " ", " ".join(s.text for s in group)).strip()
        url = timestamped_url(video, transcript.video_id, group[0].start)
        out.append(Evidence(
            id=evidence_id(url, quote), kind="video", subject=video_key(transcript.video_id),
            text=quote, url=url, title=video.title if video else transcript.video_id,
            adapter=adapter, phase=phase, timestamp=group[0].start))
    return out


def _languages(ctx: StepContext, params: TranscriptsParams) -> list[str] | None:
    """``languages`` rendered: each entry may name several codes ("es, en") or none (an
    input the request left empty); nothing at all means the adapter's own languages."""
    if not params.languages or ctx.render is None:
        return params.languages or None
    codes = [code for entry in params.languages
             for code in re.split(r"[\s,]+", ctx.render(entry)) if code]
    return list(dict.fromkeys(codes)) or None


def run(ctx: StepContext) -> EvidenceSet:
    params = ctx.params
    assert isinstance(params, TranscriptsParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: transcripts needs a chain and a renderer")
    video = ctx.item if isinstance(ctx.item, Video) else None
    video_id = ctx.render(params.video).strip()
    outcome = ctx.gateway.call(TranscriptRequest(video_id=video_id,
                                                 languages=_languages(ctx, params)))
    transcript: Transcript = outcome.value
    if transcript.status != "ok":
        raise StepError(N_("video {video}: no transcript ({status}: {reason})").format(
            video=video_id, status=transcript.status,
            reason=transcript.reason or N_("no reason given")))
    candidates = _candidates(ctx.inputs.get(params.mentions_of)) if params.mentions_of else []
    place_words: set[str] = set()
    values = getattr(ctx.task, "values", None) or {}
    for name, type_name in (getattr(ctx.task, "types", None) or {}).items():
        if type_name == "place" and values.get(name):
            place_words |= set(re.findall(r"[a-z0-9]+", strip_accents(str(values[name])).lower()))
    if params.mentions_of:
        items = find_mentions(transcript, candidates, video=video, window_s=params.window_s,
                              place_words=place_words, adapter=outcome.answered_by,
                              phase=ctx.phase_id)
    else:
        items = passages(transcript, video=video, window_s=params.window_s,
                         keep=params.passages, adapter=outcome.answered_by,
                         phase=ctx.phase_id)
    lang = transcript.language_code or transcript.language or "?"
    note = f"video {video_id}: transcript ({lang}{', auto' if transcript.is_generated else ''})"
    counted = "mention(s)" if params.mentions_of else "passage(s)"
    return EvidenceSet(items=items, notes=[note + f", {len(items)} {counted}"])


def gather(outcomes: list[ItemOutcome], phase: Any = None) -> EvidenceSet:
    return merge_evidence(outcomes)
