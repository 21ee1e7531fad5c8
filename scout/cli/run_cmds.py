"""Run commands: ``scout apply``, ``scout plan``, ``scout status`` (thin: the API does it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from scout import api
from scout.cli import cli
from scout.cli.params import PathParam, config_help, UsdParam, json_flag
from scout.cli.stopsignal import sigterm_interrupts
from scout.errors import Unreachable, UsageError
from scout.orchestrator.progress import make_progress
from scout.termsafe import clean
from scout.cli.run_view import (
    REASON_WIDTH,
    end_lines,
    failure_hints,
    format_phases,
    interrupted_lines,
    next_steps,
    notice_lines,
    state_lines,
)
from scout.i18n.messages import localize
from scout.report.failure import next_step
from scout.text import cut_middle, is_cut

#: the view's names that other modules and tests import from here
__all__ = ["REASON_WIDTH", "format_phases", "failure_hints", "worst_exit"]

def __getattr__(name: str) -> Any:
    # ``ProviderOptions`` is imported on first use (it pulls in the HTTP client); tests
    # replace the module attribute to inject fake adapters (tests/e2e/harness.py)
    if name == "ProviderOptions":
        from scout.providers.hook import ProviderOptions

        return ProviderOptions
    raise AttributeError(name)

_REQUEST_OPTIONS = [
    click.option("--query", "-q", default=None, help="The request, in words."),
    click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                 help="Set an input (overrides the query and the Mission). Repeatable."),
    click.option("--mission-id", default=None,
                 help="Mission id (a slug). Default: the Mission's, or derived from the request."),
    click.option("--runs-dir", type=PathParam(file_okay=False), default=None,
                 help="Where run dirs live (default: $SCOUTE_RUNS_DIR or <root>/runs)."),
    click.option("--force", multiple=True, metavar="PHASE",
                 help="Rerun PHASE and everything downstream of it. Repeatable."),
    click.option("--config", type=PathParam(), default=None,
                 help=config_help("to use", near="the pipeline or Mission")),
]


def _request_options(fn: Any) -> Any:
    for opt in reversed(_REQUEST_OPTIONS):
        fn = opt(fn)
    return fn


@cli.command("apply")
@click.argument("file", type=PathParam())
@_request_options
@click.option("--progress", type=click.Choice(["auto", "live", "plain", "none"]),
              default="auto", show_default=True,
              help="Live table on a terminal, plain lines otherwise (on stderr).")
@click.option("--durability", type=click.Choice(["batched", "strict"]), default="batched",
              show_default=True,
              help="strict: wait for fsync after every phase and item event (slower).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="text: the report path, else the final state; json: the result as one object.")
@click.option("--max-cost", type=UsdParam(), default=None, metavar="USD",
              help="Stop cleanly once the mission has spent this much (exit 4); overrides "
                   "the Mission's max_cost.")
@click.option("--no-cache", is_flag=True, help="Ignore the response cache under runtime/.")
@click.option("--record", "record_dir", type=PathParam(file_okay=False), default=None,
              help="Save every provider exchange (credentials stripped) into DIR.")
@click.option("--replay", "replay_dir", type=PathParam(file_okay=False), default=None,
              help="Answer every provider call from a recording in DIR: no network.")
@click.option("--send", is_flag=True,
              help="With --replay: e-mail phases deliver for real (a replay sends nothing "
                   "otherwise).")
@json_flag
def apply_cmd(file: str, query: str | None, sets: tuple[str, ...], mission_id: str | None,
              runs_dir: str | None, force: tuple[str, ...], config: str | None, progress: str,
              durability: str, fmt: str, max_cost: float | None, no_cache: bool,
              record_dir: str | None, replay_dir: str | None, send: bool) -> int:
    """Run FILE (a Mission, or a pipeline plus --query/--set) until it converges.

    FILE may be a folder: every `kind: Mission` file in it is applied in turn, with one
    summary at the end; the exit code is the worst of them.

    Re-applying the same mission resumes it: only phases that are missing, failed or
    stale run; the rest are reused. Prints the report path when there is one, else the
    final state. Exit codes: 0 ok (partial included, with a warning), 1 a phase failed,
    2 spec or usage error, 3 provider or configuration error, 4 budget cap hit,
    130 interrupted (Ctrl-C or SIGTERM: the same command resumes).
    """
    opts: dict[str, Any] = dict(sets=sets, runs_dir=runs_dir, force=force, config=config,
                                durability=durability, max_cost=max_cost, no_cache=no_cache,
                                record_dir=record_dir, replay_dir=replay_dir, send=send)
    try:
        with sigterm_interrupts():  # docker stop, systemd, a CI cancel: as Ctrl-C
            if Path(file).is_dir():
                return _apply_dir(Path(file), query=query, mission_id=mission_id, fmt=fmt,
                                  **opts)
            result = _apply_one(file, query=query, mission_id=mission_id,
                                progress=progress if fmt == "text" else "none", **opts)
    except api.MissionInterrupted as exc:  # Ctrl-C: say where the mission is, not "aborted"
        _interrupted(exc, fmt)
        return 130
    if fmt == "json":
        # what to do, as the text output's "hint:" lines and the MCP apply's `hint` say it
        said = {**result.to_dict(), "hint": next_step(result, result.lang)}
        click.echo(json.dumps(said, indent=2, default=str))
        return result.exit_code
    for line in notice_lines(result, Unreachable.HINT):  # once per adapter, not per call
        click.echo(clean(line), err=True)
    if result.report_path is not None and result.exit_code == 0:
        click.echo(str(result.report_path))
        return result.exit_code
    # the same hints as --format json's: the cost cap's advice too (it has no failed phase)
    for line in end_lines(result, next_steps(result)):
        click.echo(clean(line))
    return result.exit_code


def _interrupted(exc: "api.MissionInterrupted", fmt: str) -> None:
    """What ``scout apply`` says on Ctrl-C: the state is saved, how to resume, where."""
    if fmt == "json":
        click.echo(json.dumps({"mission_id": exc.mission_id, "status": "interrupted",
                               "exit_code": 130, "reason": getattr(exc, "reason", None),
                               "run_dir": str(exc.run_dir),
                               "stopped_report": str(exc.report) if exc.report else None},
                              indent=2))
        return
    for line in interrupted_lines(exc):
        click.echo(clean(line), err=True)


def _apply_one(file: str, *, query: str | None, sets: tuple[str, ...], mission_id: str | None,
               runs_dir: str | None, force: tuple[str, ...], config: str | None,
               progress: str, durability: str, max_cost: float | None, no_cache: bool,
               record_dir: str | None, replay_dir: str | None,
               send: bool = False) -> api.MissionResult:
    if replay_dir is not None and not Path(replay_dir).is_dir():
        raise UsageError(f"--replay {replay_dir}: no such folder",
                         hint="record one first with --record DIR")
    options_cls = globals().get("ProviderOptions") or __getattr__("ProviderOptions")
    options = options_cls(record_dir=Path(record_dir) if record_dir else None,
                          replay_dir=Path(replay_dir) if replay_dir else None,
                          no_cache=no_cache, send=send)
    with make_progress(progress) as prog:
        return api.apply(file, query=query, sets=sets, mission_id=mission_id,
                         runs_dir=runs_dir, force=force, config=config,
                         provider_options=options, max_cost=max_cost,
                         subscribers=[prog], durability=durability)  # type: ignore[arg-type]


@cli.command("plan")
@click.argument("file", type=PathParam())
@_request_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="text: the request and each phase's action; json: the plan as one object.")
@json_flag
def plan_cmd(file: str, query: str | None, sets: tuple[str, ...], mission_id: str | None,
             runs_dir: str | None, force: tuple[str, ...], config: str | None, fmt: str) -> None:
    """Show what `scout apply` would do to each phase: reuse, run or skip, and why.

    Also shows the request as parsed (the Task), what changed since the last run (spec,
    template, config, inputs, damaged output) and the cost of the phases that will run.

    'reuse?' marks a phase downstream of one that reruns: it is reused if that rerun
    produces the same content, and rerun otherwise.
    """
    result = api.plan(file, query=query, sets=sets, mission_id=mission_id, runs_dir=runs_dir,
                      force=force, config=config)
    estimate = api.estimate(file, query=query, sets=sets, mission_id=mission_id,
                            config=config)
    from scout.cli.plan_view import change_lines, cost_lines, phase_lines, plan_json, task_lines
    from scout.i18n import translations

    if fmt == "json":
        click.echo(json.dumps(plan_json(result, estimate), indent=2))
        return
    tr = translations(result.lang)
    what = tr.pgettext("console", "existing") if result.exists else \
        tr.pgettext("console", "new")
    click.echo(clean(tr.pgettext("console", "mission {mission} ({what}, {run_dir})").format(
        mission=result.mission_id, what=what, run_dir=result.run_dir)))
    for line in task_lines(result):  # the request's words: terminal-safe
        click.echo(clean(line))
    click.echo("")
    for line in phase_lines(result):
        click.echo(clean(line))
    click.echo("")
    for line in change_lines(result):
        click.echo(clean(line))
    click.echo("")
    for line in cost_lines(result, estimate):
        click.echo(line)


@cli.command("status")
@click.argument("mission")
@click.option("--runs-dir", type=PathParam(file_okay=False), default=None,
              help="Where run dirs live (default: $SCOUTE_RUNS_DIR or <root>/runs).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="text: a table of the phases; json: the mission state as one object.")
@json_flag
def status_cmd(mission: str, runs_dir: str | None, fmt: str) -> None:
    """Print the state of every phase of MISSION (an id, or a run dir path)."""
    from scout.audit.runs import resume_command, resume_hint

    # "" is no path (Path("") is the current folder): it is an id, refused as an empty one
    target: str | Path = Path(mission) if mission and Path(mission).is_dir() else mission
    # the runs of the config's project, where apply keeps them (docs/running.md)
    from scout.config.loader import config_root
    from scout.paths import runs_dir as default_runs

    run_dir = api.find_run_dir(target, default_runs(runs_dir, root=config_root()))
    # "running" in the state whose apply is gone (a kill, a crash) is an interrupted run,
    # and the phases it left running are interrupted too
    state = api.status(run_dir)
    from scout.report.stopped import request_lang

    lang = request_lang(run_dir)
    if fmt == "json":
        data = state.to_dict()
        if state.status == "interrupted":
            data["hint"] = resume_hint(state, run_dir)
            data["resume_command"] = resume_command(state, run_dir)[0]
        else:  # a mission that failed or stopped at its cap: what to do, as apply says it
            data["hint"] = next_step(state, lang)
        click.echo(json.dumps(data, indent=2))
        return
    for line in state_lines(state, lang):  # the request's language
        click.echo(clean(line))
    if state.status == "interrupted":
        click.echo(clean(f"  {resume_hint(state, run_dir, lang)}"))
    from scout.i18n import translations

    said = translations(lang).pgettext("console", "hint: {hint}")
    for hint in next_steps(state):
        click.echo(clean("  " + said.format(hint=localize(hint, lang))))


#: worst first: a spec or usage error, a provider error, a failed phase, the budget cap
_WORST = {2: 4, 3: 3, 1: 2, 4: 1, 0: 0}


def worst_exit(codes: list[int]) -> int:
    """The exit code of several applies: the most serious one (unknown codes rank top)."""
    return max(codes, key=lambda c: _WORST.get(c, 5), default=0)


def _apply_dir(folder: Path, *, query: str | None, mission_id: str | None, fmt: str,
               **kw: Any) -> int:
    """``scout apply DIR``: converge every Mission file under DIR, then one summary."""
    from scout.cli.render import render_error
    from scout.errors import ScoutError
    from scout.spec.discover import find_specs, scout_kind

    if query is not None or mission_id is not None:
        raise UsageError(f"{folder} is a folder of missions: --query and --mission-id apply "
                         "to one mission", hint="give one file, or declare them in each Mission")
    missions = [p for p in find_specs([folder]).files if scout_kind(p) == "Mission"]
    if not missions:
        raise UsageError(f"no 'kind: Mission' files under {folder}",
                         hint="scout init KIND writes an example mission under pipelines/missions/")
    rows: list[tuple[str, str, int, str]] = []
    langs: list[str] = []  # each mission's request's: the summary speaks the one they share
    stop_codes: dict[str, str] = {}  # file -> which cap stopped it (RUN004 / RUN008)
    for path in missions:
        if fmt == "text":
            click.echo(clean(f"== {path}"), err=True)  # a file name may hold escapes
        try:
            result = _apply_one(str(path), query=None, mission_id=None,
                                progress="plain" if fmt == "text" else "none", **kw)
            if fmt == "text":
                for line in notice_lines(result, Unreachable.HINT):
                    click.echo(clean(line), err=True)
            langs.append(result.lang)
            rows.append((str(path), result.status, result.exit_code,
                         str(result.report_path or result.run_dir)))
            if result.stop_code is not None:
                stop_codes[str(path)] = result.stop_code
        except ScoutError as exc:  # one bad mission does not stop the others
            if fmt == "text":
                render_error(exc)
            rows.append((str(path), f"error {exc.code}", exc.exit_code, exc.message))
    worst = worst_exit([r[2] for r in rows])
    if fmt == "json":
        click.echo(json.dumps({"exit_code": worst, "missions": [
            {"file": f, "status": st, "exit_code": c, "detail": d,
             "stop_code": stop_codes.get(f)} for f, st, c, d in rows]},
            indent=2))
        return worst
    from scout.i18n import common_lang, translations
    from scout.orchestrator.events import word

    lang = common_lang(langs)
    tr = translations(lang)
    width = max(len(r[0]) for r in rows)
    click.echo(clean(tr.npgettext("console", "applied {count} mission(s) from {folder}:",
                                  "applied {count} mission(s) from {folder}:", len(rows))
                     .format(count=len(rows), folder=folder)))
    for f, st, c, d in rows:
        exit_said = tr.pgettext("console", "exit {code}").format(code=c)
        click.echo(clean(f"  {f:<{width}}  {word(st, lang):<18} {exit_said}  "
                         f"{cut_middle(localize(d, lang), REASON_WIDTH)}"))
    if any(is_cut(d, REASON_WIDTH) for *_, d in rows):
        click.echo(clean("  " + tr.pgettext(
            "console", "(long reasons are cut here; `scout apply {folder} --format json` has "
            "them in full)").format(folder=folder)))
    return worst

