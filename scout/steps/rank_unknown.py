"""What rank's ``where`` expressions read, and whether one held only because a value was
unknown.

A criterion is written to keep a candidate whose value is missing: ``c.price is none or
c.price.amount <= task.budget.amount``, ``not task.open_cfp or conf | stated_date(...) is
none or ... >= task.today``. Such a candidate passes, but nothing was checked: it is
flagged "could not check", whatever the value (a deadline, a year, a size), not only a
price or a rating. :func:`guarded` compiles each expression a second time with its
*unknown guards* — ``X is none`` / ``X is undefined`` in an ``or``, ``X`` reading the
record — made false; a record the expression keeps but the guarded copy does not (it is
false, or it fails on the missing value) held only because that value was unknown.
A guard on the Task alone (``task.budget is none``: nothing asked) is left as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import Any

from jinja2 import TemplateError, nodes

from scout.spec.filters import field_words
from scout.spec.sharedenv import shared_env
from scout.spec.templating import DATA_ERRORS, parse_env

#: the tests that say "this value is missing"
_MISSING = frozenset({"none", "undefined"})
#: how many expressions' readings a process keeps (a kind has tens)
_KEPT = 2048


def _reads(node: nodes.Node, name: str) -> bool:
    return any(n.name == name for n in node.find_all(nodes.Name))


@lru_cache(maxsize=32)
def _tree(expression: str) -> nodes.Template:
    """``expression`` parsed, for the readings below that only look at it (never changed:
    :func:`guarded` parses its own copy to change): one parse where three were."""
    return parse_env().parse("{{ (" + expression + ") }}")


def _compares(tree: nodes.Node) -> list[nodes.Compare]:
    """The comparisons in ``tree``, walked once for all the values named in it (walking
    a kind's written-out ``where`` again for each value made naming them quadratic)."""
    return [c for c in tree.find_all(nodes.Compare) if isinstance(c, nodes.Compare)]


def _named(node: nodes.Node, compares: Sequence[nodes.Compare] | None = None,
           inputs: Collection[str] = ()) -> str | None:
    """The words of a guarded value: ``c.duration`` (or ``c.price.amount``) → the
    record's field; ``c | stated('people', 'personas') >= task.capacity`` → capacity, the
    request's input it is checked against (its name, which the kind's catalog
    translates), with ``of=`` words too; else ``c | stated_date(of=['deadline', ...])`` →
    deadline, else the first unit (the author's word: ``stated('pages')`` → pages); a
    record-reading filter → its name;
    None otherwise (the author's reason, else the expression as written, says it then).
    ``compares``: the whole expression's comparisons (:func:`_compares`); ``inputs``: the
    kind's input names."""
    while isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Getattr):
        node = node.node  # c.price.amount: the record's field is price
    if isinstance(node, nodes.Getattr):
        return node.attr.replace("_", " ")
    if isinstance(node, nodes.Filter) and node.name:
        # the input it is checked against first, even with `of=` words: those are how
        # pages say it, in the author's one language ("mínimo" in an English report)
        compared = _compared_input(compares, node, inputs) if compares is not None else None
        if compared:
            return compared
        for kw in node.kwargs:
            if kw.key == "of" and isinstance(kw.value, nodes.List) and kw.value.items:
                first = kw.value.items[0]
                if isinstance(first, nodes.Const) and isinstance(first.value, str):
                    return first.value
        # else the unit it reads, the author's word too: stated('pages') → pages
        unit = node.args[0] if node.args else None
        if isinstance(unit, nodes.Const) and isinstance(unit.value, str) and unit.value.strip():
            return unit.value
        if node.name.replace("_", " ") in field_words():  # a record reader's name
            return node.name.replace("_", " ")
    return None


def _compared_input(compares: Sequence[nodes.Compare], value: nodes.Node,
                    inputs: Collection[str]) -> str | None:
    """The one input of the request that ``value`` is compared with in one of
    ``compares`` (``... >= task.capacity`` → capacity, underscores as spaces); None when
    none, or several (``task.max_age or task.age``: the unit says it then)."""
    for compare in compares:
        sides = [compare.expr, *(op.expr for op in compare.ops)]
        if not any(_same_value(side, value) for side in sides):
            continue
        named = {n.attr for side in sides if not _same_value(side, value)
                 for n in [side, *side.find_all(nodes.Getattr)]
                 if isinstance(n, nodes.Getattr) and isinstance(n.node, nodes.Name)
                 and n.node.name == "task" and n.attr in inputs}
        if len(named) == 1:
            return named.pop().replace("_", " ")
    return None


def _used_after(tree: nodes.Node, operand: nodes.Test) -> bool:
    """Whether the value ``operand`` tests is read elsewhere in the expression: then the
    test guards that use (``c.price is none or c.price.amount <= ...``); else the test is
    the criterion itself (``c.price.per is none``: a price paid once, no period), which
    holds by what the record states, not because a value is unknown."""
    value = operand.node
    return any(_same_value(n, value) and n is not value for n in tree.find_all(type(value)))


