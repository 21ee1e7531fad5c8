"""Where every phase run of a mission is, and which may start: the scheduler's board.

A run is ``waiting`` (for its dependencies), ``queued``, ``running``, ``retry`` (waiting
for its backoff; it keeps its slot) or ``done``. The group rule: phases of one
``parallel_group`` run together; a phase without a group runs on its own; among queued
phases the earliest in topological order (ties: declaration order) goes first.
"""

from __future__ import annotations

from collections.abc import Iterable

from scout.orchestrator.phase_run import PhaseRun


class Board:
    def __init__(self, runs: dict[str, PhaseRun], succ: dict[str, list[str]]) -> None:
        self.runs = runs
        self.succ = succ
        #: runs by state, so no loop scans every phase
        self.by_state: dict[str, set[PhaseRun]] = {"queued": set(), "running": set(),
                                                    "retry": set()}
        self.active: set[str] = set()  # started and not done
        self.group: str | None = None  # the parallel group running now

    def set(self, run: PhaseRun, state: str) -> None:
        old = self.by_state.get(run.state)
        if old is not None:
            old.discard(run)
        new = self.by_state.get(state)
        if new is not None:
            new.add(run)
        run.state = state
        if state in ("running", "retry"):
            self.active.add(run.pid)
        elif state == "done":
            self.leave(run)

    def leave(self, run: PhaseRun) -> None:
        self.active.discard(run.pid)
        if not self.active:
            self.group = None

    def sorted(self, state: str) -> list[PhaseRun]:
        return sorted(self.by_state[state], key=lambda r: r.index)

    def release(self, run: PhaseRun) -> list[str]:
        """``run`` finished: the phases that now have every dependency done."""
        ready = []
        for s in self.succ[run.pid]:
            r = self.runs[s]
            r.preds_left -= 1
            if r.preds_left == 0:
                ready.append(s)
        return ready

    def startable(self) -> list[PhaseRun]:
        """Queued runs that may start now under the group rule (earliest first)."""
        queued = self.sorted("queued")
        if not queued:
            return []
        if not self.active:
            self.group = queued[0].phase.parallel_group
            if self.group is None:
                return queued[:1]
            return [queued[0]] + [r for r in queued[1:] if r.phase.parallel_group == self.group]
        if self.group is None:
            return []
        return [r for r in queued if r.phase.parallel_group == self.group]

    def due(self, now: float) -> list[PhaseRun]:
        """Runs whose retry is due at ``now``, in phase order (each once: its retry time
        is cleared)."""
        return self._take(self.by_state["retry"], "retry_at", now)

    def expired(self, now: float) -> list[PhaseRun]:
        """Running phases whose deadline has passed at ``now`` (each once: its deadline
        is cleared)."""
        return self._take(self.by_state["running"], "deadline", now)

    @staticmethod
    def _take(runs: Iterable[PhaseRun], attr: str, now: float) -> list[PhaseRun]:
        taken = sorted((r for r in runs if (t := getattr(r, attr)) is not None and t <= now),
                       key=lambda r: r.index)
        for run in taken:
            setattr(run, attr, None)
        return taken

    def next_wake(self) -> float | None:
        """The earliest deadline or retry time."""
        times = [r.deadline for r in self.by_state["running"] if r.deadline is not None]
        times += [r.retry_at for r in self.by_state["retry"] if r.retry_at is not None]
        return min(times) if times else None
