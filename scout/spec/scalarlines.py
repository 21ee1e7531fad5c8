"""Which YAML line a line of a multi-line string value is on.

A Jinja error names the template's own line ("line 3"); in a spec that template is a
YAML value, often a block scalar (``query: |``), so the error belongs on the YAML line
that holds the template's line 3, not on the key's. YAML gets from the written lines to
the value in four ways, undone here:

* literal (``|``): one template line per written line, from the line after the ``|``;
* folded (``>``): consecutive lines join with a space, each blank line is a line break,
  and lines indented more than the block keep their breaks;
* quoted and plain scalars over several lines: lines join with a space, each blank line
  is a line break (and in double quotes a ``\\n`` escape is one too).
"""

from __future__ import annotations

from scout.errors import Location


def line_location(style: str | None, raw: str, start: Location, line: int) -> Location:
    """Where template line ``line`` (1-based) of the scalar written as ``raw`` (its text in
    the file, from its first character: the ``|``/``>`` indicator or the opening quote),
    which starts at ``start``, is written."""
    lines = raw.split("\n")
    if style in ("|", ">"):
        content = lines[1:]
        while content and not content[-1].strip():  # the block's end, not its lines
            content.pop()
        indent = min((len(t) - len(t.lstrip(" ")) for t in content if t.strip()), default=0)
        rows = _block_rows(content, indent, folded=style == ">")
        first, col_of = start.line + 1, (lambda _j: indent + 1)
    else:
        rows = _flow_rows(lines, double=style == '"')
        first = start.line

        def col_of(j: int) -> int:
            return start.col if j == 0 else len(lines[j]) - len(lines[j].lstrip(" \t")) + 1
    starts = [(j, t) for j, t in enumerate(rows) if t is not None]
    if not starts:
        return start
    # the written line the template's line starts on; else the one it is inside (a "\n"
    # escape, or a line past the end: the last)
    j = next((j for j, t in starts if t == line), None)
    if j is None:
        j = max((j for j, t in starts if t < line), default=starts[0][0])
    return Location(start.file, first + j, col_of(j))


def token_column(at: Location, text: str, token: str) -> Location:
    """``at`` moved to where ``token`` (a whole word) is first written on its line, from
    ``at``'s column on; ``at`` itself when the line does not have it."""
    if not token or at.line is None or at.line < 1:
        return at
    import re

    lines = text.split("\n", at.line)
    if len(lines) < at.line:
        return at
    written = lines[at.line - 1]
    m = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(token) + r"(?![A-Za-z0-9_])").search(
        written, max((at.col or 1) - 1, 0))
    return Location(at.file, at.line, m.start() + 1) if m else at


def _block_rows(content: list[str], indent: int, *, folded: bool) -> list[int | None]:
    """The template line each written line of a block scalar starts on (None: a blank
    line folded into a line break)."""
    rows: list[int | None] = []
    t, blanks, prev_more = 1, 0, None
    for text in content:
        if not text.strip():
            blanks += 1
            rows.append(None if folded else len(rows) + 1)
            continue
        more = len(text) - len(text.lstrip(" ")) > indent
        if not folded:
            t = len(rows) + 1
        elif prev_more is None:
            t += blanks  # leading blank lines are line breaks
        else:
            # a break between two lines is a space, unless either is more indented
            t += blanks + 1 if (more or prev_more) else blanks
        rows.append(t)
        prev_more, blanks = more, 0
    return rows


def _flow_rows(lines: list[str], *, double: bool) -> list[int | None]:
    """The template line each written line of a quoted or plain scalar starts on (None:
    a blank line, folded into a line break)."""
    rows: list[int | None] = []
    t, blanks = 1, 0
    for j, text in enumerate(lines):
        if j and not text.strip():
            blanks += 1
            rows.append(None)
            continue
        t += blanks
        rows.append(t)
        blanks = 0
        if double:  # "\n" escapes break the template's line inside this written line
            t += text.replace("\\\\", "").count("\\n")
    return rows
