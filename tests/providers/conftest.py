"""Fixtures of the providers tests: fake adapter types registered for the test only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scout.config.adaptertypes import ADAPTER_TYPES
from scout.api import step_capability
from scout.providers.runtime import ProviderRuntime
from tests.providers.fakes import FAKE_TYPES, FakeClock


@pytest.fixture(autouse=True)
def fake_adapter_types() -> Iterator[None]:
    for t in FAKE_TYPES:
        ADAPTER_TYPES[t.name] = t
    yield
    for t in FAKE_TYPES:
        ADAPTER_TYPES.pop(t.name, None)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_runtime(tmp_path: Path, clock: FakeClock) -> Iterator[Any]:
    made: list[ProviderRuntime] = []

    def make(config: Any, adapters: dict[str, Any] | None = None, **kw: Any) -> ProviderRuntime:
        kw.setdefault("clock", clock)
        kw.setdefault("sleep", clock.sleep)
        kw.setdefault("env", {})
        # what scout.api passes: the step registry's capabilities, for default chains
        kw.setdefault("step_capability", step_capability)
        if adapters is not None:
            kw.setdefault("adapter_factory", lambda name, s, client: adapters[name])
        rt = ProviderRuntime(config, kw.pop("root", tmp_path), kw.pop("mission_id", "m-1"), **kw)
        made.append(rt)
        return rt

    yield make
    for rt in made:
        rt.close()
