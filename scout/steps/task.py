"""Step kind ``task`` (F0): build the typed Task from the query, mission inputs and --set."""

from __future__ import annotations

from scout.schemas.task import Task
from scout.steps.context import StepContext
from scout.task.build import build_task


def run(ctx: StepContext) -> Task:
    extras = ctx.extras
    return build_task(
        str(extras.get("query") or ""),
        ctx.pipeline.inputs,
        overrides=extras.get("overrides") or {},
        override_sources=extras.get("override_sources") or {},
        today=ctx.today,
    )
