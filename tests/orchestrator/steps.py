"""Step functions for orchestrator tests (``uses: python:tests.orchestrator.steps:NAME``).

Every step appends one line to the calls file named by ``with: {calls: PATH}`` (or the
``SCOUT_TEST_CALLS`` environment variable) before returning, so tests count how often
each phase and item really ran, across processes.

``with: {wait_for: [B, C]}`` makes a step wait (in this process, at most
``WAIT_FOR_S``) until phases B and C have each started a step: tests that say phases
run at the same time prove it that way, not with sleeps that a loaded machine can pull
apart. A step that waits in vain fails, naming what never started beside it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

from scout.errors import BudgetExceeded, RateLimited, StepError
from scout.stepkit.context import Outputs, StepContext


def _calls_file(ctx: StepContext) -> str | None:
    return ctx.phase.with_.get("calls") or os.environ.get("SCOUT_TEST_CALLS")


WAIT_FOR_S = 20.0
#: (calls file, phase) of every step that started in this process: one test's phases
_started: set[tuple[str | None, str]] = set()
_started_cv = threading.Condition()


def started(ctx: StepContext) -> None:
    """Note that this phase has started a step; wait for the phases in ``wait_for``."""
    run = _calls_file(ctx)
    with _started_cv:
        _started.add((run, ctx.phase_id))
        _started_cv.notify_all()
        others = [str(p) for p in ctx.phase.with_.get("wait_for") or []]
        if not _started_cv.wait_for(lambda: all((run, p) in _started for p in others),
                                    timeout=WAIT_FOR_S):
            missing = [p for p in others if (run, p) not in _started]
            raise StepError(f"{ctx.phase_id}: waited {WAIT_FOR_S:g} s for {', '.join(missing)} "
                            "to start beside it; they never did")


def record(ctx: StepContext, **extra: Any) -> None:
    path = _calls_file(ctx)
    if not path:
        return
    line = {"phase": ctx.phase_id, "item": ctx.item_index, "attempt": ctx.attempt,
            "start": extra.pop("start", None), "end": time.time(), "pid": os.getpid(), **extra}
    with open(path, "a", encoding="utf-8") as f:  # whole line, O_APPEND
        f.write(json.dumps(line) + "\n")


def echo(ctx: StepContext) -> Any:
    """Returns with: value (rendered), or the phase id; sleeps with: sleep seconds."""
    start = time.time()
    started(ctx)
    w = ctx.with_rendered()
    if w.get("sleep"):
        time.sleep(float(w["sleep"]))
    record(ctx, start=start)
    if "value" in w:
        return w["value"]
    return {"phase": ctx.phase_id, "inputs": sorted(k for k, v in ctx.inputs.items()
                                                     if v is not None)}


def items(ctx: StepContext) -> list[Any]:
    """Produces a list of n items: [{"n": 0}, {"n": 1}, ...]."""
    record(ctx)
    n = int(ctx.with_rendered().get("n", 3))
    return [{"n": i, "name": f"item{i}"} for i in range(n)]


def per_item(ctx: StepContext) -> Any:
    """Fan-out step: returns {"n": item n, "sq": n*n}; options in with:
    sleep (s per item), fail_items ([n...] raise StepError), retryable (bool)."""
    start = time.time()
    started(ctx)
    w = ctx.phase.with_
    if w.get("sleep"):
        time.sleep(float(w["sleep"]))
    n = ctx.item["n"]
    record(ctx, start=start)
    if n in (w.get("fail_items") or []):
        raise StepError(f"item {n} is bad", retryable=bool(w.get("retryable")))
    if w.get("budget_at") is not None and n == w["budget_at"]:
        raise BudgetExceeded("max_cost 0.01 USD reached")
    return {"n": n, "sq": n * n, "label": ctx.render(w.get("label", "{{ item.name }}"))}


def flaky(ctx: StepContext) -> Any:
    """Fails (rate limited, retryable) until attempt ``ok_on``; with: ok_on: N."""
    record(ctx)
    if ctx.attempt < int(ctx.phase.with_.get("ok_on", 2)):
        raise RateLimited("429 from fake", adapter="fake", retry_after=None)
    return {"attempt": ctx.attempt}


def fail(ctx: StepContext) -> Any:
    record(ctx)
    raise StepError(str(ctx.phase.with_.get("message", "this step always fails")),
                    retryable=bool(ctx.phase.with_.get("retryable")))


def budget(ctx: StepContext) -> Any:
    record(ctx)
    raise BudgetExceeded("max_cost 0.50 USD reached")


def two(ctx: StepContext) -> Any:
    record(ctx)
    return Outputs(left={"side": "l"}, right={"side": "r"})


def read_template(ctx: StepContext) -> Any:
    """Report-like step: renders the file with: template (relative to ctx.root)."""
    record(ctx)
    text = (ctx.root / ctx.phase.with_["template"]).read_text()
    out = ctx.render(text)
    (ctx.run_dir / "report.md").write_text(out)
    return {"chars": len(out)}


def gateway_call(ctx: StepContext) -> Any:
    record(ctx)
    assert ctx.gateway is not None, "no gateway"
    out = ctx.gateway.call({"q": ctx.phase_id})
    return {"value": out.value, "by": out.answered_by}


def constant(ctx: StepContext) -> Any:
    record(ctx)
    return {"constant": True}
