"""Shared fixtures. No test touches the internet."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture(autouse=True, scope="session")
def _own_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The validator's on-disk cache (scout.spec.factcache) is the suite's own, and every
    run of the suite starts cold (subprocesses inherit it). Tests that drop every
    SCOUTE_ variable (tests/hardening) fall back to ~/.cache/scout: only a cache."""
    os.environ["SCOUTE_TEMPLATE_CACHE_DIR"] = str(tmp_path_factory.mktemp("scout-cache"))
    os.environ.pop("SCOUTE_NO_TEMPLATE_CACHE", None)


@pytest.fixture(autouse=True, scope="session")
def _english_locale() -> None:
    """`scout validate` speaks the author's locale (scout.i18n.problems): the suite's
    expectations are English whatever locale the machine running it has, so a Spanish
    one is set aside (subprocesses inherit it); tests of the Spanish output ask for it."""
    from scout.i18n.problems import LOCALE_VARS

    for var in LOCALE_VARS:
        if os.environ.get(var, "").lower().startswith("es"):
            os.environ[var] = "C.UTF-8" if var != "LANGUAGE" else "en"


@pytest.fixture
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of this project's root (config/, templates/, pipelines/) to run scout in:
    the current directory and SCOUTE_RESEARCH_ROOT, with the runs dir under it."""
    root = tmp_path / "root"
    for name in ("config", "templates", "pipelines"):
        shutil.copytree(ROOT / name, root / name)
    monkeypatch.chdir(root)
    monkeypatch.setenv("SCOUTE_RESEARCH_ROOT", str(root))
    monkeypatch.delenv("SCOUTE_RUNS_DIR", raising=False)
    return root


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
