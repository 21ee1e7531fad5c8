"""How each filter may be called, checked before anything runs (SPEC057).

A filter call in a template or expression (``car | stated()``, ``x | number("two")``)
is recorded where the validator parses it (:func:`scout.spec.filtercall.call_of`: the
filter's name, the line, its arguments — a constant's value, or "an expression" — and its
keywords) and checked here against the filter's signature (:func:`call_problem`):

* every filter, Jinja's own included: the arguments must bind to its Python signature
  (a required one missing, one too many, an unknown keyword), and text is no number
  (``round(1, "x")``);
* scout's filters (scout.spec.filters): a constant argument must be of the annotated type
  (``number("2")``), and a filter may declare more rules of its own with
  :func:`scout.spec.filtercall.arg_rule` (``stated`` needs at least one unit, ``pick`` is one
  of ``max``/``min``/``first``).

Keyword-only parameters the environment binds (``lang``, ``catalog``, ``synonyms``) are
not the template's to pass and are left out of the signatures shown.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from typing import Any

from scout.lazyre import lazy_re
from scout.spec.factcache import FactStore, module_file
from scout.spec.filtercall import EXPR, decode_call
from scout.suggest import closest

#: what the environment binds (scout.report.render, scout.spec.templating; ``tax``: rank
#: fills ``stated``'s basis, scout.spec.statedmoney.TAX_VAR): not shown
BOUND = frozenset({"lang", "catalog", "synonyms", "rating_scale", "tax"})
#: a builtin's ``__text_signature__`` taking one positional-only argument: ``($module,
#: obj, /)``, ``(obj, /)``
_ONE_ARGUMENT = lazy_re(r"\((?:\$module, )?\w+, /\)")
@functools.lru_cache(maxsize=256)
def _signature(name: str) -> tuple[inspect.Signature, bool] | None:
    """The filter's signature without the filtered value (and without what Jinja passes
    first: the environment or context), and whether it is scout's own; None if unknown."""
    from scout.spec.filters import FILTERS
    from scout.spec.templating import EXTRA_FILTERS, _check_env

    fn = FILTERS.get(name) or EXTRA_FILTERS.get(name)
    ours = fn is not None
    if fn is None:  # Jinja's own, unwrapped (the sandbox wraps the sized ones in *args)
        from jinja2.defaults import DEFAULT_FILTERS

        fn = DEFAULT_FILTERS.get(name) or _check_env().filters.get(name)
    if fn is None:
        return None
    if _ONE_ARGUMENT.fullmatch(getattr(fn, "__text_signature__", None) or "-"):
        # a C function of the filtered value alone (Jinja's length/count are len, abs is
        # abs): inspect.signature would read its text signature with tokenize, whose first
        # use compiles a large regex (2 ms of a cold validate)
        return inspect.Signature(), ours
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if [p.kind for p in params] == [inspect.Parameter.VAR_POSITIONAL,
                                    inspect.Parameter.VAR_KEYWORD]:
        return None  # a wrapper that says nothing of what it takes
    if getattr(fn, "jinja_pass_arg", None) is not None:
        params = params[1:]  # the environment, eval context or context Jinja passes
    return sig.replace(parameters=params[1:]), ours  # [0]: the value being filtered


def shown(name: str) -> str:
    """How the filter is called, for hints: ``stated(*units, pick='max')``."""
    found = _signature(name)
    if found is None:
        return name
    parts = []
    for p in found[0].parameters.values():
        if p.name in BOUND and p.kind is p.KEYWORD_ONLY:
            continue
        if p.kind is p.VAR_POSITIONAL:
            parts.append("*" + p.name)
        elif p.kind is p.VAR_KEYWORD:
            parts.append("**" + p.name)
        elif p.default is p.empty:
            parts.append(p.name)
        else:
            parts.append(f"{p.name}={p.default!r}")
    return f"{name}({', '.join(parts)})"


#: what call_problem() said, across processes (scout.spec.factcache): checking a Jinja
#: filter's call reads jinja2's signatures, and `scout validate` of unchanged specs loads
#: no jinja2 (benchmarks/cli.py). It depends on this module, scout's filters — the modules
#: that define them and their argument rules, not only the one that registers them: an
#: edited rule of ``stated`` in stated.py must not be answered from the old one — and
#: jinja2.
FILTER_MODULES = ("scout.spec.filters", "scout.spec.evidence", "scout.spec.stated", "scout.spec.filtercall",
                  "scout.spec.datesaid", "scout.spec.tiersaid", "scout.units")
