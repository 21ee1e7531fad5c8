"""Static analysis of Jinja in specs, and the one sandboxed environment."""

from __future__ import annotations

import pytest
from jinja2.exceptions import SecurityError, UndefinedError

from scout.spec import templating
from scout.spec.templating import (
    JinjaCheckError,
    analyse,
    has_jinja,
    known_filters,
    make_env,
    register_filter,
)


def test_names_attributes_filters_and_tests() -> None:
    use = analyse("{{ hotel.name | upper }} in {{ task['destination'] }}{% if x is defined %}"
                  "{{ y }}{% endif %}")
    assert use.names == {"hotel", "task", "x", "y"}
    assert ("hotel", "name") in use.attrs and ("task", "destination") in use.attrs
    assert use.filters == {"upper"}
    assert use.tests == {"defined"}


def test_names_bound_inside_the_template_are_not_free() -> None:
    use = analyse("{% for r in reviews %}{{ r.text }}{% endfor %}{% set n = 3 %}{{ n }}")
    assert use.names == {"reviews"}
    macro = analyse("{% macro f(a) %}{{ a }}{% endmacro %}{{ f(task) }}")
    assert macro.names == {"task"}


def test_expressions_are_parsed_as_expressions() -> None:
    use = analyse("hotel.price.amount <= task.budget.amount", expression=True)
    assert use.names == {"hotel", "task"}
    assert ("task", "budget") in use.attrs
    with pytest.raises(JinjaCheckError) as info:
        analyse("hotel.price <=", expression=True)
    assert info.value.message


def test_syntax_error_has_message_and_line() -> None:
    with pytest.raises(JinjaCheckError) as info:
        analyse("line one\n{{ task.destination }\n")
    assert info.value.line == 2
    assert "object at 0x" not in info.value.message


def test_results_are_cached_but_errors_raise_every_time() -> None:
    templating._analyse.cache_clear()
    a = analyse("{{ task.destination }}")
    b = analyse("{{ task.destination }}")
    assert a is b
    assert templating._analyse.cache_info().hits == 1
    for _ in range(2):
        with pytest.raises(JinjaCheckError):
            analyse("{{ oops ")


def test_has_jinja() -> None:
    assert has_jinja("{{ x }}") and has_jinja("{% if x %}{% endif %}") and has_jinja("{# c #}")
    assert not has_jinja("plain { text }")


def test_env_is_strict_and_sandboxed() -> None:
    env = make_env()
    with pytest.raises(UndefinedError):
        env.from_string("{{ missing }}").render()
    with pytest.raises(SecurityError):
        env.from_string("{{ ''.__class__.__mro__ }}").render()
    assert env.from_string("{{ x | upper }}").render(x="a") == "A"


def test_registered_filters_are_known_to_the_checker() -> None:
    name = "scout_test_only_filter"
    assert name not in known_filters()

    @register_filter(name)
    def _f(v):  # pragma: no cover - only its name matters here
        return v

    try:
        assert name in known_filters()
        assert make_env().filters[name] is _f
    finally:
        templating.EXTRA_FILTERS.pop(name)
