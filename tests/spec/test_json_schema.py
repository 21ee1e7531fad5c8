"""The generated JSON Schemas, checked with `jsonschema` as an editor would use them.

The schemas describe shape only (keys, types, ranges, patterns). So: every shipped spec
and config is accepted; every corpus file whose only problems are shape problems is
rejected; and files whose problems are cross-references (needs, cycles, chains, Jinja)
are accepted by the schema and caught by `scout validate` alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from scout.validate.jsonschema import config_schema, pipeline_schema, render, stale_schemas
from scout.spec.yamlload import load_yaml_file

from tests.spec.expectations import read_expectations

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = ROOT / "tests" / "spec"
Validator = jsonschema.Draft202012Validator

PIPELINE_SCHEMA = json.loads((ROOT / "schemas" / "pipeline.schema.json").read_text())
CONFIG_SCHEMA = json.loads((ROOT / "schemas" / "config.schema.json").read_text())

#: codes that are about shape, which a JSON Schema can express
SHAPE = {"SPEC006", "SPEC007", "SPEC010", "SPEC011", "SPEC012", "SPEC013"}
#: codes about references between things, which no JSON Schema sees
CROSS = {"SPEC014", "SPEC020", "SPEC021", "SPEC022", "SPEC023", "SPEC024", "SPEC025",
         "SPEC026", "SPEC030", "SPEC040", "SPEC041", "SPEC042", "SPEC043", "SPEC044",
         "SPEC050", "SPEC051", "SPEC052", "SPEC053", "SPEC060", "SPEC061", "SPEC062",
         "SPEC063", "CFG002", "CFG003", "CFG004"}


def _data(path: Path):
    # our loader, as editors read YAML 1.2: `on:` is a key, not `true`
    loaded, _ = load_yaml_file(path)
    return None if loaded is None else loaded.data


def _corpus(folder: str, codes: set[str]) -> list[Path]:
    out = []
    for p in sorted((HERE / folder).glob("*.yaml")):
        found = {e.code for e in read_expectations(p)}
        if found and found <= codes and _data(p) is not None:
            out.append(p)
    return out


def _errors(schema: dict, data) -> list[str]:
    return [e.message for e in Validator(schema).iter_errors(data)]


def test_schemas_are_valid_draft_2020_12() -> None:
    Validator.check_schema(PIPELINE_SCHEMA)
    Validator.check_schema(CONFIG_SCHEMA)


def test_committed_schemas_match_the_models() -> None:
    assert render(pipeline_schema()) == (ROOT / "schemas" / "pipeline.schema.json").read_text()
    assert render(config_schema()) == (ROOT / "schemas" / "config.schema.json").read_text()
    assert stale_schemas(ROOT / "schemas") == []


SHIPPED = sorted((ROOT / "pipelines").rglob("*.yaml")) + [
    HERE / "fixtures" / "small_pipeline.yaml"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_schema_accepts_every_shipped_pipeline_and_mission(path: Path) -> None:
    assert _errors(PIPELINE_SCHEMA, _data(path)) == []


def test_schema_accepts_the_benchmark_shape() -> None:
    """The generated specs of benchmarks/validate_scale.py use every common feature."""
    import sys

    from scout.spec.yamlload import load_yaml_text

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from validate_scale import generate
    finally:
        sys.path.pop(0)
    loaded, problems = load_yaml_text(generate(100), "gen.yaml")
    assert not problems
    assert _errors(PIPELINE_SCHEMA, loaded.data) == []


def test_config_schema_accepts_the_shipped_config() -> None:
    assert _errors(CONFIG_SCHEMA, _data(ROOT / "config" / "adapters.yaml")) == []
    assert _errors(CONFIG_SCHEMA, _data(HERE / "fixtures" / "adapters.yaml")) == []


SHAPE_SPECS = _corpus("invalid", SHAPE) + _corpus("invalid_missions", SHAPE)
CROSS_SPECS = _corpus("invalid", CROSS) + _corpus("invalid_missions", CROSS)


@pytest.mark.parametrize("path", SHAPE_SPECS, ids=lambda p: p.name)
def test_schema_rejects_shape_errors(path: Path) -> None:
    assert _errors(PIPELINE_SCHEMA, _data(path)), f"{path.name} passed the schema"


@pytest.mark.parametrize("path", CROSS_SPECS, ids=lambda p: p.name)
def test_schema_leaves_cross_references_to_the_validator(path: Path) -> None:
    assert _errors(PIPELINE_SCHEMA, _data(path)) == []


@pytest.mark.parametrize("path", _corpus("invalid_config", SHAPE), ids=lambda p: p.name)
def test_config_schema_rejects_shape_errors(path: Path) -> None:
    assert _errors(CONFIG_SCHEMA, _data(path)), f"{path.name} passed the schema"


def test_corpus_split_is_not_empty() -> None:
    assert len(SHAPE_SPECS) >= 12 and len(CROSS_SPECS) >= 20


BASE = {"apiVersion": "scout/v1", "name": "x", "phases": {
    "F0": {"uses": "task", "produces": ["task"]},
    "F1": {"uses": "search", "needs": ["task"], "produces": ["c"], "chain": "web",
           "with": {"query": "q"}}}}


def _with(path: tuple, value) -> dict:
    data = json.loads(json.dumps(BASE))
    cur = data
    for k in path[:-1]:
        cur = cur.setdefault(k, {})
    cur[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value",
    [
        (("apiVersion",), "scout/v2"),
        (("kind",), "Pipe"),
        (("name",), "Not A Slug"),
        (("phases", "F1", "nedds"), ["task"]),
        (("phases", "F1", "timeout"), 30),
        (("phases", "F1", "timeout"), "30 seconds"),
        (("phases", "F1", "retry"), {"attempts": 0}),
        (("phases", "F1", "retry"), {"backoff": {"jitter": "half"}}),
        (("phases", "F1", "retry"), {"on": ["flaky"]}),
        (("phases", "F1", "allow_partial"), {"min_success": 1.5}),
        (("phases", "F1", "allow_partial"), "sometimes"),
        (("phases", "F1", "max_parallel"), 0),
        (("phases", "F1", "needs"), ["task", "task"]),
        (("phases", "F1", "needs"), "task"),
        (("phases", "F1", "produces"), ["c?"]),
        (("phases", "F1", "adapters"), ["duckduckgo"]),  # with chain: not both
        (("phases", "F1", "as"), "hotel"),  # without for_each
        (("phases", "F1", "with"), {"query": "q", "limit": 0}),
        (("phases", "F1", "with"), {"query": "q", "limt": 5}),
        (("phases", "F1", "with"), {"limit": 5}),  # query is required for search
        (("phases", "1bad"), {"uses": "task"}),
        (("inputs",), {"d": {"type": "text"}}),
        (("inputs",), {"bad-name": {"type": "string"}}),
        (("inputs",), {"score": {"type": "rating", "scale": 90}}),
        (("defaults",), {"timeout": 10}),
    ],
)
def test_schema_rejects_shape_mistakes(path, value) -> None:
    assert _errors(PIPELINE_SCHEMA, BASE) == []
    assert _errors(PIPELINE_SCHEMA, _with(path, value)), f"{path}={value!r} passed the schema"


def test_schema_types_with_by_uses_and_allows_plugins() -> None:
    rank = _with(("phases", "R"), {"uses": "rank", "needs": ["c"], "produces": ["r"],
                                   "with": {"items": "c", "where": "item.x > 1"}})
    assert _errors(PIPELINE_SCHEMA, rank) == []
    bad_rank = _with(("phases", "R"), {"uses": "rank", "with": {"query": "q"}})
    assert _errors(PIPELINE_SCHEMA, bad_rank)
    py = _with(("phases", "P"), {"uses": "python:pkg.mod:fn", "with": {"anything": 1}})
    assert _errors(PIPELINE_SCHEMA, py) == []


def test_schema_for_missions() -> None:
    mission = {"apiVersion": "scout/v1", "kind": "Mission", "pipeline": "p.yaml",
               "query": "hotels"}
    assert _errors(PIPELINE_SCHEMA, mission) == []
    assert _errors(PIPELINE_SCHEMA, {**mission, "max_costs": 1})
    assert _errors(PIPELINE_SCHEMA, {**mission, "max_cost": -1})
    assert _errors(PIPELINE_SCHEMA, {**mission, "mission_id": "../x"})
    no_request = {k: v for k, v in mission.items() if k != "query"}
    assert _errors(PIPELINE_SCHEMA, no_request)
    assert _errors(PIPELINE_SCHEMA, {**no_request, "inputs": {"budget": "200 EUR"}}) == []


@pytest.mark.parametrize(
    "adapter",
    [
        {"type": "duckduckgoo"},
        {"type": "duckduckgo", "base_ulr": "x"},
        {"type": "duckduckgo", "timeout": 20},
        {"type": "tavily", "rate": {"per_minute": 0}},
        {"type": "tavily", "search_depth": "deep"},
        {"type": "page", "max_redirects": -1},
    ],
)
def test_config_schema_rejects_bad_adapters(adapter) -> None:
    good = {"apiVersion": "scout/v1", "kind": "Config",
            "adapters": {"a": {"type": "duckduckgo"}}, "chains": {"web": ["a"]}}
    assert _errors(CONFIG_SCHEMA, good) == []
    assert _errors(CONFIG_SCHEMA, {**good, "adapters": {"a": adapter}})
