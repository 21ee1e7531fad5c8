"""The bounded Jinja sandbox: templates from specs cannot hang or exhaust memory.

Jinja's ``SandboxedEnvironment`` stops templates from reaching Python internals, but not
from computing ``9**(9**9)`` (minutes of CPU) or ``'a' * 10**10`` (10 GB). Every template
scout renders — ``with:`` strings, ``if:`` and ``rank.where`` expressions, report
templates — uses :class:`BoundedSandbox`, which checks *before* it computes:

* arithmetic: ``**`` whose result would pass :data:`MAX_INT_BITS` (about Python's own
  4,300-digit limit for printing an int), ``*`` of big ints, float overflow;
* repetition and growth: ``str``/``list`` times a number, ``+`` and ``~`` past
  :data:`MAX_LEN`, ``%``- and ``str.format`` widths, width/count arguments of filters and
  string methods (``center``, ``indent``, ``ljust``, ``batch`` ...), ``join``/``replace``;
  a ``%``/``format``/``format_map`` with many fields or a ``translate`` table, each of
  which may insert the longest value given (``'{0}' * 1000`` of a 9 MB text is 9 GB);
  ``wordwrap`` of a word far past the width (textwrap is quadratic in it) or of a text
  of very many lines (textwrap builds a wrapper for each); the result of every filter,
  Jinja's own included (``urlencode``, ``forceescape``, ``tojson`` each grow their text,
  and chained they grow it again); ``sum`` of lists, which Python adds one at a time
  (quadratic: ten thousand lists of a thousand items took minutes) and scout joins once;
* ranges: each ``range()`` is capped by Jinja's ``MAX_RANGE``; all ranges of one render
  together by :data:`MAX_RANGE_TOTAL` (nested loops multiply);
* output: everything one render produces, by :data:`MAX_LEN` characters;
* recursion: a macro that calls itself runs until Python's stack ends (the RecursionError
  is the bound); templates included, imported or extended inside one another go
  :data:`MAX_NESTING` deep and :data:`MAX_NESTED_RENDERS` times in one render (each level
  renders a whole template: a report template including itself took 90 s to reach the
  stack's end, and one including itself twice doubles at every level);
* time: one render, with every template inside it, gets :data:`MAX_RENDER_SECONDS` of
  its thread's CPU (the bounds above multiply: 2,000 includes of a template that loops a
  million times took an hour); the clock is read at every template rendered, every 256
  steps of a ``for`` loop and every 256 pieces of output, and before every 8th filter
  or call (a loop of 255 steps, each a filter taking seconds of its bounded size, read it
  too seldom).

Crossing a bound raises :class:`SandboxLimit` (a Jinja ``SecurityError``): validation turns
it into a located spec error for constant expressions, a run into a clean phase failure.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2 import Environment, Template, nodes
from jinja2.compiler import CodeGenerator
from jinja2.exceptions import SecurityError
from jinja2.filters import FILTERS as JINJA_FILTERS, make_attrgetter
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from jinja2.sandbox import MAX_RANGE, ImmutableSandboxedEnvironment, safe_range

from scout.errors import TemplateLimit
from scout.lazyre import lazy_re

#: The longest string, list or rendered output one template may produce (characters).
MAX_LEN = 10_000_000
#: The biggest integer arithmetic may produce; Python refuses to print ints of more
#: than 4,300 digits (about 14,300 bits) anyway.
MAX_INT_BITS = 14_000
#: The items all ``range()`` calls of one render may produce together.
MAX_RANGE_TOTAL = 1_000_000
#: How deep templates may sit inside one another (include, import, extends): a kind's
#: partials go two or three deep; a tree of data rendered by a template that includes
#: itself, as deep as the data
MAX_NESTING = 16
#: How many templates one render may render inside it in all (an include in a loop of
#: the report's candidates counts once per candidate)
MAX_NESTED_RENDERS = 2_000
#: The CPU seconds one render may take, its nested templates included: a report of
#: hundreds of candidates renders in well under one
MAX_RENDER_SECONDS = 30.0
#: The CPU seconds all the renders of one phase may take together (each item of a fan-out
#: is a phase of its own here): rank evaluates its ``where`` and ``order_by`` once per
#: candidate, each a render with :data:`MAX_RENDER_SECONDS` of its own, so 100 candidates
#: by 5 clauses could take hours; a real rank phase takes well under a second
MAX_PHASE_SECONDS = 120.0
#: The most lines ``wordwrap`` may wrap: Jinja builds a textwrap wrapper for each (about
#: 5 µs): 4 million empty lines took 22 s inside one call, where no clock is read
MAX_WRAP_LINES = 200_000
#: loop steps or output pieces between two readings of the clock
_TICK = 256


class SandboxLimit(SecurityError):
    """A template tried to compute something too big (see the module docstring)."""


def limit_error(exc: SandboxLimit, what: str) -> TemplateLimit:
    """The phase failure (RUN020) for a template that crossed a bound at run time."""
    return TemplateLimit(f"{what}: {exc.message or exc}",
                         hint="the template computes something far too big (a huge power, "
                              "repetition, loop or output); make it smaller")


def _too_big(what: str) -> SandboxLimit:
    return SandboxLimit(f"{what} is too big for a template (limits: {MAX_LEN:,} characters "
                        f"or items, integers of {MAX_INT_BITS:,} bits)")


def _sized(value: Any) -> Any:
    if isinstance(value, (str, bytes, list, tuple)) and len(value) > MAX_LEN:
        raise _too_big("the result")
    return value


def _int_bits(n: Any) -> int:
    return abs(n).bit_length() if isinstance(n, int) else 0


def _check_pow(base: Any, exp: Any) -> None:
    if isinstance(base, int) and isinstance(exp, int) and exp > 0 and abs(base) > 1:
        if exp * math.log2(abs(base)) > MAX_INT_BITS:
            raise _too_big(f"the power {base}**{exp}" if exp < 10**6 else "a power")


def _check_mul(left: Any, right: Any) -> None:
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, (str, bytes, list, tuple)) and isinstance(n, int):
            if len(seq) * max(n, 0) > MAX_LEN:
                raise _too_big("the repetition")
    if isinstance(left, int) and isinstance(right, int):
        if _int_bits(left) + _int_bits(right) > MAX_INT_BITS:
            raise _too_big("the product")


def _check_add(left: Any, right: Any) -> None:
    if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        if len(left) + len(right) > MAX_LEN:
            raise _too_big("the concatenation")


# widths and precisions in %-formats ("%9999999d", "%.*f") and str.format ("{:>999999}")
_WIDTH = lazy_re(r"\d{8,}")


def _longest(values: Iterable[Any]) -> int:
    """The longest text among format arguments (what one field can insert)."""
    return max((len(v) for v in values if isinstance(v, (str, bytes))), default=0)


def _check_format(fmt: Any, args: Any = (), kwargs: dict[str, Any] | None = None) -> None:
    if not isinstance(fmt, str):
        return
    for m in _WIDTH.finditer(fmt):
        if int(m.group()) > MAX_LEN:
            raise _too_big("a format width")
    vals = list(args) if isinstance(args, (tuple, list)) else [args]
    if isinstance(args, dict):
        vals = list(args.values())
    vals += list((kwargs or {}).values())
    vals += [v for d in vals if isinstance(d, dict) for v in d.values()]  # format_map
    if "*" in fmt and any(isinstance(v, int) and v > MAX_LEN for v in vals):
        raise _too_big("a format width")
    # a field may name one argument many times ('{0}{0}…', '%(a)s%(a)s…'): each field
    # is taken to insert the longest, so 1,000 of them of a 9 MB value are refused
    # before Python builds 9 GB
    fields = fmt.count("%") + fmt.count("{")
    if fields and len(fmt) + fields * _longest(vals) > MAX_LEN:
        raise _too_big("the formatted text")


def _check_translate(text: Any, table: Any) -> None:
    if isinstance(text, str) and isinstance(table, dict):
        longest = _longest(table.values())
        if longest > 1 and len(text) * longest > MAX_LEN:
            raise _too_big("the translation")


def _check_wordwrap(text: Any, width: Any) -> None:
    # textwrap cuts a word longer than the width by slicing what is left of it, once a
    # line: quadratic (a 1 MB word at width 1 took 40 s, 9 MB never ended)
    if isinstance(text, str) and text.count("\n") > MAX_WRAP_LINES:
        raise _too_big(f"the text to wrap (more than {MAX_WRAP_LINES:,} lines)")
    if isinstance(text, str) and isinstance(width, int) and len(text) > 100_000:
        longest = max((len(m) for m in re.findall(r"\S{%d,}" % max(width, 1), text)),
                      default=0)
        if longest * longest // max(width, 1) > 10**10:
            raise _too_big("the word to wrap")


def _check_mod(left: Any, right: Any) -> None:
    if isinstance(left, str):
        _check_format(left, right)
    elif isinstance(left, int) and isinstance(right, int):
        return


def _check_int_args(args: Iterable[Any], kwargs: dict[str, Any]) -> None:
    for v in (*args, *kwargs.values()):
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_LEN:
            raise _too_big(f"the argument {v if _int_bits(v) < 64 else '(a huge number)'}")


def _check_join(sep: Any, items: Any) -> Any:
    if not isinstance(items, (list, tuple, str)):
        items = list(items)[: MAX_LEN + 1]
    if len(items) > MAX_LEN:
        raise _too_big("the joined list")
    total = len(str(sep)) * max(len(items) - 1, 0)
    total += sum(len(x) if isinstance(x, str) else 8 for x in items)
    if total > MAX_LEN:
        raise _too_big("the joined text")
    return items


def _check_replace(text: Any, old: Any, new: Any) -> None:
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        count = len(text) + 1 if old == "" else text.count(old)
        if len(text) + count * max(len(new) - len(old), 0) > MAX_LEN:
            raise _too_big("the replacement")


def _bounded_sum(items: Any, start: Any) -> Any:
    """``sum(items, start)``; lists or tuples (``[a, b] | sum(start=[])``) are measured
    first and joined once: Python's ``sum`` adds them one at a time, copying everything
    so far at each step."""
    if not isinstance(start, (list, tuple)):
        return sum(items, start)
    seqs = list(items)[: MAX_LEN + 1]
    if not all(isinstance(x, type(start)) for x in seqs):
        return sum(seqs, start)  # what Python says of adding a list to a tuple
    if len(start) + sum(len(x) for x in seqs) > MAX_LEN:
        raise _too_big("the sum of the lists")
    out = list(start)
    for x in seqs:
        out.extend(x)
    return out if isinstance(start, list) else tuple(out)


_BINOP_CHECKS: dict[str, Callable[[Any, Any], None]] = {
    "**": _check_pow, "*": _check_mul, "+": _check_add, "%": _check_mod,
}

#: Filters whose numeric arguments are sizes (widths, counts, lengths), or that need a
#: check of their own; every filter of Jinja's own has its result measured.
_SIZED_FILTERS = frozenset({"center", "indent", "wordwrap", "truncate", "batch", "slice",
                            "format", "join", "replace", "list", "random"})
#: ``str`` methods that grow their string.
_GROWING_METHODS = frozenset({"ljust", "rjust", "center", "zfill", "expandtabs",
                              "replace", "join", "format", "format_map", "split", "rsplit",
                              "translate"})


#: the filters whose arguments are checked before the call (the others' results only)
_CHECKED_FILTERS = _SIZED_FILTERS | {"sum"}


def _filter_result(name: str, fn: Callable[..., Any], args: tuple[Any, ...],
                   kwargs: dict[str, Any]) -> Any:
    """``fn(*args, **kwargs)``, a bound crossed when its result is too big."""
    try:
        result = fn(*args, **kwargs)
    except (OverflowError, MemoryError) as exc:
        raise _too_big(f"the result of the filter {name}") from exc
    if isinstance(result, (str, bytes, list, tuple)) and len(result) > MAX_LEN:
        raise _too_big(f"the result of the filter {name}")
    return result


def _bounded_filter(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def bounded(*args: Any, **kwargs: Any) -> Any:
        # the first argument (or the one after the context / eval ctx) is the value
        _check_time_now_and_then()
        if name not in _CHECKED_FILTERS:  # only its result is measured
            return _filter_result(name, fn, args, kwargs)
        values = [a for a in args if not _is_jinja_context(a)]
        value, rest = (values[0], values[1:]) if values else (None, [])
        if name in _SIZED_FILTERS:
            _check_int_args(rest, kwargs)
        if name == "join" and values:
            # a generator (``map``, ``select``) is read once to be measured: join that
            # list, not the spent generator (which joined to "")
            items = _check_join(rest[0] if rest else kwargs.get("d", ""), value)
            at = next(i for i, a in enumerate(args) if a is value)
            args = (*args[:at], items, *args[at + 1:])
        elif name == "replace" and len(rest) >= 2:
            _check_replace(value, rest[0], rest[1])
        elif name == "format":
            _check_format(value, tuple(rest), kwargs)
        elif name == "wordwrap":
            _check_wordwrap(value, rest[0] if rest else kwargs.get("width", 79))
        elif name == "sum" and values:
            environment = next((a for a in args if _is_jinja_context(a)), None)
            attribute = rest[0] if rest else kwargs.get("attribute")
            summed: Any = values[0]
            if attribute is not None and environment is not None:
                summed = map(make_attrgetter(environment, attribute), summed)
            return _bounded_sum(summed, rest[1] if len(rest) > 1 else kwargs.get("start", 0))
        return _filter_result(name, fn, args, kwargs)

    for attr in ("jinja_pass_arg",):  # keep pass_context / pass_eval_context markers
        if hasattr(fn, attr):
            setattr(bounded, attr, getattr(fn, attr))
    bounded.__name__ = getattr(fn, "__name__", name)
    bounded.__doc__ = fn.__doc__
    return bounded


def _is_jinja_context(value: Any) -> bool:
    # pass_environment filters (wordwrap, truncate...) get the environment first
    return isinstance(value, (Context, EvalContext, Environment))


def _check_time() -> None:
    """Past this thread's render deadline (set by the outermost render, :func:`_nested`):
    a bound crossed; the phase's (:func:`phase_budget`) when it came first."""
    deadline = getattr(_NESTED, "deadline", None)
    if deadline is not None and (now := _NESTED.clock()) > deadline:
        _check_phase(now)
        raise SandboxLimit(f"the template takes more than {_NESTED.budget:g} s to render "
                           "(templates included in a loop, or loops inside loops)")


