"""Plain YAML scalars whose value silently differs from what the author wrote.

YAML accepts these without complaint, so the spec would run with a value nobody wrote:

* ``limit: 010`` is the octal number 8 under YAML 1.1 (a leading zero), and
  ``default: 12:30`` the number 750 (base 60);
* ``query: best ramen #1 in town`` is ``best ramen``: a ``#`` after a space starts a
  comment, so the rest of the line is dropped.

The first two are errors (the number is simply wrong); the second a warning, because a
comment written without a space after ``#`` (``#todo``) is legal, if unusual.
"""

from __future__ import annotations

import re

from yaml.nodes import ScalarNode

from scout.errors import Location, Problem

_INT = "tag:yaml.org,2002:int"
_STR = "tag:yaml.org,2002:str"
_LEADING_ZERO = re.compile(r"[-+]?0[0-7_]+")
#: YAML 1.1's sexagesimal integers: 1:30 is 90, 12:30 is 750
_BASE60 = re.compile(r"[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+")
#: what follows a plain value on its line when a comment cut it: blanks, then '#' glued to
#: a word ("#1", "#ramen"); an ordinary comment has a blank after the '#'
_CUT = re.compile(r"[ \t]+#(?=[^\s#])([^\n\r]*)")


def scalar_gotcha(node: ScalarNode, text: str, where: Location) -> Problem | None:
    """The problem with a plain scalar whose value is not what it looks like, if any."""
    if node.style not in (None, ""):
        return None  # quoted and block scalars are taken as written
    if node.tag == _INT and _LEADING_ZERO.fullmatch(node.value):
        digits = node.value.replace("_", "")
        sign = "-" if digits.startswith("-") else ""
        plain = sign + (digits.lstrip("+-").lstrip("0") or "0")
        return Problem(
            "SPEC008",
            f"'{node.value}' has a leading zero, so YAML reads it as the octal number "
            f"{int(digits.lstrip('+-'), 8) * (-1 if sign else 1)}",
            where,
            hint=f"write {plain} for the number, or \"{node.value}\" in quotes for the text",
        )
    if node.tag == _INT and _BASE60.fullmatch(node.value):
        return Problem(
            "SPEC008",
            f"YAML reads '{node.value}' as the number {_base60(node.value)} "
            "(hours:minutes in base 60)",
            where,
            hint=f"quote it (\"{node.value}\") for the text; a duration has a unit (90m, 2h)",
        )
    if node.tag == _STR:
        end = node.end_mark.index
        line_end = text.find("\n", end)
        m = _CUT.match(text, end, len(text) if line_end < 0 else line_end)
        if m:
            rest = "#" + m.group(1).rstrip()
            return Problem(
                "SPEC008",
                f"the value is '{node.value}': YAML reads '{rest}' as a comment and drops it",
                Location(where.file, node.end_mark.line + 1, _column(text, text.index("#", end))),
                hint=f"quote the whole value if '{rest}' is part of it, e.g. "
                     f"\"{node.value} {rest}\"; for a comment, put a space after '#'",
                severity="warning",
            )
    return None


def _base60(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    value = 0
    for part in text.lstrip("+-").replace("_", "").split(":"):
        value = value * 60 + int(part)
    return sign * value


def _column(text: str, index: int) -> int:
    return index - (text.rfind("\n", 0, index) + 1) + 1
