"""What a step receives when it runs: the StepContext, and the Gateway protocol.

The orchestrator builds one StepContext per phase run (and per fan-out item) and calls
the step kind's runner with it. A step never reaches the network itself: it sends typed
requests through ``ctx.gateway``, which the providers layer implements for the phase's
chain (rate cap → cache → token pool → retry → adapter → journal + cost, with failover).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from scout.config.models import Config
from scout.adapters.contract import ChainOutcome, Request
from scout.spec.models import Phase, Pipeline


@dataclass(frozen=True)
class StepRequest:
    """What was asked: the query, the input overrides (mission ``inputs:`` then ``--set``)
    and where each came from ("mission" or "set"), the spending cap, the Mission file."""

    query: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    override_sources: dict[str, str] = field(default_factory=dict)
    max_cost: float | None = None
    mission_file: str | None = None
    #: the config's ``default_lang``: the language of a request that shows neither
    default_lang: str = "en"


class MissionAccess(Protocol):
    """The running mission as a report sees it (phase states, costs, notices)."""

    def view(self, current_phase: str | None = None) -> Any:
        """A ``scout.report.context.MissionView``, read when called."""
        ...


class Gateway(Protocol):
    """A phase's door to its failover chain."""

    def call(self, request: Request) -> ChainOutcome[Any]:
        """Run ``request`` through the chain; raise ProviderError when every link failed."""
        ...


@dataclass
class StepContext:
    mission_id: str
    phase_id: str
    phase: Phase
    pipeline: Pipeline
    params: BaseModel  # the validated `with:` (templates still unrendered)
    inputs: dict[str, Any]  # artifacts by name; a missing optional need is None
    config: Config
    root: Path  # framework root (config/, runtime/, templates/)
    run_dir: Path
    today: dt.date
    task: Any | None = None  # the Task artifact, once F0 has run
    item: Any | None = None  # the fan-out item
    item_index: int | None = None
    gateway: Gateway | None = None
    render: Callable[[str], str] | None = None  # render a template in this phase's scope
    #: render a template a person or a search engine reads (a query, a question, a title):
    #: the kind's enum words it prints in the request's language (orchestrator/scope.say)
    say: Callable[[str], str] | None = None
    evaluate: Callable[..., Any] | None = None  # evaluate an expression in scope (+ extras)
    emit: Callable[[Any], None] = lambda event: None
    #: what was asked (typed); ``extras`` holds the same as a dict for older python: steps
    request: StepRequest = field(default_factory=StepRequest)
    mission: MissionAccess | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    attempt: int = 1  # 1 for the first try of this phase in this run
    #: True once the run wants this step to stop early (phase timeout, budget stop,
    #: Ctrl-C); long steps may check it between units of work
    cancelled: Callable[[], bool] = lambda: False

    def with_rendered(self) -> dict[str, Any]:
        """The phase's ``with:`` block with every Jinja string rendered in this scope
        (per item in a fan-out). Convenient for ``python:`` steps."""
        if self.render is None:
            return dict(self.phase.with_)
        return _render_tree(self.phase.with_, self.render)


def _render_tree(value: Any, render: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return render(value)
    if isinstance(value, dict):
        return {k: _render_tree(v, render) for k, v in value.items()}
    if isinstance(value, list):
        return [_render_tree(v, render) for v in value]
    return value


class Outputs(dict):
    """Return value of a step that produces several artifacts: ``Outputs(a=..., b=...)``.

    The return convention (docs/running.md): a phase that produces one artifact returns
    its value; one that produces several returns ``Outputs`` (or a plain dict whose keys
    are exactly the produced names); one that produces nothing returns None. In a fan-out
    the same convention holds per item, and the runner gathers the items in order.
    """


@dataclass(frozen=True)
class ItemOutcome:
    """One fan-out item's result, as a ``StepKind.gather`` function receives it."""

    index: int
    item: Any
    ok: bool
    value: Any = None  # for one produced artifact: the value; for several: a dict by name
    error: str | None = None
