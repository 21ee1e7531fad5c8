"""How far a long build of the journal index has got, for whoever asked to be told.

The first build of the index on a night's journal (96,000 lines, ~40 MB) takes seconds
(~7.5 s under load); ``scout runs`` or ``scout cost`` then said nothing until it was
done. A caller that can show progress (the CLI on a terminal) sets a reporter for the
block it runs (:func:`reporting`); :class:`JournalIndex` tells it the bytes indexed of
those it has to index, now and then (at most every :data:`EVERY_S`), and only when
there are at least :data:`MIN_BYTES` to index: an incremental refresh says nothing.
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
#: the least time between two reports
EVERY_S = 0.25

_REPORTER: ContextVar[Reporter | None] = ContextVar("index_progress", default=None)


@contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Every index build in this block (this thread or task) reports to ``reporter``."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)


class Progress:
    """One refresh's progress: :meth:`advance` as bytes are indexed, :meth:`done` at the
    end; both do nothing when no one listens or the work is small."""

    def __init__(self, total: int) -> None:
        reporter = _REPORTER.get()
        self.total = total
        self.done_bytes = 0
        self._reporter = reporter if reporter is not None and total >= MIN_BYTES else None
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
