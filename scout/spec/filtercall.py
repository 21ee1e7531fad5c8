"""A filter call as the validator records it: the arguments a template passes to a filter
(a constant's value, or :data:`EXPR` for a value known at run time), as JSON text the fact
caches keep. Written where templates are parsed (scout.spec.templating,
scout.validate.templates), checked by scout.spec.filtersig; and the filter or test a call names as a string
(:func:`named_in`: ``map("upper")``) and the call ``map`` makes of a filter it names
(:func:`named_call`: ``map("round", 1)`` calls ``round(1)``). No scout imports, so every side can use it.
"""

from __future__ import annotations

import json
from typing import Any

#: an argument whose value is only known at run time
EXPR = object()
#: the most words of a literal list recorded (:func:`listed_words`); a longer one is a
#: run-time value like any other expression
MAX_LISTED = 64


def call_of(node: Any, skip: int = 0) -> str:
    """A Jinja ``Filter`` node's call, as the JSON text the fact caches keep; ``skip``
    leaves out its first positional arguments (the filter ``map`` names)."""
    from jinja2 import nodes

    def arg(a: Any) -> list[Any]:
        if isinstance(a, nodes.Const) and (a.value is None or isinstance(
                a.value, (str, int, float, bool))):
            if isinstance(a.value, int) and abs(a.value) > 2 ** 63:
                return ["e"]  # JSON (and Python's int-to-text limit) would refuse it
            return ["c", a.value]
        if isinstance(a, (nodes.List, nodes.Tuple)) and 0 < len(a.items) <= MAX_LISTED and all(
                isinstance(i, nodes.Const) and isinstance(i.value, str) for i in a.items):
            # a literal list of words (``mentions(['pool', 'piscina'])``): kept under its
            # own tag, so every rule that reads a constant still sees a run-time value
            # and only :func:`listed_words` reads it
            return ["l", [str(getattr(i, "value", "")) for i in a.items]]
        return ["e"]

    return json.dumps({"args": [arg(a) for a in node.args[skip:]],
                       "kwargs": {k.key: arg(k.value) for k in node.kwargs},
                       "dynamic": node.dyn_args is not None or node.dyn_kwargs is not None},
                      ensure_ascii=False, sort_keys=True)


def decode_call(call: str) -> tuple[list[Any], dict[str, Any], bool] | None:
    """(args, kwargs, dynamic) with EXPR for run-time values; None if not such a call
    (the caches are untrusted: a malformed entry is not checked, never an error)."""
    try:
        doc = json.loads(call)
        out_args = [a[1] if a[0] == "c" else EXPR for a in doc["args"]]
        out_kwargs = {str(k): v[1] if v[0] == "c" else EXPR for k, v in doc["kwargs"].items()}
        return out_args, out_kwargs, bool(doc["dynamic"])
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return None  # RecursionError: an entry nested past the parser ("[[[[...")


def listed_words(call: str) -> tuple[list[Any], dict[str, Any]] | None:
    """(args, kwargs) of a call as :func:`decode_call` reads them, but with a literal
    list of words (``['wifi', 'wi-fi']``) as that list of strings rather than
    :data:`EXPR`; None if not such a call."""
    try:
        doc = json.loads(call)

        def value(a: list[Any]) -> Any:
            if a[0] == "c":
                return a[1]
            if a[0] == "l" and isinstance(a[1], list) and all(isinstance(w, str) for w in a[1]):
                return list(a[1])
            return EXPR

        return [value(a) for a in doc["args"]], {str(k): value(v) for k, v in doc["kwargs"].items()}
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return None


def arg_rule(rule: Any) -> Any:
    """Declare what a filter asks of its arguments beyond its signature:
    ``rule(args, kwargs)`` returns what is wrong (a message) or None; an argument known
    only at run time is ``scout.spec.filtercall.EXPR``. ``scout validate`` runs it on every
    call it sees (SPEC057), so the mistake is found before a run."""
    def deco(fn: Any) -> Any:
        fn.arg_rule = rule
        return fn

    return deco


#: Jinja's filters that name another filter or test as a string argument, and where
#: (per Jinja's signatures, the value piped in not counted): ``map("upper")``,
#: ``select("odd")``, ``selectattr("price", "defined")``
_NAMING = {"map": ("filter", 0), "select": ("test", 0), "reject": ("test", 0),
           "selectattr": ("test", 1), "rejectattr": ("test", 1)}


def named_in(node: Any) -> tuple[str, str] | None:
    """("filter" or "test", name) that a Jinja ``Filter`` node names as a string
    constant, as ``map("lenght")`` does; None when it names none, or not as a constant
    (a name known only at run time is not checked). ``map(attribute="price")`` names an
    attribute, not a filter."""
    from jinja2 import nodes

    where = _NAMING.get(node.name)
    if where is None or len(node.args) <= where[1]:
        return None
    arg = node.args[where[1]]
    if isinstance(arg, nodes.Const) and isinstance(arg.value, str):
        return where[0], arg.value
    return None


def named_call(node: Any) -> tuple[str, str] | None:
    """(filter, its call as :func:`call_of` writes it) for the filter a ``map`` node names
    as a string constant: Jinja's ``map("round", 1, method="floor")`` calls
    ``round(item, 1, method="floor")`` (every argument after the name, every keyword), so
    that call is checked like ``x | round(1, method="floor")``; None for any other node."""
    named = named_in(node)
    if named is None or named[0] != "filter" or node.name != "map":
        return None
    return named[1], call_of(node, skip=1)