class PhaseTimeSpent(TemplateLimit):
    """The renders of one phase took more than its budget in all (RUN020). Not a
    template's error (Jinja's): a step that reads a failed expression as "could not
    check" (rank's ``where``) does not catch it, so the phase ends at once."""


#: this thread's phase budget (:func:`phase_budget`): its seconds and, from the first
#: render, its deadline on that render's clock
_PHASE = threading.local()


@contextmanager
def phase_budget(seconds: float | None = None) -> Iterator[None]:
    """Every render in this thread until the block ends shares one budget of
    ``seconds`` (:data:`MAX_PHASE_SECONDS`) of CPU; past it, :class:`PhaseTimeSpent`."""
    saved = getattr(_PHASE, "seconds", None), getattr(_PHASE, "deadline", None)
    _PHASE.seconds, _PHASE.deadline = (MAX_PHASE_SECONDS if seconds is None else seconds), None
    try:
        yield
    finally:
        _PHASE.seconds, _PHASE.deadline = saved


def _check_phase(now: float) -> None:
    deadline = getattr(_PHASE, "deadline", None)
    if deadline is not None and now > deadline:
        raise PhaseTimeSpent(
            f"the phase's templates and expressions took more than {_PHASE.seconds:g} s of "
            "CPU in all (a where or order_by over many records, each evaluation slow)",
            hint="make the expressions cheaper (no loops over every record inside a where), "
                 "or rank fewer records (an earlier phase's limit)")


