"""Where in a report template a problem is: a name's column in a line (a msgid's call's:
:func:`msgid_column`), and the template file and line of an error raised while a report
renders (so the run reports a user error at the template line, not an internal one). The
validator uses the columns too, and names a template's file as the spec's is named
(:func:`shown_path`)."""

from __future__ import annotations

import re
from pathlib import Path

from scout.errors import Location
from scout.report.files import resolve_template


def column_of(line: str, token: str) -> int:
    """The 1-based column of ``token`` as a whole word in ``line`` (1 when absent)."""
    m = re.search(r"(?<![A-Za-z0-9_])" + re.escape(token) + r"(?![A-Za-z0-9_])", line)
    return m.start() + 1 if m else 1


def shown_path(path: Path, relative: bool) -> str:
    """``path`` as the problems name the spec's file: from the current folder when the
    spec's path was given so and ``path`` is inside it (a template is found under the
    research root, an absolute path), else as it is."""
    if not relative:
        return str(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


#: a gettext call in a template's line; ``{% trans %}`` is a block
_GETTEXT_CALL = re.compile(r"(?<![\w.])(?:_|gettext|ngettext|pgettext|npgettext)\s*\(")
_TRANS = re.compile(r"\{%-?\s*(trans)\b")


def msgid_column(line: str, msgid: str) -> int:
    """The 1-based column of the call that passes ``msgid`` in ``line``: the gettext name
    before the msgid's literal (``_(`` of ``_("car")`` among other calls), else the line's
    first call or ``{% trans %}``, else 1 (a literal written with escapes, a call that
    starts on an earlier line)."""
    calls = [m.start() for m in _GETTEXT_CALL.finditer(line)]
    quoted = [line.find(q + msgid + q) for q in ('"', "'")]
    at = min((q for q in quoted if q >= 0), default=-1)
    if at >= 0:
        return max((c for c in calls if c < at), default=at) + 1
    if calls:
        return calls[0] + 1
    trans = _TRANS.search(line)
    return trans.start(1) + 1 if trans else 1


def render_error_location(exc: Exception, name: str, templates: Path) -> tuple[Location, str]:
    """Where in which template a render-time error happened, and what it was."""
    from jinja2 import TemplateSyntaxError  # not at import: the validator needs column_of

    message = getattr(exc, "message", None) or str(exc)
    if isinstance(exc, TemplateSyntaxError):
        where = exc.filename or str(resolve_template(templates, exc.name or name) or name)
        return Location(where, exc.lineno or 1, 1), message
    file: str | None = None
    line = 0
    tb = exc.__traceback__
    while tb is not None:  # Jinja maps template frames to the template's file and line
        fname = tb.tb_frame.f_code.co_filename
        if fname.endswith(".j2") or fname.endswith(".jinja"):
            file, line = fname, tb.tb_lineno
        tb = tb.tb_next
    if file is None:
        resolved = resolve_template(templates, name)
        return Location(str(resolved or name)), message
    col = 1
    m = re.search(r"'([A-Za-z_][A-Za-z0-9_]*)'", message)
    try:
        text = Path(file).read_text(encoding="utf-8").splitlines()[line - 1]
        if m:
            col = column_of(text, m.group(1))
    except (OSError, IndexError, UnicodeDecodeError):
        pass
    return Location(file, line, col), message
