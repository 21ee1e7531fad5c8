"""A filter or test named as a string (``map("upper")``, ``select("odd")``,
``selectattr("price", "defined")``) is checked by ``scout validate`` like one written
``| upper`` or ``is odd``: a misspelt one is SPEC053 with the did-you-mean hint, located
at its line, in a pipeline's ``with:`` templates and in report templates alike."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment

from scout.spec.filtercall import named_in
from tests.author.helpers import ROOT, run

#: each call form naming a misspelt filter or test: (template expression, kind, name, hint)
WRONG = [
    ("xs | map('gettext') | list", "filter", "gettext", None),
    ("xs | map('lenght') | list", "filter", "lenght", "did you mean 'length'?"),
    ("xs | select('od') | list", "test", "od", "did you mean 'odd'?"),
    ("xs | reject('equalsto', 3) | list", "test", "equalsto", "did you mean 'equalto'?"),
    ("xs | selectattr('price', 'defind') | list", "test", "defind", "did you mean 'defined'?"),
    ("xs | rejectattr('x', 'nonesuch') | list", "test", "nonesuch", None),
]
#: the same forms called rightly, and names that are not a filter's or test's: silent
RIGHT = ("{{ xs | map('upper') | select('odd') | reject('equalto', 3) | list }}"
         "{{ xs | selectattr('price', 'defined') | rejectattr('x', 'none') | list }}"
         "{{ xs | map(attribute='price') | list }}{{ xs | sort(attribute='x') | list }}"
         "{{ xs | map(task.city) | select(task.city) | selectattr('lenght') | list }}")


@pytest.mark.parametrize("source, named", [
    ("{{ x | map('upper') }}", ("filter", "upper")),
    ("{{ x | map('round', 2) }}", ("filter", "round")),
    ("{{ x | select('odd') }}", ("test", "odd")),
    ("{{ x | reject('equalto', 3) }}", ("test", "equalto")),
    ("{{ x | selectattr('a', 'defined') }}", ("test", "defined")),
    ("{{ x | rejectattr('a', 'none') }}", ("test", "none")),
    ("{{ x | map(attribute='a') }}", None),  # an attribute, not a filter
    ("{{ x | sort(attribute='a') }}", None),
    ("{{ x | selectattr('a') }}", None),  # the attribute's truth: no test
    ("{{ x | map(f) }}", None),  # known at run time only
    ("{{ x | select(*tests) }}", None),
    ("{{ x | select(3) }}", None),
    ("{{ x | upper('odd') }}", None),  # a filter that names none
])
def test_named_in_reads_jinjas_signatures(source: str, named: tuple[str, str] | None) -> None:
    [node] = Environment().parse(source).body[0].nodes
    assert named_in(node) == named


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the restaurant kind with its config and templates."""
    for d in ("config", "templates"):
        shutil.copytree(ROOT / d, tmp_path / d)
    (tmp_path / "pipelines").mkdir()
    shutil.copy(ROOT / "pipelines" / "restaurant_research.yaml", tmp_path / "pipelines")
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    return tmp_path


def _problems(project: Path) -> list[dict]:
    _, out, _ = run("validate", "--format", "json", str(project / "pipelines"))
    return [p for f in json.loads(out)["files"] for p in f["problems"]]


def _in_with(project: Path, lines: list[str]) -> Path:
    """``lines`` in a block-scalar ``query:`` of the pipeline."""
    spec = project / "pipelines" / "restaurant_research.yaml"
    text = spec.read_text()
    old = next(line for line in text.splitlines() if line.strip().startswith("query:"))
    indent = " " * (len(old) - len(old.lstrip()) + 2)
    body = "".join(f"\n{indent}{line}" for line in ["{% set xs = [task.city] %}", *lines])
    spec.write_text(text.replace(old, f"{indent[:-2]}query: |{body}", 1))
    return spec


def _in_report(project: Path, lines: list[str]) -> Path:
    tmpl = project / "templates" / "restaurant_report.md.j2"
    tmpl.write_text(tmpl.read_text() + "".join(
        f"{line}\n" for line in ["{% set xs = [task.city] %}", *lines]))
    return tmpl


def _check(project: Path, where: Path) -> None:
    problems = [p for p in _problems(project) if p["code"] == "SPEC053"]
    lines = where.read_text().splitlines()
    for expr, kind, name, hint in WRONG:
        [p] = [p for p in problems if f"unknown Jinja {kind} '{name}'" in p["message"]]
        assert p["file"] == str(where), p
        line = lines[p["line"] - 1]
        assert expr in line and line[p["col"] - 1:].startswith(name), p
        if hint:
            assert p["hint"] == hint, p
    assert len(problems) == len(WRONG), problems


@pytest.mark.parametrize("put", [_in_with, _in_report], ids=["with", "report"])
def test_each_misspelt_name_is_spec053_where_it_is(project: Path, put: Any) -> None:
    # one per line, so that each is located at its own line
    _check(project, put(project, ["{{ " + expr + " }}" for expr, *_ in WRONG]))


@pytest.mark.parametrize("put", [_in_with, _in_report], ids=["with", "report"])
def test_the_right_calls_are_silent(project: Path, put: Any) -> None:
    put(project, [RIGHT])
    assert [p for p in _problems(project) if p["severity"] == "error"] == []
