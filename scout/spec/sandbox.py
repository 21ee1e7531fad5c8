"""The bounded Jinja sandbox: templates from specs cannot hang or exhaust memory.

Jinja's ``SandboxedEnvironment`` stops templates from reaching Python internals, but not
from computing ``9**(9**9)`` (minutes of CPU) or ``'a' * 10**10`` (10 GB). Every template
scout renders — ``with:`` strings, ``if:`` and ``rank.where`` expressions, report
templates — uses :class:`BoundedSandbox`, which checks *before* it computes:

* arithmetic: ``**`` whose result would pass :data:`~scout.spec.sandboxsize.MAX_INT_BITS` (about Python's own
  4,300-digit limit for printing an int), ``*`` of big ints, float overflow;
* repetition and growth: ``str``/``list`` times a number, ``+`` and ``~`` past
  :data:`~scout.spec.sandboxsize.MAX_LEN`, ``%``- and ``str.format`` widths, width/count arguments of filters and
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
* output: everything one render produces, by :data:`~scout.spec.sandboxsize.MAX_LEN` characters;
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

The checks of one operation's size live in :mod:`scout.spec.sandboxsize`; this module
owns the environment and the bounds of a whole render (time, ranges, nesting, output).

Crossing a bound raises :class:`~scout.spec.sandboxsize.SandboxLimit` (a Jinja ``SecurityError``): validation turns
it into a located spec error for constant expressions, a run into a clean phase failure.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2 import Environment, Template, nodes
from jinja2.compiler import CodeGenerator
from jinja2.filters import FILTERS as JINJA_FILTERS, make_attrgetter
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from jinja2.sandbox import MAX_RANGE, ImmutableSandboxedEnvironment, safe_range

from scout.errors import TemplateLimit
from scout.spec.sandboxsize import BINOP_CHECKS, CHECKED_FILTERS, GROWING_METHODS, MAX_LEN, \
    SIZED_FILTERS, SandboxLimit, bounded_sum, check_format, check_int_args, check_join, \
    check_replace, check_translate, check_wordwrap, filter_result, sized, too_big

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
#: loop steps or output pieces between two readings of the clock
_TICK = 256


def _bounded_filter(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def bounded(*args: Any, **kwargs: Any) -> Any:
        # the first argument (or the one after the context / eval ctx) is the value
        _check_time_now_and_then()
        if name not in CHECKED_FILTERS:  # only its result is measured
            return filter_result(name, fn, args, kwargs)
        values = [a for a in args if not _is_jinja_context(a)]
        value, rest = (values[0], values[1:]) if values else (None, [])
        if name in SIZED_FILTERS:
            check_int_args(rest, kwargs)
        if name == "join" and values:
            # a generator (``map``, ``select``) is read once to be measured: join that
            # list, not the spent generator (which joined to "")
            items = check_join(rest[0] if rest else kwargs.get("d", ""), value)
            at = next(i for i, a in enumerate(args) if a is value)
            args = (*args[:at], items, *args[at + 1:])
        elif name == "replace" and len(rest) >= 2:
            check_replace(value, rest[0], rest[1])
        elif name == "format":
            check_format(value, tuple(rest), kwargs)
        elif name == "wordwrap":
            check_wordwrap(value, rest[0] if rest else kwargs.get("width", 79))
        elif name == "sum" and values:
            environment = next((a for a in args if _is_jinja_context(a)), None)
            attribute = rest[0] if rest else kwargs.get("attribute")
            summed: Any = values[0]
            if attribute is not None and environment is not None:
                summed = map(make_attrgetter(environment, attribute), summed)
            return bounded_sum(summed, rest[1] if len(rest) > 1 else kwargs.get("start", 0))
        return filter_result(name, fn, args, kwargs)

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
            raise too_big("the rendered output")
        out.append(s)
    return "".join(out)


#: how the compiled code writes the floats that are no finite number: a literal past a
#: float's range is infinity to Python's own reader, and infinity less itself is NaN
_NONFINITE = {"inf": "(1e999)", "-inf": "(-1e999)", "nan": "(1e999 - 1e999)"}


class _BoundedCodeGenerator(CodeGenerator):
    """``a ~ b`` compiles to a plain join that the sandbox never sees: check its size. A
    ``for`` loop walks its items through :func:`_timed`."""

    def visit_Concat(self, node: Any, frame: Any) -> None:
        self.write("environment.sized(")
        super().visit_Concat(node, frame)
        self.write(")")

    def visit_Const(self, node: nodes.Const, frame: Any) -> None:
        """A float that is no finite number written as Python reads it back: Jinja writes
        a float by ``str()``, and ``inf`` / ``nan`` are no names in the compiled code, so
        ``order_by: c.rating or 1e400`` (or ``'inf' | float``, folded at compile time)
        failed every record with a NameError, an internal error of the phase."""
        value = node.as_const(frame.eval_ctx)
        if isinstance(value, float) and not math.isfinite(value):
            self.write(_NONFINITE["nan" if math.isnan(value) else "-inf" if value < 0 else "inf"])
        else:
            super().visit_Const(node, frame)

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
    intercepted_binops = frozenset(BINOP_CHECKS)
    code_generator_class = _BoundedCodeGenerator
    concat = staticmethod(bounded_join)  # type: ignore[assignment]
    sized = staticmethod(sized)
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
            if (name in SIZED_FILTERS or JINJA_FILTERS.get(name) is fn) and \
                    not getattr(fn, "_scout_bounded", False):
                wrapped = _bounded_filter(name, fn)
                wrapped._scout_bounded = True  # type: ignore[attr-defined]
                self.filters[name] = wrapped

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        BINOP_CHECKS[operator](left, right)
        try:
            return sized(super().call_binop(context, operator, left, right))
        except (OverflowError, MemoryError) as exc:
            raise too_big(f"the result of {operator!r}") from exc

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _check_time_now_and_then()
        if __obj is safe_range or __obj is range:
            return __self._range(__context, args)
        # the sandbox hands out str.format wrapped (functools.update_wrapper): unwrap
        target = getattr(__obj, "__wrapped__", __obj)
        owner = getattr(target, "__self__", None)
        name = getattr(target, "__name__", "")
        if isinstance(owner, str) and name in GROWING_METHODS:
            check_int_args(args, kwargs)
            if name == "join" and args:
                args = (check_join(owner, args[0]), *args[1:])
            elif name == "replace" and len(args) >= 2:
                check_replace(owner, args[0], args[1])
            elif name in ("format", "format_map"):
                check_format(owner, args, kwargs)
            elif name == "translate" and args:
                check_translate(owner, args[0])
        elif name == "generate_lorem_ipsum":
            check_int_args(args, kwargs)
            if int(kwargs.get("n", args[0] if args else 5)) > 1000:
                raise too_big("lipsum")
        try:
            return sized(super().call(__context, __obj, *args, **kwargs))
        except (OverflowError, MemoryError) as exc:
            raise too_big("the result of a call") from exc

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
