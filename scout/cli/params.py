"""The command line's own parameter types: :class:`PathParam`, a ``click.Path`` that
refuses an empty argument, one that is not UTF-8, and, for a folder, one that is something
else; :class:`UsdParam`, an amount of dollars as people type one (``$5``, ``0,50``).

``Path("")`` is ``Path(".")``, so ``scout validate ''`` (a variable that was never set,
``scout validate "$DIR"``) validated the current folder, ``scout apply ''`` applied every
Mission in it and ``scout batch apply ''`` walked it: a silent guess at what an empty
value meant. An empty path is a usage error instead (USE001, exit 2), naming the
parameter; ``.`` says the current folder on purpose.
"""

from __future__ import annotations

import re
from typing import Any

import click

from scout.errors import UsageError
from scout.lazyre import lazy_re


class PathParam(click.Path):
    """``click.Path`` (same options), except that an empty value is a USE001 error and
    one that is not UTF-8 a USE045 error."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value == "":
            raise empty_path(param)
        if isinstance(value, str):
            not_utf8(value, param)
            if not self.file_okay:
                not_a_folder(value, param)
        return super().convert(value, param, ctx)


def not_a_folder(value: str, param: click.Parameter | None) -> None:
    """Refuse, for a parameter that names a folder (``--runs-dir``, ``--replay``), a path
    that exists and is something else: a file, a FIFO, a device. click's own check knows
    only regular files, so ``--runs-dir`` of a FIFO went on to a run-time RUN023 naming a
    run dir inside it, and ``--replay`` of one said "no such folder"."""
    import os
    import stat

    try:
        mode = os.stat(value).st_mode
    except OSError:
        return  # absent (created later, or a clear error where it is read)
    if stat.S_ISDIR(mode):
        return
    from scout.spec.specfile import not_a_file

    what = not_a_file(mode) or "a file"
    name = _name(param)
    raise UsageError(f"{name[0].upper()}{name[1:]} {value} is {what}, not a folder",
                     hint="name a folder (it is created when missing)" if name == "--runs-dir"
                     else "name a folder")


def not_utf8(value: str, param: click.Parameter | None) -> None:
    """Refuse a path whose bytes are not UTF-8 (USE045, as ``--query``): they reach Python
    as lone surrogates, and the run dir's JSON (task.json, the state log) cannot hold
    them, so ``scout apply`` stopped half-way with an internal error."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        # the bytes as given ("\\xfe"), not Python's surrogates ("\\udcfe")
        shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        name = _name(param)
        raise UsageError(
            f"{name[0].upper()}{name[1:]} is not valid UTF-8 text (at character "
            f"{exc.start + 1}: "
            f"{shown[:60]}{'…' if len(shown) > 60 else ''})",
            hint="rename the file or folder to a UTF-8 name, or set a UTF-8 locale "
                 "(e.g. LANG=C.UTF-8)", code="USE045") from None


def _name(param: click.Parameter | None) -> str:
    """How an error names ``param``: FILE for an argument, --runs-dir for an option."""
    if param is None:
        return "a path"
    if param.param_type_name == "argument":
        name = (param.human_readable_name or "PATH").upper()
        if param.nargs != 1:  # `scout validate pipelines ''`: one of several
            name = f"a path in {name}"
        return name
    return max(param.opts, key=len) if param.opts else "the option"  # the long form


def empty_path(param: click.Parameter | None) -> UsageError:
    """The error for an empty path given as ``param`` (an argument or an option)."""
    name = _name(param)
    return UsageError(f"{name[0].upper()}{name[1:]} is empty: give a file or folder (or '.' "
                      "for the current folder)", hint="an unset shell variable expands to "
                      "nothing; quote it and check it is set")


#: a cap in dollars as people write it: "5", "$5", "5 USD", "US$ 0.50", "0,50 dólares"
_USD = lazy_re(r"(?:US\$|USD|\$)?\s*(\d[\d.,\s]*?)\s*(?:US\$|USD|\$|dollars?|d[oó]lares)?",
               re.I)


class UsdParam(click.ParamType):
    """An amount of US dollars (``--max-cost``): a number, or one written with its unit
    (``$5``, ``5 USD``) or a decimal comma (``0,50``), as a person types a budget. Any
    other text is USE001 saying what the option takes, not click's "not a valid float
    range"; whether the amount can be a cap (finite, 0 or more) is
    scout.api.request.check_cap's to say, for every surface alike."""

    name = "usd"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return float(value)  # "nan" and "inf" too: check_cap refuses them by name
        except ValueError:
            pass
        from scout.text import read_number

        m = _USD.fullmatch(value.strip())
        if m:
            try:
                return read_number(m.group(1))
            except ValueError:
                pass
        name = _name(param)
        hint = f"write a number of dollars, e.g. {name} 0.50 (a cap in another currency: " \
               "convert it to USD first)"
        if not value.strip():  # `--max-cost $5` unquoted: the shell made it empty
            hint = f"the shell reads an unquoted $5 as a variable: write {name} 5 " \
                   f"(or '$5', quoted)"
        raise UsageError(f"{name} {value!r} is not an amount of US dollars", hint=hint)


def config_help(what: str, near: str | None = None) -> str:
    """``--config``'s help, naming where the config is looked for in the order
    ``scout.config.loader.find_config`` looks (one text for every command, so no help
    says another order): ``$SCOUTE_CONFIG``, for a command given a file its own project's
    ``config/``, the research root's ``config/``, then the nearest ``config/`` above
    ``near``."""
    above = f", else the nearest config/adapters.yaml above {near}" if near else ""
    # a file inside a project of its own (config/ and templates/ above it) uses that
    # project's config before the root's (scout.config.loader.own_project)
    own = (f"the config/ of {near}'s own project (the nearest folder above it with "
           "config/ and templates/; not when $SCOUTE_RESEARCH_ROOT is set), else "
           if near else "")
    return (f"config/adapters.yaml {what} (default: $SCOUTE_CONFIG, else {own}"
            f"<root>/config/adapters.yaml, <root> being $SCOUTE_RESEARCH_ROOT or the current "
            f"folder{above}).")


def json_flag(fn: Any) -> Any:
    """``--json``, the same as ``--format json``, on a command that prints JSON with
    ``--format``: ``cost``, ``doctor``, ``runs``, ``journal`` and ``batch status`` take
    ``--json``, so an agent that writes it for ``apply`` or ``status`` got "No such
    option '--json'. Did you mean '--send'?". Put it below the command's other options."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, as_json_flag: bool = False, **kwargs: Any) -> Any:
        if as_json_flag:
            kwargs["fmt"] = "json"
        return fn(*args, **kwargs)

    return click.option("--json", "as_json_flag", is_flag=True,
                        help="The same as --format json.")(wrapper)
