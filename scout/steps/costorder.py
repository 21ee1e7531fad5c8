"""Which of rank's ``order_by`` expressions is a cost: an amount of money.

The synthesis calls the first candidate "the cheapest" by the amount the ranking compares
(rank's ``_cost``): the first ``order_by`` that reads the price. An order that reads it
but is no amount of money ("value for money": ``h.price.amount / h.rating``, or a
price times a record's rating) is no cost, and was taken for one. Here an expression's
kind is worked out from its syntax, as units are: a price's amount is money; money plus
or minus money, times or divided by a plain number or a request's input (``/
task.nights``: a night's share), negated, rounded or guarded (``x if x else none``) is
money (so is one times the record's pack count, ``c.bundle``: a plain number), and so is the least or the most of a list of amounts written out
(``[h.price.amount, task.budget.amount] | min``, as ``a if a <= b else b`` is: its items'
kind) and their ``| sum``, a figure worked out from the request alone through any call
(a parcel's volumetric weight from the size asked) is a plain number, and so is an amount of money the record states (``c | stated('€/kWh')``, a
tariff's rate: an order may cost a request with it, examples/energy; ``c | tier_price(...)``,
a price list's tier for the quantity asked, examples/printing), while a quantity
it states in another unit is a number (``c | stated('GPUs')``: a price divided by it is a
price per GPU); money divided by or times another of the record's values (a rating), or
by money (a ratio), is not; a call or a filter this module does not know makes it ``UNKNOWN``, which
``scout validate`` warns of (SPEC087) and rank does not take for a cost.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from scout.lazyre import lazy_re
from scout.spec.factcache import FactStore, module_file

if TYPE_CHECKING:
    from jinja2 import nodes

#: what an expression's value is: an amount of money, a plain number (a literal, a
#: request's count), another value (a rating, a ratio), none, or not known
MONEY, PLAIN, OTHER, NONE, UNKNOWN = "money", "plain", "other", "none", "unknown"
#: the record's fields that hold its price
PRICE_FIELDS = frozenset({"price", "price_converted"})
#: the record's fields that count the units its price is for: a pack's (rank's
#: ``bundle``: "caja de 6 lentillas", "8x H100"), a plain number, so one unit's price
#: times it is the pack's again, money (``c.price.amount * c.bundle * boxes``)
COUNT_FIELDS = frozenset({"bundle"})
#: filters that keep the kind of what they are given ("| round(2)", "| default(0)")
_KEEPING = frozenset({"round", "abs", "default", "d", "float", "int"})
#: filters that pick one of a list written out (``[a, b] | min``): of the same kind as
#: its items, as ``a if a <= b else b`` is
_PICKING = frozenset({"min", "max", "first", "last"})


def _root(node: nodes.Node) -> tuple[str | None, list[str]]:
    """The name an attribute chain starts at and its attributes: ``c.price.amount`` →
    ("c", ["price", "amount"])."""
    from jinja2 import nodes

    attrs: list[str] = []
    while isinstance(node, (nodes.Getattr, nodes.Getitem)):
        key = node.attr if isinstance(node, nodes.Getattr) else getattr(node.arg, "value", None)
        attrs.insert(0, str(key))
        node = node.node
    return (node.name if isinstance(node, nodes.Name) else None), attrs


def _chain_start(node: nodes.Node) -> nodes.Node:
    """The node an attribute chain is read from: ``(a or b).amount`` → ``a or b``."""
    from jinja2 import nodes

    while isinstance(node, (nodes.Getattr, nodes.Getitem)):
        node = node.node
    return node


#: a ``stated`` unit that is an amount of money: a currency ("€", "EUR", "p" pence) or a
#: price per something in one ("€/kWh", "EUR/kWh", "p/day", "$/GPU-hour"), as the author
#: writes it (a code in capitals: "kWh/day" is none)
_MONEY_UNIT = lazy_re(r"^\s*(?:[$€£¥₹]|[A-Z]{3}|p|c|ct|cts|cents?|pence|céntimos?)"
                      r"\s*(?:/\s*\S.*)?$")


def _stated(node: nodes.Filter, name: str) -> bool:
    """Whether ``node`` is ``<record> | stated(units…)``, its units written out."""
    from jinja2 import nodes

    return node.name == "stated" and node.node is not None \
        and _root(node.node) == (name, []) and bool(node.args) \
        and all(isinstance(a, nodes.Const) and isinstance(a.value, str) for a in node.args)


def _stated_money(node: nodes.Filter, name: str) -> bool:
    """Whether ``node`` is ``<record> | stated(units…)`` with every unit an amount of money
    (:data:`_MONEY_UNIT`): a tariff's "0,13 €/kWh", a meal's "comedor 90 €" stated on its
    page, which an order may add to the price or use in its stead (examples/energy's
    estimated cost: a rate times the kWh asked plus a standing charge)."""
    return _stated(node, name) and all(_MONEY_UNIT.match(str(getattr(a, "value", "")))
                                       for a in node.args)


def _tier(node: nodes.Filter, name: str) -> bool:
    """Whether ``node`` is ``<record> | tier_price(count, currencies…)``: the amount the
    record's price list by quantity states for the count asked, money in its currency."""
    return node.name == "tier_price" and node.node is not None \
        and _root(node.node) == (name, [])