#: filters and calls made, in all threads (an approximate count is enough): the clock is
#: read at every :data:`_CALL_TICK`-th, for reading it costs a system call
_CALLS = [0]
_CALL_TICK = 8


def _check_time_now_and_then() -> None:
    """:func:`_check_time` at every :data:`_CALL_TICK`-th filter or call: each is bounded
    in size, so a few between two readings cost little past the budget."""
    _CALLS[0] += 1
    if not _CALLS[0] % _CALL_TICK:
        _check_time()


def _timed(iterable: Any) -> Iterator[Any]:
    """``iterable`` as a ``for`` loop walks it, reading the render's clock every
    :data:`_TICK` steps: a loop that writes nothing passes no other check."""
    for i, item in enumerate(iterable):
        if not i % _TICK:
            _check_time()
        yield item


def bounded_join(parts: Iterable[Any]) -> str:
    """``Environment.concat`` replacement: joins output, stopping at :data:`MAX_LEN` and at
    the render's deadline."""
    out: list[str] = []
    total = 0
    for i, part in enumerate(parts):
        if not i % _TICK:
            _check_time()
        s = str(part) if not isinstance(part, str) else part
        total += len(s)
        if total > MAX_LEN:
            raise _too_big("the rendered output")
        out.append(s)
    return "".join(out)


