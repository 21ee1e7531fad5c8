"""A kind written by someone else: a report template that is a link to a file outside
its templates folder (``templates/x.md.j2 -> ~/.aws/credentials``) was validated and
rendered into the report, which a phase may e-mail. Neither the validator nor the
renderer reads such a file; a link inside the folder still works."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.errors import TemplateRenderError
from scout.report.render import make_report_env
from scout.steps.report import _render
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "secret.txt").write_text("AWS_SECRET=hunter2\n")
    templates = tmp_path / "kind" / "templates"
    templates.mkdir(parents=True)
    (templates / "real.md.j2").write_text("# Report\n")
    (templates / "evil.md.j2").symlink_to(tmp_path / "secret.txt")
    (templates / "alias.md.j2").symlink_to(templates / "real.md.j2")
    (templates / "sneaky.md.j2").write_text('{% include "evil.md.j2" %}')
    return templates


def test_the_renderer_reads_no_template_linked_outside_its_folder(project: Path) -> None:
    env = make_report_env(project)
    for name in ("evil.md.j2", "sneaky.md.j2"):
        with pytest.raises(TemplateRenderError, match="is a link to a file outside") as info:
            _render(env, name, {}, "F9", project)
        assert "hunter2" not in str(info.value)
    assert _render(env, "alias.md.j2", {}, "F9", project) == "# Report\n"


def test_validate_names_the_template_linked_outside(project: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project.parent)  # the config found is the kind's own
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    pipelines = project.parent / "pipelines"
    pipelines.mkdir()
    (project.parent / "config").mkdir()  # the project the templates belong to
    (project.parent / "config" / "adapters.yaml").write_text(
        (ROOT / "config" / "adapters.yaml").read_text())
    spec = pipelines / "p.yaml"
    source = (ROOT / "pipelines" / "hotel_research.yaml").read_text()
    assert "template: hotel_report.md.j2" in source
    spec.write_text(source.replace("template: hotel_report.md.j2", "template: evil.md.j2"))
    problems = [p for p in validate_paths([spec]).problems if p.code == "SPEC054"]
    assert [p.location.file for p in problems] == [str(project / "evil.md.j2")]
    assert "is a link to a file outside" in problems[0].message


def test_validate_names_an_include_that_leaves_the_folder_as_a_path(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "{% include '../../secret.txt' %}" was said to be "a link to a file outside"
    monkeypatch.chdir(project.parent)
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    (project.parent / "pipelines").mkdir()
    (project.parent / "config").mkdir()
    (project.parent / "config" / "adapters.yaml").write_text(
        (ROOT / "config" / "adapters.yaml").read_text())
    (project / "climb.md.j2").write_text('{% include "../../secret.txt" %}')
    spec = project.parent / "pipelines" / "p.yaml"
    spec.write_text((ROOT / "pipelines" / "hotel_research.yaml").read_text().replace(
        "template: hotel_report.md.j2", "template: climb.md.j2"))
    problems = [p for p in validate_paths([spec]).problems if p.code == "SPEC054"]
    assert len(problems) == 1 and "secret.txt is a path outside" in problems[0].message
    assert "hunter2" not in problems[0].message
