"""Jinja in specs: the one sandboxed environment, and static checks of expressions.

Specs use Jinja in three places: ``with:`` strings (templates, ``{{ task.destination }}``),
``if:`` and expression parameters such as ``rank.where`` (bare expressions). All are
rendered by :func:`make_env` — sandboxed, ``StrictUndefined`` — so a typo fails loudly
instead of rendering an empty string. Parameter models mark which fields are templates
or expressions with :class:`TemplateField` / :class:`ExpressionField` metadata.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Any

from jinja2 import StrictUndefined, TemplateSyntaxError, nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

# Filters scout adds; the runtime fills in implementations (report/filters.py) while the
# validator only needs the names, so it can reject an unknown filter before a run.
EXTRA_FILTERS: dict[str, Callable[..., Any]] = {}


def register_filter(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        EXTRA_FILTERS[name] = fn
        return fn

    return deco


class TemplateField:
    """Marks a parameter that is a Jinja template, rendered per phase (or per item)."""


class ExpressionField:
    """Marks a parameter that is a bare Jinja expression (``price <= task.budget``)."""


TemplateStr = Annotated[str, TemplateField()]
ExpressionStr = Annotated[str, ExpressionField()]


def make_env(**kw: Any) -> ImmutableSandboxedEnvironment:
    from scout.spec.filters import FILTERS

    env = ImmutableSandboxedEnvironment(
        undefined=StrictUndefined, keep_trailing_newline=True, **kw
    )
    env.filters.update(FILTERS)
    env.filters.update(EXTRA_FILTERS)
    return env


@lru_cache(maxsize=1)
def _check_env() -> ImmutableSandboxedEnvironment:
    return make_env()


def has_jinja(text: str) -> bool:
    return "{{" in text or "{%" in text or "{#" in text


@dataclass
class JinjaUse:
    """What a template or expression refers to."""

    names: set[str] = field(default_factory=set)
    attrs: list[tuple[str, str]] = field(default_factory=list)  # (name, attribute) pairs
    filters: set[str] = field(default_factory=set)
    tests: set[str] = field(default_factory=set)


class JinjaCheckError(Exception):
    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def analyse(source: str, *, expression: bool = False) -> JinjaUse:
    """Parse ``source`` and list the free names, ``name.attr`` uses and filters.

    Raises :class:`JinjaCheckError` on a syntax error.
    """
    env = _check_env()
    text = "{{ (" + source + ") }}" if expression else source
    try:
        ast = env.parse(text)
    except TemplateSyntaxError as exc:
        msg = exc.message or "syntax error"
        raise JinjaCheckError(_clean(msg), exc.lineno or 1) from None
    use = JinjaUse()
    bound: set[str] = set()
    for node in ast.find_all((nodes.Assign, nodes.For, nodes.Macro, nodes.With)):
        for target in node.find_all(nodes.Name):
            if target.ctx in ("store", "param"):
                bound.add(target.name)
    for node in ast.find_all(nodes.Name):
        if node.ctx == "load" and node.name not in bound:
            use.names.add(node.name)
    for node in ast.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name) and node.node.ctx == "load":
            use.attrs.append((node.node.name, node.attr))
    for node in ast.find_all(nodes.Getitem):
        if (
            isinstance(node.node, nodes.Name)
            and isinstance(node.arg, nodes.Const)
            and isinstance(node.arg.value, str)
        ):
            use.attrs.append((node.node.name, node.arg.value))
    for node in ast.find_all(nodes.Filter):
        if node.name:
            use.filters.add(node.name)
    for node in ast.find_all(nodes.Test):
        use.tests.add(node.name)
    return use


def _clean(msg: str) -> str:
    # Jinja mentions its own token names ("expected token 'end of print statement'"); keep
    # them, they read well, but drop internal object reprs if any appear.
    return re.sub(r"<[^>]+ object at 0x[0-9a-f]+>", "value", msg)


def known_filters() -> set[str]:
    return set(_check_env().filters)


def known_tests() -> set[str]:
    return set(_check_env().tests)


# Names every template may use besides the declared scope.
GLOBAL_NAMES = frozenset({"range", "dict", "lipsum", "cycler", "joiner", "namespace",
                          "true", "false", "none", "True", "False", "None", "loop"})