class _BoundedCodeGenerator(CodeGenerator):
    """``a ~ b`` compiles to a plain join that the sandbox never sees: check its size. A
    ``for`` loop walks its items through :func:`_timed`."""

    def visit_Concat(self, node: Any, frame: Any) -> None:
        self.write("environment.sized(")
        super().visit_Concat(node, frame)
        self.write(")")

    def visit_For(self, node: Any, frame: Any) -> None:
        plain = node.iter
        node.iter = nodes.Call(nodes.EnvironmentAttribute("timed"), [plain], [], None, None)
        try:
            super().visit_For(node, frame)
        finally:
            node.iter = plain


#: this thread's nesting of templates being rendered, and the renders inside the outermost
_NESTED = threading.local()


def _nested(root: Callable[[Any], Iterator[str]]) -> Callable[[Any], Iterator[str]]:
    """``root`` (a template's render function, which every include, import and extends
    calls) counting how deep it runs inside other templates and how often."""

    def render(context: Any) -> Iterator[str]:
        depth = getattr(_NESTED, "depth", 0)
        renders = getattr(_NESTED, "renders", 0) + 1 if depth else 0
        if not depth:  # the outermost render: its deadline covers the templates inside
            env = context.environment
            _NESTED.clock, _NESTED.budget = env.render_clock, env.render_seconds
            now = env.render_clock()
            _NESTED.deadline = now + env.render_seconds
            if getattr(_PHASE, "seconds", None) is not None:  # inside a phase's budget
                if _PHASE.deadline is None:  # its first render: read on this clock
                    _PHASE.deadline = now + _PHASE.seconds
                _check_phase(now)
                _NESTED.deadline = min(_NESTED.deadline, _PHASE.deadline)
        else:
            _check_time()
        if depth >= MAX_NESTING or renders > MAX_NESTED_RENDERS:
            raise SandboxLimit(
                "the template calls itself without end (templates included, imported or "
                f"extended in one another more than {MAX_NESTING} deep)"
                if depth >= MAX_NESTING else
                f"the template renders more than {MAX_NESTED_RENDERS:,} included templates")
        _NESTED.depth, _NESTED.renders = depth + 1, renders
        try:
            yield from root(context)
        finally:
            _NESTED.depth = depth
            if not depth:
                _NESTED.deadline = None

    return render


