"""benchmarks/validate_scale.py runs and prints one JSON object (sizes kept tiny here)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_validate_scale_json_output(capsys) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import validate_scale
    finally:
        sys.path.pop(0)
    assert validate_scale.generate(37).count("\n  ") >= 37
    assert validate_scale.main(["--json", "--sizes", "11", "31", "--repeat", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["phases"] for r in data["rows"]] == [11, 31]
    assert data["rows"][1]["size_ratio"] == round(31 / 11, 2)
    assert data["meets_target"] is None  # only judged at 5,000 phases
    assert data["yaml_parser"]


def test_generated_specs_have_exactly_n_phases() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from validate_scale import generate
    finally:
        sys.path.pop(0)
    from scout.spec.loader import load_spec_text

    for n in (1, 9, 10, 11, 57):
        spec, problems = load_spec_text(generate(n), "g.yaml")
        assert not problems and len(spec.model.phases) == n
