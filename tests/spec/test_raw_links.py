"""SPEC094: a kind's report template that links a raw URL is warned of, and none of the
example kinds does (a page's URL with a space or a bracket would end the link early)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.errors import Location
from scout.validate.rawlinks import raw_link_problems

ROOT = Path(__file__).resolve().parents[2]


def _loc(lineno: int, token: str = "") -> Location:
    return Location("t.md.j2", lineno, 1)


@pytest.mark.parametrize("source", [
    "| [{{ citations.cite(c.url, c.name) }}]({{ c.url }}) |",
    "- [{{ _('listing') }}]({{item.candidate.url}})",
    "[x]( {{- ev.url -}} )",
    "[{{ t }}]({{ link | trim }})",
])
def test_a_raw_link_target_is_warned_of(source: str) -> None:
    found = raw_link_problems("{% import '_report.md.j2' as r with context %}\n" + source,
                              "F9", _loc)
    assert [p.code for p in found] == ["SPEC094"]
    assert found[0].severity == "warning" and found[0].location.line == 2
    assert "md_link_url" in (found[0].hint or "")


@pytest.mark.parametrize("source", [
    "[{{ c.name }}]({{ r.md_link_url(c.url) }})",
    "[{{ c.name }}]({{- r.md_link_url(item.candidate.url) -}})",
    "{{ c.url }} (no link)",
    "[a] ({{ c.url }})",   # no Markdown link: a space between the brackets
])
def test_an_escaped_target_or_no_link_is_not(source: str) -> None:
    assert raw_link_problems(source, "F9", _loc) == []


def test_no_example_kind_links_a_raw_url() -> None:
    templates = sorted((ROOT / "examples").glob("*/templates/*.j2"))
    assert len(templates) > 50
    bad = [f"{p.relative_to(ROOT)}: {q.message}" for p in templates
           for q in raw_link_problems(p.read_text(encoding="utf-8"), "P", _loc)]
    assert not bad, "\n".join(bad)
