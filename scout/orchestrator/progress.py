"""Progress display for a running mission, fed by the typed events (``events.py``).

- :class:`LiveProgress` (a terminal): a rich live table, one row per phase, with its
  status, n/m items for fan-outs, elapsed time and the adapters that answered.
- :class:`PlainProgress` (not a terminal: CI logs, pipes): one plain line per phase
  start, finish, retry and notice; fan-out progress every 10% (every item with
  ``verbose``).

Both write to stderr by default, so stdout carries only the result (report path or
final state) for scripts. Both speak the request's language (``MissionStarted.lang``):
the notices that come before it (the lock's, preflight's) wait for it, a few
milliseconds, and are said in it too; the status codes and the JSON stay English.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from typing import IO, Any

from rich.console import Console
from rich.live import Live
from rich.table import Table
from rich.text import Text

from scout.i18n import translations
from scout.orchestrator import events as E
from scout.termsafe import cell, clean

STATUS_STYLE = {
    "pending": "dim",
    "running": "bold cyan",
    "succeeded": "green",
    "succeeded_partial": "yellow",
    "failed_retryable": "dark_orange",
    "failed_terminal": "bold red",
    "skipped": "dim",
    "blocked_missing_input": "magenta",
    "stale": "blue",
    "reused": "green",
}


@dataclass
class _Row:
    status: str = "pending"
    started: float | None = None
    elapsed: float | None = None
    done: int | None = None
    total: int | None = None
    answered: list[str] = field(default_factory=list)
    note: str = ""


class _Board:
    """The phase table's data, updated from events (any thread)."""

    def __init__(self) -> None:
        self.rows: dict[str, _Row] = {}
        self.lock = threading.Lock()
        self.notices: list[str] = []
        self.title = ""
        self.lang = "en"

    def update(self, ev: E.Event) -> None:
        with self.lock:
            if isinstance(ev, E.MissionStarted):
                self.lang = ev.lang
                self.title = ev.message(self.lang)
                for pid in ev.phases:
                    self.rows.setdefault(pid, _Row())
            elif isinstance(ev, E.PhaseStarted):
                row = self.rows.setdefault(ev.phase, _Row())
                row.status, row.started, row.elapsed = "running", time.monotonic(), None
                row.total, row.done = ev.items_total, ev.items_reused if ev.items_total else None
                tr = translations(self.lang)
                row.note = tr.pgettext("console", "attempt {attempt}").format(
                    attempt=ev.attempt) if ev.attempt > 1 else ""
            elif isinstance(ev, E.ItemDone):
                row = self.rows.setdefault(ev.phase, _Row())
                row.done, row.total = ev.done, ev.total
                if ev.answered_by and ev.answered_by not in row.answered:
                    row.answered.append(ev.answered_by)
            elif isinstance(ev, E.PhaseRetried):
                row = self.rows.setdefault(ev.phase, _Row())
                row.status = "failed_retryable"
                tr = translations(self.lang)
                row.note = tr.pgettext("console", "retry in {delay}s: {error}").format(
                    delay=E.seconds(ev.delay_s, self.lang, 1),
                    error=E.localize(ev.error, self.lang))[:80]
            elif isinstance(ev, E.PhaseFinished):
                row = self.rows.setdefault(ev.phase, _Row())
                row.status, row.elapsed = ev.status, ev.duration_s
                row.answered = list(ev.answered_by) or row.answered
                row.note = E.localize(ev.reason or ev.error or "", self.lang)[:80]
            elif isinstance(ev, E.PhaseReused):
                row = self.rows.setdefault(ev.phase, _Row())
                row.status, row.note = "reused", ""
            elif isinstance(ev, E.PhaseStatusChanged):
                row = self.rows.setdefault(ev.phase, _Row())
                row.status, row.note = ev.status, E.localize(ev.reason, self.lang)[:80]
            elif isinstance(ev, E.Notice):
                self.notices.append(ev.message(self.lang))

    def table(self) -> Table:
        table = Table(title=self.title or None, expand=False, title_justify="left")
        tr = translations(self.lang)
        columns = (tr.pgettext("progress table", "phase"), tr.pgettext("progress table", "status"),
                   tr.pgettext("progress table", "items"),
                   tr.pgettext("progress table", "elapsed"),
                   tr.pgettext("progress table", "answered by"),
                   tr.pgettext("progress table", "note"))
        for i, col in enumerate(columns):
            table.add_column(col, no_wrap=i != len(columns) - 1)  # the note wraps
        now = time.monotonic()
        with self.lock:
            for pid, row in self.rows.items():
                elapsed = row.elapsed if row.elapsed is not None else (
                    now - row.started if row.started is not None and row.status == "running"
                    else None)
                items = f"{row.done}/{row.total}" if row.total is not None else ""
                table.add_row(pid, Text(E.word(row.status, self.lang),
                                        style=STATUS_STYLE.get(row.status, "")),
                              items, E.elapsed(elapsed, self.lang, 1)
                              if elapsed is not None else "",
                              cell(", ".join(row.answered[:3])), cell(row.note))
        return table


