"""Why a mission stops, once it does: the stop that stands and the flag its workers read.

A mission stops for a required phase that failed ("failed": nothing new starts, running
phases finish), a budget cap ("budget", with the cap's code: RUN004 the mission's, RUN008
its batch's) or Ctrl-C / SIGTERM ("interrupted"); the last two stop it at once (the
workers read :attr:`Stop.flag`). The first stop stands, except that a budget cap replaces
a failure: the outcome then says which cap. The scheduler (``runner.py``) applies it.
"""

from __future__ import annotations

import threading

from scout.orchestrator.options import RunOutcome

#: the stops that stop the work in flight at once
AT_ONCE = ("budget", "interrupted")


class Stop:
    """The mission's stop: ``kind`` (None while it runs), ``reason``, ``code``."""

    def __init__(self) -> None:
        self.kind: str | None = None
        self.reason: str | None = None
        self.code: str | None = None
        self.flag = threading.Event()  # set: the workers stop after their current call

    def take(self, kind: str, reason: str, code: str | None = None) -> bool:
        """Stop for ``kind``; True when this stop now stands (the first, or a budget cap
        after a failure). A stop :data:`AT_ONCE` raises the flag either way."""
        stands = self.kind is None or (kind == "budget" and self.kind != "budget")
        if stands:
            self.kind, self.reason, self.code = kind, reason, code
        if kind in AT_ONCE:
            self.flag.set()
        return stands

    def outcome(self, phases: dict[str, str]) -> RunOutcome:
        """The run's outcome: how it stopped (None: it ran to the end) and each phase's
        status; the code only for a budget stop."""
        return RunOutcome(self.kind, self.reason, phases,
                          self.code if self.kind == "budget" else None)
