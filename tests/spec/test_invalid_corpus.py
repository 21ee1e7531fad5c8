"""The corpus of invalid specs: each file states the code and line it must fail with.

tests/spec/invalid/           pipelines (validated against tests/spec/fixtures/adapters.yaml)
tests/spec/invalid_missions/  missions (pointing at tests/spec/fixtures/small_pipeline.yaml)
tests/spec/invalid_config/    config/adapters.yaml look-alikes (scout.config.loader)

See tests/spec/expectations.py for the ``# expect:`` header format.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.config.loader import check_config
from scout.validate import validate_paths

from tests.spec.expectations import check, read_expectations

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "fixtures" / "adapters.yaml"
PIPELINES = sorted((HERE / "invalid").glob("*.yaml"))
MISSIONS = sorted((HERE / "invalid_missions").glob("*.yaml"))
CONFIGS = sorted((HERE / "invalid_config").glob("*.yaml"))


def _ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


@pytest.mark.parametrize("path", PIPELINES, ids=_ids(PIPELINES))
def test_invalid_pipeline(path: Path) -> None:
    result = validate_paths([path], config=CONFIG)
    assert not result.ok
    check(path, result.problems)


@pytest.mark.parametrize("path", MISSIONS, ids=_ids(MISSIONS))
def test_invalid_mission(path: Path) -> None:
    result = validate_paths([path], config=CONFIG)
    assert not result.ok
    check(path, result.problems)


@pytest.mark.parametrize("path", CONFIGS, ids=_ids(CONFIGS))
def test_invalid_config(path: Path) -> None:
    config, problems = check_config(path)
    assert config is None
    check(path, problems)


def test_corpus_size_and_coverage() -> None:
    """At least 30 invalid specs, and every code the spec validator emits is exercised."""
    assert len(PIPELINES) + len(MISSIONS) + len(CONFIGS) >= 40
    codes = {e.code for p in PIPELINES + MISSIONS + CONFIGS for e in read_expectations(p)}
    for needed in [f"SPEC{n:03d}" for n in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 20, 21,
                                            22, 23, 24, 25, 26, 27, 30, 31, 32, 40, 41, 42, 43,
                                            44, 50, 51, 52, 53, 60, 61, 62, 63)]:
        assert needed in codes, f"no corpus file exercises {needed}"
    for needed in ("CFG001", "CFG002", "CFG003", "CFG004"):
        assert needed in codes, f"no corpus file exercises {needed}"


def test_expectation_matcher_can_fail(tmp_path: Path) -> None:
    """The harness itself: a wrong line, or an unexpected extra error, fails the check."""
    spec = tmp_path / "x.yaml"
    body = "apiVersion: scout/v1\nname: x\nphases:\n  F0: {uses: tsk, produces: [task]}\n"
    spec.write_text("# expect: SPEC030 @ 5\n" + body)
    check(spec, validate_paths([spec], config=CONFIG).problems)  # right line: passes
    spec.write_text("# expect: SPEC030 @ 4\n" + body)
    with pytest.raises(AssertionError, match="expected, not reported"):
        check(spec, validate_paths([spec], config=CONFIG).problems)
    spec.write_text("# expect: SPEC030 @ 5\n" + body.replace("name: x", "name: x\nfoo: 1"))
    with pytest.raises(AssertionError, match="reported, not expected"):
        check(spec, validate_paths([spec], config=CONFIG).problems)
