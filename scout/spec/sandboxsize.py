"""The sizes of what one template operation makes, checked before it is made.

The bounded sandbox (:mod:`scout.spec.sandbox`) bounds a whole render (its time, its
ranges, its nesting, its output); this module owns the bounds of one operation: an
arithmetic operator (``**``, ``*``, ``+``, ``%``), the width and count arguments of a
filter or a ``str`` method, a ``join``, ``replace``, ``format`` or ``translate`` that may
grow its text, ``wordwrap``'s quadratic cases, ``sum`` of lists, and the size of every
filter's result. Crossing one raises :class:`SandboxLimit`; :func:`limit_error` is the
phase failure a run reports for it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import Any

from jinja2.exceptions import SecurityError

from scout.errors import TemplateLimit
from scout.lazyre import lazy_re

#: The longest string, list or rendered output one template may produce (characters).
MAX_LEN = 10_000_000
#: The biggest integer arithmetic may produce; Python refuses to print ints of more
#: than 4,300 digits (about 14,300 bits) anyway.
MAX_INT_BITS = 14_000
#: The most lines ``wordwrap`` may wrap: Jinja builds a textwrap wrapper for each (about
#: 5 µs): 4 million empty lines took 22 s inside one call, where no clock is read
MAX_WRAP_LINES = 200_000


class SandboxLimit(SecurityError):
    """A template tried to compute something too big (see the module docstring)."""


def limit_error(exc: SandboxLimit, what: str) -> TemplateLimit:
    """The phase failure (RUN020) for a template that crossed a bound at run time."""
    return TemplateLimit(f"{what}: {exc.message or exc}",
                         hint="the template computes something far too big (a huge power, "
                              "repetition, loop or output); make it smaller")


def too_big(what: str) -> SandboxLimit:
    return SandboxLimit(f"{what} is too big for a template (limits: {MAX_LEN:,} characters "
                        f"or items, integers of {MAX_INT_BITS:,} bits)")


def sized(value: Any) -> Any:
    if isinstance(value, (str, bytes, list, tuple)) and len(value) > MAX_LEN:
        raise too_big("the result")
    return value


def _int_bits(n: Any) -> int:
    return abs(n).bit_length() if isinstance(n, int) else 0


def check_pow(base: Any, exp: Any) -> None:
    if isinstance(base, int) and isinstance(exp, int) and exp > 0 and abs(base) > 1:
        if exp * math.log2(abs(base)) > MAX_INT_BITS:
            raise too_big(f"the power {base}**{exp}" if exp < 10**6 else "a power")


def check_mul(left: Any, right: Any) -> None:
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, (str, bytes, list, tuple)) and isinstance(n, int):
            if len(seq) * max(n, 0) > MAX_LEN:
                raise too_big("the repetition")
    if isinstance(left, int) and isinstance(right, int):
        if _int_bits(left) + _int_bits(right) > MAX_INT_BITS:
            raise too_big("the product")


def check_add(left: Any, right: Any) -> None:
    if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        if len(left) + len(right) > MAX_LEN:
            raise too_big("the concatenation")


# widths and precisions in %-formats ("%9999999d", "%.*f") and str.format ("{:>999999}")
_WIDTH = lazy_re(r"\d{8,}")


def _longest(values: Iterable[Any]) -> int:
    """The longest text among format arguments (what one field can insert)."""
    return max((len(v) for v in values if isinstance(v, (str, bytes))), default=0)


def check_format(fmt: Any, args: Any = (), kwargs: dict[str, Any] | None = None) -> None:
    if not isinstance(fmt, str):
        return
    for m in _WIDTH.finditer(fmt):
        if int(m.group()) > MAX_LEN:
            raise too_big("a format width")
    vals = list(args) if isinstance(args, (tuple, list)) else [args]
    if isinstance(args, dict):
        vals = list(args.values())
    vals += list((kwargs or {}).values())
    vals += [v for d in vals if isinstance(d, dict) for v in d.values()]  # format_map
    if "*" in fmt and any(isinstance(v, int) and v > MAX_LEN for v in vals):
        raise too_big("a format width")
    # a field may name one argument many times ('{0}{0}…', '%(a)s%(a)s…'): each field
    # is taken to insert the longest, so 1,000 of them of a 9 MB value are refused
    # before Python builds 9 GB
    fields = fmt.count("%") + fmt.count("{")
    if fields and len(fmt) + fields * _longest(vals) > MAX_LEN:
        raise too_big("the formatted text")


def check_translate(text: Any, table: Any) -> None:
    if isinstance(text, str) and isinstance(table, dict):
        longest = _longest(table.values())
        if longest > 1 and len(text) * longest > MAX_LEN:
            raise too_big("the translation")


def check_wordwrap(text: Any, width: Any) -> None:
    # textwrap cuts a word longer than the width by slicing what is left of it, once a
    # line: quadratic (a 1 MB word at width 1 took 40 s, 9 MB never ended)
    if isinstance(text, str) and text.count("\n") > MAX_WRAP_LINES:
        raise too_big(f"the text to wrap (more than {MAX_WRAP_LINES:,} lines)")
    if isinstance(text, str) and isinstance(width, int) and len(text) > 100_000:
        longest = max((len(m) for m in re.findall(r"\S{%d,}" % max(width, 1), text)),
                      default=0)
        if longest * longest // max(width, 1) > 10**10:
            raise too_big("the word to wrap")


def check_mod(left: Any, right: Any) -> None:
    if isinstance(left, str):
        check_format(left, right)
    elif isinstance(left, int) and isinstance(right, int):
        return


def check_int_args(args: Iterable[Any], kwargs: dict[str, Any]) -> None:
    for v in (*args, *kwargs.values()):
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_LEN:
            raise too_big(f"the argument {v if _int_bits(v) < 64 else '(a huge number)'}")


def check_join(sep: Any, items: Any) -> Any:
    if not isinstance(items, (list, tuple, str)):
        items = list(items)[: MAX_LEN + 1]
    if len(items) > MAX_LEN:
        raise too_big("the joined list")
    total = len(str(sep)) * max(len(items) - 1, 0)
    total += sum(len(x) if isinstance(x, str) else 8 for x in items)
    if total > MAX_LEN:
        raise too_big("the joined text")
    return items


def check_replace(text: Any, old: Any, new: Any) -> None:
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        count = len(text) + 1 if old == "" else text.count(old)
        if len(text) + count * max(len(new) - len(old), 0) > MAX_LEN:
            raise too_big("the replacement")


def bounded_sum(items: Any, start: Any) -> Any:
    """``sum(items, start)``; lists or tuples (``[a, b] | sum(start=[])``) are measured
    first and joined once: Python's ``sum`` adds them one at a time, copying everything
    so far at each step."""
    if not isinstance(start, (list, tuple)):
        return sum(items, start)
    seqs = list(items)[: MAX_LEN + 1]
    if not all(isinstance(x, type(start)) for x in seqs):
        return sum(seqs, start)  # what Python says of adding a list to a tuple
    if len(start) + sum(len(x) for x in seqs) > MAX_LEN:
        raise too_big("the sum of the lists")
    out = list(start)
    for x in seqs:
        out.extend(x)
    return out if isinstance(start, list) else tuple(out)


BINOP_CHECKS: dict[str, Callable[[Any, Any], None]] = {
    "**": check_pow, "*": check_mul, "+": check_add, "%": check_mod,
}

#: Filters whose numeric arguments are sizes (widths, counts, lengths), or that need a
#: check of their own; every filter of Jinja's own has its result measured.
SIZED_FILTERS = frozenset({"center", "indent", "wordwrap", "truncate", "batch", "slice",
                            "format", "join", "replace", "list", "random"})
#: ``str`` methods that grow their string.
GROWING_METHODS = frozenset({"ljust", "rjust", "center", "zfill", "expandtabs",
                              "replace", "join", "format", "format_map", "split", "rsplit",
                              "translate"})


#: the filters whose arguments are checked before the call (the others' results only)
CHECKED_FILTERS = SIZED_FILTERS | {"sum"}


def filter_result(name: str, fn: Callable[..., Any], args: tuple[Any, ...],
                   kwargs: dict[str, Any]) -> Any:
    """``fn(*args, **kwargs)``, a bound crossed when its result is too big."""
    try:
        result = fn(*args, **kwargs)
    except (OverflowError, MemoryError) as exc:
        raise too_big(f"the result of the filter {name}") from exc
    if isinstance(result, (str, bytes, list, tuple)) and len(result) > MAX_LEN:
        raise too_big(f"the result of the filter {name}")
    return result
