"""The ``scout`` command line: a thin layer that parses arguments, calls the API and
renders results and errors.

There is exactly one place that catches errors (:func:`main`): a ``ScoutError`` is
rendered with its code, location and hint and exits with its own exit code; anything
else is an internal error. A traceback is shown only with ``--traceback`` (or
``SCOUT_TRACEBACK=1``).
"""

from __future__ import annotations

import os
import sys
import traceback

import click

from scout import __version__
from scout.cli.render import render_error
from scout.errors import EXIT_USAGE, ScoutError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT, invoke_without_command=True)
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
    3 provider or configuration error, 4 budget cap hit.
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
    # Commands live in modules by area; importing them attaches them to `cli`.
    from scout.cli import (  # noqa: F401
        audit_cmds,
        mcp_cmds,
        ops_cmds,
        run_cmds,
        serve_cmds,
        spec_cmds,
    )


_register()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``scout`` console script; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    want_tb = "--traceback" in args or os.environ.get("SCOUT_TRACEBACK") == "1"
    try:
        rv = cli.main(args=args, prog_name="scout", standalone_mode=False)
        # commands return their exit code (or None for 0); ctx.exit(n) arrives here too
        return rv if isinstance(rv, int) else 0
    except ScoutError as exc:
        if want_tb:
            traceback.print_exc()
        render_error(exc)
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 130
    except click.ClickException as exc:
        exc.show()
        return EXIT_USAGE if exc.exit_code == 2 else exc.exit_code
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        return 130
    except Exception as exc:  # noqa: BLE001 - the one top-level catch
        if want_tb:
            traceback.print_exc()
        click.echo(
            f"internal error: {type(exc).__name__}: {exc}\n"
            "  this is a bug in scout; rerun with --traceback and report it",
            err=True,
        )
        return 70


def run() -> None:
    sys.exit(main())
