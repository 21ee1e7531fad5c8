"""Expressions compiled once a process (:mod:`scout.spec.sharedenv`): a kind's ``where``
and ``order_by`` are compiled for its first mission and reused by the next, in one
sandbox every thread shares; a filter registered later is seen, and no filter is called
at compile time (what it answered for one mission would be kept for every later one)."""

from __future__ import annotations

import threading

import pytest
from jinja2.exceptions import SecurityError, TemplateSyntaxError, UndefinedError

from scout.spec import sharedenv, templating
from scout.spec.sharedenv import compiled_expression, shared_env
from scout.spec.templating import register_filter


def test_an_expression_is_compiled_once_and_reused() -> None:
    text = "c.price.amount <= task.budget * 2"
    first = compiled_expression(text)
    assert compiled_expression(text) is first
    assert compiled_expression(text + " ") is not first  # another text: its own code
    assert first(c={"price": {"amount": 90}}, task={"budget": 50}) is True
    assert first(c={"price": {"amount": 120}}, task={"budget": 50}) is False


def test_the_shared_sandbox_is_strict_and_sandboxed() -> None:
    with pytest.raises(UndefinedError):
        compiled_expression("missing_name > 1")()
    with pytest.raises(SecurityError):
        compiled_expression("''.__class__.__mro__")()
    with pytest.raises(TemplateSyntaxError):  # refused each time, never kept
        compiled_expression("1 +")
    with pytest.raises(TemplateSyntaxError):
        compiled_expression("1 +")


def test_a_filter_registered_later_is_seen() -> None:
    name = "scout_test_shared_filter"
    before = shared_env()
    compiled_expression("1 + 1")

    @register_filter(name)
    def _twice(v):
        return v * 2

    try:
        assert shared_env() is not before
        assert compiled_expression(f"x | {name}")(x=4) == 8
    finally:
        templating.EXTRA_FILTERS.pop(name)
    assert shared_env() is before  # the filters as they were: the sandbox built for them


def test_no_filter_is_called_at_compile_time() -> None:
    # Jinja's constant folding would call a context-free filter on a literal when it
    # compiles: in one mission's language, kept in code every later mission shares
    name = "scout_test_counting_filter"
    calls: list[str] = []

    @register_filter(name)
    def _count(v):
        calls.append(v)
        return f"<{v}>"

    try:
        expression = compiled_expression(f"'literal' | {name}")
        assert calls == []
        assert expression() == "<literal>"
        assert expression() == "<literal>"
        assert calls == ["literal", "literal"]
    finally:
        templating.EXTRA_FILTERS.pop(name)


def test_one_compiled_expression_renders_in_many_threads() -> None:
    expression = compiled_expression("(range(50) | sum) * n")
    out: dict[int, int] = {}

    def work(n: int) -> None:
        for _ in range(200):
            out[n] = expression(n=n)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == {n: n * sum(range(50)) for n in range(8)}


def test_the_cache_is_bounded() -> None:
    assert sharedenv._compiled.cache_info().maxsize == sharedenv._KEPT
