"""What one run of the scheduler is given (:class:`RunOptions`) and what it returns
(:class:`RunOutcome`); the hook a providers layer plugs in (:data:`GatewayFactory`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scout.orchestrator.executor import Executor
from scout.spec.models import Phase
from scout.stepkit.context import Gateway

GatewayFactory = Callable[[str, Phase], "Gateway | None"]


@dataclass
class RunOptions:
    #: phases to rerun whatever their fingerprint says, with the reason (downstream of a
    #: --force phase already included)
    force: dict[str, str] = field(default_factory=dict)
    max_workers: int = 8
    gateway_factory: GatewayFactory | None = None
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random = field(default_factory=random.Random)
    #: builds the executor (default: the config's ``executor.kind``, threads)
    executor: Callable[[int], Executor] | None = None
    #: how a worker process builds the providers layer (``remote.py``); None: no remote
    #: item can reach a provider (the gateway stays in this process)
    remote_providers: Any = None


@dataclass
class RunOutcome:
    stop: str | None  # None, "failed", "budget", "interrupted"
    stop_reason: str | None
    statuses: dict[str, str]
    #: the code of the error that stopped a ``budget`` stop: RUN004 (the mission's own
    #: cap, ``BudgetExceeded``) or RUN008 (its batch's, ``BatchBudgetExceeded``); None
    #: for every other outcome
    stop_code: str | None = None