_STORE = FactStore("filter-calls", lambda: (__file__, *map(module_file, FILTER_MODULES),
                                            module_file("jinja2")))


def _decode_answer(doc: Any) -> tuple[str | None]:
    if not isinstance(doc, dict) or set(doc) != {"problem"} or not (
            doc["problem"] is None or type(doc["problem"]) is str):
        raise ValueError("not a filter call's answer")
    return (doc["problem"],)


def call_problem(name: str, call: str) -> str | None:
    """What is wrong with this call of filter ``name`` (the message), or None."""
    from scout.spec.templating import EXTRA_FILTERS

    if name in EXTRA_FILTERS:  # registered by a plugin in this process: not on disk
        return _call_problem(name, call)
    return _cached_problem(name, call)


@functools.lru_cache(maxsize=4096)
def _cached_problem(name: str, call: str) -> str | None:
    key = _STORE.key(name + "\0" + call)
    found = _STORE.load(key, _decode_answer)
    if found is None:
        found = (_call_problem(name, call),)
        _STORE.save(key, {"problem": found[0]})
    return found[0]


def _call_problem(name: str, call: str) -> str | None:
    decoded = decode_call(call)
    found = _signature(name)
    if decoded is None or found is None:
        return None
    args, kwargs, dynamic = decoded
    sig, ours = found
    if dynamic:
        return None  # *args / **kwargs: the count is known at run time only
    if BOUND & set(kwargs) and ours:
        return f"'{sorted(BOUND & set(kwargs))[0]}' is set by scout, not by the template"
    try:
        bound = sig.bind(*args, **kwargs)
    except TypeError as exc:
        said = str(exc).replace("missing a required argument: ", "needs the argument ")
        # a misspelt keyword ("evry=false") is told its right name, as a misspelt key is
        typo = next((k for k in kwargs if k not in sig.parameters), None)
        hit = closest(typo, [p for p in sig.parameters if p not in BOUND]) if typo else None
        return said + (f" (did you mean '{hit}'?)" if hit else "")
    if not ours:
        return _text_for_a_number(sig, bound)
    fn = _function(name)
    for pname, value in bound.arguments.items():
        values = value if sig.parameters[pname].kind is inspect.Parameter.VAR_POSITIONAL \
            else (value,)
        for v in values:
            wrong = _type_problem(fn, pname, v)
            if wrong:
                return wrong
    rule = getattr(fn, "arg_rule", None)
    return rule(args, kwargs) if rule is not None else None


def _text_for_a_number(sig: inspect.Signature, bound: inspect.BoundArguments) -> str | None:
    """A Jinja filter's call with text where it computes with a number (``round(1,
    'x')``, ``truncate('9')``): a TypeError at run time. Only that is checked: Jinja's
    other annotations are looser than what its filters accept (``replace(1, 2)`` works)."""
    for pname, value in bound.arguments.items():
        if sig.parameters[pname].annotation in (int, float) and isinstance(value, str):
            return f"'{pname}' must be a number, not {value!r}"
    return None


def _function(name: str) -> Any:
    from scout.spec.filters import FILTERS
    from scout.spec.templating import EXTRA_FILTERS

    return FILTERS.get(name) or EXTRA_FILTERS.get(name)


def _type_problem(fn: Any, pname: str, value: Any) -> str | None:
    if value is EXPR:
        return None
    try:
        hint = typing.get_type_hints(fn).get(pname)
    except Exception:  # noqa: BLE001 - an annotation that does not evaluate: unchecked
        return None
    allowed = _types(hint)
    if allowed is None or isinstance(value, allowed) and not (
            isinstance(value, bool) and bool not in allowed):
        return None
    want = " or ".join(sorted({"a number" if t in (int, float) else "text" if t is str
                               else "none" if t is type(None) else t.__name__
                               for t in allowed}))
    return f"'{pname}' must be {want}, not {value!r}"


def _types(hint: Any) -> tuple[type, ...] | None:
    """The classes a constant may be for ``hint``; None when anything goes."""
    if hint is None or hint is Any:
        return None
    if isinstance(hint, type):
        return (int, float) if hint is float else (hint,)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        out: list[type] = []
        for h in typing.get_args(hint):
            sub = _types(h)
            if sub is None:
                return None
            out += sub
        return tuple(out)
    return None
