"""Rendering ``with:`` templates and evaluating ``if:`` expressions in a phase's scope.

The scope of a phase is ``task`` (once it exists), its needs (artifacts and declared
inputs) and, in a fan-out, the item under its ``as`` name. Everything goes through the
one sandboxed, StrictUndefined Jinja environment (``scout.spec.templating.make_env``),
so a name that is missing at run time fails loudly as a :class:`StepError` instead of
rendering an empty string. Compiled templates are cached by source text.

``{{ task.destination }}`` reads the Task's declared input values: a Task is exposed to
Jinja through :class:`TaskView`, which looks a name up in ``task.values`` first and in
the Task's own fields (``query``, ``today``, ...) after that.

:func:`say` renders text a person or a search engine reads (a query, a question, a
title): an enum value of the kind it prints is in the request's language there, as in
the report; :func:`render` writes every value as it is (a URL, an adapter's option).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import TemplateError, Undefined, UndefinedError

from scout.errors import StepError
from scout.report.kindwords import request_words
from scout.schemas.task import Task
from scout.spec.filters import SYNONYMS_VAR, synonym_table
from scout.spec.sandboxsize import SandboxLimit, limit_error
from scout.spec.templating import DATA_ERRORS, JinjaCheckError, analyse, has_jinja, make_env

#: the scope's key for how :func:`say` writes the kind's enum words (a callable; absent
#: in :func:`render`'s scope, where a printed value is written as it is)
WORDS_VAR = "__scout_request_words__"


def _finalize(context: Any, value: Any) -> Any:
    written = context.get(WORDS_VAR)
    return value if written is None else written(value)


#: a length or weight the ``value`` filter writes in the request's imperial unit with the
#: metric one in brackets ("3 lb (1.36 kg)": scout.i18n.numbers)
_WITH_METRIC = re.compile(r"(\S+ (?:lb|oz|mi|ft)) \(\S+ (?:kg|m|km)\)")


def _as_said(words: Any) -> Any:
    """How :func:`say` writes a printed value: the kind's enum words in the request's
    language (``words``, None for a kind with none), and a quantity in the unit the
    request wrote it in alone ("3 lb", not "3 lb (1.36 kg)": a search carries what the
    person typed, not the report's conversion)."""
    def written(value: Any) -> Any:
        if isinstance(value, str) and (m := _WITH_METRIC.fullmatch(value)):
            return m.group(1)
        value = whole(value)
        return value if words is None else words(value)

    return written


def whole(value: Any) -> Any:
    """A float that is a whole number as an integer (a ``number`` input's ``600.0`` is
    "600" in a query or a title, as the person wrote it); anything else as it is."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@lru_cache(maxsize=1)
def _env() -> Any:
    # one environment for every run: compiled templates are immutable and thread-safe
    from jinja2 import pass_context

    return make_env(finalize=pass_context(_finalize))


@lru_cache(maxsize=4096)
def _template(text: str) -> Any:
    return _env().from_string(text)


@lru_cache(maxsize=4096)
def _expression(text: str) -> Any:
    # keep StrictUndefined: a missing name must fail, not read as None (false)
    return _env().compile_expression(text, undefined_to_none=False)


class TaskView:
    """The Task as templates see it: ``task.budget`` is ``task.values['budget']``."""

    __slots__ = ("_task",)

    def __init__(self, task: Task) -> None:
        self._task = task

    def __getattr__(self, name: str) -> Any:
        task = object.__getattribute__(self, "_task")
        if name in task.values:
            return task.values[name]
        if name in type(task).model_fields:
            return getattr(task, name)
        if isinstance(getattr(type(task), name, None), property):
            # what the Task derives (``shown_units``: the units the request wrote lengths
            # and weights in, which the ``value`` filter shows them in, as the report does)
            return getattr(task, name)
        raise AttributeError(name)

    def __getitem__(self, name: str) -> Any:
        try:
            return self.__getattr__(name)
        except AttributeError:
            raise KeyError(name) from None

    def __contains__(self, name: str) -> bool:
        task = object.__getattribute__(self, "_task")
        return name in task.values or name in type(task).model_fields

    def __str__(self) -> str:
        return object.__getattribute__(self, "_task").query

    def __repr__(self) -> str:
        return f"TaskView({object.__getattribute__(self, '_task').query!r})"


class _SaidTaskView(TaskView):
    """The Task as :func:`say` reads it: a whole-number float among its values is an
    integer, so that ``{{ task.speed ~ ' Mbps' }}`` says "600 Mbps" too (the finalize
    sees only the joined string)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        return whole(super().__getattr__(name))


def jinja_value(value: Any) -> Any:
    return TaskView(value) if isinstance(value, Task) else value


def make_scope(task: Any, inputs: dict[str, Any], item_var: str | None = None,
               item: Any = None, *, pipeline: Any = None) -> dict[str, Any]:
    scope = {name: jinja_value(v) for name, v in inputs.items()}
    synonyms = synonym_table(getattr(pipeline, "inputs", None))
    if synonyms:  # what the mentions filter matches an enum word by (scout.spec.filters)
        scope[SYNONYMS_VAR] = synonyms
    if task is not None:
        scope["task"] = jinja_value(task)
    if item_var is not None:
        scope[item_var] = jinja_value(item)
    return scope


def render(text: str, scope: dict[str, Any], *, where: str = "") -> str:
    if not has_jinja(text):
        return text
    try:
        return _template(text).render(scope)
    except SandboxLimit as exc:
        raise limit_error(exc, f"{where}template {_short(text)}") from exc
    except UndefinedError as exc:
        raise StepError(f"{where}template {text!r}: {exc.message}",
                        hint="the name is not available here; check needs and the 'as' name"
                        ) from exc
    except TemplateError as exc:
        raise StepError(f"{where}template {text!r} failed: {exc}") from exc
    except DATA_ERRORS as exc:
        raise StepError(f"{where}template {text!r} failed: {type(exc).__name__}: {exc}",
                        hint="the template does not fit this value; guard it (`x or []`, "
                             "`if x is not none`)") from exc


def say(text: str, scope: dict[str, Any], *, pipeline: Any, root: Path,
        where: str = "") -> str:
    """:func:`render` for text a person or a search engine reads (a search query, a
    synthesis's question, a report's title, an e-mail's subject): an enum value of the
    kind it prints (``{{ task.coverage | join(' ') }}``) is written in the request's
    language as its report writes it (scout.report.kindwords.request_words), never the
    author's identifier, and a length or weight in the request's unit alone
    (:func:`_as_said`), and a whole number as one ("600", not "600.0": :func:`whole`). A URL, an address or an adapter's option keeps :func:`render`."""
    task = scope.get("task")
    words = request_words(getattr(pipeline, "inputs", None),
                          getattr(task, "lang", None) or "en", root / "templates") \
        if task is not None else None
    said = {**scope, WORDS_VAR: _as_said(words)}
    if isinstance(task, TaskView):
        said["task"] = _SaidTaskView(object.__getattribute__(task, "_task"))
    return render(text, said, where=where)


def evaluate(expr: str, scope: dict[str, Any], *, where: str = "") -> Any:
    try:
        value = _expression(expr)(**scope)
        if isinstance(value, Undefined):
            bool(value)  # StrictUndefined raises here, naming what is missing
        return value
    except SandboxLimit as exc:
        raise limit_error(exc, f"{where}expression {_short(expr)}") from exc
    except UndefinedError as exc:
        raise StepError(f"{where}expression {expr!r}: {exc.message}") from exc
    except TemplateError as exc:
        raise StepError(f"{where}expression {expr!r} failed: {exc}") from exc
    except DATA_ERRORS as exc:
        raise StepError(f"{where}expression {expr!r} failed: {type(exc).__name__}: {exc}",
                        hint="the expression does not fit this value; guard it (`x or []`, "
                             "`if x is not none`)") from exc


def _short(text: str, width: int = 80) -> str:
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def render_tree(value: Any, scope: dict[str, Any], *, where: str = "") -> Any:
    """Render every Jinja string inside a with: block (dicts and lists walked)."""
    if isinstance(value, str):
        return render(value, scope, where=where)
    if isinstance(value, dict):
        return {k: render_tree(v, scope, where=where) for k, v in value.items()}
    if isinstance(value, list):
        return [render_tree(v, scope, where=where) for v in value]
    return value


@lru_cache(maxsize=4096)
def names_used(text: str, expression: bool = False) -> frozenset[str]:
    """Free names a template or expression refers to (empty when it does not parse)."""
    try:
        return frozenset(analyse(text, expression=expression).names)
    except JinjaCheckError:
        return frozenset()


def tree_names(value: Any) -> set[str]:
    if isinstance(value, str):
        return set(names_used(value)) if has_jinja(value) else set()
    if isinstance(value, dict):
        out: set[str] = set()
        for v in value.values():
            out |= tree_names(v)
        return out
    if isinstance(value, list):
        out = set()
        for v in value:
            out |= tree_names(v)
        return out
    return set()


def render_known(value: Any, scope: dict[str, Any]) -> Any:
    """Render the strings whose names are all in ``scope``; keep the others as written.

    Used for fingerprints: a fan-out template that names the item cannot be rendered per
    phase, but the item data is part of the fingerprint through the input hashes.
    """
    if isinstance(value, str):
        if not has_jinja(value) or not names_used(value) <= set(scope):
            return value
        try:
            return _template(value).render(scope)
        except (TemplateError, AttributeError, *DATA_ERRORS):
            # SandboxLimit included: the phase itself reports it. A template may fail on
            # what only its phase gives it a use for ("{{ task.brands | join(', ') }}"
            # in a rank reason that is rendered only when task.brands is set): the
            # fingerprint keeps its text, and the phase decides
            return value
    if isinstance(value, dict):
        return {k: render_known(v, scope) for k, v in value.items()}
    if isinstance(value, list):
        return [render_known(v, scope) for v in value]
    return value
