"""Step kind ``videos`` (Y1): search videos through the chain (no media is downloaded)."""

from __future__ import annotations

from scout.errors import StepError
from scout.providers.contract import VideoSearchRequest
from scout.schemas.records import VideoList
from scout.steps.context import StepContext
from scout.steps.params import VideosParams


def run(ctx: StepContext) -> VideoList:
    params = ctx.params
    assert isinstance(params, VideosParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: videos needs a chain and a template renderer")
    query = ctx.render(params.query).strip()
    outcome = ctx.gateway.call(VideoSearchRequest(query=query, limit=params.limit))
    return VideoList(items=list(outcome.value)[: params.limit])


def gather(results: list[VideoList | None]) -> VideoList:
    return VideoList(items=[v for r in results if r is not None for v in r.items])
