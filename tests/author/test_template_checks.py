"""Report templates are part of the spec: `scout validate` checks them, located in the
template file; a template error at run time is a located user error (SPEC056)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scout.testing import FakeProviders, Result, run_pipeline
from tests.author.helpers import ROOT, run


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


def _validate(project: Path) -> tuple[int, list[dict]]:
    code, out, _ = run("validate", "--format", "json", str(project / "pipelines"))
    return code, [p for f in json.loads(out)["files"] for p in f["problems"]]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_shipped_kind_is_clean(project: Path) -> None:
    assert _validate(project) == (0, [])


def test_task_field_that_is_not_an_input(project: Path) -> None:
    tmpl = project / "templates" / "restaurant_report.md.j2"
    text = tmpl.read_text()
    line_no = next(i for i, line in enumerate(text.splitlines(), 1) if "task.city" in line)
    tmpl.write_text(text.replace("task.city", "task.destination", 1))
    code, problems = _validate(project)
    assert code == 2
    [p] = [p for p in problems if p["code"] == "SPEC052"]
    line = tmpl.read_text().splitlines()[line_no - 1]
    assert p["file"] == str(tmpl) and p["line"] == line_no
    assert line[p["col"] - 1:].startswith("task.destination")
    assert "'task.destination'" in p["message"] and "restaurant-research" in p["message"]


def test_artifact_used_but_not_in_needs_says_the_fix(project: Path) -> None:
    _edit(project / "pipelines" / "restaurant_research.yaml",
          "needs: [task, shortlist, candidates, reviews, prices, synthesis]",
          "needs: [task, shortlist, reviews, prices, synthesis]")
    code, problems = _validate(project)
    assert code == 2
    hits = [p for p in problems if p["code"] == "SPEC051"]
    assert hits and all(p["file"].endswith("restaurant_report.md.j2") for p in hits)
    assert hits[0]["hint"] == "add 'candidates' to F6's needs (produced by F1)"
    assert hits[0]["line"] > 0 and hits[0]["col"] > 1


def test_a_misspelt_need_of_the_report_is_one_error_not_one_per_use(project: Path) -> None:
    # `needs: [..., candidate, ...]`: SPEC021 says it once; the template's uses of
    # 'candidates' (SPEC051) and 'candidates' read by nobody (SPEC055) were knock-ons
    _edit(project / "pipelines" / "restaurant_research.yaml",
          "needs: [task, shortlist, candidates, reviews, prices, synthesis]",
          "needs: [task, shortlist, candidate, reviews, prices, synthesis]")
    code, problems = _validate(project)
    assert code == 2
    assert [(p["code"], p["hint"]) for p in problems] == [
        ("SPEC021", "did you mean 'candidates'?")], problems


def test_misspelled_name_gets_did_you_mean(project: Path) -> None:
    _edit(project / "templates" / "restaurant_report.md.j2", "shortlist.items", "shortlst.items")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC051"][:1]
    assert code == 2 and p["hint"] == "did you mean 'shortlist'?"


def test_template_syntax_error_is_located_in_the_template(project: Path) -> None:
    tmpl = project / "templates" / "restaurant_report.md.j2"
    tmpl.write_text(tmpl.read_text() + "\n{% if task.city %}\nunclosed\n")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC050"]
    assert code == 2 and p["file"] == str(tmpl) and p["line"] >= len(tmpl.read_text().splitlines()) - 1


def test_a_wrong_tag_is_located_at_its_line_and_word_in_the_template(project: Path) -> None:
    tmpl = project / "templates" / "restaurant_report.md.j2"
    lines = tmpl.read_text().splitlines()
    at = len(lines) // 2  # mid-file: not the first line, not the last
    lines.insert(at, "text {% if task.city %}{{ task.city }}{% endfi %}")
    tmpl.write_text("\n".join(lines) + "\n")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC050"]
    assert code == 2 and p["file"] == str(tmpl) and p["line"] == at + 1
    assert lines[at][p["col"] - 1:].startswith("endfi")


def test_a_block_scalar_query_error_is_located_at_its_yaml_line(project: Path) -> None:
    spec = project / "pipelines" / "restaurant_research.yaml"
    text = spec.read_text()
    old = next(line for line in text.splitlines() if line.strip().startswith("query:"))
    indent = " " * (len(old) - len(old.lstrip()))
    block = (f"{indent}query: |\n{indent}  restaurants in\n{indent}  {{{{ task.city }}}}\n"
             f"{indent}  {{{{ task.city | upper( }}}}")
    spec.write_text(text.replace(old, block, 1))
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC050"]
    want = spec.read_text().splitlines().index(f"{indent}  {{{{ task.city | upper( }}}}") + 1
    assert code == 2 and p["file"] == str(spec) and (p["line"], p["col"]) == (want, len(indent) + 3)


@pytest.mark.parametrize("code, wrong, token", [
    ("SPEC051", "{{ ciudad }}", "ciudad"),
    ("SPEC052", "{{ task.citty }}", "citty"),
    ("SPEC053", "{{ task.city | mony }}", "mony"),
    ("SPEC053", "{% if task.city is citty %}x{% endif %}", "citty"),
    ("SPEC057", "{{ task.city | shorten('x', 'y', 'z') }}", "shorten")])
def test_a_block_scalar_use_problem_is_located_at_its_yaml_line(
        project: Path, code: str, wrong: str, token: str) -> None:
    """SPEC051-057 in a multi-line value pointed at its key's line, not the line that
    holds the wrong name (SPEC050 already did, scout/spec/scalarlines.py)."""
    spec = project / "pipelines" / "restaurant_research.yaml"
    text = spec.read_text()
    old = next(line for line in text.splitlines() if line.strip().startswith("query:"))
    indent = " " * (len(old) - len(old.lstrip()))
    spec.write_text(text.replace(old, f"{indent}query: |\n{indent}  restaurants in\n"
                                 f"{indent}  {{{{ task.city }}}}\n{indent}  {wrong}", 1))
    _, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == code]
    lines = spec.read_text().splitlines()
    want = lines.index(f"{indent}  {wrong}") + 1
    assert (p["file"], p["line"]) == (str(spec), want), p
    assert lines[want - 1][p["col"] - 1:].startswith(token), p


def test_unknown_filter_in_template(project: Path) -> None:
    _edit(project / "templates" / "restaurant_report.md.j2", "| money", "| mony")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC053"][:1]
    assert code == 2 and p["hint"] == "did you mean 'money'?" and p["file"].endswith(".j2")


def test_imported_partials_are_checked_where_they_are(project: Path) -> None:
    # the shared sections are built in; a project's own copy of the same name wins
    partial = project / "templates" / "_report.md.j2"
    shutil.copy(ROOT / "scout" / "report" / "builtin" / "_report.md.j2", partial)
    _edit(partial, "{% set degraded = mission.degraded_phases %}",
          "{% set degraded = missoin.degraded_phases %}")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC051"]
    assert code == 2 and p["file"] == str(partial) and p["hint"] == "did you mean 'mission'?"


def test_the_shared_sections_task_fields_are_checked(project: Path) -> None:
    """_report.md.j2's sections take the Task as a parameter: their ``task.x`` is checked
    against the pipeline's inputs like the kind's own template's."""
    partial = project / "templates" / "_report.md.j2"
    shutil.copy(ROOT / "scout" / "report" / "builtin" / "_report.md.j2", partial)
    _edit(partial, "{% for name in task.past_inputs %}", "{% for name in task.past_input %}")
    code, problems = _validate(project)
    [p] = [p for p in problems if p["code"] == "SPEC052"]
    assert code == 2 and p["file"] == str(partial) and "'task.past_input'" in p["message"]
    assert p["hint"] == "did you mean 'past_inputs'?"


