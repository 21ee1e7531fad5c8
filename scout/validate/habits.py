"""Habits from other languages in a phase's Jinja, and the hint that points to Jinja's way.

A first pipeline is often written with Python, SQL, JavaScript or GitHub Actions in the
fingers: ``a && b``, ``len(x)``, ``place.cuisine == japanese`` (a word meant as text),
``{task.city}`` (a Python f-string), ``${{ task.city }}`` (GitHub Actions). The first
three fail with a message about Jinja's grammar or scope; the last two do not fail at all:
Jinja leaves the text as written and the query searches for the braces. These helpers
turn each into a hint, or (the last two) into a problem of their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scout.errors import Location, Problem
from scout.lazyre import lazy_re

#: Python/JavaScript/SQL spellings that do not parse in Jinja → what Jinja writes
_OPERATORS = (
    (lazy_re(r"&&"), "Jinja writes 'and', not '&&'"),
    (lazy_re(r"\|\|"), "Jinja writes 'or', not '||'"),
    (lazy_re(r"===|!=="), "Jinja writes '==' and '!=', not '===' and '!=='"),
    (lazy_re(r"(?<![!<>=])!(?!=)"), "Jinja writes 'not x', not '!x'"),
    (lazy_re(r"(?i)\s(desc|asc)\s*$"), "order_by takes expressions only: the sort order "
                                         "is 'descending: true' (the default) or false"),
)

#: Python built-ins an author calls as functions → the Jinja filter that does it
_BUILTINS = {"len": "length", "str": "string", "int": "int", "float": "float",
             "round": "round", "sorted": "sort", "sum": "sum", "abs": "abs",
             "min": "min", "max": "max", "list": "list", "lower": "lower",
             "upper": "upper", "bool": "bool"}
_NULLS = {"null", "nil", "undefined", "NULL", "Null"}


def syntax_hint(text: str) -> tuple[str, str] | None:
    """What Jinja writes instead of an operator borrowed from Python, JavaScript or SQL,
    and the first such operator as written (to point at); None when there is none."""
    bare = _outside_quotes(text)
    found = [(say, m.group(0).strip()) for pattern, say in _OPERATORS
             for m in [pattern.search(bare)] if m]
    if not found:
        return None
    return "; ".join(say for say, _ in found), found[0][1]


def name_hint(name: str, text: str) -> str | None:
    """A hint for a name not in scope that is a habit rather than a typo: a Python
    built-in called as a function, a null of another language, a bare word compared."""
    bare = _outside_quotes(text)
    call = re.search(rf"\b{re.escape(name)}\s*\(([^()]*)\)", bare)
    if name in _BUILTINS and call:
        arg = call.group(1).strip() or "x"
        return f"Jinja has no {name}(): write the filter instead, {arg} | {_BUILTINS[name]}"
    if name in _NULLS:
        return "Jinja writes none ('x is none', 'x is not none')"
    if re.search(rf"(==|!=|\bin)\s*{re.escape(name)}\b|\b{re.escape(name)}\s*(==|!=)", bare):
        return f"to compare with the text {name}, quote it: '{name}'"
    return None


#: `${{ hotel.name }}`: what is between the braces, for the hint (past 80 characters,
#: or not closed, the hint keeps its example)
_DOLLAR = re.compile(r"\$\{\{(?:\s*([^{}\n]{1,80}?)\s*\}\})?")
#: `{task.city}` or `{ hotel.name }`: one brace each side of a dotted name
_SINGLE = re.compile(r"(?<![{$])\{\s*([A-Za-z_]\w*)((?:\.\w+)+)\s*\}(?!\})")


def literal_braces(pid: str, text: str, scope: set[str],
                   locate: Callable[[int, str], Location]) -> list[Problem]:
    """``${{ x }}`` and ``{x.y}`` in a template: Jinja keeps both as text (SPEC071).
    ``locate(line, token)``: where ``token`` on line ``line`` of the template is written."""
    problems = []
    dollar = _DOLLAR.search(text)
    if dollar:
        problems.append(Problem(
            "SPEC071", f"phase '{pid}': '${{{{ ... }}}}' keeps its '$' in the text",
            locate(_line(text, dollar.start()), "$"),
            hint=f"scout's templates are Jinja: write {{{{ {dollar.group(1) or 'task.city'} }}}}, "
                 "without the '$' of GitHub Actions"))
    for m in _SINGLE.finditer(text):
        if m.group(1) in scope:
            written = m.group(0)
            problems.append(Problem(
                "SPEC071", f"phase '{pid}': '{written}' is not a template variable: Jinja "
                           "keeps it as written",
                locate(_line(text, m.start()), written),
                hint=f"write {{{{ {m.group(1)}{m.group(2)} }}}} (two braces each side)"))
    return problems


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _outside_quotes(text: str) -> str:
    """``text`` with quoted strings blanked, so 'R&&D' in quotes is not an operator."""
    return re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", text)
