"""Unquoted YAML values that silently mean something else (SPEC008): a leading zero
(octal) and a '#' glued to a word after a space (the rest of the line is a comment)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scout.spec import yamlload
from scout.spec.yamlload import load_yaml_text
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).resolve().parent / "fixtures" / "adapters.yaml"
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


@pytest.fixture(params=LOADERS, ids=lambda c: c.__name__, autouse=True)
def loader(request, monkeypatch):
    monkeypatch.setattr(yamlload, "LOADER", request.param)
    return request.param


def _gotchas(text: str) -> list:
    _, problems = load_yaml_text(text, "p.yaml")
    return [p for p in problems if p.code == "SPEC008"]


@pytest.mark.parametrize(("line", "value", "col", "dropped"), [
    ("query: best ramen #1 in town", "best ramen", 19, "#1 in town"),
    ("  - c.rating >= 8 #good ones", "c.rating >= 8", 19, "#good ones"),
    ("description: Hoteles en Cádiz   #barato", "Hoteles en Cádiz", 33, "#barato"),
    ("q: a b #c: d", "a b", 8, "#c: d"),
])
def test_hash_glued_to_a_word_cuts_the_value(line: str, value: str, col: int,
                                             dropped: str) -> None:
    text = ("x:\n" + line + "\n") if line.startswith("  -") else (line + "\n")
    loaded, problems = load_yaml_text(text, "p.yaml")
    found = [p for p in problems if p.code == "SPEC008"]
    assert len(found) == 1, problems
    p = found[0]
    assert p.severity == "warning"
    assert p.location.line == text.count("\n") and p.location.col == col
    assert f"the value is '{value}'" in p.message and f"'{dropped}'" in p.message
    assert f'"{value} {dropped}"' in p.hint
    assert loaded is not None  # a warning: the spec still loads


@pytest.mark.parametrize("text", [
    "limit: 20  # enough\n",              # an ordinary comment: a blank after '#'
    "query: best ramen # top\n",
    "query: \"best ramen #1 in town\"\n",  # quoted: taken as written
    "query: 'ramen #1'\n",
    "query: ramen#1\n",                   # no blank before '#': part of the value
    "limit: 20 #max\n",                   # a number: nothing text was cut
    "# a whole-line comment #1\nq: x\n",
    "q: |\n  ramen #1\n",                 # a block scalar keeps its '#'
    "q: [a, b] #tags\n",
])
def test_no_warning_where_nothing_was_cut(text: str) -> None:
    assert _gotchas(text) == []


@pytest.mark.parametrize(("value", "octal", "plain"), [
    ("010", 8, "10"), ("-012", -10, "-12"), ("0777", 511, "777"), ("00", 0, "0"),
])
def test_leading_zero_is_an_octal_error(value: str, octal: int, plain: str) -> None:
    found = _gotchas(f"limit: {value}\n")
    assert len(found) == 1
    assert found[0].severity == "error"
    assert f"octal number {octal}" in found[0].message
    assert f"write {plain} for the number" in found[0].hint
    assert found[0].location.col == 8


@pytest.mark.parametrize("value", ["0", "10", "08", "0.5", "'010'", "\"010\"", "0x1F", "1e3"])
def test_no_octal_error_for_other_numbers(value: str) -> None:
    assert _gotchas(f"limit: {value}\n") == []


def test_a_real_pipeline_with_a_cut_query_is_warned_at_the_hash(tmp_path: Path) -> None:
    text = (ROOT / "pipelines" / "restaurant_research.yaml").read_text(encoding="utf-8")
    old = 'query: "{{ place.name }} {{ task.city }} menu prices"'
    assert old in text
    spec = tmp_path / "restaurants.yaml"
    spec.write_text(text.replace(old, "query: carta de precios #2026"), encoding="utf-8")
    result = validate_paths([spec], config=CONFIG)
    found = [p for p in result.problems if p.code == "SPEC008"]
    line = next(i for i, ln in enumerate(spec.read_text().splitlines(), 1) if "#2026" in ln)
    assert [(p.location.line, p.location.col) for p in found] == [
        (line, spec.read_text().splitlines()[line - 1].index("#") + 1)]


def test_an_octal_value_where_text_goes_is_one_problem(tmp_path: Path) -> None:
    """`enum: ["a", 007]` is one mistake: the octal error, not also 'must be text (got 7)'."""
    spec = tmp_path / "p.yaml"
    spec.write_text("apiVersion: scout/v1\nname: x\ninputs:\n"
                    "  code: {type: string, enum: [\"a\", 007]}\n"
                    "phases:\n  F0: {uses: task, produces: [task]}\n", encoding="utf-8")
    errors = [p for p in validate_paths([spec], config=CONFIG).problems
              if p.severity == "error"]
    assert [(p.code, p.location.line, p.location.col) for p in errors] == [("SPEC008", 4, 36)]


@pytest.mark.parametrize(("value", "number"), [("1:30", 90), ("12:30", 750), ("1:00:00", 3600)])
def test_a_time_of_day_is_a_base_60_number_error(value: str, number: int) -> None:
    found = _gotchas(f"default: {value}\n")
    assert len(found) == 1 and found[0].severity == "error"
    assert f"as the number {number}" in found[0].message
    assert f'"{value}"' in found[0].hint


@pytest.mark.parametrize("value", ["'12:30'", "\"1:30\"", "12:30 h", "90m", "2026-09-01"])
def test_no_base_60_error_for_text(value: str) -> None:
    assert _gotchas(f"default: {value}\n") == []


def test_a_base_60_duration_is_one_problem(tmp_path: Path) -> None:
    """`timeout: 1:30` is SPEC008 alone, not also the duration's own error."""
    spec = tmp_path / "p.yaml"
    spec.write_text("apiVersion: scout/v1\nname: x\ndefaults: {timeout: 1:30}\n"
                    "phases:\n  F0: {uses: task, produces: [task]}\n", encoding="utf-8")
    errors = [p for p in validate_paths([spec], config=CONFIG).problems
              if p.severity == "error"]
    assert [(p.code, p.location.line) for p in errors] == [("SPEC008", 3)]