def _either(kinds: set[str]) -> str:
    """The kind of a value that is one of several of ``kinds`` (none aside): theirs when
    they agree; money where the rest are plain numbers (``price if price else 999999``,
    ``[price, 500] | min``: a cap in the price's money); else not known or another value."""
    kinds = kinds - {NONE}
    if kinds == {MONEY, PLAIN}:
        return MONEY
    if len(kinds) == 1:
        return kinds.pop()
    return UNKNOWN if UNKNOWN in kinds else OTHER


def _listed(node: nodes.Filter, name: str) -> str:
    """The kind of ``[a, b] | min`` (max, sum…): what its items are, the list written out;
    a list from elsewhere (``h.prices | min``) is not known."""
    from jinja2 import nodes

    if not isinstance(node.node, (nodes.List, nodes.Tuple)) or not node.node.items \
            or node.args or node.kwargs or node.dyn_args or node.dyn_kwargs:
        return UNKNOWN
    kinds = [_kind(item, name) for item in node.node.items]
    if node.name in _PICKING:
        return _either(set(kinds))
    total = kinds[0]  # "| sum": as the items added up with "+"
    for kind in kinds[1:]:
        total = _added(total, kind)
    return total


def _added(a: str, b: str) -> str:
    """The kind of ``a + b`` (or ``a - b``)."""
    if UNKNOWN in (a, b):
        return UNKNOWN
    return a if a == b else MONEY if {a, b} == {MONEY, PLAIN} else OTHER


#: the filters that read a record (a count the request gives them is none of its own)
_READERS = frozenset({"stated", "tier_price", "mentions", "on_dates", "stated_date", "stated_year"})


def _of_request(node: nodes.Node) -> bool:
    """Whether ``node`` is worked out from the request alone, no amount of its money: it
    reads no name but ``task`` and no ``.amount`` (a parcel's volumetric weight from the
    size asked, ``(task.size.split('x')[0] | float) * ... / 5000``). Whatever calls it goes
    through, it is a quantity asked, a plain number as ``task.nights`` is."""
    from jinja2 import nodes

    every = (node, *node.find_all(nodes.Node))
    names = {n.name for n in every if isinstance(n, nodes.Name)}
    # a record's reader given the request (``task.x | stated('€')``) is a mistake, not a count
    return names == {"task"} and not any(
        isinstance(n, nodes.Getattr) and n.attr == "amount"
        or isinstance(n, nodes.Filter) and n.name in _READERS for n in every)