class LiveProgress:
    """A rich live phase table; use as a context manager around the run."""

    def __init__(self, console: Console | None = None, refresh_per_second: float = 8) -> None:
        self.console = console or Console(stderr=True)
        self.board = _Board()
        self._waiting: list[E.Notice] | None = []  # notices before the language is known
        self._live = Live(console=self.console, refresh_per_second=refresh_per_second,
                          get_renderable=self.board.table, transient=False)

    def __call__(self, ev: E.Event) -> None:
        if isinstance(ev, E.Notice):
            if self._waiting is not None:
                self._waiting.append(ev)
            else:
                self._notice(ev)
            return
        self.board.update(ev)
        if isinstance(ev, E.MissionStarted):
            self._said_waiting()

    def _notice(self, ev: E.Notice) -> None:
        self.board.update(ev)
        self.console.print(Text(clean(ev.message(self.board.lang)),
                                style="yellow" if ev.level != "info" else ""))

    def _said_waiting(self) -> None:
        waiting, self._waiting = self._waiting or [], None
        for notice in waiting:
            self._notice(notice)

    def __enter__(self) -> "LiveProgress":
        self._live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._said_waiting()  # a mission that never started (preflight refused it)
        self._live.refresh()
        self._live.stop()


class PlainProgress:
    """Plain lines, for logs and pipes."""

    def __init__(self, stream: IO[str] | None = None, *, verbose: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.verbose = verbose
        self._lock = threading.Lock()
        self._step: dict[str, int] = {}
        self._said: list[str] = []  # error texts already printed in full
        self.lang = "en"  # the request's, from MissionStarted
        self._waiting: list[E.Event] | None = []  # notices before the language is known

    def _once(self, text: str, ev: E.Event) -> str:
        """``text`` with error texts printed before replaced by a short reference: a
        provider that is down fails every retry, item and waiting phase with the same
        words, and the first copy is the one worth reading."""
        for said in self._said:
            if said in text:
                tr = translations(self.lang)
                text = text.replace(said, tr.pgettext("console", "the same error as above"))
        value = getattr(ev, "error", None)
        if isinstance(value, str) and len(value) >= 40 and value not in self._said:
            self._said.append(value)
        return text

    def __call__(self, ev: E.Event) -> None:
        if self._waiting is not None:
            if isinstance(ev, E.Notice):
                self._waiting.append(ev)
                return
            if isinstance(ev, E.MissionStarted):
                self.lang = ev.lang
            self._said_waiting()
        self._say(ev)

    def _said_waiting(self) -> None:
        waiting, self._waiting = self._waiting or [], None
        for ev in waiting:
            self._say(ev)

    def _say(self, ev: E.Event) -> None:
        repeated = isinstance(ev, E.ItemDone) and not ev.ok and ev.error in self._said
        if isinstance(ev, E.ItemDone) and not self.verbose:
            if ev.ok or repeated:
                step = max(1, ev.total // 10)
                last = self._step.get(ev.phase, 0)
                if ev.done < ev.total and ev.done - last < step:
                    return
                self._step[ev.phase] = ev.done
            tr = translations(self.lang)
            said = (tr.pgettext("console", "{phase} items {done}/{total}") if ev.ok else
                    tr.pgettext("console",
                                "{phase} items {done}/{total} (item {index} failed: {error})"))
            text = said.format(phase=ev.phase, done=ev.done, total=ev.total, index=ev.index,
                               error=E.localize(ev.error or "", self.lang))
        else:
            text = ev.message(self.lang)
        with self._lock:
            text = self._once(text, ev)
            self.stream.write(clean(text) + "\n")
            self.stream.flush()

    def __enter__(self) -> "PlainProgress":
        return self

    def __exit__(self, *exc: object) -> None:
        self._said_waiting()  # a mission that never started (preflight refused it)


class _Null:
    def __call__(self, ev: E.Event) -> None:
        pass

    def __enter__(self) -> "_Null":
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def make_progress(mode: str = "auto", stream: IO[str] | None = None, *,
                  verbose: bool = False) -> Any:
    """``auto``: a live table on a terminal, plain lines otherwise; ``none``: silent."""
    stream = stream or sys.stderr
    if mode == "none":
        return _Null()
    if mode == "live" or (mode == "auto" and getattr(stream, "isatty", lambda: False)()):
        return LiveProgress(Console(file=stream, force_terminal=mode == "live" or None))
    return PlainProgress(stream, verbose=verbose)
