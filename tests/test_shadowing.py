"""No parameter hides a function of its own module where that could be read by mistake.

``scout.scaffold.fills.search_words(..., asked)`` took a string named like the module's
``asked()``: a later edit calling ``asked(inputs)`` in that body would have called the
string. Checked on scout's source: a parameter named as a function (or class) defined at
the top of its module is a trap, and calling such a parameter is the wrong one read.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SCOUT = Path(__file__).resolve().parent.parent / "scout"

#: (module, parameter) left as they are, with why: every Jinja filter's first argument is
#: its ``value`` (the filters are called by Jinja, positionally), beside the ``value`` filter
ALLOWED = {("spec/filters.py", "value")}


def _shadowing(tree: ast.Module) -> Iterator[tuple[ast.AST, str]]:
    """Each function and the parameters of it named as a top-level def or class."""
    defined = {n.name for n in tree.body
               if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = node.args
            for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, (a.vararg, a.kwarg))]:
                if arg.arg in defined:
                    yield node, arg.arg


def _found() -> tuple[list[str], list[str]]:
    hidden, called = [], []
    for path in sorted(SCOUT.rglob("*.py")):
        rel = path.relative_to(SCOUT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func, name in _shadowing(tree):
            where = f"scout/{rel}:{getattr(func, 'lineno', 0)} parameter {name!r}"
            if (rel, name) not in ALLOWED:
                hidden.append(where)
            if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
                   for n in ast.walk(func)):
                called.append(where)
    return hidden, called


def test_no_parameter_hides_a_function_of_its_module() -> None:
    hidden, _ = _found()
    assert hidden == [], "rename the parameter: it hides the module's function of that name"


def test_no_function_calls_a_parameter_named_as_a_module_function() -> None:
    _, called = _found()
    assert called == [], "this calls the parameter, not the module's function"


def test_the_check_sees_a_hidden_function() -> None:
    tree = ast.parse("def asked(x):\n    return x\n\n\ndef words(asked):\n    return asked(1)\n")
    assert [name for _, name in _shadowing(tree)] == ["asked"]
