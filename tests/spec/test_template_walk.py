"""The template checks read a parsed template in one walk (scout.validate.templates,
``_facts_of``); it must find exactly what the three ``find_all`` walks it replaced found
(kept here as the reference), in the same order, on every template in the repository
and on the constructs that bind names. The uses no name-by-name walk finds (a set a loop
keeps, a constant past the sandbox's bounds: ``scoped_facts``) come after, as from their
own walks, which the one walk runs only when the template may have them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jinja2 import nodes

from scout.spec.filtercall import call_of, named_call, named_in
from scout.validate import templates as T
from scout.validate.template_facts import _msgid, scoped_facts

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for p in ROOT.rglob("*.j2") if ".venv" not in p.parts)

CONSTRUCTS = [
    "{% set a, b = x %}{{ a }}{% set c %}{{ y | upper }}{% endset %}",
    "{% for k, v in d.items() if v is number %}{{ loop.index }}{{ k ~ v }}{% endfor %}",
    "{% macro m(p, q=r) %}{{ p }}{{ caller() }}{% endmacro %}"
    "{% call(z) m(1) %}{{ z['key'] }}{{ z[0] }}{% endcall %}",
    "{% import '_x.j2' as lib %}{% from '_y.j2' import f, g as h %}{{ lib.f() }}{{ h() }}",
    "{% include 'part.j2' %}{% include name %}{% with w = task.city %}{{ w }}{% endwith %}",
    "{% extends 'base.j2' %}{% block body %}{{ super() }}{{ task['city'] }}{% endblock %}",
    "{% trans n=items|length %}{{ n }} item{% pluralize %}{{ n }} items{% endtrans %}",
    "{{ _('x') }}{{ a.b.c }}{{ (a or b).c }}{{ f(x=1)|join(', ') }}{% if a is not defined %}{% endif %}",
    "{{ pgettext('menu', 'Open') }}{{ ngettext('%(n)s item', '%(n)s items', n) }}"
    "{{ x | round(2, 'floor') | default(_('none')) }}{{ gettext(name) }}",
    "{{ xs | map('upper') | select('odd') | reject('equalto', 3) | list }}"
    "{{ xs | selectattr('price', 'defined') | rejectattr('x', f) | map(attribute='p') }}"
    "{{ xs | sort(attribute='x') | map(name) | selectattr('y') | first }}",
    "{% set seen = [] %}{% for c in cs %}{% set seen = seen + [c] %}{% endfor %}{{ seen }}"
    "{% set a, b = 1, 2 %}{% with %}{% set a = 3 %}{% endwith %}{{ a }}{{ 'a' * 10**9 }}",
]


def _bound(ast: nodes.Template) -> set[str]:
    names: set[str] = set()
    for node in ast.find_all((nodes.Assign, nodes.AssignBlock, nodes.For, nodes.Macro,
                              nodes.CallBlock, nodes.With, nodes.Import, nodes.FromImport)):
        if isinstance(node, nodes.Macro):
            names.add(node.name)
        if isinstance(node, nodes.Import):
            names.add(node.target)
        if isinstance(node, nodes.FromImport):
            names.update(n if isinstance(n, str) else n[1] for n in node.names)
        for target in node.find_all(nodes.Name):
            if target.ctx in ("store", "param"):
                names.add(target.name)
    return names


def _uses(ast: nodes.Template) -> Iterator[tuple[Any, ...]]:
    for node in ast.find_all((nodes.Name, nodes.Getattr, nodes.Getitem, nodes.Filter,
                              nodes.Test, nodes.Call)):
        if isinstance(node, nodes.Call):
            msgid = _msgid(node)
            if msgid is not None:
                yield ("msgid", *msgid, node.lineno)
        elif isinstance(node, nodes.Name):
            if node.ctx == "load":
                yield ("name", node.name, node.lineno)
        elif isinstance(node, (nodes.Getattr, nodes.Getitem)):
            base = node.node
            attr = node.attr if isinstance(node, nodes.Getattr) else (
                node.arg.value if isinstance(node.arg, nodes.Const)
                and isinstance(node.arg.value, str) else None)
            if isinstance(base, nodes.Name) and base.ctx == "load" and attr:
                yield ("attr", base.name, attr, node.lineno)
        elif isinstance(node, nodes.Filter) and node.name:
            yield ("filter", node.name, node.lineno)
            yield ("call", node.name, node.lineno, call_of(node))
            named = named_in(node)
            if named:
                yield (*named, node.lineno)
            mapped = named_call(node)  # map("round", "x"): round's call is checked too
            if mapped:
                yield ("call", mapped[0], node.lineno, mapped[1])
        elif isinstance(node, nodes.Test):
            yield ("test", node.name, node.lineno)


def _imports(ast: nodes.Template) -> Iterator[tuple[str, int]]:
    for node in ast.find_all((nodes.Import, nodes.FromImport, nodes.Include, nodes.Extends)):
        tmpl = node.template
        if isinstance(tmpl, nodes.Const) and isinstance(tmpl.value, str):
            yield tmpl.value, node.lineno


def _params(ast: nodes.Template) -> set[str]:
    """Names only parameters bind (every binder's other names taken away)."""
    params = {n.name for n in ast.find_all(nodes.Name) if n.ctx == "param"}
    others = {n.name for n in ast.find_all(nodes.Name) if n.ctx == "store"}
    others |= {n.name for n in ast.find_all(nodes.Macro)}
    others |= {n.target for n in ast.find_all(nodes.Import)}
    for node in ast.find_all(nodes.FromImport):
        others.update(n if isinstance(n, str) else n[1] for n in node.names)
    return params - others


def _reference(source: str) -> T.TemplateFacts:
    ast = T._parse_env().parse(source)
    uses = (*_uses(ast), *scoped_facts(ast))  # every template, not only those it may be in
    return T.TemplateFacts(frozenset(_bound(ast)), uses, tuple(_imports(ast)),
                           frozenset(_params(ast)))


def test_there_are_templates_to_compare() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("source", [p.read_text(encoding="utf-8") for p in FILES]
                         + CONSTRUCTS, ids=[p.name for p in FILES]
                         + [f"construct{i}" for i in range(len(CONSTRUCTS))])
def test_one_walk_finds_what_the_three_walks_found(source: str) -> None:
    want = _reference(source)
    got = T._facts_of(T._parse_env().parse(source))
    assert got == want
    assert want.uses  # every sample uses something


def test_a_name_only_parameters_bind_is_told_apart() -> None:
    """``task`` as a section macro's parameter is the Task (its ``task.x`` is checked);
    rebound by a loop, a set or an import it is something else."""
    facts = T._facts_of(T._parse_env().parse(
        "{% macro a(task, b) %}{{ task.x }}{% endmacro %}{% for b in c %}{% endfor %}"))
    assert facts.params == {"task"} and {"task", "b"} <= facts.bound
    for other in ("{% for task in c %}{% endfor %}", "{% set task = 1 %}",
                  "{% import 'x.j2' as task %}"):
        facts = T._facts_of(T._parse_env().parse("{% macro a(task) %}{% endmacro %}" + other))
        assert "task" in facts.bound and "task" not in facts.params, other
