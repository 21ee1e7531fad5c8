"""The ``scout`` command line: a thin layer that parses arguments, calls the API and
renders results and errors.

There is exactly one place that catches errors (:func:`main`): a ``ScoutError`` is
rendered with its code, location and hint and exits with its own exit code; anything
else is an internal error. A traceback is shown only with ``--traceback`` (or
``SCOUT_TRACEBACK=1``).
"""

from __future__ import annotations

import gc
import importlib
import io
import os
import sys
from pathlib import Path

import click

from scout import __version__
from scout.cli.render import render_error, wants_json
from scout.errors import EXIT_USAGE, ScoutError, UsageError, machine_error

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


#: command -> (module under scout.cli that defines it, its short help for `scout --help`).
#: A command's module is imported when the command is used, so `scout --help`,
#: `scout validate` and `scout graph` never import the HTTP server, the HTTP client or
#: the media libraries (tests/cli/test_fast_start.py checks this table against the
#: commands' own help). A module imported eagerly below (``_register``) needs no entry.
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "apply": ("run_cmds", "Run FILE (a Mission, or a pipeline plus --query/--set) until it "
                          "converges."),
    "batch": ("batch_cmds", "Run many missions at once and follow them: `batch apply`, "
                            "`batch status`."),
    "plan": ("run_cmds", "Show what `scout apply` would do to each phase: reuse, run or skip, "
                         "and why."),
    "status": ("run_cmds", "Print the state of every phase of MISSION (an id, or a run dir "
                           "path)."),
    "runs": ("audit_cmds", "List the missions under the runs dir: pipeline, status, start, "
                           "duration, cost."),
    "audit": ("audit_cmds", "The full audit trail of MISSION: the request and parsed Task, "
                            "every apply, every phase (status,..."),
    "journal": ("audit_cmds", "Query the request journal (rotated files included, oldest "
                              "first; torn lines are skipped and..."),
    "pool": ("audit_cmds", "The token pool (config/token_pool_config.json)."),
    "cost": ("audit_cmds", "What was spent, from the request journal: calls, ok, failed, "
                           "cache hits and USD per mission,..."),
    "doctor": ("ops_cmds", "Check a whole config: validity, credentials of every adapter, "
                           "token pool file (mode 0600, values..."),
    "serve": ("serve_cmds", "Serve the dashboard and the read-only HTTP API."),
    "validate": ("spec_cmds", "Check pipeline and mission files (or folders of them)."),
    "graph": ("spec_cmds", "Print a pipeline's phase DAG (mermaid, Graphviz dot, or JSON)."),
    "schema": ("spec_cmds", "Write (or --check) the JSON Schemas generated from the spec "
                            "models."),
    "init": ("author_cmds", "Write a working research kind KIND (a slug, e.g. "
                            "coworking-spaces)."),
    "mcp": ("mcp_cmds", "Serve scout's tools over the Model Context Protocol, for agents "
                        "(Claude Desktop, Claude Code, any..."),
}


#: set by :func:`run` (the console script): the process is scout's own, see _import_command
_OWN_PROCESS = False
#: the modules of commands that start no child process and run no mission: in scout's
#: own process they skip pydantic's plug-in scan when it can find nothing
#: (scout.cli.plugin_scan; a pre-commit `scout validate` pays no importlib.metadata)
_LIGHT_MODULES = frozenset({"scout.cli.spec_cmds"})


def _import_command(module: str) -> None:
    """Import a command's module; in scout's own process, with the cyclic garbage
    collector paused and what the import made frozen afterwards.

    An import makes tens of thousands of long-lived objects (classes, functions, the
    models' fields) and no garbage, yet each counts towards a collection, so the
    collector walks them again and again while a command starts; frozen (gc.freeze) they
    are out of its sight for the rest of the command (5% of `scout validate`'s
    instructions, benchmarks/cli.py). Not where scout is a library (tests, CliRunner):
    freezing there would keep the host's garbage alive.
    """
    if not _OWN_PROCESS:
        importlib.import_module(module)
        return
    if module in _LIGHT_MODULES:
        from scout.cli.plugin_scan import load_pydantic_plugin_loader, skip_empty_pydantic_scan

        skip_empty_pydantic_scan()
        load_pydantic_plugin_loader()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        importlib.import_module(module)
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


