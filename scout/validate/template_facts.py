"""What the template checks read from one report template, and how it is kept.

:class:`TemplateFacts` are the names a template binds and uses and the templates it
imports, found in one walk over its Jinja tree (:func:`facts_of`); :func:`encode` and
:func:`decode` are their JSON form, for the on-disk cache (scout.spec.factcache; what is
read back is untrusted) and the facts shipped for the built-in templates
(scout.validate.builtin_facts). The checks themselves are in scout.validate.templates.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from scout.spec.filtercall import call_of, named_call, named_in

if TYPE_CHECKING:
    from jinja2 import nodes


@lru_cache(maxsize=1)
def parse_env() -> Any:
    """An environment that reads a report template as the report's own
    (:func:`scout.report.render.make_report_env`) does, and only parses: the same syntax
    settings and the same extensions that add tags, nothing a render needs. Building the
    report's environment imported the renderer, its catalogs, finalizers and filters: a
    sixth of what a cold ``scout validate`` spent beyond a warm one (benchmarks/README.md,
    *validatespeed*). Its trees are the report environment's as the author wrote them
    (without the rewrite of each ``{{ }}`` that rendering adds, scout.report.asvalue):
    tests/spec/test_parse_env.py compares both, node by node and line by line, over every
    template scout ships and hostile ones."""
    from jinja2 import Environment

    from scout.report.files import REPORT_SYNTAX
    from scout.spec.templating import PARSE_EXTENSIONS, SYNTAX

    env = Environment(**SYNTAX, **REPORT_SYNTAX, extensions=list(PARSE_EXTENSIONS))
    # new-style gettext, as every scout environment: a {% trans %} block parses into a
    # call with keywords rather than a %-format of a dict
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    return env


@dataclass(frozen=True)
class TemplateFacts:
    """What the checks read from one template's tree, in tree order: the names it binds,
    the uses (``("name", name, line)``, ``("attr", base, attr, line)``, ``("filter", name,
    line)``, ``("test", name, line)``; ``("blockset", name, line, line set before,
    block)``: a ``{% set %}`` a loop or another block keeps to itself,
    scout.validate.block_sets; ``("bomb", message, line)``: a constant expression past the
    sandbox's bounds; ``("inplace", method, line)``: a call that changes a value in place,
    SPEC091) and the templates it imports or includes."""

    bound: frozenset[str]
    uses: tuple[tuple[Any, ...], ...]
    imports: tuple[tuple[str, int], ...]
    #: the names of ``bound`` that only a macro's (or call block's) parameters bind:
    #: ``{% macro task_section(task) %}`` is called with the Task, so ``task.x`` in it is
    #: checked like the Task's; a ``set``, ``for`` or ``import`` of the name is not
    params: frozenset[str] = frozenset()


def encode(facts: TemplateFacts) -> dict[str, Any]:
    return {"bound": sorted(facts.bound), "uses": [list(u) for u in facts.uses],
            "imports": [list(i) for i in facts.imports], "params": sorted(facts.params)}


#: the fields of each kind of use after its kind: str, or int for a line number
_USE_SHAPES = {"name": (str, int), "attr": (str, str, int), "filter": (str, int),
               "test": (str, int), "msgid": (str, str, int), "call": (str, int, str),
               "blockset": (str, int, int, str), "bomb": (str, int),
               "inplace": (str, int)}

#: gettext's names in templates and where their msgid (and context) is among the
#: arguments; ``{% trans %}`` blocks parse into calls of these too
_GETTEXT_ARGS = {"_": (0, None), "gettext": (0, None), "ngettext": (0, None),
                 "pgettext": (1, 0), "npgettext": (1, 0)}


def _typed(values: list[Any], shape: tuple[type, ...]) -> tuple[Any, ...]:
    # exact types: True is an int to isinstance, but it is no line number
    if len(values) != len(shape) or not all(type(v) is t for v, t in zip(values, shape)):
        raise ValueError("not a template fact")
    return tuple(values)


def decode(doc: Any) -> TemplateFacts:
    """TemplateFacts from JSON read back from the cache (untrusted: ValueError unless
    every field has exactly the shape :func:`encode` writes)."""
    if not isinstance(doc, dict) or set(doc) != {"bound", "uses", "imports", "params"}:
        raise ValueError("not template facts")
    bound, uses, imports, params = doc["bound"], doc["uses"], doc["imports"], doc["params"]
    if not (isinstance(bound, list) and isinstance(uses, list) and isinstance(imports, list)
            and isinstance(params, list)):
        raise ValueError("not template facts")
    if not all(type(b) is str for b in bound + params):
        raise ValueError("not template facts")
    out_uses = []
    for u in uses:
        if not isinstance(u, list) or not u or u[0] not in _USE_SHAPES:
            raise ValueError("not a template fact")
        out_uses.append((u[0], *_typed(u[1:], _USE_SHAPES[u[0]])))
    out_imports = []
    for i in imports:
        if not isinstance(i, list):
            raise ValueError("not a template fact")
        out_imports.append(_typed(i, (str, int)))
    return TemplateFacts(frozenset(bound), tuple(out_uses), tuple(out_imports),
                         frozenset(params))


def facts_of(ast: nodes.Template) -> TemplateFacts:
    """The facts of a parsed template, in one walk over its tree.

    It used to be three ``find_all`` walks (names bound, uses, imports) and one more per
    binding node's subtree: on the cold path a third of the time a template took. This
    walk is pre-order with the children in field order, as ``find_all``, so the uses
    come out in the same order; tests/spec/test_template_walk.py holds the three walks
    as the reference and compares. What no name-by-name walk finds comes after, from
    walks of their own (:func:`scoped_facts`).
    """
    from jinja2 import nodes

    binders = (nodes.Assign, nodes.AssignBlock, nodes.For, nodes.Macro, nodes.CallBlock,
               nodes.With, nodes.Import, nodes.FromImport)
    importers = (nodes.Import, nodes.FromImport, nodes.Include, nodes.Extends)
    Name, Getattr, Getitem, Const = nodes.Name, nodes.Getattr, nodes.Getitem, nodes.Const
    Filter, Test, Call, Node = nodes.Filter, nodes.Test, nodes.Call, nodes.Node
    bound: set[str] = set()
    params: set[str] = set()  # bound by a parameter (and maybe otherwise too)
    stored: set[str] = set()  # bound otherwise: set, for, with, a macro's name, an import
    uses: list[tuple[Any, ...]] = []
    imports: list[tuple[str, int]] = []
    set_twice = False  # a name two {% set %} store: only then may a block keep one
    set_once: set[str] = set()
    # (node, inside a binding node): a stored or parameter name binds only there
    stack: list[tuple[Any, bool]] = [(ast, False)]
    while stack:
        node, in_binder = stack.pop()
        if isinstance(node, Call):
            msgid = _msgid(node)
            if msgid is not None:
                uses.append(("msgid", *msgid, node.lineno))
        elif isinstance(node, Name):
            if node.ctx == "load":
                uses.append(("name", node.name, node.lineno))
            elif in_binder and node.ctx in ("store", "param"):
                bound.add(node.name)
                (params if node.ctx == "param" else stored).add(node.name)
        elif isinstance(node, (Getattr, Getitem)):
            base = node.node
            attr = node.attr if isinstance(node, Getattr) else (
                node.arg.value if isinstance(node.arg, Const)
                and isinstance(node.arg.value, str) else None)
            if isinstance(base, Name) and base.ctx == "load" and attr:
                uses.append(("attr", base.name, attr, node.lineno))
        elif isinstance(node, Filter):
            if node.name:
                uses.append(("filter", node.name, node.lineno))
                uses.append(("call", node.name, node.lineno, call_of(node)))
                picked = named_in(node)  # map("upper"), select("odd"): checked the same
                if picked:
                    uses.append((*picked, node.lineno))
                mapped = named_call(node)  # map("round", "x"): round's arguments
                if mapped:
                    uses.append(("call", mapped[0], node.lineno, mapped[1]))
        elif isinstance(node, Test):
            uses.append(("test", node.name, node.lineno))
        elif isinstance(node, binders):
            named: list[str] = []
            if isinstance(node, nodes.Macro):
                named = [node.name]
            elif isinstance(node, nodes.Import):
                named = [node.target]
            elif isinstance(node, nodes.FromImport):
                named = [n if isinstance(n, str) else n[1] for n in node.names]
            bound.update(named)
            stored.update(named)
            if isinstance(node, (nodes.Assign, nodes.AssignBlock)):
                for target in node.target.items if isinstance(node.target, nodes.Tuple) \
                        else [node.target]:
                    if isinstance(target, Name):
                        set_twice = set_twice or target.name in set_once
                        set_once.add(target.name)
        if isinstance(node, importers):
            tmpl = node.template
            if isinstance(tmpl, Const) and isinstance(tmpl.value, str):
                imports.append((tmpl.value, node.lineno))
        inner = in_binder or isinstance(node, binders)
        children: list[Any] = []
        for field in node.fields:
            item = getattr(node, field, None)
            if isinstance(item, list):
                children.extend(n for n in item if isinstance(n, Node))
            elif isinstance(item, Node):
                children.append(item)
        stack.extend((child, inner) for child in reversed(children))
    uses += scoped_facts(ast, sets=set_twice)
    # a name also bound by a set, a for, an import or as a macro's name is not only a
    # parameter
    return TemplateFacts(frozenset(bound), tuple(uses), tuple(imports),
                         frozenset(params - stored))


def scoped_facts(ast: nodes.Template, *, sets: bool = True) -> list[tuple[Any, ...]]:
    """The uses that depend on more than one node: each ``{% set %}`` a block keeps from
    the statements after it (scout.validate.block_sets), and each constant expression
    that would cross the sandbox's bounds when the report renders (evaluated now, in the
    bounded sandbox: scout.spec.templating.constant_bombs), so validate says so before a
    mission is paid for rather than the report phase failing on it (RUN020). ``sets``:
    whether a name is set twice (else no block can keep a set from what follows)."""
    from scout.spec.templating import constant_bombs, inplace_calls
    from scout.validate.block_sets import block_sets

    return [*(("blockset", *found) for found in (block_sets(ast) if sets else [])),
            *(("bomb", *bomb) for bomb in constant_bombs(ast)),
            *(("inplace", *call) for call in inplace_calls(ast))]


def _msgid(call: nodes.Call) -> tuple[str, str] | None:
    """(msgid, context or "") of a gettext call with literal text, else None."""
    from jinja2 import nodes

    fn = call.node
    where = _GETTEXT_ARGS.get(fn.name) if isinstance(fn, nodes.Name) else None
    if where is None:
        return None
    at, ctx_at = where
    args = call.args
    text = args[at] if len(args) > at else None
    if not isinstance(text, nodes.Const) or not isinstance(text.value, str) or not text.value:
        return None
    context = ""
    if ctx_at is not None:
        ctx = args[ctx_at]  # before `at`: there
        if not (isinstance(ctx, nodes.Const) and isinstance(ctx.value, str)):
            return None
        context = ctx.value
    return text.value, context
