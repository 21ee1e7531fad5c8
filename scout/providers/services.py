"""What a chain link needs to make one call, passed explicitly: :class:`LinkServices`.

``ProviderRuntime`` (scout.providers.runtime) builds one bundle per run and hands it to
every gateway; a :class:`~scout.providers.chain.ChainGateway` and its
:class:`~scout.providers.link.LinkCaller` read nothing else. This module sits below
chain, link and runtime, so none of them imports another to learn what a link can use::

    ledger        journal lines, scrubbed (and the run's secret scrubber)
    book          skipped links and who answered, for the report
    credentials   availability, env credentials, the token pool
    adapters      the adapters and their httpx clients; invoke; paid estimates
    answers       the answer cache, one-payer claims, crash recovery
    budget        max_cost (reserve / settle), limiters (rate caps), breaker (cool-downs)
    timing        clocks, sleep and the retry jitter's random source (injected in tests)
    closed        set when the run closes: no call leaves afterwards
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from scout.config.models import Config
from scout.providers.adapter_set import AdapterSet
from scout.providers.answers import Answers
from scout.providers.breaker import CircuitBreaker
from scout.providers.cost import BudgetTracker
from scout.providers.credentials import Credentials
from scout.providers.ledger import Bookkeeping, Ledger
from scout.providers.ratelimit import RateLimiters


@dataclass(frozen=True)
class Timing:
    """The run's clocks: ``clock`` is wall time (journal stamps), ``monotonic`` measures
    durations and cool-downs, ``sleep`` waits (retries, rate caps), ``rng`` jitters."""

    clock: Callable[[], float] = time.time
    monotonic: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random = field(default_factory=random.Random)


@dataclass(frozen=True)
class LinkServices:
    """The services one run's links share (see the module docstring)."""

    config: Config
    ledger: Ledger
    book: Bookkeeping
    credentials: Credentials
    adapters: AdapterSet
    answers: Answers
    budget: BudgetTracker
    limiters: RateLimiters
    breaker: CircuitBreaker
    timing: Timing
    closed: threading.Event