def _same_value(a: nodes.Node, b: nodes.Node) -> bool:
    """The same value read twice: equal nodes, or one record reader called with the same
    words and a ``pick`` only on one side (``b | stated('pages') is none or b |
    stated('pages', pick='min') <= ...``: which of several stated values, not another)."""
    if a == b:
        return True
    if not (isinstance(a, nodes.Filter) and isinstance(b, nodes.Filter)):
        return False
    def unpicked(f: nodes.Filter) -> tuple:
        return (f.node, f.name, f.args, [k for k in f.kwargs if k.key != "pick"],
                f.dyn_args, f.dyn_kwargs)
    return unpicked(a) == unpicked(b)


def _strip(node: nodes.Node, name: str,
           inputs: Collection[str] = ()) -> list[tuple[str | None, str | None]]:
    """Make every unknown guard on ``name`` inside an ``or`` false; the words of each,
    and the words of the value it reads (:func:`_named` without the inputs)."""
    found = []
    # a guard in a condition that picks a branch ("none if pct is none or sent is none else
    # sent * pct / 100": a named value's arithmetic, inlined into the where) picks how a
    # value is worked out, never keeps a record unchecked: left as it is
    # (the first condition is the wrapper :func:`guarded` puts the where in: its own)
    picking = {id(n) for cond in list(node.find_all(nodes.CondExpr))[1:]
               for n in (cond.test, *cond.test.find_all(nodes.Or))}
    for alt in node.find_all(nodes.Or):
        if id(alt) in picking:
            continue
        for side in ("left", "right"):
            operand = getattr(alt, side)
            if (isinstance(operand, nodes.Test) and operand.name in _MISSING
                    and _reads(operand.node, name) and _used_after(node, operand)):
                setattr(alt, side, nodes.Const(False, lineno=operand.lineno))
                found.append((_named(operand.node, _compares(node), inputs),
                              _named(operand.node)))
    return found


class Guarded:
    """An expression with its unknown guards made false: ``holds(**scope)`` says whether
    it still keeps the record; ``words`` names the guarded value ("deadline", the input a
    stated value is checked against: "capacity"), or is None when it cannot be named (the
    author's reason says it then); ``value`` names the value itself ("people"): two
    criteria on one value (a range's two ends) flag it once."""

    def __init__(self, template: Any, words: str | None, value: str | None = None) -> None:
        self._template = template
        self.words = words
        self.value = value or words

    def holds(self, **scope: Any) -> bool:
        try:
            return bool(self._template.render(**scope) == "Y")
        except (TemplateError, AttributeError, *DATA_ERRORS):
            return False  # failed on the missing value: it was not checked


def guarded(expression: str, name: str, inputs: Collection[str] = ()) -> Guarded | None:
    """``expression`` with the unknown guards on the record ``name`` made false; None
    when it has no such guard (or cannot be read: the validator reports it). ``inputs``:
    the kind's input names, which a stated value is named by (:func:`_named`)."""
    return _guarded(expression, name, frozenset(inputs))


# what this module works out from an expression's text is the same for every mission of
# a kind: kept a process (a kind's `where`, its values written out, runs to thousands of
# characters, and parsing it again for each mission cost most of a rank step)
@lru_cache(maxsize=_KEPT)
def _guarded(expression: str, name: str, inputs: frozenset[str]) -> Guarded | None:
    env = shared_env()  # compiled in the sandbox every cached expression shares
    try:
        tree = env.parse("{{ 'Y' if (" + expression + ") else 'N' }}")
    except TemplateError:
        return None
    found = _strip(tree, name, inputs)
    if not found:
        return None
    template = env.template_class.from_code(env, env.compile(tree), env.make_globals(None))

    def joined(words: list[str | None]) -> str | None:
        named = [w for w in dict.fromkeys(words) if w]
        return ", ".join(named) if len(named) == len(set(words)) else None
    return Guarded(template, joined([w for w, _v in found]), joined([v for _w, v in found]))


def value_guard_words(expression: str, values: Collection[str]) -> str | None:
    """The named values (rank's ``values``) an expression as written guards on a missing
    value, ``services_total is none or services_total <= task.budget.amount`` → "services
    total" (underscores as spaces, as an input's name: the kind's catalog translates
    ``msgid "services_total"``): the value the author checks, never every figure its
    expression reads once written out (each service's price, asked or not); None when it
    guards none."""
    if not values:
        return None
    return _value_guard_words(expression, frozenset(values))


