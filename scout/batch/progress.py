"""The batch progress display: missions done / running / failed, calls, cost, ETA.

- :class:`LiveBatchProgress` (a terminal): one rich live panel, refreshed as missions
  finish and while they run.
- :class:`PlainBatchProgress` (not a terminal: CI logs, pipes): one line per finished
  mission, and a totals line every ``every`` missions and at the end.

Both write to stderr, so stdout carries only the batch's summary for scripts. Both speak
the language the batch's requests share (``BatchView.lang``; English when they differ);
a finished mission's line speaks its own request's (its ``task.json``).
"""

from __future__ import annotations

import sys
import threading
from typing import IO, Any

from scout.batch.record import FINISHED, MissionRow
from scout.batch.runner import BatchView
from scout.i18n import translations
from scout.i18n.numbers import console_usd, usd_number
from scout.i18n.messages import localize
from scout.orchestrator.events import word
from scout.termsafe import clean


def fmt_duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m" if h else (f"{m}m{s:02d}s" if m else f"{s}s")


def totals_line(view: BatchView) -> str:
    tr = translations(view.lang)
    return tr.pgettext("console", "batch {batch}: {done}/{total} done, {running} running, "
                       "{failed} failed, {pending} pending; {calls} calls, ${usd}; elapsed "
                       "{elapsed}, ETA {eta}").format(
        batch=view.batch_id, done=view.done, total=view.total, running=view.running,
        failed=view.failed, pending=view.pending, calls=view.calls,
        usd=usd_number(view.cost_usd, view.lang), elapsed=fmt_duration(view.elapsed_s),
        eta=fmt_duration(view.eta_s))


def row_lang(row: MissionRow) -> str:
    """The language of a finished mission's request (its ``task.json``), else English."""
    if not row.run_dir:
        return "en"
    from pathlib import Path

    from scout.report.stopped import request_lang

    return request_lang(Path(row.run_dir))


def mission_line(row: MissionRow, lang: str = "en") -> str:
    mark = "ok" if row.status in FINISHED else "!!"
    return clean(f"  {mark} {row.mission_id}  {word(row.status, lang)}  "
                 f"{console_usd(row.cost_usd, lang)}  {where_to_look(row, lang)}")


def where_to_look(row: MissionRow, lang: str = "en") -> str:
    """What a mission's row points at: its report, else its error, else its run dir. A
    mission that failed or stopped points at its stopped page (what stopped it, why,
    what to do): that page sits in report.md's place, so it must never read as a
    finished report (a pipeline without a report phase names it as report_path too)."""
    error = localize(row.error, lang) if row.error else None
    if row.stopped_report:
        said = translations(lang).pgettext("console", "report {path}").format(
            path=row.stopped_report)
        return "; ".join(x for x in (error, said) if x)
    return row.report_path or error or row.run_dir or ""


class PlainBatchProgress:
    def __init__(self, stream: IO[str], every: int = 10) -> None:
        self.stream, self.every, self._n = stream, every, 0
        self._lock = threading.Lock()

    def update(self, view: BatchView, finished: MissionRow | None) -> None:
        with self._lock:
            if finished is not None:
                self._n += 1
                print(mission_line(finished, row_lang(finished)), file=self.stream,
                      flush=True)
                if self._n % self.every == 0:
                    print(totals_line(view), file=self.stream, flush=True)
            elif view.state != "running":
                print(totals_line(view), file=self.stream, flush=True)

    def __enter__(self) -> "PlainBatchProgress":
        return self

    def __exit__(self, *exc: Any) -> None:
        pass


class LiveBatchProgress:
    def __init__(self, stream: IO[str], force: bool = False) -> None:
        from rich.console import Console
        from rich.live import Live

        self.console = Console(file=stream, force_terminal=force or None)
        self._live = Live(console=self.console, refresh_per_second=4, transient=False)
        self._recent: list[str] = []

    def _render(self, view: BatchView) -> Any:
        from rich.table import Table

        tr = translations(view.lang)
        table = Table.grid(padding=(0, 2))
        batch = tr.pgettext("console", "batch")
        table.add_row(f"[bold]{batch}[/bold] {clean(view.batch_id)}",
                      tr.pgettext("console", "state {state}").format(
                          state=word(view.state, view.lang)))
        table.add_row("[green]" + tr.pgettext("console", "done {count}").format(count=view.done)
                      + f"[/green]/{view.total}",
                      "[cyan]" + tr.pgettext("console", "running {count}").format(
                          count=view.running) + "[/cyan]",
                      "[red]" + tr.pgettext("console", "failed {count}").format(
                          count=view.failed) + "[/red]",
                      tr.pgettext("console", "pending {count}").format(count=view.pending))
        table.add_row(tr.pgettext("console", "calls {count}").format(count=view.calls),
                      tr.pgettext("console", "cost ${usd}").format(
                          usd=usd_number(view.cost_usd, view.lang)),
                      tr.pgettext("console", "elapsed {time}").format(
                          time=fmt_duration(view.elapsed_s)),
                      tr.pgettext("console", "ETA {time}").format(time=fmt_duration(view.eta_s)))
        for line in self._recent[-5:]:
            table.add_row(line)
        return table

    def update(self, view: BatchView, finished: MissionRow | None) -> None:
        if finished is not None and finished.status not in FINISHED:
            self._recent.append(mission_line(finished, row_lang(finished)).strip())
        self._live.update(self._render(view), refresh=True)

    def __enter__(self) -> "LiveBatchProgress":
        self._live.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._live.stop()


class _Null:
    def update(self, view: BatchView, finished: MissionRow | None) -> None:
        pass

    def __enter__(self) -> "_Null":
        return self

    def __exit__(self, *exc: Any) -> None:
        pass


def make_batch_progress(mode: str = "auto", stream: IO[str] | None = None) -> Any:
    """``auto``: live on a terminal, plain lines otherwise; ``none``: silent."""
    stream = stream or sys.stderr
    if mode == "none":
        return _Null()
    if mode == "live" or (mode == "auto" and getattr(stream, "isatty", lambda: False)()):
        return LiveBatchProgress(stream, force=mode == "live")
    return PlainBatchProgress(stream)
