"""How far a long build of an index has got, for whoever asked to be told: the journal
index's (bytes) and the runs cache's (run dirs).

The first build of the index on a night's journal (96,000 lines, ~40 MB) takes seconds
(~7.5 s under load), and so does the runs cache's first build on a night's 3,000 run dirs
(each state folded from its snapshot and log); ``scout runs`` or ``scout cost`` then said
nothing until it was done. A caller that can show progress (the CLI on a terminal) sets
reporters for the block it runs (:func:`reporting`); :class:`JournalIndex` tells its own
the bytes indexed of those it has to index, :func:`scout.audit.runs.runs_page` its own the
run dirs read of those not in the cache, now and then (at most every :data:`EVERY_S`),
and only when there are at least :data:`MIN_BYTES` (:data:`MIN_RUN_DIRS`) to do: an
incremental refresh says nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: told (bytes indexed so far, bytes to index in all); (total, total) once done
Reporter = Callable[[int, int], None]

#: below this many bytes to index, a refresh is quick and reports nothing
MIN_BYTES = 4 * 1024 * 1024
#: below this many run dirs to read (not in the runs cache), a listing is quick
MIN_RUN_DIRS = 300
#: the least time between two reports
EVERY_S = 0.25

_REPORTER: ContextVar[Reporter | None] = ContextVar("index_progress", default=None)
_RUNS_REPORTER: ContextVar[Reporter | None] = ContextVar("runs_progress", default=None)


@contextmanager
def reporting(reporter: Reporter | None, runs: Reporter | None = None) -> Iterator[None]:
    """Every journal index build in this block (this thread or task) reports to
    ``reporter``, every runs cache build to ``runs``."""
    token = _REPORTER.set(reporter)
    runs_token = _RUNS_REPORTER.set(runs)
    try:
        yield
    finally:
        _RUNS_REPORTER.reset(runs_token)
        _REPORTER.reset(token)


class Progress:
    """One refresh's progress: :meth:`advance` as bytes are indexed (``runs``: as run
    dirs are read), :meth:`done` at the end; both do nothing when no one listens or the
    work is small."""

    def __init__(self, total: int, *, runs: bool = False) -> None:
        reporter = (_RUNS_REPORTER if runs else _REPORTER).get()
        least = MIN_RUN_DIRS if runs else MIN_BYTES
        self.total = total
        self.done_bytes = 0  # bytes, or run dirs
        self._reporter = reporter if reporter is not None and total >= least else None
        self._last = 0.0

    def advance(self, nbytes: int) -> None:
        self.done_bytes += nbytes
        if self._reporter is None:
            return
        now = time.monotonic()
        if now - self._last >= EVERY_S:
            self._last = now
            self._reporter(min(self.done_bytes, self.total), self.total)

    def done(self) -> None:
        if self._reporter is not None and self._last:
            self._reporter(self.total, self.total)
