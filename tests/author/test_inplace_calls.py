"""SPEC091: a template or expression calling a method that changes a value in place
(``parts.append(x)``, ``d.update(e)``) validates no more: Jinja's sandbox refuses it only
when the report renders ("access to attribute 'append' of 'list' object is unsafe"),
after the mission's searches were paid for. Found writing the driving schools kind, whose
table built its "how it was worked out" cell with ``append``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scout.spec.templating import analyse
from tests.author.helpers import ROOT, run

SLIPS = """
{% set parts = [] %}{% set _x = parts.append(task.place) %}
{{ {'a': 1}.update({'b': 2}) }}
{% set whole = parts + [task.place] %}{{ whole | join(' + ') }}
"""


def _validated(tmp_path: Path, pipeline_extra: str = "") -> tuple[Path, list[dict]]:
    project = tmp_path / "used-cars"
    shutil.copytree(ROOT / "examples" / "used-cars", project)
    tmpl = project / "templates" / "used_cars_report.md.j2"
    tmpl.write_text(tmpl.read_text() + SLIPS)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(project)
        mp.setenv("SCOUTE_RESEARCH_ROOT", str(project))
        mp.delenv("SCOUTE_CONFIG", raising=False)
        code, out, _ = run("validate", "--format", "json", "pipelines")
    assert code == 2
    return project, [p for f in json.loads(out)["files"] for p in f["problems"]]


def test_a_report_template_s_inplace_calls_are_located_errors(tmp_path: Path) -> None:
    project, problems = _validated(tmp_path)
    found = [p for p in problems if p["code"] == "SPEC091"]
    assert [("append" in p["message"], "update" in p["message"]) for p in found] == \
        [(True, False), (False, True)]
    lines = (project / "templates" / "used_cars_report.md.j2").read_text().splitlines()
    assert [p["line"] for p in found] == [
        next(i for i, row in enumerate(lines, 1) if "parts.append" in row),
        next(i for i, row in enumerate(lines, 1) if ".update(" in row)]
    assert all(p["severity"] == "error" and "parts + [x]" in p["hint"] for p in found)
    # building a new value is no such call
    assert not any("join" in p["message"] for p in found)


@pytest.mark.parametrize("source, methods", [
    ("{% set _ = seen.add(c.name) %}", ["add"]),
    ("{{ items.sort() or items }}", ["sort"]),
    ("{{ d.setdefault('k', 1) }} {{ xs.extend(ys) }}", ["setdefault", "extend"]),
    ("{{ c.name.upper() }} {{ d.items() | list }} {{ xs + [1] }}", []),   # no change
])
def test_which_calls_change_a_value_in_place(source: str, methods: list[str]) -> None:
    assert [m for m, _ in analyse(source).inplace] == methods


def test_a_pipeline_expression_calling_one_is_an_error(tmp_path: Path) -> None:
    from scout.validate import validate_paths
    from tests.spec.test_rank_items import CONFIG, HEAD

    path = tmp_path / "p.yaml"
    path.write_text(HEAD + "  R1: {uses: rank, needs: [candidates], produces: [shortlist], "
                    "with: {items: candidates, as: h, where: \"h.flags.append('x') or true\"}}\n")
    found = [p for p in validate_paths([path], config=CONFIG).files[0].problems
             if p.code == "SPEC091"]
    assert len(found) == 1 and "'.append()'" in found[0].message
