"""How the CLI shows problems and errors to people (text), machines (json) and CI (github).

Text output points at the offending line, compiler style::

    pipelines/x.yaml:12:14: error SPEC021: phase 'F2' needs 'candidate', ...
       12 |     needs: [task, candidate]
          |              ^
       hint: did you mean 'candidates'?
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import click

from scout.errors import Location, Problem, ScoutError, SpecInvalid
from scout.termsafe import clean


#: The widest source excerpt, message or hint shown (a 5 MB one-line value would
#: otherwise print 5 MB).
WIDTH = 120
MESSAGE_WIDTH = 400
#: the most problems one error prints as text: a batch file of 5,000 duplicate rows printed
#: 20,000 lines (1 MB) that buried the count; ``--format json`` lists every one
MAX_SHOWN = 50


@lru_cache(maxsize=64)
def _lines(path: str) -> list[str]:
    # read like a spec: never a FIFO (it would block), never past the size limit; imported
    # here, as PyYAML comes with it: `scout --help` prints no problem (issue 15 §9)
    from scout.spec.specfile import read_spec_text

    text, _ = read_spec_text(path)
    return text.splitlines() if text is not None else []


def excerpt(src: str, col: int, width: int = WIDTH) -> tuple[str, int]:
    """``src`` cut to ``width`` characters around column ``col`` (1-based); returns the
    excerpt and the caret's column in it."""
    src = src.replace("\t", " ")
    if len(src) <= width:
        return src, col
    start = max(0, min(col - 1 - width // 2, len(src) - width))
    end = start + width
    head = "…" if start > 0 else ""
    tail = "…" if end < len(src) else ""
    return head + src[start:end] + tail, col - start + len(head)


def _color(text: str, fg: str, err: bool = False, bold: bool = False) -> str:
    stream = sys.stderr if err else sys.stdout
    if stream.isatty():
        return click.style(text, fg=fg, bold=bold)
    return text


def relative_path(file: str, base: Path | None = None) -> tuple[str, bool]:
    """``file`` relative to ``base`` (the current folder) when it is inside it, and
    whether it is: a GitHub annotation or a SARIF result needs the path from the
    repository's root, and a template is found under the research root, an absolute
    path (the text output keeps each path as found: the one a person typed, too)."""
    base = base or Path.cwd()
    p = Path(file)
    try:
        rel = (p if p.is_absolute() else (base / p)).resolve().relative_to(base.resolve())
        return rel.as_posix(), True
    except (ValueError, OSError):
        return p.as_posix(), False


def _shown(loc: Location) -> Location:
    """``loc`` with its file as :func:`relative_path` shows it (an absolute path only)."""
    if not Path(loc.file).is_absolute():
        return loc
    shown, inside = relative_path(loc.file)
    return Location(shown, loc.line, loc.col) if inside else loc


def format_problem(p: Problem, *, snippet: bool = True, err: bool = False) -> str:
    from scout.text import cut_middle

    # the labels ("error", "warning", "note", "hint:") and the code are the same in every
    # language, as a compiler's are: editors' problem matchers, CI logs and scripts find
    # them by these words; the message and hint after them are the reader's language
    # (docs/running.md, "The language of the console")
    loc = p.location
    head = f"{loc}: " if loc else ""
    color = {"error": "red", "note": "cyan"}.get(p.severity, "yellow")
    # a message may quote provider text or a file's bytes: printed without escapes
    message = clean(cut_middle(p.message, MESSAGE_WIDTH))
    out = [f"{clean(head)}{_color(p.severity, color, err, bold=True)} {p.code}: {message}"]
    if snippet and loc and loc.line:
        lines = _lines(loc.file)
        if 0 < loc.line <= len(lines):
            from scout.config.headers import masked_line  # no key in a CI log

            src, col = excerpt(masked_line(lines[loc.line - 1]), loc.col)
            num = str(loc.line)
            pad = " " * len(num)
            out.append(f"  {num} | {clean(src)}")
            if loc.col > 0:  # an unknown column (0: a CSV row, a query file's line) has
                # no place to point at: a caret under column 1 would name a wrong one
                out.append(f"  {pad} | {' ' * (col - 1)}{_color('^', color, err)}")
    if p.hint:
        out.append(f"  hint: {clean(cut_middle(p.hint, MESSAGE_WIDTH))}")
    return "\n".join(out)


def github_annotation(p: Problem) -> str:
    level = {"error": "error", "note": "notice"}.get(p.severity, "warning")
    msg = p.message + (f" (hint: {p.hint})" if p.hint else "")
    # GitHub's workflow-command escaping for data and properties
    msg = msg.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    props = []
    if p.location:
        props.append(f"file={_prop(_shown(p.location).file)}")
        if p.location.line:
            props.append(f"line={p.location.line}")
            if p.location.col:  # 0: no column known (GitHub then marks the line)
                props.append(f"col={p.location.col}")
    props.append(f"title={p.code}")
    return f"::{level} {','.join(props)}::{msg}"


def _prop(value: str) -> str:
    # property values additionally escape ':' and ',' (they separate properties)
    return (value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
            .replace(":", "%3A").replace(",", "%2C"))


def wants_json(args: list[str]) -> bool:
    """Whether the command line asked for JSON (``--json``, ``--format json``)."""
    return "--json" in args or "--format=json" in args or any(
        a == "--format" and b == "json" for a, b in zip(args, args[1:]))


def error_json(exc: ScoutError) -> dict:
    """An error as a JSON answer, in the HTTP API's shape (``{"error": {"code", "message",
    "hint", ...}}``) plus where, the exit code and, for specs, every problem."""
    from scout.errors.base import clip_names

    body = exc.to_dict()  # names clipped as the text error clips them (its Problem)
    body["message"] = clip_names(body["message"])
    body["hint"] = clip_names(body["hint"]) if body["hint"] is not None else None
    if isinstance(exc, SpecInvalid):
        body["problems"] = [p.to_dict() for p in exc.problems]
    return {"error": body}


def render_error(exc: ScoutError, *, as_json: bool = False) -> None:
    """Print an error to stderr the same way everywhere; with ``as_json`` (the command
    line asked for JSON) also as one JSON object on stdout, where a program reads the
    answer it asked for (it read nothing there)."""
    if as_json:
        from scout.termsafe import dumps

        click.echo(dumps(error_json(exc), indent=2, ensure_ascii=False))
    if isinstance(exc, SpecInvalid):
        # a spec's problems are the author's, said in the author's language as validate
        # says them (the locale: LANG=es_ES.UTF-8); never the request's, which is the
        # report's alone. The JSON above stays English, for programs.
        import os

        from scout.i18n.problems import author_lang, line, said

        lang = author_lang(None, os.environ)
        for p in exc.problems[:MAX_SHOWN]:
            click.echo(format_problem(said(p, lang), err=True), err=True)
        if len(exc.problems) > MAX_SHOWN:
            click.echo(line("... and {count} more not shown here (--format json lists "
                            "every one)", lang, count=len(exc.problems) - MAX_SHOWN), err=True)
        n = len([p for p in exc.problems if p.severity == "error"])
        click.echo(line("{count} problem(s); see docs/errors.md for each code", lang,
                        count=n), err=True)
        return
    # any other error in the locale's language too (a Spanish user's --replay of a damaged
    # cassette, a config that is not there): said whole when scout wrote it from a msgid,
    # else its code's gist before the English; the JSON above stays English
    import os

    from scout.i18n.problems import author_lang, error_said

    p = error_said(Problem(exc.code, exc.message, exc.location, exc.hint),
                   author_lang(None, os.environ))
    click.echo(format_problem(p, err=True), err=True)
