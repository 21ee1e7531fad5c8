"""Templates cannot hang or exhaust memory (issue 13 §4).

Every environment scout builds (spec strings, expressions, report templates) bounds
arithmetic, repetition, ranges and output; constant bombs are spec errors at validate
time, data-dependent ones fail the phase with RUN020 (never a hang, never RUN000).
"""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from scout.errors import TemplateLimit
from scout.orchestrator.scope import evaluate, render
from scout.report.render import make_report_env
from scout.spec.sandboxsize import MAX_LEN, SandboxLimit
from scout.spec.templating import analyse, make_env
from scout.validate import validate_paths

BOMBS = [
    "{{ (9**(9**9)) % 7 }}",
    "{{ 'a' * 10**10 }}",
    "{{ 10**10 * 'a' }}",
    "{{ [1, 2] * 10**9 }}",
    "{{ 'a' | center(10**10) }}",
    "{{ 'a' | indent(10**10) }}",
    "{{ 'x'.ljust(10**9) }}",
    "{{ 'x'.zfill(10**9) }}",
    "{{ '%.*f' % (10**9, 1) }}",
    "{{ '%099999999999d' % 1 }}",
    "{{ '{:>9999999999}'.format(1) }}",
    "{{ range(10**9) | list }}",
    "{{ 2.0 ** 100000 }}",
    "{{ 7 ** 100000 % 3 }}",
    "{{ lipsum(10**8) }}",
    "{{ range(100000) | join('x' * 1000) }}",
    "{% set x = 9 ** 99999 %}{{ x % 2 }}",
]


@pytest.mark.parametrize("source", BOMBS)
def test_constant_bombs_are_found_by_analysis(source: str) -> None:
    start = time.monotonic()
    use = analyse(source)
    assert use.bombs, f"{source} not flagged"
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("source", BOMBS)
def test_bombs_fail_cleanly_at_run_time(source: str) -> None:
    start = time.monotonic()
    with pytest.raises(TemplateLimit) as info:
        render(source, {}, where="phase F1: ")
    assert info.value.code == "RUN020" and info.value.exit_code == 1
    assert not info.value.retryable
    assert time.monotonic() - start < 5


DATA_BOMBS = [
    ("{{ n ** n }}", {"n": 10**6}),
    ("{{ s * n }}", {"s": "ab", "n": 10**9}),
    ("{% for i in range(n) %}{% for j in range(n) %}{% endfor %}{% endfor %}", {"n": 99999}),
    ("{% for i in range(n) %}{{ s }}{% endfor %}", {"n": 100000, "s": "x" * 1000}),
    ("{% set ns = namespace(s=s) %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
     "{% endfor %}{{ ns.s | length }}", {"s": "ab"}),
    ("{% set ns = namespace(s=s) %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}"
     "{% endfor %}", {"s": "ab"}),
    ("{{ s | replace('', s) }}", {"s": "a" * 100000}),
]


@pytest.mark.parametrize(("source", "scope"), DATA_BOMBS)
def test_data_dependent_bombs_fail_the_phase(source: str, scope: dict) -> None:
    start = time.monotonic()
    with pytest.raises(TemplateLimit):
        render(source, scope)
    assert time.monotonic() - start < 10


#: one field, one table entry, one word: the result is a multiple of a value, refused
#: before Python builds it (these built 100 MB, then 9 GB at a bigger value, first)
MULTIPLIED = [
    ("{{ t.translate({97: s}) }}", {"t": "a" * 1000, "s": "x" * 100_000}),
    ("{{ f.format(s) }}", {"f": "{0}" * 1000, "s": "x" * 100_000}),
    ("{{ f.format_map({'a': s}) }}", {"f": "{a}" * 1000, "s": "x" * 100_000}),
    ("{{ f % {'a': s} }}", {"f": "%(a)s" * 1000, "s": "x" * 100_000}),
    ("{{ f | format(a=s) }}", {"f": "%(a)s" * 1000, "s": "x" * 100_000}),
]


@pytest.mark.parametrize(("source", "scope"), MULTIPLIED)
def test_multiplying_calls_are_refused_before_they_allocate(source: str, scope: dict) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(TemplateLimit):
            render(source, scope)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024


def test_wrapping_a_long_word_is_bounded_and_ordinary_wrapping_is_not() -> None:
    start = time.process_time()  # CPU time: a loaded machine does not stretch it
    with pytest.raises(TemplateLimit):  # textwrap is quadratic in a word past the width
        render("{{ s | wordwrap(1) }}", {"s": "x" * 300_000})
    assert time.process_time() - start < 1
    assert render("{{ s | wordwrap(4) }}", {"s": "hola mundo"}) == "hola\nmund\no"
    text = "palabra " * 50_000
    assert render("{{ s | wordwrap(79) }}", {"s": text}).count("\n") == 50_000 // 10 - 1


def test_expressions_are_bounded_too() -> None:
    with pytest.raises(TemplateLimit):
        evaluate("price ** price > 3", {"price": 10**7})


