"""ruff and mypy run in CI (their configuration, and why each rule is off: pyproject.toml).
Both come with the dev extra (requirements.lock); a finding fails the suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -r requirements.lock)")
    return found


@pytest.mark.timeout(300)
def test_ruff_finds_nothing() -> None:
    out = subprocess.run([_tool("ruff"), "check", "--output-format", "concise", "."],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.timeout(600)
def test_mypy_finds_nothing() -> None:
    out = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("source, rule", [
    ("import os\n\n\ndef test_a() -> None:\n    assert True\n", "F401"),
    ("def test_a() -> None:\n    assert 1\n\n\ndef test_a() -> None:\n    assert 2\n", "F811"),
    ("def test_a() -> None:\n    x = 1\n    x == 2\n", "B015"),
])
def test_ruff_reads_the_tests_too(source: str, rule: str) -> None:
    """tests/ is under ruff's config (pyproject.toml), not excluded from it: a test file
    gets the same checks as scout's modules."""
    out = subprocess.run([_tool("ruff"), "check", "--no-cache", "--force-exclude",
                          "--output-format", "concise", "--stdin-filename",
                          "tests/orchestrator/test_lint_probe.py", "-"],
                         cwd=ROOT, input=source, capture_output=True, text=True, check=False)
    assert out.returncode == 1 and rule in out.stdout, out.stdout + out.stderr
