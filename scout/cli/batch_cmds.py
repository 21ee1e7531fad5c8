"""Batch commands: ``scout batch apply`` and ``scout batch status`` (thin: the API does it)."""

from __future__ import annotations

from typing import Any

import click

from scout.batch import service as batch_service
from scout.batch.progress import where_to_look
from scout.cli import cli
from scout.cli.params import PathParam, config_help, UsdParam, json_flag
from scout.cli.run_cmds import REASON_WIDTH, worst_exit
from scout.cli.stopsignal import sigterm_interrupts
from scout.errors import EXIT_BUDGET
from scout.termsafe import clean, dumps
from scout.text import cut_middle, is_cut


@cli.group("batch")
def batch_group() -> None:
    """Run many missions at once and follow them: `batch apply`, `batch status`."""


@batch_group.command("apply")
@click.argument("source", type=PathParam())
@click.option("--queries", type=PathParam(dir_okay=False), default=None, metavar="FILE",
              help="With a pipeline: one mission per row of FILE (.csv or .tsv with a "
                   "header row, a YAML list, or .jsonl).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
              help="An input for every row (a row's own value wins). Repeatable.")
@click.option("--batch-id", default=None,
              help="Name of the batch record (default: derived from the input file).")
@click.option("--runs-dir", type=PathParam(file_okay=False), default=None,
              help="Where run dirs live (default: $SCOUTE_RUNS_DIR or <root>/runs).")
@click.option("--config", type=PathParam(), default=None,
              help=config_help("to use", near="the pipeline"))
@click.option("--max-cost", type=UsdParam(), default=None, metavar="USD",
              help="Cap for the whole batch, earlier runs included: every paid call of "
                   "every mission reserves against it, one that would cross it is refused; "
                   "exit 4.")
@click.option("--parallel", type=click.IntRange(min=1, max=1024), default=None, metavar="N",
              help="Missions running at once (default: the executor's workers, else 4).")
@click.option("--executor", "executor_kind", default=None, metavar="KIND",
              help="Override the config's executor.kind (local = threads; dask).")
@click.option("--no-cache", is_flag=True, help="Ignore the response cache under runtime/.")
@click.option("--replay", "replay_dir", type=PathParam(file_okay=False), default=None,
              help="Answer every provider call from a recording in DIR: no network.")
