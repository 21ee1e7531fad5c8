"""Fixtures for end-to-end missions: one fake world per test, env pointed at it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.world import build_world
from tests.fakes.server import FakeServer


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    with FakeServer() as srv:
        w = build_world(tmp_path, srv)
        for key in ("TAVILY_API_KEY", "PERPLEXITY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID",
                    "BRAVE_API_KEY", "SEARXNG_URL", "SCOUTE_CONFIG", "SCOUTE_RUNS_DIR"):
            monkeypatch.delenv(key, raising=False)
        for k, v in w.env().items():
            monkeypatch.setenv(k, v)
        monkeypatch.chdir(w.root)
        yield w
