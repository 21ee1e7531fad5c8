"""Markdown blocks a report template's lines ran together, kept apart.

A table in Markdown (GFM, markdown-it) ends only at a blank line or at another block's
start: a plain line written straight after its last row is read as one more row. A
kind's template that notes how a column was worked out under the table
(``{% if ... %}Estimated cost: ...{% endif %}`` with ``trim_blocks`` eating the blank
line) put its note in a table cell of the HTML report and of any viewer of the
Markdown. :func:`end_tables` ends every table before such a line, whoever wrote the
template; a fenced code block (the mermaid DAG) is left as it is.
"""

from __future__ import annotations

import re

#: a fenced code block's opening or closing line (``` or ~~~, up to 3 spaces in)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


#: a table's delimiter row, under its header: ``|---|:---:|``
_DELIMITER = re.compile(r"^ {0,3}\|(?:\s*:?-+:?\s*\|)+\s*$")


def _row(line: str) -> bool:
    """A table row as scout's and authors' templates write them: it starts with ``|``."""
    return line.lstrip(" ").startswith("|")


def end_tables(md_text: str) -> str:
    """``md_text`` with a blank line between a table's last row and a line right after
    it that is not a row, so the line is a paragraph of its own, not one more row."""
    out: list[str] = []
    fence: str | None = None
    in_table = False
    for line in md_text.split("\n"):
        m = _FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            out.append(line)
            continue
        if in_table and line.strip() and not _row(line):
            out.append("")
        if m:
            fence = m.group(1)
        # a table is open from its delimiter row for as long as rows follow
        in_table = fence is None and _row(line) and (in_table or bool(_DELIMITER.match(line)))
        out.append(line)
    return "\n".join(out)
