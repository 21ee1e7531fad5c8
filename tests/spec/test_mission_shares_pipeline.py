"""A mission's pipeline is checked once per run, and says the same as when checked again.

``scout validate pipelines/`` validates each pipeline as a file and then again for each
mission that names it; the second check is now the first's result (scout.validate,
``_ConfigCache.checked``) when the path and the text are the same. These tests hold that
every file's report is what it was with every check done afresh, that an edited file is
checked again, and that a mission first in the run serves the pipeline after it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import scout.validate as validate
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CONFIG = HERE / "fixtures" / "config" / "adapters.yaml"


def _reports(result: Any) -> list[tuple[str, list[tuple[Any, ...]]]]:
    return [(r.path, [(p.code, p.severity, p.message, p.location, p.hint) for p in r.problems])
            for r in result.files]


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = validate._check_loaded_pipeline

    def counting(spec: Any, config: Any) -> Any:
        seen.append(spec.path)
        return real(spec, config)

    monkeypatch.setattr(validate, "_check_loaded_pipeline", counting)
    return seen


def _afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate._ConfigCache, "checked", lambda self, path: None)


@pytest.mark.parametrize("paths", [["pipelines/"],
                                   ["pipelines/missions/", "pipelines/hotel_research.yaml"],
                                   ["pipelines/hotel_research.yaml", "pipelines/missions/"]])
def test_the_shipped_folder_checks_each_pipeline_once(
        paths: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    seen = _counted(monkeypatch)
    shared = validate_paths(list(paths))
    assert sorted(seen) == sorted(set(seen))  # no pipeline twice
    with monkeypatch.context() as m:
        _afresh(m)
        afresh = validate_paths(list(paths))
    assert _reports(shared) == _reports(afresh)


def _project(tmp_path: Path, pipeline: str) -> Path:
    (tmp_path / "missions").mkdir()
    shutil.copy(HERE / "invalid" / pipeline, tmp_path / "p.yaml")
    (tmp_path / "missions" / "m.yaml").write_text(
        "apiVersion: scout/v1\nkind: Mission\npipeline: ../p.yaml\nquery: hoteles en Cádiz\n",
        encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("pipeline", ["cycle.yaml", "as_without_for_each.yaml",
                                      "bad_duration.yaml"])
def test_an_invalid_pipeline_says_the_same_through_its_mission(
        pipeline: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path, pipeline)
    for order in ([project / "p.yaml", project / "missions"],
                  [project / "missions", project / "p.yaml"], [project]):
        shared = validate_paths(list(order), config=CONFIG)
        with monkeypatch.context() as m:
            _afresh(m)
            afresh = validate_paths(list(order), config=CONFIG)
        assert not shared.ok
        assert _reports(shared) == _reports(afresh)
        mission = next(r for r in shared.files if r.path.endswith("m.yaml"))
        assert any(p.code == "SPEC060" and "is invalid" in p.message for p in mission.problems)


def test_a_pipeline_edited_since_is_checked_again(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path, "cycle.yaml")
    configs = validate._ConfigCache(CONFIG)
    first = validate.validate_file(project / "p.yaml", configs)
    assert not first.ok
    assert configs.checked(project / "p.yaml") is not None
    shutil.copy(ROOT / "pipelines" / "hotel_research.yaml", project / "p.yaml")
    assert configs.checked(project / "p.yaml") is None  # another text: not the kept check
    seen = _counted(monkeypatch)
    mission = validate.validate_file(project / "missions" / "m.yaml", configs)
    assert seen == [str(project / "p.yaml")]
    afresh = validate.validate_file(project / "missions" / "m.yaml", validate._ConfigCache(CONFIG))
    assert _reports(validate.ValidationResult([mission])) \
        == _reports(validate.ValidationResult([afresh]))
    assert not any("cycle" in p.message for p in mission.problems)
