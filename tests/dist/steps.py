"""Step functions of the distributed tests (``uses: python:tests.dist.steps:NAME``): they
run on Dask worker processes, so each says which process ran it."""

from __future__ import annotations

import json
import os
import time
from typing import Any

from scout.stepkit.context import StepContext


def _note(ctx: StepContext, **extra: Any) -> None:
    path = ctx.phase.with_.get("calls")
    if path:
        with open(path, "a", encoding="utf-8") as f:  # whole line, O_APPEND
            f.write(json.dumps({"phase": ctx.phase_id, "item": ctx.item_index,
                                "pid": os.getpid(), **extra}) + "\n")


def items(ctx: StepContext) -> list[dict[str, Any]]:
    n = int(ctx.phase.with_.get("n", 4))
    return [{"n": i, "name": f"item{i}"} for i in range(n)]


def square(ctx: StepContext) -> dict[str, Any]:
    """Per item: rendered text from the scope, the square, and the worker's pid apart."""
    start = time.time()
    if ctx.phase.with_.get("sleep"):
        time.sleep(float(ctx.phase.with_["sleep"]))
    n = ctx.item["n"]
    _note(ctx, start=start, end=time.time())
    return {"n": n, "sq": n * n, "label": ctx.render("{{ item.name }}/{{ task.query }}")
            if ctx.task is not None else ctx.render("{{ item.name }}")}


def pid_of(ctx: StepContext) -> int:
    _note(ctx)
    return os.getpid()


def search(ctx: StepContext) -> dict[str, Any]:
    """One paid search per item through the phase's chain (the fake Tavily)."""
    from scout.adapters.contract import SearchRequest

    assert ctx.gateway is not None
    q = ctx.render(ctx.phase.with_["query"])
    _note(ctx, start=time.time())
    if ctx.phase.with_.get("sleep"):
        time.sleep(float(ctx.phase.with_["sleep"]))
    out = ctx.gateway.call(SearchRequest(query=q, limit=3))
    return {"q": q, "urls": [s.url for s in out.value], "by": out.answered_by}