def _kind(node: nodes.Node, name: str) -> str:
    from jinja2 import nodes

    if isinstance(node, nodes.Const):
        if node.value is None:
            return NONE
        return PLAIN if isinstance(node.value, (int, float)) and not isinstance(
            node.value, bool) else OTHER
    if isinstance(node, (nodes.Getattr, nodes.Getitem)) and isinstance(
            inner := _chain_start(node), (nodes.Or, nodes.And)):
        # "(g.price_converted or g.price).amount": of two prices, either's amount
        sides = {_kind(nodes.Getattr(side, "amount", "load"), name)
                 for side in (inner.left, inner.right)}
        return sides.pop() if len(sides) == 1 else UNKNOWN
    if isinstance(node, (nodes.Getattr, nodes.Getitem, nodes.Name)):
        root, attrs = _root(node)
        if root == name:
            if attrs[:1] and attrs[0] in PRICE_FIELDS:
                return MONEY
            return PLAIN if attrs == [*attrs[:1]] and attrs[:1] and attrs[0] in COUNT_FIELDS \
                else OTHER
        if root == "task":  # a count asked (nights, people) is a plain number; a budget money
            return MONEY if attrs[-1:] == ["amount"] else PLAIN
        return PLAIN if _of_request(node) else UNKNOWN
    if isinstance(node, (nodes.Neg, nodes.Pos)):
        return _kind(node.node, name)
    if isinstance(node, nodes.CondExpr):  # "x if x else none": the value, or none
        # "0 if free else price", "price if price else 999999": amounts
        return _either({_kind(node.expr1, name),
                        _kind(node.expr2, name) if node.expr2 is not None else NONE})
    if isinstance(node, nodes.Or):  # "price.amount or 0": either's kind
        return _either({_kind(node.left, name), _kind(node.right, name)})
    if isinstance(node, nodes.Filter):
        if _stated_money(node, name) or _tier(node, name):
            return MONEY
        if _stated(node, name):
            # a count or a quantity the record states ("8x H100", "95 m²"): a number, so
            # a price divided by it is a price per that unit (a GPU-hour's: gpucloud)
            return PLAIN
        if node.name in _PICKING or node.name == "sum":
            return _listed(node, name)
        given = _kind(node.node, name) if node.node is not None else UNKNOWN
        if node.name in _KEEPING:
            return given
        return PLAIN if _of_request(node) else UNKNOWN
    if isinstance(node, (nodes.Add, nodes.Sub)):
        return _added(_kind(node.left, name), _kind(node.right, name))
    if isinstance(node, (nodes.Mul, nodes.Div, nodes.FloorDiv)):
        a, b = _kind(node.left, name), _kind(node.right, name)
        if UNKNOWN in (a, b):
            return UNKNOWN
        if b == PLAIN and a in (MONEY, PLAIN) or isinstance(node, nodes.Mul) and (
                a == PLAIN and b == MONEY):
            return a if b == PLAIN else b  # a share, a multiple: still money
        return OTHER  # a ratio ("price / rating", "price / price"): no amount of money
    if isinstance(node, nodes.Call):
        return PLAIN if _of_request(node) else UNKNOWN
    return OTHER


#: what an order is, across processes (scout.spec.factcache): ``scout validate`` of
#: unchanged files imports no jinja2 for it
_STORE = FactStore("cost-order", lambda: (__file__, module_file("jinja2")))


def _decode(doc: Any) -> tuple[bool, str | None]:
    """An entry read back (untrusted): ValueError unless it has exactly the shape written."""
    if not (isinstance(doc, list) and len(doc) == 2 and type(doc[0]) is bool
            and (doc[1] is None or doc[1] in (MONEY, PLAIN, OTHER, NONE, UNKNOWN))):
        raise ValueError("not an order's kind")
    return doc[0], doc[1]


@lru_cache(maxsize=1024)
def _facts(expression: str, name: str) -> tuple[bool, str | None]:
    """(whether ``expression`` reads the record's price, what it orders by)."""
    key = _STORE.key(name + "\0" + expression)
    found = _STORE.load(key, _decode)
    if found is None:
        try:
            found = _read(expression, name)
        except RecursionError:
            # nested past Jinja's recursive parser or this walk ("-" or "+ 1" a thousand
            # times): unread, as a syntax error is (templating's check says SPEC…); not
            # stored, since the depth reached depends on the caller's stack
            return False, None
        _STORE.save(key, list(found))
    return found


def _reads_field(tree: nodes.Node, name: str) -> bool:
    """Whether the parsed ``tree`` reads the record's own price (``h.price.amount``)."""
    from jinja2 import nodes

    return any(_root(n)[0] == name and _root(n)[1][:1] and _root(n)[1][0] in PRICE_FIELDS
               for n in tree.find_all(nodes.Getattr))


