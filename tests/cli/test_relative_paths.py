"""`scout validate --format github` names a template's file from the current folder
(``templates/x.md.j2``, not ``/home/runner/work/project/templates/...``): the templates
are found under the research root, an absolute path, and a GitHub annotation with an
absolute ``file=`` attaches to no file of the pull request."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scout.cli import main
from scout.cli.render import relative_path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_template_annotation_names_its_file_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    project = tmp_path / "used-cars"
    shutil.copytree(ROOT / "examples" / "used-cars", project)
    monkeypatch.chdir(project)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(project))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    tmpl = project / "templates" / "used_cars_report.md.j2"
    tmpl.write_text(tmpl.read_text() + "{{ shortlist_typo }}\n")
    assert main(["validate", "pipelines", "--format", "github"]) == 2
    out = capsys.readouterr().out
    line = next(row for row in out.splitlines() if "SPEC051" in row)
    assert "file=templates/used_cars_report.md.j2," in line and str(project) not in line


def test_a_path_outside_the_current_folder_is_kept(tmp_path: Path) -> None:
    assert relative_path(str(tmp_path / "a" / "x.yaml"), tmp_path / "b") == (
        (tmp_path / "a" / "x.yaml").as_posix(), False)
    assert relative_path(str(tmp_path / "a" / "x.yaml"), tmp_path) == ("a/x.yaml", True)