class LazyGroup(click.Group):
    """A group whose commands' modules are imported when a command is looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(LAZY_COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            _import_command(f"scout.cli.{LAZY_COMMANDS[cmd_name][0]}")
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names), default=0)
        rows = []
        for name in names:
            cmd = self.commands.get(name)
            if cmd is None:  # not imported: its short help from the table
                rows.append((name, LAZY_COMMANDS[name][1]))
            elif not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit=limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings=CONTEXT, invoke_without_command=True)
@click.version_option(__version__, prog_name="scout")
@click.option("--traceback", "show_traceback", is_flag=True, envvar="SCOUT_TRACEBACK",
              help="Show the Python traceback of an error (for debugging scout itself).")
@click.pass_context
def cli(ctx: click.Context, show_traceback: bool) -> None:
    """scout: declarative research pipelines.

    \b
    Write a pipeline YAML (a research kind), check it, then run it:
      scout validate pipelines/
      scout graph pipelines/hotel_research.yaml
      scout apply pipelines/hotel_research.yaml --query "hotels in Barcelona under 200 EUR"

    Exit codes: 0 ok, 1 a phase failed, 2 spec or usage error,
    3 provider or configuration error, 4 budget cap hit, 130 interrupted.
    """
    ctx.ensure_object(dict)
    ctx.obj["traceback"] = show_traceback
    if ctx.invoked_subcommand is None:  # bare `scout`: help, not a usage error
        click.echo(ctx.get_help())


@cli.result_callback()
@click.pass_context
def _exit_with_code(ctx: click.Context, rv: object, **_: object) -> None:
    # Commands return their exit code. Exiting here makes it the process's exit code
    # however the group is invoked (main() below, or click's CliRunner in tests).
    if isinstance(rv, int) and rv:
        ctx.exit(rv)


def _register() -> None:
    # Commands live in modules by area; importing one attaches its commands to `cli`.
    # The modules named in LAZY_COMMANDS are imported on first use instead.
    pass


_register()


def _check_environment(args: list[str]) -> None:
    """Refuse (USE001) an environment variable whose value scout cannot use, naming it,
    before any command runs; help and --version still answer."""
    if not args or {"--help", "-h", "--version"} & set(args):
        return
    from scout.paths import spec_bytes_setting_problem

    problem = spec_bytes_setting_problem()
    if problem is not None:  # else the limit would be ignored or refuse every spec
        raise UsageError(problem)


#: the variable a shell's completion script sets (click's shell completion)
COMPLETE_VAR = "_SCOUT_COMPLETE"
#: the exit code when whoever reads scout's output stopped reading (``scout runs | head
#: -1``): 128 + SIGPIPE, what a shell reports for any Unix tool stopped by a closed pipe
EXIT_PIPE = 141


def _quiet_closed_streams() -> None:
    """Point stdout and stderr at /dev/null once the reader of either has gone, so that
    nothing more is written to the closed pipe: neither the rest of an error message nor
    Python's flush at exit ("Exception ignored ... BrokenPipeError"). Streams that have no
    file descriptor (a test's captured output) are left as they are."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for stream in (sys.stdout, sys.stderr):
            try:
                os.dup2(devnull, stream.fileno())
            except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
                continue
    finally:
        os.close(devnull)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``scout`` console script; returns the exit code.

    A reader that closes the pipe early (``scout validate pipelines/ | head -1``) ends
    scout quietly with :data:`EXIT_PIPE`: no traceback, no message (there is nowhere to
    write it), as other Unix tools do."""
    try:
        return _main(argv)
    except BrokenPipeError:
        _quiet_closed_streams()
        return EXIT_PIPE


def _main(argv: list[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    want_tb = "--traceback" in args or os.environ.get("SCOUT_TRACEBACK") == "1"
    try:
        _check_environment(args)
        if os.environ.get(COMPLETE_VAR):
            # shell completion (docs/authoring.md) is click's main's job; it exits itself
            return int(cli.main(args=args, prog_name="scout", complete_var=COMPLETE_VAR,
                                standalone_mode=False) or 0)
        # the context by hand rather than cli.main(): click's main turns a closed pipe
        # into exit 1, which reads as "a phase failed"; here it reaches main()
        with cli.make_context("scout", args) as ctx:
            rv = cli.invoke(ctx)
        # commands return their exit code (or None for 0); ctx.exit(n) arrives here too
        return rv if isinstance(rv, int) else 0
    except BrokenPipeError as exc:
        if _reader_gone():
            raise  # main() ends quietly: nothing can be said to a reader who has gone
        return _unexpected(exc, want_tb)  # another pipe or socket: not our output's reader
    except ScoutError as exc:
        if want_tb:
            _print_traceback()
        render_error(exc, as_json=wants_json(args))
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 130
    except click.UsageError as exc:
        # click's own refusals (an unknown option, a value not among the choices, a
        # missing argument) carry scout's usage code like every other error
        command = exc.ctx.command_path if exc.ctx is not None else "scout"
        hint = f"see '{command} --help'"
        message = exc.format_message()
        if isinstance(exc, click.NoSuchOption) and exc.ctx is not None:
            from scout.cli.habits import habit_hint  # another tool's option: scout's way

            cmd = exc.ctx.command
            habit = habit_hint(exc.option_name, cmd.name or "",
                               {o for p in cmd.params for o in getattr(p, "opts", ())})
            if habit:  # not click's spelling guess ("--budget": "Did you mean '--set'?")
                message, hint = f"No such option '{exc.option_name}'.", f"{habit}; {hint}"
        render_error(UsageError(message, hint=hint), as_json=wants_json(args))
        return EXIT_USAGE
    except click.ClickException as exc:
        exc.show()
        return EXIT_USAGE if exc.exit_code == 2 else exc.exit_code
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        return 130
    except Exception as exc:  # noqa: BLE001 - the one top-level catch
        return _unexpected(exc, want_tb)


def _unexpected(exc: Exception, want_tb: bool) -> int:
    """What an exception outside scout's tree ends with: the machine's refusal (a full
    disk, a read-only folder) with its code, else an internal error (exit 70)."""
    if want_tb:
        _print_traceback()
    machine = machine_error(exc)  # a full disk or read-only folder is not a bug
    if machine is not None:
        render_error(machine)
        return machine.exit_code
    click.echo(
        _without_secrets(f"internal error: {type(exc).__name__}: {exc}\n"
                         "  this is a bug in scout; rerun with --traceback and report it"),
        err=True,
    )
    return 70


def _print_traceback() -> None:
    """The traceback of the error being handled (--traceback), scrubbed: an exception
    chained from a provider's or a library's may quote a key or a header it was given."""
    import traceback  # only with --traceback

    click.echo(_without_secrets(traceback.format_exc()), err=True, nl=False)


def _without_secrets(text: str) -> str:
    """``text`` with every secret value this deployment knows replaced by its name (the
    HTTP API's last scrub, scout.audit.secrets), or as it is when even the config cannot
    be read: the error being reported comes first."""
    try:
        from scout.audit.secrets import known_secrets

        return known_secrets(Path.cwd()).text(text)
    except Exception:  # noqa: BLE001 - whatever broke, the error is still shown
        return text


def _reader_gone() -> bool:
    """Whether the reader of stdout or stderr has closed its end: a pipe whose reading
    end is closed polls as an error (POLLERR) on Linux and macOS. A BrokenPipeError from
    anything else (a provider's socket, a child process) is not a reason to end quietly.
    A stream without a descriptor (a test's captured output) cannot be asked: yes."""
    import select

    if not hasattr(select, "poll"):  # no way to ask (Windows): trust the error
        return True
    for stream in (sys.stdout, sys.stderr):
        try:
            fd = stream.fileno()
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return True
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        if any(ev & (select.POLLERR | select.POLLHUP) for _, ev in poller.poll(0)):
            return True
    return False


def run() -> None:
    global _OWN_PROCESS
    _OWN_PROCESS = True
    sys.exit(main())