@lru_cache(maxsize=1024)
def literals(expression: str) -> frozenset[float]:
    """The numbers ``expression`` writes out (``9999`` in ``c.price.amount if c.price else
    9999``, ``0`` in ``0 if free else ...``): a cost equal to one is the order's stand-in
    for a missing price, never an amount the kind worked out from what the record states."""
    from jinja2 import TemplateError, nodes

    from scout.spec.templating import parse_env

    try:
        tree = parse_env().parse("{{ (" + expression + ") }}")
    except (TemplateError, RecursionError):
        return frozenset()
    return frozenset(float(n.value) for n in tree.find_all(nodes.Const)
                     if isinstance(n.value, (int, float)) and not isinstance(n.value, bool))


@lru_cache(maxsize=1024)
def reads_price_field(expression: str, name: str) -> bool:
    """Whether ``expression`` reads the record's price itself, not only amounts of money
    the record states (``c | stated('€/kWh')``): rank's cost needs a comparable price only
    then (a tariff's rate per kWh against a budget a month is no price the ranking can
    compare, but the order's estimate from its stated rates is still what it costs)."""
    from jinja2 import TemplateError

    from scout.spec.templating import parse_env

    try:
        return _reads_field(parse_env().parse("{{ (" + expression + ") }}"), name)
    except (TemplateError, RecursionError):
        return False


def _read(expression: str, name: str) -> tuple[bool, str | None]:
    from jinja2 import TemplateError, nodes

    from scout.spec.templating import parse_env

    try:
        tree = parse_env().parse("{{ (" + expression + ") }}")
    except TemplateError:
        return False, None
    reads = _reads_field(tree, name) \
        or any(_stated_money(n, name) or _tier(n, name) for n in tree.find_all(nodes.Filter))
    out = next(iter(tree.find_all(nodes.Output)), None)
    kind = _kind(out.nodes[0], name) if out is not None and len(out.nodes) == 1 else None
    return reads, kind


def order_kind(expression: str, name: str) -> str | None:
    """What ``expression`` (a rank ``order_by``, its record called ``name``) orders by:
    :data:`MONEY`, :data:`PLAIN`, :data:`OTHER` or :data:`UNKNOWN`; None when it cannot be
    parsed."""
    return _facts(expression, name)[1]


def reads_price(expression: str, name: str) -> bool:
    """Whether ``expression`` reads the record's price at all, or an amount of money the
    record states (``c | stated('€/kWh')``)."""
    return _facts(expression, name)[0]


def _negative(node: nodes.Node) -> bool:
    """Whether ``node``'s amount is written negated (``-(h.price.amount)``, guarded or
    rounded: ``-(p) if p else none``, ``(-p) | round``): sorted descending, the cheapest
    first."""
    from jinja2 import nodes

    if isinstance(node, nodes.Neg):
        return True
    if isinstance(node, nodes.CondExpr):
        sides = [s for s in (node.expr1, node.expr2)
                 if s is not None and not (isinstance(s, nodes.Const) and s.value is None)]
        return bool(sides) and all(_negative(s) for s in sides)
    if isinstance(node, nodes.Filter) and node.name in _KEEPING and node.node is not None:
        return _negative(node.node)
    if isinstance(node, (nodes.Mul, nodes.Div, nodes.FloorDiv)):
        return _negative(node.left) != _negative(node.right)
    if isinstance(node, nodes.Const) and isinstance(node.value, (int, float)):
        return node.value < 0
    return False


def negated(expression: str) -> bool:
    """Whether ``expression`` (an ``order_by`` that is money) is the amount negated, so
    that rank's default ``descending: true`` puts the cheapest first."""
    from jinja2 import TemplateError, nodes

    from scout.spec.templating import parse_env

    try:
        tree = parse_env().parse("{{ (" + expression + ") }}")
    except TemplateError:
        return False
    out = next(iter(tree.find_all(nodes.Output)), None)
    return out is not None and len(out.nodes) == 1 and _negative(out.nodes[0])
