"""What one run of the scheduler is given (:class:`RunOptions`) and what it returns
(:class:`RunOutcome`); the hook a providers layer plugs in (:data:`GatewayFactory`)."""

from __future__ import annotations

import queue
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

    def wait(self, inbox: "queue.SimpleQueue[Any] | queue.Queue[Any]", seconds: float) -> Any:
        """Wait ``seconds`` (a phase's retry back-off) for a message on the scheduler's
        ``inbox``: the message, or None when the time is up. A stop another thread posts
        (scout.orchestrator.stoprequest: a batch's SIGTERM) ends the wait at once, as
        Ctrl-C ends a sleep on the main thread; a back-off slept whole with ``time.sleep``
        held a stopping batch until the retry was due. An injected ``sleep`` (tests) is
        called with the whole wait, then what was posted meanwhile is taken."""
        if self.sleep is not time.sleep:
            if seconds > 0:
                self.sleep(seconds)
            seconds = 0.0
        try:
            return inbox.get(timeout=seconds) if seconds > 0 else inbox.get_nowait()
        except queue.Empty:
            return None


@dataclass
class RunOutcome:
    stop: str | None  # None, "failed", "budget", "interrupted"
    stop_reason: str | None
    statuses: dict[str, str]
    #: the code of the error that stopped a ``budget`` stop: RUN004 (the mission's own
    #: cap, ``BudgetExceeded``) or RUN008 (its batch's, ``BatchBudgetExceeded``); None
    #: for every other outcome
    stop_code: str | None = None
