"""The batch progress display: missions done / running / failed, calls, cost, ETA.

- :class:`LiveBatchProgress` (a terminal): one rich live panel, refreshed as missions
  finish and while they run.
- :class:`PlainBatchProgress` (not a terminal: CI logs, pipes): one line per finished
  mission, and a totals line every ``every`` missions and at the end.

Both write to stderr, so stdout carries only the batch's summary for scripts.
"""

from __future__ import annotations

import sys
import threading
from typing import IO, Any

from scout.batch.record import FINISHED, MissionRow
from scout.batch.runner import BatchView
from scout.termsafe import clean


def fmt_duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m" if h else (f"{m}m{s:02d}s" if m else f"{s}s")


def totals_line(view: BatchView) -> str:
    return (f"batch {view.batch_id}: {view.done}/{view.total} done, {view.running} running, "
            f"{view.failed} failed, {view.pending} pending; {view.calls} calls, "
            f"${view.cost_usd:.4f}; elapsed {fmt_duration(view.elapsed_s)}, "
            f"ETA {fmt_duration(view.eta_s)}")


def mission_line(row: MissionRow) -> str:
    mark = "ok" if row.status in FINISHED else "!!"
    return clean(f"  {mark} {row.mission_id}  {row.status}  ${row.cost_usd:.4f}  "
                 f"{where_to_look(row)}")


def where_to_look(row: MissionRow) -> str:
    """What a mission's row points at: its report, else its error, else its run dir. A
    mission that failed or stopped points at its stopped page (what stopped it, why,
    what to do): that page sits in report.md's place, so it must never read as a
    finished report (a pipeline without a report phase names it as report_path too)."""
    if row.stopped_report:
        return "; ".join(x for x in (row.error, f"report {row.stopped_report}") if x)
    return row.report_path or row.error or row.run_dir or ""


class PlainBatchProgress:
    def __init__(self, stream: IO[str], every: int = 10) -> None:
        self.stream, self.every, self._n = stream, every, 0
        self._lock = threading.Lock()

    def update(self, view: BatchView, finished: MissionRow | None) -> None:
        with self._lock:
            if finished is not None:
                self._n += 1
                print(mission_line(finished), file=self.stream, flush=True)
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

        table = Table.grid(padding=(0, 2))
        table.add_row(f"[bold]batch[/bold] {clean(view.batch_id)}", f"state {view.state}")
        table.add_row(f"[green]done {view.done}[/green]/{view.total}",
                      f"[cyan]running {view.running}[/cyan]",
                      f"[red]failed {view.failed}[/red]", f"pending {view.pending}")
        table.add_row(f"calls {view.calls}", f"cost ${view.cost_usd:.4f}",
                      f"elapsed {fmt_duration(view.elapsed_s)}",
                      f"ETA {fmt_duration(view.eta_s)}")
        for line in self._recent[-5:]:
            table.add_row(line)
        return table

    def update(self, view: BatchView, finished: MissionRow | None) -> None:
        if finished is not None and finished.status not in FINISHED:
            self._recent.append(mission_line(finished).strip())
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