@pytest.mark.parametrize(("source", "expected"), [
    ("{{ 2 ** 10 }}", "1024"), ("{{ 'ab' * 3 }}", "ababab"), ("{{ range(3) | list }}",
                                                              "[0, 1, 2]"),
    ("{{ 'a' | center(5) }}", "  a  "), ("{{ [1] * 3 }}", "[1, 1, 1]"),
    ("{{ '%05d' % 42 }}", "00042"), ("{{ 'x'.ljust(3) }}|", "x  |"),
    ("{{ (2 ** 64) % 7 }}", str((2**64) % 7)), ("{{ 1.5 ** 2 }}", "2.25"),
    ("{{ ['a', 'b'] | join('-') }}", "a-b"), ("{{ 'aa' | replace('a', 'bb') }}", "bbbb"),
    # a generator is measured and then joined: "map(...) | join" rendered "" (the bound
    # read the generator, the join got it spent)
    ("{{ ['a', 'b'] | map('upper') | join(', ') }}", "A, B"),
    ("{{ ['a', '', 'b'] | select | join('-') }}", "a-b"),
    ("{{ [{'n': 1}, {'n': 2}] | map(attribute='n') | join }}", "12"),
])
def test_ordinary_templates_still_render(source: str, expected: str) -> None:
    assert make_env().from_string(source).render() == expected
    assert not analyse(source).bombs


def test_report_environment_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "r.md.j2").write_text("{{ 'a' * 10**10 }}")
    (tmp_path / "ok.html.j2").write_text("{{ x }}")
    env = make_report_env(tmp_path)
    with pytest.raises(SandboxLimit):
        env.get_template("r.md.j2").render()
    assert env.get_template("ok.html.j2").render(x="<b>") == "&lt;b&gt;"  # autoescape kept


