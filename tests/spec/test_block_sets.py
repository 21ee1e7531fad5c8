"""A ``{% set %}`` inside a loop (or another scoped block) does not change the name
outside it in Jinja: scout.validate.block_sets finds the sets meant for after the block,
and leaves alone the ones that are not (a namespace's, a name used only inside)."""

from __future__ import annotations

import jinja2
import pytest

from scout.validate.block_sets import block_sets
from scout.validate.template_facts import parse_env

FOUND = [
    ("{% set seen = [] %}\n{% for c in cs %}{% set seen = seen + [c] %}{% endfor %}\n{{ seen }}",
     [("seen", 2, 1, "for loop")]),
    # an if has no scope: its set before the loop counts, and so does one inside the loop
    ("{% if a %}{% set n = 0 %}{% endif %}{% for c in cs %}{% if c %}\n{% set n = n + 1 %}"
     "{% endif %}{% endfor %}{% if n %}x{% endif %}", [("n", 2, 1, "for loop")]),
    ("{% set t %}a{% endset %}{% with %}{% set t %}b{% endset %}{% endwith %}{{ t }}",
     [("t", 1, 1, "with block")]),
    ("{% set x = 1 %}{% filter upper %}{% set x = 2 %}{% endfilter %}{{ x }}",
     [("x", 1, 1, "filter block")]),
    # inside a loop, a loop inside it
    ("{% for r in rows %}{% set total = 0 %}\n{% for c in r %}\n{% set total = total + c %}"
     "{% endfor %}{{ total }}{% endfor %}", [("total", 3, 1, "for loop")]),
    ("{% set a, b = 1, 2 %}{% for c in cs %}{% set a, b = c, c %}{% endfor %}{{ a }}",
     [("a", 1, 1, "for loop")]),
]

LEFT = [
    # a namespace is what a loop changes
    "{% set ns = namespace(seen=[]) %}{% for c in cs %}{% set ns.seen = ns.seen + [c] %}"
    "{% endfor %}{{ ns.seen }}",
    # used only inside the loop, or never read after it
    "{% set x = 1 %}{% for c in cs %}{% set x = c %}{{ x }}{% endfor %}",
    "{% for c in cs %}{% set x = c %}{{ x }}{% endfor %}{{ x | default('') }}",
    # an if at the template's level changes the name
    "{% set x = 1 %}{% if a %}{% set x = 2 %}{% endif %}{{ x }}",
    # set after the loop, not before it
    "{% for c in cs %}{% set x = c %}{% endfor %}{% set x = 3 %}{{ x }}",
]


@pytest.mark.parametrize("source, want", FOUND)
def test_a_set_the_block_keeps_is_found(source: str, want: list) -> None:
    assert block_sets(parse_env().parse(source)) == want


@pytest.mark.parametrize("source", LEFT)
def test_a_set_meant_for_the_block_is_left_alone(source: str) -> None:
    assert block_sets(parse_env().parse(source)) == []


@pytest.mark.parametrize("source, shown", [(FOUND[0][0], "[]"), (FOUND[2][0], "a"),
                                           (FOUND[3][0], "1")])
def test_jinja_does_keep_those_values_to_the_block(source: str, shown: str) -> None:
    """What the warning says is what Jinja does: after the block, the value set before."""
    assert jinja2.Environment().from_string(source).render(cs=[1, 2]).strip() == shown