@click.option("--progress", type=click.Choice(["auto", "live", "plain", "none"]),
              default="auto", show_default=True,
              help="Live panel on a terminal, plain lines otherwise (on stderr).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="text: a line per mission and the totals; json: the batch record as one object.")
@json_flag
def batch_apply_cmd(source: str, queries: str | None, sets: tuple[str, ...],
                    batch_id: str | None, runs_dir: str | None, config: str | None,
                    max_cost: float | None, parallel: int | None, executor_kind: str | None,
                    no_cache: bool, replay_dir: str | None, progress: str, fmt: str) -> int:
    """Run many missions: SOURCE is a folder of `kind: Mission` files, or a pipeline
    with --queries FILE (one mission per row).

    \b
      scout batch apply pipelines/missions/
      scout batch apply pipelines/hotel_research.yaml --queries nightly.csv --max-cost 20

    A CSV has a header row: `query` and `mission_id` columns, and one column per input
    (empty cells are left out). A YAML list holds queries, or mappings with `query`,
    `mission_id` and `inputs`. A row without `mission_id` gets one derived from its
    request, so the same row is always the same mission. Every row is checked before
    anything runs; problems are listed with their line.

    Missions run on the configured executor (`executor:` in config/adapters.yaml:
    threads by default, Dask workers with `kind: dask`). Re-running the same command
    converges: finished missions are reused, the rest resume. Ctrl-C stops launching
    and leaves a resumable batch; SIGTERM (docker stop, systemd, a CI cancel) also stops
    the missions running, each recorded interrupted with its page. The record (`<runs-dir>/.batches/<id>.json`) is what
    `scout batch status` shows. Exit codes: the worst mission's (0 ok, 1 a phase failed,
    2 usage, 3 provider), 4 when the batch's budget stopped it, 130 on Ctrl-C or SIGTERM.
    """
    from scout.batch.progress import make_batch_progress
    from scout.batch.runner import BatchInterrupted

    options: dict[str, Any] = {}
    if no_cache:
        options["no_cache"] = True
    if replay_dir is not None:
        from pathlib import Path

        from scout.errors import UsageError

        if not Path(replay_dir).is_dir():
            raise UsageError(f"--replay {replay_dir}: no such folder",
                             hint="record one first with scout apply --record DIR")
        options["replay_dir"] = str(Path(replay_dir).resolve())
    prog = make_batch_progress(progress if fmt == "text" else "none")
    try:
        # docker stop, systemd, a CI cancel: as Ctrl-C, and the running missions stop too
        with sigterm_interrupts(), prog:
            outcome = batch_service.batch_apply(source, queries=queries, sets=sets, batch_id=batch_id,
                                      runs_dir=runs_dir, config=config, max_cost=max_cost,
                                      parallel=parallel, executor=executor_kind,
                                      options=options, subscriber=prog)
    except BatchInterrupted as exc:  # the record is saved: its summary, then how to resume
        _summary(exc.outcome.record, 130, fmt)
        click.echo("batch interrupted: missions not started are pending; re-run the same "
                   "command to resume", err=True)
        return 130
    except KeyboardInterrupt:  # before the batch started: nothing to resume
        click.echo("batch interrupted: missions not started are pending; re-run the same "
                   "command to resume", err=True)
        return 130
    rec = outcome.record
    code = EXIT_BUDGET if outcome.stop == "budget" else worst_exit(outcome.exit_codes)
    _summary(rec, code, fmt)
    return code


def _summary(rec: Any, code: int, fmt: str) -> None:
    """The batch's record on stdout: its summary lines, or (``--format json``) the record
    as one object with the exit code."""
    if fmt == "json":
        doc = rec.to_dict()
        doc["exit_code"] = code
        click.echo(dumps(doc, indent=2, ensure_ascii=False))  # C1 and bidi escaped too
        return
    for line in status_lines(rec):
        click.echo(line)


def status_lines(rec: Any) -> list[str]:
    """The batch's summary, in the language its missions' requests share (English when
    they differ or none ran); the statuses' codes stay in ``--json``."""
    from scout.batch.progress import row_lang
    from scout.i18n import common_lang, translations
    from scout.i18n.numbers import console_usd, usd_number
    from scout.i18n.messages import localize
    from scout.orchestrator.events import word

    lang = common_lang(row_lang(r) for r in rec.missions.values() if r.run_dir)
    tr = translations(lang)
    totals = rec.totals()
    by = ", ".join(tr.pgettext("console", "{count} {status}").format(
        count=n, status=word(s, lang)) for s, n in totals["by_status"].items())
    cost = console_usd(totals["cost_usd"], lang) + (
        " " + tr.pgettext("console", "of ${usd}").format(usd=usd_number(rec.max_cost, lang))
        if rec.max_cost is not None else "")
    lines = [clean(tr.pgettext("console", "batch {batch}: {state} ({by}); {cost}").format(
        batch=rec.batch_id, state=word(rec.effective_state(), lang), by=by, cost=cost))]
    if rec.reason:
        lines.append(clean(f"  {localize(rec.reason, lang)}"))
    lines.append(clean("  " + tr.pgettext(
        "console", "source {source}; runs {runs}; started {started}, finished {finished}; "
        "record {record}").format(source=rec.source, runs=rec.runs, started=rec.started_at,
                                  finished=rec.finished_at or "-", record=rec.path)))
    width = max((len(m) for m in rec.missions), default=10)
    cut = False
    statuses = rec.shown_statuses()
    for mid, row in rec.missions.items():
        where = where_to_look(row, lang)
        if row.stopped_by == "batch":
            stopped = tr.pgettext("console", "stopped by the batch's budget")
            where = stopped + (f"; {where}" if where else "")
        # a provider's error page: one line, cut in its middle; the page the row points
        # at is kept whole, however long its path (a cut path points nowhere)
        pointer = tr.pgettext("console", "report {path}").format(path=row.stopped_report) \
            if row.stopped_report else ""
        said = where[:-len(pointer)].rstrip("; ") if pointer and where.endswith(pointer) \
            else where
        shown = "; ".join(x for x in (cut_middle(said, REASON_WIDTH),
                                      pointer if said != where else "") if x)
        cut = cut or is_cut(said, REASON_WIDTH)
        lines.append(clean(f"  {mid:<{width}}  {word(statuses[mid], lang):<17}  "
                           f"{console_usd(row.cost_usd, lang)}  {shown}"))
    if cut:
        lines.append(clean("  " + tr.pgettext(
            "console", "(long errors are cut here; `scout batch status {batch} --json` has "
            "them in full)").format(batch=rec.batch_id)))
    return lines


@batch_group.command("status")
@click.argument("batch", required=False)
@click.option("--runs-dir", type=PathParam(file_okay=False), default=None,
              help="Where run dirs live (default: $SCOUTE_RUNS_DIR or <root>/runs).")
@click.option("--json", "as_json", is_flag=True, help="The record as JSON.")
def batch_status_cmd(batch: str | None, runs_dir: str | None, as_json: bool) -> None:
    """Each mission of BATCH (an id; default: the latest batch): status, cost, report
    path; and totals.

    A batch whose `scout batch apply` is gone while it ran shows as interrupted: re-run
    the same command to resume it.
    """
    rec = batch_service.batch_status(batch, runs_dir=runs_dir)
    if as_json:
        click.echo(dumps(rec.to_dict(), indent=2, ensure_ascii=False))  # C1, bidi escaped
        return
    for line in status_lines(rec):
        click.echo(line)
