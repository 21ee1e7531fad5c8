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
from scout.providers.contract import ChainOutcome, Request
from scout.spec.models import Phase, Pipeline


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
    evaluate: Callable[..., Any] | None = None  # evaluate an expression in scope (+ extras)
    emit: Callable[[Any], None] = lambda event: None
    extras: dict[str, Any] = field(default_factory=dict)  # e.g. query/--set from the CLI
