"""How the CLI shows problems and errors to people (text), machines (json) and CI (github).

Text output points at the offending line, compiler style::

    pipelines/x.yaml:12:14: error SPEC021: phase 'F2' needs 'candidate', ...
       12 |     needs: [task, candidate]
          |              ^
       hint: did you mean 'candidates'?
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

import click

from scout.errors import Problem, ScoutError, SpecInvalid
from scout.termsafe import clean


@lru_cache(maxsize=64)
def _lines(path: str) -> list[str]:
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def _color(text: str, fg: str, err: bool = False, bold: bool = False) -> str:
    stream = sys.stderr if err else sys.stdout
    if stream.isatty():
        return click.style(text, fg=fg, bold=bold)
    return text


def format_problem(p: Problem, *, snippet: bool = True, err: bool = False) -> str:
    loc = p.location
    head = f"{loc}: " if loc else ""
    color = "red" if p.severity == "error" else "yellow"
    # a message may quote provider text or a file's bytes: printed without escapes
    out = [f"{clean(head)}{_color(p.severity, color, err, bold=True)} {p.code}: "
           f"{clean(p.message)}"]
    if snippet and loc and loc.line:
        lines = _lines(loc.file)
        if 0 < loc.line <= len(lines):
            src = lines[loc.line - 1]
            num = str(loc.line)
            pad = " " * len(num)
            out.append(f"  {num} | {clean(src)}")
            caret_at = max(loc.col - 1, 0)
            out.append(f"  {pad} | {' ' * caret_at}{_color('^', color, err)}")
    if p.hint:
        out.append(f"  hint: {clean(p.hint)}")
    return "\n".join(out)


def problems_json(problems: list[Problem]) -> str:
    return json.dumps([p.to_dict() for p in problems], indent=2)


def github_annotation(p: Problem) -> str:
    level = "error" if p.severity == "error" else "warning"
    msg = p.message + (f" (hint: {p.hint})" if p.hint else "")
    # GitHub's workflow-command escaping for data and properties
    msg = msg.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    props = []
    if p.location:
        props.append(f"file={_prop(p.location.file)}")
        if p.location.line:
            props.append(f"line={p.location.line}")
            props.append(f"col={p.location.col}")
    props.append(f"title={p.code}")
    return f"::{level} {','.join(props)}::{msg}"


def _prop(value: str) -> str:
    # property values additionally escape ':' and ',' (they separate properties)
    return (value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
            .replace(":", "%3A").replace(",", "%2C"))


def render_error(exc: ScoutError) -> None:
    """Print an error to stderr the same way everywhere."""
    if isinstance(exc, SpecInvalid):
        for p in exc.problems:
            click.echo(format_problem(p, err=True), err=True)
        n = len([p for p in exc.problems if p.severity == "error"])
        click.echo(f"{n} problem(s); see docs/errors.md for each code", err=True)
        return
    p = Problem(exc.code, exc.message, exc.location, exc.hint)
    click.echo(format_problem(p, err=True), err=True)
