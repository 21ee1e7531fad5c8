"""Step functions of the batch tests (``uses: python:tests.batch.steps:NAME``)."""

from __future__ import annotations

from typing import Any

from scout.stepkit.context import StepContext


def queries(ctx: StepContext) -> list[dict[str, Any]]:
    """``n`` search queries made from the mission's request (one per fan-out item)."""
    n = int(ctx.phase.with_.get("n", 2))
    return [{"n": i, "q": f"{ctx.request.query} {i}"} for i in range(n)]
