"""Expressions compiled once a process, in one shared sandbox.

A rank phase's ``where`` and ``order_by`` (with its named values written out, they run to
thousands of characters), its named values and its guarded copies are the same text for
every mission of a kind. Compiling them afresh for each mission cost most of a rank
step's CPU (a courier's offline mission spent ~70% of its time in Jinja's parser and
optimiser). They are compiled here once, in one environment every thread shares:
a compiled expression keeps no state between renders (what a render needs, the record,
the task, the mission's money table, comes in its scope; Jinja's constant folding is off,
so no filter is called at compile time) and the sandbox's bounds are kept per thread
(:mod:`scout.spec.sandbox`).

The environment is :func:`scout.spec.templating.make_env`'s, built again when a filter
is registered later (:func:`scout.spec.templating.register_filter`): the key is the
registered filters themselves, so a later one is seen, as :func:`make_env` would see it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scout.spec.sandbox import BoundedSandbox

#: how many distinct expressions a process keeps compiled (a kind has tens; a server
#: running every kind of a lab a few thousand)
_KEPT = 4096


def shared_env() -> BoundedSandbox:
    """The one sandbox the cached expressions compile in (:func:`make_env`'s, with the
    filters registered so far)."""
    from scout.spec.templating import EXTRA_FILTERS

    return _env(frozenset(EXTRA_FILTERS.items()))


@lru_cache(maxsize=4)
def _env(_extras: frozenset[tuple[str, Any]]) -> BoundedSandbox:
    from scout.spec.templating import make_env

    # no constant folding: Jinja calls a filter that takes no context on a literal at
    # compile time, and what it answered (in one mission's language or scale) would be
    # kept in code every later mission shares; it also halves the compile
    return make_env(optimized=False)


def compiled_expression(text: str) -> Any:
    """``text`` compiled as an expression (``StrictUndefined`` kept: a missing name
    fails, it does not read as None), once a process for the filters registered."""
    from scout.spec.templating import EXTRA_FILTERS

    return _compiled(text, frozenset(EXTRA_FILTERS.items()))


@lru_cache(maxsize=_KEPT)
def _compiled(text: str, extras: frozenset[tuple[str, Any]]) -> Any:
    return _env(extras).compile_expression(text, undefined_to_none=False)