@lru_cache(maxsize=_KEPT)
def _value_guard_words(expression: str, values: frozenset[str]) -> str | None:
    try:
        tree = _tree(expression)
    except TemplateError:
        return None
    words: list[str] = []
    for alt in tree.find_all(nodes.Or):
        for operand in (alt.left, alt.right):  # type: ignore[attr-defined]
            if isinstance(operand, nodes.Test) and operand.name in _MISSING \
                    and isinstance(operand.node, nodes.Name) and operand.node.name in values:
                said = operand.node.name.replace("_", " ")
                if said not in words:
                    words.append(said)
    return ", ".join(words) or None


def record_words(expression: str, name: str, inputs: Collection[str] = ()) -> str | None:
    """The words of the record's values ``expression`` reads (``c.price.amount`` → price,
    ``c | stated_date(of=['deadline'])`` → deadline), for "could not check: <words>" when
    it cannot decide: the author's ``reasons`` say why a record failed ("funds 1,500,000
    EUR, under 40,000 EUR"), which a record not checked did not; None when none can be
    named. ``inputs``: as for :func:`guarded`."""
    return _record_words(expression, name, frozenset(inputs))


@lru_cache(maxsize=_KEPT)
def _record_words(expression: str, name: str, inputs: frozenset[str]) -> str | None:
    try:
        tree = _tree(expression)
    except TemplateError:
        return None
    words: list[str] = []
    compares = _compares(tree)
    for node in tree.find_all((nodes.Getattr, nodes.Filter)):
        if not isinstance(node, (nodes.Getattr, nodes.Filter)):  # find_all's type: Node
            continue
        base = node.node
        record = isinstance(base, nodes.Name) and base.name == name
        if record or isinstance(node, nodes.Filter) and base is not None and _reads(base, name):
            said = _named(node, compares, inputs)
            said = said and said.removesuffix(" converted")  # the same price, converted
            if said and said not in words:
                words.append(said)
    return ", ".join(words) or None


@lru_cache(maxsize=_KEPT)
def fields_and_inputs(expression: str, name: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The record's fields an expression reads (``c.price.amount`` → price) and the Task's
    attributes (``task.budget`` → budget); None when it cannot be read."""
    try:
        tree = _tree(expression)
    except TemplateError:
        return None
    fields: set[str] = set()
    task: set[str] = set()
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        if not isinstance(node, (nodes.Getattr, nodes.Getitem)):  # find_all's type: Node
            continue
        target = node.node
        if not isinstance(target, nodes.Name) or target.name not in (name, "task"):
            continue
        key = node.attr if isinstance(node, nodes.Getattr) else getattr(node.arg, "value", None)
        if isinstance(key, str):
            (fields if target.name == name else task).add(key)
    return frozenset(fields), frozenset(task)


def fields_checked(where: list[str], order_by: list[str], name: str,
                   task: Any = None) -> frozenset[str]:
    """The record's fields the ``where`` and ``order_by`` read (``flat.price.amount`` →
    price), which rank flags when unknown: a kind that never checks a rating does not flag
    "rating unknown", nor one whose ``where`` compares only with inputs the request left
    unset (no budget asked: every conference read "price unknown")."""
    values = getattr(task, "values", None) or {}
    inputs = set(getattr(task, "types", None) or {})
    read: set[str] = set()
    for i, expr in enumerate([*where, *order_by]):
        found = fields_and_inputs(expr, name)
        if found is None:
            return frozenset({"price", "rating"})  # unreadable here: flag as before
        fields, asked = found
        asked = asked & inputs
        if i < len(where) and asked and all(values.get(n) is None for n in asked):
            continue
        read |= fields
    return frozenset(read)


def already_flagged(fields: frozenset[str], flags: list[str], video: bool) -> bool:
    """A price or rating criterion whose value enrich already flagged (unknown, cannot be
    compared, no rate), or one a video cannot have: not said twice."""
    if not fields or not fields <= {"price", "rating"}:
        return False
    # a floor's price (a salary) is flagged as an "amount" (rank_enrich.enrich)
    words = {"price": ("price", "amount"), "rating": ("rating",)}
    return video or all(any(w in flag for w in words[f] for flag in flags) for f in fields)


def cost_order(order_by: list[str], name: str) -> int | None:
    """The index of the first ``order_by`` expression that is an amount of money read
    from the record's price or an amount of money it states: the amount the ranking compares (a set's price for the
    quantity asked, a group's shared by the people), which the synthesis calls "cheapest"
    by; None when no order is one. An order reading the price that is no amount ("value
    for money": ``price.amount / rating``) is no cost (:mod:`scout.steps.costorder`)."""
    from scout.steps.costorder import MONEY, order_kind, reads_price

    for i, expr in enumerate(order_by):
        # the price, or an amount the record states in money (a tariff's €/kWh times the
        # kWh asked, plus its standing charge: the table's estimated cost, examples/energy)
        if reads_price(expr, name) and order_kind(expr, name) == MONEY:
            return i
    return None
