"""No input makes the validator crash: every mistake becomes a located problem."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml

from scout.spec import yamlload
from scout.spec.yamlload import load_yaml_file, load_yaml_text
from scout.validate import validate_paths

ROOT = Path(__file__).resolve().parent.parent.parent
CONFIG = ROOT / "config" / "adapters.yaml"


def test_alias_to_its_own_container_is_a_problem_not_a_recursion_error() -> None:
    text = "apiVersion: scout/v1\nname: x\nphases:\n  F1: &me\n    uses: task\n    again: *me\n"
    _, problems = load_yaml_text(text, "loop.yaml")
    assert [p.code for p in problems] == ["SPEC001"]
    assert "contains it" in problems[0].message and problems[0].location.line == 6


def test_alias_bomb_is_refused(monkeypatch) -> None:
    monkeypatch.setattr(yamlload, "MAX_NODES", 10_000)
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 8):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    data, problems = load_yaml_text("\n".join(lines) + "\n", "bomb.yaml")
    assert data is None
    assert [p.code for p in problems] == ["SPEC001"] and "expands to more than" in problems[0].message



def test_alias_bomb_is_refused_before_anything_is_built(monkeypatch) -> None:
    # the build's budget stopped a "billion laughs" only after a million entries and
    # their positions were built (12 s, 250 MB under scout validate): the node graph is
    # sized first, and the anchor whose aliases multiply past the bound is named
    lines = ["apiVersion: scout/v1", "name: x", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    built: list[int] = []
    real = yamlload._Composer.build
    monkeypatch.setattr(yamlload._Composer, "build",
                        lambda self, node, path: built.append(1) or real(self, node, path))
    data, problems = load_yaml_text("\n".join(lines) + "\n", "bomb.yaml")
    assert data is None and built == []
    assert [(p.code, p.location.line) for p in problems] == [("SPEC001", 8)]  # a5: 1.1 million
    assert "aliases of aliases" in problems[0].message
    # a spec that reuses an anchor within the bound is built as before
    data, problems = load_yaml_text("\n".join(lines[:5]) + "\n", "ok.yaml")
    assert problems == [] and len(data.data["a2"]) == 10 and built

VALUES = [None, 0, -1, 1.5, True, "", "x", "F1", "task", "candidates", "{{ x }}", "{% for %}",
          [], ["a"], [1, 2], {}, {"a": 1}, {"min_success": 2}, "30s", "python:a:b", "web?",
          ["task?"], [None], [[1]], {"x": {"y": []}}, "?"]
KEYS = ["extra", "needs", "with", "as", "for_each", "chain", "adapters", "parallel_group",
        "kind", "type", "apiVersion", "inputs", "defaults"]


def _paths(d, p=()):
    yield p
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, p + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _paths(v, p + (i,))


def _mutate(data, rng: random.Random):
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    for _ in range(rng.randint(1, 4)):
        p = rng.choice(paths)
        cur = data
        try:
            for k in p[:-1]:
                cur = cur[k]
            if isinstance(cur, dict) and rng.random() < 0.25:
                cur[rng.choice(KEYS)] = copy.deepcopy(rng.choice(VALUES))
            else:
                cur[p[-1]] = copy.deepcopy(rng.choice(VALUES))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation replaced a parent
    return data


@pytest.mark.parametrize("seed", range(6))
def test_mutated_specs_never_crash_and_problems_are_located(tmp_path, seed) -> None:
    rng = random.Random(seed)
    bases = {
        "p.yaml": load_yaml_file(ROOT / "pipelines" / "hotel_research.yaml")[0].data,
        "m.yaml": load_yaml_file(ROOT / "pipelines" / "missions"
                                 / "hotel-barcelona-2026-09.yaml")[0].data,
        "c.yaml": load_yaml_file(CONFIG)[0].data,
    }
    for _ in range(8):
        for name, base in bases.items():
            data = _mutate(base, rng)
            if name == "m.yaml" and isinstance(data, dict):
                data["pipeline"] = "p.yaml"
            (tmp_path / name).write_text(yaml.safe_dump(data, sort_keys=False))
        files = [tmp_path / n for n in bases]
        for result in (validate_paths(files, config=CONFIG),
                       validate_paths(files[:2], config=tmp_path / "c.yaml")):
            for p in result.problems:
                assert p.code and p.message and p.location is not None
                if p.location.line:
                    n_lines = len(Path(p.location.file).read_text().splitlines())
                    assert 1 <= p.location.line <= max(n_lines, 1), p
