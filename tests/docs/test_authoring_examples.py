"""docs/authoring.md stays true to the code.

Every complete YAML document in it validates against the shipped config, and its
reference tables name every key of the models (phase keys, top-level keys, mission keys,
input types, retry classes) and every parameter of every step kind.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from scout.errors import ERROR_KINDS
from scout.spec.models import Defaults, InputSpec, Mission, Phase, Pipeline
from scout.stepkit.registry import STEP_KINDS
from scout.schemas.task import INPUT_TYPES
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")


def yaml_documents() -> list[str]:
    blocks = re.findall(r"```yaml\n(.*?)```", DOC, re.S)
    return [b for b in blocks if re.search(r"^apiVersion: scout/v1$", b, re.M)]


def _keys(model) -> set[str]:
    return {f.alias or name for name, f in model.model_fields.items()}


# headings only: comment lines inside ``` blocks also start with '#'
PROSE = re.sub(r"```.*?```", "", DOC, flags=re.S)


def _section(title: str) -> str:
    """The text of the '## title' or '### title' section (code blocks left out)."""
    m = re.search(rf"^(#+) {re.escape(title)}\n(.*?)(?=^#{{1,3}} |\Z)", PROSE, re.S | re.M)
    assert m, f"docs/authoring.md has no section '{title}'"
    return m.group(2)


def test_every_complete_example_validates(tmp_path) -> None:
    docs = yaml_documents()
    assert len(docs) >= 4
    pipelines = tmp_path / "pipelines"
    (pipelines / "missions").mkdir(parents=True)
    shutil.copy(ROOT / "pipelines" / "hotel_research.yaml", pipelines)
    written = []
    for i, text in enumerate(docs):
        if re.search(r"^kind: Mission$", text, re.M):
            path = pipelines / "missions" / f"example_{i}.yaml"
        else:
            name = re.search(r"^name: (\S+)$", text, re.M).group(1)
            path = pipelines / f"{name.replace('-', '_')}.yaml"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    result = validate_paths(written, config=ROOT / "config" / "adapters.yaml")
    problems = [f"{p.location}: {p.code} {p.message}" for p in result.problems]
    assert result.ok and not problems, problems
    assert {f.kind for f in result.files} == {"Pipeline", "Mission"}


def test_reference_tables_name_every_key() -> None:
    tables = {
        "Top-level keys": _keys(Pipeline),
        "Inputs": _keys(InputSpec),
        "Phases": _keys(Phase),
        "Missions": _keys(Mission),
        "Defaults": _keys(Defaults),
    }
    for title, keys in tables.items():
        text = _section(title)
        missing = sorted(k for k in keys if f"`{k}`" not in text)
        assert not missing, f"section '{title}' does not mention {missing}"


def test_every_input_type_and_retry_class_is_described() -> None:
    types = _section("Input types and how values are written")
    assert not [t for t in INPUT_TYPES if f"| `{t}` |" not in types]
    retry = _section("Retry")
    assert not [k for k in ERROR_KINDS if f"`{k}`" not in retry]


@pytest.mark.parametrize("name", sorted(STEP_KINDS))
def test_every_step_kind_and_parameter_is_documented(name: str) -> None:
    text = _section(f"`{name}`")
    params = _keys(STEP_KINDS[name].params)
    if name == "search":  # extract's keys have their own table in the same section
        from scout.stepkit.params import ExtractRules

        missing_extract = sorted(k for k in _keys(ExtractRules) if f"| `{k}` |" not in text)
        assert not missing_extract, f"extract keys not documented: {missing_extract}"
    missing = sorted(k for k in params if f"| `{k}` |" not in text)
    assert not missing, f"step kind '{name}': parameters not documented: {missing}"
