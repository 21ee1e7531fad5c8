"""The providers hook that ``scout.api.apply`` calls: one ProviderRuntime per apply.

It turns the resolved mission request into the two things the orchestrator needs — a
gateway factory (one failover-chain gateway per phase run) and a preflight (credentials,
token pool, the optional ``ml`` extra) — and closes the runtime when the apply ends.
Money already spent on this mission (earlier applies, read from the journal) counts
against ``max_cost``, so a resumed mission cannot spend its cap twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from scout.config.models import Config
from scout.providers.routing import CapabilityOf
from scout.quota.base import BatchBudget
from scout.providers.runtime import ProviderRuntime
from scout.providers.spend import spent_on_mission
from scout.spec.models import Pipeline


@dataclass
class ProviderOptions:
    """What the command line (or a caller of the API) chose for external calls."""

    record_dir: Path | None = None
    replay_dir: Path | None = None
    no_cache: bool = False
    max_cost: float | None = None  # overrides the Mission's max_cost when set
    env: Mapping[str, str] | None = None
    transport: httpx.BaseTransport | None = None
    adapter_factory: Callable[..., Any] | None = None  # tests: inject non-HTTP adapters
    sleep: Callable[[float], None] | None = None
    clock: Callable[[], float] | None = None
    send: bool = False  # --send: e-mail phases deliver even under --replay
    #: the batch this mission runs in: its calls reserve against the batch's cap too
    batch: BatchBudget | None = None


@dataclass
class ProviderRecipe:
    """How another process (a Dask worker) builds the same providers layer: picklable
    (``ProviderRuntime`` keyword arguments that are data; injected clocks stay home).
    ``key`` names one apply, so a worker builds its layer once per apply."""

    key: str
    config: Config
    root: Path
    mission_id: str
    kwargs: dict[str, Any]

    def build(self) -> ProviderRuntime:
        return ProviderRuntime(self.config, self.root, self.mission_id, **self.kwargs)


class ProvidersHook:
    """Callable as ``providers(request, pipeline, config) -> (gateway_factory, preflight)``."""

    def __init__(self, root: Path, options: ProviderOptions | None = None, *,
                 step_capability: CapabilityOf | None = None) -> None:
        self.root = Path(root)
        self.options = options or ProviderOptions()
        #: ``capability_of(uses)`` from the step registry, for phases without a chain
        #: (``scout.api.step_capability``; scout.api fills it in when a hook has none)
        self.step_capability = step_capability
        self.runtime: ProviderRuntime | None = None
        #: what a worker process needs to build this apply's layer (set by __call__)
        self.recipe: ProviderRecipe | None = None
        #: adapters that could not be reached in the last apply (kept after close)
        self.unreachable: dict[str, str] = {}

    def __call__(self, request: Any, pipeline: Pipeline, config: Config) -> tuple[Any, Any]:
        opts = self.options
        max_cost = opts.max_cost if opts.max_cost is not None else request.max_cost
        kw: dict[str, Any] = {}
        if opts.sleep is not None:
            kw["sleep"] = opts.sleep
        if opts.clock is not None:
            kw["clock"] = opts.clock
        data: dict[str, Any] = dict(
            record_dir=opts.record_dir, replay_dir=opts.replay_dir, no_cache=opts.no_cache,
            max_cost=max_cost, spent_before=spent_on_mission(self.root, request.mission_id),
            env=dict(opts.env) if opts.env is not None else None, transport=opts.transport,
            adapter_factory=opts.adapter_factory, send=opts.send, batch=opts.batch,
            # the pipeline's step kinds resolved here, as data: a worker process that
            # builds this layer from the recipe needs no step registry
            step_capability=self._capabilities(pipeline).get)
        self.runtime = ProviderRuntime(config, self.root, request.mission_id, **data, **kw)
        import uuid

        self.recipe = ProviderRecipe(uuid.uuid4().hex, config, self.root, request.mission_id,
                                     data)
        runtime = self.runtime

        def preflight(pipeline: Pipeline, config: Config, phase_ids: list[str]
                      ) -> Iterable[str]:
            report = runtime.preflight(pipeline)  # raises ConfigError (exit 3)
            from scout import ml

            ml.preflight(pipeline)  # ML001 with the install hint when the extra is missing
            return [line for line in report.lines() if "[skip]" in line]

        return runtime.gateway_factory(), preflight

    def _capabilities(self, pipeline: Pipeline) -> dict[str, str | None]:
        lookup = self.step_capability
        if lookup is None:
            return {}
        return {ph.uses: lookup(ph.uses) for ph in pipeline.phases.values()}

    def close(self) -> None:
        if self.runtime is not None:
            self.unreachable = dict(self.runtime.unreachable)
            self.runtime.close()
            self.runtime = None
