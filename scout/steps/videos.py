"""Step kind ``videos`` (Y1): search videos through the chain (no media is downloaded).

Also what a video is as a record of the other steps: :func:`video_candidate` makes it a
candidate (``rank`` orders videos, ``synthesize`` and the report treat them like any
other), keyed by :func:`video_key`, the key a transcript's evidence about the video
carries in ``subject``.
"""

from __future__ import annotations

from typing import Any

from scout.errors import StepError
from scout.adapters.contract import VideoSearchRequest
from scout.schemas.records import Candidate, VideoList
from scout.schemas.sources import Video
from scout.stepkit.context import ItemOutcome, StepContext
from scout.stepkit.params import VideosParams
from scout.steps.freetext import free_fields


def run(ctx: StepContext) -> VideoList:
    params = ctx.params
    assert isinstance(params, VideosParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: videos needs a chain and a template renderer")
    query = (ctx.say or ctx.render)(params.query).strip()
    outcome = ctx.gateway.call(VideoSearchRequest(
        query=query, limit=params.limit,
        free_fields=free_fields(params.query, ctx.pipeline, "query")))
    return VideoList(items=list(outcome.value)[: params.limit])


def gather(outcomes: list[ItemOutcome], phase: Any = None) -> VideoList:
    return VideoList(items=[v for o in outcomes if o.ok and o.value for v in o.value.items])


def video_key(video_id: str) -> str:
    """The candidate key of a video: its id (titles repeat across videos; ids do not)."""
    return f"video:{video_id}"


def video_candidate(video: Video) -> Candidate:
    """A video as a candidate: its title names it; its own fields stay on ``video``."""
    return Candidate(key=video_key(video.id), name=video.title or video.id, url=video.url,
                     domain="youtube.com", adapter=video.adapter, sources=[video.url],
                     video=video)
