"""Steps of the scale-out benchmark's pipeline (``uses: python:benchmarks.scaleout_lib.steps:NAME``):
the missions to run (one paid search each, 30% of them asking a query other missions ask
too) and the cheap report that counts what came back."""

from __future__ import annotations

import random
from typing import Any

from scout.stepkit.context import StepContext


def mission_queries(n: int, shared: float = 0.3, seed: int = 16) -> list[str]:
    """``n`` queries: a ``shared`` fraction drawn from a pool a third that size (so each
    shared query is asked by about three missions), the rest each mission's own."""
    rng = random.Random(seed)
    pool = max(1, round(n * shared / 3))
    return [f"shared query {rng.randrange(pool)}" if rng.random() < shared
            else f"mission {i} own query" for i in range(n)]


def missions(ctx: StepContext) -> list[dict[str, Any]]:
    w = ctx.phase.with_
    qs = mission_queries(int(w["n"]), float(w.get("shared", 0.3)), int(w.get("seed", 16)))
    return [{"m": i, "q": q} for i, q in enumerate(qs)]


def report(ctx: StepContext) -> dict[str, Any]:
    found = ctx.inputs.get("found")
    rows = getattr(found, "items", None)
    if rows is None:  # a SourceList keeps its rows in .items; a plain list is its rows
        rows = found if isinstance(found, list) else []
    return {"sources": len(rows)}


def asked(ctx: StepContext) -> list[dict[str, Any]]:
    """The batch variant's first phase: the mission's own query as the one item to search
    (each mission of ``scout batch apply`` is one row of the queries file)."""
    return [{"q": ctx.request.query or ""}]
