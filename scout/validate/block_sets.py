"""Sets a Jinja block keeps to itself: ``{% set %}`` inside a loop meant for after it.

In Jinja a ``{% for %}`` (and a ``with``, ``filter``, ``autoescape``, ``block``, ``macro``
or ``call`` block) has a scope of its own: ``{% set seen = seen + [c] %}`` inside the
loop makes a new ``seen`` for that pass, and after the loop ``seen`` is still what the
template set before it (``[]``), silently. :func:`block_sets` finds each such set of a
name the enclosing scope set before the block and reads after it, for the template
checks (scout.validate.templates, SPEC088): the fix is a ``namespace()``, whose
attributes a loop does change (``{% set ns.seen = ns.seen + [c] %}``).

An ``{% if %}`` has no scope of its own, so its branches are read as part of the
statements around it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jinja2 import nodes


def _kinds() -> dict[type, str]:
    from jinja2 import nodes

    # what each block is called in the warning; ``{% autoescape %}`` parses to a Scope
    return {nodes.For: "for loop", nodes.With: "with block", nodes.FilterBlock: "filter block",
            nodes.Scope: "autoescape block", nodes.Block: "block", nodes.Macro: "macro",
            nodes.CallBlock: "call block"}


def block_sets(ast: nodes.Template) -> list[tuple[str, int, int, str]]:
    """(name, line of the set inside the block, line of the set before it, what the block
    is) for each name a scoped block sets that its enclosing scope set before the block
    and reads after it, in the template's order."""
    kinds = _kinds()
    found: list[tuple[str, int, int, str]] = []
    _scope(ast.body, kinds, found)
    return found


def _flat(body: list[Any]) -> Iterator[Any]:
    """The statements of one scope in order, an ``if``'s test and branches in place."""
    from jinja2 import nodes

    for node in body:
        if isinstance(node, nodes.If):
            yield node.test
            yield from _flat(node.body)
            for branch in node.elif_:
                yield from _flat([branch])
            yield from _flat(node.else_)
        else:
            yield node


def _targets(node: Any) -> Iterator[tuple[str, int]]:
    """The plain names an ``{% set %}`` stores (not ``ns.x``, a namespace's attribute)."""
    from jinja2 import nodes

    if isinstance(node, (nodes.Assign, nodes.AssignBlock)):
        for name in node.target.find_all(nodes.Name) if not isinstance(
                node.target, nodes.Name) else [node.target]:
            if name.ctx == "store":
                yield name.name, node.lineno


def _inner_sets(block: Any) -> Iterator[tuple[str, int]]:
    """The names set anywhere inside ``block``: none of them reaches the scope around it."""
    from jinja2 import nodes

    bodies = [block.body] + ([block.else_] if isinstance(block, nodes.For) else [])
    for body in bodies:
        for node in body:
            yield from _targets(node)
            for inner in node.find_all((nodes.Assign, nodes.AssignBlock)):
                yield from _targets(inner)


def _loads(node: Any) -> set[str]:
    from jinja2 import nodes

    named = [node] if isinstance(node, nodes.Name) else []
    return {n.name for n in named + list(node.find_all(nodes.Name)) if n.ctx == "load"}


def _scope(body: list[Any], kinds: dict[type, str],
           found: list[tuple[str, int, int, str]]) -> None:
    from jinja2 import nodes

    items = list(_flat(body))
    set_before: dict[str, int] = {}
    # per block: where it is, and (name, its line in the block, the line set before)
    kept: list[tuple[int, str, list[tuple[str, int, int]]]] = []
    inside: dict[int, list[tuple[str, int, int, str]]] = {}  # each block's own scope's
    for i, node in enumerate(items):
        kind = kinds.get(type(node))
        if kind is None:
            for name, line in _targets(node):
                set_before.setdefault(name, line)
            continue
        wanted: dict[str, int] = {}
        for name, line in _inner_sets(node):
            if name in set_before:
                wanted.setdefault(name, line)
        if wanted:
            kept.append((i, kind, [(n, line, set_before[n]) for n, line in wanted.items()]))
        # the block's own statements are a scope too (a loop inside a loop)
        inside[i] = []
        _scope(node.body, kinds, inside[i])
        if isinstance(node, nodes.For):
            _scope(node.else_, kinds, inside[i])
    # the names read after each block: one pass from the end, each statement read once
    # (a template of thousands of loops is not read thousands of times)
    said: dict[int, list[tuple[str, int, int, str]]] = {}
    later: set[str] = set()
    for i in range(len(items) - 1, -1, -1):
        while kept and kept[-1][0] == i:
            _, kind, names = kept.pop()
            said[i] = [(n, line, before, kind) for n, line, before in names if n in later]
        if not kept:
            break
        later |= _loads(items[i])
    for i, mine in inside.items():  # in the template's order
        found.extend(said.get(i, []))
        found.extend(mine)
