"""Shared fixtures. No test touches the internet."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def scout_cmd() -> list[str]:
    """Run scout in a subprocess from this checkout, whatever is installed."""
    return [sys.executable, "-m", "scout"]


@pytest.fixture
def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--chaos-full", action="store_true", default=False,
                     help="tests/chaos: the long runs (100 kills, more fuzzing); "
                          "or set SCOUT_CHAOS_FULL=1")
