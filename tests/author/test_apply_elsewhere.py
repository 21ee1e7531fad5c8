"""`scout apply /abs/project/pipelines/x.yaml` from another folder: the run uses the
project's own config, templates and runs (as `scout validate` checked them), and an
error that finds no config says where it looked."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scout.testing import FakeProviders, Result, offline_config
from scout.testing.fake_http import FAKE_KEY
from scout.testing.project import KEY_ENV
from tests.author.helpers import run


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    proj = tmp_path / "proj"
    assert run("init", "tea-rooms", "--dir", str(proj))[0] == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for var in ("SCOUTE_RESEARCH_ROOT", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)
    monkeypatch.chdir(elsewhere)  # not a project: no config/ here
    with FakeProviders() as fake:
        fake.search(".", [Result("Leaf", "https://leaf.test/", "Leaf, rated 9/10, 12 EUR.")])
        (proj / "config" / "adapters.yaml").write_text(yaml.safe_dump(
            offline_config(proj / "pipelines" / "tea_rooms.yaml", fake)))
        yield proj, elsewhere


def test_a_pipeline_applied_from_another_folder_uses_its_projects_templates(
        project, monkeypatch: pytest.MonkeyPatch) -> None:
    proj, elsewhere = project
    pipeline = proj / "pipelines" / "tea_rooms.yaml"
    assert run("validate", str(pipeline))[0] == 0
    code, out, err = run("apply", str(pipeline), "--query", "tea rooms in Porto")
    assert code == 0, out + err
    reports = list((proj / "runs").glob("*/report.md"))
    assert len(reports) == 1 and str(reports[0]) in out  # the project's runs, as printed
    assert "Leaf" in reports[0].read_text()
    assert not any(elsewhere.iterdir())  # nothing written where it was run from
    # the commands that read runs look where apply wrote, from the same folder: the
    # project of the config in use ($SCOUTE_CONFIG here), not ./runs
    mission = reports[0].parent.name
    monkeypatch.setenv("SCOUTE_CONFIG", str(proj / "config" / "adapters.yaml"))
    for args in (["status", mission], ["runs"], ["audit", mission], ["cost"]):
        code, out, err = run(*args)
        assert code == 0 and "no mission" not in out + err, (args, out, err)
        assert args[0] == "cost" or mission in out, (args, out)
    assert not any(elsewhere.iterdir())


def test_an_explicit_config_brings_its_projects_templates(project, tmp_path: Path) -> None:
    proj, elsewhere = project
    moved = tmp_path / "loose.yaml"  # the pipeline outside its project
    moved.write_text((proj / "pipelines" / "tea_rooms.yaml").read_text())
    config = proj / "config" / "adapters.yaml"
    assert run("validate", "--config", str(config), str(moved))[0] == 0
    code, out, err = run("apply", str(moved), "--config", str(config),
                         "--query", "tea rooms in Porto")
    assert code == 0, out + err
    assert list((proj / "runs").glob("*/report.md"))


def test_no_config_anywhere_says_where_it_looked(project, tmp_path: Path) -> None:
    _, elsewhere = project
    lone = tmp_path / "lone" / "tea_rooms.yaml"
    lone.parent.mkdir()
    lone.write_text((project[0] / "pipelines" / "tea_rooms.yaml").read_text())
    code, out, err = run("apply", str(lone), "--query", "tea rooms in Porto")
    assert code == 2
    assert "CFG005" in err and "error" in err
    assert str(elsewhere / "config" / "adapters.yaml") in err
    assert f"config/adapters.yaml in {lone.parent} and each folder above it" in err


def test_a_batch_applied_from_another_folder_uses_its_projects_templates(
        project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    proj, elsewhere = project
    queries = tmp_path / "queries.yaml"
    queries.write_text("- tea rooms in Porto\n- tea rooms in Lisbon\n")
    code, out, err = run("batch", "apply", str(proj / "pipelines" / "tea_rooms.yaml"),
                         "--queries", str(queries))
    assert code == 0, out + err
    assert len(list((proj / "runs").glob("*/report.md"))) == 2
    assert not any(elsewhere.iterdir())
    monkeypatch.setenv("SCOUTE_CONFIG", str(proj / "config" / "adapters.yaml"))
    code, out, err = run("batch", "status")
    assert code == 0 and "2 succeeded" in out, out + err