def test_unused_input_and_unread_artifact_are_warnings(project: Path) -> None:
    pipe = project / "pipelines" / "restaurant_research.yaml"
    _edit(pipe, "  budget:     {type: money,",
          "  parking:    {type: string}\n  budget:     {type: money,")
    _edit(pipe, "    produces: [prices]", "    produces: [prices, menus]")
    code, problems = _validate(project)
    assert code == 0  # warnings do not fail validation
    warn = {(p["code"], p["severity"], p["message"]) for p in problems}
    assert ("SPEC055", "warning", "input 'parking' is declared but nothing reads it") in warn
    assert ("SPEC055", "warning",
            "artifact 'menus' (produced by F4) is never read by another phase") in warn


def test_template_error_at_run_time_is_located_never_run000(project: Path, tmp_path: Path) -> None:
    # names are right (validate passes) but the data has no such attribute
    tmpl = project / "templates" / "restaurant_report.md.j2"
    text = tmpl.read_text()
    tmpl.write_text("# {{ shortlist.no_such_field }}\n" + text)
    assert _validate(project)[0] == 0
    with FakeProviders() as fake:
        fake.search(".", [Result("Ramen Ya", "https://ramenya.test/", "Ramen Ya, 9/10, 14 EUR")])
        res = run_pipeline(project / "pipelines" / "restaurant_research.yaml", fake=fake,
                           workdir=tmp_path / "w", query="best ramen in Lyon",
                           templates=project / "templates")
    assert res.exit_code != 0
    err = res.result.phases["F6"].error
    assert err["code"] == "SPEC056" and err["code"] != "RUN000"
    assert "no_such_field" in err["message"]
    assert "templates/restaurant_report.md.j2:1:16: phase F6" in err["message"]


def test_filter_given_a_wrong_value_at_run_time_is_located(project: Path, tmp_path: Path) -> None:
    tmpl = project / "templates" / "restaurant_report.md.j2"
    tmpl.write_text(tmpl.read_text() + "\n{{ (1 / 0) if task.city else '' }}\n")
    n = len(tmpl.read_text().splitlines())
    with FakeProviders() as fake:
        res = run_pipeline(project / "pipelines" / "restaurant_research.yaml", fake=fake,
                           workdir=tmp_path / "w", query="best ramen in Lyon",
                           templates=project / "templates")
    err = res.result.phases["F6"].error
    assert err["code"] == "SPEC056", err
    assert f"restaurant_report.md.j2:{n}:" in err["message"]


def test_task_in_a_macro_taking_the_task_is_checked_and_counts_as_read(project: Path) -> None:
    """A section macro called with the Task (``{% macro x(task) %}``, as the built-in
    sections in _report.md.j2 are written) had every ``task.x`` in the whole file
    unchecked, and the inputs it read counted as never read."""
    tmpl = project / "templates" / "restaurant_report.md.j2"
    tmpl.write_text(tmpl.read_text() + "\n{% macro where_(task) %}{{ task.citty }} "
                    "{{ task.parking }}{% endmacro %}\n")
    _edit(project / "pipelines" / "restaurant_research.yaml", "  budget:     {type: money,",
          "  parking:    {type: string}\n  budget:     {type: money,")
    code, problems = _validate(project)
    wrong = [p for p in problems if p["code"] == "SPEC052"]
    assert code == 2 and len(wrong) == 1, problems
    assert "'task.citty'" in wrong[0]["message"] and wrong[0]["hint"] == "did you mean 'city'?"
    assert wrong[0]["line"] == len(tmpl.read_text().splitlines())
    assert not [p for p in problems if p["code"] == "SPEC055" and "parking" in p["message"]]
