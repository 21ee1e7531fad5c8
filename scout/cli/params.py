"""The command line's path parameter: :class:`PathParam`, a ``click.Path`` that refuses
an empty argument.

``Path("")`` is ``Path(".")``, so ``scout validate ''`` (a variable that was never set,
``scout validate "$DIR"``) validated the current folder, ``scout apply ''`` applied every
Mission in it and ``scout batch apply ''`` walked it: a silent guess at what an empty
value meant. An empty path is a usage error instead (USE001, exit 2), naming the
parameter; ``.`` says the current folder on purpose.
"""

from __future__ import annotations

from typing import Any

import click

from scout.errors import UsageError


class PathParam(click.Path):
    """``click.Path`` (same options), except that an empty value is a USE001 error."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value == "":
            raise empty_path(param)
        return super().convert(value, param, ctx)


def empty_path(param: click.Parameter | None) -> UsageError:
    """The error for an empty path given as ``param`` (an argument or an option)."""
    if param is None:
        name = "a path"
    elif param.param_type_name == "argument":
        name = (param.human_readable_name or "PATH").upper()
        if param.nargs != 1:  # `scout validate pipelines ''`: one of several
            name = f"a path in {name}"
    else:  # the long form: "--runs-dir", not "-r"
        name = max(param.opts, key=len) if param.opts else "the option"
    return UsageError(f"{name[0].upper()}{name[1:]} is empty: give a file or folder (or '.' for the current "
                      "folder)", hint="an unset shell variable expands to nothing; quote "
                      "it and check it is set")
