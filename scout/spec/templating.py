"""Jinja in specs: the one sandboxed environment, and static checks of expressions.

Specs use Jinja in three places: ``with:`` strings (templates, ``{{ task.destination }}``),
``if:`` and expression parameters such as ``rank.where`` (bare expressions). All are
rendered by :func:`make_env` — sandboxed, ``StrictUndefined`` — so a typo fails loudly
instead of rendering an empty string. Parameter models mark which fields are templates
or expressions with :class:`TemplateField` / :class:`ExpressionField` metadata.

jinja2 is imported on first use, not with this module: what :func:`analyse` finds is kept
on disk (scout.spec.factcache) with the names of Jinja's filters and tests, so a
``scout validate`` of unchanged specs does not load jinja2 at all (benchmarks/cli.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any

from scout.spec.factcache import FactStore, module_file
from scout.spec.filtercall import call_of, named_call, named_in
from scout.spec.jinjause import JinjaUse
from scout.spec.plainuse import plain_use

if TYPE_CHECKING:
    from jinja2 import Environment, nodes

    from scout.spec.sandbox import BoundedSandbox

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


class ArtifactField:
    """Marks a parameter that names an artifact (``rank.items``); it must be in needs."""


TemplateStr = Annotated[str, TemplateField()]
ExpressionStr = Annotated[str, ExpressionField()]
ArtifactName = Annotated[str, ArtifactField()]


#: what a template's own operations raise on data they do not fit (``None | join``, a
#: division by zero, ``'%(x)s' % {}``, a catalog's msgstr naming another placeholder):
#: the template's mistake or a value it cannot decide on, never an internal error; with
#: Jinja's TemplateError and AttributeError, every place that renders catches these
DATA_ERRORS = (TypeError, ValueError, ArithmeticError, LookupError)


#: how every template's text is read (a report's adds scout.report.files.REPORT_SYNTAX), and
#: the extensions that add tags ({% trans %}, and _() in every template): what the
#: parse-only environments (scout.validate.template_facts.parse_env) must share with this one
SYNTAX: dict[str, Any] = {"keep_trailing_newline": True}
PARSE_EXTENSIONS: tuple[str, ...] = ("jinja2.ext.i18n",)


def make_env(**kw: Any) -> BoundedSandbox:
    """The environment every template of scout renders in (specs and reports alike):
    sandboxed, bounded (:mod:`scout.spec.sandbox`), ``StrictUndefined``."""
    from jinja2 import StrictUndefined

    from scout.spec.filters import FILTERS
    from scout.spec.sandbox import BoundedSandbox
    from scout.spec.scopefilters import bind_scope_filters

    kw.setdefault("extensions", list(PARSE_EXTENSIONS))  # {% trans %} and _() parse everywhere
    env = BoundedSandbox(undefined=StrictUndefined, **SYNTAX, **kw)
    if hasattr(env, "install_null_translations"):  # English until a report installs its catalog
        env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(FILTERS)
    bind_scope_filters(env.filters)
    env.filters.update(EXTRA_FILTERS)
    env.bound_filters()
    return env


@lru_cache(maxsize=1)
def _check_env() -> BoundedSandbox:
    return make_env()


@lru_cache(maxsize=1)
def parse_env() -> Environment:
    """An environment that reads a ``with:``/``if:`` string or an expression as
    :func:`make_env`'s does (the same syntax settings and tag-adding extensions) and
    only parses: the checks need the tree, and building the sandbox (its filters and
    their modules, its bounds) is left to what renders (tests/spec/test_parse_env.py
    compares the trees)."""
    from jinja2 import Environment

    env = Environment(**SYNTAX, extensions=list(PARSE_EXTENSIONS))
    # new-style gettext, as make_env's: {% trans %} parses into a call with keywords
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    return env


def has_jinja(text: str) -> bool:
    return "{{" in text or "{%" in text or "{#" in text


class JinjaCheckError(Exception):
    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def analyse(source: str, *, expression: bool = False) -> JinjaUse:
    """Parse ``source`` and list the free names, ``name.attr`` uses and filters.

    Raises :class:`JinjaCheckError` on a syntax error. Results are cached: big specs
    repeat the same templates phase after phase ("{{ hotel.name }} reviews").
    """
    result = _analyse(source, expression)
    if isinstance(result, JinjaCheckError):
        raise JinjaCheckError(result.message, result.line)
    return result


#: what analyse() found, across processes (scout.spec.factcache): it depends on this
#: module, the sandbox and filters (scout's and those bound to the scope) (the constant bombs are evaluated) and jinja2's parser
_STORE = FactStore("jinja-use", lambda: (__file__, module_file("scout.spec.sandbox"),
                                         module_file("scout.spec.filters"),
                                         module_file("scout.spec.scopefilters"),
                                         module_file("scout.spec.filtercall"),
                                         module_file("jinja2")))


def _encode(result: JinjaUse | JinjaCheckError) -> dict[str, Any]:
    if isinstance(result, JinjaCheckError):
        return {"error": [result.message, result.line]}
    return {"names": sorted(result.names), "attrs": [list(a) for a in result.attrs],
            "filters": sorted(result.filters), "tests": sorted(result.tests),
            "bombs": [list(b) for b in result.bombs], "calls": [list(c) for c in result.calls],
            "inplace": [list(i) for i in result.inplace]}


def _strs(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(type(v) is str for v in value):
        raise ValueError("not a list of names")
    return value


def _pairs(value: Any, second: type) -> tuple[tuple[Any, Any], ...]:
    # exact types: True is an int to isinstance, but it is no line number
    if not isinstance(value, list) or not all(
            isinstance(v, list) and len(v) == 2 and type(v[0]) is str and type(v[1]) is second
            for v in value):
        raise ValueError("not a list of pairs")
    return tuple((v[0], v[1]) for v in value)


def _decode(doc: Any) -> JinjaUse | JinjaCheckError:
    """What :func:`_encode` wrote, read back from the cache (untrusted: ValueError unless
    every field has exactly that shape)."""
    if not isinstance(doc, dict):
        raise ValueError("not a Jinja use")
    if set(doc) == {"error"}:
        [(message, line)] = _pairs([doc["error"]], int)
        return JinjaCheckError(message, line)
    if set(doc) != {"names", "attrs", "filters", "tests", "bombs", "calls", "inplace"}:
        raise ValueError("not a Jinja use")
    return JinjaUse(frozenset(_strs(doc["names"])), _pairs(doc["attrs"], str),
                    frozenset(_strs(doc["filters"])), frozenset(_strs(doc["tests"])),
                    _pairs(doc["bombs"], int), _pairs(doc["calls"], str),
                    _pairs(doc["inplace"], int))


@lru_cache(maxsize=4096)
def _analyse(source: str, expression: bool) -> JinjaUse | JinjaCheckError:
    plain = plain_use(source, expression)  # "{{ hotel.name }} reviews": no Jinja needed
    if plain is not None:
        return plain
    key = _STORE.key(("expression\0" if expression else "template\0") + source)
    result = _STORE.load(key, _decode)
    if result is None:
        try:
            result = _parse_and_walk(source, expression)
        except RecursionError:  # Jinja parses and walks recursively: not stored, the depth
            return JinjaCheckError(_TOO_DEEP)  # reached depends on the caller's stack
        _STORE.save(key, _encode(result))
    return result


#: an expression that closes its own brackets and goes on ("x) }}{{ (y")
_NOT_ONE = "more than one expression: '}}', '{{' or '{%' inside an expression ends it"
#: a template or expression nested past what Jinja's recursive parser reads
_TOO_DEEP = ("nested too deeply to read (thousands of brackets, or of 'and'/'or' in one "
             "chain); split it into shorter expressions")


def _parse_and_walk(source: str, expression: bool) -> JinjaUse | JinjaCheckError:
    from jinja2 import TemplateSyntaxError, nodes

    text = "{{ (" + source + ") }}" if expression else source
    try:
        ast = parse_env().parse(text)
    except TemplateSyntaxError as exc:
        return JinjaCheckError(_clean(exc.message or "syntax error"), exc.lineno or 1)
    except ValueError as exc:  # Jinja's lexer: a number literal past Python's 4,300 digits
        return JinjaCheckError(f"a literal Jinja cannot read: {str(exc)[:120]}")
    if expression and not (len(ast.body) == 1 and isinstance(ast.body[0], nodes.Output)
                           and len(ast.body[0].nodes) == 1):
        # "x) }}{{ (y" closes the brackets this check wraps it in: it parsed here, and the
        # run's compile_expression refused it ("chunk after expression") after validate
        return JinjaCheckError(_NOT_ONE)
    bound: set[str] = set()
    node: nodes.Node  # the statements' walk, then the expressions'
    if "{%" in source:  # only statements (for, set, a set block, macro, with) bind names
        for node in ast.find_all((nodes.Assign, nodes.AssignBlock, nodes.For, nodes.Macro,
                                  nodes.With)):
            if isinstance(node, nodes.Macro):
                bound.add(node.name)
            if isinstance(node, nodes.AssignBlock):  # "{% set x %}...{% endset %}": its target
                names_set = [node.target, *node.target.find_all(nodes.Name)]
                bound.update(n.name for n in names_set if isinstance(n, nodes.Name))
                continue
            for target in node.find_all(nodes.Name):
                if target.ctx in ("store", "param"):
                    bound.add(target.name)
    names: set[str] = set()
    attrs: list[tuple[str, str]] = []
    filters: set[str] = set()
    calls: list[tuple[str, str]] = []
    tests: set[str] = set()
    visited = (nodes.Name, nodes.Getattr, nodes.Getitem, nodes.Filter, nodes.Test)
    for node in ast.find_all(visited):  # one walk over the tree
        if isinstance(node, nodes.Name):
            if node.ctx == "load" and node.name not in bound:
                names.add(node.name)
        elif isinstance(node, nodes.Getattr):
            if isinstance(node.node, nodes.Name) and node.node.ctx == "load":
                attrs.append((node.node.name, node.attr))
        elif isinstance(node, nodes.Getitem):
            if (
                isinstance(node.node, nodes.Name)
                and isinstance(node.arg, nodes.Const)
                and isinstance(node.arg.value, str)
            ):
                attrs.append((node.node.name, node.arg.value))
        elif isinstance(node, nodes.Filter):
            if node.name:
                filters.add(node.name)
                calls.append((node.name, call_of(node)))
                named = named_in(node)  # map("upper"), select("odd"): checked the same
                if named:
                    (filters if named[0] == "filter" else tests).add(named[1])
                mapped = named_call(node)  # map("round", "x"): round's arguments
                if mapped:
                    calls.append(mapped)
        elif isinstance(node, nodes.Test):
            tests.add(node.name)
    return JinjaUse(frozenset(names), tuple(attrs), frozenset(filters), frozenset(tests),
                    _constant_bombs(_check_env, ast), tuple(calls), inplace_calls(ast))


#: the methods of a list, a dict or a set that change it in place: Jinja's sandbox refuses
#: them when a template renders ("access to attribute 'append' of 'list' object is
#: unsafe"), so validate says so first (SPEC091)
INPLACE_METHODS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "sort",
                             "reverse", "update", "setdefault", "popitem", "add", "discard",
                             "difference_update", "intersection_update",
                             "symmetric_difference_update"})


def inplace_calls(ast: nodes.Template) -> tuple[tuple[str, int], ...]:
    """(method, line) of each call in ``ast`` of a method that changes a value in place
    (:data:`INPLACE_METHODS`): ``{% set _ = parts.append(x) %}``, ``{{ d.update(e) }}``."""
    from jinja2 import nodes

    return tuple((call.node.attr, call.lineno) for call in ast.find_all(nodes.Call)
                 if isinstance(call.node, nodes.Getattr) and call.node.attr in INPLACE_METHODS)


# Names a constant expression may use: the sandbox's own globals and literals.
_CONSTANT_NAMES = frozenset({"range", "lipsum", "dict", "true", "false", "none",
                             "True", "False", "None"})


def _constant_bombs(sandbox: Callable[[], Any], ast: nodes.Template
                    ) -> tuple[tuple[str, int], ...]:
    """Evaluate each largest constant sub-expression (``9**(9**9)``, ``'a' * 10**10``)
    in the bounded sandbox, so a bomb is a spec error before any run. Other failures
    (``1/0``, type errors) are left to run time, where the data is known.

    One pass, bottom up: whether a subtree names only constants and whether it can grow
    past its source at all (an operator, a call or a filter); only
    those are evaluated, since compiling each literal list of a report template cost
    more than walking it. ``sandbox`` gives the environment they are evaluated in, built
    only when there is one to evaluate."""
    from jinja2 import nodes

    from scout.spec.sandboxsize import SandboxLimit

    growing = (nodes.BinExpr, nodes.Call, nodes.Filter)
    skipped = (nodes.Const, nodes.Name, nodes.TemplateData)
    Node, Name, Expr = nodes.Node, nodes.Name, nodes.Expr
    largest: list[nodes.Expr] = []

    def visit(node: nodes.Node) -> tuple[bool, bool]:
        """(names only constants, can grow) of ``node``'s subtree; the largest
        constant ones that can grow are listed in ``largest``, in tree order."""
        start = len(largest)
        constant = not isinstance(node, Name) or node.name in _CONSTANT_NAMES
        grows = isinstance(node, growing)
        for field in node.fields:  # iter_child_nodes, without its generators
            item = getattr(node, field, None)
            for child in item if isinstance(item, list) else (item,):
                if isinstance(child, Node):
                    c, g = visit(child)
                    constant, grows = constant and c, grows or g
        if constant and grows and isinstance(node, Expr) \
                and not isinstance(node, skipped):
            del largest[start:]  # its constant parts are evaluated with it
            largest.append(node)
        return constant, grows

    visit(ast)
    found: list[tuple[str, int]] = []

    def judge(group: list[nodes.Expr]) -> None:
        """Render ``group`` at once (one compile, not one per constant: a report has
        many); when it fails, each half again, down to the constant that fails."""
        try:
            env.from_string(nodes.Template([nodes.Output(list(group), lineno=1)],
                                           lineno=1)).render()
            return
        except SandboxLimit as exc:
            if len(group) == 1:
                found.append((str(exc.message or exc), group[0].lineno or 1))
                return
        except Exception:  # noqa: BLE001 - only bounds are judged statically (not 1/0)
            if len(group) == 1:
                return
        half = len(group) // 2
        judge(group[:half])
        judge(group[half:])

    if largest:
        env = sandbox()
        judge(largest)
    return tuple(found)


def constant_bombs(ast: nodes.Template) -> tuple[tuple[str, int], ...]:
    """(message, line) of each constant expression of a parsed template (a report's) that
    crosses a bound of the sandbox every template renders in (SPEC070)."""
    return _constant_bombs(_check_env, ast)


def _clean(msg: str) -> str:
    # Jinja mentions its own token names ("expected token 'end of print statement'"); keep
    # them, they read well, but drop internal object reprs if any appear.
    return re.sub(r"<[^>]+ object at 0x[0-9a-f]+>", "value", msg)


#: the names of the filters and tests every template may use (jinja2's, the sandbox's and
#: scout's own, :mod:`scout.spec.filters`; registered ones are added at each call), across
#: processes, so that checking a cached template's filters needs neither jinja2 nor the
#: filters module and all it imports (benchmarks/cli.py, a warm ``scout validate``)
_NAMES = FactStore("jinja-names", lambda: (__file__, module_file("scout.spec.sandbox"),
                                          module_file("scout.spec.filters"),
                                          module_file("jinja2")))
_NAME_KINDS = frozenset({"filters", "tests", "scout"})


def _decode_names(doc: Any) -> dict[str, frozenset[str]]:
    if not isinstance(doc, dict) or set(doc) != _NAME_KINDS:
        raise ValueError("not Jinja's names")
    return {k: frozenset(_strs(v)) for k, v in doc.items()}


@lru_cache(maxsize=1)
def _jinja_names() -> dict[str, frozenset[str]]:
    key = _NAMES.key("")
    names = _NAMES.load(key, _decode_names)
    if names is None:
        from jinja2.defaults import DEFAULT_FILTERS, DEFAULT_TESTS

        from scout.spec.filters import FILTERS

        env = _check_env()
        ours = set(FILTERS) | set(EXTRA_FILTERS)
        names = {"filters": frozenset(DEFAULT_FILTERS) | (frozenset(env.filters) - ours),
                 "tests": frozenset(DEFAULT_TESTS) | frozenset(env.tests),
                 "scout": frozenset(FILTERS)}
        _NAMES.save(key, {k: sorted(v) for k, v in names.items()})
    return names


def known_filters() -> frozenset[str]:
    """Every filter a template may use: Jinja's, scout's (scout.spec.filters) and those
    registered with :func:`register_filter` so far."""
    # keyed by the registered extras so a filter registered later is still known
    return _known_filters(frozenset(EXTRA_FILTERS))


@lru_cache(maxsize=8)
def _known_filters(extra: frozenset[str]) -> frozenset[str]:
    names = _jinja_names()
    return names["filters"] | names["scout"] | extra


def known_tests() -> frozenset[str]:
    return _jinja_names()["tests"]


# Names every template may use besides the declared scope.
GLOBAL_NAMES = frozenset({"range", "dict", "lipsum", "cycler", "joiner", "namespace",
                          "true", "false", "none", "True", "False", "None", "loop",
                          "_", "gettext", "ngettext", "pgettext", "npgettext", "lang"})