class _BoundedTemplate(Template):
    """A template whose endless recursion is a bound crossed, not a bug in scout: Python's
    stack is the only thing that stops ``{% macro m() %}{{ m() }}{% endmacro %}``, and
    nested renders go through the outermost ``render``, so catching it here covers them
    all (the stack is unwound by the time it is caught). Its render function counts the
    templates rendered inside one another (:func:`_nested`)."""

    @classmethod
    def _from_namespace(cls, environment: Any, namespace: Any, globals: Any) -> Any:
        template = super()._from_namespace(environment, namespace, globals)
        template.root_render_func = _nested(template.root_render_func)
        return template

    def render(self, *args: Any, **kwargs: Any) -> str:
        try:
            return super().render(*args, **kwargs)
        except RecursionError:
            raise SandboxLimit("the template calls itself without end (a macro that calls "
                               "itself, or a template that includes or extends itself)"
                               ) from None


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox with bounded arithmetic, repetition, ranges, output and
    recursion."""

    template_class = _BoundedTemplate
    intercepted_binops = frozenset(_BINOP_CHECKS)
    code_generator_class = _BoundedCodeGenerator
    concat = staticmethod(bounded_join)  # type: ignore[assignment]
    sized = staticmethod(_sized)
    timed = staticmethod(_timed)
    #: the clock one render's time is read on (this thread's CPU: a loaded machine's
    #: other work is not the template's), and how much of it a render gets
    render_clock: Callable[[], float] = staticmethod(time.thread_time)
    render_seconds: float = MAX_RENDER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals["range"] = safe_range
        self.bound_filters()

    def bound_filters(self) -> None:
        """Wrap the filters that take sizes (call again after adding filters)."""
        for name, fn in list(self.filters.items()):
            if (name in _SIZED_FILTERS or JINJA_FILTERS.get(name) is fn) and \
                    not getattr(fn, "_scout_bounded", False):
                wrapped = _bounded_filter(name, fn)
                wrapped._scout_bounded = True  # type: ignore[attr-defined]
                self.filters[name] = wrapped

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _BINOP_CHECKS[operator](left, right)
        try:
            return _sized(super().call_binop(context, operator, left, right))
        except (OverflowError, MemoryError) as exc:
            raise _too_big(f"the result of {operator!r}") from exc

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _check_time_now_and_then()
        if __obj is safe_range or __obj is range:
            return __self._range(__context, args)
        # the sandbox hands out str.format wrapped (functools.update_wrapper): unwrap
        target = getattr(__obj, "__wrapped__", __obj)
        owner = getattr(target, "__self__", None)
        name = getattr(target, "__name__", "")
        if isinstance(owner, str) and name in _GROWING_METHODS:
            _check_int_args(args, kwargs)
            if name == "join" and args:
                args = (_check_join(owner, args[0]), *args[1:])
            elif name == "replace" and len(args) >= 2:
                _check_replace(owner, args[0], args[1])
            elif name in ("format", "format_map"):
                _check_format(owner, args, kwargs)
            elif name == "translate" and args:
                _check_translate(owner, args[0])
        elif name == "generate_lorem_ipsum":
            _check_int_args(args, kwargs)
            if int(kwargs.get("n", args[0] if args else 5)) > 1000:
                raise _too_big("lipsum")
        try:
            return _sized(super().call(__context, __obj, *args, **kwargs))
        except (OverflowError, MemoryError) as exc:
            raise _too_big("the result of a call") from exc

    def _range(self, context: Any, args: tuple[Any, ...]) -> range:
        try:
            rng = safe_range(*args)
        except OverflowError as exc:
            raise SandboxLimit(f"range() of more than {MAX_RANGE:,} items is too big for a "
                               "template") from exc
        used = getattr(context, "_scout_range_used", 0) + len(rng)
        if used > MAX_RANGE_TOTAL:
            raise SandboxLimit(f"the loops of this template run more than "
                               f"{MAX_RANGE_TOTAL:,} range() steps in all")
        try:
            context._scout_range_used = used
        except AttributeError:  # pragma: no cover - a context without a __dict__
            pass
        return rng
