"""Named values of a rank phase (``with.values``): an expression written once, read by name.

An author names an expression (``group_total: "<expr>"``) and uses the name in the
phase's ``where``, ``order_by``, reasons and later values. For ``where`` and ``order_by``
the name stands for its expression, written in place (:func:`expand`): what rank works
out from an expression's text (which fields it reads, whether it is a cost, its guards on a
missing value) then sees the expression itself, and a value that reads the price counts as
reading it, as if the author had written it out. Each value is also worked out once per
ranked record (:func:`evaluate`) for the reasons and the report's templates.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

#: names a value cannot take: Jinja's own words, and the names every expression sees
RESERVED = frozenset({"and", "or", "not", "in", "is", "if", "else", "true", "false",
                      "none", "True", "False", "None", "task", "loop", "_", "lang"})
#: the longest an expression may grow to with its names written out (a value used twice
#: in a value used twice...): longer is refused, never rendered
MAX_EXPANDED = 200_000


@lru_cache(maxsize=1024)
def _tokens(expression: str) -> tuple[tuple[str, str], ...] | None:
    """The raw tokens of ``expression`` (type, text), whitespace kept; None when it does
    not lex (``scout validate`` says SPEC050). Kept a process: a kind's expressions are
    written out again for every mission."""
    from jinja2 import TemplateSyntaxError

    from scout.spec.templating import parse_env

    try:
        raw = [(kind, text) for _line, kind, text in parse_env().lex("{{ " + expression + " }}")]
    except TemplateSyntaxError:
        return None
    return tuple(raw[2:-2]) if len(raw) >= 4 else None  # without "{{ " and " }}"


def _is_use(tokens: Sequence[tuple[str, str]], i: int) -> bool:
    """Whether the name token at ``i`` is a variable read, not an attribute (``x.name``),
    a filter or test (``| name``, ``is name``) or a call's keyword (``f(name=1)``)."""
    before = next((t for t in reversed(tokens[:i]) if t[0] != "whitespace"), ("", ""))
    if before[1] in (".", "|", "is") or before == ("name", "not") and _after_is(tokens, i):
        return False
    after = next((t for t in tokens[i + 1:] if t[0] != "whitespace"), ("", ""))
    return after != ("operator", "=")


def _after_is(tokens: Sequence[tuple[str, str]], i: int) -> bool:
    """Whether the ``not`` before ``i`` follows ``is`` (``x is not name``: a test)."""
    words = [t for t in tokens[:i] if t[0] != "whitespace"]
    return len(words) >= 2 and words[-2][1] == "is"


def expand(expression: str, values: dict[str, str]) -> str:
    """``expression`` with each use of a value's name replaced by its expression (already
    expanded), in parentheses; unchanged when no name is used or it does not lex."""
    if not values:
        return expression
    tokens = _tokens(expression)
    if tokens is None:
        return expression
    out = [f"({values[text]})" if kind == "name" and text in values and _is_use(tokens, i)
           else text for i, (kind, text) in enumerate(tokens)]
    return "".join(out)


def expanded(values: dict[str, str]) -> dict[str, str]:
    """Each value's expression with the names of the values before it written out, in
    order; ValueError when one grows past :data:`MAX_EXPANDED`."""
    done: dict[str, str] = {}
    for name, expression in values.items():
        done[name] = expand(expression, done)
        if len(done[name]) > MAX_EXPANDED:
            raise ValueError(f"values: '{name}' is over {MAX_EXPANDED} characters with the "
                             "values it uses written out; use each value fewer times")
    return done


def uses(expression: str, names: set[str] | frozenset[str]) -> list[str]:
    """The ``names`` that ``expression`` reads as variables, in the order written."""
    tokens = _tokens(expression) or ()
    return list(dict.fromkeys(text for i, (kind, text) in enumerate(tokens)
                              if kind == "name" and text in names and _is_use(tokens, i)))


def _plain(value: Any) -> Any:
    """A value a ranked item can keep (JSON): a number, text, yes/no or none as it is;
    anything else as its text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def compiled(values: dict[str, str]) -> list[tuple[str, Any]]:
    """Each value's expression compiled once, for :func:`evaluate` on every record."""
    from scout.spec.sharedenv import compiled_expression

    return [(name, compiled_expression(expression)) for name, expression in values.items()]


def evaluate(values: list[tuple[str, Any]], scope: dict[str, Any]) -> dict[str, Any]:
    """Each value (:func:`compiled`) worked out for one record, in order, each seeing
    those before it as they were worked out (a list stays a list: ``dims[0]`` of a size
    split into its sides reads the first side, as the same name written out in ``where``
    does, never a character of the list's text); one that fails on a missing value
    (``x.price.amount`` with no price) is none. What is kept is :func:`_plain`."""
    from jinja2 import TemplateError

    from scout.spec.templating import DATA_ERRORS

    worked: dict[str, Any] = {}
    for name, expression in values:
        try:
            worked[name] = expression(**{**scope, **worked})
        except (TemplateError, AttributeError, *DATA_ERRORS):
            worked[name] = None
    return {name: _plain(value) for name, value in worked.items()}
