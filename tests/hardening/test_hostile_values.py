"""Input values an agent hands scout as JSON (MCP's ``set``, a batch row's ``inputs``,
the Python API's ``sets``): whatever their type or shape, a usage error that names the
input, never an internal error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scout.api.request import MAX_VALUE_DEPTH, prepare
from scout.errors import UsageError

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = ROOT / "pipelines" / "hotel_research.yaml"


def _nested(depth: int) -> list[Any]:
    top: list[Any] = []
    cur = top
    for _ in range(depth - 1):
        cur.append([])
        cur = cur[0]
    return top


def _prepare(tmp_path: Path, sets: dict[str, Any]) -> Any:
    return prepare(PIPELINE, query="hotels in Paris", sets=sets, runs_dir=tmp_path)


@pytest.mark.parametrize("sets", [{"destination": _nested(5000)},
                                  {"destination": {"a": _nested(MAX_VALUE_DEPTH)}}],
                         ids=["list", "mapping"])
def test_a_value_nested_thousands_deep_is_a_usage_error(tmp_path: Path,
                                                        sets: dict[str, Any]) -> None:
    # the mission id's repr() recursed past Python's stack: an internal error
    with pytest.raises(UsageError, match=f"input 'destination': .* more than "
                                         f"{MAX_VALUE_DEPTH} deep"):
        _prepare(tmp_path, sets)


def test_values_of_ordinary_shape_pass_the_depth_check(tmp_path: Path) -> None:
    _, _, request = _prepare(tmp_path, {"destination": "Paris", "min_rating": 8})
    assert request.inputs == {"destination": "Paris", "min_rating": 8}
    # as deep as allowed: no depth error (the place's type is checked when it runs)
    _, _, request = _prepare(tmp_path, {"destination": _nested(MAX_VALUE_DEPTH)})
    assert request.inputs["destination"] == _nested(MAX_VALUE_DEPTH)


@pytest.mark.parametrize(("name", "value"), [("min_rating", 10 ** 4000),
                                             ("min_rating", -(10 ** 4000)),
                                             ("budget", 10 ** 4000)],
                         ids=["rating", "negative-rating", "money"])
def test_an_int_past_a_float_is_a_usage_error(tmp_path: Path, name: str, value: int) -> None:
    # JSON carries ints of up to 4,300 digits: float() of one raised OverflowError
    from scout.orchestrator.mission_request import coerce_inputs

    pipeline, _, _ = _prepare(tmp_path, {})
    with pytest.raises(UsageError, match=f"input '{name}' "):
        coerce_inputs(pipeline, {name: value})
