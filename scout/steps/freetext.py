"""Does a rendered request carry the user's own words? Decided from the template.

The seed's journal rule: when an adapter takes free input, the journal keeps its
keywords, not its text. A search query rendered from typed inputs only (``best hotels in
{{ task.destination }} {{ task.month }}``) is journaled readable; one that includes the
user's free text (``{{ task.query }}``) is journaled as keywords, and the request sent is
unchanged.

Free input is the Task's own text (``query``, ``notes``, or the Task itself, which
renders as its query) and every declared input of type ``string`` or ``subject`` (or a
list of them) without an ``enum``: such an input holds whatever the user wrote. Typed
inputs (place, month, money, rating, numbers, dates, enum strings) are parsed and
normalised values.

The decision is made on the template's syntax tree, so filters and expressions do not
hide a free value (``{{ task.query | lower }}`` is free input), and anything the analysis
cannot vouch for counts as free: ``task`` used other than through a typed attribute
(``{{ task }}``, ``task.get(...)``, ``task.values``) or a template that does not parse.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import nodes

from scout.spec.templating import make_env

#: input types whose value is the user's own words: any text, and the subject a request
#: asks about ("ramen", "logistic regression"), read from the request as typed
_FREE = frozenset({"string", "subject"})

#: the Task's fields that are typed values (everything else on a Task may be free text)
TYPED_TASK_FIELDS = frozenset({"today", "lang"})


def typed_inputs(pipeline: Any) -> frozenset[str]:
    """Names of the pipeline's inputs whose values are typed (not free text)."""
    out: set[str] = set()
    for name, spec in (getattr(pipeline, "inputs", None) or {}).items():
        free = spec.type in _FREE or (spec.type == "list" and
                                      (spec.items or "string") in _FREE)
        if not free or spec.enum:
            out.add(name)
    return frozenset(out)


def free_inputs(pipeline: Any) -> frozenset[str]:
    return frozenset((getattr(pipeline, "inputs", None) or {})) - typed_inputs(pipeline)


@lru_cache(maxsize=1)
def _env() -> Any:
    return make_env()


@lru_cache(maxsize=4096)
def uses_free_input(text: str, typed: frozenset[str], free: frozenset[str]) -> bool:
    """Whether the template ``text`` reads the user's free input (see module doc);
    ``typed`` / ``free``: the pipeline's typed and free input names."""
    if "{" not in text:
        return False
    try:
        tree = _env().parse(text)
    except Exception:  # noqa: BLE001 - what cannot be analysed counts as free
        return True
    allowed = typed | TYPED_TASK_FIELDS
    vouched: set[int] = set()  # Name nodes read through a typed attribute
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        target = node.node
        if not (isinstance(target, nodes.Name) and target.name == "task"):
            continue
        attr = node.attr if isinstance(node, nodes.Getattr) else (
            node.arg.value if isinstance(node.arg, nodes.Const) else None)
        if isinstance(attr, str) and attr in allowed:
            vouched.add(id(target))
        else:
            return True
    for name in tree.find_all(nodes.Name):
        if name.name == "task" and id(name) not in vouched:
            return True  # the Task itself: renders as its query
        if name.name in free and name.ctx == "load":
            return True  # a free input exposed under its own name
    return False


def free_fields(template: str, pipeline: Any, field: str) -> frozenset[str]:
    """``{field}`` when ``template`` reads free input, else empty: for a Request's
    ``free_fields`` (journaled as keywords)."""
    if uses_free_input(template, typed_inputs(pipeline), free_inputs(pipeline)):
        return frozenset({field})
    return frozenset()
