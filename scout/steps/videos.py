"""Step kind ``videos`` (Y1): search videos through the chain (no media is downloaded)."""

from __future__ import annotations

from typing import Any

from scout.errors import StepError
from scout.adapters.contract import VideoSearchRequest
from scout.schemas.records import VideoList
from scout.stepkit.context import ItemOutcome, StepContext
from scout.stepkit.params import VideosParams
from scout.steps.freetext import free_fields


def run(ctx: StepContext) -> VideoList:
    params = ctx.params
    assert isinstance(params, VideosParams)
    if ctx.gateway is None or ctx.render is None:
        raise StepError(f"phase {ctx.phase_id}: videos needs a chain and a template renderer")
    query = ctx.render(params.query).strip()
    outcome = ctx.gateway.call(VideoSearchRequest(
        query=query, limit=params.limit,
        free_fields=free_fields(params.query, ctx.pipeline, "query")))
    return VideoList(items=list(outcome.value)[: params.limit])


def gather(outcomes: list[ItemOutcome], phase: Any = None) -> VideoList:
    return VideoList(items=[v for o in outcomes if o.ok and o.value for v in o.value.items])
