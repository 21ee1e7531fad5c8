"""`scout validate DIR` where authors work: other tools' YAML skipped; SARIF 2.1.0 output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from tests.author.helpers import CONFIG, ROOT, run

SARIF_SCHEMA = ROOT / "tests" / "fixtures" / "sarif" / "sarif-schema-2.1.0.json"
BAD = ROOT / "tests" / "spec" / "invalid" / "needs_not_produced.yaml"


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository with a workflow, a compose file, a valid and an invalid pipeline."""
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text(
        "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps: []\n")
    (tmp_path / "docker-compose.yaml").write_text("services:\n  db: {image: postgres}\n")
    (tmp_path / "pipelines").mkdir()
    shutil.copy(ROOT / "pipelines" / "restaurant_research.yaml", tmp_path / "pipelines")
    shutil.copy(BAD, tmp_path / "pipelines" / "bad.yaml")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.yaml").write_text("apiVersion: scout/v1\n")  # never walked
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_folder_skips_yaml_of_other_tools_with_one_line(repo: Path) -> None:
    code, out, _ = run("validate", "--config", str(CONFIG), ".")
    assert code == 2  # bad.yaml is still reported
    skipped = [line for line in out.splitlines() if line.startswith("skipped")]
    assert len(skipped) == 1 and "skipped 2 YAML file(s)" in skipped[0]
    assert "ci.yml" in skipped[0] and "docker-compose.yaml" in skipped[0]
    assert "SPEC021" in out and "ci.yml:" not in out and ".git/" not in out
    assert "1 problem(s) in 1 of 2 file(s)" in out


def test_only_scout_files_validate_clean(repo: Path) -> None:
    (repo / "pipelines" / "bad.yaml").unlink()
    code, out, _ = run("validate", "--config", str(CONFIG), ".")
    assert code == 0, out
    assert out.splitlines()[-1] == "1 file(s) valid"


def test_a_file_named_explicitly_is_always_validated(repo: Path) -> None:
    code, out, _ = run("validate", "--config", str(CONFIG), ".github/workflows/ci.yml")
    assert code == 2 and "SPEC006" in out and "skipped" not in out


def test_json_lists_skipped_files(repo: Path) -> None:
    code, out, _ = run("validate", "--format", "json", "--config", str(CONFIG), ".")
    doc = json.loads(out)
    assert sorted(Path(p).name for p in doc["skipped"]) == ["ci.yml", "docker-compose.yaml"]
    assert [Path(f["path"]).name for f in doc["files"]] == ["bad.yaml", "restaurant_research.yaml"]


def test_sarif_output_is_valid_sarif_2_1_0(repo: Path) -> None:
    code, out, err = run("validate", "--format", "sarif", "--config", str(CONFIG), ".")
    assert code == 2
    log = json.loads(out)  # stdout is exactly one JSON document
    schema = json.loads(SARIF_SCHEMA.read_text())
    jsonschema.Draft4Validator.check_schema(schema)
    jsonschema.Draft4Validator(schema).validate(log)
    results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["SPEC021"]
    loc = results[0]["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "pipelines/bad.yaml", "uriBaseId": "%SRCROOT%"}
    assert loc["region"] == {"startLine": 15, "startColumn": 19}
    assert "did you mean 'candidates'" in results[0]["message"]["text"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[results[0]["ruleIndex"]]["id"] == "SPEC021"
    assert "skipped 2" in err


def test_sarif_of_a_clean_run_is_valid_and_empty(repo: Path) -> None:
    (repo / "pipelines" / "bad.yaml").unlink()
    code, out, _ = run("validate", "--format", "sarif", "--config", str(CONFIG), "pipelines")
    log = json.loads(out)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    assert code == 0 and log["runs"][0]["results"] == []


def test_schema_rejects_a_broken_log() -> None:
    # the vendored schema is strict enough to catch a wrong log (so the test above can fail)
    schema = json.loads(SARIF_SCHEMA.read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(schema).validate(
            {"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": []}]})