def test_output_of_one_render_is_capped() -> None:
    with pytest.raises(SandboxLimit):
        make_env().from_string("{% for i in range(20) %}{{ s }}{% endfor %}").render(
            s="x" * (MAX_LEN // 10))


PIPELINE = """\
apiVersion: scout/v1
name: small
inputs:
  destination: {type: place, required: true}
phases:
  F0:
    uses: task
    produces: [task]
  F1:
    uses: search
    needs: [task]
    produces: [candidates]
    chain: web
    with:
      query: "hotels in {{ task.destination }}"
      limit: 5
      extract: {record: candidate, exclude_patterns: ["x"]}
"""


def test_validate_reports_a_bomb_with_its_location(tmp_path: Path) -> None:
    spec = tmp_path / "p.yaml"
    spec.write_text(PIPELINE.replace('"hotels in {{ task.destination }}"',
                                     '"hotels {{ (9**(9**9)) % 7 }} {{ task.destination }}"'))
    start = time.monotonic()
    result = validate_paths([spec])
    assert time.monotonic() - start < 10
    bombs = [p for p in result.problems if p.code == "SPEC070"]
    assert bombs and bombs[0].location.line == 15 and bombs[0].location.col > 1


@pytest.mark.parametrize("source", ["{{ task.features | join(', ') }}", "{{ 1 // task.zero }}",
                                    "{{ task.features[3] }}"])
def test_a_template_that_fails_on_its_data_fails_the_phase_not_the_run(source: str) -> None:
    """``task.features | join`` with no features (None) raised a bare TypeError out of the
    runner's fingerprinting: the mission died with a traceback (a used-cars request that
    named no feature). The phase fails with the template and the reason; fingerprinting
    keeps the text as written."""
    from scout.errors import StepError
    from scout.orchestrator.scope import render_known

    scope = {"task": {"features": None, "zero": 0}}
    assert render_known(source, scope) == source
    with pytest.raises(StepError, match=r"template .\{\{ "):
        render(source, scope)


@pytest.mark.parametrize(("source", "expression"), [
    ("(" * 3000 + "x" + ")" * 3000, True),
    (" and ".join(["c.price.amount > 1"] * 3000), True),
    ("[" * 3000 + "]" * 3000, True),
    ("{{ " + "(" * 3000 + "x" + ")" * 3000 + " }}", False),
])
def test_nesting_past_jinjas_recursion_is_a_parse_problem(source: str, expression: bool) -> None:
    # Jinja's parser and node walk recurse: a kind's expression thousands deep raised
    # RecursionError out of `scout validate` (a traceback), not a located SPEC050
    from scout.spec.templating import JinjaCheckError

    with pytest.raises(JinjaCheckError, match="nested too deeply"):
        analyse(source, expression=expression)
    assert analyse("(((x)))", expression=True).names == frozenset({"x"})



@pytest.mark.parametrize("source", [
    "c.price.amount) }}{{ (c.rating", "c.price.amount) }}text{{ (1",
    "x) }}{% for i in range(9) %}{{ (i) }}{% endfor %}{{ (x",
])
def test_an_expression_that_closes_its_wrapping_is_a_parse_problem(source: str) -> None:
    # the check wraps an expression in "{{ ( ... ) }}": one that closed it and went on
    # passed `scout validate`, and the run's compile_expression refused it
    from scout.spec.templating import JinjaCheckError

    with pytest.raises(JinjaCheckError, match="more than one expression"):
        analyse(source, expression=True)
    with pytest.raises(Exception, match="unexpected"):
        evaluate(source, {"c": {}, "x": 1})
    assert analyse("c.price.amount if c.price else none", expression=True).names == {"c"}


SELF_CALLING = "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}"


def test_a_template_that_calls_itself_is_a_bound_not_a_bug(tmp_path: Path) -> None:
    """A macro that calls itself, or a report template that includes or extends itself,
    ran until Python's stack ended: a RecursionError the runner files as a bug in scout
    (RUN000). It is the template's bound crossed (RUN020), wherever the template is."""
    from scout.orchestrator.scope import render_known
    from scout.steps.report import _render

    with pytest.raises(TemplateLimit, match="calls itself"):
        render(SELF_CALLING + "{{ task.x }}", {"task": {"x": 1}})
    assert render_known(SELF_CALLING + "{{ task.x }}", {"task": {"x": 1}}).startswith("{%")
    (tmp_path / "inc.md.j2").write_text('{% include "ring.md.j2" %}')
    (tmp_path / "ring.md.j2").write_text('x{% include "inc.md.j2" %}')
    (tmp_path / "ext.md.j2").write_text('{% extends "ext.md.j2" %}')
    (tmp_path / "mac.md.j2").write_text(SELF_CALLING)
    env = make_report_env(tmp_path)
    for name in ("inc.md.j2", "ext.md.j2", "mac.md.j2"):
        with pytest.raises(TemplateLimit, match="calls itself"):
            _render(env, name, {}, "F9", tmp_path)
    assert make_env().from_string("{% macro m(n) %}{{ n }}{% if n %}{{ m(n - 1) }}"
                                  "{% endif %}{% endmacro %}{{ m(3) }}").render() == "3210"


def test_templates_inside_one_another_are_bounded_in_depth_and_number(tmp_path: Path) -> None:
    """A report template that includes itself rendered itself whole at every level until
    Python's stack ended (90 s for a kind's report), and one that includes itself twice
    doubles at every level: the nesting and the number of nested renders are bounds."""
    from jinja2 import DictLoader

    from scout.spec.sandbox import MAX_NESTED_RENDERS, MAX_NESTING, BoundedSandbox
    from scout.spec.sandboxsize import SandboxLimit

    env = BoundedSandbox(loader=DictLoader({
        "self": "x{% include 'self' %}",
        "fan": "{% set d = (d or 0) + 1 %}{% if d < 15 %}{% include 'fan' %}"
               "{% include 'fan' %}{% endif %}",
        "tree": "<{% set d = (d or 0) + 1 %}{% if d < 6 %}{% include 'tree' %}{% endif %}>",
        "rows": "{% for i in range(300) %}{% include 'row' %}{% endfor %}", "row": "r",
    }))
    with pytest.raises(SandboxLimit, match=f"more than {MAX_NESTING} deep"):
        env.get_template("self").render()
    with pytest.raises(SandboxLimit, match=f"more than {MAX_NESTED_RENDERS:,} included"):
        env.get_template("fan").render()
    # a tree as deep as its data, a partial per row, and the count starts again per render
    assert env.get_template("tree").render() == "<<<<<<>>>>>>"
    for _ in range(10):
        assert env.get_template("rows").render() == "r" * 300


class _Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("main", [
    "{% for n in range(2000) %}{% include 'quiet' %}{% endfor %}",   # includes in a loop
    "{% for a in range(1000) %}{% for b in range(1000) %}{% endfor %}{% endfor %}",
    "{% for n in range(2000) %}{% include 'loud' %}{% endfor %}",    # output only
])
def test_a_render_gets_a_time_budget_for_all_its_templates(main: str) -> None:
    """2,000 includes of a template that loops a million times writing nothing passed
    every other bound and rendered for an hour: the render's clock is read at each
    template, loop step and piece of output, and past its budget it is a bound crossed
    (RUN020 from the report step, never a hang)."""
    from jinja2 import DictLoader

    from scout.steps.report import _render

    env = make_env(loader=DictLoader({
        "main": main, "small": "{% for i in range(30) %}{% include 'row' %}{% endfor %}",
        "quiet": "{% for i in range(100) %}{% endfor %}", "loud": "{{ 1 }}" * 50,
        "row": "r"}))
    env.render_clock, env.render_seconds = _Ticks(), 100.0
    with pytest.raises(TemplateLimit, match=r"takes more than 100 s to render") as err:
        _render(env, "main", {}, "F6", Path("."))
    assert err.value.code == "RUN020" and "report template 'main'" in str(err.value)
    # a render of its own size passes, the budget counted afresh for each render
    for _ in range(3):
        assert env.get_template("small").render() == "r" * 30
