"""Audit commands: ``scout runs``, ``audit``, ``journal`` (+ ``replay``), ``pool status``,
``cost``. Thin: :mod:`scout.audit` does the work (the HTTP API calls the same functions);
this module parses options and renders a rich table, Markdown or ``--json``.

Everything printed passes :func:`scout.audit.secrets.deep_scrub` first, so no known
secret value can be printed whatever a file holds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from scout import api
from scout.audit.cost import BY, cost_summary
from scout.audit.filters import JournalFilter, parse_since
from scout.audit.index_progress import reporting
from scout.audit.journal_query import query
from scout.audit.limits import RUNS_LIMIT, bound_groups, runs_note
from scout.audit.pool_status import pool_status
from scout.audit.runs import phase_summary, runs_page
from scout.audit.secrets import deep_scrub, known_secrets
from scout.audit.trail import audit_trail, render_markdown, request_text, summary_and_usd
from scout.cli import cli
from scout.cli.params import PathParam, config_help
from scout.cli.render import format_problem
from scout.errors import EXIT_OK, EXIT_PROVIDER, Problem
from scout.config.loader import config_root
from scout.paths import runs_dir as default_runs
from scout.termsafe import cell, clean, dumps

_RUNS_DIR = click.option("--runs-dir", type=PathParam(file_okay=False), default=None,
                         help="Where run dirs live (default: $SCOUTE_RUNS_DIR or <root>/runs).")
_JSON = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
_NO_INDEX = click.option("--no-index", is_flag=True,
                         help="Scan the journal files instead of using the index beside them.")
_CONFIG = click.option("--config", type=PathParam(), default=None,
                       help=config_help("to read"))


class _PipeConsole(Console):
    """rich's Console, except that a closed pipe reaches scout.cli.main as the
    BrokenPipeError it is (rich's own handling exits 1, "a phase failed")."""

    def on_broken_pipe(self) -> None:
        self.quiet = True  # nothing more is written to the reader who has gone
        raise BrokenPipeError


def _console() -> Console:
    # a pipe or a file gets wide, unwrapped lines; a terminal gets its own width
    return _PipeConsole(width=None if sys.stdout.isatty() else 220, soft_wrap=False,
                        highlight=False)


def _emit(data: Any, config: str | None = None) -> Any:
    """``data`` with every known secret value scrubbed (see module docstring)."""
    return deep_scrub(data, known_secrets(config_root(config), config))


def _indexing_progress() -> Any:
    """While the block runs, a long build of the journal index or of the runs cache (a
    new install's first command on a night's journal and run dirs: seconds each) shows
    how far it has got on stderr, when stderr is a terminal; the line is cleared once
    done. A pipe or a file gets nothing."""
    if not sys.stderr.isatty():
        return reporting(None)

    def line(text: str | None) -> None:
        sys.stderr.write("\r\x1b[2K" if text is None else f"\r{text}")
        sys.stderr.flush()

    def show(done: int, total: int) -> None:
        mb = 1024 * 1024
        line(None if done >= total else
             f"indexing the request journal (once): {done / mb:.0f} of {total / mb:.0f} "
             f"MB ({100 * done // max(total, 1)}%)")

    def show_runs(done: int, total: int) -> None:
        line(None if done >= total else
             f"reading the missions' run dirs (once): {done} of {total} "
             f"({100 * done // max(total, 1)}%)")

    return reporting(show, runs=show_runs)


def _json(data: Any) -> None:
    click.echo(dumps(data, indent=2, ensure_ascii=False, default=str))


def _table(title: str | None, columns: list[str], rows: list[list[Any]],
           right: tuple[str, ...] = ()) -> Table:
    t = Table(title=cell(title) if title else None, title_justify="left", header_style="bold")
    for c in columns:
        t.add_column(c, justify="right" if c in right else "left", overflow="fold")
    for r in rows:
        # provider text (titles, errors) is printed literally: no escapes, no markup
        t.add_row(*[cell("-" if v is None or v == "" else v) for v in r])
    return t


def _usd(v: float | None) -> str:
    return "-" if v is None else f"${v:.4f}"


def _warn_torn(torn: list[dict[str, Any]]) -> None:
    for t in torn:
        where = f"{t['file']}:{t['line']}" if t["line"] else f"{t['file']} (last line)"
        what = "an unterminated last line" if t["incomplete"] else \
            "a line that does not parse (or is longer than 64 MiB)"
        click.echo(f"warning: skipped {what} at {where} (torn by a crash, still being "
                   "written, or damaged)", err=True)


# --- scout runs -------------------------------------------------------------------------


@cli.command("runs")
@_RUNS_DIR
@click.option("-n", "--limit", type=click.IntRange(min=0), default=RUNS_LIMIT,
              show_default=True, help="The newest N missions (0: all).")
@click.option("--cursor", default=None, metavar="CURSOR",
              help="The missions after this place in the list: the next_cursor of an "
                   "earlier --json page.")
@_JSON
@click.option("--no-index", is_flag=True,
              help="Read every run dir again (not the runs cache) and scan the journal "
                   "files (not the index beside them).")
def runs_cmd(runs_dir: str | None, limit: int, cursor: str | None, as_json: bool,
             no_index: bool) -> int:
    """List the missions under the runs dir: pipeline, status, start, duration, cost.

    Newest first, the newest --limit of them (a lab's years of runs are past a screen);
    a last line totals every mission (not the page): how many, of each status, damaged,
    and the journal's cost (--json: "summary"). --json has next_cursor, and --cursor
    lists the page after it. Cost is what the request journal recorded for the mission
    over every apply. A mission whose files
    are damaged is listed with its problem, and the note names every such mission.
    The temporary files a killed apply left in a listed run dir that no apply runs
    (`.<file>.<random>.tmp`, over a minute old, no live writer's) are removed.
    """
    root = config_root()
    runs = default_runs(runs_dir, root=root)
    with _indexing_progress():
        page = runs_page(runs, root / "runtime", limit=limit or None, cursor=cursor,
                         use_index=not no_index, summary=True)
    _sweep_tmp(runs, page.rows)
    summary = page.summary.to_dict() if page.summary is not None else None
    note = runs_note(page, cursor is None, "--limit N shows more (0: all), --cursor "
                     f"{page.next_cursor} the next page")
    rows = _emit([r.to_dict() for r in page.rows])  # the page only: scrubbed row by row
    if as_json:
        _json({"runs": rows, "total": page.total, "note": note,
               "next_cursor": page.next_cursor, "problems": page.problems,
               "summary": _emit(summary)})
        return EXIT_OK
    if not rows:
        click.echo(f"no missions under {default_runs(runs_dir, root=root)}")
        return EXIT_OK
    _console().print(_table(None, ["mission", "pipeline", "status", "runs", "started",
                                   "duration", "cost", "phases"],
                            [[r["mission_id"], r["pipeline"], r["status"], r["runs"],
                              r["started_at"],
                              f"{r['duration_s']:.1f}s" if r["duration_s"] is not None else None,
                              _usd(r["cost_usd"]), _phases_cell(r)] for r in rows],
                            right=("runs", "duration", "cost")))
    if page.summary is not None:  # every mission's, not the page's
        click.echo(clean(_emit(page.summary.line())))
    if note:
        click.echo(f"note: {clean(note)}", err=True)
    return EXIT_OK


def _sweep_tmp(runs: Path, rows: list[Any]) -> None:
    """Remove what killed applies left half-written (``.<file>.<random>.tmp``) in the
    listed run dirs that no apply runs now: older than :data:`scout.fsutil.STALE_TMP_S`, and never
    one a live writer holds (scout.fsutil.remove_stale_tmp)."""
    import time

    from scout.fsutil import STALE_TMP_S, remove_stale_tmp

    before = time.time() - STALE_TMP_S
    for row in rows:
        if row.status != "running":
            remove_stale_tmp(runs / row.mission_id, before=before)


def _phases_cell(row: dict[str, Any]) -> str:
    """The phase counts, and the mission's problem when its files are damaged."""
    said = phase_summary(row["phases"])
    return f"{said}; problem: {row['problem']}" if row.get("problem") else said


# --- scout audit ------------------------------------------------------------------------


@cli.command("audit")
@click.argument("mission")
@_RUNS_DIR
@click.option("--format", "fmt", type=click.Choice(["md", "json"]), default="md",
              show_default=True, help="md: the trail as Markdown; json: as one object.")
@_JSON
@_NO_INDEX
def audit_cmd(mission: str, runs_dir: str | None, fmt: str, as_json: bool,
              no_index: bool) -> int:
    """The full audit trail of MISSION: the request and parsed Task, every apply, every
    phase (status, attempts, timings, reason, answering adapter, fingerprint), the
    artifacts with their hashes (verified), the mission's journal lines, and the cost.

    Markdown by default (redirect it to a file to keep it); --format json (or --json)
    for machines.
    """
    root = config_root()
    target: str | Path = Path(mission) if "/" in mission and Path(mission).is_dir() else mission
    run_dir = api.find_run_dir(target, default_runs(runs_dir, root=root))
    trail = _emit(audit_trail(run_dir, root / "runtime", use_index=not no_index))
    if as_json or fmt == "json":
        _json(trail)
    else:
        click.echo(clean(render_markdown(trail)), nl=False)
    _warn_torn(trail["journal"]["torn"])
    return EXIT_OK


# --- scout journal ----------------------------------------------------------------------


def journal_rows(entries: list[dict[str, Any]]) -> list[list[Any]]:
    rows = []
    for e in entries:
        rs, usd = summary_and_usd(e)
        rows.append([e["id"][:12], e.get("ts"), e.get("mission_id"), e.get("phase"),
                     e.get("adapter"), e.get("token_name"), e.get("result"), rs.get("status"),
                     rs.get("items"), rs.get("duration_ms"), _usd(usd), request_text(e)[:60]])
    return rows


JOURNAL_COLUMNS = ["id", "ts", "mission", "phase", "adapter", "token", "result", "status",
                   "items", "ms", "cost", "request"]


@cli.group("journal", invoke_without_command=True)
@click.option("--mission", default=None, help="Only this mission's lines.")
@click.option("--token", default=None, help="Only lines of this token NAME (pool token or "
              "env variable name).")
@click.option("--adapter", default=None, help="Only this adapter's lines.")
@click.option("--phase", default=None, help="Only this phase's lines.")
@click.option("--failed", is_flag=True, help="Only failed requests (lines with an error: "
              "error, retry, token_rotated, budget_exceeded).")
@click.option("--since", default=None, metavar="T",
              help="Only lines at or after T: an ISO date/date-time (UTC unless it has an "
              "offset) or an age like 30m, 2h, 7d.")
@click.option("-n", "--limit", type=click.IntRange(min=0), default=20, show_default=True,
              help="The last N matching lines (0: all).")
@_JSON
@_NO_INDEX
@click.pass_context
def journal_cmd(ctx: click.Context, mission: str | None, token: str | None,
                adapter: str | None, phase: str | None, failed: bool, since: str | None,
                limit: int, as_json: bool, no_index: bool) -> int:
    """Query the request journal (rotated files included, oldest first; torn lines are
    skipped and reported on stderr). The first column is the entry id that
    `scout journal replay` takes.
    """
    if ctx.invoked_subcommand is not None:
        return EXIT_OK
    flt = JournalFilter(mission=mission, token=token, adapter=adapter, phase=phase,
                        failed=failed, since=parse_since(since))
    page = _emit(query(config_root() / "runtime", flt, limit,
                       use_index=not no_index).to_dict())
    if as_json:
        _json({"filters": flt.to_dict(), "limit": limit, **page})
    elif not page["entries"]:
        click.echo("no matching journal lines")
    else:
        _console().print(_table(None, JOURNAL_COLUMNS, journal_rows(page["entries"]),
                                right=("status", "items", "ms", "cost")))
        if page["note"]:
            click.echo(clean(f"note: {page['note']}"), err=True)
    _warn_torn(page["torn"])
    return EXIT_OK


@journal_cmd.command("replay")
@click.argument("entry")
@_CONFIG
@_JSON
def replay_cmd(entry: str, config: str | None, as_json: bool) -> int:
    """Send the request of journal ENTRY (its id, or a unique prefix of 6+ hex digits)
    again through the same adapter, and show the old and new response side by side.

    Refused (USE021) when the journal does not hold the request as sent (free text kept
    as keywords, e.g. synthesis prompts; scrubbed e-mails, phones or secrets). The new
    lines are journaled under the pseudo mission `_replay`. Exits 3 when the new call
    failed.
    """
    from scout.audit.replay import replay
    from scout.config.loader import load_config

    cfg = load_config(config)
    result = replay(config_root(config), entry, cfg)
    data = _emit(result.to_dict(), config)
    if as_json:
        _json(data)
    else:
        old, new = data["old"], data["new"]
        keys = list(dict.fromkeys([*old, *new]))
        table = _table(f"replay of {data['entry']} ({data['adapter']}, {data['action']}): "
                       f"{request_text({'request': data['request']})}",
                       ["field", f"old {data['entry'][:12]}",
                        "new " + (data["new_entries"][-1][:12] if data["new_entries"] else "-")],
                       [[k, _fmt(old.get(k)), _fmt(new.get(k))] for k in keys])
        _console().print(table)
        if data["error"]:  # what failed and what to do, as every command says an error
            err = data["error"]
            click.echo(format_problem(Problem(err["code"], err["message"], None, err["hint"]),
                                      err=True), err=True)
    return EXIT_OK if result.ok else EXIT_PROVIDER


def _fmt(v: Any) -> Any:
    return json.dumps(v) if isinstance(v, (dict, list)) else v


# --- scout pool status ------------------------------------------------------------------


@cli.group("pool")
def pool_group() -> None:
    """The token pool (config/token_pool_config.json)."""


@pool_group.command("status")
@_CONFIG
@_JSON
def pool_status_cmd(config: str | None, as_json: bool) -> int:
    """Per token: pool, name, strategy, status, requests, errors, last error, last
    success. Token values are never shown (only where a value comes from: env:NAME or
    literal)."""
    data = _emit(pool_status(config_root(config), config), config)
    if as_json:
        _json(data)
        return EXIT_OK
    if not data["configured"]:
        click.echo(f"no token pool configured ({data['config']} does not exist)")
        return EXIT_OK
    rows = []
    for t in data["tokens"]:
        err = t["last_error"]
        status = t["status"] + (f" until {t['until']}" if t["until"] else "")
        rows.append([t["pool"], t["name"], t["strategy"], status, t["requests"], t["errors"],
                     f"{err['kind']} at {err['at']}: {err['message']}" if err else None,
                     t["last_success"],
                     t["value_from"] + ("" if t["value_set"] else " (not set)")])
    _console().print(_table(None, ["pool", "token", "strategy", "status", "requests", "errors",
                                   "last error", "last success", "value from"], rows,
                            right=("requests", "errors")))
    return EXIT_OK


# --- scout cost -------------------------------------------------------------------------


@cli.command("cost")
@click.option("--by", "by", type=click.Choice(list(BY)), default="mission", show_default=True,
              help="Group by mission, adapter, token or phase.")
@click.option("--mission", default=None, help="Only this mission's lines.")
@click.option("--since", default=None, metavar="T",
              help="Only lines at or after T (ISO date/date-time, or an age like 2h, 7d).")
@click.option("-n", "--limit", type=click.IntRange(min=0), default=RUNS_LIMIT,
              show_default=True, help="The costliest N rows (0: all); the total sums all.")
@_JSON
@_NO_INDEX
def cost_cmd(by: str, mission: str | None, since: str | None, limit: int, as_json: bool,
             no_index: bool) -> int:
    """What was spent, from the request journal: calls, ok, failed, cache hits and USD
    per mission, adapter, token or phase.

    The costliest --limit rows first (a lab's thousands of missions a night are as many
    rows); the total sums them all.
    """
    flt = JournalFilter(mission=mission, since=parse_since(since))
    with _indexing_progress():
        summary = _emit(cost_summary(config_root() / "runtime", [by], flt,
                                     use_index=not no_index).to_dict())
    # by_{by}_left_out counts the rows left out, rows_note says so (as the HTTP API's)
    bound_groups(summary, limit or len(summary[f"by_{by}"]) or 1,
                 "--limit N shows more (0: all)")
    if as_json:
        _json({"by": by, "limit": limit, **summary})
        return EXIT_OK
    rows = [[r["key"], r["calls"], r["ok"], r["failed"], r["cache_hits"], _usd(r["usd"])]
            for r in summary[f"by_{by}"]]
    t = summary["total"]
    rows.append(["total", t["calls"], t["ok"], t["failed"], t["cache_hits"], _usd(t["usd"])])
    # the JSON's word: a journal line is each try, and 'sent' lines are not counted
    _console().print(_table(None, [by, "calls", "ok", "failed", "cache hits", "usd"], rows,
                            right=("calls", "ok", "failed", "cache hits", "usd")))
    doubt = summary.get("in_doubt") or {}
    if doubt.get("calls"):
        click.echo(f"in doubt: {doubt['calls']} paid request(s) sent with no answer "
                   f"recorded, up to about {_usd(doubt['usd_estimate'])} more (not in the "
                   "totals; see scout audit MISSION)")
    if summary["note"]:
        click.echo(f"note: {summary['note']}", err=True)
    if summary["rows_note"]:
        click.echo(f"note: {summary['rows_note']}", err=True)
    if summary["torn_lines"]:
        click.echo(f"warning: {summary['torn_lines']} journal line(s) skipped: torn by a "
                   "crash, not JSON, or longer than 64 MiB", err=True)
    if summary.get("cleaned_names"):
        click.echo(f"warning: {summary['cleaned_names']} name(s) in the journal held control "
                   "characters; shown cleaned, and counted with the name they then read as",
                   err=True)
    return EXIT_OK
