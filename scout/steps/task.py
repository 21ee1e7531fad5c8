"""Step kind ``task`` (F0): build the typed Task from the query, mission inputs and --set."""

from __future__ import annotations

from scout.schemas.task import Task
from scout.stepkit.context import StepContext
from scout.task.build import build_task


def run(ctx: StepContext) -> Task:
    request = ctx.request
    return build_task(
        str(request.query or ""),
        ctx.pipeline.inputs,
        overrides=request.overrides,
        override_sources=request.override_sources,
        today=ctx.today,
        default_lang=request.default_lang,
    )
