"""A pipeline inside a project of its own (a folder with config/ and templates/ above it,
as `scout init` writes one, scout's examples/x among them) is checked and run against that
project's config and templates from wherever scout runs, and `scout validate` says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from scout.testing import FakeProviders, Result, offline_config
from scout.testing.fake_http import FAKE_KEY
from scout.testing.project import KEY_ENV
from tests.author.helpers import ROOT, run


@pytest.fixture()
def outer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project (config/, templates/) with a kind's project inside it, at kinds/tea/."""
    for var in ("SCOUTE_RESEARCH_ROOT", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR"):
        monkeypatch.delenv(var, raising=False)
    assert run("init", "bike-shops", "--dir", str(tmp_path))[0] == 0
    assert run("init", "tea-rooms", "--dir", str(tmp_path / "kinds" / "tea"))[0] == 0
    return tmp_path


def test_a_kind_s_own_project_wins_from_the_folder_above(
        outer: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(outer)
    code, out, err = run("validate", "kinds/tea/pipelines/tea_rooms.yaml")
    assert code == 0, out + err
    assert "SPEC054" not in out
    assert f"project: {Path('kinds/tea')} (its config/ and templates/)" in out
    # the folder's own kinds are checked against the folder's project, said by no line
    code, out, _ = run("validate", "pipelines/bike_shops.yaml", "kinds/tea/pipelines/")
    assert code == 0 and out.count("project: ") == 1, out
    code, out, _ = run("validate", "--format", "json", "kinds/tea/pipelines/tea_rooms.yaml")
    assert json.loads(out)["projects"] == [str((outer / "kinds" / "tea").resolve())]


def test_from_inside_the_kind_s_project_nothing_changes(
        outer: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(outer / "kinds" / "tea")
    code, out, err = run("validate", "pipelines/tea_rooms.yaml")
    assert code == 0 and "project: " not in out, out + err


def test_a_root_the_operator_names_stays_the_project(
        outer: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(outer))
    code, out, _ = run("validate", str(outer / "kinds" / "tea" / "pipelines" / "tea_rooms.yaml"))
    # the root's templates have no tea_rooms report: said, with where it is
    assert code == 2 and "SPEC054" in out and "the templates of the project at" in out


def test_a_folder_with_a_config_but_no_templates_is_no_project_of_its_own(
        outer: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a config kept beside pipelines with no templates/: the root's project is theirs
    loose = outer / "loose"
    (loose / "config").mkdir(parents=True)
    (loose / "config" / "adapters.yaml").write_text("{{{ not a config")
    (loose / "pipelines").mkdir()
    (loose / "pipelines" / "bike_shops.yaml").write_text(
        (outer / "pipelines" / "bike_shops.yaml").read_text())
    monkeypatch.chdir(outer)
    code, out, _ = run("validate", "loose/pipelines/bike_shops.yaml")
    assert code == 0 and "project: " not in out, out


def test_apply_from_the_folder_above_uses_the_kind_s_templates_and_runs(
        outer: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)
    monkeypatch.chdir(outer)
    tea = outer / "kinds" / "tea"
    with FakeProviders() as fake:
        fake.search(".", [Result("Leaf", "https://leaf.test/", "Leaf, rated 9/10, 12 EUR.")])
        (tea / "config" / "adapters.yaml").write_text(yaml.safe_dump(
            offline_config(tea / "pipelines" / "tea_rooms.yaml", fake)))
        code, out, err = run("apply", "kinds/tea/pipelines/tea_rooms.yaml",
                             "--query", "tea rooms in Porto")
    assert code == 0, out + err
    reports = list((tea / "runs").glob("*/report.md"))
    assert len(reports) == 1 and "Leaf" in reports[0].read_text()
    assert not (outer / "runs").exists()


@pytest.mark.parametrize("kind", ["carrepair", "drivingschools"])
def test_the_outside_authors_kinds_validate_from_the_repository_root(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("SCOUTE_RESEARCH_ROOT", "SCOUTE_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(ROOT)
    code, out, _ = run("validate", f"examples/{kind}/pipelines/{kind}.yaml")
    assert code == 0 and f"project: {Path('examples') / kind}" in out, out
