"""The providers layer assembled for one mission run: :class:`ProviderRuntime`.

One runtime per ``scout apply``. It builds what every gateway shares — the journal, the
cache, the token pool, the rate limiters, the circuit breaker, the budget, the adapters
and their httpx clients, record/replay — into one explicit bundle,
:class:`~scout.providers.services.LinkServices`, and hands out a :class:`ChainGateway`
per phase that reads only that bundle::

    rt = ProviderRuntime(config, root, mission_id, max_cost=0.5,
                         step_capability=capability_of)   # from scout.api
    report = rt.preflight(pipeline)            # raises ConfigError (exit 3) when keys miss
    gw = rt.gateway_for_phase("F1", pipeline.phases["F1"])
    outcome = gw.call(SearchRequest(query="hotels in Barcelona", limit=20))
    rt.close()

The call path of every request: cache → token pool → retry → budget → rate cap → adapter
→ journal + cost, inside the phase's failover chain. The cache is consulted before the
rate cap on purpose: a hit sends no request, so it neither waits for nor spends a token of
the adapter's rate; every try that does leave (retries included) passes the rate cap.

The providers layer does not know step kinds: which chain a phase without ``chain:`` or
``adapters:`` uses depends on what its step kind does, and that lookup
(``step_capability(uses) -> capability | None``) is passed in by whoever builds the
runtime (scout.providers.routing has the rule).
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import httpx

from scout.adapters.contract.redact import SecretScrubber
from scout.config.models import ChainLink, Config
from scout.errors import ConfigError
from scout.providers.adapter_set import AdapterFactory, AdapterSet
from scout.providers.answers import Answers
from scout.providers.breaker import CircuitBreaker
from scout.providers.cache import ReplyCache
from scout.providers.chain import ChainGateway
from scout.providers.cost import BudgetTracker, CostEstimate, estimate_cost
from scout.providers.credentials import Credentials
from scout.providers.journal import Journal
from scout.providers.ledger import Bookkeeping, Ledger
from scout.providers.preflight import PreflightReport, pool_config_path, run_preflight
from scout.providers.ratelimit import RateLimiters
from scout.providers.record import Exchanges
from scout.providers.routing import CapabilityOf, links_for_phase
from scout.providers.services import LinkServices, Timing
from scout.quota.base import BatchBudget, Quota
from scout.quota.claims import Claims
from scout.quota.factory import make_quota
from scout.spec.basics import RetryPolicy
from scout.spec.models import Phase, Pipeline

__all__ = ["AdapterFactory", "ProviderRuntime"]


class ProviderRuntime:
    """Builds one run's :class:`LinkServices` and the gateways that use them."""

    def __init__(
        self,
        config: Config,
        root: str | Path,
        mission_id: str,
        *,
        record_dir: str | Path | None = None,
        replay_dir: str | Path | None = None,
        no_cache: bool = False,
        max_cost: float | None = None,
        spent_before: float = 0.0,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        env: Mapping[str, str] | None = None,
        adapter_factory: AdapterFactory | None = None,
        transport: httpx.BaseTransport | None = None,
        journal_max_bytes: int | None = None,
        journal: Journal | None = None,
        pool_config: str | Path | None = None,
        send: bool = False,
        step_capability: CapabilityOf | None = None,
        batch: BatchBudget | None = None,
        read_only: bool = False,
    ) -> None:
        if record_dir is not None and replay_dir is not None:
            raise ConfigError("--record and --replay cannot be used together", code="CFG015")
        self.config = config
        self.root = Path(root)
        self.runtime_dir = self.root / "runtime"
        self.mission_id = mission_id
        #: what a phase's step kind asks adapters for (injected: see the module docstring)
        self.step_capability = step_capability
        # with an injected wall clock and no monotonic one, tests want a single fake time
        mono = monotonic or (time.monotonic if clock is time.time else clock)
        self.timing = Timing(clock, mono, sleep, rng or random.Random())
        env = os.environ if env is None else env
        self.replaying = replay_dir is not None
        self.secrets = SecretScrubber()
        self.journal = journal or Journal(self.runtime_dir, max_bytes=journal_max_bytes)
        self.cache = ReplyCache(self.runtime_dir, clock=clock)
        # a replay reaches no provider, so there is no rate to respect
        caps = {} if self.replaying else {n: s.rate for n, s in config.adapters.items()}
        #: rate caps, breaker, budget, claims and pool state, shared through the backend
        #: (quota.backend / SCOUTE_QUOTA_URL); injected clocks (tests) drive it too
        #: ``read_only`` (scout plan's estimate): in memory, so nothing is created under
        #: runtime/ and no shared backend is reached (a plan runs on a read-only checkout)
        self.quota: Quota = make_quota(
            "memory" if read_only else config.quota.backend, self.runtime_dir,
            headroom=config.quota.headroom, env={} if read_only else env,
            clock=time.time if mono is time.monotonic else mono)
        #: set by close(): calls still waiting (rate limiter) must not go out afterwards
        self.closed = threading.Event()
        self.limiters = RateLimiters(caps, clock=mono, sleep=sleep, quota=self.quota,
                                     cancel=self.closed)
        self.breaker = CircuitBreaker(mono, quota=self.quota)
        # a batch's mission: each paid call reserves against the batch's cap as well
        self.budget = BudgetTracker(max_cost, spent=spent_before, quota=self.quota,
                                    scope=mission_id, batch=batch)
        self.claims = Claims(self.quota, config.quota.claim_lease, self.closed,
                             sleep=sleep, clock=mono)

        exchanges: Exchanges | None = None
        if record_dir is not None or replay_dir is not None:
            exchanges = Exchanges(record_dir or replay_dir, self.secrets)  # type: ignore[arg-type]
            exchanges.check_folders()  # never written or read through a link out of it
            if record_dir is not None:  # a recording resumed: a killed recorder's files
                from scout.fsutil import STALE_TMP_S, remove_stale_tmp

                # never a live recorder's (a batch's missions record side by side: each
                # holds its writer's lock on what it writes)
                remove_stale_tmp(record_dir, before=time.time() - STALE_TMP_S)
        manifest: dict[str, Any] | None = None
        if self.replaying and exchanges is not None:
            # a shared cassette is untrusted: refuse it whole, up front (each stored reply
            # held to the shape its adapter answers with)
            exchanges.check({n: s.type for n, s in config.adapters.items()})
            manifest = exchanges.read_manifest() or {}
        self.ledger = Ledger(self.journal, self.secrets, mission_id, clock)
        self.book = Bookkeeping(config, self.ledger)
        self.credentials = Credentials(
            config, env, self.secrets, runtime_dir=self.runtime_dir,
            pool_config_path=Path(pool_config) if pool_config
            else pool_config_path(config, self.root),
            quota=self.quota, clock=clock, replay_manifest=manifest,
            recording=exchanges if record_dir is not None else None, mission_id=mission_id)
        self.adapters = AdapterSet(config, self.credentials, self.secrets,
                                   factory=adapter_factory, transport=transport,
                                   exchanges=exchanges, replaying=self.replaying, send=send)
        self.answers = Answers(self.cache, config, self.ledger, self.budget, self.claims,
                               runtime_dir=self.runtime_dir,
                               paid_estimate=self.adapters.paid_estimate,
                               no_cache=no_cache, replaying=self.replaying)
        #: the one bundle every gateway of this run reads
        self.services = LinkServices(
            config=config, ledger=self.ledger, book=self.book, credentials=self.credentials,
            adapters=self.adapters, answers=self.answers, budget=self.budget,
            limiters=self.limiters, breaker=self.breaker, timing=self.timing,
            closed=self.closed)

    @property
    def unreachable(self) -> dict[str, str]:
        """Adapter -> the first "cannot connect" error of the run."""
        return self.adapters.unreachable

    # --- gateways ---------------------------------------------------------------------

    def gateway(self, phase_id: str, chain_name: str | None = None,
                links: tuple[ChainLink, ...] | list[str] | None = None,
                retry: RetryPolicy | None = None) -> ChainGateway:
        """A gateway for a named chain or an inline list of links (``"name?"`` allowed)."""
        if chain_name is not None:
            if chain_name not in self.config.chains:
                from scout.suggest import did_you_mean
                raise ConfigError(f"chain '{chain_name}' is not defined in {self.config.path}",
                                  hint=did_you_mean(chain_name, self.config.chains,
                                                    what="chains"), code="CFG016")
            resolved = self.config.chains[chain_name]
        elif links:
            resolved = tuple(x if isinstance(x, ChainLink) else ChainLink.parse(x) for x in links)
        else:
            raise ConfigError(f"phase '{phase_id}': no chain or adapters given", code="CFG016")
        return ChainGateway(self.services, phase_id, chain_name, resolved, retry)

    def links_for_phase(self, phase_id: str, phase: Phase
                        ) -> tuple[str | None, tuple[ChainLink, ...]] | None:
        """The (chain name, links) a phase uses; None when its step calls no adapters."""
        return links_for_phase(self.config, phase, self.step_capability)

    def gateway_for_phase(self, phase_id: str, phase: Phase,
                          retry: RetryPolicy | None = None) -> ChainGateway | None:
        """The gateway of a phase (``phase.call_retry`` overrides the adapters' retry;
        ``phase.retry`` counts the phase's own attempts, not calls)."""
        resolved = self.links_for_phase(phase_id, phase)
        if resolved is None:
            return None
        chain_name, links = resolved
        return ChainGateway(self.services, phase_id, chain_name, links,
                            phase.call_retry or retry)

    def gateway_factory(self) -> Callable[[str, Phase], ChainGateway | None]:
        """What the orchestrator calls: ``factory(phase_id, phase) -> Gateway | None``."""
        return self.gateway_for_phase

    # --- preflight and estimates ------------------------------------------------------

    def _phase_links(self, pipeline: Pipeline) -> dict[str, tuple[str, tuple[ChainLink, ...]]]:
        out = {}
        for pid, phase in pipeline.phases.items():
            resolved = self.links_for_phase(pid, phase)
            if resolved is not None:
                name, links = resolved
                out[pid] = (name or "[" + ",".join(map(str, links)) + "]", links)
        return out

    def preflight(self, pipeline: Pipeline, *, raise_on_problems: bool = True
                  ) -> PreflightReport:
        """Check every adapter of every chain the pipeline uses; journal the skips.

        Raises ``ConfigError`` (exit 3) naming every missing variable unless
        ``raise_on_problems`` is False (then ``report.problems`` lists them).
        """
        phase_links = self._phase_links(pipeline)
        # a phase with an ``if:`` may never run; an optional phase whose links are all
        # ``name?`` asks for nothing that must be configured (uses: images runs on the
        # candidates' own photos when no image search is set up): neither stops the rest
        conditional = frozenset(
            pid for pid, ph in pipeline.phases.items()
            if ph.if_ or (ph.optional and pid in phase_links
                          and all(lk.when_configured for lk in phase_links[pid][1])))
        report = run_preflight(phase_links, self.credentials.availability, self.config,
                               conditional)
        for check in report.skipped:
            for pid in check.phases:
                resolved = self.links_for_phase(pid, pipeline.phases[pid])
                assert resolved is not None
                chain, links = resolved
                pos = next(i for i, lk in enumerate(links) if lk.adapter == check.adapter)
                self.book.note_skip(pid, chain, pos, check.adapter, check.reason or "")
        if raise_on_problems:
            report.raise_for_problems()
        return report

    def estimate(self, pipeline: Pipeline, *, fanout: int = 10) -> CostEstimate:
        """``scout plan``'s cost estimate, with ``name?`` links resolved as they would run."""

        def default_links(pid: str, phase: Any) -> tuple[str, tuple[ChainLink, ...]] | None:
            resolved = self.links_for_phase(pid, phase)
            if resolved is None:
                return None
            return resolved[0] or "inline", resolved[1]

        def available(adapter: str) -> bool:
            try:
                return self.credentials.availability(adapter).ok
            except ConfigError:
                return False

        return estimate_cost(pipeline, self.config, fanout=fanout, available=available,
                             default_links=default_links)

    # --- summary and lifecycle --------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        return {
            "mission_id": self.mission_id,
            "results": dict(self.ledger.results),
            "answered_by": dict(self.book.answered_by),
            "cost_usd": round(self.budget.spent, 8),
            "max_cost": self.budget.max_cost,
            "cache": {"hits": self.cache.hits, "misses": self.cache.misses},
            "rate_waits": [s.__dict__ for s in self.limiters.stats()],
            "skipped": self.book.skip_notes(),
        }

    def close(self) -> None:
        self.closed.set()
        self.adapters.close()
        self.cache.close()
        self.journal.close()
        self.quota.close()

    def __enter__(self) -> "ProviderRuntime":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
