"""The validator's parse-only environment reads every report template as the report's own.

scout.validate.template_facts.parse_env parses report templates for the checks without
building the report's environment (scout.report.render.make_report_env: the renderer,
its catalogs and filters, a sixth of a cold ``scout validate``). What the checks report is
only right while both read the same tree: same nodes, same fields, same line numbers, same
syntax errors. These tests compare them over every template in the repository and over
hostile texts that lean on each syntax setting (whitespace control, ``{% trans %}``, raw
blocks, trailing newlines).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import pytest
from jinja2 import nodes

from scout.report.files import BUILTIN
from scout.report.render import make_report_env
from scout.spec import templating
from scout.spec.templating import make_env
from scout.validate.template_facts import facts_of, parse_env

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(p for p in ROOT.rglob("*.j2")
                   if ".git" not in p.parts and ".venv" not in p.parts)

HOSTILE = [
    "{% trans %}Hello {{ name }}{% endtrans %}\n",
    "{% trans count=n %}one{% pluralize %}{{ count }} many{% endtrans %}",
    "  {% if x %}\n    {{ y }}\n  {% endif %}\n\n",
    "{%- if a -%}  {{- b -}}  {%- endif -%}\n",
    "{%+ if a %}x{% endif +%}\n  {# note #}\n",
    "{% raw %}{{ not parsed }}{% endraw %}\n",
    "line 1\n\n\t{% for i in items %}\n\t{{ i }}\n\t{% endfor %}\n",
    "{{ _('Hotels in %(place)s', place=task.destination) }}\r\n{{ x }}\r\n",
    "{% set a %}\n  body\n{% endset %}{{ a }}",
    "{% macro m(x) %}\n  {{ x }}\n{% endmacro %}\n{{ m(1) }}",
    "{{ 'a' ~ \"b\" }} {{ 9 ** 9 }} {{ [1, 2] | join(', ') }}",
]
#: ``with:``, ``if:`` and expression strings, as scout.spec.templating wraps them
STRINGS = ["{{ hotel.name }} reviews {{ task.destination }}",
           "{{ (price <= task.budget.amount and (rating or 0) >= 8) }}",
           "{{ (h.price | stated('€/night', pick='max')) }}",
           "{{ (x) }}{{ (y) }}", "{{ (x) }}}}{{ (y) }}", "{{ ('a' * 10**10) }}",
           "{{ (9 ** (9 ** 9)) }}", "{% for h in items %}{{ h.name }}\n{% endfor %}\n",
           "{{ (1 if a else 2) }}\n\n", "{{ ([1, 2, 3] | map('string') | join) }}"]
BROKEN = ["{% if x %}", "{{ a b }}", "{% trans %}{% for x in y %}{% endtrans %}",
          "{% endif %}", "{{ x |}}", "line\n\n  {% for %}\n"]


def _report_env() -> Any:
    env = make_report_env(BUILTIN)
    env.values_as_written = False  # what the checks read: the template as written
    return env


def _dump(node: Any) -> Any:
    """A node's whole tree, line numbers included (Jinja's ``==`` leaves them out)."""
    if isinstance(node, nodes.Node):
        return (type(node).__name__, node.lineno,
                tuple((f, _dump(getattr(node, f, None))) for f in node.fields))
    if isinstance(node, (list, tuple)):
        return tuple(_dump(n) for n in node)
    return node


def _parsed(env: Any, source: str, name: str | None = None) -> Any:
    try:
        return _dump(env.parse(source, name=name))
    except jinja2.TemplateSyntaxError as exc:
        return ("error", exc.message, exc.lineno)


def test_the_repository_has_templates_to_compare() -> None:
    assert len(TEMPLATES) > 20
    assert any(BUILTIN in p.parents for p in TEMPLATES)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_template_parses_to_the_same_tree(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    expected = _parsed(_report_env(), source, path.name)
    assert _parsed(parse_env(), source, path.name) == expected
    if expected[0] != "error":
        tree = parse_env().parse(source, name=path.name)
        assert facts_of(tree) == facts_of(_report_env().parse(source, name=path.name))


@pytest.mark.parametrize("source", HOSTILE + BROKEN)
def test_hostile_and_broken_texts_read_the_same(source: str) -> None:
    assert _parsed(parse_env(), source) == _parsed(_report_env(), source)


@pytest.mark.parametrize("source", STRINGS + HOSTILE + BROKEN)
def test_spec_strings_read_the_same_as_in_the_sandbox(source: str) -> None:
    assert _parsed(templating.parse_env(), source) == _parsed(make_env(), source)


@pytest.mark.parametrize("which", ["report", "spec"])
def test_the_settings_that_shape_a_tree_are_the_renderers(which: str) -> None:
    """What Jinja's lexer is built from, and the tags extensions add: a setting added to
    the report's (or every template's) environment and not to the parse-only one fails
    here."""
    ours, theirs = ((parse_env(), _report_env()) if which == "report"
                    else (templating.parse_env(), make_env()))
    for attr in ("block_start_string", "block_end_string", "variable_start_string",
                 "variable_end_string", "comment_start_string", "comment_end_string",
                 "line_statement_prefix", "line_comment_prefix", "trim_blocks",
                 "lstrip_blocks", "newline_sequence", "keep_trailing_newline",
                 "newstyle_gettext"):
        assert getattr(ours, attr) == getattr(theirs, attr), attr
    tags = {tag: type(ext).__name__ for ext in theirs.iter_extensions() for tag in ext.tags}
    assert {tag: type(ext).__name__ for ext in ours.iter_extensions()
            for tag in ext.tags} == tags
    # an extension that rewrites the token stream or the source must be inert as the
    # checks read templates, or be the parse-only environment's too
    source = "{{ x }}\n{% if y %}{{ y.z | money }}{% endif %}"
    for ext in theirs.iter_extensions():
        assert list(ext.filter_stream(theirs._tokenize(source, None))) \
            == list(ours._tokenize(source, None))
        assert ext.preprocess(source, None) == source
