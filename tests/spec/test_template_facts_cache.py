"""`scout validate` parses each report template once per content in a process (the shared
sections are imported by every pipeline's report), and a changed template is checked
again, not answered from what an older text said."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from scout.validate import templates as T
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for d in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / d, tmp_path / d)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(tmp_path))
    monkeypatch.delenv("SCOUTE_CONFIG", raising=False)
    monkeypatch.setattr(T, "_FACTS", type(T._FACTS)())  # this test's own cache
    return tmp_path


@pytest.fixture()
def parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each template file is parsed by the template checks."""
    seen: Counter[str] = Counter()
    env = T._parse_env()
    real = env.parse

    def counting(source: str, name: str | None = None, filename: str | None = None):
        seen[Path(filename or name or "?").name] += 1
        return real(source, name, filename)

    monkeypatch.setattr(env, "parse", counting)
    return seen


def _problems(result) -> list:
    return [p for f in result.files for p in f.problems]


def test_every_pipeline_and_mission_is_checked_but_each_template_parsed_once(
        project: Path, parses: Counter[str]) -> None:
    result = validate_paths([project / "pipelines"])
    assert len(result.files) >= 3 and result.ok, _problems(result)
    # both shipped reports import the shared sections, and the mission checks its
    # pipeline again: without the cache these are parsed once per report
    assert parses["_report.md.j2"] == 1 and parses["_synthesis.md.j2"] == 1
    assert parses and set(parses.values()) == {1}, parses


def test_a_changed_template_is_checked_again(project: Path, parses: Counter[str]) -> None:
    assert not [p for p in _problems(validate_paths([project / "pipelines"]))
                if p.severity == "error"]
    # the project's own copy of the shared section (it overrides the packaged one)
    shared = project / "templates" / "_report.md.j2"
    shipped = ROOT / "scout" / "report" / "builtin" / "_report.md.j2"
    shared.write_text(shipped.read_text(encoding="utf-8") + "\n{{ no_such_artifact }}\n",
                      encoding="utf-8")
    problems = _problems(validate_paths([project / "pipelines" / "hotel_research.yaml"]))
    [p] = [p for p in problems if p.code == "SPEC051"]
    assert "no_such_artifact" in p.message and p.location.file == str(shared)
    assert parses["_report.md.j2"] == 2  # the new text was parsed, the old one is not reused


def test_a_syntax_error_names_each_file_that_has_it(project: Path) -> None:
    bad = "{% if %}\n"
    for name in ("hotel_report.md.j2", "restaurant_report.md.j2"):
        (project / "templates" / name).write_text(bad, encoding="utf-8")
    problems = _problems(validate_paths([project / "pipelines" / "hotel_research.yaml",
                                         project / "pipelines" / "restaurant_research.yaml"]))
    files = sorted(Path(p.location.file).name for p in problems if p.code == "SPEC050")
    assert files == ["hotel_report.md.j2", "restaurant_report.md.j2"]
